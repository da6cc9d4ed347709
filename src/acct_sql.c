/*
 * acct_sql.c: the sql method. Writes the rows slurmdbd 22.05 writes for the
 * equivalent sacctmgr commands (lab captures: upserts "ON DUPLICATE KEY
 * UPDATE deleted=0", nested-set lft/rgt with new children leftmost,
 * "id=count" TRES strings, ",id," QoS lists, is_def, txn_table audit rows
 * with slurmdbd's RPC numbers) in a single transaction, with every value a
 * prepared-statement parameter. Identifiers (the per-cluster table prefix)
 * are validated by db_cluster_name_ok() before they reach any SQL text.
 */
#include "compat.h"

#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acct_nset.h"
#include "acct_sql.h"
#include "strbuf.h"
#include "xalloc.h"

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

const char *const acct_cluster_tables[] = {
	"assoc_table", "assoc_usage_day_table", "assoc_usage_hour_table",
	"assoc_usage_month_table", "event_table", "job_env_table",
	"job_script_table", "job_table", "last_ran_table", "resv_table",
	"step_table", "suspend_table", "usage_day_table", "usage_hour_table",
	"usage_month_table", "wckey_table", "wckey_usage_day_table",
	"wckey_usage_hour_table", "wckey_usage_month_table",
};
const size_t acct_n_cluster_tables = ARRAY_SIZE(acct_cluster_tables);

#define MAX_STMTS 48

struct sqlw {
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
};

static struct db_stmt *stmt(struct sqlw *w, const char *sql, char **cause)
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

static int run(struct sqlw *w, const char *sql, const char *const *params,
	       size_t n, struct db_rows *out, char **cause)
{
	struct db_stmt *st = stmt(w, sql, cause);

	if (!st)
		return -1;
	return db_stmt_exec(st, params, n, out, cause);
}

static int txn(struct sqlw *w, int action, const char *name, const char *info,
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
			"name, admin_level) values ", " on duplicate key update name=VALUES(name), "
			"deleted=0, mod_time=VALUES(mod_time), admin_level=VALUES(admin_level)", 4);
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
static void info_add(struct strbuf *info, const char *col, const char *v,
		     bool quote)
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
static int obj_values(struct sqlw *w, const struct acct_obj *o, char **vals,
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
			info_add(info, f[j].column, vals[*nv], quoted(f[j].type));
		(*nv)++;
	}
	return 0;
}

static void free_vals(char **vals, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(vals[i]);
}

/* ", c1, c2" over the fields of kind k that have a column. */
static void column_list(struct strbuf *sb, enum acct_kind k, const char *fmt)
{
	size_t n;
	const struct acct_field *f = acct_fields(k, &n);

	for (size_t j = 0; j < n; j++)
		if (f[j].column)
			strbuf_addf(sb, fmt, f[j].column);
}

/* ---- schema ---- */

int acct_sql_check_schema(const struct acct_dbinfo *info, char **cause)
{
	if (!info->has_schema) {
		*cause = xstrdup("the accounting database has no Slurm schema yet: "
				 "start slurmdbd once so that it creates its tables");
		return -1;
	}
	if (info->version != ACCT_SCHEMA_2205) {
		*cause = xasprintf("the accounting database has schema version %ld; the sql "
				   "method knows only Slurm 22.05's (%d) and refuses to write it "
				   "(use db.method: sacctmgr)", info->version, ACCT_SCHEMA_2205);
		return -1;
	}
	if (info->has_lineage) {
		*cause = xstrdup("the accounting database uses Slurm 23.11+ association "
				 "lineage; the sql method does not maintain it and refuses to "
				 "write (use db.method: sacctmgr)");
		return -1;
	}
	return 0;
}

static int create_cluster_tables(struct sqlw *w, char **cause)
{
	for (size_t i = 0; i < acct_n_cluster_tables; i++) {
		char *sql = xasprintf("CREATE TABLE IF NOT EXISTS \"%s_%s\" LIKE \"%s_%s\"",
				      w->c, acct_cluster_tables[i],
				      w->info.template_cluster, acct_cluster_tables[i]);
		int rc = db_exec(w->db, sql, cause);

		free(sql);
		if (rc < 0)
			return -1;
	}
	w->info.cluster_tables = true;
	return 0;
}

/* ---- TRES and QoS ---- */

static int add_tres(struct sqlw *w, const char *full, char **cause)
{
	char *type, *name, *info, *idname;
	struct db_stmt *st;
	const char *params[3];
	int rc = -1;

	acct_tres_split(full, &type, &name);
	if (strcmp(type, "gres") && strcmp(type, "license") && strcmp(type, "bb")) {
		*cause = xasprintf("TRES '%s' is not in the database and only gres/, "
				   "license/ and bb/ TRES can be created", full);
		goto out;
	}
	params[0] = w->now;
	params[1] = type;
	params[2] = name;
	st = stmt(w, "insert into tres_table (creation_time, type, name) values (?, ?, ?) "
		  "on duplicate key update deleted=0, id=LAST_INSERT_ID(id)", cause);
	if (!st || db_stmt_exec(st, params, 3, NULL, cause) < 0)
		goto out;
	acct_idmap_add(&w->info.tres, (unsigned long)db_stmt_insert_id(st), full);
	idname = xasprintf("id=%llu", db_stmt_insert_id(st));
	info = xasprintf("type='%s', name='%s'", type, name);
	rc = txn(w, TXN_ADD_TRES, idname, info, true, cause);
	free(idname);
	free(info);
out:
	free(type);
	free(name);
	return rc;
}

static char *qos_insert_sql(void)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n;

	acct_fields(ACCT_QOS, &n);
	strbuf_addstr(&sb, "insert into qos_table (creation_time, mod_time, name");
	column_list(&sb, ACCT_QOS, ", %s");
	strbuf_addstr(&sb, ") values (?, ?, ?");
	for (size_t j = 0; j < n; j++)
		strbuf_addstr(&sb, ", ?");
	strbuf_addstr(&sb, ") on duplicate key update deleted=0, id=LAST_INSERT_ID(id), mod_time=VALUES(mod_time)");
	column_list(&sb, ACCT_QOS, ", %1$s=VALUES(%1$s)");
	return strbuf_detach(&sb, NULL);
}

/*
 * A new QoS whose preempt list names a QoS not inserted yet goes in without
 * it (*deferred), and gets it once every QoS exists.
 */
static int add_qos(struct sqlw *w, const struct acct_obj *o, bool *deferred,
		   char **cause)
{
	const char *params[64];
	char *vals[48], *probe = NULL, *why = NULL;
	size_t nv = 0, pi = acct_field_index(ACCT_QOS, "preempt");
	struct strbuf info = STRBUF_INIT;
	char *sql = qos_insert_sql();
	struct acct_obj copy = *o;
	size_t nf;
	char **cv;
	struct db_stmt *st;
	int rc = -1;

	acct_fields(ACCT_QOS, &nf);
	cv = xcalloc(nf, sizeof(*cv));
	*deferred = acct_value_to_db(&w->info, F_QOSLIST, o->vals[pi], &probe, &why) < 0;
	free(probe);
	free(why);
	memcpy(cv, o->vals, nf * sizeof(*cv));
	if (*deferred)
		cv[pi] = NULL;
	copy.vals = cv;
	if (obj_values(w, &copy, vals, &nv, &info, cause) < 0)
		goto out;
	params[0] = params[1] = w->now;
	params[2] = o->name;
	for (size_t j = 0; j < nv; j++)
		params[3 + j] = vals[j];
	st = stmt(w, sql, cause);
	if (!st || db_stmt_exec(st, params, 3 + nv, NULL, cause) < 0)
		goto out;
	acct_idmap_add(&w->info.qos, (unsigned long)db_stmt_insert_id(st), o->name);
	rc = txn(w, TXN_ADD_QOS, o->name, info.buf, false, cause);
out:
	free_vals(vals, nv);
	free(cv);
	free(sql);
	strbuf_release(&info);
	return rc;
}

/*
 * UPDATE table SET mod_time, <fields of want that differ from have (all
 * when have is NULL)> WHERE key=?, and its audit row.
 */
static int update_fields(struct sqlw *w, const char *table, const char *keycol,
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
		info_add(&info, f[j].column, vals[nv], quoted(f[j].type));
		params[np++] = vals[nv++];
	}
	if (np == 1) {
		rc = 0;		/* only columnless fields (coordinators) differ */
		goto out;
	}
	strbuf_addf(&sql, " where %s=?", keycol);
	params[np++] = key;
	if (run(w, sql.buf, params, np, NULL, cause) < 0)
		goto out;
	rc = txn(w, action, txn_name, info.buf, want->kind == ACCT_ASSOC, cause);
out:
	free_vals(vals, nv);
	strbuf_release(&sql);
	strbuf_release(&info);
	return rc;
}

/* The deferred preempt list of a new QoS: only that column changes. */
static int set_preempt(struct sqlw *w, const struct acct_obj *o, char **cause)
{
	size_t n, pi = acct_field_index(ACCT_QOS, "preempt");
	struct acct_obj before = *o;
	char **bv, *tn;
	int rc;

	acct_fields(ACCT_QOS, &n);
	bv = xcalloc(n, sizeof(*bv));
	memcpy(bv, o->vals, n * sizeof(*bv));
	bv[pi] = NULL;
	before.vals = bv;
	tn = xasprintf("(name='%s')", o->name);
	rc = update_fields(w, "qos_table", "name", o->name, o, &before, TXN_MODIFY_QOS, tn, cause);
	free(tn);
	free(bv);
	return rc;
}

static int write_qos(struct sqlw *w, char **cause)
{
	const struct acct_plan *p = w->p;
	bool *deferred = xcalloc(p->n_changes + 1, sizeof(*deferred));
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		if (c->want && c->want->kind == ACCT_TRES && c->op == ACCT_ADD &&
		    !acct_idmap_id(&w->info.tres, c->want->name))
			rc = add_tres(w, c->want->name, cause);
	}
	for (size_t i = 0; rc == 0 && i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		if (c->op == ACCT_ADD && c->want->kind == ACCT_QOS)
			rc = add_qos(w, c->want, &deferred[i], cause);
	}
	for (size_t i = 0; rc == 0 && i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];
		char *tn;

		if (!c->want || c->want->kind != ACCT_QOS)
			continue;
		if (c->op == ACCT_ADD) {
			rc = deferred[i] ? set_preempt(w, c->want, cause) : 0;
			continue;
		}
		tn = xasprintf("(name='%s')", c->want->name);
		rc = update_fields(w, "qos_table", "name", c->want->name, c->want,
				   c->have, TXN_MODIFY_QOS, tn, cause);
		free(tn);
	}
	free(deferred);
	return rc;
}

/* ---- accounts, users, coordinators ---- */

static int add_account_row(struct sqlw *w, const struct acct_obj *o, char **cause)
{
	const char *d = acct_obj_get(o, "description"), *org = acct_obj_get(o, "organization");
	const char *params[] = { w->now, w->now, o->name, d, org };
	char *info = xasprintf("description='%s', organization='%s'", d, org);
	int rc = acct_batch_add(&w->accounts, params, cause);

	if (rc == 0)
		rc = txn(w, TXN_ADD_ACCOUNTS, o->name, info, false, cause);
	free(info);
	return rc;
}

static int add_user_row(struct sqlw *w, const struct acct_obj *o, char **cause)
{
	char lvl[8], *info;
	const char *params[] = { w->now, w->now, o->name, lvl };
	int rc;

	snprintf(lvl, sizeof(lvl), "%d", acct_admin_level(acct_obj_get(o, "admin_level")));
	if (acct_batch_add(&w->users, params, cause) < 0)
		return -1;
	info = xasprintf("admin_level=%s", lvl);
	rc = txn(w, TXN_ADD_USERS, o->name, info, false, cause);
	free(info);
	return rc;
}

static bool in_list(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; p && *p;) {
		size_t l = strcspn(p, ",");

		if (l == len && !strncmp(p, name, len))
			return true;
		p += l + (p[l] == ',');
	}
	return false;
}

/* Adds coordinators in want's list and not in have's, removes the reverse. */
static int write_coords(struct sqlw *w, const struct acct_change *c, char **cause)
{
	size_t ci = acct_field_index(ACCT_ACCOUNT, "coordinators");
	const char *want = c->want ? c->want->vals[ci] : NULL;
	const char *have = c->have ? c->have->vals[ci] : NULL;
	const char *acct = (c->want ? c->want : c->have)->name;
	char *copy = xstrdup(want ? want : ""), *save = NULL;
	int rc = 0;

	for (char *u = strtok_r(copy, ",", &save); !rc && u; u = strtok_r(NULL, ",", &save)) {
		const char *params[] = { w->now, w->now, acct, u };
		char *info = xstrdup(acct);

		if (!in_list(have, u))
			rc = run(w, "insert into acct_coord_table (creation_time, mod_time, acct, user) "
				 "values (?, ?, ?, ?) on duplicate key update mod_time=VALUES(mod_time), "
				 "deleted=0", params, 4, NULL, cause) ||
				txn(w, TXN_ADD_COORDS, u, info, false, cause);
		free(info);
	}
	free(copy);
	copy = xstrdup(have ? have : "");
	for (char *u = strtok_r(copy, ",", &save); !rc && u; u = strtok_r(NULL, ",", &save)) {
		const char *params[] = { w->now, acct, u };
		char *info = xstrdup(acct);

		if (!in_list(want, u))
			rc = run(w, "update acct_coord_table set mod_time=?, deleted=1 "
				 "where acct=? && user=?", params, 3, NULL, cause) ||
				txn(w, TXN_REMOVE_COORDS, u, info, false, cause);
		free(info);
	}
	free(copy);
	return rc ? -1 : 0;
}

static int write_one_entity(struct sqlw *w, const struct acct_change *c, char **cause)
{
	const struct acct_obj *o = c->want;
	char *tn;
	int rc;

	if (o->kind == ACCT_ACCOUNT) {
		if (c->op == ACCT_ADD) {
			rc = add_account_row(w, o, cause);
		} else {
			tn = xasprintf("(name='%s')", o->name);
			rc = update_fields(w, "acct_table", "name", o->name, o, c->have,
					   TXN_MODIFY_ACCOUNTS, tn, cause);
			free(tn);
		}
		return rc < 0 ? -1 : write_coords(w, c, cause);
	}
	if (c->op == ACCT_ADD)
		return add_user_row(w, o, cause);
	tn = xasprintf("(name='%s')", o->name);
	rc = update_fields(w, "user_table", "name", o->name, o, c->have,
			   TXN_MODIFY_USERS, tn, cause);
	free(tn);
	return rc;
}

static int write_entities(struct sqlw *w, char **cause)
{
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];

		if (!c->want || (c->want->kind != ACCT_ACCOUNT && c->want->kind != ACCT_USER))
			continue;
		if (write_one_entity(w, c, cause) < 0)
			return -1;
	}
	return acct_batch_flush(&w->accounts, cause) || acct_batch_flush(&w->users, cause) ? -1 : 0;
}

/* ---- associations ---- */

static int load_nset(struct sqlw *w, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select id_assoc, acct, user, `partition`, lft, rgt, deleted "
			      "from \"%s_assoc_table\" order by lft FOR UPDATE", w->c);
	int rc = db_query(w->db, sql, &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		char **row = r.rows[i];

		acct_nset_push(&w->ns, strtoul(row[0], NULL, 10), row[1], row[2], row[3],
			       strtol(row[4], NULL, 10), strtol(row[5], NULL, 10),
			       (int)strtol(row[6], NULL, 10));
	}
	free(sql);
	db_rows_release(&r);
	return rc;
}

static void set_newobj(struct sqlw *w, size_t idx, const struct acct_obj *o)
{
	size_t old = w->alloc_newobj;

	XGROW(w->newobj, w->alloc_newobj, idx + 1);
	if (w->alloc_newobj > old)
		memset(w->newobj + old, 0, (w->alloc_newobj - old) * sizeof(*w->newobj));
	w->newobj[idx] = o;
}

/* Root account + root user rows of a new cluster, as "sacctmgr add cluster". */
static int plan_root_rows(struct sqlw *w, char **cause)
{
	struct acct_obj *o;
	size_t idx;

	if (acct_nset_find(&w->ns, "root", "") != SIZE_MAX)
		return 0;
	if (!acct_idmap_id(&w->info.qos, "normal")) {
		*cause = xstrdup("the database has no 'normal' QoS for the root association");
		return -1;
	}
	o = acct_objset_add(&w->extra, ACCT_ASSOC, "root", "");
	acct_obj_set(o, "fairshare", "1");
	acct_obj_set(o, "qos", "normal");
	acct_obj_set(o, "is_def", "0");
	acct_nset_push(&w->ns, 0, "root", "", "", 1, 2, 0);
	set_newobj(w, w->ns.n - 1, o);
	o = acct_objset_add(&w->extra, ACCT_ASSOC, "root", "root");
	acct_obj_set(o, "fairshare", "1");
	acct_obj_set(o, "is_def", "1");
	idx = acct_nset_add_child(&w->ns, "root", "root", "root");
	set_newobj(w, idx, o);
	return 0;
}

static int plan_assoc_adds(struct sqlw *w, char **cause)
{
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];
		const struct acct_obj *o = c->want;
		const char *parent;
		size_t idx;

		if (c->op != ACCT_ADD || o->kind != ACCT_ASSOC)
			continue;
		parent = *o->user ? o->name : acct_obj_get(o, "parent");
		idx = acct_nset_add_child(&w->ns, parent, o->name, o->user);
		if (idx == SIZE_MAX) {
			*cause = xasprintf("account '%s' has no association on cluster '%s'",
					   parent, w->c);
			return -1;
		}
		set_newobj(w, idx, o);
	}
	return 0;
}

static int move_rows(struct sqlw *w, char **cause)
{
	for (size_t i = 0; i < w->ns.n; i++) {
		const struct acct_nrow *r = &w->ns.rows[i];
		char l[24], g[24], id[24];
		const char *params[] = { id, w->now, r->acct, l, g };

		if (!r->id || !r->moved)
			continue;
		snprintf(l, sizeof(l), "%ld", r->lft);
		snprintf(g, sizeof(g), "%ld", r->rgt);
		snprintf(id, sizeof(id), "%lu", r->id);
		if (acct_batch_add(&w->moves, params, cause) < 0)
			return -1;
	}
	return acct_batch_flush(&w->moves, cause);
}

static void assocs_init(struct sqlw *w)
{
	struct strbuf head = STRBUF_INIT, tail = STRBUF_INIT;
	size_t n;

	acct_fields(ACCT_ASSOC, &n);
	strbuf_addf(&head, "insert into \"%s_assoc_table\" (creation_time, mod_time, acct, "
		    "user, `partition`, lft, rgt, deleted", w->c);
	column_list(&head, ACCT_ASSOC, ", %s");
	strbuf_addstr(&head, ") values ");
	/* a soft-deleted row of the same key comes back in the new slot */
	strbuf_addstr(&tail, " on duplicate key update deleted=0, mod_time=VALUES(mod_time), "
		      "lft=VALUES(lft), rgt=VALUES(rgt)");
	column_list(&tail, ACCT_ASSOC, ", %1$s=VALUES(%1$s)");
	acct_batch_init(&w->assocs, w->db, head.buf, tail.buf, 8 + n);
	strbuf_release(&head);
	strbuf_release(&tail);
}

static int insert_assoc(struct sqlw *w, size_t idx, const struct acct_obj *o,
			char **cause)
{
	const struct acct_nrow *r = &w->ns.rows[idx];
	const char *params[64];
	char *vals[48], l[24], g[24];
	size_t nv;
	struct strbuf info = STRBUF_INIT;
	int rc = -1;

	strbuf_addf(&info, "mod_time=%s, acct='%s', user='%s', `partition`=''",
		    w->now, o->name, o->user);
	if (obj_values(w, o, vals, &nv, &info, cause) < 0)
		goto out;
	snprintf(l, sizeof(l), "%ld", r->lft);
	snprintf(g, sizeof(g), "%ld", r->rgt);
	params[0] = params[1] = w->now;
	params[2] = o->name;
	params[3] = o->user;
	params[4] = "";
	params[5] = l;
	params[6] = g;
	params[7] = "0";
	for (size_t j = 0; j < nv; j++)
		params[8 + j] = vals[j];
	rc = acct_batch_add(&w->assocs, params, cause);
	w->new_info[idx] = strbuf_detach(&info, NULL);
out:
	free_vals(vals, nv);
	strbuf_release(&info);
	return rc;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* id_assoc of every inserted row, found by its lft (unique in the table). */
static int fetch_new_ids(struct sqlw *w, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select lft, id_assoc from \"%s_assoc_table\" order by lft", w->c);
	long *key = xcalloc(2 * w->ns.n + 2, sizeof(*key));
	size_t n = 0;
	int rc = db_query(w->db, sql, &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		key[2 * n] = strtol(r.rows[i][0], NULL, 10);
		key[2 * n++ + 1] = strtol(r.rows[i][1], NULL, 10);
		if (n > w->ns.n)
			break;
	}
	for (size_t i = 0; rc == 0 && i < w->ns.n; i++) {
		struct acct_nrow *row = &w->ns.rows[i];
		long *hit;

		if (row->id || !w->new_info[i])
			continue;
		hit = bsearch(&row->lft, key, n, 2 * sizeof(*key), cmp_long);
		if (!hit) {
			*cause = xasprintf("association '%s' in '%s' is missing after its insert",
					   row->user, row->acct);
			rc = -1;
		} else {
			row->id = (unsigned long)hit[1];
		}
	}
	free(key);
	free(sql);
	db_rows_release(&r);
	return rc;
}

static int insert_new_rows(struct sqlw *w, char **cause)
{
	int rc = 0;

	w->new_info = xcalloc(w->ns.n + 1, sizeof(*w->new_info));
	assocs_init(w);
	for (size_t i = 0; rc == 0 && i < w->ns.n; i++)
		if (!w->ns.rows[i].id && i < w->alloc_newobj && w->newobj[i])
			rc = insert_assoc(w, i, w->newobj[i], cause);
	if (rc < 0 || acct_batch_flush(&w->assocs, cause) < 0 || fetch_new_ids(w, cause) < 0)
		return -1;
	for (size_t i = 0; rc == 0 && i < w->ns.n; i++) {
		char *idname;

		if (!w->new_info[i])
			continue;
		idname = xasprintf("id_assoc=%lu", w->ns.rows[i].id);
		rc = txn(w, TXN_ADD_ASSOCS, idname, w->new_info[i], true, cause);
		free(idname);
	}
	return rc;
}

static int change_assoc(struct sqlw *w, const struct acct_change *c, char **cause)
{
	const struct acct_obj *o = c->want;
	size_t idx = acct_nset_find(&w->ns, o->name, o->user);
	char *table, id[24], *tn;
	int rc;

	if (idx == SIZE_MAX) {
		*cause = xasprintf("association of '%s' in '%s' vanished during apply",
				   o->user, o->name);
		return -1;
	}
	if (acct_field_differs(o, c->have, acct_field_index(ACCT_ASSOC, "parent"))) {
		*cause = xasprintf("moving account '%s' from '%s' to '%s' is not supported "
				   "by the sql method (use sacctmgr)", o->name,
				   acct_obj_get(c->have, "parent"), acct_obj_get(o, "parent"));
		return -1;
	}
	snprintf(id, sizeof(id), "%lu", w->ns.rows[idx].id);
	table = xasprintf("\"%s_assoc_table\"", w->c);
	tn = xasprintf("id_assoc=%s", id);
	rc = update_fields(w, table, "id_assoc", id, o, c->have, TXN_MODIFY_ASSOCS, tn, cause);
	free(table);
	free(tn);
	return rc;
}

static int write_assocs(struct sqlw *w, char **cause)
{
	if (load_nset(w, cause) < 0 || plan_root_rows(w, cause) < 0 ||
	    plan_assoc_adds(w, cause) < 0 || move_rows(w, cause) < 0 ||
	    insert_new_rows(w, cause) < 0)
		return -1;
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];

		if (c->op == ACCT_CHANGE && c->want->kind == ACCT_ASSOC &&
		    change_assoc(w, c, cause) < 0)
			return -1;
	}
	return 0;
}

/* ---- cluster and removals ---- */

static int add_cluster_row(struct sqlw *w, char **cause)
{
	const char *params[] = { w->now, w->now, w->c };

	if (w->info.cluster_exists)
		return 0;
	if (run(w, "insert into cluster_table (creation_time, mod_time, name, classification, "
		"federation, fed_id, fed_state, features) values (?, ?, ?, 0, '', 0, 0, '') "
		"on duplicate key update deleted=0, mod_time=VALUES(mod_time), control_host='', "
		"control_port=0, classification=0, flags=0, federation='', fed_id=0, "
		"fed_state=0, features=''", params, 3, NULL, cause) < 0)
		return -1;
	return txn(w, TXN_ADD_CLUSTERS, w->c, "federation='', fed_id=0, fed_state=0, features=''",
		   false, cause);
}

static int remove_one(struct sqlw *w, const struct acct_obj *o, char **cause)
{
	static const struct {
		enum acct_kind kind;
		const char *table;
		int action;
	} kinds[] = {
		{ ACCT_QOS, "qos_table", TXN_REMOVE_QOS },
		{ ACCT_ACCOUNT, "acct_table", TXN_REMOVE_ACCOUNTS },
		{ ACCT_USER, "user_table", TXN_REMOVE_USERS },
	};
	const char *params[] = { w->now, o->name, o->user };
	char *sql = NULL, *tn = NULL;
	int rc = -1;

	for (size_t i = 0; i < ARRAY_SIZE(kinds) && !sql; i++) {
		if (kinds[i].kind != o->kind)
			continue;
		sql = xasprintf("update %s set mod_time=?, deleted=1 where name=?",
				kinds[i].table);
		tn = xasprintf("(name='%s')", o->name);
		rc = run(w, sql, params, 2, NULL, cause) ||
			txn(w, kinds[i].action, tn, "", false, cause);
	}
	if (!sql) {
		/* soft delete keeps the row's lft/rgt slot: still a valid nested set */
		sql = xasprintf("update \"%s_assoc_table\" set mod_time=?, deleted=1, is_def=0 "
				"where acct=? && user=? && `partition`=''", w->c);
		tn = xasprintf("(acct='%s' && user='%s')", o->name, o->user);
		rc = run(w, sql, params, 3, NULL, cause) ||
			txn(w, TXN_REMOVE_ASSOCS, tn, "", true, cause);
	}
	free(sql);
	free(tn);
	return rc ? -1 : 0;
}

static int write_removals(struct sqlw *w, char **cause)
{
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];

		if (c->op == ACCT_REMOVE && remove_one(w, c->have, cause) < 0)
			return -1;
	}
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
	if (db_begin(w->db, cause) < 0 || write_qos(w, cause) < 0 ||
	    write_entities(w, cause) < 0 || add_cluster_row(w, cause) < 0 ||
	    write_assocs(w, cause) < 0 || write_removals(w, cause) < 0 ||
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
