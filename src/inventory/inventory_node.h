/*
 * inventory_node.h: the inventory loader's state and how it reads YAML
 * nodes, private to the inventory module like inventory_keys.h (which
 * includes it): every walk goes through inv_node_get(), which bounds
 * alias bombs; every string passes inv_check_text(); every location comes
 * from inv_loc_from_mark().
 */
#ifndef CLUSTERCTL_INVENTORY_NODE_H
#define CLUSTERCTL_INVENTORY_NODE_H

#include "base/compat.h"

#include <stdint.h>
#include <yaml.h>

#include "base/diag.h"
#include "inventory/model.h"

enum top_section {
	TOP_CLUSTER,
	TOP_SSH,
	TOP_DATABASE,
	TOP_COUNT
};

struct loader {
	struct model *m;
	struct diag_list *dl;
	yaml_document_t *doc;
	const char *file;	/* pool; names the current file in locations */
	const char *dir;	/* pool; resolves relative paths */
	size_t budget;		/* node visits left: bounds alias bombs */
	uint64_t bytes, nodes;	/* of the files scanned so far (inventory_scan.h) */
	size_t entity_errors;	/* of the entities inside the current one */
	unsigned depth;		/* account nesting */
	unsigned include_depth;
	bool budget_reported;
	struct src_loc top_seen[TOP_COUNT];
	yaml_node_t *children;	/* "children:" of the account being loaded */
	unsigned long long n_expanded;	/* hosts so far, against MAX_HOSTS */

	/* growing arrays, moved into the pool by loader_finish() */
	struct node_type *node_types;
	size_t n_node_types, alloc_node_types;
	struct host *hosts;
	size_t n_hosts, alloc_hosts, n_entries;
	struct partition *partitions;
	size_t n_partitions, alloc_partitions;
	struct qos *qos;
	size_t n_qos, alloc_qos;
	struct account *accounts;
	size_t n_accounts, alloc_accounts;
	struct user *users;
	size_t n_users, alloc_users;
	struct pass_file *files;
	size_t n_files, alloc_files;
	struct fed_member *fed_members;
	size_t n_fed_members, alloc_fed_members;
	char **included;	/* canonical paths of files loaded, for cycles */
	size_t n_included, alloc_included;
	bool overlay;		/* loading an --overlay file: merge, see overlay.h */
	unsigned adding;	/* an overlay item that is new: check it whole */
	struct model *defaults;	/* model_new()'s values, for "key: ~"; owned */
	bool no_overlays;	/* a document given as a string: no --overlay */
	bool database_only;	/* inventory_load_database(): no key is required */
	bool site_file;		/* a site file: no cluster: is required */
	const struct model *site;	/* inventory_load_in_site(): its site file */
	const char *override_path;	/* read override_buf instead of this file */
	const char *override_buf;
	size_t override_len;
};

/* libyaml marks are 0-based; this is the one place that converts them. */
struct src_loc inv_loc_from_mark(const char *file, yaml_mark_t mark);
struct src_loc inv_node_loc(const struct loader *ld, const yaml_node_t *n);

/*
 * Node idx of the current document, or NULL once the visit budget is spent
 * (reported once): every walk goes through here, so aliases cannot blow up.
 */
yaml_node_t *inv_node_get(struct loader *ld, int idx);

/*
 * One entity of the inventory (a node type, a host entry, a partition, a
 * QoS, an account, a user, a files: entry) loaded between begin and end,
 * at node at. When its own definition got an error (errors of entities
 * nested in it, an account's children, are theirs):
 *   - what validate says of it as a whole, at its own place (at's start:
 *     "node type 'x' sets no memory" after memory: banana), only follows
 *     from that error: that place is made quiet (diag_quiet());
 *   - when it was not made at all (no name, not a mapping, no host of
 *     its hostlist), kind (enum model_failed) is noted in the model: a
 *     name of that kind validate cannot find may be its.
 */
struct inv_entity {
	size_t before, nested;
	size_t made[MODEL_FAILED_KINDS];	/* the model's arrays' lengths, by kind bit */
};

void inv_entity_begin(struct loader *ld, struct inv_entity *e);
void inv_entity_end(struct loader *ld, struct inv_entity *e, unsigned kind,
		    const yaml_node_t *at);

/* A plain "", ~ or null scalar: "key:" written with no value. */
bool inv_node_is_null(const yaml_node_t *n);

/* Reports "expected EXPECTED, got ..." at n. */
void inv_type_error(struct loader *ld, const yaml_node_t *n,
		    const char *expected);

/*
 * The string of a scalar node, in the model's pool; NULL after a diagnostic
 * when n is not a usable scalar. A null comes back as "".
 */
const char *inv_scalar_str(struct loader *ld, const yaml_node_t *n,
			   const char *expected);

/*
 * 0 if the len bytes of v (the text of node n) hold no control character
 * (C0, tab included, DEL or C1); else -1 after an error at n. Every string of
 * the model passes this check (inv_scalar_str()).
 */
int inv_check_text(struct loader *ld, const yaml_node_t *n, const char *v,
		   size_t len);

/*
 * len bytes of document text made fit for a message (pool): control
 * characters as '?', cut to 60 bytes with "...". Every echo of the
 * document in a diagnostic goes through it.
 */
const char *inv_shown(struct loader *ld, const char *s, size_t len);

/* The text of a scalar key, or NULL; borrowed from the document. */
const char *inv_key_str(const yaml_node_t *k);

/*
 * The pairs of map whose key repeats an earlier key (exactly, or ignoring
 * case when fold is set), each reported as "duplicate key" with a note at
 * the first; sorted, not compared pair by pair, since a mapping may hold
 * 100,000 keys. NULL when no key repeats, else one flag per pair; caller
 * frees.
 */
bool *inv_map_repeats(struct loader *ld, yaml_node_t *map, bool fold);

size_t inv_seq_len(const yaml_node_t *n);

#endif
