/*
 * apply_services.h: an apply's service actions on each host
 * (apply_services.c).
 */
#ifndef CLUSTERCTL_APPLY_SERVICES_H
#define CLUSTERCTL_APPLY_SERVICES_H

#include "base/compat.h"

#include "act/apply_run.h"
#include "transport/transport.h"

/*
 * Host idx's service actions of the run's wave, in the plan's order, as one
 * script over one channel that stops at the first failure; that action's
 * daemon is then rolled back (apply_roll_back()). An executor task.
 */
int apply_services_task(size_t idx, struct transport *tr, void *cookie,
			char **cause);

#endif
