/*
 * acct_sacctmgr.h: internal. A plan as "sacctmgr -i" command lines.
 */
#ifndef CLUSTERCTL_ACCT_SACCTMGR_H
#define CLUSTERCTL_ACCT_SACCTMGR_H

#include "base/compat.h"

#include "acct/acct_db.h"
#include "acct/acct_state.h"
#include "base/strbuf.h"

/* One command per line, in an order sacctmgr accepts (parents first). */
void acct_sacctmgr_commands(const struct acct_plan *p, struct strbuf *out);

/*
 * Each "sacctmgr add" commits on its own and costs slurmdbd 22.05 about
 * half a second: from this many add commands on, the new associations go
 * as one "sacctmgr load" flat file instead (one commit).
 */
#define ACCT_LOAD_MIN_COMMANDS 3

/*
 * The same plan for bulk adds: the commands before (cluster, QoS), a flat
 * file of the new accounts and users' associations for "sacctmgr -i load",
 * and the commands after (coordinators, changes, removals). Returns false,
 * with flat empty and the add commands at the end of head, when there are
 * few adds or one the flat file cannot carry (a ':' or quote in a text).
 */
bool acct_sacctmgr_split(const struct acct_plan *p, struct strbuf *head,
			 struct strbuf *flat, struct strbuf *tail);

/* Number of '\n' in sb: commands in a script, lines in a flat file. */
size_t acct_count_lines(const struct strbuf *sb);

#include "acct/acct.h"

/*
 * Reads "sacctmgr show assoc|qos|user -P" on the accounting host and checks
 * every desired association (parent, fairshare, QoS list, default QoS, TRES,
 * job and wall limits), QoS (every field the inventory sets) and user
 * (default account, admin level; a sample when there are many) is there as
 * desired. 0, or -1 + *cause naming the first differences (acct_readback.c).
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
