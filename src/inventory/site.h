/*
 * site.h: several clusters on one accounting database (docs/site.md). A
 * site file is an inventory with clusters: (the cluster inventories it
 * lists) and no cluster: of its own; it holds what the clusters share:
 * the database, the ssh settings and munge key they default to, and the
 * site-wide rows of slurmdbd: QoS, accounts and users (whose associations
 * go to every cluster, or those their clusters: lists name). Each cluster
 * is then an ordinary struct model: its inventory with the site's part
 * grafted in (inventory_load_in_site()), validated on its own; the site
 * checks what no cluster sees alone: two clusters with one name, a host in
 * two clusters, an association for a cluster that lacks its account or
 * partition, one slurmdbd, one munge key when the clusters reach each
 * other, site-wide rows the clusters define differently.
 *
 * A cluster of a site whose slurmdbd another cluster runs gets that host
 * as a declared host (host.other_cluster): its slurm.conf points there,
 * clusterctl never manages it for this cluster.
 *
 * Ownership: struct site owns the site file's model and every cluster's;
 * a cluster's model borrows strings from the site file's pool, so it lives
 * as long as the site (site_free()). Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_SITE_H
#define CLUSTERCTL_SITE_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/site_types.h"

/* True when m was loaded from a site file (it lists clusters:). */
bool model_is_site(const struct model *m);

/*
 * Loads a site file and every cluster inventory it lists, grafts the
 * site's part into each, validates each and the site as a whole. Every
 * problem goes to dl (sorted; one diagnostic the clusters share reported
 * once). Returns the site only when there was no error; else NULL.
 */
struct site *site_load_valid(const char *path, struct diag_list *dl);

/*
 * As site_load_valid(), from the site file already loaded (taken: freed
 * with the site, or here when NULL is returned).
 */
struct site *site_load_from(struct model *shared, struct diag_list *dl);

/*
 * A site of one: the lone inventory m (taken: site_free() frees it), so
 * that commands treat a site and an inventory alike. m->in_site stays
 * NULL: a lone inventory is no site's.
 */
struct site *site_of_model(struct model *m);

void site_free(struct site *s);

#endif
