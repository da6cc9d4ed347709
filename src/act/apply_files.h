/*
 * apply_files.h: an apply's files and service identities on each host
 * (apply_files.c): staging, the swap, and putting the previous files back
 * when a daemon does not come up on the new ones. Each *_task is an
 * executor task (exec.h) whose cookie is the struct apply_run.
 */
#ifndef CLUSTERCTL_APPLY_FILES_H
#define CLUSTERCTL_APPLY_FILES_H

#include "base/compat.h"

#include "act/apply_run.h"
#include "transport/transport.h"

/* Stages every changed file of host idx beside its target. */
int apply_stage_task(size_t idx, struct transport *tr, void *cookie,
		     char **cause);

/* Removes what was staged on a host that will not swap. */
int apply_unstage_task(size_t idx, struct transport *tr, void *cookie,
		       char **cause);

/*
 * Gives the service users and groups the inventory's ids, then swaps the
 * staged files in (the previous ones kept as FILE.clusterctl-old).
 */
int apply_swap_task(size_t idx, struct transport *tr, void *cookie,
		    char **cause);

/* *cause = "WHAT failed (exit N): <the start of its stderr>"; returns -1. */
int apply_sh_fail(const char *what, int status, const char *err,
		  size_t len, char **cause);

/*
 * Whether this run changed, created or moved aside a systemd unit file on
 * host idx (the configless slurmd drop-in): systemd reads unit files again
 * only on "systemctl daemon-reload".
 */
bool apply_units_changed(const struct apply_run *r, size_t idx);

/*
 * A daemon that did not come up on the new files: the previous ones go
 * back and the daemon is started on them. The host still fails (with
 * *cause saying all of it): the inventory's change is not in effect.
 */
void apply_roll_back(struct apply_run *r, size_t idx, struct transport *tr,
		     const struct plan_service *sv, char **cause);

#endif
