/*
 * inventory_scan.h: the first pass over a file's YAML events, before
 * libyaml builds the document, private to the inventory module. It
 * refuses what would make the build or the walk run away, while that is
 * cheap: nesting past MAX_YAML_DEPTH (libyaml's time grows with the
 * square of the depth), and more YAML nodes than the load may hold, each
 * alias counted as all its anchor holds (an alias bomb is a few hundred
 * bytes that expand to a billion nodes). It also notes what the include
 * check needs: is the first document a mapping with a top-level key.
 *
 * The node budget is the inventory's memory bound in a unit the user can
 * read: INV_NODES_BASE nodes for any inventory, one more per
 * INV_BYTES_PER_NODE bytes of its files, a scalar weighing one node more
 * per INV_BYTES_PER_NODE bytes of its value. The loader's walk (and with
 * it the model) then stays within the expanded count the scan accepted.
 */
#ifndef CLUSTERCTL_INVENTORY_SCAN_H
#define CLUSTERCTL_INVENTORY_SCAN_H

#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

#define INV_NODES_BASE 160000u
#define INV_BYTES_PER_NODE 256u

/* Accounts nest at most this deep; inventory_list_shape() walks as deep. */
#define MAX_DEPTH 64u

/*
 * YAML deeper than this is refused before it is loaded (libyaml's time
 * grows with the square of the depth). Accounts nested MAX_DEPTH deep take
 * two levels each (a children: list and a mapping) under the top level.
 */
#define MAX_YAML_DEPTH (2 * MAX_DEPTH + 8)

/* The nodes a load whose files hold bytes bytes may expand to. */
uint64_t inv_scan_budget(uint64_t bytes);

enum inv_scan_stop {
	INV_SCAN_DONE,		/* the whole file was read */
	INV_SCAN_SYNTAX,	/* libyaml stopped at an error (the load reports it) */
	INV_SCAN_DEEP,		/* nested past MAX_YAML_DEPTH at mark */
	INV_SCAN_NODES,		/* past the budget at mark: a node, or alias */
	INV_SCAN_CYCLE,		/* alias inside the node it names, at mark */
};

struct inv_scan {
	enum inv_scan_stop stop;
	yaml_mark_t mark;	/* where the scan stopped, for the last three */
	char *alias;		/* INV_SCAN_NODES/CYCLE at an alias: its name */
	uint64_t alias_nodes;	/* ... and what it stands for */
	uint64_t nodes;		/* counted so far, aliases expanded */
	bool mapping;		/* the first document is a mapping */
	bool known_key;		/* ... with a top-level inventory key */
};

/*
 * Reads the events of every document of buf, counting at most budget
 * nodes; sc->known_key says whether is_top_key (may be NULL) took a
 * top-level key. Release sc with inv_scan_release().
 */
void inv_scan(const char *buf, size_t len, uint64_t budget,
	      bool (*is_top_key)(const char *key), struct inv_scan *sc);

void inv_scan_release(struct inv_scan *sc);

#endif
