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

#include "compat.h"

#include "diag.h"
#include "model.h"
#include "strbuf.h"

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
 * diagnostics and for resolving relative paths.
 */
struct model *inventory_load_string(const char *name, const char *buf,
				    size_t len, struct diag_list *dl);

/*
 * Convenience: load + validate_model() + diag_sort(). Returns the model only
 * if there were no errors (warnings are fine); else NULL, problems in dl.
 */
struct model *inventory_load_valid(const char *path, struct diag_list *dl);

/* Appends the reference of every inventory key (Markdown) to out. */
void inventory_print_keys(struct strbuf *out);

/*
 * Parses a memory size as the inventory writes it: a plain number is MB,
 * or a number (fraction allowed) with a K, M, G, T or P suffix (binary
 * units, optional "B"/"iB"). Returns 0 and sets *mb (rounded down), or -1.
 */
int inventory_parse_memory(const char *s, long long *mb);

/*
 * True if s is a Slurm time: UNLIMITED, INFINITE, MM, MM:SS, HH:MM:SS,
 * D-HH, D-HH:MM or D-HH:MM:SS.
 */
bool inventory_valid_time(const char *s);

#endif
