/*
 * site_check.h: what only a site as a whole can get wrong (site_check.c),
 * for site.c: each problem names both places.
 */
#ifndef CLUSTERCTL_SITE_CHECK_H
#define CLUSTERCTL_SITE_CHECK_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/site_types.h"

/*
 * A site file holds no cluster:, node_types:, hosts:, partitions: or
 * files: (they are a cluster inventory's).
 */
void site_check_shape(const struct model *shared, struct diag_list *dl);

/*
 * The site's one slurmdbd: a second cluster running one is an error;
 * every cluster without its own gets the host that runs it as a declared
 * host of another cluster (host.other_cluster), its accounting_host,
 * slurmdbd_port and accounting_address where it names none (another port
 * is an error).
 */
void site_share_dbd(struct site *s, struct diag_list *dl);

/*
 * The checks across clusters: two clusters with one name; a host (name or
 * address) in two clusters; one munge key when cross_cluster; a QoS
 * defined for two clusters, an account or user whose site-wide row two
 * clusters set apart; clusters: lists naming no cluster of the site; an
 * association or account of the site file for a cluster that lacks its
 * account, partition or parent.
 */
void site_check(const struct site *s, struct diag_list *dl);

#endif
