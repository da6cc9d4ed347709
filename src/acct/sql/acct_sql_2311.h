/*
 * acct_sql_2311.h: the sql method's generation for slurmdbd 23.11 to 24.11
 * (acct_sql_2311.c), and what later generations take over from it.
 */
#ifndef CLUSTERCTL_ACCT_SQL_2311_H
#define CLUSTERCTL_ACCT_SQL_2311_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

extern const struct sqlw_gen sqlw_gen_2311;

/* 24.11's per-cluster tables and cluster row, which 25.05 kept. */
const char *const *sqlw_tables_2311(long v, size_t *n);
int sqlw_add_cluster_2311(struct sqlw *w, char **cause);

/*
 * What slurmdbd has written the same way since 23.11 (acct_sql_2311.c and
 * acct_sql_2505.c start their struct sqlw_gen with it): a live user keeps
 * its admin level, accounts get flags, removals reset the new columns and
 * name what they match, and sacctmgr's commands take some milliseconds.
 */
#define SQLW_GEN_LINEAGE \
	.tables = sqlw_tables_2311, \
	.add_cluster_row = sqlw_add_cluster_2311, \
	.user_upsert = " on duplicate key update name=VALUES(name), " \
		"admin_level=IF(deleted=1, VALUES(admin_level), admin_level), deleted=0, " \
		"mod_time=VALUES(mod_time)", \
	.account_txn_extra = ", flags='0'", \
	.lineage = true, \
	.assoc_reset_extra = ", comment=DEFAULT, flags=DEFAULT", \
	.rm_txn_open = "name in('", \
	.rm_txn_close = "')", \
	.rm_matches_only = true, \
	.unlist_keeps_comma = true, \
	.usage_on_remove = false, \
	.commands_via_slurmdbd = true

#endif
