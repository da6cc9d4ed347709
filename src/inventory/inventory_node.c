/*
 * inventory_node.c: how the inventory loader reads YAML nodes
 * (inventory_node.h): locations, the visit budget, scalars checked for
 * control characters, keys and their repeats. Both the loading by key
 * table (inventory_keys.c) and the overlays (inventory_overlay.c) read
 * nodes through here.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "base/diag.h"
#include "inventory/inventory_node.h"
#include "inventory/model.h"
#include "base/xalloc.h"

struct src_loc inv_loc_from_mark(const char *file, yaml_mark_t mark)
{
	struct src_loc loc = { file, (unsigned)mark.line + 1,
			       (unsigned)mark.column + 1 };
	return loc;
}

struct src_loc inv_node_loc(const struct loader *ld, const yaml_node_t *n)
{
	return inv_loc_from_mark(ld->file, n->start_mark);
}

yaml_node_t *inv_node_get(struct loader *ld, int idx)
{
	if (!ld->budget) {
		if (!ld->budget_reported) {
			struct src_loc loc = { ld->file, 0, 0 };

			diag_error(ld->dl, &loc,
				   "inventory too large (too many aliased nodes)");
			ld->budget_reported = true;
		}
		return NULL;
	}
	ld->budget--;
	return yaml_document_get_node(ld->doc, idx);
}

_Static_assert(MODEL_FAILED_FED_MEMBERS == 1 << (MODEL_FAILED_KINDS - 1),
	       "entities_made() counts every kind of enum model_failed");

/* How many of each kind (enum model_failed, by bit) are loaded so far. */
static void entities_made(const struct loader *ld, size_t made[MODEL_FAILED_KINDS])
{
	made[0] = ld->n_node_types;
	made[1] = ld->n_hosts;
	made[2] = ld->n_partitions;
	made[3] = ld->n_qos;
	made[4] = ld->n_accounts;
	made[5] = ld->n_users;
	made[6] = ld->n_files;
	made[7] = ld->n_fed_members;
}

void inv_entity_begin(struct loader *ld, struct inv_entity *e)
{
	e->before = diag_errors(ld->dl);
	e->nested = ld->entity_errors;
	ld->entity_errors = 0;
	entities_made(ld, e->made);
}

void inv_entity_end(struct loader *ld, struct inv_entity *e, unsigned kind,
		    const yaml_node_t *at)
{
	size_t all = diag_errors(ld->dl) - e->before, made[MODEL_FAILED_KINDS];
	int bit = __builtin_ctz(kind);

	if (all > ld->entity_errors) {
		struct src_loc loc = inv_node_loc(ld, at);

		diag_quiet(ld->dl, &loc, &loc);
		entities_made(ld, made);
		if (made[bit] == e->made[bit])
			ld->m->failed |= kind;
	}
	/* to whatever holds this one, all of it is nested */
	ld->entity_errors = e->nested + all;
}

static const char *node_kind_name(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return "a mapping";
	case YAML_SEQUENCE_NODE:
		return "a list";
	default:
		return "a scalar";
	}
}

bool inv_node_is_null(const yaml_node_t *n)
{
	const char *v = (const char *)n->data.scalar.value;

	if (n->type != YAML_SCALAR_NODE ||
	    n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	return !*v || !strcmp(v, "~") || !strcmp(v, "null") ||
	       !strcmp(v, "Null") || !strcmp(v, "NULL");
}

/* Longer echoes of the document are cut: a message is not a file viewer. */
#define SHOWN_MAX 60

const char *inv_shown(struct loader *ld, const char *s, size_t len)
{
	size_t i, n = len < SHOWN_MAX ? len : SHOWN_MAX;
	char *out = pool_alloc(&ld->m->pool, n + 4);

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		out[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
	}
	/* never end inside a UTF-8 sequence */
	while (n < len && i > 0 && ((unsigned char)out[i - 1] & 0xc0) == 0x80)
		i--;
	if (n < len && i > 0 && ((unsigned char)out[i - 1] & 0xc0) == 0xc0)
		i--;
	if (n < len)
		memcpy(out + i, "...", 4);
	else
		out[i] = '\0';
	return out;
}

void inv_type_error(struct loader *ld, const yaml_node_t *n,
		    const char *expected)
{
	struct src_loc loc = inv_node_loc(ld, n);

	if (n->type == YAML_SCALAR_NODE)
		diag_error(ld->dl, &loc, "expected %s, got '%s'", expected,
			   inv_shown(ld, (const char *)n->data.scalar.value,
				     n->data.scalar.length));
	else
		diag_error(ld->dl, &loc, "expected %s, got %s", expected,
			   node_kind_name(n));
}

/* nulls are reported by the callers that care */
const char *inv_scalar_str(struct loader *ld, const yaml_node_t *n,
			   const char *expected)
{
	const char *v;
	size_t len;

	if (n->type != YAML_SCALAR_NODE) {
		inv_type_error(ld, n, expected);
		return NULL;
	}
	v = (const char *)n->data.scalar.value;
	len = n->data.scalar.length;
	if (inv_check_text(ld, n, v, len) < 0)
		return NULL;
	return pool_strndup(&ld->m->pool, v, len);
}

/*
 * Every string of the model passes here: the one gate that keeps control
 * characters out of rendered and exported files. A newline or a carriage
 * return would start a line of the writer's choosing in slurm.conf or a
 * sacctmgr file; the other C0 controls and DEL have no place in a
 * configuration value and drive terminals. Tab included: Slurm reads it as
 * the blank between two keys.
 */
int inv_check_text(struct loader *ld, const yaml_node_t *n, const char *v,
		   size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)v[i];
		/* C1 controls (U+0080..U+009F, NEL among them) are C2 80..9F */
		bool c1 = c == 0xc2 && i + 1 < len &&
			  (unsigned char)v[i + 1] >= 0x80 && (unsigned char)v[i + 1] <= 0x9f;
		struct src_loc loc;

		if (c >= 0x20 && c != 0x7f && !c1)
			continue;
		loc = inv_node_loc(ld, n);
		if (c == '\n' || c == '\r')
			diag_error(ld->dl, &loc, "string contains a line break (%s): "
				   "values must be one line",
				   c == '\n' ? "\\n" : "\\r");
		else if (c == 0)
			diag_error(ld->dl, &loc, "string contains a NUL byte");
		else if (c == '\t')
			diag_error(ld->dl, &loc, "string contains a tab");
		else
			diag_error(ld->dl, &loc, "string contains the control "
				   "character U+%04X", c1 ? (unsigned char)v[i + 1] : c);
		return -1;
	}
	return 0;
}

const char *inv_key_str(const yaml_node_t *k)
{
	return k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value :
					     NULL;
}

/* A key of a mapping, for finding repeats by sorting. */
struct key_at {
	const char *key;
	size_t pair;
};

/* c, or the order of the pairs when the keys compare equal */
static int then_by_pair(int c, const struct key_at *x, const struct key_at *y)
{
	return c ? c : (x->pair > y->pair) - (x->pair < y->pair);
}

static int key_at_cmp(const void *a, const void *b)
{
	return then_by_pair(strcmp(((const struct key_at *)a)->key,
				   ((const struct key_at *)b)->key), a, b);
}

static int key_at_casecmp(const void *a, const void *b)
{
	return then_by_pair(strcasecmp(((const struct key_at *)a)->key,
				       ((const struct key_at *)b)->key), a, b);
}

bool *inv_map_repeats(struct loader *ld, yaml_node_t *map, bool fold)
{
	yaml_node_pair_t *pairs = map->data.mapping.pairs.start;
	size_t i, first = 0, k = 0, n = (size_t)(map->data.mapping.pairs.top - pairs);
	struct key_at *keys = xcalloc(n ? n : 1, sizeof(*keys));
	int (*cmp)(const void *, const void *) = fold ? key_at_casecmp : key_at_cmp;
	bool *rep = NULL;

	for (i = 0; i < n; i++) {
		const char *ks = inv_key_str(yaml_document_get_node(ld->doc, pairs[i].key));

		if (ks)
			keys[k++] = (struct key_at){ ks, i };
	}
	xqsort(keys, k, sizeof(*keys), cmp);
	for (i = 1; i < k; i++) {
		yaml_node_t *key, *kfirst;
		struct src_loc loc, floc;

		if (cmp(&(struct key_at){ keys[i].key, 0 }, &(struct key_at){ keys[first].key, 0 })) {
			first = i;
			continue;
		}
		if (!rep)
			rep = xcalloc(n, sizeof(*rep));
		rep[keys[i].pair] = true;
		key = yaml_document_get_node(ld->doc, pairs[keys[i].pair].key);
		kfirst = yaml_document_get_node(ld->doc, pairs[keys[first].pair].key);
		loc = inv_node_loc(ld, key);
		floc = inv_node_loc(ld, kfirst);
		diag_error(ld->dl, &loc, "duplicate key '%s'",
			   inv_shown(ld, keys[i].key, key->data.scalar.length));
		diag_note(ld->dl, &floc, "first defined here");
	}
	free(keys);
	return rep;
}

size_t inv_seq_len(const yaml_node_t *n)
{
	return (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
}
