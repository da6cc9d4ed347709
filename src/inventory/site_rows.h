/*
 * site_rows.h: where a site file's rows go (site_rows.c): which clusters
 * an association or account of the site file is on, the site's clusters
 * by name, and the clusters: keys where they mean nothing. Used by the
 * loader's graft, the site's checks and validation alike.
 */
#ifndef CLUSTERCTL_SITE_ROWS_H
#define CLUSTERCTL_SITE_ROWS_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/site_types.h"

/* The cluster named name, or NULL. Borrowed. */
const struct site_cluster *site_find(const struct site *s, const char *name);

/* "a, b" of the site's cluster names; caller frees. */
char *site_cluster_names(const struct site *s);

/*
 * Whether the site file's user u has association i on cluster: its
 * clusters:, else the user's, else every cluster.
 */
bool site_assoc_on(const struct user *u, size_t i, const char *cluster);

/*
 * Whether the site file's account i of site has an association on
 * cluster: its clusters:, else its parent's (a top-level one: every
 * cluster).
 */
bool site_account_on(const struct model *site, size_t i, const char *cluster);

/*
 * Reports "why" at every clusters: key of the accounts and users given:
 * where the key has no meaning (a cluster's inventory, a lone one).
 */
void site_refuse_clusters(const struct account *accounts, size_t n_accounts,
			  const struct user *users, size_t n_users, const char *why,
			  struct diag_list *dl);

#endif
