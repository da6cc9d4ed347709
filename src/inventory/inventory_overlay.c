/*
 * inventory_overlay.c: the loader's side of overlays (overlay.h has the
 * rules). The overlay's YAML goes through the same key tables as the
 * inventory, into the same model: a key it writes lands on the element it
 * names, so every type check, "unknown key" and location works in the
 * overlay as in the inventory and points into the overlay file. What
 * differs is here: finding the element an overlay item names, and merging
 * key=value maps by key.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "inventory/inventory_node.h"
#include "inventory/model.h"
#include "base/diag.h"
#include "inventory/inventory_overlay.h"

/* The scalar value of key in mapping map, or NULL; borrowed. */
static const char *map_scalar(struct loader *ld, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;

	if (map->type != YAML_MAPPING_NODE)
		return NULL;
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = inv_node_get(ld, p->key), *v = inv_node_get(ld, p->value);
		const char *name = k ? inv_key_str(k) : NULL;

		if (name && !strcmp(name, key) && v && v->type == YAML_SCALAR_NODE)
			return (const char *)v->data.scalar.value;
	}
	return NULL;
}

void *inv_overlay_find(struct loader *ld, yaml_node_t *map, const char *key,
		       void *base, size_t n, size_t size, size_t name_off)
{
	const char *name;
	size_t i;

	if (!ld->overlay || !(name = map_scalar(ld, map, key)))
		return NULL;
	for (i = 0; i < n; i++) {
		char *e = (char *)base + i * size;
		const char *have = *(const char **)(e + name_off);

		if (have && !strcmp(have, name))
			return e;
	}
	return NULL;
}

struct host *inv_overlay_host(struct loader *ld, const char *name)
{
	size_t i;

	for (i = 0; i < ld->n_hosts; i++)
		if (!strcmp(ld->hosts[i].name, name))
			return &ld->hosts[i];
	return NULL;
}

/* Index of key in l (Slurm keys ignore case), or l->n. */
static size_t kv_index(const struct kv_list *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcasecmp(l->items[i].key, key))
			break;
	return i;
}

/* dst with room for extra more items, in the pool; the old array stays. */
static void kv_reserve(struct pool *p, struct kv_list *dst, size_t extra)
{
	struct kv *items = pool_alloc(p, (dst->n + extra + 1) * sizeof(*items));

	if (dst->n)
		memcpy(items, dst->items, dst->n * sizeof(*items));
	dst->items = items;
}

static void kv_set(struct kv_list *dst, const struct kv *e)
{
	size_t i = kv_index(dst, e->key);

	dst->items[i] = *e;
	if (i == dst->n)
		dst->n++;
}

static void kv_delete(struct kv_list *dst, const char *key)
{
	size_t i = kv_index(dst, key);

	if (i == dst->n)
		return;
	memmove(&dst->items[i], &dst->items[i + 1],
		(dst->n - i - 1) * sizeof(*dst->items));
	dst->n--;
}

void inv_kv_merge(struct pool *p, struct kv_list *dst, const struct kv_list *src)
{
	size_t i;

	if (!src->n)
		return;
	kv_reserve(p, dst, src->n);
	for (i = 0; i < src->n; i++)
		kv_set(dst, &src->items[i]);
}

void inv_overlay_kv(struct loader *ld, yaml_node_t *val, struct kv_list *out)
{
	yaml_node_pair_t *p;
	bool *rep;

	if (val->type != YAML_MAPPING_NODE) {
		inv_type_error(ld, val, "a mapping");
		return;
	}
	kv_reserve(&ld->m->pool, out, (size_t)(val->data.mapping.pairs.top -
					       val->data.mapping.pairs.start));
	rep = inv_map_repeats(ld, val, true);
	for (p = val->data.mapping.pairs.start; p < val->data.mapping.pairs.top; p++) {
		yaml_node_t *k = inv_node_get(ld, p->key), *v = inv_node_get(ld, p->value);
		struct kv e = { 0 };

		if (!k || !v || (rep && rep[p - val->data.mapping.pairs.start]))
			continue;
		if (!(e.key = inv_scalar_str(ld, k, "a key")))
			continue;
		if (inv_node_is_null(v)) {
			kv_delete(out, e.key);	/* "KEY: ~" in an overlay */
			continue;
		}
		if (!(e.value = inv_scalar_str(ld, v, "a scalar value")))
			continue;
		e.loc = inv_node_loc(ld, k);
		e.value_loc = inv_node_loc(ld, v);
		kv_set(out, &e);
	}
	free(rep);
}

/* The size of the field a key of kind k fills; 0 for kinds with no one field. */
static size_t kind_size(enum key_kind k)
{
	switch (k) {
	case K_STR:
	case K_PATH:
	case K_TIME:
		return sizeof(const char *);
	case K_INT:
	case K_MEM:
		return sizeof(long long);
	case K_BOOL:
		return sizeof(bool);
	case K_ENUM:
		return sizeof(int);
	case K_STRLIST:
		return sizeof(struct str_list);
	case K_KV:
		return sizeof(struct kv_list);
	case K_SUB:
	case K_FN:
		break;
	}
	return 0;
}

void inv_overlay_unset(struct loader *ld, const struct key_spec *ks, void *obj,
		       const struct src_loc *kloc)
{
	char *field = (char *)obj + ks->off, *base = (char *)ld->m;
	size_t size = kind_size(ks->kind);

	if (!size) {
		diag_error(ld->dl, kloc, "'%s' cannot be unset by an overlay; "
			   "write the value it should have", ks->name);
		return;
	}
	if (field >= base && field + size <= base + sizeof(*ld->m)) {
		/* cluster, ssh, database: back to model_new()'s default */
		if (!ld->defaults)
			ld->defaults = model_new();
		memcpy(field, (char *)ld->defaults + (field - base), size);
	} else if (ks->kind == K_STR || ks->kind == K_PATH || ks->kind == K_TIME ||
		   ks->kind == K_STRLIST || ks->kind == K_KV) {
		memset(field, 0, size);	/* an element's: absent */
	} else {
		diag_error(ld->dl, kloc, "'%s' cannot be unset by an overlay; "
			   "write the value it should have", ks->name);
	}
}
