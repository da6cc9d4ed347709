/*
 * inventory_keys.c: loading YAML by key table. A table says, for every key
 * of a mapping, its type, where it goes in the model, whether it is
 * required, its default and a doc line; the same tables drive loading,
 * "unknown key (did you mean ...)" and the generated reference (the end of
 * this file), so the three cannot drift. Shape problems (types, duplicates)
 * are reported with the node's file:line:col and loading goes on, so one
 * run shows every problem. The tables themselves are the schema files'.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/diag.h"
#include "inventory/inventory_keys.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "inventory/inventory_node.h"
#include "inventory/model.h"
#include "inventory/inventory_overlay.h"
#include "inventory/inventory_scalar.h"

/* ------------------------------------------------------------------ */
/* integers and booleans (memory, times: inventory_scalar.c)           */

static bool parse_ll(const char *s, long long *out)
{
	char *end;

	if (!*s || (!(*s >= '0' && *s <= '9') && *s != '-' && *s != '+'))
		return false;
	errno = 0;
	*out = strtoll(s, &end, 10);
	return !errno && end != s && !*end;
}

static bool parse_bool(const char *s, bool *out)
{
	static const char *const yes[] = { "true", "True", "TRUE", "yes", "Yes",
					   "YES", "on", "On", "ON" };
	static const char *const no[] = { "false", "False", "FALSE", "no", "No",
					  "NO", "off", "Off", "OFF" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcmp(s, yes[i]) || !strcmp(s, no[i])) {
			*out = !strcmp(s, yes[i]);
			return true;
		}
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* generic loading by key table                                        */

char *inv_resolve_path(struct loader *ld, const char *p)
{
	if (!*p || p[0] == '/' || p[0] == '~' || !strcmp(ld->dir, "."))
		return (char *)p;
	return pool_printf(&ld->m->pool, "%s/%s", ld->dir, p);
}

static void set_int(struct loader *ld, const struct key_spec *ks,
		    yaml_node_t *val, long long *dst)
{
	const char *s = inv_scalar_str(ld, val, "an integer");
	struct src_loc loc = inv_node_loc(ld, val);
	long long v;

	if (!s)
		return;
	if (!parse_ll(s, &v)) {
		inv_type_error(ld, val, "an integer");
		return;
	}
	if (ks->min < ks->max && (v < ks->min || v > ks->max)) {
		diag_error(ld->dl, &loc, "'%s' must be between %lld and %lld, got %lld",
			   ks->name, ks->min, ks->max, v);
		return;
	}
	*dst = v;
}

static void set_enum(struct loader *ld, const struct key_spec *ks,
		     yaml_node_t *val, int *dst)
{
	const char *s = inv_scalar_str(ld, val, "a string");
	struct src_loc loc = inv_node_loc(ld, val);
	struct strbuf all = STRBUF_INIT;
	const char *hint;
	size_t i, n = 0;

	if (!s)
		return;
	for (i = 0; ks->choices[i]; i++) {
		if (!strcmp(s, ks->choices[i])) {
			*dst = ks->base + (int)i;
			strbuf_release(&all);
			return;
		}
		strbuf_addf(&all, "%s%s", i ? ", " : "", ks->choices[i]);
		n++;
	}
	hint = diag_suggest(s, (const char *const *)ks->choices, n);
	if (hint)
		diag_error(ld->dl, &loc, "invalid %s '%s' (did you mean '%s'?)",
			   ks->name, s, hint);
	else
		diag_error(ld->dl, &loc, "invalid %s '%s' (expected one of: %s)",
			   ks->name, s, all.buf);
	strbuf_release(&all);
}

void inv_load_strlist(struct loader *ld, yaml_node_t *val,
		      struct str_list *out)
{
	yaml_node_item_t *it;
	size_t n = 0;

	if (val->type == YAML_MAPPING_NODE) {
		inv_type_error(ld, val, "a list of strings");
		return;
	}
	if (val->type == YAML_SCALAR_NODE) {
		const char *s = inv_scalar_str(ld, val, "a string");

		if (!s)
			return;
		out->items = pool_alloc(&ld->m->pool, sizeof(*out->items));
		out->locs = pool_alloc(&ld->m->pool, sizeof(*out->locs));
		out->items[0] = s;
		out->locs[0] = inv_node_loc(ld, val);
		out->n = 1;
		return;
	}
	out->items = pool_alloc(&ld->m->pool, (inv_seq_len(val) + 1) * sizeof(*out->items));
	out->locs = pool_alloc(&ld->m->pool, (inv_seq_len(val) + 1) * sizeof(*out->locs));
	for (it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
		yaml_node_t *e = inv_node_get(ld, *it);
		const char *s;

		if (!e || !(s = inv_scalar_str(ld, e, "a string")))
			continue;
		out->items[n] = s;
		out->locs[n++] = inv_node_loc(ld, e);
	}
	out->n = n;
}

/*
 * A password key's value as {password_file: PATH} (PATH as a K_PATH is
 * resolved): the file holds it (struct kv). True when v was one, loaded
 * into e or named.
 */
static bool load_kv_secret(struct loader *ld, yaml_node_t *v, struct kv *e)
{
	yaml_node_pair_t *p;
	struct src_loc loc = inv_node_loc(ld, v);

	if (v->type != YAML_MAPPING_NODE || !slurmkeys_is_secret(e->key))
		return false;
	p = v->data.mapping.pairs.start;
	if (p + 1 != v->data.mapping.pairs.top || !inv_key_str(inv_node_get(ld, p->key)) ||
	    strcmp(inv_key_str(inv_node_get(ld, p->key)), "password_file")) {
		diag_error(ld->dl, &loc, "'%s' takes its value, or {password_file: PATH} "
			   "(a file that holds it)", e->key);
		return true;
	}
	if (!(e->password_file = inv_scalar_str(ld, inv_node_get(ld, p->value), "a path")))
		return true;
	e->password_file = inv_resolve_path(ld, e->password_file);
	e->value = "";
	return true;
}

static void load_kv(struct loader *ld, yaml_node_t *val, struct kv_list *out)
{
	yaml_node_pair_t *p;
	bool *rep;
	size_t n = 0;

	if (val->type != YAML_MAPPING_NODE) {
		inv_type_error(ld, val, "a mapping");
		return;
	}
	out->items = pool_alloc(&ld->m->pool,
				(size_t)(val->data.mapping.pairs.top -
					 val->data.mapping.pairs.start + 1) *
					sizeof(*out->items));
	rep = inv_map_repeats(ld, val, true);
	for (p = val->data.mapping.pairs.start; p < val->data.mapping.pairs.top; p++) {
		yaml_node_t *k = inv_node_get(ld, p->key), *v = inv_node_get(ld, p->value);
		struct kv *e = &out->items[n];

		if (!k || !v || (rep && rep[p - val->data.mapping.pairs.start]))
			continue;
		e->key = inv_scalar_str(ld, k, "a key");
		if (!e->key)
			continue;
		if (inv_node_is_null(v)) {
			struct src_loc loc = inv_node_loc(ld, v);

			diag_error(ld->dl, &loc, "'%s' needs a value", e->key);
			continue;
		}
		e->password_file = NULL;
		if (load_kv_secret(ld, v, e)) {
			if (!e->password_file)
				continue;
		} else if (!(e->value = inv_scalar_str(ld, v, "a scalar value"))) {
			continue;
		}
		e->loc = inv_node_loc(ld, k);
		e->value_loc = inv_node_loc(ld, v);
		n++;
	}
	free(rep);
	out->n = n;
}

/* cluster/ssh/database may each be written once across all files. */
static bool top_once(struct loader *ld, enum top_section s, const char *name,
		     const struct src_loc *kloc)
{
	if (ld->top_seen[s].file) {
		diag_error(ld->dl, kloc, "duplicate key '%s'", name);
		diag_note(ld->dl, &ld->top_seen[s], "first defined here");
		return false;
	}
	ld->top_seen[s] = *kloc;
	return true;
}

static void apply_key(struct loader *ld, const struct key_spec *ks, void *obj,
		      yaml_node_t *val, const struct src_loc *kloc)
{
	char *field = (char *)obj + ks->off;
	const char *s;

	if (ks->once && !ld->overlay && !top_once(ld, ks->once - 1, ks->name, kloc))
		return;
	if (ks->loc_off)
		*(struct src_loc *)((char *)obj + ks->loc_off) = *kloc;
	switch (ks->kind) {
	case K_STR:
	case K_PATH:
	case K_TIME:
		if (!(s = inv_scalar_str(ld, val, "a string")))
			return;
		if (ks->kind == K_PATH)
			s = inv_resolve_path(ld, s);
		if (ks->kind == K_TIME && !inventory_valid_time(s)) {
			struct src_loc loc = inv_node_loc(ld, val);

			diag_error(ld->dl, &loc,
				   "invalid time '%s' (expected UNLIMITED, MM, MM:SS, "
				   "HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)", s);
			return;
		}
		*(const char **)field = s;
		return;
	case K_INT:
		set_int(ld, ks, val, (long long *)field);
		return;
	case K_BOOL:
		if ((s = inv_scalar_str(ld, val, "a boolean")) &&
		    !parse_bool(s, (bool *)field))
			inv_type_error(ld, val, "a boolean (true or false)");
		return;
	case K_MEM:
		if ((s = inv_scalar_str(ld, val, "a memory size")) &&
		    inventory_parse_memory(s, (long long *)field))
			inv_type_error(ld, val, "a memory size (MB, or with a unit: 190G, 1.5T)");
		return;
	case K_ENUM:
		set_enum(ld, ks, val, (int *)field);
		return;
	case K_STRLIST:
		inv_load_strlist(ld, val, (struct str_list *)field);
		return;
	case K_KV:
		if (ld->overlay)
			inv_overlay_kv(ld, val, (struct kv_list *)field);
		else
			load_kv(ld, val, (struct kv_list *)field);
		return;
	case K_SUB:
		inv_load_mapping(ld, val, ks->sub, field);
		return;
	case K_FN:
		ks->fn(ld, obj, val, kloc);
		return;
	}
}

/* Reports an unknown key; returns the bit of the key it suggests, or 0. */
static uint64_t unknown_key(struct loader *ld, const struct key_table *t,
			    const char *name, const struct src_loc *loc)
{
	const char *names[64] = { NULL };
	const char *hint;
	size_t i, n = t->n < ARRAY_SIZE(names) ? t->n : ARRAY_SIZE(names);

	for (i = 0; i < n; i++)
		names[i] = t->keys[i].name;
	hint = diag_suggest(name, names, n);
	if (!hint) {
		diag_error(ld->dl, loc, "unknown key '%s' in %s", name, t->what);
		return 0;
	}
	diag_error(ld->dl, loc, "unknown key '%s' in %s (did you mean '%s'?)",
		   name, t->what, hint);
	for (i = 0; i < n && names[i] != hint; i++)
		;
	return 1ull << i;
}

static const struct key_spec *find_key(const struct key_table *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->keys[i].name, name))
			return &t->keys[i];
	return NULL;
}

void inv_load_mapping(struct loader *ld, yaml_node_t *map,
		      const struct key_table *t, void *obj)
{
	yaml_node_pair_t *p;
	uint64_t seen = 0;	/* bit i: t->keys[i] is there, or misspelt */
	bool *rep = NULL;
	size_t i;

	if (map->type != YAML_MAPPING_NODE && !inv_node_is_null(map)) {
		inv_type_error(ld, map, "a mapping");
		return;
	}
	if (map->type == YAML_MAPPING_NODE)
		rep = inv_map_repeats(ld, map, false);
	/* an empty "key:" is an empty mapping: its required keys are missing */
	for (p = map->data.mapping.pairs.start;
	     map->type == YAML_MAPPING_NODE && p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = inv_node_get(ld, p->key), *v = inv_node_get(ld, p->value);
		const struct key_spec *ks;
		struct src_loc kloc;
		const char *name;

		if (!k || !v || (rep && rep[p - map->data.mapping.pairs.start]))
			continue;
		kloc = inv_node_loc(ld, k);
		if (!(name = inv_key_str(k))) {
			inv_type_error(ld, k, "a key name");
			continue;
		}
		if (!(ks = find_key(t, name))) {
			/* "did you mean 'name'" is the cause of "missing 'name'" */
			seen |= unknown_key(ld, t, inv_shown(ld, name, k->data.scalar.length),
					    &kloc);
			continue;
		}
		seen |= 1ull << (ks - t->keys);
		if (inv_node_is_null(v) && ks->kind != K_SUB) {
			/* "key:" with no value keeps the default; an overlay's unsets */
			if (ld->overlay)
				inv_overlay_unset(ld, ks, obj, &kloc);
			continue;
		}
		apply_key(ld, ks, obj, v, &kloc);
	}
	free(rep);
	/*
	 * the top level may be split over files: load_buffer() checks it; an
	 * overlay changes what is there: only what it adds must be whole
	 */
	for (i = 0; i < t->n && !t->top && !ld->database_only &&
		    (!ld->overlay || ld->adding); i++) {
		if (t->keys[i].required && !(seen & (1ull << i))) {
			struct src_loc loc = inv_node_loc(ld, map);

			diag_error(ld->dl, &loc, "missing required key '%s' in %s",
				   t->keys[i].name, t->what);
		}
	}
}

void inv_for_each_item(struct loader *ld, yaml_node_t *seq,
		       void (*fn)(struct loader *, yaml_node_t *), unsigned kind)
{
	yaml_node_item_t *it;
	struct inv_entity ent;

	if (seq->type != YAML_SEQUENCE_NODE) {
		inv_type_error(ld, seq, "a list");
		return;
	}
	for (it = seq->data.sequence.items.start; it < seq->data.sequence.items.top; it++) {
		yaml_node_t *e = inv_node_get(ld, *it);

		if (!e)
			continue;
		inv_entity_begin(ld, &ent);
		fn(ld, e);
		inv_entity_end(ld, &ent, kind, e);
	}
}

/* ------------------------------------------------------------------ */
/* the reference                                                       */

static const char *kind_doc(const struct key_spec *ks)
{
	static const char *const names[] = {
		[K_STR] = "string", [K_PATH] = "path", [K_TIME] = "time",
		[K_INT] = "integer", [K_BOOL] = "boolean", [K_MEM] = "memory size",
		[K_ENUM] = "enum", [K_STRLIST] = "list of strings",
		[K_KV] = "mapping", [K_SUB] = "mapping", [K_FN] = "",
	};

	return ks->type_doc ? ks->type_doc : names[ks->kind];
}

void inv_print_table(struct strbuf *out, const char *title,
		     const char *intro, const struct key_table *t)
{
	size_t i, c;

	strbuf_addf(out, "## `%s`\n\n%s\n\n", title, intro);
	strbuf_addstr(out, "| key | type | required | default | meaning |\n"
			   "|---|---|---|---|---|\n");
	for (i = 0; i < t->n; i++) {
		const struct key_spec *ks = &t->keys[i];

		strbuf_addf(out, "| `%s` | %s", ks->name, kind_doc(ks));
		if (ks->kind == K_ENUM)
			for (c = 0; ks->choices[c]; c++)
				strbuf_addf(out, "%s`%s`", c ? ", " : ": ", ks->choices[c]);
		if (ks->kind == K_INT && ks->min < ks->max)
			strbuf_addf(out, " (%lld..%lld)", ks->min, ks->max);
		strbuf_addf(out, " | %s | %s | %s |\n", ks->required ? "yes" : "",
			    ks->def ? ks->def : "", ks->doc ? ks->doc : "");
	}
	strbuf_addch(out, '\n');
}
