/*
 * plan_release.h: an upgrade under way (plan_release.c): which release each daemon
 * runs, Slurm's order of upgrading, and the hosts whose older daemon would
 * reject their files
 */
#ifndef CLUSTERCTL_PLAN_RELEASE_H
#define CLUSTERCTL_PLAN_RELEASE_H

#include "base/compat.h"

#include "decide/plan.h"
#include "observe/obs.h"

/*
 * The release daemon r runs, as far as known: what its -V says when the
 * process runs the installed binary or is stopped (it starts from that
 * binary); for a process running a binary replaced since it started, what
 * its log's last start says; NULL when not installed, not asked, or not
 * known. Borrowed from r.
 */
const char *plan_release_running(const struct obs_release *r);

/*
 * Fills p->upgrade and p->release_refusal from p->obs and p->rs (see
 * there); refused hosts lose ok. Called by plan_compute() after the
 * hardware check, before anything is planned for a host.
 */
void plan_release_check(struct plan *p);

/*
 * Hosts refused because an older daemon there would reject a key of their
 * files (p->release_refusal), folded; NULL when none. Caller frees.
 */
char *plan_release_refused(const struct plan *p);

#endif
