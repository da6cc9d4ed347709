/*
 * inventory_site.h: the loader's side of a site file (inventory_site.c):
 * the schema of site:, clusters: and federation:, loaded from the top
 * level, and the graft of the site file's part into one cluster's
 * inventory. Private to the loader, as the other schema headers are.
 */
#ifndef CLUSTERCTL_INVENTORY_SITE_H
#define CLUSTERCTL_INVENTORY_SITE_H

#include "base/compat.h"

#include "inventory/keytable.h"

extern const struct key_table inv_site_table;
extern const struct key_table inv_fed_table;
key_fn inv_load_clusters;
key_fn inv_load_federation;
extern const struct inv_ref_section inv_site_ref[];

/*
 * Grafts the site file site's part into the cluster inventory being
 * loaded (after its own document, before the overlays): database, ssh,
 * munge key, QoS, and the accounts and users on this cluster.
 */
void inv_site_graft(struct loader *ld, const struct model *site);

#endif
