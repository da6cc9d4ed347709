/*
 * acct_sacctmgr_fed.h: internal. A plan's federation rows as "sacctmgr -i"
 * command lines (acct_sacctmgr_fed.c), for acct_sacctmgr.c.
 */
#ifndef CLUSTERCTL_ACCT_SACCTMGR_FED_H
#define CLUSTERCTL_ACCT_SACCTMGR_FED_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"
#include "base/strbuf.h"

/* The command of c, an add or change of a federation or a membership. */
void acct_sacctmgr_fed_change(struct strbuf *out, const struct acct_change *c);

/* The command that removes o, a federation or a membership. */
void acct_sacctmgr_fed_remove(struct strbuf *out, const struct acct_obj *o);

#endif
