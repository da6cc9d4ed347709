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
/* slurmdbd hard-deletes rows younger than this (DELETE_SEC_BACK) */
#define DAY_SECS 86400

struct rcl;

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
	struct rcl *cls;		/* removals: slurmdbd's cluster list */
	size_t n_cls;
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

/*
 * as_mysql_remove_coord() for the users in the comma-separated list users
 * (NULL: any) of account acct (NULL: any): rows younger than a day are
 * deleted, the others marked deleted, one audit row with slurmdbd's
 * condition text, "(user='a' || user='b') && (acct='A')".
 */
static int coord_remove(struct sqlw *w, const char *users, const char *acct, char **cause)
{
	struct strbuf where = STRBUF_INIT, tn = STRBUF_INIT;
	char *copy = xstrdup(users ? users : ""), *save = NULL, day_old[24];
	const char **params = xcalloc(strlen(copy) + 3, sizeof(*params));
	size_t np = 1;
	char *sql;
	int rc;

	for (char *u = strtok_r(copy, ",", &save); u; u = strtok_r(NULL, ",", &save)) {
		strbuf_addstr(&where, np == 1 ? "(user=?" : " || user=?");
		strbuf_addf(&tn, "%suser='%s'", np == 1 ? "(" : " || ", u);
		params[np++] = u;
	}
	if (np > 1) {
		strbuf_addch(&where, ')');
		strbuf_addch(&tn, ')');
	}
	if (acct) {
		strbuf_addf(&where, "%s(acct=?)", np > 1 ? " && " : "");
		strbuf_addf(&tn, "%s(acct='%s')", np > 1 ? " && " : "", acct);
		params[np++] = acct;
	}
	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	params[0] = day_old;
	sql = xasprintf("delete from acct_coord_table where creation_time>? && (%s)", where.buf);
	rc = run(w, sql, params, np, NULL, cause);
	free(sql);
	params[0] = w->now;
	sql = xasprintf("update acct_coord_table set mod_time=?, deleted=1 where deleted=0 && (%s)",
			where.buf);
	if (rc == 0)
		rc = run(w, sql, params, np, NULL, cause);
	if (rc == 0)
		rc = txn(w, TXN_REMOVE_COORDS, tn.buf, NULL, false, cause);
	free(sql);
	free(copy);
	free(params);
	strbuf_release(&where);
	strbuf_release(&tn);
	return rc;
}

/*
 * The sacctmgr method's coordinator commands: a changed list is removed
 * whole ("remove coordinator account=A names=<old list>") and the new one
 * added.
 */
static int write_coords(struct sqlw *w, const struct acct_change *c, char **cause)
{
	size_t ci = acct_field_index(ACCT_ACCOUNT, "coordinators");
	const char *want = c->want ? c->want->vals[ci] : NULL;
	const char *have = c->have ? c->have->vals[ci] : NULL;
	const char *acct = (c->want ? c->want : c->have)->name;
	char *copy, *save = NULL;
	int rc = 0;

	if ((!want && !have) || (want && have && !strcmp(want, have)))
		return 0;
	if (have && coord_remove(w, have, acct, cause) < 0)
		return -1;
	copy = xstrdup(want ? want : "");
	for (char *u = strtok_r(copy, ",", &save); !rc && u; u = strtok_r(NULL, ",", &save)) {
		const char *params[] = { w->now, w->now, acct, u };
		char *info = xstrdup(acct);

		rc = run(w, "insert into acct_coord_table (creation_time, mod_time, acct, user) "
			 "values (?, ?, ?, ?) on duplicate key update mod_time=VALUES(mod_time), "
			 "deleted=0", params, 4, NULL, cause) ||
			txn(w, TXN_ADD_COORDS, u, info, false, cause);
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

static int load_nset(struct sqlw *w, const char *cluster, struct acct_nset *ns,
		     char **cause);

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
	/* the table now holds the set as simulated; new rows are this young */
	for (size_t i = 0; i < w->ns.n; i++) {
		w->ns.rows[i].moved = false;
		if (w->new_info[i])
			w->ns.rows[i].ctime = strtoll(w->now, NULL, 10);
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
	if (load_nset(w, w->c, &w->ns, cause) < 0 || plan_root_rows(w, cause) < 0 ||
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

/*
 * ---- removals ----
 *
 * What slurmdbd 22.05 writes for the commands the sacctmgr method runs for
 * a pruned object, in the plan's order (associations deepest first, then
 * users, accounts, QoS):
 *   user association   "delete user where name=U account=A cluster=C", and
 *                      when U has no association left anywhere, U itself
 *   account assoc.     "delete account where name=A cluster=C"
 *   user, account      "delete user|account where name=N" (if still there)
 *   QoS                "delete qos where name=Q"
 * slurmdbd (remove_common()) hard-deletes what was created less than a day
 * ago (DELETE_SEC_BACK) and nobody ran a job under, soft-deletes the rest
 * with its limits reset, marks the usage rows deleted and writes one
 * txn_table row per cluster and object set. The association nested set is
 * updated in memory (acct_nset_remove_subtree()); removed rows are deleted
 * by id at once, the moved ones written once at the end.
 */


struct rcl {
	char *name;
	struct acct_nset own;	/* the rows of a cluster other than w->c */
	struct acct_nset *ns;	/* &w->ns for w->c, else &own */
};

static void txn_on(struct sqlw *w, int action, const char *name, const char *cluster,
		   int *rc, char **cause)
{
	char act[16];
	const char *params[] = { w->now, act, name, w->actor, NULL, cluster };

	if (*rc)
		return;
	snprintf(act, sizeof(act), "%d", action);
	*rc = acct_batch_add(cluster ? &w->txn_cl : &w->txn, params, cause);
}

static int load_nset(struct sqlw *w, const char *cluster, struct acct_nset *ns,
		     char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select id_assoc, acct, user, `partition`, lft, rgt, deleted, "
			      "creation_time from \"%s_assoc_table\" order by lft FOR UPDATE",
			      cluster);
	int rc = db_query(w->db, sql, &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		char **row = r.rows[i];

		acct_nset_push(ns, strtoul(row[0], NULL, 10), row[1], row[2], row[3],
			       strtol(row[4], NULL, 10), strtol(row[5], NULL, 10),
			       (int)strtol(row[6], NULL, 10));
		ns->rows[ns->n - 1].ctime = strtoll(row[7], NULL, 10);
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
static int load_clusters(struct sqlw *w, char **cause)
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
		struct rcl *cl = &w->cls[w->n_cls];

		if (!db_cluster_name_ok(n) || !has_table(&tables, n))
			continue;
		cl->name = xstrdup(n);
		cl->ns = strcmp(n, w->c) ? &cl->own : &w->ns;
		w->n_cls++;
		if (cl->ns == &cl->own && load_nset(w, n, &cl->own, cause) < 0)
			goto out;
	}
	rc = 0;
out:
	db_rows_release(&names);
	db_rows_release(&tables);
	return rc;
}

static void clusters_release(struct sqlw *w)
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

/*
 * The rows (not gone) whose lft lies inside one of rows m[]: their
 * subtrees, soft-deleted rows too unless live_only. In lft order.
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
			in = r->lft >= ns->rows[m[k]].lft && r->lft <= ns->rows[m[k]].rgt;
		if (in)
			v[(*n)++] = i;
	}
	qsort_r(v, *n, sizeof(*v), cmp_row_lft, (void *)ns);
	return v;
}

/* Rows (not gone) matching acct (any when NULL) and user (any when NULL). */
static size_t *rows_matching(const struct acct_nset *ns, const char *acct,
			     const char *user, bool live_only, size_t *n)
{
	size_t *v = xcalloc(ns->n + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < ns->n; i++) {
		const struct acct_nrow *r = &ns->rows[i];

		if (r->gone || (live_only && r->deleted) || (acct && strcmp(r->acct, acct)) ||
		    (user && strcmp(r->user, user)))
			continue;
		v[(*n)++] = i;
	}
	return v;
}

/*
 * What one request removes on a cluster: set, the live rows of the
 * subtrees of the live rows matching acct/user (NULL: any), which get
 * deleted; all, every row of the subtrees (soft-deleted ones too) of the
 * matching rows, live ones only when from_live, whose jobs count.
 */
struct rset {
	size_t *set, *all;
	size_t n_set, n_all;
};

static void rset_build(const struct acct_nset *ns, const char *acct, const char *user,
		       bool from_live, struct rset *r)
{
	size_t nl, na;
	size_t *live = rows_matching(ns, acct, user, true, &nl);
	size_t *any = from_live ? NULL : rows_matching(ns, acct, user, false, &na);

	r->set = rows_within(ns, live, nl, true, &r->n_set);
	r->all = from_live ? rows_within(ns, live, nl, false, &r->n_all) :
		rows_within(ns, any, na, false, &r->n_all);
	free(live);
	free(any);
}

static void rset_release(struct rset *r)
{
	free(r->set);
	free(r->all);
}

/* "<col>=1<sep><col>=2..." over the ids of rows v[]. */
static char *id_list(const struct acct_nset *ns, const size_t *v, size_t n,
		     const char *col, const char *sep)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s=%lu", i ? sep : "", col, ns->rows[v[i]].id);
	return strbuf_detach(&sb, NULL);
}

/*
 * 1 when a job of cluster cl ran (running: runs) under one of rows v[],
 * 0 when none did, -1 on error. slurmdbd counts every row of the subtrees,
 * soft-deleted ones included.
 */
static int jobs_under(struct sqlw *w, const struct rcl *cl, const size_t *v,
		      size_t n, bool running, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *ids, *sql;
	int rc;

	if (!n)
		return 0;
	ids = id_list(cl->ns, v, n, "id_assoc", " || ");
	sql = xasprintf("select id_assoc from \"%s_job_table\" where (%s)%s limit 1", cl->name,
			ids, running ? " && time_end=0 && state<3" : "");
	rc = db_query(w->db, sql, &r, cause);
	if (rc == 0)
		rc = r.n_rows > 0;
	if (rc == 1 && running)
		*cause = xasprintf("jobs are running under associations being removed on "
				   "cluster '%s' (job id_assoc %s); slurmdbd refuses to remove "
				   "them", cl->name, r.rows[0][0]);
	free(ids);
	free(sql);
	db_rows_release(&r);
	return rc;
}

/* has_jobs of remove_common(), refusing when a job still runs. -1 on error. */
static int jobs_check(struct sqlw *w, const struct rcl *cl, const size_t *v,
		      size_t n, bool *has_jobs, char **cause)
{
	int rc = jobs_under(w, cl, v, n, true, cause);

	if (rc != 0)
		return -1;
	rc = jobs_under(w, cl, v, n, false, cause);
	*has_jobs = rc == 1;
	return rc < 0 ? -1 : 0;
}

/*
 * slurmdbd refuses to remove a user's default association while it removes
 * another, non-default one of the same request. Its check (22.05
 * _check_is_def_acct_before_remove) never resets between users: any
 * default row after a non-default one, in user order, refuses. where is
 * "id_assoc=..." or "acct=?" with param.
 */
static int default_check(struct sqlw *w, const struct rcl *cl, const char *where,
			 const char *param, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select is_def, user, acct from \"%s_assoc_table\" where "
			      "deleted=0 && user!='' && (%s) order by user, is_def asc",
			      cl->name, where);
	const char *params[] = { param };
	bool other = false;
	int rc = param ? run(w, sql, params, 1, &r, cause) : db_query(w->db, sql, &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		if (r.rows[i][0][0] == '0') {
			other = true;
		} else if (other) {
			*cause = xasprintf("'%s' is the default account of user '%s' on cluster "
					   "'%s'; slurmdbd refuses to remove it in this request",
					   r.rows[i][2], r.rows[i][1], cl->name);
			rc = -1;
		}
	}
	free(sql);
	db_rows_release(&r);
	return rc;
}

/*
 * Writes cl's nested set back: gone rows deleted at once (later checks read
 * the table), moved rows by id only when moves (once, after all removals).
 */
static int flush_cluster(struct sqlw *w, const struct rcl *cl, bool moves_too,
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
		rc = r->gone ? run(w, del, params, 1, NULL, cause) :
			acct_batch_add(&moves, params, cause);
	}
	if (rc == 0)
		rc = acct_batch_flush(&moves, cause);
	acct_batch_release(&moves);
	free(head);
	free(del);
	return rc;
}

/*
 * The association part of remove_common() for the live rows v[] of cl:
 * usage rows marked deleted, rows younger than a day hard-deleted with
 * their subtree unless jobs ran, the others soft-deleted, limits reset.
 */
static int drop_assocs(struct sqlw *w, const struct rcl *cl, const size_t *v,
		       size_t n, bool has_jobs, char **cause)
{
	static const char *const usage[] = { "day", "hour", "month" };
	long long day_old = strtoll(w->now, NULL, 10) - DAY_SECS;
	size_t *live, nl = 0;
	char *ids, *sql;
	int rc = 0;

	if (!n)
		return 0;
	ids = id_list(cl->ns, v, n, "id", " || ");
	for (size_t i = 0; rc == 0 && i < ARRAY_SIZE(usage); i++) {
		sql = xasprintf("update \"%s_assoc_usage_%s_table\" set mod_time=%s, deleted=1 "
				"where (%s)", cl->name, usage[i], w->now, ids);
		rc = db_exec(w->db, sql, cause);
		free(sql);
	}
	free(ids);
	for (size_t i = 0; !has_jobs && i < n; i++)
		if (cl->ns->rows[v[i]].ctime > day_old)
			acct_nset_remove_subtree(cl->ns, v[i]);
	live = xcalloc(n, sizeof(*live));
	for (size_t i = 0; i < n; i++)
		if (!cl->ns->rows[v[i]].gone)
			live[nl++] = v[i];
	ids = id_list(cl->ns, live, nl, "id_assoc", " || ");
	sql = xasprintf("update \"%s_assoc_table\" as t1 set mod_time=%s, deleted=1, "
			"def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, "
			"max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, "
			"max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, "
			"max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, "
			"grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, "
			"grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, "
			"grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, "
			"priority=DEFAULT, is_def=DEFAULT where (%s)", cl->name, w->now, ids);
	if (rc == 0 && nl)
		rc = db_exec(w->db, sql, cause);
	for (size_t i = 0; i < nl; i++)
		cl->ns->rows[live[i]].deleted = 1;
	free(sql);
	free(ids);
	free(live);
	return rc == 0 ? flush_cluster(w, cl, false, cause) : -1;
}

/* "delete user|account where name=N account=A cluster=C" (user: NULL = any). */
static int rm_assocs(struct sqlw *w, const struct rcl *cl, const char *acct,
		     const char *user, char **cause)
{
	struct rset r;
	char *ids;
	bool has_jobs = false;
	int rc = 0;

	rset_build(cl->ns, acct, user, true, &r);
	ids = id_list(cl->ns, r.set, r.n_set, "id_assoc", " || ");
	if (r.n_set) {
		rc = default_check(w, cl, ids, NULL, cause) ||
			jobs_check(w, cl, r.all, r.n_all, &has_jobs, cause) ? -1 : 0;
		txn_on(w, TXN_REMOVE_ASSOCS, ids, cl->name, &rc, cause);
		if (rc == 0)
			rc = drop_assocs(w, cl, r.set, r.n_set, has_jobs, cause);
	}
	free(ids);
	rset_release(&r);
	return rc;
}

static int name_exists(struct sqlw *w, const char *table, const char *name,
		       char **id, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select %s from %s where deleted=0 && name=?",
			      id ? "id" : "name", table);
	const char *params[] = { name };
	int rc = run(w, sql, params, 1, &r, cause);

	if (rc == 0)
		rc = r.n_rows > 0;
	if (rc == 1 && id)
		*id = xstrdup(r.rows[0][0]);
	free(sql);
	db_rows_release(&r);
	return rc;
}

/*
 * remove_common() for a user or an account on cluster cl: key is the
 * assoc column (user, acct), table the entity's table (by name).
 */
static int rm_entity_on(struct sqlw *w, const struct rcl *cl, const char *table,
			const char *key, const char *name, int action, char **cause)
{
	bool user = !strcmp(key, "user");
	struct rset r;
	char day_old[24], *sql, *tn = xasprintf("name='%s'", name);
	const char *dparams[] = { day_old, name }, *uparams[] = { w->now, name };
	bool has_jobs = false;
	int rc = 0;

	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	rset_build(cl->ns, user ? NULL : name, user ? name : NULL, false, &r);
	if (!user)
		rc = default_check(w, cl, "acct=?", name, cause);
	if (rc == 0)
		rc = jobs_check(w, cl, r.all, r.n_all, &has_jobs, cause);
	sql = xasprintf("delete from %s where creation_time>? && (name=?)", table);
	if (rc == 0 && !has_jobs)
		rc = run(w, sql, dparams, 2, NULL, cause);
	free(sql);
	sql = xasprintf("update %s set mod_time=?, deleted=1 where deleted=0 && (name=?)", table);
	if (rc == 0)
		rc = run(w, sql, uparams, 2, NULL, cause);
	free(sql);
	txn_on(w, action, tn, NULL, &rc, cause);
	if (rc == 0)
		rc = drop_assocs(w, cl, r.set, r.n_set, has_jobs, cause);
	free(tn);
	rset_release(&r);
	return rc;
}

/*
 * "sacctmgr -i delete user|account where name=N": as_mysql_remove_users()
 * (key "user") or as_mysql_remove_accts() (key "acct"): the coordinator
 * rows, then remove_common() on every cluster; a user's coordinator rows
 * are marked once more at the end.
 */
static int rm_entity(struct sqlw *w, const char *key, const char *name, char **cause)
{
	bool user = !strcmp(key, "user");
	const char *table = user ? "user_table" : "acct_table";
	const char *params[] = { w->now, name };
	int rc = name_exists(w, table, name, NULL, cause);

	if (rc <= 0)
		return rc;
	rc = user ? coord_remove(w, name, NULL, cause) : coord_remove(w, NULL, name, cause);
	for (size_t i = 0; rc == 0 && i < w->n_cls; i++)
		rc = rm_entity_on(w, &w->cls[i], table, key, name,
				  user ? TXN_REMOVE_USERS : TXN_REMOVE_ACCOUNTS, cause);
	if (rc == 0 && user)
		rc = run(w, "update acct_coord_table as t2 set deleted=1, mod_time=? "
			 "where t2.user=?", params, 2, NULL, cause);
	return rc;
}

/* remove_common() for qos_table: no association rows, jobs by id_qos. */
static int rm_qos_on(struct sqlw *w, const char *cluster, const char *id, char **cause)
{
	char day_old[24], *sql, *tn = xasprintf("id='%s'", id);
	const char *dparams[] = { day_old, id }, *uparams[] = { w->now, id };
	struct db_rows r = DB_ROWS_INIT;
	int rc = 0;

	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	if (cluster) {
		sql = xasprintf("select id_assoc from \"%s_job_table\" where (id_qos=?) limit 1",
				cluster);
		rc = run(w, sql, &id, 1, &r, cause);
		free(sql);
	}
	if (rc == 0 && !r.n_rows)
		rc = run(w, "delete from qos_table where creation_time>? && (id=?)",
			 dparams, 2, NULL, cause);
	if (rc == 0)
		rc = run(w, "update qos_table set mod_time=?, deleted=1, grace_time=DEFAULT, "
			 "max_jobs_pa=DEFAULT, max_jobs_per_user=DEFAULT, max_jobs_accrue_pa=DEFAULT, "
			 "max_jobs_accrue_pu=DEFAULT, min_prio_thresh=DEFAULT, "
			 "max_submit_jobs_pa=DEFAULT, max_submit_jobs_per_user=DEFAULT, "
			 "max_tres_pa=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, "
			 "max_tres_pu=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins_pa=DEFAULT, "
			 "max_tres_run_mins_pu=DEFAULT, min_tres_pj=DEFAULT, "
			 "max_wall_duration_per_job=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, "
			 "grp_jobs_accrue=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, "
			 "grp_tres_run_mins=DEFAULT, grp_wall=DEFAULT, preempt=DEFAULT, "
			 "preempt_exempt_time=DEFAULT, priority=DEFAULT, usage_factor=DEFAULT, "
			 "usage_thres=DEFAULT, limit_factor=DEFAULT where deleted=0 && (id=?)",
			 uparams, 2, NULL, cause);
	txn_on(w, TXN_REMOVE_QOS, tn, NULL, &rc, cause);
	db_rows_release(&r);
	free(tn);
	return rc;
}

/*
 * "sacctmgr -i delete qos where name=Q": as_mysql_remove_qos(). On every
 * cluster the id leaves the associations' lists the way slurmdbd does it,
 * replace(qos, ',ID,', '') (",1,2,3," becomes ",13,": 22.05's own text).
 */
static int rm_qos(struct sqlw *w, const char *name, char **cause)
{
	char *id = NULL, *sql, *q = NULL, *dp = NULL, *dm = NULL;
	int rc = name_exists(w, "qos_table", name, &id, cause);

	if (rc <= 0)
		return rc;
	q = xasprintf(",%s,", id);
	dp = xasprintf(",+%s,", id);
	dm = xasprintf(",-%s,", id);
	rc = 0;
	for (size_t i = 0; rc == 0 && i < w->n_cls; i++) {
		const char *params[] = { w->now, q, dp, dm };

		sql = xasprintf("update \"%s_assoc_table\" set mod_time=?, qos=replace(qos, ?, ''), "
				"delta_qos=replace(delta_qos, ?, ''), delta_qos=replace(delta_qos, ?, '') "
				"where deleted=0", w->cls[i].name);
		rc = run(w, sql, params, 4, NULL, cause);
		free(sql);
		if (rc == 0)
			rc = rm_qos_on(w, w->cls[i].name, id, cause);
	}
	if (rc == 0 && !w->n_cls)
		rc = rm_qos_on(w, NULL, id, cause);
	free(id);
	free(q);
	free(dp);
	free(dm);
	return rc;
}

static bool user_has_assocs(const struct sqlw *w, const char *user)
{
	for (size_t i = 0; i < w->n_cls; i++) {
		const struct acct_nset *ns = w->cls[i].ns;

		for (size_t j = 0; j < ns->n; j++)
			if (!ns->rows[j].gone && !ns->rows[j].deleted &&
			    !strcmp(ns->rows[j].user, user))
				return true;
	}
	return false;
}

static int remove_one(struct sqlw *w, const struct acct_obj *o, char **cause)
{
	const struct rcl *cl = NULL;

	switch (o->kind) {
	case ACCT_QOS:
		return rm_qos(w, o->name, cause);
	case ACCT_ACCOUNT:
		return rm_entity(w, "acct", o->name, cause);
	case ACCT_USER:
		return rm_entity(w, "user", o->name, cause);
	default:
		break;
	}
	for (size_t i = 0; i < w->n_cls; i++)
		if (!strcmp(w->cls[i].name, w->c))
			cl = &w->cls[i];
	if (!cl)
		return 0;
	if (!*o->user)
		return rm_assocs(w, cl, o->name, NULL, cause);
	if (rm_assocs(w, cl, o->name, o->user, cause) < 0)
		return -1;
	/* sacctmgr removes a user left without associations */
	return user_has_assocs(w, o->user) ? 0 : rm_entity(w, "user", o->user, cause);
}

static int write_removals(struct sqlw *w, char **cause)
{
	bool any = false;

	for (size_t i = 0; i < w->p->n_changes; i++)
		any = any || w->p->changes[i].op == ACCT_REMOVE;
	if (any && load_clusters(w, cause) < 0)
		return -1;
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];

		if (c->op == ACCT_REMOVE && remove_one(w, c->have, cause) < 0)
			return -1;
	}
	for (size_t i = 0; i < w->n_cls; i++)
		if (flush_cluster(w, &w->cls[i], true, cause) < 0)
			return -1;
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
	clusters_release(w);
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
