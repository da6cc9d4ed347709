/*
 * inventory_site.c: the loader's side of a site (site.h): the schema of a
 * site file's own keys (site:, clusters:), and the graft that makes one
 * cluster's model out of its inventory and the site file: the site's
 * database (one for every cluster), ssh settings and munge key where the
 * cluster's inventory has none, the site's QoS, and the site's accounts
 * and users that are on this cluster (their clusters: lists), appended
 * after the cluster inventory's own before any --overlay applies.
 *
 * The grafted elements are struct copies: their strings stay in the site
 * file's pool, which the site keeps alive as long as its cluster models.
 */
#include "base/compat.h"

#include <string.h>
#include <yaml.h>

#include "inventory/inventory_keys.h"
#include "inventory/inventory_site.h"
#include "inventory/inventory_node.h"
#include "inventory/model.h"
#include "inventory/site_rows.h"
#include "base/xalloc.h"

static const struct key_spec site_keys[] = {
	{ "name", K_STR, F(struct site_settings, name), .def = "the file's name",
	  .doc = "the site's name, for messages" },
	{ "cross_cluster", K_BOOL, F(struct site_settings, cross_cluster),
	  L(struct site_settings, cross_cluster_loc), .def = "false",
	  .doc = "the clusters reach each other (sbatch -M, squeue -M, sacct -M): "
		 "every cluster must have the same munge key" },
	{ "munge_key_source", K_PATH, F(struct site_settings, munge_key_source),
	  L(struct site_settings, munge_key_source_loc),
	  .doc = "local file holding the munge key every cluster gets (a cluster "
		 "inventory's own munge_key_source must hold the same key)" },
};
const struct key_table inv_site_table = TABLE("site", site_keys);

void inv_load_clusters(struct loader *ld, void *obj, yaml_node_t *val,
		       const struct src_loc *kloc)
{
	struct str_list *l = &ld->m->site.clusters;

	(void)obj;
	if (!ld->m->site.clusters_loc.file)
		ld->m->site.clusters_loc = *kloc;
	inv_load_strlist(ld, val, l);
	for (size_t i = 0; i < l->n; i++)
		l->items[i] = inv_resolve_path(ld, l->items[i]);
	if (!l->n)
		diag_error(ld->dl, kloc, "clusters: lists no cluster inventory");
}

const struct inv_ref_section inv_site_ref[] = {
	{ "site", "A site file's own settings (docs/site.md): a file with "
	  "`clusters:` is a site file; it has no `cluster:`, `hosts:`, "
	  "`node_types:`, `partitions:` or `files:` of its own.", &inv_site_table },
	{ 0 }
};

/* ------------------------------------------------------------------ */
/* the graft                                                           */

static bool loaded_account(const struct loader *ld, const char *name)
{
	for (size_t i = 0; i < ld->n_accounts; i++)
		if (!strcmp(ld->accounts[i].name, name))
			return true;
	return false;
}

static bool loaded_partition(const struct loader *ld, const char *name)
{
	for (size_t i = 0; i < ld->n_partitions; i++)
		if (ld->partitions[i].name && !strcmp(ld->partitions[i].name, name))
			return true;
	return false;
}

/*
 * The site's user u as this cluster has it: the associations its
 * clusters: lists put here whose account and partition the cluster has
 * (pool copies; site.c reports those it lacks, naming both places), the
 * default account dropped when its association is not here (the first
 * one here is the default then: Slurm keeps one per cluster). False when
 * none is on the cluster.
 */
static bool user_here(struct loader *ld, const struct user *u, const char *cluster,
		      struct user *out)
{
	struct pool *p = &ld->m->pool;
	size_t n = 0;

	*out = *u;
	out->accounts.items = pool_alloc(p, (u->accounts.n + 1) * sizeof(*out->accounts.items));
	out->accounts.locs = pool_alloc(p, (u->accounts.n + 1) * sizeof(*out->accounts.locs));
	out->assocs = pool_alloc(p, (u->accounts.n + 1) * sizeof(*out->assocs));
	for (size_t i = 0; i < u->accounts.n; i++) {
		const struct user_assoc *a = u->assocs ? &u->assocs[i] : NULL;

		if (!site_assoc_on(u, i, cluster) || !loaded_account(ld, u->accounts.items[i]) ||
		    (a && a->partition && !loaded_partition(ld, a->partition)))
			continue;
		out->accounts.items[n] = u->accounts.items[i];
		out->accounts.locs[n] = u->accounts.locs[i];
		if (a)
			out->assocs[n] = *a;
		n++;
	}
	out->accounts.n = n;
	if (!u->assocs)
		out->assocs = NULL;
	if (out->default_account && !str_list_has(&out->accounts, out->default_account))
		out->default_account = NULL;
	return n > 0;
}

/* database:, ssh: and the munge key: the site's, where the cluster's file has none. */
static void graft_settings(struct loader *ld, const struct model *site)
{
	struct model *m = ld->m;

	if (ld->top_seen[TOP_DATABASE].file && site->db.loc.file) {
		diag_error(ld->dl, &ld->top_seen[TOP_DATABASE], "database: is the site's: "
			   "every cluster of a site shares the one its site file names");
		diag_note(ld->dl, &site->db.loc, "the site's database: is here");
	} else if (site->db.loc.file) {
		m->db = site->db;
	}
	if (!ld->top_seen[TOP_SSH].file && site->ssh.loc.file)
		m->ssh = site->ssh;
	if (!m->cluster.munge_key_source && site->site.munge_key_source) {
		m->cluster.munge_key_source = site->site.munge_key_source;
		m->cluster.munge_key_source_loc = site->site.munge_key_source_loc;
	}
}

void inv_site_graft(struct loader *ld, const struct model *site)
{
	const char *cluster = ld->m->cluster.name;

	/* the cluster inventory's own: clusters: is the site file's key only */
	site_refuse_clusters(ld->accounts, ld->n_accounts, ld->users, ld->n_users,
			     "clusters: belongs in the site file (docs/site.md): a "
			     "cluster's inventory is that cluster's only", ld->dl);
	graft_settings(ld, site);
	if (!cluster)
		return;
	for (size_t i = 0; i < site->n_qos; i++) {
		XGROW(ld->qos, ld->alloc_qos, ld->n_qos + 1);
		ld->qos[ld->n_qos++] = site->qos[i];
	}
	for (size_t i = 0; i < site->n_accounts; i++) {
		if (!site_account_on(site, i, cluster))
			continue;
		XGROW(ld->accounts, ld->alloc_accounts, ld->n_accounts + 1);
		ld->accounts[ld->n_accounts++] = site->accounts[i];
	}
	for (size_t i = 0; i < site->n_users; i++) {
		struct user u;

		if (!user_here(ld, &site->users[i], cluster, &u))
			continue;
		XGROW(ld->users, ld->alloc_users, ld->n_users + 1);
		ld->users[ld->n_users++] = u;
	}
}
