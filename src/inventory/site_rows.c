/*
 * site_rows.c: where a site file's rows go (site_rows.h): an association
 * of the site file is on the clusters its clusters:, else its user's,
 * else every cluster name; an account on its own clusters:, else its
 * parent's, and never where its parent is not.
 */
#include "base/compat.h"

#include <string.h>

#include "inventory/site_rows.h"
#include "base/strbuf.h"

/* Accounts nest no deeper (the loader's bound): a cycle stops here. */
#define SITE_MAX_DEPTH 64u

const struct site_cluster *site_find(const struct site *s, const char *name)
{
	for (size_t i = 0; s && name && i < s->n; i++)
		if (s->clusters[i].name && !strcmp(s->clusters[i].name, name))
			return &s->clusters[i];
	return NULL;
}

char *site_cluster_names(const struct site *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < s->n; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "",
			    s->clusters[i].name ? s->clusters[i].name : "?");
	return strbuf_detach(&sb, NULL);
}

bool site_assoc_on(const struct user *u, size_t i, const char *cluster)
{
	const struct str_list *l = u->assocs && u->assocs[i].clusters.n ?
		&u->assocs[i].clusters : &u->clusters;

	return !l->n || str_list_has(l, cluster);
}

static bool account_on(const struct model *site, size_t i, const char *cluster,
		       unsigned depth)
{
	const struct account *a = &site->accounts[i];

	/* a cycle is validate's to report: stop at the depth accounts may nest */
	if (depth > SITE_MAX_DEPTH || (a->clusters.n && !str_list_has(&a->clusters, cluster)))
		return false;
	/* under a parent of the site file, only where that parent is */
	for (size_t j = 0; a->parent && j < site->n_accounts; j++)
		if (j != i && !strcmp(site->accounts[j].name, a->parent))
			return account_on(site, j, cluster, depth + 1);
	return true;
}

bool site_account_on(const struct model *site, size_t i, const char *cluster)
{
	return account_on(site, i, cluster, 0);
}

void site_refuse_clusters(const struct account *accounts, size_t n_accounts,
			  const struct user *users, size_t n_users, const char *why,
			  struct diag_list *dl)
{
	for (size_t i = 0; i < n_accounts; i++)
		if (accounts[i].clusters.n)
			diag_error(dl, &accounts[i].clusters.locs[0], "%s", why);
	for (size_t i = 0; i < n_users; i++) {
		const struct user *u = &users[i];

		if (u->clusters.n)
			diag_error(dl, &u->clusters.locs[0], "%s", why);
		for (size_t j = 0; u->assocs && j < u->accounts.n; j++)
			if (u->assocs[j].clusters.n)
				diag_error(dl, &u->assocs[j].clusters.locs[0], "%s", why);
	}
}
