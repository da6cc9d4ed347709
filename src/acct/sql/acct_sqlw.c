/*
 * acct_sqlw.c: the statements every step of the sql method writes
 * through (acct_sqlw.h): a cache of prepared statements, the audit rows of
 * txn_table, an object's column values and the UPDATE of changed fields.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_sqlw.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_db.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"
#include "acct/rows/acct_convert.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_obj.h"

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

int sqlw_release_cmp(const char *version, const char *release)
{
	return strncmp(version, release, strlen(release));
}
