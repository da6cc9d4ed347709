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

#endif
