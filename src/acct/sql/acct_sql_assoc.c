/*
 * acct_sql_assoc.c: the sql method's new and changed associations of the
 * plan's cluster. New rows are placed in the nested set simulated in memory
 * (acct_nset.c; flat, with lft = rgt = 0, on a 23.11+ registered cluster),
 * the existing rows that move are written once by id, then the new rows are
 * inserted in batches and their ids read back by key. With 23.11+ lineage,
 * a new row goes in once its parent's id is known (insert_waves()).
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_sql_assoc.h"
#include "acct/sql/acct_sql_rset.h"
#include "acct/sql/acct_sqlw.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_db.h"
#include "acct/rows/acct_idmap.h"
#include "acct/rows/acct_nset.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_obj.h"

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
	if (w->gen->lineage)
		acct_nset_set_lineage(&w->ns, w->ns.n - 1, "/");
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
		free(w->ns.rows[idx].part);
		w->ns.rows[idx].part = xstrdup(acct_obj_part(o));
		if (o->part && w->ns.rows[idx].lineage) {	/* 23.11+: .../0-user/part/ */
			char *l = xasprintf("%s%s/", w->ns.rows[idx].lineage, o->part);

			acct_nset_set_lineage(&w->ns, idx, l);
			free(l);
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

/*
 * The columns of an inserted association: the key, deleted, lft/rgt where
 * the schema has them, id_parent/lineage from 23.11, flags where the root
 * user's row carries some (25.05), then the fields. A revived row keeps
 * its flags, as with slurmdbd.
 */
static void assocs_init(struct sqlw *w)
{
	struct strbuf head = STRBUF_INIT, tail = STRBUF_INIT;
	size_t n;

	acct_fields(ACCT_ASSOC, &n);
	strbuf_addf(&head, "insert into \"%s_assoc_table\" (creation_time, mod_time, acct, "
		    "user, `partition`, deleted", w->c);
	if (w->gen->nested_set)
		strbuf_addstr(&head, ", lft, rgt");
	if (w->gen->lineage)
		strbuf_addstr(&head, ", id_parent, lineage");
	if (w->gen->root_user_flags)
		strbuf_addstr(&head, ", flags");
	sqlw_column_list(&head, ACCT_ASSOC, ", %s");
	strbuf_addstr(&head, ") values ");
	/* a soft-deleted row of the same key comes back (in the new slot) */
	strbuf_addstr(&tail, " on duplicate key update deleted=0, mod_time=VALUES(mod_time)");
	if (w->gen->nested_set && !w->ns.flat)
		strbuf_addstr(&tail, ", lft=VALUES(lft), rgt=VALUES(rgt)");
	if (w->gen->lineage)
		strbuf_addstr(&tail, ", id_parent=VALUES(id_parent), lineage=VALUES(lineage)");
	sqlw_column_list(&tail, ACCT_ASSOC, ", %1$s=VALUES(%1$s)");
	acct_batch_init(&w->assocs, w->db, head.buf, tail.buf, 6 + (w->gen->nested_set ? 2 : 0) +
			(w->gen->lineage ? 2 : 0) + !!w->gen->root_user_flags + n);
	strbuf_release(&head);
	strbuf_release(&tail);
}

/* Row index of row idx's parent (the account row above it); SIZE_MAX for root. */
static size_t parent_index(const struct sqlw *w, size_t idx)
{
	const struct acct_nrow *r = &w->ns.rows[idx];
	const struct acct_obj *o = idx < w->alloc_newobj ? w->newobj[idx] : NULL;
	const char *parent;

	if (!*r->user && !strcmp(r->acct, "root"))
		return SIZE_MAX;
	parent = *r->user ? r->acct : o ? acct_obj_get(o, "parent") : NULL;
	return parent ? acct_nset_parent(&w->ns, parent) : SIZE_MAX;
}

/* id_parent of row idx: 0 for root. */
static unsigned long parent_id(const struct sqlw *w, size_t idx)
{
	size_t p = parent_index(w, idx);

	return p == SIZE_MAX ? 0 : w->ns.rows[p].id;
}

static int insert_assoc(struct sqlw *w, size_t idx, const struct acct_obj *o,
			char **cause)
{
	const struct acct_nrow *r = &w->ns.rows[idx];
	const char *params[64];
	char *vals[48], l[24], g[24], par[24];
	size_t nv = 0, np = 6, nf, isdef = acct_field_index(ACCT_ASSOC, "is_def");
	struct acct_obj copy = *o;
	struct strbuf info = STRBUF_INIT;
	int rc = -1;

	/* the is_def slurmdbd leaves on an account's row */
	acct_fields(ACCT_ASSOC, &nf);
	copy.vals = xcalloc(nf, sizeof(*copy.vals));
	memcpy(copy.vals, o->vals, nf * sizeof(*copy.vals));
	if (!*o->user)
		copy.vals[isdef] = (char *)w->gen->account_is_def;
	params[0] = params[1] = w->now;
	params[2] = o->name;
	params[3] = o->user;
	params[4] = acct_obj_part(o);
	params[5] = "0";
	if (w->gen->nested_set) {
		snprintf(l, sizeof(l), "%ld", r->lft);
		snprintf(g, sizeof(g), "%ld", r->rgt);
		params[np++] = l;
		params[np++] = g;
	}
	strbuf_addf(&info, "mod_time=%s, acct='%s', user='%s', `partition`='%s'",
		    w->now, o->name, o->user, acct_obj_part(o));
	if (w->gen->lineage) {
		snprintf(par, sizeof(par), "%lu", parent_id(w, idx));
		strbuf_addf(&info, ", id_parent='%s', lineage='%s'", par, r->lineage);
		params[np++] = par;
		params[np++] = r->lineage;
	}
	if (w->gen->root_user_flags) {
		bool root_user = !strcmp(o->name, "root") && !strcmp(o->user, "root");

		params[np++] = root_user ? w->gen->root_user_flags : "0";
		if (root_user)
			strbuf_addf(&info, ", flags=%s", w->gen->root_user_flags);
	}
	if (sqlw_obj_values(w, &copy, vals, &nv, &info, cause) < 0)
		goto out;
	for (size_t j = 0; j < nv; j++)
		params[np + j] = vals[j];
	rc = acct_batch_add(&w->assocs, params, cause);
	w->new_info[idx] = strbuf_detach(&info, NULL);
out:
	sqlw_free_vals(vals, nv);
	free(copy.vals);
	strbuf_release(&info);
	return rc;
}

static char *row_key(const char *acct, const char *user, const char *part)
{
	return xasprintf("%s\x1f%s\x1f%s", acct, user, part);
}

static int cmp_key(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* id_assoc of every inserted row, found by its (acct, user, partition). */
static int fetch_new_ids(struct sqlw *w, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select acct, user, `partition`, id_assoc from \"%s_assoc_table\"",
			      w->c);
	char **key = NULL;
	int rc = db_query(w->db, sql, &r, cause);

	key = xcalloc(2 * r.n_rows + 2, sizeof(*key));
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		key[2 * i] = row_key(r.rows[i][0], r.rows[i][1], r.rows[i][2]);
		key[2 * i + 1] = r.rows[i][3];
	}
	if (rc == 0)
		xqsort(key, r.n_rows, 2 * sizeof(*key), cmp_key);
	for (size_t i = 0; rc == 0 && i < w->ns.n; i++) {
		struct acct_nrow *row = &w->ns.rows[i];
		char *k, **hit;

		if (row->id || !w->new_info[i])
			continue;
		k = row_key(row->acct, row->user, row->part);
		hit = bsearch(&k, key, r.n_rows, 2 * sizeof(*key), cmp_key);
		free(k);
		if (!hit) {
			*cause = xasprintf("association '%s' in '%s' is missing after its insert",
					   row->user, row->acct);
			rc = -1;
		} else {
			row->id = strtoul(hit[1], NULL, 10);
		}
	}
	for (size_t i = 0; i < r.n_rows; i++)
		free(key[2 * i]);
	free(key);
	free(sql);
	db_rows_release(&r);
	return rc;
}

/* A new row to insert in this wave: with lineage, once its parent has an id. */
static bool insert_now(const struct sqlw *w, size_t i)
{
	size_t p;

	if (w->ns.rows[i].id || i >= w->alloc_newobj || !w->newobj[i] || w->new_info[i])
		return false;
	if (!w->gen->lineage)
		return true;
	p = parent_index(w, i);
	return p == SIZE_MAX || w->ns.rows[p].id;
}

/*
 * Inserts the new rows in waves, reading their ids back after each. With
 * 23.11+ lineage a row waits for its parent's id so that id_parent goes
 * in with the row: an account tree of depth d costs d + 1 waves, where
 * setting id_parent afterwards rewrote every new row (0.55 s of the 1.6 s
 * transaction of 10,000 users on 24.11). Without lineage: one wave.
 */
static int insert_waves(struct sqlw *w, char **cause)
{
	size_t n;

	do {
		n = 0;
		for (size_t i = 0; i < w->ns.n; i++) {
			if (!insert_now(w, i))
				continue;
			if (insert_assoc(w, i, w->newobj[i], cause) < 0)
				return -1;
			n++;
		}
		if (n && (acct_batch_flush(&w->assocs, cause) < 0 || fetch_new_ids(w, cause) < 0))
			return -1;
	} while (n);
	for (size_t i = 0; i < w->ns.n && i < w->alloc_newobj; i++) {
		if (w->newobj[i] && !w->ns.rows[i].id) {
			*cause = xasprintf("association '%s' in '%s' has no parent row to go under",
					   w->ns.rows[i].user, w->ns.rows[i].acct);
			return -1;
		}
	}
	return 0;
}

static int insert_new_rows(struct sqlw *w, char **cause)
{
	int rc = 0;

	w->new_info = xcalloc(w->ns.n + 1, sizeof(*w->new_info));
	assocs_init(w);
	if (insert_waves(w, cause) < 0)
		return -1;
	for (size_t i = 0; rc == 0 && i < w->ns.n; i++) {
		char *idname;

		if (!w->new_info[i])
			continue;
		idname = xasprintf("id_assoc=%lu", w->ns.rows[i].id);
		rc = sqlw_txn(w, TXN_ADD_ASSOCS, idname, w->new_info[i], true, cause);
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
	size_t idx = acct_nset_find_part(&w->ns, o->name, o->user, acct_obj_part(o));
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
	rc = sqlw_update_fields(w, table, "id_assoc", id, o, c->have, TXN_MODIFY_ASSOCS, tn, cause);
	free(table);
	free(tn);
	return rc;
}

int sqlw_write_assocs(struct sqlw *w, char **cause)
{
	if (sqlw_load_nset(w, w->c, &w->ns, cause) < 0 || plan_root_rows(w, cause) < 0 ||
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
