/*
 * plan_services.h: the services section of a plan, derived from its file
 * and ident changes and the observed daemon states (plan.h's
 * plan_compute() calls it last). Pure: no I/O.
 */
#ifndef CLUSTERCTL_PLAN_SERVICES_H
#define CLUSTERCTL_PLAN_SERVICES_H

#include "base/compat.h"

#include "decide/plan.h"

/*
 * Fills p->services (host by host, service_start) and the configless
 * fields (fetch_*, sackd_stale_hosts) from p's files and idents; any
 * earlier services section is replaced.
 */
void plan_services(struct plan *p);

/* "reconfigure", "restart" or "start". */
const char *plan_svc_action_name(enum plan_svc_action a);

/*
 * Whether daemon k of the host o observed is stopped: its status command
 * says so, and no process behind its pid file runs the daemon's binary.
 * A daemon both run (plan_svc_runs_unseen: started outside the service
 * manager the status command asks) is not started a second time.
 */
bool plan_svc_stopped(const struct obs_host *o, enum service_kind k);
bool plan_svc_runs_unseen(const struct obs_host *o, enum service_kind k);

#endif
