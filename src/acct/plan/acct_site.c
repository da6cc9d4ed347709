/*
 * acct_site.c: one cluster's accounting among the others (acct_site.h).
 * slurmdbd keeps QoS, accounts, users and coordinators once for the whole
 * database and associations per cluster; so what this cluster's plan may
 * prune, and what it changes for everyone, depends on the other clusters:
 * those the database holds (their live associations say which accounts,
 * users and QoS they use) and those of this cluster's site (their
 * inventories say which rows they want, applied yet or not).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/plan/acct_site.h"
#include "acct/read/acct_desired.h"
#include "acct/rows/acct_idmap.h"
#include "acct/rows/acct_obj.h"
#include "transport/db.h"
#include "inventory/site.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

/* One use of one row by one other cluster, while they are gathered. */
struct use1 {
	enum acct_kind kind;
	char *name;
	const char *cluster;	/* borrowed: the cluster list's or a model's */
	bool db;
};

struct uses {
	struct use1 *v;
	size_t n, alloc;
};

/*
 * The rows of the whole database the plan names (its changes), whose
 * uses are looked for: what another cluster does with other rows does
 * not matter to this plan, so a plan of one user costs on a database of
 * many clusters what it costs on one. Past this many names, every use is
 * read at once instead.
 */
#define SITE_TARGETED_MAX 256

struct needed {
	const struct acct_obj **v;	/* borrowed from the plan's sets */
	size_t n;
};

static bool site_wide(enum acct_kind k)
{
	return k == ACCT_QOS || k == ACCT_ACCOUNT || k == ACCT_USER || k == ACCT_FEDERATION;
}

static void needed_build(const struct acct_plan *p, struct needed *nd)
{
	nd->v = xcalloc(p->n_changes + 1, sizeof(*nd->v));
	nd->n = 0;
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_obj *o = p->changes[i].want ? p->changes[i].want :
			p->changes[i].have;

		if (site_wide(o->kind))
			nd->v[nd->n++] = o;
	}
}

static void use_add(struct uses *u, enum acct_kind k, const char *name,
		    const char *cluster, bool db)
{
	if (!name || !*name || !strcmp(name, "root"))
		return;
	XGROW(u->v, u->alloc, u->n + 1);
	u->v[u->n++] = (struct use1){ k, xstrdup(name), cluster, db };
}

/* The QoS ids of a ",1,2," list or a ",+3,-4," delta list (removals are no use). */
static void use_qos_list(struct uses *u, const struct acct_plan *p, const char *list,
			 const char *cluster)
{
	for (const char *s = list; s && *s;) {
		size_t n = strcspn(s, ",");

		if (n && *s != '-') {
			unsigned long id = strtoul(s + (*s == '+'), NULL, 10);

			use_add(u, ACCT_QOS, acct_idmap_name(&p->info.qos, id), cluster, true);
		}
		s += n + (s[n] == ',');
	}
}

/* The rows another cluster's live associations use. */
static int read_cluster_uses(struct db *db, const struct acct_plan *p, const char *c,
			     struct uses *u, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("SELECT DISTINCT acct, user, qos, delta_qos, def_qos_id FROM "
			      "\"%s_assoc_table\" WHERE deleted=0", c);
	int rc = db_query(db, sql, &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		char **row = r.rows[i];

		use_add(u, ACCT_ACCOUNT, row[0], c, true);
		use_add(u, ACCT_USER, row[1], c, true);
		use_qos_list(u, p, row[2], c);
		use_qos_list(u, p, row[3], c);
		if (row[4])
			use_qos_list(u, p, row[4], c);
	}
	free(sql);
	db_rows_release(&r);
	return rc;
}

/* "?, ?, ..." for n names of kind k in nd, their names into params; the count. */
static size_t in_list(const struct needed *nd, enum acct_kind k, struct strbuf *sql,
		      const char **params, size_t at)
{
	size_t n = 0;

	for (size_t i = 0; i < nd->n; i++)
		if (nd->v[i]->kind == k) {
			strbuf_addstr(sql, n ? ", ?" : "?");
			params[at + n++] = nd->v[i]->name;
		}
	return n;
}

/* The accounts and users of nd another cluster's live associations have. */
static int read_named_uses(struct db *db, const char *c, const struct needed *nd,
			   struct uses *u, char **cause)
{
	const char **params = xcalloc(nd->n + 1, sizeof(*params));
	struct strbuf sql = STRBUF_INIT, acc = STRBUF_INIT, usr = STRBUF_INIT;
	struct db_rows r = DB_ROWS_INIT;
	size_t na = in_list(nd, ACCT_ACCOUNT, &acc, params, 0);
	size_t nu = in_list(nd, ACCT_USER, &usr, params, na);
	struct db_stmt *st = NULL;
	int rc = 0;

	strbuf_addf(&sql, "SELECT DISTINCT acct, user FROM \"%s_assoc_table\" WHERE deleted=0 "
		    "AND (acct IN (%s) OR user IN (%s))", c, na ? acc.buf : "''",
		    nu ? usr.buf : "''");
	if (na + nu && (!(st = db_prepare(db, sql.buf, cause)) ||
			db_stmt_exec(st, params, na + nu, &r, cause) < 0))
		rc = -1;
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		use_add(u, ACCT_ACCOUNT, r.rows[i][0], c, true);
		use_add(u, ACCT_USER, r.rows[i][1], c, true);
	}
	db_stmt_free(st);
	db_rows_release(&r);
	strbuf_release(&sql);
	strbuf_release(&acc);
	strbuf_release(&usr);
	free(params);
	return rc;
}

/* The QoS of nd one of another cluster's live associations lists. */
static int read_named_qos(struct db *db, const struct acct_plan *p, const char *c,
			  const struct needed *nd, struct uses *u, char **cause)
{
	for (size_t i = 0; i < nd->n; i++) {
		unsigned long id = nd->v[i]->kind == ACCT_QOS ?
			acct_idmap_id(&p->info.qos, nd->v[i]->name) : 0;
		struct db_rows r = DB_ROWS_INIT;
		char *sql;
		int rc;

		if (!id)
			continue;
		sql = xasprintf("SELECT 1 FROM \"%s_assoc_table\" WHERE deleted=0 AND (qos LIKE "
				"'%%,%lu,%%' OR delta_qos LIKE '%%+%lu,%%' OR def_qos_id=%lu) LIMIT 1",
				c, id, id, id);
		rc = db_query(db, sql, &r, cause);
		if (rc == 0 && r.n_rows)
			use_add(u, ACCT_QOS, nd->v[i]->name, c, true);
		free(sql);
		db_rows_release(&r);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The federations of nd another cluster of the database is a member of. */
static int read_fed_uses(struct db *db, const struct acct_plan *p, const struct needed *nd,
			 struct uses *u, char ***names, size_t *n_names, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	bool any = false;
	int rc;

	for (size_t i = 0; i < nd->n && !any; i++)
		any = nd->v[i]->kind == ACCT_FEDERATION;
	if (!any)
		return 0;
	rc = db_query(db, "SELECT name, federation FROM cluster_table WHERE deleted=0 AND "
		      "federation<>'' ORDER BY name", &r, cause);
	*names = xrealloc(*names, (*n_names + r.n_rows + 1) * sizeof(**names));
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		if (!r.rows[i][0] || !strcmp(r.rows[i][0], p->cluster))
			continue;
		/* the uses borrow this copy, as read_db_clusters()'s */
		(*names)[*n_names] = xstrdup(r.rows[i][0]);
		use_add(u, ACCT_FEDERATION, r.rows[i][1], (*names)[(*n_names)++], true);
	}
	db_rows_release(&r);
	return rc;
}

/* Every other cluster of the database with tables: its uses, and whether it runs. */
static int read_db_clusters(struct db *db, struct acct_plan *p, const struct needed *nd,
			    struct uses *u, char ***names, size_t *n_names, char **cause)
{
	struct db_rows r = DB_ROWS_INIT, t = DB_ROWS_INIT;
	struct acct_site_view *v = p->site;
	int rc = db_query(db, "SELECT name, control_port FROM cluster_table WHERE deleted=0 "
			  "ORDER BY name", &r, cause);

	if (rc == 0)
		rc = db_query(db, "SELECT table_name FROM information_schema.tables WHERE "
			      "table_schema=DATABASE() AND table_name LIKE '%\\_assoc\\_table'",
			      &t, cause);
	*names = xcalloc(r.n_rows + 1, sizeof(**names));
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		const char *c = r.rows[i][0];
		char *table = xasprintf("%s_assoc_table", c ? c : "");
		bool has = false;

		for (size_t k = 0; !has && k < t.n_rows; k++)
			has = t.rows[k][0] && !strcmp(t.rows[k][0], table);
		free(table);
		if (!c || !strcmp(c, p->cluster) || !db_cluster_name_ok(c) || !has)
			continue;
		/* the uses borrow this copy: the rows go before they are merged */
		c = (*names)[(*n_names)++] = xstrdup(c);
		if (r.rows[i][1] && strtol(r.rows[i][1], NULL, 10) != 0) {
			XGROW(v->running, v->n_running_alloc, v->n_running + 1);
			v->running[v->n_running++] = xstrdup(c);
		}
		if (nd->n > SITE_TARGETED_MAX)
			rc = read_cluster_uses(db, p, c, u, cause);
		else if (nd->n)
			rc = read_named_uses(db, c, nd, u, cause) < 0 ? -1 :
				read_named_qos(db, p, c, nd, u, cause);
	}
	db_rows_release(&r);
	db_rows_release(&t);
	return rc;
}

/* Whether model o wants row ob (a QoS, account or user of its own). */
static bool model_wants(const struct model *o, const struct acct_obj *ob)
{
	switch (ob->kind) {
	case ACCT_QOS:
		return model_find_qos(o, ob->name) != NULL;
	case ACCT_FEDERATION:
		return o->federation.name && !strcmp(o->federation.name, ob->name);
	case ACCT_ACCOUNT:
		return model_find_account(o, ob->name) != NULL;
	default:
		return model_find_user(o, ob->name) != NULL;
	}
}

/* The rows the site's other clusters want (their inventories): nd's, or all of them. */
static int read_site_wants(const struct model *m, const struct needed *nd,
			   struct uses *u, char **cause)
{
	const struct site *s = m->in_site;

	for (size_t i = 0; s && i < s->n; i++) {
		const struct model *o = s->clusters[i].m;
		struct acct_objset want = { 0 };

		if (o == m || !o->cluster.name)
			continue;
		if (nd->n <= SITE_TARGETED_MAX) {
			for (size_t k = 0; k < nd->n; k++)
				if (model_wants(o, nd->v[k]))
					use_add(u, nd->v[k]->kind, nd->v[k]->name,
						s->clusters[i].name, false);
			continue;
		}
		if (acct_desired_build(o, &want, cause) < 0)
			return -1;
		for (size_t k = 0; k < want.n; k++) {
			const struct acct_obj *ob = &want.items[k];

			if (site_wide(ob->kind))
				use_add(u, ob->kind, ob->name, s->clusters[i].name, false);
		}
		acct_objset_release(&want);
	}
	return 0;
}

static int use1_cmp(const void *pa, const void *pb)
{
	const struct use1 *a = pa, *b = pb;
	int c = (int)a->kind - (int)b->kind;

	if (c)
		return c;
	if ((c = strcmp(a->name, b->name)))
		return c;
	return strcmp(a->cluster, b->cluster);
}

/* The uses gathered, one entry per row, its clusters joined. */
static void uses_merge(struct acct_site_view *v, struct uses *u)
{
	xqsort(u->v, u->n, sizeof(*u->v), use1_cmp);
	v->uses = xcalloc(u->n + 1, sizeof(*v->uses));
	for (size_t i = 0; i < u->n;) {
		struct acct_site_use *e = &v->uses[v->n++];
		struct strbuf sb = STRBUF_INIT;
		size_t j = i;

		e->kind = u->v[i].kind;
		e->name = xstrdup(u->v[i].name);
		for (; j < u->n && u->v[j].kind == e->kind && !strcmp(u->v[j].name, e->name); j++) {
			e->in_db |= u->v[j].db;
			if (j == i || strcmp(u->v[j].cluster, u->v[j - 1].cluster))
				strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", u->v[j].cluster);
		}
		e->clusters = strbuf_detach(&sb, NULL);
		i = j;
	}
	for (size_t i = 0; i < u->n; i++)
		free(u->v[i].name);
	free(u->v);
}

int acct_site_observe(struct db *db, const struct model *m, struct acct_plan *p,
		      char **cause)
{
	struct uses u = { 0 };
	struct needed nd;
	char **names = NULL;
	size_t n_names = 0;
	const struct host *dbd = model_dbd_host(m);
	int rc = 0;

	p->site = xcalloc(1, sizeof(*p->site));
	if (dbd && dbd->other_cluster)
		p->site->dbd_elsewhere = xstrdup(dbd->other_cluster);
	needed_build(p, &nd);
	if (p->info.has_schema)
		rc = read_db_clusters(db, p, &nd, &u, &names, &n_names, cause);
	if (rc == 0 && p->info.has_schema)
		rc = read_fed_uses(db, p, &nd, &u, &names, &n_names, cause);
	if (rc == 0)
		rc = read_site_wants(m, &nd, &u, cause);
	uses_merge(p->site, &u);
	for (size_t i = 0; i < n_names; i++)
		free(names[i]);
	free(names);
	free(nd.v);
	return rc;
}

void acct_site_keep(struct acct_plan *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		/* a row of the whole database another cluster uses stays */
		if (c->op == ACCT_REMOVE && acct_site_keeps(p, c->have)) {
			XGROW(p->kept, p->alloc_kept, p->n_kept + 1);
			p->kept[p->n_kept++] = c->have;
			continue;
		}
		p->changes[n++] = *c;
	}
	p->n_changes = n;
}

static int find_cmp(const void *key, const void *elem)
{
	const struct acct_obj *o = key;
	const struct acct_site_use *e = elem;
	int c = (int)o->kind - (int)e->kind;

	return c ? c : strcmp(o->name, e->name);
}

const struct acct_site_use *acct_site_find(const struct acct_plan *p,
					   const struct acct_obj *o)
{
	if (!p->site || !p->site->n)
		return NULL;
	return bsearch(o, p->site->uses, p->site->n, sizeof(*p->site->uses), find_cmp);
}

bool acct_site_keeps(const struct acct_plan *p, const struct acct_obj *o)
{
	const struct acct_site_use *e;

	if (!site_wide(o->kind))
		return false;
	e = acct_site_find(p, o);
	return e && (o->kind == ACCT_QOS || o->kind == ACCT_FEDERATION || e->in_db);
}

/* A change of the federation or this cluster's membership. */
static bool fed_change(const struct acct_change *c)
{
	const struct acct_obj *o = c->want ? c->want : c->have;

	return o->kind == ACCT_FEDERATION || o->kind == ACCT_FEDMEMBER;
}

/*
 * A change another running slurmctld caches: any QoS (every slurmctld
 * loads them all), an account or user row another cluster uses
 * (coordinators, admin levels), or a federation (slurmdbd sends its
 * members to every slurmctld it knows).
 */
static bool reaches_running(const struct acct_plan *p, const struct acct_change *c)
{
	const struct acct_obj *o = c->want ? c->want : c->have;

	/* every slurmctld loads every QoS, and a federation's members each other */
	if (o->kind == ACCT_QOS || fed_change(c))
		return true;
	return (o->kind == ACCT_ACCOUNT || o->kind == ACCT_USER) && acct_site_find(p, o);
}

void acct_site_decide(struct acct_plan *p)
{
	struct acct_site_view *v = p->site;

	if (!v)
		return;
	free(v->method_why);
	v->method_why = NULL;
	if (v->dbd_elsewhere) {
		v->method_why = xasprintf("slurmdbd runs on cluster '%s''s host, which this "
					  "cluster's apply does not stop", v->dbd_elsewhere);
		return;
	}
	for (size_t i = 0; v->n_running && i < p->n_changes; i++)
		if (reaches_running(p, &p->changes[i])) {
			struct strbuf sb = STRBUF_INIT;

			for (size_t k = 0; k < v->n_running; k++)
				strbuf_addf(&sb, "%s'%s'", k ? ", " : "", v->running[k]);
			v->method_why = xasprintf("the running slurmctld of cluster%s %s caches "
						  "%s this changes: slurmdbd tells it, rows "
						  "written by sql it would not see",
						  v->n_running > 1 ? "s" : "", sb.buf,
						  fed_change(&p->changes[i]) ?
						  "the federation" : "site-wide rows");
			strbuf_release(&sb);
			return;
		}
}

const char *acct_site_method_why(const struct acct_plan *p)
{
	return p->site ? p->site->method_why : NULL;
}

void acct_site_release(struct acct_site_view *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		free(v->uses[i].name);
		free(v->uses[i].clusters);
	}
	free(v->uses);
	for (size_t i = 0; i < v->n_running; i++)
		free(v->running[i]);
	free(v->running);
	free(v->dbd_elsewhere);
	free(v->method_why);
	free(v);
}
