/*
 * acct_import_site.c: "import accounting SITE": the accounting of every
 * cluster of one database as a site file's qos:, accounts: and users:
 * (docs/site.md). QoS, accounts and users are rows of the whole database,
 * read once; associations are each cluster's: those alike on several
 * clusters become one entry whose clusters: names them (none when every
 * cluster has it), and an association two clusters set apart cannot be one
 * entry: it is written as the first cluster has it and named a problem,
 * so the import says it is lossy. The federation the clusters are members
 * of becomes the site file's federation:.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/read/acct_observe.h"
#include "acct/rows/acct_db.h"
#include "acct/rows/acct_obj.h"
#include "import/acct_import.h"
#include "import/acct_import_site.h"
#include "transport/db.h"
#include "transport/hosttarget.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "base/yamlout.h"

/* One cluster's association, while they are merged. */
struct tagged {
	const struct acct_obj *o;
	size_t cluster;
};

static int tagged_cmp(const void *a, const void *b)
{
	const struct tagged *x = a, *y = b;
	int c = acct_obj_cmp(x->o, y->o);

	if (c)
		return c;
	return (x->cluster > y->cluster) - (x->cluster < y->cluster);
}

static bool same_key(const struct acct_obj *a, const struct acct_obj *b)
{
	return !strcmp(a->name, b->name) && !strcmp(a->user, b->user) &&
	       !strcmp(acct_obj_part(a), acct_obj_part(b));
}

static bool same_fields(const struct acct_obj *a, const struct acct_obj *b)
{
	size_t n;

	acct_fields(a->kind, &n);
	for (size_t j = 0; j < n; j++)
		if ((!a->vals[j] || !b->vals[j]) ? a->vals[j] != b->vals[j] :
		    strcmp(a->vals[j], b->vals[j]) != 0)
			return false;
	return true;
}

static void copy_obj(struct acct_objset *to, const struct acct_obj *o)
{
	struct acct_obj *c = acct_objset_add(to, o->kind, o->name, o->user);
	size_t n;

	acct_obj_set_part(c, o->part);
	acct_fields(o->kind, &n);
	for (size_t j = 0; j < n; j++)
		c->vals[j] = o->vals[j] ? xstrdup(o->vals[j]) : NULL;
}

struct site_read {
	char **names;			/* the database's clusters read */
	struct acct_objset *sets;	/* each one's objects */
	size_t n;
	struct acct_objset merged;
	char **where;			/* per merged object: "a,b", NULL: all */
	size_t alloc_where;
	int problems;
};

/*
 * The group g[0..n) of one association on several clusters: one object,
 * on the clusters whose association is alike the first's.
 */
static void merge_group(struct site_read *r, const struct tagged *g, size_t n,
			struct strbuf *problems)
{
	struct strbuf on = STRBUF_INIT;
	size_t alike = 0;

	copy_obj(&r->merged, g[0].o);
	for (size_t i = 0; i < n; i++) {
		char *label;

		if (same_fields(g[0].o, g[i].o)) {
			strbuf_addf(&on, "%s%s", on.len ? "," : "", r->names[g[i].cluster]);
			alike++;
			continue;
		}
		label = acct_obj_label(g[i].o);
		strbuf_addf(problems, "%s: on cluster '%s' it is set apart from cluster "
			    "'%s': written as on '%s'\n", label, r->names[g[i].cluster],
			    r->names[g[0].cluster], r->names[g[0].cluster]);
		r->problems++;
		free(label);
	}
	XGROW(r->where, r->alloc_where, r->merged.n);
	r->where[r->merged.n - 1] = alike == r->n ? NULL : strbuf_detach(&on, NULL);
	strbuf_release(&on);
}

/* The rows of the whole database once (the first cluster's), then the associations merged. */
static void merge(struct site_read *r, struct strbuf *problems)
{
	struct tagged *v = NULL;
	size_t n = 0, alloc = 0;

	for (size_t i = 0; r->n && i < r->sets[0].n; i++)
		if (r->sets[0].items[i].kind != ACCT_ASSOC && r->sets[0].items[i].kind != ACCT_CLUSTER)
			copy_obj(&r->merged, &r->sets[0].items[i]);
	r->where = xcalloc(r->merged.n + 1, sizeof(*r->where));
	r->alloc_where = r->merged.n + 1;
	for (size_t c = 0; c < r->n; c++)
		for (size_t i = 0; i < r->sets[c].n; i++)
			if (r->sets[c].items[i].kind == ACCT_ASSOC) {
				XGROW(v, alloc, n + 1);
				v[n++] = (struct tagged){ &r->sets[c].items[i], c };
			}
	/* each association's clusters together, in the database's order */
	xqsort(v, n, sizeof(*v), tagged_cmp);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && same_key(v[i].o, v[j].o); j++)
			;
		merge_group(r, v + i, j - i, problems);
	}
	free(v);
}

/* The database's clusters with tables (those of only when n_only). */
static int read_names(struct db *db, const char *const *only, size_t n_only,
		      struct site_read *r, char **cause)
{
	struct db_rows rows = DB_ROWS_INIT;

	if (db_query(db, "SELECT c.name FROM cluster_table c JOIN information_schema.tables t "
		     "ON t.table_schema=DATABASE() AND t.table_name=CONCAT(c.name, '_assoc_table') "
		     "WHERE c.deleted=0 ORDER BY c.name", &rows, cause) < 0)
		return -1;
	r->names = xcalloc(rows.n_rows + 1, sizeof(*r->names));
	for (size_t i = 0; i < rows.n_rows; i++) {
		bool want = !n_only;

		for (size_t k = 0; !want && k < n_only; k++)
			want = !strcmp(only[k], rows.rows[i][0]);
		if (want && db_cluster_name_ok(rows.rows[i][0]))
			r->names[r->n++] = xstrdup(rows.rows[i][0]);
	}
	db_rows_release(&rows);
	return 0;
}

static int read_clusters(struct db *db, struct site_read *r, struct strbuf *problems,
			 char **cause)
{
	r->sets = xcalloc(r->n + 1, sizeof(*r->sets));
	for (size_t c = 0; c < r->n; c++) {
		struct acct_dbinfo info;
		int extra;

		if (acct_observe(db, r->names[c], &r->sets[c], &info, cause) < 0) {
			acct_dbinfo_release(&info);
			return -1;
		}
		extra = acct_import_unmodelled(db, r->names[c], &info, c == 0, problems, cause);
		acct_dbinfo_release(&info);
		if (extra < 0)
			return -1;
		r->problems += extra;
	}
	return 0;
}

/* One member as a federation: entry; its state when sacctmgr could set it. */
static int emit_member(const struct acct_obj *o, struct strbuf *out, struct strbuf *problems)
{
	const char *features = acct_obj_get(o, "features");
	const char *state = acct_obj_get(o, "state");
	bool settable = !strcmp(state, "active") || !strcmp(state, "inactive") ||
		!strcmp(state, "drain");

	strbuf_addstr(out, "    - {name: ");
	yamlout_scalar(out, o->name);
	if (features) {
		strbuf_addstr(out, ", features: ");
		yamlout_list(out, features);
	}
	if (settable && strcmp(state, "active")) {
		strbuf_addstr(out, ", state: ");
		yamlout_scalar(out, state);
	}
	strbuf_addstr(out, "}\n");
	if (settable)
		return 0;
	strbuf_addf(problems, "cluster '%s' of federation '%s': its state (%s) is none the "
		    "inventory sets: written as active\n", o->name, acct_obj_get(o, "federation"),
		    state);
	return 1;
}

/*
 * The federation the clusters read are members of, as a site file's
 * federation:; a site has one: a cluster in another is named a problem.
 * The number of problems.
 */
static int emit_federation(const struct site_read *r, struct strbuf *out,
			   struct strbuf *problems)
{
	const char *fed = NULL, *first = NULL;
	int n = 0;

	for (size_t c = 0; c < r->n; c++)
		for (size_t i = 0; i < r->sets[c].n; i++) {
			const struct acct_obj *o = &r->sets[c].items[i];
			const char *f = o->kind == ACCT_FEDMEMBER ?
				acct_obj_get(o, "federation") : NULL;

			if (!f)
				continue;
			if (fed && strcmp(f, fed)) {
				strbuf_addf(problems, "cluster '%s' is in federation '%s', cluster "
					    "'%s' in '%s': a site declares one; left out\n",
					    o->name, f, first, fed);
				n++;
				continue;
			}
			if (!fed) {
				fed = f;
				first = o->name;
				strbuf_addstr(out, "\nfederation:\n  name: ");
				yamlout_scalar(out, fed);
				strbuf_addstr(out, "\n  clusters:\n");
			}
			n += emit_member(o, out, problems);
		}
	return n;
}

static void site_read_release(struct site_read *r)
{
	for (size_t c = 0; c < r->n; c++) {
		free(r->names[c]);
		acct_objset_release(&r->sets[c]);
	}
	for (size_t i = 0; r->where && i < r->merged.n; i++)
		free(r->where[i]);
	free(r->where);
	free(r->names);
	free(r->sets);
	acct_objset_release(&r->merged);
}

int acct_import_db_site(const struct model *m, bool accept_new, const char *const *only,
			size_t n_only, struct strbuf *out, struct strbuf *problems, char **cause)
{
	struct site_read r = { 0 };
	struct transport_target via;
	struct db *db = NULL;
	struct strbuf where = STRBUF_INIT;
	int rc = -1;

	if (!m->db.host) {
		*cause = xstrdup("the site file has no database: section (database.host)");
		return -1;
	}
	if (db_connect(&m->db, db_tunnel_target(m, accept_new, &via), &db, cause) < 0 ||
	    read_names(db, only, n_only, &r, cause) < 0)
		goto out;
	if (!r.n) {
		*cause = xasprintf("the database '%s' holds no cluster%s", db_name(&m->db),
				   n_only ? " of those named" : "");
		goto out;
	}
	if (read_clusters(db, &r, problems, cause) < 0)
		goto out;
	merge(&r, problems);
	strbuf_addf(&where, "cluster%s ", r.n > 1 ? "s" : "");
	for (size_t c = 0; c < r.n; c++)
		strbuf_addf(&where, "%s'%s'", c ? ", " : "", r.names[c]);
	strbuf_addf(&where, " in the database %s at %s:%lld", db_name(&m->db), m->db.host,
		    db_port(&m->db));
	rc = r.problems + acct_import_emit_site(&r.merged, (const char *const *)r.where,
						true, where.buf, out, problems);
	rc += emit_federation(&r, out, problems);
out:
	if (db)
		db_rollback(db);
	db_close(db);
	site_read_release(&r);
	strbuf_release(&where);
	return rc;
}
