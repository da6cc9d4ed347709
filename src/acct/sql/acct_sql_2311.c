/*
 * acct_sql_2311.c: the sql method's generation for slurmdbd 23.11 to 24.11
 * (CONVERT_VERSION 15 and 16), as tests/data/sql-24.11/ shows slurmdbd
 * 24.11.5 writing it:
 * - every association carries id_parent (its parent's id_assoc; 0 for
 *   root) and lineage ("/", "/physics/", "/physics/0-alice/");
 * - lft/rgt are still maintained, with 22.05's rule, on a cluster whose
 *   rpc_version is older than 23.11's (0: no slurmctld registered yet);
 *   once a 23.11+ slurmctld registered it, new rows keep lft = rgt = 0 and
 *   removals delete by id without shifting anything;
 * - an account's row gets is_def 127 (slurmdbd writes 65534 into the
 *   tinyint; the session is not strict);
 * - 24.11 (16) gives each cluster_table row a random unused id in 2..4095
 *   and adds the <cluster>_qos_usage_{day,hour,month}_table tables.
 * The new columns comment, flags (accounts and associations) and
 * txn_table.deleted keep their defaults, which is what slurmdbd leaves.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acct/sql/acct_sql_2205.h"
#include "acct/sql/acct_sql_2311.h"
#include "base/xalloc.h"
#include "acct/sql/acct_sqlw.h"
#include "transport/db.h"

static const char *const tables_2411[] = {
	"assoc_table", "assoc_usage_day_table", "assoc_usage_hour_table",
	"assoc_usage_month_table", "event_table", "job_env_table",
	"job_script_table", "job_table", "last_ran_table", "resv_table",
	"step_table", "suspend_table", "usage_day_table", "usage_hour_table",
	"usage_month_table", "wckey_table", "wckey_usage_day_table",
	"wckey_usage_hour_table", "wckey_usage_month_table",
	/* 24.11 */
	"qos_usage_day_table", "qos_usage_hour_table", "qos_usage_month_table",
};

const char *const *sqlw_tables_2311(long v, size_t *n)
{
	*n = ARRAY_SIZE(tables_2411) - (v < ACCT_SCHEMA_2411 ? 3 : 0);
	return tables_2411;
}

/*
 * 24.11 and 25.05 both say 16; 25.05 dropped lft/rgt. A database with no
 * cluster tables yet shows neither, and only needs its first cluster.
 */
static bool knows_2311(const struct acct_dbinfo *info)
{
	bool tables = info->cluster_tables || info->template_cluster;

	return info->version == ACCT_SCHEMA_2311 ||
		(info->version == ACCT_SCHEMA_2411 && (info->has_lft || !tables));
}

/*
 * cluster_table.id of 24.11: a random id between 2 and 4095 that no other
 * row (deleted ones included) has, as slurmdbd picks it.
 */
static int cluster_id(struct sqlw *w, char *out, size_t len, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	unsigned seed = (unsigned)time(NULL) ^ ((unsigned)getpid() << 16);
	int rc = db_query(w->db, "select id from cluster_table", &r, cause);
	bool used = true;
	long id = 0;

	for (int tries = 0; rc == 0 && used && tries < 100000; tries++) {
		id = 2 + rand_r(&seed) % 4094;
		used = false;
		for (size_t i = 0; !used && i < r.n_rows; i++)
			used = r.rows[i][0] && strtol(r.rows[i][0], NULL, 10) == id;
	}
	if (rc == 0 && used) {
		*cause = xstrdup("no free cluster id left in cluster_table (2..4095)");
		rc = -1;
	}
	snprintf(out, len, "%ld", id);
	db_rows_release(&r);
	return rc;
}

int sqlw_add_cluster_2311(struct sqlw *w, char **cause)
{
	char id[16], *info;
	const char *params[] = { w->now, w->now, w->c, id };
	int rc;

	/* 23.11 and 24.05 (15) have no cluster id yet: 22.05's row */
	if (w->info.version < ACCT_SCHEMA_2411)
		return sqlw_gen_2205.add_cluster_row(w, cause);
	if (cluster_id(w, id, sizeof(id), cause) < 0 ||
	    sqlw_run(w, "insert into cluster_table (creation_time, mod_time, name, id, "
		     "classification, federation, fed_id, fed_state, features) values "
		     "(?, ?, ?, ?, 0, '', 0, 0, '') on duplicate key update deleted=0, "
		     "mod_time=VALUES(mod_time), classification=0, flags=0, federation='', "
		     "fed_id=0, fed_state=0, features='', id=VALUES(id)", params, 4, NULL, cause) < 0)
		return -1;
	info = xasprintf("federation='', fed_id=0, fed_state=0, features='', id=%s", id);
	rc = sqlw_txn(w, TXN_ADD_CLUSTERS, w->c, info, false, cause);
	free(info);
	return rc;
}

static bool flat_2311(long rpc_version)
{
	return rpc_version >= ACCT_RPC_2311;
}

const struct sqlw_gen sqlw_gen_2311 = {
	SQLW_GEN_LINEAGE,
	.release = "23.11-24.11",
	.first = "23.11",
	.last = "24.11",
	.knows = knows_2311,
	.flat = flat_2311,
	.nested_set = true,
	.account_is_def = "127",
	.root_user_flags = NULL,
	.rm_subtrees_since = NULL,
	.unlist_preempt = NULL,
	/* slurmdbd 24.11 starts in ~40 s on 10,000 users: sql's restart costs more */
	.load_via_slurmdbd = true,
	/* "sacctmgr load" leaves accounts is_def 0 */
	.load_carries_accounts = false,
};
