/*
 * acct_apply.h: applying an accounting plan and checking the result
 * (acct_apply.c).
 */
#ifndef CLUSTERCTL_ACCT_APPLY_H
#define CLUSTERCTL_ACCT_APPLY_H

#include "base/compat.h"

#include "acct/rows/acct.h"
#include "inventory/model.h"

/*
 * Executes the plan with acct_plan_method(). sql: stops slurmdbd on the
 * accounting host, writes every change in one transaction, starts slurmdbd,
 * restarts slurmctld on the controller (22.05 only loads new associations
 * at start). sacctmgr: runs "sacctmgr -i" commands on the accounting host.
 * Both then read back "sacctmgr show ... -P" on the accounting host and
 * compare with the model. 0, or -1 + *cause (nothing written when the
 * transaction failed).
 */
int acct_plan_apply(const struct model *m, const struct acct_plan *p,
		    acct_remote_fn remote, void *cookie, char **cause);

#endif
