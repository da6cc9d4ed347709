/*
 * inventory_site.c: the loader's side of a site (site.h): the schema of a
 * site file's own keys (site:, clusters:), and the graft that makes one
 * cluster's model out of its inventory and the site file: the site's
 * database (one for every cluster), ssh settings and munge key where the
 * cluster's inventory has none, the site's QoS, and the site's accounts
 * and users that are on this cluster (their clusters: lists), appended
 * after the cluster inventory's own before any --overlay applies; and
 * the site's federation (federation:), which only a site file declares.
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
#include "inventory/inventory_overlay.h"
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

/* ---- federation: ---- */

static const char *const fed_states[] = { "active", "inactive", "drain", NULL };

#define FM(field) F(struct fed_member, field)
static const struct key_spec fed_member_keys[] = {
	{ "name", K_STR, FM(name), L(struct fed_member, loc), .required = true,
	  .doc = "a cluster of the site (its cluster.name)" },
	{ "features", K_STRLIST, FM(features), .def = "none",
	  .doc = "the cluster's features (sacctmgr Features=): a job's "
		 "--cluster-constraint picks the clusters that have them" },
	{ "state", K_ENUM, FM(state), .choices = fed_states, .base = FED_STATE_ACTIVE,
	  .def = "active", .doc = "FedState: active (takes federated jobs), inactive "
	  "(takes none) or drain (runs what it has, takes no new ones)" },
};
static const struct key_table fed_member_table = TABLE("federation cluster", fed_member_keys);

static void load_one_member(struct loader *ld, yaml_node_t *n)
{
	struct fed_member fm = { 0 }, *old;

	old = INV_OVERLAY_FIND(ld, n, ld->fed_members, ld->n_fed_members, struct fed_member);
	if (old) {
		inv_load_mapping(ld, n, &fed_member_table, old);
		return;
	}
	fm.loc = inv_node_loc(ld, n);
	ld->adding++;
	inv_load_mapping(ld, n, &fed_member_table, &fm);
	ld->adding--;
	if (!fm.name)
		return;
	XGROW(ld->fed_members, ld->alloc_fed_members, ld->n_fed_members + 1);
	ld->fed_members[ld->n_fed_members++] = fm;
}

static void load_fed_members(struct loader *ld, void *obj, yaml_node_t *val,
			     const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->federation.clusters_loc.file)
		ld->m->federation.clusters_loc = *kloc;
	inv_for_each_item(ld, val, load_one_member, MODEL_FAILED_FED_MEMBERS);
}

static const struct key_spec fed_keys[] = {
	{ "name", K_STR, F(struct federation, name), L(struct federation, name_loc),
	  .required = true, .doc = "the federation's name (sacctmgr add federation NAME)" },
	{ "clusters", K_FN, 0, .fn = load_fed_members, .type_doc = "list",
	  .required = true, .doc = "its member clusters, each {name, features, state}" },
};
const struct key_table inv_fed_table = TABLE("federation", fed_keys);

/*
 * federation: of a site file (or an overlay of one of its clusters); a
 * cluster's inventory has none (the site's is grafted in), and a lone
 * inventory's is validation's to refuse (validate_acct.c).
 */
void inv_load_federation(struct loader *ld, void *obj, yaml_node_t *val,
			 const struct src_loc *kloc)
{
	(void)obj;
	if (ld->site && !ld->overlay) {
		diag_error(ld->dl, kloc, "federation: belongs in the site file (docs/site.md): "
			   "a cluster's inventory is that cluster's only");
		if (ld->site->federation.loc.file)
			diag_note(ld->dl, &ld->site->federation.loc, "the site's federation: is here");
		return;
	}
	if (!ld->m->federation.loc.file)
		ld->m->federation.loc = *kloc;
	inv_load_mapping(ld, val, &inv_fed_table, &ld->m->federation);
}

const struct inv_ref_section inv_site_ref[] = {
	{ "site", "A site file's own settings (docs/site.md): a file with "
	  "`clusters:` is a site file; it has no `cluster:`, `hosts:`, "
	  "`node_types:`, `partitions:` or `files:` of its own.", &inv_site_table },
	{ "federation", "A site file's Slurm federation (docs/site.md): the "
	  "`federation_table` row and, on each member cluster's row, the "
	  "federation, its features and its state, as `sacctmgr add federation` "
	  "and `sacctmgr modify cluster ... set federation=` write them.",
	  &inv_fed_table },
	{ "federation.clusters[]", "A member cluster of the federation.",
	  &fed_member_table },
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

/* The site's federation: every cluster plans its row, a member its membership too. */
static void graft_federation(struct loader *ld, const struct model *site)
{
	if (!site->federation.name)
		return;
	ld->m->federation = site->federation;
	for (size_t i = 0; i < site->n_fed_members; i++) {
		XGROW(ld->fed_members, ld->alloc_fed_members, ld->n_fed_members + 1);
		ld->fed_members[ld->n_fed_members++] = site->fed_members[i];
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
	graft_federation(ld, site);
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
