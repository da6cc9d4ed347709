/*
 * inventory_overlay.h: the loader's side of overlays (inventory_overlay.c;
 * the rules are overlay.h's): finding what an overlay item changes, and
 * merging or unsetting keys.
 */
#ifndef CLUSTERCTL_INVENTORY_OVERLAY_H
#define CLUSTERCTL_INVENTORY_OVERLAY_H

#include "base/compat.h"

#include <yaml.h>

#include "inventory/keytable.h"

/*
 * The element of base[0..n) (each size bytes, its name a const char * at
 * name_off) whose name is the value of key (e.g. "name") in the overlay
 * item map; NULL when not loading an overlay, or the overlay item is new.
 */
void *inv_overlay_find(struct loader *ld, yaml_node_t *map, const char *key,
		       void *base, size_t n, size_t size, size_t name_off);
#define INV_OVERLAY_FIND(ld, map, arr, n, type)                           \
	((type *)inv_overlay_find(ld, map, "name", arr, n, sizeof(type),  \
				  offsetof(type, name)))

/* The host of that name loaded so far, or NULL. */
struct host *inv_overlay_host(struct loader *ld, const char *name);

/* Merges an overlay's key=value mapping into out by key; "KEY: ~" deletes. */
void inv_overlay_kv(struct loader *ld, yaml_node_t *val, struct kv_list *out);

/*
 * An overlay's "key: ~": a key of cluster, ssh or database goes back to
 * its default; an element's string, list or map key becomes absent;
 * anything else is an error at kloc.
 */
void inv_overlay_unset(struct loader *ld, const struct key_spec *ks, void *obj,
		       const struct src_loc *kloc);

/* Sets every key of src in dst (pool p), replacing the same key. */
void inv_kv_merge(struct pool *p, struct kv_list *dst, const struct kv_list *src);

#endif
