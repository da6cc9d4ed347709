/*
 * acct_readback.h: after an apply, what Slurm itself reports (acct_readback.c).
 */
#ifndef CLUSTERCTL_ACCT_READBACK_H
#define CLUSTERCTL_ACCT_READBACK_H

#include "base/compat.h"

#include "acct/rows/acct.h"
#include "acct/rows/acct_state.h"
#include "inventory/model.h"

/*
 * Reads "sacctmgr show assoc|qos|user|federation -P" on the accounting host
 * and checks every desired association (parent, fairshare, QoS list,
 * default QoS, TRES, job and wall limits), QoS (every field the inventory
 * sets), user (default account, admin level; a sample when there are
 * many), federation and membership (features, state) is there as
 * desired. 0, or -1 + *cause naming the first differences
 * (acct_readback.c).
 */
int acct_readback(const struct model *m, const struct acct_plan *p,
		  acct_remote_fn remote, void *cookie, char **cause);

/*
 * After a change made through slurmdbd (the sacctmgr method): the plan made
 * again from the database must be empty. slurmdbd itself wrote the rows and
 * answered, so this proves what the sacctmgr show of acct_readback() would
 * for some 10 ms instead of a request of its own to slurmdbd (~0.2 s on
 * 22.05, where a live change of one user must stay under a second). 0, or
 * -1 + *cause naming what is still to change.
 */
int acct_readback_db(const struct model *m, const struct acct_plan *p, char **cause);

/*
 * What "sacctmgr show -P" prints for field `field` of kind k holding the
 * canonical value v (NULL: unset), with lists sorted: "mem=1536" shows as
 * "mem=1.50G", 90 wall minutes as "01:30:00". Newly allocated.
 */
char *acct_shown_text(enum acct_kind k, const char *field, const char *v);

#endif
