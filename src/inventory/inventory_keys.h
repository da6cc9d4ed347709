/*
 * inventory_keys.h: loading YAML by key table (inventory_keys.c), for the
 * loader's files alone (nothing else includes it, so libyaml stays inside
 * the module). The tables are keytable.h's; the loader's state and its
 * node readers inventory_node.h's. Shared names carry an inv_ prefix,
 * which keeps them apart from the public inventory_ API and other
 * modules.
 */
#ifndef CLUSTERCTL_INVENTORY_KEYS_H
#define CLUSTERCTL_INVENTORY_KEYS_H

#include "base/compat.h"

#include <yaml.h>

#include "inventory/keytable.h"

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

/*
 * Calls fn(ld, element) for each element of a list, each an entity of
 * kind (inv_entity_begin()); errors for non-lists.
 */
void inv_for_each_item(struct loader *ld, yaml_node_t *seq,
		       void (*fn)(struct loader *, yaml_node_t *), unsigned kind);

/* The reference of table t under a "## `title`" heading, as Markdown. */
void inv_print_table(struct strbuf *out, const char *title,
		     const char *intro, const struct key_table *t);

#endif
