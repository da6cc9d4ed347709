/*
 * inventory_keys.h: what the files of the inventory module share, private
 * to them (nothing else includes it, so libyaml stays inside the module):
 * the key tables that describe each mapping of an inventory, the helpers
 * that load YAML nodes by those tables (inventory_keys.c; the loader's
 * state and its node readers are inventory_node.h's), the overlays
 * (inventory_overlay.c), and what each part of the schema exports to the top
 * level and to the reference. Shared names carry an inv_ prefix, which
 * keeps them apart from the public inventory_ API and other modules.
 */
#ifndef CLUSTERCTL_INVENTORY_KEYS_H
#define CLUSTERCTL_INVENTORY_KEYS_H

#include "base/compat.h"

#include <yaml.h>

#include "base/diag.h"
#include "inventory/inventory_node.h"
#include "inventory/model.h"

/* Accounts nest at most this deep; inventory_list_shape() walks as deep. */
#define MAX_DEPTH 64u

/*
 * YAML deeper than this is refused before it is loaded (libyaml's time
 * grows with the square of the depth). Accounts nested MAX_DEPTH deep take
 * two levels each (a children: list and a mapping) under the top level.
 */
#define MAX_YAML_DEPTH (2 * MAX_DEPTH + 8)

/* ---- key tables ---- */

enum key_kind {
	K_STR,		/* string */
	K_PATH,		/* string, resolved against the inventory's directory */
	K_TIME,		/* Slurm time string */
	K_INT,		/* long long, optional bounds */
	K_BOOL,
	K_MEM,		/* memory size -> MB (long long) */
	K_ENUM,		/* one of choices -> int (base + index) */
	K_STRLIST,	/* list of strings (a single string is a list of one) */
	K_KV,		/* mapping of scalars, order and locations kept */
	K_SUB,		/* nested mapping with its own table */
	K_FN,		/* custom loader */
};

struct key_spec;
/* A K_FN key's loader; the type also declares the schema's loaders below. */
typedef void key_fn(struct loader *ld, void *obj, yaml_node_t *val,
		    const struct src_loc *kloc);

struct key_table {
	const char *what;	/* "node type": used in messages */
	const struct key_spec *keys;
	size_t n;
};

struct key_spec {
	const char *name;
	enum key_kind kind;
	size_t off;		/* field in the object */
	size_t loc_off;		/* 0: none; else a struct src_loc for the key */
	bool required;
	const char *def;	/* default, for the reference only */
	const char *doc;
	long long min, max;	/* K_INT bounds, used when min < max */
	const char *const *choices;	/* K_ENUM, NULL-terminated */
	int base;		/* K_ENUM: value of choices[0] */
	const struct key_table *sub;	/* K_SUB */
	key_fn *fn;		/* K_FN */
	const char *type_doc;	/* K_FN/K_SUB: type for the reference */
	int once;		/* top-level K_SUB: 1 + enum top_section */
};

#define TABLE(what, arr) { what, arr, ARRAY_SIZE(arr) }
#define F(type, field) .off = offsetof(type, field)
#define L(type, field) .loc_off = offsetof(type, field)
#define PORT(n, type, field, what)                                        \
	{ n, K_INT, F(type, field), .min = 1, .max = 65535, .doc = what }

/* One section of the generated reference: a table under a heading. */
struct inv_ref_section {
	const char *title, *intro;
	const struct key_table *t;
};

/* ---- loading by key table ---- */

/* p resolved against the current file's directory (pool, or p itself). */
char *inv_resolve_path(struct loader *ld, const char *p);

/* A string, or a list of strings, into out (pool), with locations. */
void inv_load_strlist(struct loader *ld, yaml_node_t *val, struct str_list *out);

/*
 * Loads the mapping map into obj by table t: applies every key t knows,
 * reports unknown, duplicate and missing required keys.
 */
void inv_load_mapping(struct loader *ld, yaml_node_t *map,
		      const struct key_table *t, void *obj);

/* Calls fn(ld, element) for each element of a list; errors for non-lists. */
void inv_for_each_item(struct loader *ld, yaml_node_t *seq,
		       void (*fn)(struct loader *, yaml_node_t *));

/* ---- overlays (inventory_overlay.c; the rules are overlay.h's) ---- */

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

/* ---- the schema, by part; each ref array ends with an empty section ---- */

/* inventory.c: the top level and include: */
extern const struct key_table inv_top_table;
extern const struct inv_ref_section inv_top_ref[];

/* inventory_cluster.c: cluster (with service users, services), ssh, database */
extern const struct key_table inv_cluster_table, inv_ssh_table, inv_db_table;
extern const struct inv_ref_section inv_cluster_ref[];

/* inventory_nodes.c: node types, hosts, partitions (top-level loaders) */
key_fn inv_load_node_types, inv_load_hosts, inv_load_partitions;
/* A role name, or a list of them, as enum host_role bits; errors for others. */
unsigned inv_load_role_bits(struct loader *ld, yaml_node_t *val);
extern const struct inv_ref_section inv_nodes_ref[];

/* inventory_accounts.c: qos, accounts, users (top-level loaders) */
key_fn inv_load_qos, inv_load_accounts, inv_load_users;
extern const struct inv_ref_section inv_accounts_ref[];

/* inventory_files.c: pass-through files (top-level loader) */
key_fn inv_load_files;
extern const struct inv_ref_section inv_files_ref[];

#endif
