/*
 * acct_sacctmgr.h: internal. A plan as "sacctmgr -i" command lines.
 */
#ifndef CLUSTERCTL_ACCT_SACCTMGR_H
#define CLUSTERCTL_ACCT_SACCTMGR_H

#include "compat.h"

#include "acct_db.h"
#include "strbuf.h"

/* One command per line, in an order sacctmgr accepts (parents first). */
void acct_sacctmgr_commands(const struct acct_plan *p, struct strbuf *out);

#include "acct.h"

/*
 * Reads "sacctmgr show assoc|user|qos -P" on the accounting host and checks
 * every desired association (parent, fairshare, explicit QoS, default
 * QoS), user (default account, admin level) and QoS (priority) is there.
 * 0, or -1 + *cause naming the first differences (acct_readback.c).
 */
int acct_readback(const struct model *m, const struct acct_plan *p,
		  acct_remote_fn remote, void *cookie, char **cause);

#endif
