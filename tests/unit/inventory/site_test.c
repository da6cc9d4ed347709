/*
 * site_test.c: site files (inventory/site.h) written to a scratch
 * directory: a valid site of two clusters and what the site grafts into
 * each (the shared slurmdbd as another cluster's host, the site's rows on
 * the clusters their clusters: name), and every error only a site can
 * make, each naming both places (the error, and a note at the other).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inventory/inventory.h"
#include "inventory/site.h"
#include "inventory/site_rows.h"
#include "inventory/validate.h"
#include "base/xalloc.h"

static const char site_yaml[] =
	"site: {name: s}\n"
	"clusters: [a.yaml, b.yaml]\n"
	"database: {host: 127.0.0.1, password_file: pass}\n"
	"qos: [{name: gpu, max_tres_per_user: {gres/gpu: 2}}]\n"
	"accounts:\n"
	"  - name: phys\n"
	"    children: [{name: hep}]\n"
	"  - {name: chem, clusters: [b]}\n"
	"users:\n"
	"  - {name: alice, accounts: [hep], qos: [gpu]}\n"
	"  - {name: carol, accounts: [{account: chem, clusters: [b]},\n"
	"                             {account: hep, partition: big, clusters: [a]}]}\n";

static const char a_yaml[] =
	"cluster: {name: a, controller: ctl-a, accounting_host: ctl-a, slurmdbd_port: 7019}\n"
	"node_types: {g: {cpus: 2, memory: 2G, gpus: {count: 2, files: \"/dev/tty[1-2]\"}}}\n"
	"hosts:\n"
	"  - {names: ctl-a, address: 10.0.0.1, roles: [controller, dbd]}\n"
	"  - {names: gpu-a01, address: 10.0.0.2, type: g}\n"
	"partitions:\n"
	"  - {name: gpu, nodes: gpu-a01, default: true}\n"
	"  - {name: big, nodes: gpu-a01}\n";

static const char b_yaml[] =
	"cluster: {name: b, controller: ctl-b}\n"
	"node_types: {g: {cpus: 2, memory: 2G, gpus: {count: 2, files: \"/dev/tty[1-2]\"}}}\n"
	"hosts:\n"
	"  - {names: ctl-b, address: 10.0.0.3, roles: [controller]}\n"
	"  - {names: gpu-b01, address: 10.0.0.4, type: g}\n"
	"partitions: [{name: gpu, nodes: gpu-b01, default: true}]\n";

static char dir[64];

static void put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
	free(path);
}

static void scratch(void)
{
	strcpy(dir, "/tmp/site_test.XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	put("pass", "secret\n");
}

static void unscratch(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	cr_expect_eq(system(cmd), 0);
	free(cmd);
}

TestSuite(site, .init = scratch, .fini = unscratch);

/* The site of site, a and b (files named so), loaded into dl. */
static struct site *load(const char *s, const char *a, const char *b,
			 struct diag_list *dl)
{
	char *path = xasprintf("%s/site.yaml", dir);
	struct site *st;

	put("site.yaml", s);
	put("a.yaml", a);
	put("b.yaml", b);
	st = site_load_valid(path, dl);
	free(path);
	return st;
}

/* The first error whose message holds needle, or NULL. */
static const struct diag *error_with(const struct diag_list *dl, const char *needle)
{
	for (size_t i = 0; i < dl->n; i++)
		if (dl->items[i].level == DIAG_ERROR && strstr(dl->items[i].msg, needle))
			return &dl->items[i];
	return NULL;
}

/* The error holding needle is in file err_file and its next note in note_file. */
static void expect_both(const struct diag_list *dl, const char *needle,
			const char *err_file, const char *note_file)
{
	const struct diag *d = error_with(dl, needle);

	cr_assert_not_null(d, "no error with '%s' (first: %s)", needle,
			   dl->n ? dl->items[0].msg : "none");
	cr_expect(strstr(d->loc.file, err_file) != NULL, "error in %s, not %s",
		  d->loc.file, err_file);
	cr_assert(d + 1 < dl->items + dl->n && d[1].level == DIAG_NOTE,
		  "no note after '%s'", d->msg);
	cr_expect(strstr(d[1].loc.file, note_file) != NULL, "note in %s, not %s",
		  d[1].loc.file, note_file);
}

/* The site of s, a and b is refused with an error holding needle (error in err_file, note in note_file). */
static void refused(const char *s, const char *a, const char *b, const char *needle,
		    const char *err_file, const char *note_file)
{
	struct diag_list dl = DIAG_LIST_INIT;

	cr_expect_null(load(s, a, b, &dl));
	expect_both(&dl, needle, err_file, note_file);
	diag_release(&dl);
}

static char *replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);

	cr_assert_not_null(at, "'%s' not in the text", from);
	return xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

Test(site, two_clusters_on_one_slurmdbd)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct site *s = load(site_yaml, a_yaml, b_yaml, &dl);
	const struct model *a, *b;
	const struct host *dbd;

	cr_assert_not_null(s, "first: %s", dl.n ? dl.items[0].msg : "");
	cr_expect_str_eq(s->name, "s");
	cr_assert_eq(s->n, 2);
	a = site_find(s, "a")->m;
	b = site_find(s, "b")->m;
	cr_expect_eq(a->in_site, s);
	/* b reaches the site's slurmdbd on a's host, a host it never manages */
	dbd = model_dbd_host(b);
	cr_assert_not_null(dbd);
	cr_expect_str_eq(dbd->name, "ctl-a");
	cr_expect_str_eq(dbd->other_cluster, "a");
	cr_expect_eq(dbd->scope, HOST_DECLARED);
	cr_expect_eq(b->n_hosts, 2);
	cr_expect_eq(b->cluster.slurmdbd_port, 7019);
	cr_expect_str_eq(b->db.host, "127.0.0.1");
	/* the site's rows where their clusters: put them */
	cr_expect_not_null(model_find_qos(a, "gpu"));
	cr_expect_not_null(model_find_qos(b, "gpu"));
	cr_expect_null(model_find_account(a, "chem"));
	cr_expect_not_null(model_find_account(b, "chem"));
	cr_expect_eq(model_find_user(a, "carol")->accounts.n, 1);
	cr_expect_str_eq(model_find_user(a, "carol")->assocs[0].partition, "big");
	cr_expect_str_eq(model_find_user(b, "carol")->accounts.items[0], "chem");
	cr_expect_not_null(model_find_user(b, "alice"));
	site_free(s);
	diag_release(&dl);
}

Test(site, two_clusters_with_one_name)
{
	char *b = replaced(b_yaml, "name: b", "name: a");

	refused(site_yaml, a_yaml, b,
		"two clusters of the site are named 'a'",
		"b.yaml", "a.yaml");
	free(b);
}

Test(site, a_host_in_two_clusters)
{
	char *b = replaced(b_yaml, "gpu-b01, address: 10.0.0.4", "gpu-a01, address: 10.0.0.9");
	char *b2 = replaced(b, "nodes: gpu-b01", "nodes: gpu-a01");

	refused(site_yaml, a_yaml, b2,
		"host 'gpu-a01' is in cluster 'a' and in cluster 'b'",
		"b.yaml", "a.yaml");
	free(b);
	free(b2);
}

Test(site, an_address_in_two_clusters)
{
	char *b = replaced(b_yaml, "10.0.0.4", "10.0.0.2");

	refused(site_yaml, a_yaml, b,
		"host address '10.0.0.2' is in cluster 'a' and in cluster 'b'",
		"b.yaml", "a.yaml");
	free(b);
}

Test(site, a_partition_association_for_a_cluster_without_the_partition)
{
	char *s = replaced(site_yaml, "partition: big, clusters: [a]", "partition: big");

	refused(s, a_yaml, b_yaml,
		"partition 'big' is for cluster 'b' (every cluster of the site",
		"site.yaml", "b.yaml");
	free(s);
}

Test(site, an_association_for_a_cluster_without_the_account)
{
	char *s = replaced(site_yaml, "{account: chem, clusters: [b]}", "chem");

	refused(s, a_yaml, b_yaml,
		"with account 'chem' is for cluster 'a'",
		"site.yaml", "site.yaml");
	free(s);
}

Test(site, different_munge_keys_when_the_clusters_reach_each_other)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char k1[64], k2[64];
	char *s = replaced(site_yaml, "site: {name: s}", "site: {name: s, cross_cluster: true}");
	char *a = replaced(a_yaml, "slurmdbd_port: 7019", "slurmdbd_port: 7019, munge_key_source: k1");
	char *b = replaced(b_yaml, "controller: ctl-b", "controller: ctl-b, munge_key_source: k2");

	memset(k1, 'x', sizeof(k1));
	memset(k2, 'y', sizeof(k2));
	k1[63] = k2[63] = '\0';
	put("k1", k1);
	put("k2", k2);
	cr_expect_null(load(s, a, b, &dl));
	expect_both(&dl, "cluster 'b' has another munge key than cluster 'a'", "b.yaml",
		    "a.yaml");
	free(s);
	free(a);
	free(b);
	diag_release(&dl);
}

Test(site, cross_cluster_without_a_munge_key_source)
{
	char *s = replaced(site_yaml, "site: {name: s}", "site: {name: s, cross_cluster: true}");

	refused(s, a_yaml, b_yaml,
		"cluster 'a' has no munge_key_source",
		"a.yaml", "site.yaml");
	free(s);
}

Test(site, one_munge_key_for_both_is_fine)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char key[64];
	char *s = replaced(site_yaml, "site: {name: s}",
			   "site: {name: s, cross_cluster: true, munge_key_source: key}");
	struct site *st;

	memset(key, 'k', sizeof(key));
	key[63] = '\0';
	put("key", key);
	st = load(s, a_yaml, b_yaml, &dl);
	cr_expect_not_null(st, "first: %s", dl.n ? dl.items[0].msg : "");
	if (st)
		cr_expect_str_eq(site_find(st, "b")->m->cluster.munge_key_source + strlen(dir),
				 "/key");
	site_free(st);
	free(s);
	diag_release(&dl);
}

Test(site, two_slurmdbd)
{
	char *b = replaced(b_yaml, "roles: [controller]", "roles: [controller, dbd]");
	char *b2 = replaced(b, "controller: ctl-b", "controller: ctl-b, accounting_host: ctl-b");

	refused(site_yaml, a_yaml, b2,
		"cluster 'b' runs slurmdbd on 'ctl-b'",
		"b.yaml", "a.yaml");
	free(b);
	free(b2);
}

Test(site, another_slurmdbd_port)
{
	char *b = replaced(b_yaml, "controller: ctl-b", "controller: ctl-b, slurmdbd_port: 6819");

	refused(site_yaml, a_yaml, b,
		"slurmdbd_port 6819, but the site's slurmdbd",
		"b.yaml", "a.yaml");
	free(b);
}

Test(site, a_database_of_its_own)
{
	char *b = xasprintf("%sdatabase: {host: elsewhere}\n", b_yaml);

	refused(site_yaml, a_yaml, b, "database: is the site's", "b.yaml", "site.yaml");
	free(b);
}

Test(site, site_wide_rows_set_apart)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *a = xasprintf("%sqos: [{name: long}]\naccounts: [{name: x, description: one}]\n"
			    "users: [{name: u, accounts: [x], admin_level: operator}]\n", a_yaml);
	char *b = xasprintf("%sqos: [{name: long}]\naccounts: [{name: x, description: two}]\n"
			    "users: [{name: u, accounts: [x]}]\n", b_yaml);

	cr_expect_null(load(site_yaml, a, b, &dl));
	expect_both(&dl, "QoS 'long' is defined for cluster 'a' and again for cluster 'b'", "b.yaml", "a.yaml");
	expect_both(&dl, "account 'x' has another description or organization", "b.yaml",
		    "a.yaml");
	expect_both(&dl, "user 'u' has another admin_level", "b.yaml", "a.yaml");
	free(a);
	free(b);
	diag_release(&dl);
}

Test(site, clusters_names_a_cluster_the_site_lacks)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = replaced(site_yaml, "{name: chem, clusters: [b]}", "{name: chem, clusters: [c]}");

	cr_expect_null(load(s, a_yaml, b_yaml, &dl));
	cr_expect_not_null(error_with(&dl, "account 'chem': unknown cluster 'c' (the site's "
				      "clusters: a, b)"));
	free(s);
	diag_release(&dl);
}

Test(site, an_account_where_its_parent_is_not)
{
	char *s = replaced(site_yaml, "  - name: phys\n", "  - name: phys\n    clusters: [a]\n");
	char *s2 = replaced(s, "children: [{name: hep}]", "children: [{name: hep, clusters: [a, b]}]");

	refused(s2, a_yaml, b_yaml,
		"account 'hep' is for cluster 'b', but its parent 'phys' is not",
		"site.yaml", "site.yaml");
	free(s);
	free(s2);
}

Test(site, clusters_in_a_cluster_inventory_or_alone)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *a = xasprintf("%saccounts: [{name: y, clusters: [a]}]\n", a_yaml);
	char *lone = xasprintf("%saccounts: [{name: y, clusters: [a]}]\n"
			       "database: {host: h}\n", a_yaml);
	struct model *m;

	cr_expect_null(load(site_yaml, a, b_yaml, &dl));
	cr_expect_not_null(error_with(&dl, "clusters: belongs in the site file"));
	diag_release(&dl);
	m = inventory_load_string("lone.yaml", lone, strlen(lone), &dl);
	cr_assert_not_null(m);
	validate_model(m, &dl);
	cr_expect_not_null(error_with(&dl, "clusters: is a site file's key"));
	model_free(m);
	free(a);
	free(lone);
	diag_release(&dl);
}

Test(site, a_site_file_holds_no_hosts)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = xasprintf("%shosts: [{names: x}]\n", site_yaml);

	cr_expect_null(load(s, a_yaml, b_yaml, &dl));
	cr_expect_not_null(error_with(&dl, "hosts: belongs in a cluster's inventory"));
	free(s);
	diag_release(&dl);
}

Test(site, one_problem_of_the_site_file_is_reported_once)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = replaced(site_yaml, "gres/gpu: 2", "gres/gpu: two");
	size_t n = 0;

	cr_expect_null(load(s, a_yaml, b_yaml, &dl));
	for (size_t i = 0; i < dl.n; i++)
		n += dl.items[i].level == DIAG_ERROR && strstr(dl.items[i].msg, "needs a count");
	cr_expect_eq(n, 1, "reported %zu times", n);
	free(s);
	diag_release(&dl);
}

/* ---- federation: ---- */

static const char fed_yaml[] =
	"federation:\n"
	"  name: f\n"
	"  clusters:\n"
	"    - {name: a, features: [gpu, big]}\n"
	"    - {name: b, features: [small], state: inactive}\n";

/* site_yaml with a munge key for both and fed (a federation: block). */
static char *fed_site(const char *fed)
{
	char key[64], *s, *out;

	memset(key, 'k', sizeof(key));
	key[63] = '\0';
	put("key", key);
	s = replaced(site_yaml, "site: {name: s}", "site: {name: s, munge_key_source: key}");
	out = xasprintf("%s%s", s, fed);
	free(s);
	return out;
}

Test(site, a_federation_of_both_clusters)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = fed_site(fed_yaml);
	struct site *st = load(s, a_yaml, b_yaml, &dl);
	const struct model *a, *b;
	const struct fed_member *fm;

	cr_assert_not_null(st, "first: %s", dl.n ? dl.items[0].msg : "");
	a = site_find(st, "a")->m;
	b = site_find(st, "b")->m;
	/* each cluster gets the site's federation, its members all */
	cr_expect_str_eq(a->federation.name, "f");
	cr_expect_str_eq(b->federation.name, "f");
	cr_expect_eq(b->n_fed_members, 2);
	fm = model_fed_member(b, "b");
	cr_assert_not_null(fm);
	cr_expect_eq(fm->features.n, 1);
	cr_expect_str_eq(fm->features.items[0], "small");
	cr_expect_eq(fm->state, FED_STATE_INACTIVE);
	cr_expect_eq(model_fed_member(a, "a")->state, 0);
	site_free(st);
	free(s);
	diag_release(&dl);
}

Test(site, a_federation_member_that_is_no_cluster_of_the_site)
{
	char *s = fed_site("federation: {name: f, clusters: [{name: a}, {name: c}]}\n");

	refused(s, a_yaml, b_yaml, "federation 'f': 'c' is no cluster of the site (its "
		"clusters: a, b)", "site.yaml", "site.yaml");
	free(s);
}

Test(site, a_federation_member_listed_twice)
{
	char *s = fed_site("federation: {name: f, clusters: [{name: a}, {name: b}, "
			   "{name: a, features: [x]}]}\n");

	refused(s, a_yaml, b_yaml, "federation 'f': cluster 'a' is listed twice", "site.yaml",
		"site.yaml");
	free(s);
}

Test(site, a_federation_feature_sacctmgr_would_split_or_merge)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = fed_site("federation: {name: f, clusters: [{name: a, features: "
			   "[\"gpu,big\", Gpu, gpu]}]}\n");
	const struct diag *d;

	cr_expect_null(load(s, a_yaml, b_yaml, &dl));
	d = error_with(&dl, "feature 'gpu,big': a cluster feature is letters");
	cr_assert_not_null(d);
	/* file:line:col of the feature itself */
	cr_expect_eq(d->loc.line, 13);
	cr_expect_eq(d->loc.col, 55);
	expect_both(&dl, "feature 'gpu' is listed twice", "site.yaml", "site.yaml");
	free(s);
	diag_release(&dl);
}

/* The site with federation fed is refused with an error holding needle. */
static void fed_refused(const char *fed, const char *needle)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = fed_site(fed);

	cr_expect_null(load(s, a_yaml, b_yaml, &dl));
	cr_expect_not_null(error_with(&dl, needle), "no error with '%s'", needle);
	free(s);
	diag_release(&dl);
}

Test(site, a_federation_state_slurm_has_not)
{
	fed_refused("federation: {name: f, clusters: [{name: a, state: drained}]}\n",
		    "invalid state 'drained'");
}

Test(site, a_federation_without_clusters)
{
	fed_refused("federation: {name: f, clusters: []}\n", "federation 'f' lists no cluster");
}

Test(site, a_federation_name_sacctmgr_would_split)
{
	fed_refused("federation: {name: \"f,g\", clusters: [{name: a}]}\n",
		    "federation name 'f,g': letters, digits");
}

Test(site, a_federation_in_a_cluster_inventory)
{
	char *s = fed_site(fed_yaml);
	char *b = xasprintf("%sfederation: {name: g, clusters: [{name: b}]}\n", b_yaml);

	refused(s, a_yaml, b, "federation: belongs in the site file", "b.yaml", "site.yaml");
	free(s);
	free(b);
}

Test(site, federation_members_need_one_munge_key)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char k1[64], k2[64];
	char *s = xasprintf("%s%s", site_yaml, fed_yaml);
	char *a = replaced(a_yaml, "slurmdbd_port: 7019", "slurmdbd_port: 7019, munge_key_source: k1");
	char *b = replaced(b_yaml, "controller: ctl-b", "controller: ctl-b, munge_key_source: k2");

	memset(k1, 'x', sizeof(k1));
	memset(k2, 'y', sizeof(k2));
	k1[63] = k2[63] = '\0';
	put("k1", k1);
	put("k2", k2);
	cr_expect_null(load(s, a, b, &dl));
	expect_both(&dl, "cluster 'b' has another munge key than cluster 'a', but the site's "
		    "clusters reach each other (federation)", "b.yaml", "a.yaml");
	free(s);
	free(a);
	free(b);
	diag_release(&dl);
}

Test(site, a_federation_in_a_lone_inventory)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *lone = xasprintf("%sfederation: {name: f, clusters: [{name: a}]}\n", a_yaml);
	struct model *m = inventory_load_string("lone.yaml", lone, strlen(lone), &dl);
	const struct diag *d;

	cr_assert_not_null(m);
	validate_model(m, &dl);
	d = error_with(&dl, "federation: belongs in a site file");
	cr_assert_not_null(d);
	cr_expect_eq(d->loc.line, 9);
	cr_expect_eq(d->loc.col, 1);
	model_free(m);
	free(lone);
	diag_release(&dl);
}

/* A federation running already shares a key: without munge_key_source, a warning */
Test(site, federation_members_without_a_munge_key_source)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *s = xasprintf("%s%s", site_yaml, fed_yaml);
	struct site *st = load(s, a_yaml, b_yaml, &dl);

	cr_expect_not_null(st, "first: %s", dl.n ? dl.items[0].msg : "");
	cr_expect_eq(diag_warnings(&dl), 2);
	cr_expect(dl.n && strstr(dl.items[0].msg, "cluster 'a' has no munge_key_source: its "
				 "munge key stays as it is"), "%s", dl.n ? dl.items[0].msg : "");
	site_free(st);
	free(s);
	diag_release(&dl);
}
