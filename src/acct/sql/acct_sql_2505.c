/*
 * acct_sql_2505.c: the sql method's generation for slurmdbd 25.05 to 26.05
 * (CONVERT_VERSION still 16, but the association table has no lft/rgt
 * columns any more: slurmdbd drops them at its start), as
 * tests/data/sql-26.05/ shows slurmdbd 26.05 writing it and SchedMD's
 * as_mysql_assoc.c, as_mysql_cluster.c and as_mysql_qos.c of 25.05 read:
 * - the tree is id_parent and lineage alone; every cluster is flat, new
 *   rows and removals never shift anything, whatever its rpc_version;
 * - an account's row gets is_def 0 (24.11 wrote 65534, kept as 127), the
 *   same as "sacctmgr load" writes, so a flat file may carry accounts;
 * - the root user's row of a new cluster carries flags 131072
 *   (ASSOC_FLAG_BLOCK_ADD);
 * - a removed QoS also leaves every other QoS's preempt list;
 * - from 26.05, "delete user|account where ... cluster=C" without a
 *   partition removes the live rows of the matches' subtrees and checks
 *   jobs under the whole subtrees (lineage like '<match>%'), which 25.05
 *   does not.
 * The cluster row (a random id), the 22 per-cluster tables and the rest
 * are 24.11's.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>

#include "acct/sql/acct_sql_2311.h"
#include "acct/sql/acct_sql_2505.h"
#include "base/xalloc.h"
#include "acct/sql/acct_sqlw.h"

static bool knows_2505(const struct acct_dbinfo *info)
{
	bool tables = info->cluster_tables || info->template_cluster;

	return info->version == ACCT_SCHEMA_2411 && info->has_lineage && !info->has_lft &&
		tables;
}

static bool flat_2505(long rpc_version)
{
	(void)rpc_version;
	return true;
}

/* as_mysql_remove_qos(): "update qos_table set preempt=regexp_replace(preempt, ',ID\\b', '')" */
static int unlist_preempt_2505(struct sqlw *w, const char *id, char **cause)
{
	char *re = xasprintf(",%s\\b", id);
	const char *params[] = { re };
	int rc = sqlw_run(w, "update qos_table set preempt=regexp_replace(preempt, ?, '')",
			  params, 1, NULL, cause);

	free(re);
	return rc;
}

const struct sqlw_gen sqlw_gen_2505 = {
	SQLW_GEN_LINEAGE,
	.release = "25.05-26.05",
	.first = "25.05",
	.last = "26.05",
	.knows = knows_2505,
	.flat = flat_2505,
	.nested_set = false,
	.account_is_def = "0",
	.root_user_flags = "131072",
	.unlist_preempt = unlist_preempt_2505,
	/* slurmdbd 26.05 starts in under a second again: a big load pays sql */
	.load_via_slurmdbd = false,
	.load_carries_accounts = true,
	/* 25.05 to 25.11.3 remove what matches only, 24.11's way */
	.rm_subtrees_since = "26.05",
};
