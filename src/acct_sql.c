/*
 * acct_sql.c: the sql method. Writes the rows slurmdbd 22.05 writes for the
 * equivalent sacctmgr commands (lab captures: upserts "ON DUPLICATE KEY
 * UPDATE deleted=0", nested-set lft/rgt with new children leftmost,
 * "id=count" TRES strings, ",id," QoS lists, is_def, txn_table audit rows
 * with slurmdbd's RPC numbers) in a single transaction, with every value a
 * prepared-statement parameter. Identifiers (the per-cluster table prefix)
 * are validated by db_cluster_name_ok() before they reach any SQL text.
 *
 * What differs between slurmdbd releases (22.05's nested set, 23.11's
 * lineage, new columns and tables) sits behind struct sqlw_gen, one file
 * per schema generation (acct_sql_2205.c, acct_sql_2311.c).
 *
 * This file holds the writer itself (statement cache, batches, audit rows,
 * the UPDATE of changed fields), the schema check and the order of the
 * steps; QoS, users and accounts are in acct_sql_entity.c, associations in
 * acct_sql_assoc.c, removals in acct_sql_remove.c over the row sets of
 * acct_sql_rset.c. acct_sql_priv.h is what they share.
 */
#include "compat.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acct_sql_priv.h"
#include "strbuf.h"
#include "xalloc.h"

struct db_stmt *sqlw_stmt(struct sqlw *w, const char *sql, char **cause)
{
	struct db_stmt *st;

	for (size_t i = 0; i < w->n_cache; i++)
		if (!strcmp(w->cache[i].sql, sql))
			return w->cache[i].st;
	st = db_prepare(w->db, sql, cause);
	if (!st)
		return NULL;
	if (w->n_cache == MAX_STMTS) {
		db_stmt_free(w->cache[0].st);
		free(w->cache[0].sql);
		memmove(w->cache, w->cache + 1, sizeof(w->cache[0]) * (MAX_STMTS - 1));
		w->n_cache--;
	}
	w->cache[w->n_cache].sql = xstrdup(sql);
	w->cache[w->n_cache++].st = st;
	return st;
}

int sqlw_run(struct sqlw *w, const char *sql, const char *const *params,
	     size_t n, struct db_rows *out, char **cause)
{
	struct db_stmt *st = sqlw_stmt(w, sql, cause);

	if (!st)
		return -1;
	return db_stmt_exec(st, params, n, out, cause);
}

int sqlw_txn(struct sqlw *w, int action, const char *name, const char *info,
	     bool with_cluster, char **cause)
{
	char act[16];
	const char *params[] = { w->now, act, name, w->actor, info, w->c };

	snprintf(act, sizeof(act), "%d", action);
	return acct_batch_add(with_cluster ? &w->txn_cl : &w->txn, params, cause);
}

static void batches_init(struct sqlw *w)
{
	char *head;

	acct_batch_init(&w->txn, w->db, "insert into txn_table (timestamp, action, name, "
			"actor, info) values ", NULL, 5);
	acct_batch_init(&w->txn_cl, w->db, "insert into txn_table (timestamp, action, name, "
			"actor, info, cluster) values ", NULL, 6);
	/* the audit rows go in last, just before COMMIT */
	w->txn.deferred = w->txn_cl.deferred = true;
	acct_batch_init(&w->users, w->db, "insert into user_table (creation_time, mod_time, "
			"name, admin_level) values ", w->gen->user_upsert, 4);
	acct_batch_init(&w->accounts, w->db, "insert into acct_table (creation_time, mod_time, "
			"name, description, organization) values ", " on duplicate key update "
			"deleted=0, mod_time=VALUES(mod_time), description=VALUES(description), "
			"organization=VALUES(organization)", 5);
	/* lft/rgt of existing rows by primary key: the row exists, so this updates */
	head = xasprintf("insert into \"%s_assoc_table\" (id_assoc, creation_time, acct, "
			 "lft, rgt) values ", w->c);
	acct_batch_init(&w->moves, w->db, head, " on duplicate key update "
			"lft=VALUES(lft), rgt=VALUES(rgt)", 5);
	free(head);
}

static void batches_release(struct sqlw *w)
{
	acct_batch_release(&w->txn);
	acct_batch_release(&w->txn_cl);
	acct_batch_release(&w->users);
	acct_batch_release(&w->accounts);
	acct_batch_release(&w->assocs);
	acct_batch_release(&w->moves);
}

/* "col=value" as slurmdbd writes it into txn_table.info. */
void sqlw_info_add(struct strbuf *info, const char *col, const char *v, bool quote)
{
	if (info->len)
		strbuf_addstr(info, ", ");
	if (!v)
		strbuf_addf(info, "%s=NULL", col);
	else if (quote)
		strbuf_addf(info, "%s='%s'", col, v);
	else
		strbuf_addf(info, "%s=%s", col, v);
}

static bool quoted(enum acct_ftype t)
{
	return t == F_STR || t == F_TRES || t == F_QOSLIST || t == F_DELTA;
}

/* Column values of o's fields (with a column) into vals[]; info text too. */
int sqlw_obj_values(struct sqlw *w, const struct acct_obj *o, char **vals,
		    size_t *nv, struct strbuf *info, char **cause)
{
	size_t n;
	const struct acct_field *f = acct_fields(o->kind, &n);

	*nv = 0;
	for (size_t j = 0; j < n; j++) {
		if (!f[j].column)
			continue;
		if (acct_value_to_db(&w->info, f[j].type, o->vals[j], &vals[*nv], cause) < 0)
			return -1;
		if (info)
			sqlw_info_add(info, f[j].column, vals[*nv], quoted(f[j].type));
		(*nv)++;
	}
	return 0;
}

void sqlw_free_vals(char **vals, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(vals[i]);
}

/* ", c1, c2" over the fields of kind k that have a column. */
void sqlw_column_list(struct strbuf *sb, enum acct_kind k, const char *fmt)
{
	size_t n;
	const struct acct_field *f = acct_fields(k, &n);

	for (size_t j = 0; j < n; j++)
		if (f[j].column) {
			/* fmt is one of its callers' literals ("%s" forms) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
			strbuf_addf(sb, fmt, f[j].column);
#pragma GCC diagnostic pop
		}
}

/*
 * UPDATE table SET mod_time, <fields of want that differ from have (all
 * when have is NULL)> WHERE key=?, and its audit row.
 */
int sqlw_update_fields(struct sqlw *w, const char *table, const char *keycol,
		       const char *key, const struct acct_obj *want,
		       const struct acct_obj *have, int action,
		       const char *txn_name, char **cause)
{
	size_t n, np = 0;
	const struct acct_field *f = acct_fields(want->kind, &n);
	struct strbuf sql = STRBUF_INIT, info = STRBUF_INIT;
	const char *params[64];
	char *vals[48];
	size_t nv = 0;
	int rc = -1;

	strbuf_addf(&sql, "update %s set mod_time=?", table);
	params[np++] = w->now;
	for (size_t j = 0; j < n; j++) {
		if (!f[j].column || (have && !acct_field_differs(want, have, j)))
			continue;
		if (acct_value_to_db(&w->info, f[j].type, want->vals[j], &vals[nv], cause) < 0)
			goto out;
		strbuf_addf(&sql, ", \"%s\"=?", f[j].column);
		sqlw_info_add(&info, f[j].column, vals[nv], quoted(f[j].type));
		params[np++] = vals[nv++];
	}
	if (np == 1) {
		rc = 0;		/* only columnless fields (coordinators) differ */
		goto out;
	}
	strbuf_addf(&sql, " where %s=?", keycol);
	params[np++] = key;
	if (sqlw_run(w, sql.buf, params, np, NULL, cause) < 0)
		goto out;
	rc = sqlw_txn(w, action, txn_name, info.buf, want->kind == ACCT_ASSOC, cause);
out:
	sqlw_free_vals(vals, nv);
	strbuf_release(&sql);
	strbuf_release(&info);
	return rc;
}

/* ---- schema ---- */

const struct sqlw_gen *sqlw_gen_for(long version)
{
	static const struct sqlw_gen *const gens[] = { &sqlw_gen_2205, &sqlw_gen_2311 };

	for (size_t i = 0; i < ARRAY_SIZE(gens); i++)
		if (gens[i]->knows(version))
			return gens[i];
	return NULL;
}

const char *acct_sql_release(long version)
{
	const struct sqlw_gen *g = sqlw_gen_for(version);

	return g ? g->release : NULL;
}

int acct_sql_check_schema(const struct acct_dbinfo *info, char **cause)
{
	if (!info->has_schema) {
		*cause = xstrdup("the accounting database has no Slurm schema yet: "
				 "start slurmdbd once so that it creates its tables");
		return -1;
	}
	if (!sqlw_gen_for(info->version)) {
		*cause = xasprintf("the accounting database has schema version %ld "
				   "(convert_version_table), which the sql method does not know "
				   "(it writes Slurm 22.05's 12 and 23.11-24.11's 15 and 16) and "
				   "refuses to write: use db.method: sacctmgr", info->version);
		return -1;
	}
	if (info->version == 12 && info->has_lineage) {
		*cause = xstrdup("the accounting database says schema version 12 (Slurm 22.05) "
				 "but has 23.11+ lineage columns; the sql method refuses to "
				 "write it (use db.method: sacctmgr)");
		return -1;
	}
	return 0;
}

static int create_cluster_tables(struct sqlw *w, char **cause)
{
	size_t n;
	const char *const *t = w->gen->tables(w->info.version, &n);

	for (size_t i = 0; i < n; i++) {
		char *sql = xasprintf("CREATE TABLE IF NOT EXISTS \"%s_%s\" LIKE \"%s_%s\"",
				      w->c, t[i], w->info.template_cluster, t[i]);
		int rc = db_exec(w->db, sql, cause);

		free(sql);
		if (rc < 0)
			return -1;
	}
	w->info.cluster_tables = true;
	return 0;
}

static void sqlw_release(struct sqlw *w)
{
	for (size_t i = 0; i < w->n_cache; i++) {
		db_stmt_free(w->cache[i].st);
		free(w->cache[i].sql);
	}
	for (size_t i = 0; w->new_info && i < w->ns.n; i++)
		free(w->new_info[i]);
	free(w->new_info);
	sqlw_clusters_release(w);
	acct_nset_release(&w->ns);
	acct_dbinfo_release(&w->info);
	acct_objset_release(&w->extra);
	free(w->newobj);
	batches_release(w);
}

static void actor_name(char *buf, size_t len)
{
	struct passwd *pw = getpwuid(geteuid());

	snprintf(buf, len, "%s", pw ? pw->pw_name : "root");
}

static int write_all(struct sqlw *w, char **cause)
{
	batches_init(w);
	if (db_begin(w->db, cause) < 0 || sqlw_write_qos(w, cause) < 0 ||
	    sqlw_write_entities(w, cause) < 0 ||
	    (!w->info.cluster_exists && w->gen->add_cluster_row(w, cause) < 0) ||
	    sqlw_write_assocs(w, cause) < 0 || sqlw_write_removals(w, cause) < 0 ||
	    acct_batch_flush(&w->txn, cause) < 0 || acct_batch_flush(&w->txn_cl, cause) < 0)
		return -1;
	return db_commit(w->db, cause);
}

int acct_sql_write(struct db *db, const struct acct_plan *p, bool *need_cluster,
		   char **cause)
{
	struct sqlw w;
	int rc = -1;

	memset(&w, 0, sizeof(w));
	w.db = db;
	w.p = p;
	w.c = p->cluster;
	*need_cluster = false;
	snprintf(w.now, sizeof(w.now), "%lld", (long long)time(NULL));
	actor_name(w.actor, sizeof(w.actor));
	if (acct_observe_info(db, w.c, &w.info, cause) < 0 || acct_sql_check_schema(&w.info, cause) < 0)
		goto out;
	w.gen = sqlw_gen_for(w.info.version);
	if (!w.info.cluster_tables) {
		if (!w.info.template_cluster) {
			*need_cluster = true;
			*cause = xasprintf("cluster '%s' has no tables and there is no other "
					   "cluster to copy them from", w.c);
			goto out;
		}
		if (create_cluster_tables(&w, cause) < 0)
			goto out;
	}
	rc = write_all(&w, cause);
out:
	if (rc < 0)
		db_rollback(db);
	sqlw_release(&w);
	return rc;
}
