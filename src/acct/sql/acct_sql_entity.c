/*
 * acct_sql_entity.c: the sql method's additions and changes of TRES, QoS,
 * accounts, users and coordinators (the rows of the cluster-wide tables),
 * as slurmdbd writes them for sacctmgr's add and modify commands.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_sql_entity.h"
#include "acct/sql/acct_sql_remove.h"
#include "acct/sql/acct_sqlw.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_db.h"
#include "acct/rows/acct_idmap.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"
#include "acct/rows/acct_convert.h"
#include "acct/rows/acct_obj.h"
#include "acct/read/acct_observe.h"
#include "acct/rows/acct_value.h"

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
	st = sqlw_stmt(w, "insert into tres_table (creation_time, type, name) values (?, ?, ?) "
		       "on duplicate key update deleted=0, id=LAST_INSERT_ID(id)", cause);
	if (!st || db_stmt_exec(st, params, 3, NULL, cause) < 0)
		goto out;
	acct_idmap_add(&w->info.tres, (unsigned long)db_stmt_insert_id(st), full);
	idname = xasprintf("id=%llu", db_stmt_insert_id(st));
	info = xasprintf("type='%s', name='%s'", type, name);
	rc = sqlw_txn(w, TXN_ADD_TRES, idname, info, true, cause);
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
	sqlw_column_list(&sb, ACCT_QOS, ", %s");
	strbuf_addstr(&sb, ") values (?, ?, ?");
	for (size_t j = 0; j < n; j++)
		strbuf_addstr(&sb, ", ?");
	strbuf_addstr(&sb, ") on duplicate key update deleted=0, id=LAST_INSERT_ID(id), mod_time=VALUES(mod_time)");
	sqlw_column_list(&sb, ACCT_QOS, ", %1$s=VALUES(%1$s)");
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
	if (sqlw_obj_values(w, &copy, vals, &nv, &info, cause) < 0)
		goto out;
	params[0] = params[1] = w->now;
	params[2] = o->name;
	for (size_t j = 0; j < nv; j++)
		params[3 + j] = vals[j];
	st = sqlw_stmt(w, sql, cause);
	if (!st || db_stmt_exec(st, params, 3 + nv, NULL, cause) < 0)
		goto out;
	acct_idmap_add(&w->info.qos, (unsigned long)db_stmt_insert_id(st), o->name);
	rc = sqlw_txn(w, TXN_ADD_QOS, o->name, info.buf, false, cause);
out:
	sqlw_free_vals(vals, nv);
	free(cv);
	free(sql);
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
	rc = sqlw_update_fields(w, "qos_table", "name", o->name, o, &before, TXN_MODIFY_QOS, tn, cause);
	free(tn);
	free(bv);
	return rc;
}

int sqlw_write_qos(struct sqlw *w, char **cause)
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
		rc = sqlw_update_fields(w, "qos_table", "name", c->want->name, c->want,
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
	char *info = xasprintf("description='%s', organization='%s'%s", d, org,
			       w->gen->account_txn_extra);
	int rc = acct_batch_add(&w->accounts, params, cause);

	if (rc == 0)
		rc = sqlw_txn(w, TXN_ADD_ACCOUNTS, o->name, info, false, cause);
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
	rc = sqlw_txn(w, TXN_ADD_USERS, o->name, info, false, cause);
	free(info);
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
	if (have && sqlw_coord_remove(w, have, acct, cause) < 0)
		return -1;
	copy = xstrdup(want ? want : "");
	for (char *u = strtok_r(copy, ",", &save); !rc && u; u = strtok_r(NULL, ",", &save)) {
		const char *params[] = { w->now, w->now, acct, u };
		char *info = xstrdup(acct);

		rc = sqlw_run(w, "insert into acct_coord_table (creation_time, mod_time, acct, user) "
			      "values (?, ?, ?, ?) on duplicate key update mod_time=VALUES(mod_time), "
			      "deleted=0", params, 4, NULL, cause) ||
			sqlw_txn(w, TXN_ADD_COORDS, u, info, false, cause);
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
			rc = sqlw_update_fields(w, "acct_table", "name", o->name, o, c->have,
						TXN_MODIFY_ACCOUNTS, tn, cause);
			free(tn);
		}
		return rc < 0 ? -1 : write_coords(w, c, cause);
	}
	if (c->op == ACCT_ADD)
		return add_user_row(w, o, cause);
	tn = xasprintf("(name='%s')", o->name);
	rc = sqlw_update_fields(w, "user_table", "name", o->name, o, c->have,
				TXN_MODIFY_USERS, tn, cause);
	free(tn);
	return rc;
}

int sqlw_write_entities(struct sqlw *w, char **cause)
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
