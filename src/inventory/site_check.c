/*
 * site_check.c: the checks of a site across its clusters (site_check.h).
 * A cluster's own validation sees one cluster; what two clusters can
 * only get wrong together is here, and each message names both places:
 * the later one as the error, the first as a note.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "inventory/site_check.h"
#include "inventory/site_rows.h"
#include "slurm/mungekey.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

#define SLURMDBD_DEFAULT_PORT 6819

void site_check_shape(const struct model *shared, struct diag_list *dl)
{
	const struct { const struct src_loc *loc; const char *key; } own[] = {
		{ &shared->cluster.loc, "cluster" },
		{ &shared->node_types_loc, "node_types" },
		{ &shared->hosts_loc, "hosts" },
		{ &shared->partitions_loc, "partitions" },
		{ &shared->files_loc, "files" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(own); i++)
		if (own[i].loc->file)
			diag_error(dl, own[i].loc, "%s: belongs in a cluster's inventory, "
				   "not in the site file (which lists them under clusters:)",
				   own[i].key);
}

/* ---- the one slurmdbd ---- */

/* The host of m that runs slurmdbd, m's own (not another cluster's), or NULL. */
static const struct host *own_dbd(const struct model *m)
{
	for (size_t i = 0; i < model_n_declared(m); i++) {
		const struct host *h = &m->hosts[i];

		if (!h->other_cluster && model_host_runs(m, h, SVC_SLURMDBD))
			return h;
	}
	return NULL;
}

static long long dbd_port(const struct model *m)
{
	return m->cluster.slurmdbd_port == MODEL_UNSET ? SLURMDBD_DEFAULT_PORT :
		m->cluster.slurmdbd_port;
}

/* Appends host dbd of cluster owner to m as a declared host of that cluster. */
static void add_dbd_host(struct model *m, const struct host *dbd, const char *owner)
{
	size_t total = model_n_declared(m), entry = 0;
	struct host *hosts = pool_alloc(&m->pool, (total + 2) * sizeof(*hosts));
	struct host *h = &hosts[total];

	memcpy(hosts, m->hosts, total * sizeof(*hosts));
	for (size_t i = 0; i < total; i++)
		entry = hosts[i].entry + 1 > entry ? hosts[i].entry + 1 : entry;
	h->name = pool_strdup(&m->pool, dbd->name);
	h->address = dbd->address ? pool_strdup(&m->pool, dbd->address) : NULL;
	h->roles = ROLE_DBD;
	h->ssh_port = dbd->ssh_port;
	h->ssh_user = dbd->ssh_user ? pool_strdup(&m->pool, dbd->ssh_user) : NULL;
	h->slurmd_port = MODEL_UNSET;
	h->loc = h->type_loc = h->roles_loc = h->managed_loc = dbd->loc;
	h->entry = entry;
	h->seq = total;
	h->scope = HOST_DECLARED;
	h->other_cluster = pool_strdup(&m->pool, owner);
	m->hosts = hosts;
	m->n_unmanaged++;
	model_split_hosts(m);
}

/* Gives cluster m (without a slurmdbd of its own) the site's, run by c. */
static void share_dbd(struct model *m, const struct site_cluster *c,
		      const struct host *dbd, struct diag_list *dl)
{
	struct cluster *cl = &m->cluster;

	if (cl->accounting_host && strcmp(cl->accounting_host, dbd->name))
		return;	/* names a host it lacks: its own validation says so */
	add_dbd_host(m, dbd, c->name);
	cl->accounting_host = pool_strdup(&m->pool, dbd->name);
	if (!cl->accounting_host_loc.file)
		cl->accounting_host_loc = dbd->loc;
	if (!cl->accounting_address && c->m->cluster.accounting_address) {
		cl->accounting_address = c->m->cluster.accounting_address;
		cl->accounting_address_loc = c->m->cluster.accounting_address_loc;
	}
	if (cl->slurmdbd_port == MODEL_UNSET) {
		cl->slurmdbd_port = c->m->cluster.slurmdbd_port;
	} else if (dbd_port(m) != dbd_port(c->m)) {
		diag_error(dl, &cl->loc, "cluster '%s': slurmdbd_port %lld, but the site's "
			   "slurmdbd (on '%s' of cluster '%s') listens on %lld", cl->name,
			   dbd_port(m), dbd->name, c->name, dbd_port(c->m));
		diag_note(dl, &c->m->cluster.loc, "cluster '%s' is here", c->name);
	}
}

void site_share_dbd(struct site *s, struct diag_list *dl)
{
	const struct site_cluster *owner = NULL;
	const struct host *dbd = NULL;

	for (size_t i = 0; i < s->n; i++) {
		const struct host *h = own_dbd(s->clusters[i].m);

		if (!h)
			continue;
		if (!dbd) {
			owner = &s->clusters[i];
			dbd = h;
			continue;
		}
		diag_error(dl, &h->roles_loc, "cluster '%s' runs slurmdbd on '%s', but "
			   "cluster '%s' already runs the site's on '%s': the clusters of "
			   "a site share one slurmdbd", s->clusters[i].name, h->name,
			   owner->name, dbd->name);
		diag_note(dl, &dbd->roles_loc, "the site's slurmdbd is here");
	}
	for (size_t i = 0; dbd && i < s->n; i++)
		if (&s->clusters[i] != owner && !own_dbd(s->clusters[i].m))
			share_dbd(s->clusters[i].m, owner, dbd, dl);
}

/* ---- names and hosts ---- */

static void check_names(const struct site *s, struct diag_list *dl)
{
	for (size_t i = 0; i < s->n; i++)
		for (size_t j = 0; j < i; j++) {
			const struct model *a = s->clusters[j].m, *b = s->clusters[i].m;

			if (!a->cluster.name || !b->cluster.name ||
			    strcmp(a->cluster.name, b->cluster.name))
				continue;
			diag_error(dl, &b->cluster.loc, "two clusters of the site are named "
				   "'%s' (%s and %s): each cluster's name is its own", b->cluster.name,
				   s->clusters[j].path, s->clusters[i].path);
			diag_note(dl, &a->cluster.loc, "the first '%s' is here", a->cluster.name);
			break;
		}
}

/* One element of one cluster, by name: what the sorted checks walk. */
struct host_key {
	const char *key;
	size_t cluster;
	const void *h;
};

static int host_key_cmp(const void *pa, const void *pb)
{
	const struct host_key *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	if (c)
		return c;
	return (a->cluster > b->cluster) - (a->cluster < b->cluster);
}

/* A host name (what: "name") or address ("address") in two clusters. */
static void check_hosts_by(const struct site *s, bool address, struct diag_list *dl)
{
	struct host_key *v = NULL;
	size_t n = 0, alloc = 0;

	for (size_t c = 0; c < s->n; c++) {
		const struct model *m = s->clusters[c].m;

		for (size_t i = 0; i < model_n_declared(m); i++) {
			const struct host *h = &m->hosts[i];
			const char *key = address ? h->address : h->name;

			if (!key || h->other_cluster)
				continue;
			XGROW(v, alloc, n + 1);
			v[n++] = (struct host_key){ key, c, h };
		}
	}
	xqsort(v, n, sizeof(*v), host_key_cmp);
	for (size_t i = 1; i < n; i++) {
		size_t first = i - 1;

		if (strcmp(v[i].key, v[first].key) || v[i].cluster == v[first].cluster)
			continue;
		while (first > 0 && !strcmp(v[first - 1].key, v[i].key))
			first--;
		diag_error(dl, &((const struct host *)v[i].h)->loc, "host %s'%s' is in "
			   "cluster '%s' and in cluster "
			   "'%s': a host belongs to one cluster", address ? "address " : "",
			   v[i].key, s->clusters[v[first].cluster].name,
			   s->clusters[v[i].cluster].name);
		diag_note(dl, &((const struct host *)v[first].h)->loc, "cluster '%s' has it here",
			  s->clusters[v[first].cluster].name);
	}
	free(v);
}

/* ---- one munge key when the clusters reach each other ---- */

static int same_key(const char *a, const char *b)
{
	struct mungekey ka = MUNGEKEY_INIT, kb = MUNGEKEY_INIT;
	char *cause = NULL;
	int rc = -1;

	/* an unreadable file is validate's to report */
	if (mungekey_load_file(&ka, a, &cause) == 0 &&
	    mungekey_load_file(&kb, b, &cause) == 0)
		rc = ka.len == kb.len && !memcmp(ka.bytes, kb.bytes, ka.len);
	free(cause);
	mungekey_release(&ka);
	mungekey_release(&kb);
	return rc;
}

/*
 * The clusters that reach each other: every one with cross_cluster, else
 * the federation's members (their slurmctld talk to each other).
 */
static bool reaches_others(const struct site *s, const char *cluster)
{
	return s->cross_cluster || (cluster && model_fed_member(s->shared, cluster));
}

static void check_munge(const struct site *s, struct diag_list *dl)
{
	const struct site_cluster *first = NULL;
	bool cc = s->cross_cluster;
	const struct src_loc *why = cc ? &s->shared->site.cross_cluster_loc :
		&s->shared->federation.loc;
	const char *how = cc ? "cross_cluster" : "federation";
	const char *need = cc ? "sbatch -M, squeue -M and sacct -M" : "their slurmctld";

	for (size_t i = 0; i < s->n; i++) {
		const struct cluster *c = &s->clusters[i].m->cluster;

		if (!reaches_others(s, c->name))
			continue;
		if (!c->munge_key_source && !cc) {
			/* a federation that runs shares one already: imported, it has none */
			diag_warning(dl, &c->loc, "cluster '%s' has no munge_key_source: its munge "
				     "key stays as it is, and a federation's members need one key; "
				     "set site.munge_key_source", c->name);
			diag_note(dl, why, "%s is set here", how);
		} else if (!c->munge_key_source) {
			diag_error(dl, &c->loc, "cluster '%s' has no munge_key_source, but the "
				   "site's clusters reach each other (%s): they need "
				   "one munge key; set site.munge_key_source", c->name, how);
			diag_note(dl, why, "%s is set here", how);
		} else if (!first) {
			first = &s->clusters[i];
		} else if (same_key(first->m->cluster.munge_key_source, c->munge_key_source) == 0) {
			diag_error(dl, &c->munge_key_source_loc, "cluster '%s' has another munge "
				   "key than cluster '%s', but the site's clusters reach each "
				   "other (%s): %s need one key", c->name, first->name, how, need);
			diag_note(dl, &first->m->cluster.munge_key_source_loc,
				  "cluster '%s''s key is set here", first->name);
		}
	}
}

/* ---- site-wide rows two clusters set apart ---- */

static bool str_eq(const char *a, const char *b)
{
	return (!a || !b) ? a == b : !strcmp(a, b);
}

static bool same_names(const struct str_list *a, const struct str_list *b)
{
	for (size_t i = 0; i < a->n; i++)
		if (!str_list_has(b, a->items[i]))
			return false;
	for (size_t i = 0; i < b->n; i++)
		if (!str_list_has(a, b->items[i]))
			return false;
	return true;
}

static void row_error(struct diag_list *dl, const char *kind, const char *name,
		      const char *what, const struct site_cluster *ca,
		      const struct src_loc *la, const struct site_cluster *cb,
		      const struct src_loc *lb)
{
	if (what)
		diag_error(dl, lb, "%s '%s' %s for cluster '%s' than for cluster '%s': it "
			   "is one row of the site's accounting, the same for every cluster",
			   kind, name, what, cb->name, ca->name);
	else
		diag_error(dl, lb, "%s '%s' is defined for cluster '%s' and again for cluster "
			   "'%s': it is one row of the site's accounting; define it once, in "
			   "the site file", kind, name, ca->name, cb->name);
	diag_note(dl, la, "cluster '%s''s %s '%s' is here", ca->name, kind, name);
}

static bool same_place(const struct src_loc *a, const struct src_loc *b)
{
	return a->line == b->line && a->col == b->col && str_eq(a->file, b->file);
}

/*
 * Every element of one kind of every cluster, by name: the model arrays
 * start with the name, elem is the element's size and loc_off its loc.
 */
static struct host_key *rows_by_name(const struct site *s, size_t arr_off,
				     size_t n_off, size_t elem, size_t *n)
{
	struct host_key *v = NULL;
	size_t alloc = 0;

	*n = 0;
	for (size_t c = 0; c < s->n; c++) {
		const struct model *m = s->clusters[c].m;
		const char *arr = *(const char *const *)((const char *)m + arr_off);
		size_t count = *(const size_t *)((const char *)m + n_off);

		for (size_t i = 0; i < count; i++) {
			const void *e = arr + i * elem;

			XGROW(v, alloc, *n + 1);
			v[(*n)++] = (struct host_key){ *(const char *const *)e, c, e };
		}
	}
	xqsort(v, *n, sizeof(*v), host_key_cmp);
	return v;
}

#define ROWS(s, field, nfield, type, n) \
	rows_by_name(s, offsetof(struct model, field), offsetof(struct model, nfield), \
		     sizeof(type), n)

/* What two clusters' definitions of one row set apart; NULL: nothing. */
static const char *qos_apart(const void *a, const void *b)
{
	(void)a;
	(void)b;
	return "";	/* defined twice is wrong whatever they say */
}

static const char *account_apart(const void *pa, const void *pb)
{
	const struct account *a = pa, *b = pb;

	if (!str_eq(a->description, b->description) || !str_eq(a->organization, b->organization))
		return "has another description or organization";
	return same_names(&a->coordinators, &b->coordinators) ? NULL :
		"has other coordinators";
}

static const char *user_apart(const void *pa, const void *pb)
{
	const struct user *a = pa, *b = pb;

	return a->admin_level == b->admin_level ? NULL : "has another admin_level";
}

/*
 * Rows v (sorted by name, then cluster) that two clusters define in two
 * places and set apart; a definition the site file grafted into both is
 * one place.
 */
static void check_rows(const struct site *s, const struct host_key *v, size_t n,
		       const char *kind, size_t loc_off,
		       const char *(*apart)(const void *, const void *),
		       struct diag_list *dl)
{
	for (size_t i = 1; i < n; i++) {
		size_t first = i - 1;
		const struct src_loc *la, *lb;
		const char *why;

		if (strcmp(v[i].key, v[first].key) || v[i].cluster == v[first].cluster)
			continue;
		while (first > 0 && !strcmp(v[first - 1].key, v[i].key))
			first--;
		la = (const struct src_loc *)((const char *)v[first].h + loc_off);
		lb = (const struct src_loc *)((const char *)v[i].h + loc_off);
		if (same_place(la, lb) || !(why = apart(v[first].h, v[i].h)))
			continue;
		row_error(dl, kind, v[i].key, *why ? why : NULL, &s->clusters[v[first].cluster],
			  la, &s->clusters[v[i].cluster], lb);
	}
}

static void check_site_rows(const struct site *s, struct diag_list *dl)
{
	struct host_key *v;
	size_t n;

	v = ROWS(s, qos, n_qos, struct qos, &n);
	check_rows(s, v, n, "QoS", offsetof(struct qos, loc), qos_apart, dl);
	free(v);
	v = ROWS(s, accounts, n_accounts, struct account, &n);
	check_rows(s, v, n, "account", offsetof(struct account, loc), account_apart, dl);
	free(v);
	v = ROWS(s, users, n_users, struct user, &n);
	check_rows(s, v, n, "user", offsetof(struct user, loc), user_apart, dl);
	free(v);
}

/* ---- the site file's clusters: lists ---- */

static void check_cluster_list(const struct site *s, const struct str_list *l,
			       const char *owner, struct diag_list *dl)
{
	for (size_t i = 0; i < l->n; i++) {
		char *names;

		if (site_find(s, l->items[i]))
			continue;
		names = site_cluster_names(s);
		diag_error(dl, &l->locs[i], "%s: unknown cluster '%s' (the site's clusters: "
			   "%s)", owner, l->items[i], names);
		free(names);
	}
}

static size_t site_account_index(const struct model *shared, const char *name)
{
	for (size_t i = 0; name && i < shared->n_accounts; i++)
		if (!strcmp(shared->accounts[i].name, name))
			return i;
	return SIZE_MAX;
}

/* An account of the site file for a cluster its parent is not on. */
static void check_site_account(const struct site *s, size_t i, struct diag_list *dl)
{
	const struct model *sh = s->shared;
	const struct account *a = &sh->accounts[i];
	size_t p = site_account_index(sh, a->parent);
	char *owner = xasprintf("account '%s'", a->name);

	check_cluster_list(s, &a->clusters, owner, dl);
	for (size_t k = 0; p != SIZE_MAX && k < a->clusters.n; k++) {
		const struct account *pa = &sh->accounts[p];

		if (!site_find(s, a->clusters.items[k]) ||
		    site_account_on(sh, p, a->clusters.items[k]))
			continue;
		diag_error(dl, &a->clusters.locs[k], "%s is for cluster '%s', but its parent "
			   "'%s' is not", owner, a->clusters.items[k], pa->name);
		diag_note(dl, pa->clusters.n ? &pa->clusters.locs[0] : &pa->loc,
			  "'%s''s clusters are set here", pa->name);
	}
	free(owner);
}

/* Where cluster c has (or lacks) account name: for the note. */
static const struct src_loc *account_place(const struct site *s, const struct model *cm,
					   const char *name)
{
	size_t i = site_account_index(s->shared, name);

	if (i != SIZE_MAX)
		return s->shared->accounts[i].clusters.n ?
			&s->shared->accounts[i].clusters.locs[0] : &s->shared->accounts[i].loc;
	return cm->accounts_loc.file ? &cm->accounts_loc : &cm->cluster.loc;
}

/*
 * Association i of the site file's user u on cluster c: its account and
 * partition must be there (the graft left it out of c's model).
 */
static void check_assoc_on(const struct site *s, const struct user *u, size_t i,
			   const struct site_cluster *c, struct diag_list *dl)
{
	const struct user_assoc *a = u->assocs ? &u->assocs[i] : NULL;
	const char *acct = u->accounts.items[i];
	const char *how = a && a->clusters.n ? "" : u->clusters.n ? " (the user's clusters:)" :
		" (every cluster of the site: give the association clusters:)";

	if (!model_find_account(c->m, acct)) {
		diag_error(dl, &u->accounts.locs[i], "user '%s': its association with "
			   "account '%s' is for cluster '%s'%s, which has no account '%s'",
			   u->name, acct, c->name, how, acct);
		diag_note(dl, account_place(s, c->m, acct), "account '%s''s clusters are "
			  "set here", acct);
	} else if (a && a->partition && !model_find_partition(c->m, a->partition)) {
		diag_error(dl, &a->partition_loc, "user '%s': its association with account "
			   "'%s' partition '%s' is for cluster '%s'%s, which has no partition "
			   "'%s'", u->name, acct, a->partition, c->name, how, a->partition);
		diag_note(dl, c->m->partitions_loc.file ? &c->m->partitions_loc :
			  &c->m->cluster.loc, "cluster '%s''s partitions are here", c->name);
	}
}

static void check_site_user(const struct site *s, const struct user *u,
			    struct diag_list *dl)
{
	char *owner = xasprintf("user '%s'", u->name);

	check_cluster_list(s, &u->clusters, owner, dl);
	for (size_t i = 0; u->assocs && i < u->accounts.n; i++)
		check_cluster_list(s, &u->assocs[i].clusters, owner, dl);
	for (size_t i = 0; i < u->accounts.n; i++)
		for (size_t c = 0; c < s->n; c++)
			if (s->clusters[c].name && site_assoc_on(u, i, s->clusters[c].name))
				check_assoc_on(s, u, i, &s->clusters[c], dl);
	free(owner);
}

void site_check(const struct site *s, struct diag_list *dl)
{
	check_names(s, dl);
	check_hosts_by(s, false, dl);
	check_hosts_by(s, true, dl);
	check_munge(s, dl);
	check_site_rows(s, dl);
	for (size_t i = 0; i < s->shared->n_accounts; i++)
		check_site_account(s, i, dl);
	for (size_t i = 0; i < s->shared->n_users; i++)
		check_site_user(s, &s->shared->users[i], dl);
}
