/*
 * acct_sql_2205.c: the sql method's generation for slurmdbd 22.05's schema
 * (CONVERT_VERSION 12): the association tree is the nested set lft/rgt
 * alone, 19 per-cluster tables, no lineage, no flags columns (what a lab
 * capture of slurmdbd 22.05.8's general query log shows).
 */
#include "base/compat.h"

#include <stdio.h>

#include "acct/sql/acct_sql_2205.h"
#include "acct/sql/acct_sqlw.h"

static const char *const tables_2205[] = {
	"assoc_table", "assoc_usage_day_table", "assoc_usage_hour_table",
	"assoc_usage_month_table", "event_table", "job_env_table",
	"job_script_table", "job_table", "last_ran_table", "resv_table",
	"step_table", "suspend_table", "usage_day_table", "usage_hour_table",
	"usage_month_table", "wckey_table", "wckey_usage_day_table",
	"wckey_usage_hour_table", "wckey_usage_month_table",
};

static const char *const *tables_of_2205(long v, size_t *n)
{
	(void)v;
	*n = ARRAY_SIZE(tables_2205);
	return tables_2205;
}

/* a 12 with 23.11's lineage columns is no schema slurmdbd makes */
static bool knows_2205(const struct acct_dbinfo *info)
{
	return info->version == ACCT_SCHEMA_2205 && !info->has_lineage;
}

static int add_cluster_2205(struct sqlw *w, char **cause)
{
	const char *params[] = { w->now, w->now, w->c };

	if (sqlw_run(w, "insert into cluster_table (creation_time, mod_time, name, classification, "
		     "federation, fed_id, fed_state, features) values (?, ?, ?, 0, '', 0, 0, '') "
		     "on duplicate key update deleted=0, mod_time=VALUES(mod_time), control_host='', "
		     "control_port=0, classification=0, flags=0, federation='', fed_id=0, "
		     "fed_state=0, features=''", params, 3, NULL, cause) < 0)
		return -1;
	return sqlw_txn(w, TXN_ADD_CLUSTERS, w->c, "federation='', fed_id=0, fed_state=0, features=''",
			false, cause);
}

static bool flat_2205(long rpc_version)
{
	(void)rpc_version;
	return false;
}

const struct sqlw_gen sqlw_gen_2205 = {
	.release = "22.05",
	.first = "22.05",
	.last = "22.05",
	.knows = knows_2205,
	.tables = tables_of_2205,
	.add_cluster_row = add_cluster_2205,
	.user_upsert = " on duplicate key update name=VALUES(name), deleted=0, "
		"mod_time=VALUES(mod_time), admin_level=VALUES(admin_level)",
	.account_txn_extra = "",
	.flat = flat_2205,
	.lineage = false,
	.nested_set = true,
	.account_is_def = "0",
	.root_user_flags = NULL,
	.rm_subtrees_since = NULL,
	.unlist_preempt = NULL,
	.assoc_reset_extra = "",
	.rm_txn_open = "name='",
	.rm_txn_close = "'",
	.rm_matches_only = false,
	.unlist_keeps_comma = false,
	.usage_on_remove = true,
	/* slurmdbd 22.05 takes half a second a command; load writes is_def 0 too */
	.commands_via_slurmdbd = false,
	.load_via_slurmdbd = false,
	.load_carries_accounts = true,
};
