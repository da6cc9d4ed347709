/*
 * inventory.h: the YAML inventory to a struct model (the only module that
 * knows libyaml). Loading records where every key and value was written,
 * reports every shape problem (unknown keys, wrong types, duplicates,
 * YAML syntax) to a diag_list and carries on; the semantic checks are
 * validate.h's.
 *
 * One key table per mapping drives loading, the "unknown key" suggestions
 * and the generated reference (inventory_print_keys(), docs/inventory-keys.md).
 */
#ifndef CLUSTERCTL_INVENTORY_H
#define CLUSTERCTL_INVENTORY_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"
#include "base/strbuf.h"

/*
 * Loads a YAML inventory into a new model (caller frees with model_free());
 * every problem goes to dl with file:line:col. Returns NULL only when the
 * file cannot be read, is not YAML, or is not a YAML mapping (an empty file
 * included): then there is nothing to check; the reason is in dl.
 * Relative paths in the inventory (include, password_file, munge_key_source,
 * template_dir, ssh identity/known_hosts/config) are stored resolved
 * against the inventory file's directory.
 */
struct model *inventory_load(const char *path, struct diag_list *dl);

/*
 * As inventory_load(), from len bytes of buf; name is the file name used in
 * diagnostics and for resolving relative paths. The --overlay files are not
 * applied: a document given as a string (add-user's --account entries, an
 * import's output) is not the inventory they belong on.
 */
struct model *inventory_load_string(const char *name, const char *buf,
				    size_t len, struct diag_list *dl);

/*
 * What "import accounting INVENTORY" needs and nothing more: cluster.name
 * and the database: section. No key is required elsewhere and
 * validate_model() is not run (ssh key paths, hosts, ... are not read);
 * what the file does say is still checked as inventory_load() checks it.
 * Returns the model only when it loads without errors and names the cluster.
 */
struct model *inventory_load_database(const char *path, struct diag_list *dl);

/*
 * As inventory_load(), but the file override_path (as include: or path
 * names it, after resolving) reads as the len bytes of buf instead: lets a
 * command validate an edit of any file of an inventory before writing it.
 */
struct model *inventory_load_override(const char *path, const char *override_path,
				      const char *buf, size_t len,
				      struct diag_list *dl);

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

/* Appends the reference of every inventory key (Markdown) to out. */
void inventory_print_keys(struct strbuf *out);

/*
 * Parses a memory size as the inventory writes it: a plain number is MB,
 * or a number (fraction allowed) with a K, M, G, T or P suffix (binary
 * units, optional "B"/"iB"). Returns 0 and sets *mb (rounded down), or -1.
 */
int inventory_parse_memory(const char *s, long long *mb);

/*
 * True if s is a time Slurm takes (slurmtime.h): UNLIMITED, INFINITE, -1,
 * MM, MM:SS, HH:MM:SS, D-, D-HH, D-HH:MM or D-HH:MM:SS, no field bound by
 * its clock's range.
 */
bool inventory_valid_time(const char *s);

#endif
