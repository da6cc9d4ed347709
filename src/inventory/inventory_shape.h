/*
 * inventory_shape.h: where a top-level list is written in an inventory's
 * text (inventory_shape.c), for edits that keep the file as it was
 * written (yaml_splice.c).
 */
#ifndef CLUSTERCTL_INVENTORY_SHAPE_H
#define CLUSTERCTL_INVENTORY_SHAPE_H

#include "base/compat.h"

#include <stddef.h>

#include "inventory/inventory_scan.h"	/* MAX_DEPTH */

/* ---- where a top-level list is written, for in-place edits ---- */

enum inventory_list_style {
	INVENTORY_LIST_ABSENT,	/* no such top-level key */
	INVENTORY_LIST_NULL,	/* "key:" with no value (or ~) */
	INVENTORY_LIST_BLOCK,	/* "- item" lines */
	INVENTORY_LIST_FLOW,	/* [item, item] */
};

enum inventory_item_style {
	INVENTORY_ITEM_NONE,	/* the list is empty */
	INVENTORY_ITEM_FLOW_MAP,	/* {k: v, ...} */
	INVENTORY_ITEM_BLOCK_MAP,	/* k: v lines */
	INVENTORY_ITEM_OTHER,
};

#define INVENTORY_SHAPE_KEYS 16

/*
 * Positions are 0-based line and column (in characters), as libyaml
 * counts; "end" positions are just after the last character.
 */
struct inventory_list_shape {
	enum inventory_list_style style;
	unsigned key_line, key_col;	/* the key */
	unsigned value_line, value_col;	/* value: '[', first '-', or null scalar */
	unsigned value_end_line, value_end_col;
	size_t n_items;
	enum inventory_item_style item_style;	/* of the last item */
	unsigned item_line, item_col;	/* the last item's node */
	unsigned prev_line;		/* where the item before it (or the list) starts */
	unsigned end_line, end_col;	/* end of the last item's content */
	char keys[INVENTORY_SHAPE_KEYS][32];	/* the last item's keys, in order */
	size_t n_keys;
};

/*
 * Describes how top-level key's list is written in the YAML of buf.
 * Returns 0, or -1 with *cause (newly allocated; caller frees) when buf is
 * not YAML or its top level is not a mapping.
 */
int inventory_list_shape(const char *buf, size_t len, const char *key,
			 struct inventory_list_shape *out, char **cause);

#endif
