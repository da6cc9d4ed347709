/*
 * keytable.h: the key tables that describe each mapping of an inventory:
 * for every key its type, where its value goes in the model, its bounds,
 * default and documentation. The loader reads by them (inventory_keys.h),
 * overlays merge by them (inventory_overlay.h), the reference is printed
 * from them (inventory_ref.h). Types and macros only.
 */
#ifndef CLUSTERCTL_KEYTABLE_H
#define CLUSTERCTL_KEYTABLE_H

#include "base/compat.h"

#include <stddef.h>
#include <yaml.h>

#include "base/diag.h"
#include "inventory/inventory_node.h"
#include "inventory/inventory_shape.h"
#include "inventory/model.h"


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
	bool top;		/* the top level: may be split over files */
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

#define TABLE(what, arr) { what, arr, ARRAY_SIZE(arr), false }
#define F(type, field) .off = offsetof(type, field)
#define L(type, field) .loc_off = offsetof(type, field)
#define PORT(n, type, field, what)                                        \
	{ n, K_INT, F(type, field), .min = 1, .max = 65535, .doc = what }

/* One section of the generated reference: a table under a heading. */
struct inv_ref_section {
	const char *title, *intro;
	const struct key_table *t;
};

#endif
