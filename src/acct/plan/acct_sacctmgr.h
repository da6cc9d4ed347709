/*
 * acct_sacctmgr.h: internal. A plan as "sacctmgr -i" command lines.
 */
#ifndef CLUSTERCTL_ACCT_SACCTMGR_H
#define CLUSTERCTL_ACCT_SACCTMGR_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"
#include "acct/rows/acct_state.h"
#include "base/strbuf.h"
#include "inventory/model.h"

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

/*
 * Appends a "sacctmgr load" flat file for the model (Cluster, Parent,
 * Account and User lines) preceded by the "sacctmgr add qos" commands as
 * comments (22.05 flat files cannot hold QoS). 0, or -1 + *cause.
 */
int acct_export_flat(const struct model *m, struct strbuf *out, char **cause);

/*
 * Appends the whole desired state as "sacctmgr -i" command lines (one per
 * line, every argument shell-quoted): QoS, accounts, users, coordinators.
 */
int acct_export_commands(const struct model *m, struct strbuf *out, char **cause);

#endif
