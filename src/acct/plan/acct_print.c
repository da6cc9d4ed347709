/*
 * acct_print.c: the accounting plan for people (the "accounting" section of
 * "clusterctl plan") and for programs (JSON). Values are shown in their
 * canonical form: TRES by name, times in minutes, QoS by name.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "acct/rows/acct_db.h"
#include "acct/plan/acct_site.h"
#include "acct/sql/acct_sql.h"
#include "acct/rows/acct_state.h"
#include "base/strbuf.h"
#include "acct/rows/acct_obj.h"
#include "acct/plan/acct_plan.h"
#include "acct/plan/acct_print.h"

static const char *op_sign(enum acct_op op)
{
	return op == ACCT_ADD ? "+" : op == ACCT_CHANGE ? "~" : "-";
}

static const char *op_name(enum acct_op op)
{
	return op == ACCT_ADD ? "add" : op == ACCT_CHANGE ? "change" : "remove";
}

static void print_name(const struct acct_obj *o, struct strbuf *out)
{
	char *label = acct_obj_label(o);

	strbuf_addstr(out, label);
	free(label);
}

static void print_fields(const struct acct_change *c, struct strbuf *out)
{
	const struct acct_obj *o = c->want ? c->want : c->have;
	size_t n;
	const struct acct_field *f = acct_fields(o->kind, &n);

	for (size_t j = 0; j < n; j++) {
		const char *old = c->have ? c->have->vals[j] : NULL;
		const char *new = c->want ? c->want->vals[j] : NULL;

		if (c->op == ACCT_ADD && new)
			strbuf_addf(out, "      %s = %s\n", f[j].name, new);
		else if (c->op == ACCT_CHANGE && acct_field_differs(c->want, c->have, j))
			strbuf_addf(out, "      %s: %s -> %s\n", f[j].name,
				    old ? old : "(none)", new ? new : "(none)");
	}
}

/* " (site-wide: cluster 'b' has it too)" after a row other clusters use. */
static void print_site_wide(const struct acct_plan *p, const struct acct_obj *o,
			    struct strbuf *out)
{
	const struct acct_site_use *e = acct_site_find(p, o);

	if (e)
		strbuf_addf(out, " (site-wide: cluster%s %s %s it too)",
			    strchr(e->clusters, ',') ? "s" : "", e->clusters,
			    strchr(e->clusters, ',') ? "have" : "has");
}

static void print_kept(const struct acct_plan *p, struct strbuf *out)
{
	for (size_t i = 0; i < p->n_kept; i++) {
		const struct acct_site_use *e = acct_site_find(p, p->kept[i]);

		strbuf_addstr(out, "  = ");
		print_name(p->kept[i], out);
		strbuf_addf(out, " kept: cluster%s %s use%s it (site-wide)\n",
			    e && strchr(e->clusters, ',') ? "s" : "", e ? e->clusters : "?",
			    e && strchr(e->clusters, ',') ? "" : "s");
	}
}

/* The database the plan was read from; none offline (acct_plan_between). */
static void print_database(const struct acct_plan *p, struct strbuf *out)
{
	if (!p->where)
		return;
	strbuf_addf(out, "  cluster '%s', database %s\n", p->cluster, p->where);
	if (!p->info.has_schema)
		strbuf_addstr(out, "  (slurmdbd has not created its tables yet; everything is new)\n");
	else if (!acct_sql_release(&p->info))
		strbuf_addf(out, "  (schema version %ld is none the sql method knows: it will refuse it)\n",
			    p->info.version);
}

void acct_plan_print(const struct acct_plan *p, struct strbuf *out)
{
	size_t count[3] = { 0, 0, 0 };

	print_database(p, out);
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		count[c->op]++;
		strbuf_addf(out, "  %s ", op_sign(c->op));
		print_name(c->want ? c->want : c->have, out);
		print_site_wide(p, c->want ? c->want : c->have, out);
		strbuf_addch(out, '\n');
		print_fields(c, out);
	}
	print_kept(p, out);
	if (!p->n_changes) {
		strbuf_addstr(out, "  no changes\n");
		return;
	}
	strbuf_addf(out, "  %zu to add, %zu to change, %zu to remove\n",
		    count[ACCT_ADD], count[ACCT_CHANGE], count[ACCT_REMOVE]);
	if (acct_site_method_why(p))
		strbuf_addf(out, "  through slurmdbd (sacctmgr): %s\n", acct_site_method_why(p));
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* The other clusters of a site-wide row, as a JSON list; NULL when none. */
static json_t *site_wide_json(const struct acct_plan *p, const struct acct_obj *o)
{
	const struct acct_site_use *e = acct_site_find(p, o);
	json_t *arr;

	if (!e)
		return NULL;
	arr = json_array();
	for (const char *s = e->clusters; *s;) {
		size_t n = strcspn(s, ",");

		json_array_append_new(arr, json_stringn(s, n));
		s += n;
		s += strspn(s, ", ");
	}
	return arr;
}

static json_t *change_json(const struct acct_plan *p, const struct acct_change *c)
{
	const struct acct_obj *o = c->want ? c->want : c->have;
	json_t *j = json_object(), *attrs = json_object(), *sw;
	size_t n;
	const struct acct_field *f = acct_fields(o->kind, &n);

	json_object_set_new(j, "op", json_string(op_name(c->op)));
	json_object_set_new(j, "kind", json_string(acct_kind_name(o->kind)));
	json_object_set_new(j, "name", json_string(o->name));
	if (o->kind == ACCT_ASSOC)
		json_object_set_new(j, "user", json_string(o->user ? o->user : ""));
	if (o->kind == ACCT_ASSOC && o->part)
		json_object_set_new(j, "partition", json_string(o->part));
	if ((sw = site_wide_json(p, o)))
		json_object_set_new(j, "site_wide", sw);
	for (size_t k = 0; k < n; k++) {
		const char *old = c->have ? c->have->vals[k] : NULL;
		const char *new = c->want ? c->want->vals[k] : NULL;

		if (c->op == ACCT_CHANGE && !acct_field_differs(c->want, c->have, k))
			continue;
		if (!old && !new)
			continue;
		json_object_set_new(attrs, f[k].name,
				    json_pack("[oo]", str_or_null(old), str_or_null(new)));
	}
	json_object_set_new(j, "attrs", attrs);
	return j;
}

json_t *acct_plan_to_json(const struct acct_plan *p)
{
	json_t *j = json_object(), *arr = json_array();
	size_t count[3] = { 0, 0, 0 };

	for (size_t i = 0; i < p->n_changes; i++) {
		count[p->changes[i].op]++;
		json_array_append_new(arr, change_json(p, &p->changes[i]));
	}
	json_object_set_new(j, "cluster", json_string(p->cluster));
	if (p->where) {
		json_object_set_new(j, "database", json_string(p->where));
		json_object_set_new(j, "schema_version", json_integer(p->info.version));
	}
	json_object_set_new(j, "changes", arr);
	if (p->n_kept) {
		json_t *kept = json_array();

		for (size_t i = 0; i < p->n_kept; i++) {
			json_t *sw = site_wide_json(p, p->kept[i]);

			json_array_append_new(kept, json_pack("{ssssso}", "kind",
				acct_kind_name(p->kept[i]->kind), "name", p->kept[i]->name,
				"site_wide", sw ? sw : json_array()));
		}
		json_object_set_new(j, "kept", kept);
	}
	if (acct_site_method_why(p))
		json_object_set_new(j, "through_slurmdbd", json_string(acct_site_method_why(p)));
	json_object_set_new(j, "summary",
			    json_pack("{sIsIsI}", "add", (json_int_t)count[ACCT_ADD],
				      "change", (json_int_t)count[ACCT_CHANGE],
				      "remove", (json_int_t)count[ACCT_REMOVE]));
	return j;
}
