/*
 * review_json.c: the review for programs (review.h; docs/json-format.md,
 * "diff --json"): the same grouping as the text, every value as data.
 */
#include "base/compat.h"

#include <stdlib.h>

#include "acct/plan/acct_print.h"
#include "review/review_json.h"
#include "review/review_text.h"
#include "decide/plan_print.h"

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* {"reconfigure": bool, "restart": ["slurmctld", ...]} */
static json_t *restart_json(unsigned bits)
{
	const char *names[RESTART_NBITS];
	size_t n = review_restart_daemons(bits, names);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(names[i]));
	return json_pack("{s:b, s:o}", "reconfigure", (bits & RESTART_RECONFIGURE) != 0,
			 "restart", a);
}

static json_t *side_json(const struct model *m, const char *label)
{
	return json_pack("{s:s, s:s?, s:s?}", "inventory", label, "cluster",
			 m->cluster.name, "slurm_version", m->cluster.slurm_version);
}

static json_t *items_json(const struct review *r)
{
	static const char *const kinds[] = { "cluster", "host", "node_type",
					     "partition", "file" };
	static const char *const ops[] = { "added", "removed", "changed" };
	json_t *a = json_array();

	for (size_t i = 0; i < r->items.n; i++) {
		const struct review_item *it = &r->items.v[i];

		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:o, s:o}",
			"kind", kinds[it->kind], "op", ops[it->op], "name", it->name,
			"old", str_or_null(it->old), "new", str_or_null(it->new)));
	}
	return a;
}

static json_t *settings_json(const struct review_file *rf)
{
	json_t *a = json_array();

	for (size_t i = 0; i < rf->n_settings; i++) {
		const struct review_setting *s = &rf->settings[i];

		json_array_append_new(a, json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o}",
			"text", s->text, "scope", s->scope, "where", str_or_null(s->where),
			"key", str_or_null(s->setting), "old", str_or_null(s->old),
			"new", str_or_null(s->new), "decided_by", str_or_null(s->key),
			"needs", restart_json(s->restart)));
	}
	return a;
}

static json_t *file_json(const struct review *r, const struct review_file *rf)
{
	static const char *const change[] = { "unchanged", "create", "modify", "fix",
					      "remove" };
	const struct plan_file *f = &r->plan->files[rf->first];
	json_t *o = json_pack("{s:s, s:s, s:s, s:b, s:b, s:o, s:o}",
		"hosts", rf->hosts, "path", f->want->path, "change", change[f->change],
		"content", f->content, "new_hosts", rf->new_hosts,
		"same_as", str_or_null(rf->same_as), "needs", restart_json(f->restart));
	char mode[2][8];

	if (f->mode) {
		snprintf(mode[0], 8, "%04o", f->have_mode & 07777);
		snprintf(mode[1], 8, "%04o", f->want->mode & 07777);
		json_object_set_new(o, "mode", json_pack("[s,s]", mode[0], mode[1]));
	}
	if (f->owner)
		json_object_set_new(o, "owner", json_pack("[s,s]", f->want->owner,
							  f->want->group));
	if (f->settings) {
		json_object_set_new(o, "formatting_only", json_boolean(!rf->n_settings));
		json_object_set_new(o, "settings", settings_json(rf));
	}
	/* a new host's file that others get too is theirs: same_as names them */
	if (f->diff && !f->want->secret && !rf->same_as)
		json_object_set_new(o, "diff", json_string(f->diff));
	return o;
}

static json_t *files_json(const struct review *r)
{
	json_t *a = json_array();

	for (size_t i = 0; i < r->n_files; i++)
		json_array_append_new(a, file_json(r, &r->files[i]));
	return a;
}

static json_t *tail_json(const struct review *r)
{
	const struct plan *p = r->plan;
	const struct review_munge *k = &r->munge;
	json_t *losses = json_array();

	for (size_t i = 0; i < p->n_cap_losses; i++)
		json_array_append_new(losses, json_string(p->cap_losses[i]));
	return json_pack("{s:o, s:o, s:{s:b, s:o, s:o, s:o}}",
		"accounting", acct_plan_to_json(r->acct),
		"capacity_losses", losses,
		"munge_key", "changed", k->changed,
		"base_fingerprint", k->base_fp[0] ? json_string(k->base_fp) : json_null(),
		"head_fingerprint", k->head_fp[0] ? json_string(k->head_fp) : json_null(),
		"note", str_or_null(k->note));
}

json_t *review_to_json(const struct review *r)
{
	struct strbuf sum = STRBUF_INIT;
	json_t *o, *t;

	review_summary(r, &sum);
	o = json_pack("{s:o, s:o, s:I, s:b, s:o, s:o, s:o, s:o}",
		"base", side_json(r->base, r->base_label),
		"head", side_json(r->head, r->head_label),
		"changes", (json_int_t)review_count(r),
		"capacity_lost", review_capacity_lost(r),
		"inventory", items_json(r), "files", files_json(r),
		"users", plan_idents_to_json(r->plan),
		"services", plan_services_to_json(r->plan));
	if (r->plan->fetch_hosts)
		json_object_set_new(o, "configless", json_pack("{s:s, s:s, s:b, s:s?}",
			"hosts", r->plan->fetch_hosts, "files", r->plan->fetch_files,
			"slurmd_restart", r->plan->fetch_restart, "why", r->plan->fetch_why));
	t = tail_json(r);
	json_object_update(o, t);
	json_decref(t);
	json_object_set_new(o, "summary", json_string(sum.buf));
	strbuf_release(&sum);
	return o;
}
