/*
 * acct_import.c: canonical accounting objects (acct_state.h) back into
 * inventory YAML: the inverse of acct_desired.c. Every value the desired
 * state would fill in by default (description = name, organization =
 * parent, fairshare 1, usage factor 1, admin level none) is left out, so
 * that what remains is what a person chose; what the schema cannot hold
 * is reported, never dropped. Also the live-database source: the objects
 * acct_observe() reads, and the columns it has no field for.
 */
#include "base/compat.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acct/rows/acct_db.h"
#include "acct/read/acct_dump.h"
#include "import/acct_import.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"
#include "transport/hosttarget.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "inventory/model.h"
#include "acct/rows/acct_convert.h"
#include "acct/read/acct_desired.h"
#include "acct/rows/acct_obj.h"
#include "acct/read/acct_observe.h"
#include "acct/rows/acct_value.h"

#define FAIRSHARE_PARENT "2147483647"

/* ---- scalars ---- */

/* Minutes as a Slurm time a person writes: 2-00:00:00, 04:30:00, 1-12:00:00. */
static void add_minutes(struct strbuf *out, const char *canon)
{
	long long m = strtoll(canon, NULL, 10);

	if (m < 0)
		strbuf_addstr(out, "UNLIMITED");
	else if (m >= 1440)
		strbuf_addf(out, "\"%lld-%02lld:%02lld:00\"", m / 1440, m % 1440 / 60, m % 60);
	else
		strbuf_addf(out, "\"%02lld:%02lld:00\"", m / 60, m % 60);
}

/* "cpu=4,mem=10240" -> "{cpu: 4, mem: 10G}" (mem in MB: a unit when whole). */
static void add_tres(struct strbuf *out, const char *canon)
{
	strbuf_addch(out, '{');
	for (const char *p = canon; *p;) {
		size_t n = strcspn(p, ","), k = strcspn(p, "=");
		long long v = strtoll(p + k + 1, NULL, 10);

		if (p != canon)
			strbuf_addstr(out, ", ");
		strbuf_addf(out, "%.*s: ", (int)k, p);
		if (k == 3 && !strncmp(p, "mem", 3) && v && v % (1024 * 1024) == 0)
			strbuf_addf(out, "%lldT", v / (1024 * 1024));
		else if (k == 3 && !strncmp(p, "mem", 3) && v && v % 1024 == 0)
			strbuf_addf(out, "%lldG", v / 1024);
		else
			strbuf_addf(out, "%.*s", (int)(n - k - 1), p + k + 1);
		p += n + (p[n] == ',');
	}
	strbuf_addch(out, '}');
}

/* ---- fields: canonical field -> inventory key ---- */

enum vshape { V_PLAIN, V_STR, V_LIST, V_TRES, V_TIME, V_LOWER };

struct key_map {
	const char *field;	/* acct_state.h field name */
	const char *key;	/* inventory key */
	enum vshape shape;
};

static const struct key_map qos_keys[] = {
	{ "priority", "priority", V_PLAIN }, { "flags", "flags", V_LIST },
	{ "grace_time", "grace_time", V_PLAIN }, { "preempt", "preempt", V_LIST },
	{ "preempt_mode", "preempt_mode", V_STR },
	{ "max_tres_per_user", "max_tres_per_user", V_TRES },
	{ "max_tres_per_job", "max_tres_per_job", V_TRES },
	{ "max_tres_per_account", "max_tres_per_account", V_TRES },
	{ "max_tres_per_node", "max_tres_per_node", V_TRES },
	{ "min_tres_per_job", "min_tres_per_job", V_TRES },
	{ "grp_tres", "grp_tres", V_TRES }, { "max_wall", "max_wall", V_TIME },
	{ "grp_wall", "grp_wall", V_TIME },
	{ "max_jobs_per_user", "max_jobs_per_user", V_PLAIN },
	{ "max_submit_jobs_per_user", "max_submit_jobs_per_user", V_PLAIN },
	{ "max_jobs_per_account", "max_jobs_per_account", V_PLAIN },
	{ "max_submit_jobs_per_account", "max_submit_jobs_per_account", V_PLAIN },
	{ "grp_jobs", "grp_jobs", V_PLAIN }, { "grp_submit_jobs", "grp_submit_jobs", V_PLAIN },
};

/* Association limits; the user level of the schema has those marked user. */
static const struct {
	struct key_map k;
	bool user;
} assoc_keys[] = {
	{ { "grp_tres", "grp_tres", V_TRES }, true },
	{ { "max_tres_per_job", "max_tres_per_job", V_TRES }, true },
	{ { "max_tres_per_node", "max_tres_per_node", V_TRES }, false },
	{ { "grp_jobs", "grp_jobs", V_PLAIN }, true },
	{ { "grp_submit_jobs", "grp_submit_jobs", V_PLAIN }, true },
	{ { "max_jobs", "max_jobs", V_PLAIN }, true },
	{ { "max_submit_jobs", "max_submit_jobs", V_PLAIN }, true },
	{ { "grp_wall", "grp_wall", V_TIME }, false },
	{ { "max_wall", "max_wall", V_TIME }, true },
	{ { "default_qos", "default_qos", V_STR }, true },
	{ { "qos", "qos", V_LIST }, true },
};

static void add_value(struct strbuf *out, enum vshape shape, const char *v)
{
	switch (shape) {
	case V_LIST:
		yamlout_list(out, v);
		break;
	case V_TRES:
		add_tres(out, v);
		break;
	case V_TIME:
		add_minutes(out, v);
		break;
	case V_PLAIN:
		strbuf_addstr(out, v);
		break;
	default:
		yamlout_scalar(out, v);
	}
}

/* ", key: value" (flow) or "\n<indent>key: value" (block). */
static void add_kv(struct strbuf *out, const char *sep, const char *key,
		   enum vshape shape, const char *v)
{
	if (!v)
		return;
	strbuf_addf(out, "%s%s: ", sep, key);
	add_value(out, shape, v);
}

static void fairshare_kv(struct strbuf *out, const char *sep, const char *fs)
{
	if (!fs || !strcmp(fs, "1"))
		return;
	add_kv(out, sep, "fairshare", V_PLAIN,
	       strcmp(fs, FAIRSHARE_PARENT) ? fs : "parent");
}

/* ---- problems ---- */

static int problem(struct strbuf *problems, const char *fmt, ...) ATTR_PRINTF(2, 3);

static int problem(struct strbuf *problems, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(problems, fmt, ap);
	va_end(ap);
	strbuf_addch(problems, '\n');
	return 1;
}

/* A name the database could not resolve (acct_convert.c writes "#id"). */
static bool unresolved(const char *v)
{
	return v && (*v == '#' || strstr(v, ",#") || strstr(v, "=#"));
}

/* ---- qos ---- */

static int emit_qos(const struct acct_objset *s, bool known, struct strbuf *out,
		    struct strbuf *problems)
{
	struct strbuf names = STRBUF_INIT;
	int n = 0;
	bool any = false;

	for (size_t i = 0; i < s->n; i++) {
		const struct acct_obj *q = &s->items[i];
		const char *d, *uf, *sep = "\n    ";

		if (q->kind != ACCT_QOS)
			continue;
		d = acct_obj_get(q, "description");
		uf = acct_obj_get(q, "usage_factor");
		if (!any)
			strbuf_addstr(out, known ? "qos:\n" :
				      "# sacctmgr dump (before Slurm 25.05) holds no QoS settings:\n"
				      "# these are the QoS the associations name; set their limits here.\n"
				      "qos:\n");
		any = true;
		strbuf_addstr(out, "  - name: ");
		yamlout_scalar(out, q->name);
		/* what the inventory would mean without it is left out */
		if (d && strcasecmp(d, acct_qos_default_description(q->name)))
			add_kv(out, sep, "description", V_STR, d);
		for (size_t k = 0; k < ARRAY_SIZE(qos_keys); k++)
			add_kv(out, sep, qos_keys[k].key, qos_keys[k].shape,
			       acct_obj_get(q, qos_keys[k].field));
		if (uf && strcmp(uf, "1"))
			add_kv(out, sep, "usage_factor", V_STR, uf);
		strbuf_addch(out, '\n');
		strbuf_addf(&names, "%s'%s'", names.len ? ", " : "", q->name);
		if (unresolved(acct_obj_get(q, "preempt")))
			n += problem(problems, "QoS '%s': preempts a QoS id the database "
				     "has no QoS for (written as '#ID')", q->name);
	}
	/* an empty QoS here would make the next plan strip every limit */
	if (!known && names.len)
		n += problem(problems, "QoS %s: the sacctmgr dump holds their names only; their "
			     "limits (priority, preempt, GPU and job limits, usage factor, flags) "
			     "are not imported: give them with --qos FILE ('sacctmgr -P show "
			     "qos' output), or import from the database", names.buf);
	strbuf_release(&names);
	return n;
}

/* ---- accounts ---- */

struct tree {
	const struct acct_objset *s;
	struct acct_index ix;
	struct strbuf *out, *problems;
	int n;
	/* a site's import: the clusters of each association ("a,b"), NULL: all */
	const char *const *clusters;
};

/* The clusters association o is on ("a,b"), or NULL: every one (or no site). */
static const char *clusters_of(const struct tree *t, const struct acct_obj *o)
{
	return t->clusters ? t->clusters[o - t->s->items] : NULL;
}

static void emit_assoc_limits(struct strbuf *out, const char *sep,
			      const struct acct_obj *as)
{
	fairshare_kv(out, sep, acct_obj_get(as, "fairshare"));
	for (size_t k = 0; k < ARRAY_SIZE(assoc_keys); k++)
		add_kv(out, sep, assoc_keys[k].k.key, assoc_keys[k].k.shape,
		       acct_obj_get(as, assoc_keys[k].k.field));
}

static bool same_clusters(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The clusters of account parent's association (root: every cluster). */
static const char *parent_clusters(const struct tree *t, const char *parent)
{
	const struct acct_obj *p = strcmp(parent, "root") ?
		acct_index_find(&t->ix, ACCT_ASSOC, parent, "") : NULL;

	return p ? clusters_of(t, p) : NULL;
}

static void emit_account(struct tree *t, const struct acct_obj *as, unsigned depth)
{
	const struct acct_obj *a = acct_index_find(&t->ix, ACCT_ACCOUNT, as->name, NULL);
	const char *parent = acct_obj_get(as, "parent");
	const char *d = a ? acct_obj_get(a, "description") : NULL;
	const char *o = a ? acct_obj_get(a, "organization") : NULL;
	const char *org_default = strcmp(parent, "root") ? parent : as->name;
	char *sep = xasprintf("\n%*s", (int)(depth * 4 + 4), "");
	bool kids = false;

	strbuf_addf(t->out, "%*s- name: ", (int)(depth * 4 + 2), "");
	yamlout_scalar(t->out, as->name);
	if (d && strcmp(d, as->name))
		add_kv(t->out, sep, "description", V_STR, d);
	if (o && strcmp(o, org_default))
		add_kv(t->out, sep, "organization", V_STR, o);
	emit_assoc_limits(t->out, sep, as);
	if (a)
		add_kv(t->out, sep, "coordinators", V_LIST, acct_obj_get(a, "coordinators"));
	/* a child is where its parent is unless it says otherwise */
	if (!same_clusters(clusters_of(t, as), parent_clusters(t, parent)))
		add_kv(t->out, sep, "clusters", V_LIST, clusters_of(t, as));
	if (acct_obj_get(as, "delta_qos"))
		t->n += problem(t->problems, "account '%s': QoS list modifications "
				"(delta_qos '%s') are not in the schema: left out",
				as->name, acct_obj_get(as, "delta_qos"));
	strbuf_addch(t->out, '\n');
	for (size_t i = 0; i < t->s->n; i++) {
		const struct acct_obj *c = &t->s->items[i];

		if (c->kind != ACCT_ASSOC || *c->user ||
		    strcmp(acct_obj_get(c, "parent"), as->name))
			continue;
		if (!kids)
			strbuf_addf(t->out, "%*schildren:\n", (int)(depth * 4 + 4), "");
		kids = true;
		emit_account(t, c, depth + 1);
	}
	free(sep);
}

static void emit_accounts(struct tree *t)
{
	bool any = false;

	for (size_t i = 0; i < t->s->n; i++) {
		const struct acct_obj *c = &t->s->items[i];

		if (c->kind == ACCT_ACCOUNT &&
		    !acct_index_find(&t->ix, ACCT_ASSOC, c->name, ""))
			t->n += problem(t->problems, "account '%s' has no association on "
					"this cluster: left out", c->name);
		if (c->kind != ACCT_ASSOC || *c->user ||
		    strcmp(acct_obj_get(c, "parent"), "root"))
			continue;
		if (!any)
			strbuf_addstr(t->out, "accounts:\n");
		any = true;
		emit_account(t, c, 0);
	}
}

/* ---- users ---- */

static int cmp_user_assoc(const void *a, const void *b)
{
	const struct acct_obj *x = *(const struct acct_obj *const *)a;
	const struct acct_obj *y = *(const struct acct_obj *const *)b;
	int c = strcmp(x->user, y->user);

	/* ties keep set order (lft): the objects live in one array */
	return c ? c : (x < y ? -1 : x > y);
}

/*
 * The user-level value of field: unset when some association has it unset
 * (an association entry can replace a value, never unset one), else what
 * the default association ref has; associations that differ say theirs.
 */
static const char *user_level(const struct acct_obj *const *v, size_t n,
			      const struct acct_obj *ref, const char *field)
{
	for (size_t i = 0; i < n; i++)
		if (!acct_obj_get(v[i], field))
			return NULL;
	return acct_obj_get(ref, field);
}

static bool same_value(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void user_lacks(struct tree *t, const struct acct_obj *const *v, size_t n,
		       const char *field, struct strbuf *note)
{
	for (size_t i = 0; i < n; i++) {
		const char *x = acct_obj_get(v[i], field);

		if (!x)
			continue;
		char *label = acct_obj_label(v[i]);

		t->n += problem(t->problems, "%s: %s '%s' has no key for a user's "
				"association in the schema: left out", label, field, x);
		strbuf_addf(note, "  #   %s in account %s%s%s: %s (not expressible)\n",
			    field, v[i]->name, v[i]->part ? " partition " : "",
			    v[i]->part ? v[i]->part : "", x);
		free(label);
	}
}

/* The keys association a sets apart from the user level (", key: v" each). */
static void assoc_entry(struct strbuf *out, const struct acct_obj *a,
			const char *const *level)
{
	const char *fs = acct_obj_get(a, "fairshare");
	size_t j = 1;

	if (!same_value(fs, level[0]))
		add_kv(out, ", ", "fairshare", V_PLAIN,
		       fs && !strcmp(fs, FAIRSHARE_PARENT) ? "parent" : fs);
	for (size_t k = 0; k < ARRAY_SIZE(assoc_keys); k++) {
		const char *x;

		if (!assoc_keys[k].user)
			continue;
		x = acct_obj_get(a, assoc_keys[k].k.field);
		if (!same_value(x, level[j++]))
			add_kv(out, ", ", assoc_keys[k].k.key, assoc_keys[k].k.shape, x);
	}
}

/* One entry of accounts: a name, or {account: A, ...} with its own keys. */
static void add_entry(struct strbuf *out, bool block, size_t k,
		      const struct acct_obj *a, const struct strbuf *own)
{
	bool map = own->len || a->part;

	strbuf_addstr(out, block ? "\n      - " : k ? ", " : "");
	if (map)
		strbuf_addstr(out, "{account: ");
	yamlout_scalar(out, a->name);
	if (a->part) {
		strbuf_addstr(out, ", partition: ");
		yamlout_scalar(out, a->part);
	}
	if (map)
		strbuf_addf(out, "%s}", own->buf);
}

/*
 * The user: flow style on one line when its associations are all alike,
 * block style with one line per association when some differ. v[ref] is
 * the default association: written first, so default_account is implied.
 */
/* The clusters all of a user's associations v[] are on, or NULL: every one, or they differ. */
static const char *user_clusters(const struct tree *t, const struct acct_obj *const *v,
				 size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (!same_clusters(clusters_of(t, v[i]), clusters_of(t, v[0])))
			return NULL;
	return n ? clusters_of(t, v[0]) : NULL;
}

static void user_body(struct tree *t, const struct acct_obj *const *v, size_t n,
		      size_t ref, const char *const *level)
{
	const struct acct_obj *u = acct_index_find(&t->ix, ACCT_USER, v[ref]->user, NULL);
	const char *admin = u ? acct_obj_get(u, "admin_level") : NULL;
	struct strbuf *own = xcalloc(n, sizeof(*own));
	const char *where = user_clusters(t, v, n);
	bool block = false;
	const char *sep;
	size_t j = 1;

	for (size_t i = 0; i < n; i++) {
		strbuf_init(&own[i]);
		assoc_entry(&own[i], v[i], level);
		/* where the user's associations differ, each says where it is */
		if (!same_clusters(clusters_of(t, v[i]), where))
			add_kv(&own[i], ", ", "clusters", V_LIST, clusters_of(t, v[i]));
		block |= own[i].len > 0 || v[i]->part;
	}
	sep = block ? "\n    " : ", ";
	strbuf_addstr(t->out, block ? "  - name: " : "  - {name: ");
	yamlout_scalar(t->out, v[ref]->user);
	strbuf_addf(t->out, "%saccounts:%s", sep, block ? "" : " [");
	add_entry(t->out, block, 0, v[ref], &own[ref]);
	for (size_t i = 0, k = 1; i < n; i++)
		if (i != ref)
			add_entry(t->out, block, k++, v[i], &own[i]);
	if (!block)
		strbuf_addch(t->out, ']');
	if (admin && strcmp(admin, "None")) {
		char *lower = acct_lower(xstrdup(admin));

		add_kv(t->out, sep, "admin_level", V_STR, lower);
		free(lower);
	}
	fairshare_kv(t->out, sep, level[0]);
	for (size_t k = 0; k < ARRAY_SIZE(assoc_keys); k++)
		if (assoc_keys[k].user)
			add_kv(t->out, sep, assoc_keys[k].k.key, assoc_keys[k].k.shape,
			       level[j++]);
	add_kv(t->out, sep, "clusters", V_LIST, where);
	strbuf_addstr(t->out, block ? "\n" : "}\n");
	for (size_t i = 0; i < n; i++)
		strbuf_release(&own[i]);
	free(own);
}

static void emit_user(struct tree *t, const struct acct_obj *const *v, size_t n)
{
	const char *level[ARRAY_SIZE(assoc_keys) + 1];
	struct strbuf note = STRBUF_INIT;
	size_t ref = SIZE_MAX, j = 1;

	/* the default association: without a partition if there is one */
	for (size_t i = 0; i < n; i++) {
		const char *def = acct_obj_get(v[i], "is_def");

		if (def && !strcmp(def, "1") && (ref == SIZE_MAX || (v[ref]->part && !v[i]->part)))
			ref = i;
	}
	if (ref == SIZE_MAX)
		ref = 0;
	level[0] = user_level(v, n, v[ref], "fairshare");
	for (size_t k = 0; k < ARRAY_SIZE(assoc_keys); k++) {
		if (assoc_keys[k].user)
			level[j++] = user_level(v, n, v[ref], assoc_keys[k].k.field);
		else
			user_lacks(t, v, n, assoc_keys[k].k.field, &note);
	}
	user_lacks(t, v, n, "delta_qos", &note);
	if (note.len)
		strbuf_addf(t->out, "  # %s: settings the schema cannot hold:\n%s",
			    v[ref]->user, note.buf);
	user_body(t, v, n, ref, level);
	strbuf_release(&note);
}

static bool has_assoc(const struct acct_obj *const *v, size_t n, const char *user)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v[mid]->user, user);

		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static void emit_users(struct tree *t)
{
	const struct acct_obj **v = xcalloc(t->s->n + 1, sizeof(*v));
	const struct acct_obj **in_root = xcalloc(t->s->n + 1, sizeof(*in_root));
	size_t n = 0, n_root = 0, i, j;

	for (i = 0; i < t->s->n; i++) {
		const struct acct_obj *o = &t->s->items[i];

		if (o->kind != ACCT_ASSOC || !*o->user)
			continue;
		if (!strcmp(o->name, "root")) {
			/* root is implicit in the schema: no user can name it */
			t->n += problem(t->problems, "user '%s' in account 'root': the "
					"schema has no users in root: left out", o->user);
			in_root[n_root++] = o;
			continue;
		}
		v[n++] = o;
	}
	xqsort(v, n, sizeof(*v), cmp_user_assoc);
	xqsort(in_root, n_root, sizeof(*in_root), cmp_user_assoc);
	for (i = 0; i < t->s->n; i++) {
		const struct acct_obj *u = &t->s->items[i];

		if (u->kind == ACCT_USER && !has_assoc(v, n, u->name) &&
		    !has_assoc(in_root, n_root, u->name))
			t->n += problem(t->problems, "user '%s' has no association on "
					"this cluster: left out", u->name);
	}
	if (n)
		strbuf_addstr(t->out, "users:\n");
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !strcmp(v[j]->user, v[i]->user); j++)
			;
		emit_user(t, v + i, j - i);
	}
	free(v);
	free(in_root);
}

int acct_import_emit(const struct acct_objset *set, bool qos_known,
		     const char *source, struct strbuf *out,
		     struct strbuf *problems)
{
	return acct_import_emit_site(set, NULL, qos_known, source, out, problems);
}

int acct_import_emit_site(const struct acct_objset *set, const char *const *clusters,
			  bool qos_known, const char *source, struct strbuf *out,
			  struct strbuf *problems)
{
	struct tree t = { .s = set, .out = out, .problems = problems, .clusters = clusters };

	strbuf_addf(out, "# Accounting imported by clusterctl from %s.\n"
		    "# Defaults are left out (description = name, organization = "
		    "the parent,\n# fairshare 1); a user's first account is its "
		    "default account.\n", source);
	acct_index_build(&t.ix, set);
	t.n = emit_qos(set, qos_known, out, problems);
	emit_accounts(&t);
	emit_users(&t);
	acct_index_release(&t.ix);
	return t.n;
}

/* ---- the live database ---- */

/* Columns slurmdbd keeps that the schema has no key for (22.05 tables). */
struct extra_col {
	const char *column, *label;
	bool tres;	/* text "id=count" ('' unset); else a number (NULL unset) */
};

static const struct extra_col qos_extra[] = {
	{ "grp_tres_mins", "GrpTRESMins", true }, { "grp_tres_run_mins", "GrpTRESRunMins", true },
	{ "max_tres_mins_pj", "MaxTRESMins", true },
	{ "max_tres_run_mins_pa", "MaxTRESRunMinsPA", true },
	{ "max_tres_run_mins_pu", "MaxTRESRunMinsPU", true },
	{ "grp_jobs_accrue", "GrpJobsAccrue", false },
	{ "max_jobs_accrue_pa", "MaxJobsAccruePA", false },
	{ "max_jobs_accrue_pu", "MaxJobsAccruePU", false },
	{ "min_prio_thresh", "MinPrioThreshold", false },
	{ "preempt_exempt_time", "PreemptExemptTime", false },
	{ "usage_thres", "UsageThreshold", false }, { "limit_factor", "LimitFactor", false },
};

static const struct extra_col assoc_extra[] = {
	{ "grp_tres_mins", "GrpTRESMins", true }, { "grp_tres_run_mins", "GrpTRESRunMins", true },
	{ "max_tres_mins_pj", "MaxTRESMins", true }, { "max_tres_run_mins", "MaxTRESRunMins", true },
	{ "grp_jobs_accrue", "GrpJobsAccrue", false }, { "max_jobs_accrue", "MaxJobsAccrue", false },
	{ "min_prio_thresh", "MinPrioThreshold", false }, { "priority", "Priority", false },
};

/* Root's association limits: clusterctl never writes root's rows. */
static const struct extra_col root_cols[] = {
	{ "grp_tres", "GrpTRES", true }, { "max_tres_pj", "MaxTRES", true },
	{ "max_tres_pn", "MaxTRESPerNode", true }, { "grp_jobs", "GrpJobs", false },
	{ "grp_submit_jobs", "GrpSubmitJobs", false }, { "grp_wall", "GrpWall", false },
	{ "max_jobs", "MaxJobs", false }, { "max_submit_jobs", "MaxSubmitJobs", false },
	{ "max_wall_pj", "MaxWall", false },
};

/*
 * Reports every set column of cols in rows "SELECT what, cols... FROM from"
 * (what: one name column, or acct, user and partition, described by kind).
 * Returns the count.
 */
static int extra_columns(struct db *db, const struct acct_dbinfo *info,
			 const char *what, const char *from, const char *kind,
			 const struct extra_col *cols, size_t n_cols,
			 struct strbuf *problems, char **cause)
{
	struct strbuf sql = STRBUF_INIT;
	struct db_rows r = DB_ROWS_INIT;
	size_t keys = strchr(what, ',') ? 3 : 1;
	int n = 0;

	strbuf_addf(&sql, "SELECT %s", what);
	for (size_t c = 0; c < n_cols; c++)
		strbuf_addf(&sql, ", \"%s\"", cols[c].column);
	strbuf_addf(&sql, " FROM %s", from);
	if (db_query(db, sql.buf, &r, cause) < 0) {
		strbuf_release(&sql);
		return -1;
	}
	for (size_t i = 0; i < r.n_rows; i++) {
		for (size_t c = 0; c < n_cols; c++) {
			const char *v = r.rows[i][keys + c];
			char *shown;

			if (!v || (cols[c].tres && !*v))
				continue;
			shown = cols[c].tres ? acct_value_from_db(info, F_TRES, v) : xstrdup(v);
			n += problem(problems, "%s '%s%s%s%s%s': %s '%s' has no key in "
				     "the schema: left out", kind, r.rows[i][0],
				     keys > 1 && *r.rows[i][1] ? "', user '" : "",
				     keys > 1 ? r.rows[i][1] : "",
				     keys > 1 && *r.rows[i][2] ? "', partition '" : "",
				     keys > 1 ? r.rows[i][2] : "", cols[c].label, shown);
			free(shown);
		}
	}
	db_rows_release(&r);
	strbuf_release(&sql);
	return n;
}

int acct_import_unmodelled(struct db *db, const char *cluster,
			   const struct acct_dbinfo *info, bool qos,
			   struct strbuf *problems, char **cause)
{
	char *from = xasprintf("\"%s_assoc_table\" WHERE deleted=0 "
			       "AND acct<>'root' ORDER BY %sid_assoc", cluster,
			       info->has_lft ? "lft, " : "");
	char *root = xasprintf("\"%s_assoc_table\" WHERE deleted=0 AND `partition`='' "
			       "AND acct='root' AND user=''", cluster);
	int n[4], sum = 0;

	n[0] = !qos ? 0 : extra_columns(db, info, "name", "qos_table WHERE deleted=0", "QoS",
					qos_extra, ARRAY_SIZE(qos_extra), problems, cause);
	n[1] = n[0] < 0 ? -1 : extra_columns(db, info, "acct, user, `partition`", from, "association of account",
					      assoc_extra, ARRAY_SIZE(assoc_extra), problems, cause);
	n[2] = n[1] < 0 ? -1 : extra_columns(db, info, "acct", root, "the cluster's association of account",
					      root_cols, ARRAY_SIZE(root_cols), problems, cause);
	n[3] = n[2] < 0 ? -1 : extra_columns(db, info, "acct", root, "the cluster's association of account",
					      assoc_extra, ARRAY_SIZE(assoc_extra), problems, cause);
	free(from);
	free(root);
	for (int i = 0; i < 4; i++) {
		if (n[i] < 0)
			return -1;
		sum += n[i];
	}
	return sum;
}

int acct_import_db(const struct model *m, bool accept_new, struct strbuf *out,
		   struct strbuf *problems, char **cause)
{
	struct acct_objset set = { 0 };
	struct transport_target via;
	struct acct_dbinfo info;
	struct db *db = NULL;
	char *where = NULL;
	int rc = -1, extra = 0;

	memset(&info, 0, sizeof(info));
	if (!m->db.host) {
		*cause = xstrdup("the inventory has no database: section (database.host)");
		return -1;
	}
	if (db_connect(&m->db, db_tunnel_target(m, accept_new, &via), &db, cause) < 0 ||
	    acct_observe(db, m->cluster.name, &set, &info, cause) < 0)
		goto out;
	if (!info.has_schema || !info.cluster_tables) {
		*cause = xasprintf("the database '%s' holds no cluster '%s'",
				   db_name(&m->db), m->cluster.name);
		goto out;
	}
	extra = acct_import_unmodelled(db, m->cluster.name, &info, true, problems, cause);
	if (extra < 0)
		goto out;
	where = xasprintf("cluster '%s' in the database %s at %s:%lld%s%s", m->cluster.name,
			  db_name(&m->db), m->db.host, db_port(&m->db),
			  m->db.tunnel ? " through " : "", m->db.tunnel ? m->db.tunnel : "");
	rc = extra + acct_import_emit(&set, true, where, out, problems);
out:
	if (db)
		db_rollback(db);
	db_close(db);
	acct_objset_release(&set);
	acct_dbinfo_release(&info);
	free(where);
	return rc;
}

int acct_import_dump(const char *path, const char *text, size_t len,
		     struct strbuf *out, struct strbuf *problems, char **cause)
{
	struct acct_dump d = { { 0 }, false, NULL };
	int rc = acct_dump_read(path, text, len, &d, problems, cause);

	if (rc >= 0) {
		char *where = xasprintf("the sacctmgr dump %s (cluster '%s')", path, d.cluster);
		int n = acct_import_emit(&d.set, d.qos_lines, where, out, problems);

		rc = n < 0 ? n : rc + n;
		free(where);
	}
	acct_dump_release(&d);
	return rc;
}
