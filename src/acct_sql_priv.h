/*
 * acct_sql_priv.h: what the files of the sql method share, private to them
 * (acct_sql.c, acct_sql_entity.c, acct_sql_assoc.c, acct_sql_rset.c,
 * acct_sql_remove.c): the writer's state, the txn_table action numbers and
 * the helpers every step writes through. Shared names carry a sqlw_
 * prefix, which keeps them apart from the public acct_sql_ API.
 */
#ifndef CLUSTERCTL_ACCT_SQL_PRIV_H
#define CLUSTERCTL_ACCT_SQL_PRIV_H

#include "compat.h"

#include "acct_nset.h"
#include "acct_sql.h"
#include "strbuf.h"

/* slurmdbd_msg_type_t values slurmdbd stores in txn_table.action */
enum {
	TXN_ADD_ACCOUNTS = 1402,
	TXN_ADD_COORDS = 1403,
	TXN_ADD_ASSOCS = 1404,
	TXN_ADD_CLUSTERS = 1405,
	TXN_ADD_USERS = 1406,
	TXN_MODIFY_ACCOUNTS = 1428,
	TXN_MODIFY_ASSOCS = 1429,
	TXN_MODIFY_USERS = 1431,
	TXN_REMOVE_ACCOUNTS = 1435,
	TXN_REMOVE_COORDS = 1436,
	TXN_REMOVE_ASSOCS = 1437,
	TXN_REMOVE_USERS = 1439,
	TXN_ADD_QOS = 1447,
	TXN_REMOVE_QOS = 1450,
	TXN_MODIFY_QOS = 1451,
	TXN_ADD_TRES = 1485,
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
 * (acct_sql_2205.c: CONVERT_VERSION 12; acct_sql_2311.c: 15 and 16, Slurm
 * 23.11 to 24.11), chosen once from convert_version_table by
 * sqlw_gen_for(). Everything else of the writer is shared.
 */
struct sqlw_gen {
	const char *release;		/* "22.05", "23.11-24.11" */
	bool (*knows)(long version);
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
	const char *account_is_def;	/* is_def of an account row as slurmdbd leaves it */
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
};

extern const struct sqlw_gen sqlw_gen_2205, sqlw_gen_2311;

/* The generation that writes schema version v, or NULL. */
const struct sqlw_gen *sqlw_gen_for(long version);

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

/*
 * What one request removes on a cluster: set, the live rows of the
 * subtrees of the live rows matching acct/user (NULL: any), which get
 * deleted; all, every row of the subtrees (soft-deleted ones too) of the
 * matching rows, live ones only when from_live, whose jobs count.
 */
struct sqlw_rset {
	size_t *set, *all;
	size_t n_set, n_all;
};

/* ---- acct_sql.c: the writer ---- */

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

/* "col='value'" (quote) or "col=value" for txn_table.info, after ", ". */
void sqlw_info_add(struct strbuf *info, const char *col, const char *v, bool quote);

/* ---- the steps, in the order acct_sql.c runs them ---- */

int sqlw_write_qos(struct sqlw *w, char **cause);	/* TRES, QoS */
int sqlw_write_entities(struct sqlw *w, char **cause);	/* accounts, users */
int sqlw_write_assocs(struct sqlw *w, char **cause);	/* w->c's associations */
int sqlw_write_removals(struct sqlw *w, char **cause);	/* --prune */

/*
 * as_mysql_remove_coord() for the users in the comma-separated list users
 * (NULL: any) of account acct (NULL: any) (acct_sql_remove.c).
 */
int sqlw_coord_remove(struct sqlw *w, const char *users, const char *acct,
		      char **cause);

/* ---- acct_sql_rset.c: clusters and row sets for removals ---- */

/* Appends the association rows of cluster (locked FOR UPDATE) to ns. */
int sqlw_load_nset(struct sqlw *w, const char *cluster, struct acct_nset *ns,
		   char **cause);
/* Fills w->cls once: slurmdbd's cluster list with their nested sets. */
int sqlw_load_clusters(struct sqlw *w, char **cause);
void sqlw_clusters_release(struct sqlw *w);
/* The rows one request for acct/user/part (NULL: any) removes on ns. */
void sqlw_rset_build(const struct acct_nset *ns, const char *acct,
		     const char *user, const char *part, bool from_live,
		     struct sqlw_rset *r);
/* 23.11+: the live rows matching acct/user/part, both as set and as all. */
void sqlw_rset_matches(const struct acct_nset *ns, const char *acct,
		       const char *user, const char *part, struct sqlw_rset *r);
void sqlw_rset_release(struct sqlw_rset *r);
/* "<col>=1<sep><col>=2..." over the ids of rows v[]; caller frees. */
char *sqlw_id_list(const struct acct_nset *ns, const size_t *v, size_t n,
		   const char *col, const char *sep);
/*
 * Writes cl's nested set back: gone rows deleted at once, moved rows by id
 * only when moves_too.
 */
int sqlw_flush_cluster(struct sqlw *w, const struct sqlw_cluster *cl,
		       bool moves_too, char **cause);

#endif
