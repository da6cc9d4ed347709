/*
 * acct_sql_rset.c: what the sql method's removals work on: slurmdbd's list
 * of clusters with their association nested sets, the rows one removal
 * request selects there, and the writing back of a nested set once rows
 * are gone or moved.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_sql_rset.h"
#include "acct/sql/acct_sqlw.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_nset.h"
#include "transport/db.h"

/* The cluster's rpc_version (0: no slurmctld registered it yet). */
static int cluster_rpc(struct sqlw *w, const char *cluster, long *rpc, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	const char *params[] = { cluster };
	int rc = sqlw_run(w, "select rpc_version from cluster_table where name=? && deleted=0",
			  params, 1, &r, cause);

	*rpc = rc == 0 && r.n_rows && r.rows[0][0] ? strtol(r.rows[0][0], NULL, 10) : 0;
	db_rows_release(&r);
	return rc;
}

int sqlw_load_nset(struct sqlw *w, const char *cluster, struct acct_nset *ns,
		   char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	bool nested = w->gen->nested_set;
	char *sql = xasprintf("select id_assoc, acct, user, `partition`, %s, deleted, "
			      "creation_time%s from \"%s_assoc_table\" order by %sid_assoc "
			      "FOR UPDATE", nested ? "lft, rgt" : "0, 0",
			      w->gen->lineage ? ", lineage" : "", cluster, nested ? "lft, " : "");
	long rpc = 0;
	int rc = cluster_rpc(w, cluster, &rpc, cause);

	ns->flat = w->gen->flat(rpc);
	if (rc == 0)
		rc = db_query(w->db, sql, &r, cause);
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		char **row = r.rows[i];

		acct_nset_push(ns, strtoul(row[0], NULL, 10), row[1], row[2], row[3],
			       strtol(row[4], NULL, 10), strtol(row[5], NULL, 10),
			       (int)strtol(row[6], NULL, 10));
		ns->rows[ns->n - 1].ctime = strtoll(row[7], NULL, 10);
		if (w->gen->lineage)
			acct_nset_set_lineage(ns, ns->n - 1, row[8]);
	}
	free(sql);
	db_rows_release(&r);
	return rc;
}

static bool has_table(const struct db_rows *tables, const char *cluster)
{
	char *want = xasprintf("%s_assoc_table", cluster);
	bool found = false;

	for (size_t i = 0; !found && i < tables->n_rows; i++)
		found = tables->rows[i][0] && !strcmp(tables->rows[i][0], want);
	free(want);
	return found;
}

/* slurmdbd's cluster list: cluster_table rows not deleted, with tables. */
int sqlw_load_clusters(struct sqlw *w, char **cause)
{
	struct db_rows names = DB_ROWS_INIT, tables = DB_ROWS_INIT;
	int rc = -1;

	if (w->cls)
		return 0;
	if (db_query(w->db, "select name from cluster_table where deleted=0 order by name",
		     &names, cause) < 0 ||
	    db_query(w->db, "select table_name from information_schema.tables "
		     "where table_schema=DATABASE()", &tables, cause) < 0)
		goto out;
	w->cls = xcalloc(names.n_rows + 1, sizeof(*w->cls));
	for (size_t i = 0; i < names.n_rows; i++) {
		const char *n = names.rows[i][0];
		struct sqlw_cluster *cl = &w->cls[w->n_cls];

		if (!db_cluster_name_ok(n) || !has_table(&tables, n))
			continue;
		cl->name = xstrdup(n);
		cl->ns = strcmp(n, w->c) ? &cl->own : &w->ns;
		w->n_cls++;
		if (cl->ns == &cl->own && sqlw_load_nset(w, n, &cl->own, cause) < 0)
			goto out;
	}
	rc = 0;
out:
	db_rows_release(&names);
	db_rows_release(&tables);
	return rc;
}

void sqlw_clusters_release(struct sqlw *w)
{
	for (size_t i = 0; i < w->n_cls; i++) {
		free(w->cls[i].name);
		acct_nset_release(&w->cls[i].own);
	}
	free(w->cls);
}

static int cmp_row_lft(const void *a, const void *b, void *arg)
{
	const struct acct_nset *ns = arg;
	long x = ns->rows[*(const size_t *)a].lft, y = ns->rows[*(const size_t *)b].lft;

	return (x > y) - (x < y);
}

/* Row r lies in row m's subtree: by lft/rgt, or by lineage in a flat set. */
static bool row_within(const struct acct_nset *ns, const struct acct_nrow *r,
		       const struct acct_nrow *m)
{
	if (!ns->flat)
		return r->lft >= m->lft && r->lft <= m->rgt;
	return r->lineage && m->lineage && !strncmp(r->lineage, m->lineage, strlen(m->lineage));
}

/*
 * The rows (not gone) inside one of rows m[]: their subtrees, soft-deleted
 * rows too unless live_only. In lft order.
 */
static size_t *rows_within(const struct acct_nset *ns, const size_t *m, size_t nm,
			   bool live_only, size_t *n)
{
	size_t *v = xcalloc(ns->n + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < ns->n; i++) {
		const struct acct_nrow *r = &ns->rows[i];
		bool in = false;

		if (r->gone || (live_only && r->deleted))
			continue;
		for (size_t k = 0; !in && k < nm; k++)
			in = row_within(ns, r, &ns->rows[m[k]]);
		if (in)
			v[(*n)++] = i;
	}
	qsort_r(v, *n, sizeof(*v), cmp_row_lft, (void *)ns);
	return v;
}

/* Rows (not gone) matching acct, user and part (each: any when NULL). */
static size_t *rows_matching(const struct acct_nset *ns, const char *acct,
			     const char *user, const char *part, bool live_only,
			     size_t *n)
{
	size_t *v = xcalloc(ns->n + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < ns->n; i++) {
		const struct acct_nrow *r = &ns->rows[i];

		if (r->gone || (live_only && r->deleted) || (acct && strcmp(r->acct, acct)) ||
		    (user && strcmp(r->user, user)) || (part && strcmp(r->part, part)))
			continue;
		v[(*n)++] = i;
	}
	return v;
}

void sqlw_rset_build(const struct acct_nset *ns, const char *acct, const char *user,
		     const char *part, bool from_live, struct sqlw_rset *r)
{
	size_t nl, na;
	size_t *live = rows_matching(ns, acct, user, part, true, &nl);
	size_t *any = from_live ? NULL : rows_matching(ns, acct, user, part, false, &na);

	r->set = rows_within(ns, live, nl, true, &r->n_set);
	r->all = from_live ? rows_within(ns, live, nl, false, &r->n_all) :
		rows_within(ns, any, na, false, &r->n_all);
	free(live);
	free(any);
}

void sqlw_rset_matches(const struct acct_nset *ns, const char *acct, const char *user,
		       const char *part, struct sqlw_rset *r)
{
	r->set = rows_matching(ns, acct, user, part, true, &r->n_set);
	r->all = xcalloc(r->n_set + 1, sizeof(*r->all));
	memcpy(r->all, r->set, r->n_set * sizeof(*r->all));
	r->n_all = r->n_set;
}

void sqlw_rset_release(struct sqlw_rset *r)
{
	free(r->set);
	free(r->all);
}

/* "<col>=1<sep><col>=2..." over the ids of rows v[]. */
char *sqlw_id_list(const struct acct_nset *ns, const size_t *v, size_t n,
		   const char *col, const char *sep)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s=%lu", i ? sep : "", col, ns->rows[v[i]].id);
	return strbuf_detach(&sb, NULL);
}

/*
 * Writes cl's nested set back: gone rows deleted at once (later checks read
 * the table), moved rows by id only when moves (once, after all removals).
 */
int sqlw_flush_cluster(struct sqlw *w, const struct sqlw_cluster *cl, bool moves_too,
		       char **cause)
{
	struct acct_batch moves;
	char *head = xasprintf("insert into \"%s_assoc_table\" (id_assoc, creation_time, acct, "
			       "user, `partition`, lft, rgt) values ", cl->name);
	char *del = xasprintf("delete quick from \"%s_assoc_table\" where id_assoc=?", cl->name);
	int rc = 0;

	acct_batch_init(&moves, w->db, head, " on duplicate key update lft=VALUES(lft), "
			"rgt=VALUES(rgt)", 7);
	for (size_t i = 0; rc == 0 && i < cl->ns->n; i++) {
		struct acct_nrow *r = &cl->ns->rows[i];
		char id[24], l[24], g[24];
		const char *params[] = { id, w->now, r->acct, r->user, r->part, l, g };

		if (!r->moved || !r->id || (!r->gone && !moves_too))
			continue;
		r->moved = false;
		snprintf(id, sizeof(id), "%lu", r->id);
		snprintf(l, sizeof(l), "%ld", r->lft);
		snprintf(g, sizeof(g), "%ld", r->rgt);
		rc = r->gone ? sqlw_run(w, del, params, 1, NULL, cause) :
			acct_batch_add(&moves, params, cause);
	}
	if (rc == 0)
		rc = acct_batch_flush(&moves, cause);
	acct_batch_release(&moves);
	free(head);
	free(del);
	return rc;
}
