/*
 * overlay.h: the overlays named on the command line (--overlay FILE,
 * repeatable). An overlay is an inventory fragment applied on top of the
 * inventory every time one is loaded in this process, in the order given:
 * the site's file stays the site's truth, and what one deployment of it
 * needs (a staging or lab copy: addresses, ports, service commands, device
 * files) lives beside it. An overlay named on the command line is trusted
 * like the inventory itself.
 *
 * The merge rules (docs/overlays.md), applied by the loader
 * (inventory_overlay.c):
 *   - mappings merge by key (cluster, ssh, database, cluster.services, a
 *     node type, ...): a key the overlay writes replaces the inventory's
 *     value, keys it does not write are kept;
 *   - lists of named things merge by name: node_types (by key), partitions,
 *     qos, accounts and users (by name:) change the element of that name
 *     or, when there is none, add one; hosts (by names:, a hostlist) change
 *     every host the expression names, and every name must be a host the
 *     inventory has (an overlay cannot add hosts);
 *   - pass-through key=value maps (slurm_conf, extra, TRES maps) merge by
 *     key; a key written with no value (KEY: ~) deletes it;
 *   - every other value, lists of strings included, is replaced whole;
 *   - "key: ~" unsets: cluster, ssh and database keys go back to their
 *     defaults, an element's strings, lists and maps become absent.
 * Errors in an overlay point into the overlay file.
 */
#ifndef CLUSTERCTL_OVERLAY_H
#define CLUSTERCTL_OVERLAY_H

#include "base/compat.h"

/* Adds path (copied) to the overlays every inventory load applies. */
void overlay_add(const char *path);

/* How many overlays are set, and the i-th (borrowed; valid until overlay_clear()). */
size_t overlay_count(void);
const char *overlay_path(size_t i);

/* Forgets every overlay (tests; the end of main). */
void overlay_clear(void);

#endif
