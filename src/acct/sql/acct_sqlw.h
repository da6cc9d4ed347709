/*
 * acct_sqlw.h: the sql method's writer session, shared by the files that
 * write (acct_sql.c, the steps acct_sql_entity.c, acct_sql_assoc.c,
 * acct_sql_remove.c over acct_sql_rset.c, and the schema generations
 * acct_sql_2205.c, acct_sql_2311.c, acct_sql_2505.c): the writer's state,
 * what a schema generation says, the txn_table action numbers and the
 * statements every step writes through (acct_sqlw.c). Names carry a sqlw_
 * prefix, which keeps them apart from the public acct_sql_ API.
 */
#ifndef CLUSTERCTL_ACCT_SQLW_H
#define CLUSTERCTL_ACCT_SQLW_H

#include "base/compat.h"

#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_db.h"
#include "acct/rows/acct_nset.h"
#include "base/strbuf.h"

/* slurmdbd_msg_type_t values slurmdbd stores in txn_table.action */
enum {
	TXN_ADD_ACCOUNTS = 1402,
	TXN_ADD_COORDS = 1403,
	TXN_ADD_ASSOCS = 1404,
	TXN_ADD_CLUSTERS = 1405,
	TXN_ADD_USERS = 1406,
	TXN_MODIFY_ACCOUNTS = 1428,
	TXN_MODIFY_ASSOCS = 1429,
	TXN_MODIFY_CLUSTERS = 1430,
	TXN_MODIFY_USERS = 1431,
	TXN_REMOVE_ACCOUNTS = 1435,
	TXN_REMOVE_COORDS = 1436,
	TXN_REMOVE_ASSOCS = 1437,
	TXN_REMOVE_USERS = 1439,
	TXN_ADD_QOS = 1447,
	TXN_REMOVE_QOS = 1450,
	TXN_MODIFY_QOS = 1451,
	TXN_ADD_TRES = 1485,
	TXN_ADD_FEDERATIONS = 1493,
	TXN_REMOVE_FEDERATIONS = 1497,
};

#define MAX_STMTS 48
/* slurmdbd hard-deletes rows younger than this (DELETE_SEC_BACK) */
#define DAY_SECS 86400

/* One cluster of slurmdbd's list, for removals (acct_sql_rset.c). */
struct sqlw_cluster {
	char *name;
	struct acct_nset own;	/* the rows of a cluster other than w->c */
	struct acct_nset *ns;	/* &w->ns for w->c, else &own */
};

struct sqlw;

/*
 * What differs between slurmdbd's schema generations, one file each
 * (acct_sql_2205.c: CONVERT_VERSION 12; acct_sql_2311.c: 15 and 16 with
 * lft/rgt, Slurm 23.11 to 24.11; acct_sql_2505.c: 16 without them, 25.05
 * to 26.05), chosen once per database by acct_sql.c's table of
 * generations (acct_sql_2205.h, acct_sql_2311.h, acct_sql_2505.h). Everything else of the writer is shared;
 * what the release policy asks of a schema is answered here too.
 */
struct sqlw_gen {
	const char *release;		/* "22.05", "23.11-24.11" */
	/* the releases (cluster.slurm_version) whose slurmdbd makes this schema */
	const char *first, *last;
	/* this generation writes a database with these schema facts */
	bool (*knows)(const struct acct_dbinfo *info);
	/* per-cluster table suffixes of schema version v, created LIKE another cluster's */
	const char *const *(*tables)(long v, size_t *n);
	/* the cluster_table row of a new cluster and its audit row */
	int (*add_cluster_row)(struct sqlw *w, char **cause);
	/* what the user_table upsert does on a duplicate key */
	const char *user_upsert;
	/* txn_table.info of a new account after its description and organization */
	const char *account_txn_extra;
	/* associations: whether a cluster of this rpc_version keeps lft/rgt at 0 */
	bool (*flat)(long rpc_version);
	bool lineage;			/* id_parent and lineage columns */
	bool nested_set;		/* lft and rgt columns (gone in 25.05) */
	const char *account_is_def;	/* is_def of an account row as slurmdbd leaves it */
	/* flags of a new cluster's root user row (NULL: no flags column written) */
	const char *root_user_flags;
	/* a removed QoS (id) leaves the other QoS's preempt lists (NULL: not) */
	int (*unlist_preempt)(struct sqlw *w, const char *id, char **cause);
	/* ", col=DEFAULT" beyond 22.05's when an association is soft-deleted */
	const char *assoc_reset_extra;
	bool usage_on_remove;		/* removals mark <c>_assoc_usage_* rows deleted */
	/* txn_table.name of a removed user or account: open, the name, close */
	const char *rm_txn_open, *rm_txn_close;
	/*
	 * A removed QoS leaves the associations' lists as
	 * replace(qos, ',ID,', '') (22.05: ",1,2,3," becomes ",13,") or, when
	 * unlist_keeps_comma, as replace(qos, ',ID,', ',') (",1,3,").
	 */
	bool unlist_keeps_comma;
	/*
	 * "delete user|account where ... cluster=C" removes the live rows it
	 * matches and checks jobs under those rows only (23.11+), not their
	 * whole subtrees, soft-deleted rows included (22.05).
	 */
	bool rm_matches_only;
	/*
	 * From this release (cluster.slurm_version) on, such a request without
	 * a partition removes the live rows of the matches' subtrees and checks
	 * jobs under the whole subtrees, as 22.05 did (SchedMD's "Fix remove
	 * assoc when parent specified", 26.05 and 25.11.4); NULL: never.
	 */
	const char *rm_subtrees_since;
	/*
	 * Release policy (acct_sql.h): db.method auto sends any number of
	 * sacctmgr commands through slurmdbd (some milliseconds each from
	 * 23.11), and "sacctmgr load" of any size (23.11-24.11: slurmdbd then
	 * starts in tens of seconds on a large database, which sql pays);
	 * "sacctmgr load" writes an account's association as "add account"
	 * does (is_def), so a flat file may carry the accounts.
	 */
	bool commands_via_slurmdbd;
	bool load_via_slurmdbd;
	bool load_carries_accounts;
};

struct sqlw {
	const struct sqlw_gen *gen;
	struct db *db;
	const struct acct_plan *p;
	const char *c;			/* cluster */
	struct acct_dbinfo info;	/* re-read inside the transaction */
	char now[24];
	char actor[64];
	struct {
		char *sql;
		struct db_stmt *st;
	} cache[MAX_STMTS];
	size_t n_cache;
	struct acct_nset ns;
	const struct acct_obj **newobj;	/* per nset row: what to insert */
	size_t alloc_newobj;
	struct acct_objset extra;	/* root rows of a new cluster */
	char **new_info;		/* per nset row: txn info of its insert */
	struct acct_batch txn, txn_cl, users, accounts, assocs, moves;
	struct sqlw_cluster *cls;	/* removals: slurmdbd's cluster list */
	size_t n_cls;
};

/* ---- acct_sqlw.c ---- */

/* The prepared statement for sql, from a cache of MAX_STMTS. Owned by w. */
struct db_stmt *sqlw_stmt(struct sqlw *w, const char *sql, char **cause);
/* Runs sql (cached) with params; rows into *out when out is not NULL. */
int sqlw_run(struct sqlw *w, const char *sql, const char *const *params,
	     size_t n, struct db_rows *out, char **cause);
/* Queues one txn_table row (with w->c as its cluster when with_cluster). */
int sqlw_txn(struct sqlw *w, int action, const char *name, const char *info,
	     bool with_cluster, char **cause);
/*
 * Column values of o's fields (with a column) into vals[] (*nv of them,
 * freed by sqlw_free_vals()); their "col=value" text too when info.
 */
int sqlw_obj_values(struct sqlw *w, const struct acct_obj *o, char **vals,
		    size_t *nv, struct strbuf *info, char **cause);
void sqlw_free_vals(char **vals, size_t n);
/* fmt (a printf format of one column name) over kind k's columns. */
void sqlw_column_list(struct strbuf *sb, enum acct_kind k, const char *fmt);
/*
 * UPDATE table SET mod_time, <fields of want that differ from have (all
 * when have is NULL)> WHERE keycol=key, and its audit row.
 */
int sqlw_update_fields(struct sqlw *w, const char *table, const char *keycol,
		       const char *key, const struct acct_obj *want,
		       const struct acct_obj *have, int action,
		       const char *txn_name, char **cause);

/* "24.11.5" against release "24.11": <0, 0 or >0 by its release only. */
int sqlw_release_cmp(const char *version, const char *release);

/* "col='value'" (quote) or "col=value" for txn_table.info, after ", ". */
void sqlw_info_add(struct strbuf *info, const char *col, const char *v, bool quote);

#endif
