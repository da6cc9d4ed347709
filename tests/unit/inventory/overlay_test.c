/*
 * overlay_test.c: --overlay files on top of an inventory (overlay.h's
 * rules): what merges by key, by name and by hostlist, what replaces, what
 * "KEY: ~" deletes; and the errors of an overlay, which point into the
 * overlay file while the inventory's own errors keep theirs.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inventory/inventory.h"
#include "inventory/overlay.h"
#include "render/render.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"

static const char site[] =
	"cluster:\n"
	"  name: site\n"
	"  controller: ctl\n"
	"  accounting_host: ctl\n"
	"  config_dir: /opt/slurm/etc\n"
	"  slurm_conf: {KillWait: 300, MailProg: /usr/bin/mail}\n"
	"database: {host: ctl, password_env: SITE_DB_PASSWORD, port: 3307}\n"
	"node_types:\n"
	"  big: {cpus: 8, memory: 8G, gpus: {type: a40, count: 4, files: \"/dev/nvidia[0-3]\"},\n"
	"        features: [a40]}\n"
	"hosts:\n"
	"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
	"  - {names: \"gpu[01-04]\", addresses: \"10.0.1.[1-4]\", type: big}\n"
	"partitions:\n"
	"  - {name: main, nodes: \"gpu[01-04]\", default: true, max_time: \"1-00:00:00\",\n"
	"     priority_tier: 1}\n"
	"qos:\n"
	"  - {name: normal, description: normal}\n"
	"accounts:\n"
	"  - {name: lab, description: lab, children: [{name: sub, description: sub}]}\n"
	"users:\n"
	"  - {name: ann, accounts: [lab]}\n";

static const char *site_text = site;

static char dir[] = "/tmp/overlay-test-XXXXXX";

static char *write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static void setup(void)
{
	cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	overlay_clear();
	cr_assert_eq(system(cmd), 0);
	free(cmd);
}

/* Loads site + the overlays given; what diag_print() prints goes to *text. */
static struct model *load(const char *overlay1, const char *overlay2, char **text)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *inv = write_file("site.yaml", site_text);
	struct model *m;
	size_t len = 0;
	FILE *f;

	if (overlay1) {
		char *p = write_file("one.overlay.yaml", overlay1);

		overlay_add(p);
		free(p);
	}
	if (overlay2) {
		char *p = write_file("two.overlay.yaml", overlay2);

		overlay_add(p);
		free(p);
	}
	m = inventory_load(inv, &dl);
	if (m)
		validate_model(m, &dl);
	diag_sort(&dl);
	cr_assert_not_null(f = open_memstream(text, &len));
	diag_print(&dl, f);
	fclose(f);
	diag_release(&dl);
	free(inv);
	return m;
}

TestSuite(overlay, .init = setup, .fini = teardown);

Test(overlay, mappings_merge_by_key_and_tilde_deletes)
{
	char *text;
	struct model *m = load("cluster:\n"
			       "  slurmctld_port: 7817\n"
			       "  slurm_conf: {KillWait: 30, MailProg: ~, ReturnToService: 2}\n",
			       NULL, &text);

	cr_assert_str_empty(text, "%s", text);
	cr_assert_str_eq(m->cluster.name, "site");	/* kept */
	cr_assert_eq(m->cluster.slurmctld_port, 7817);
	cr_assert_eq(m->cluster.slurm_conf.n, 2);
	cr_assert_str_eq(kv_get(&m->cluster.slurm_conf, "KillWait"), "30");
	cr_assert_null(kv_get(&m->cluster.slurm_conf, "MailProg"));
	cr_assert_str_eq(kv_get(&m->cluster.slurm_conf, "ReturnToService"), "2");
	model_free(m);
	free(text);
}

Test(overlay, named_lists_merge_by_name_or_add)
{
	char *text;
	struct model *m = load("partitions:\n"
			       "  - {name: main, max_time: \"02:00:00\"}\n"
			       "  - {name: extra, nodes: gpu01}\n"
			       "qos:\n"
			       "  - {name: normal, priority: 5}\n"
			       "  - {name: fast, description: fast}\n"
			       "accounts:\n"
			       "  - {name: lab, children: [{name: sub, organization: x},\n"
			       "                           {name: sub2, description: s2}]}\n"
			       "users:\n"
			       "  - {name: ann, accounts: [sub]}\n"
			       "node_types:\n"
			       "  big: {gpus: {type: a40, count: 2, files: \"/dev/tty[1-2]\"}}\n",
			       NULL, &text);
	const struct partition *p;
	const struct account *a;

	cr_assert_str_empty(text, "%s", text);
	cr_assert_eq(m->n_partitions, 2);
	p = model_find_partition(m, "main");
	cr_assert_str_eq(p->max_time, "02:00:00");
	cr_assert_eq(p->priority_tier, 1);	/* kept */
	cr_assert(p->is_default);
	cr_assert_eq(m->n_qos, 2);
	cr_assert_eq(model_find_qos(m, "normal")->priority, 5);
	cr_assert_str_eq(model_find_qos(m, "normal")->description, "normal");
	cr_assert_eq(m->n_accounts, 3);
	a = model_find_account(m, "sub");
	cr_assert_str_eq(a->organization, "x");
	cr_assert_str_eq(a->description, "sub");
	cr_assert_str_eq(model_find_account(m, "sub2")->parent, "lab");
	cr_assert_eq(m->n_users, 1);
	cr_assert_str_eq(model_find_user(m, "ann")->accounts.items[0], "sub");
	cr_assert_eq(m->node_types[0].gpus[0].count, 2);
	cr_assert_str_eq(m->node_types[0].gpus[0].files, "/dev/tty[1-2]");
	cr_assert_eq(m->node_types[0].cpus, 8);	/* kept */
	cr_assert_eq(m->node_types[0].features.n, 1);
	model_free(m);
	free(text);
}

Test(overlay, hosts_change_by_hostlist_and_later_overlays_win)
{
	char *text;
	struct model *m = load("hosts:\n"
			       "  - {names: \"gpu[02-03]\", addresses: \"127.0.0.[2-3]\",\n"
			       "     slurmd_port: 6831}\n",
			       "hosts:\n"
			       "  - {names: gpu03, address: 127.0.0.9, roles: [compute, login]}\n",
			       &text);

	cr_assert_str_empty(text, "%s", text);
	cr_assert_eq(m->n_hosts, 5);
	cr_assert_str_eq(model_find_host(m, "gpu01")->address, "10.0.1.1");
	cr_assert_str_eq(model_find_host(m, "gpu02")->address, "127.0.0.2");
	cr_assert_eq(model_find_host(m, "gpu02")->slurmd_port, 6831);
	cr_assert_str_eq(model_find_host(m, "gpu03")->address, "127.0.0.9");
	cr_assert_eq(model_find_host(m, "gpu03")->slurmd_port, 6832);
	cr_assert_eq(model_find_host(m, "gpu03")->roles, ROLE_COMPUTE | ROLE_LOGIN);
	cr_assert_eq(model_find_host(m, "gpu02")->roles, ROLE_COMPUTE);
	cr_assert_str_eq(model_find_host(m, "gpu03")->type_name, "big");
	model_free(m);
	free(text);
}

/* The bytes of host's path in set, or NULL when the host has no such file. */
static const char *rendered_text(const struct rendered_set *set,
				 const char *host, const char *path)
{
	const struct rendered_file *f = rendered_set_find(set, host, path);

	return f && rendered_file_blob(set, f) ? rendered_file_blob(set, f)->bytes
					       : NULL;
}

Test(overlay, managed_false_hosts_are_rendered_never_targeted)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct rendered_set set = RENDERED_SET_INIT;
	char *text;
	struct model *m = load("hosts:\n"
			       "  - {names: \"gpu[02-03]\", managed: false}\n", NULL, &text);
	const char *conf, *gres;

	cr_assert_str_empty(text, "%s", text);
	/* managed first, the declared-only after them, each in inventory order */
	cr_assert_eq(m->n_hosts, 3);
	cr_assert_eq(m->n_unmanaged, 2);
	cr_assert_str_eq(m->hosts[1].name, "gpu01");
	cr_assert_str_eq(m->hosts[2].name, "gpu04");
	cr_assert_str_eq(m->hosts[3].name, "gpu02");
	cr_assert_eq(m->hosts[3].scope, HOST_DECLARED);
	cr_assert_eq(m->hosts[2].scope, HOST_MANAGED);
	cr_assert_eq(m->hosts[3].seq, 2);
	cr_assert_eq(model_find_host(m, "gpu03"), &m->hosts[4]);
	cr_assert_eq(render_cluster(m, &set, &dl), 0);
	/* Slurm's files name all four in the inventory's order, in one line */
	conf = rendered_text(&set, "ctl", "/opt/slurm/etc/slurm.conf");
	cr_assert(strstr(conf, "NodeName=gpu[01-04] NodeAddr=10.0.1.[1-4] "), "%s", conf);
	gres = rendered_text(&set, "gpu04", "/opt/slurm/etc/gres.conf");
	cr_assert(strstr(gres, "NodeName=gpu[01-04] Name=gpu Type=a40"), "%s", gres);
	/* ... and nothing is rendered for the hosts apply never contacts */
	cr_assert_null(rendered_set_find(&set, "gpu02", "/opt/slurm/etc/slurm.conf"));
	cr_assert_null(rendered_set_find(&set, "gpu03", "/etc/munge/munge.key"));
	rendered_set_release(&set);
	diag_release(&dl);
	model_free(m);
	free(text);
}

Test(overlay, managed_false_is_refused_for_the_controller)
{
	char *text, *want;
	struct model *m = load("hosts:\n"
			       "  - {names: gpu01, managed: false}\n"
			       "  - {names: ctl, managed: false}\n", NULL, &text);

	want = xasprintf(
		"%1$s/one.overlay.yaml:3:18: error: host 'ctl' runs slurmctld: it cannot be managed: false\n"
		"    3 |   - {names: ctl, managed: false}\n"
		"      |                  ^\n", dir);
	cr_assert_str_eq(text, want);
	model_free(m);
	free(want);
	free(text);
}

Test(overlay, limit_keeps_the_named_hosts_and_the_daemon_hosts)
{
	static const char *const gpu03[] = { "gpu03" }, *const gpu04[] = { "gpu04" },
		*const nope[] = { "gpu01", "nope" };
	char *text, *cause;
	struct model *m = load("hosts:\n  - {names: gpu04, managed: false}\n",
			       NULL, &text);

	cr_assert_str_empty(text, "%s", text);
	/* errors leave the model as it was */
	cr_assert_eq(model_limit_hosts(m, gpu04, 1, &cause), -1);
	cr_assert_str_eq(cause, "host 'gpu04' is declared with managed: false");
	free(cause);
	cr_assert_eq(model_limit_hosts(m, nope, 2, &cause), -1);
	cr_assert_str_eq(cause, "'nope' is not a host of the inventory");
	free(cause);
	cr_assert_eq(m->n_hosts, 4);
	/* ctl runs slurmctld and slurmdbd: always kept */
	cr_assert_eq(model_limit_hosts(m, gpu03, 1, &cause), 0);
	cr_assert_null(cause);
	cr_assert_eq(m->n_hosts, 2);
	cr_assert_eq(m->n_unmanaged, 3);
	cr_assert_str_eq(m->hosts[0].name, "ctl");
	cr_assert_str_eq(m->hosts[1].name, "gpu03");
	/* the others in inventory order, whichever way they were left out */
	cr_assert_str_eq(m->hosts[2].name, "gpu01");
	cr_assert_eq(m->hosts[2].scope, HOST_OUTSIDE_LIMIT);
	cr_assert_str_eq(m->hosts[3].name, "gpu02");
	cr_assert_str_eq(m->hosts[4].name, "gpu04");
	cr_assert_eq(m->hosts[4].scope, HOST_DECLARED);
	cr_assert_eq(model_find_host(m, "gpu02"), &m->hosts[3]);
	cr_assert_eq(model_find_host(m, "gpu03"), &m->hosts[1]);
	model_free(m);
	free(text);
}

Test(overlay, errors_point_into_the_overlay_file)
{
	char *text, *want;
	struct model *m = load("cluster:\n"
			       "  colour: blue\n"
			       "hosts:\n"
			       "  - {names: \"gpu04,gpu05\", addresses: \"127.0.0.[4-5]\"}\n"
			       "node_types:\n"
			       "  big: {gpus: {type: a40, count: 4, files: \"/dev/tty[1-2]\"}}\n",
			       NULL, &text);

	want = xasprintf(
		"%1$s/one.overlay.yaml:2:3: error: unknown key 'colour' in cluster\n"
		"    2 |   colour: blue\n"
		"      |   ^\n"
		"%1$s/one.overlay.yaml:4:6: error: overlay names host 'gpu05', which the inventory does not have\n"
		"    4 |   - {names: \"gpu04,gpu05\", addresses: \"127.0.0.[4-5]\"}\n"
		"      |      ^\n"
		"%1$s/one.overlay.yaml:6:15: error: node type 'big': gpu count 4 disagrees with 2 device files in '/dev/tty[1-2]'\n"
		"    6 |   big: {gpus: {type: a40, count: 4, files: \"/dev/tty[1-2]\"}}\n"
		"      |               ^\n", dir);
	cr_assert_str_eq(text, want);
	model_free(m);
	free(want);
	free(text);
}

Test(overlay, an_unreadable_overlay_is_an_error)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *inv = write_file("site.yaml", site);
	struct model *m;

	overlay_add("/nonexistent/lab.overlay.yaml");
	m = inventory_load(inv, &dl);
	cr_assert_eq(diag_errors(&dl), 1);
	cr_assert(strstr(dl.items[0].msg, "/nonexistent/lab.overlay.yaml"));
	model_free(m);
	diag_release(&dl);
	free(inv);
}

Test(overlay, validate_reports_both_files_by_name)
{
	char *text, *want, *broken = xstrdup(site);
	struct model *m;

	memcpy(strstr(broken, "cpus: 8"), "cpux: 8", 7);
	site_text = broken;
	m = load("partitions:\n  - {name: main, max_time: soon}\n", NULL, &text);
	site_text = site;
	want = xasprintf(
		"%1$s/one.overlay.yaml:2:28: error: invalid time 'soon' (expected UNLIMITED, MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)\n"
		"    2 |   - {name: main, max_time: soon}\n"
		"      |                            ^\n"
		"%1$s/site.yaml:9:9: error: unknown key 'cpux' in node type (did you mean 'cpus'?)\n"
		"    9 |   big: {cpux: 8, memory: 8G, gpus: {type: a40, count: 4, files: \"/dev/nvidia[0-3]\"},\n"
		"      |         ^\n", dir);
	cr_assert_str_eq(text, want);
	model_free(m);
	free(want);
	free(text);
	free(broken);
}

Test(overlay, tilde_unsets_a_key)
{
	char *text;
	struct model *m = load("cluster: {config_dir: ~}\n"
			       "database: {password_file: /x/db.pass, password_env: ~, port: ~}\n"
			       "partitions:\n"
			       "  - {name: main, max_time: ~}\n"
			       "node_types:\n"
			       "  big: {features: ~}\n",
			       "database: {password_file: ~, password_env: LATER_PASSWORD}\n", &text);

	cr_assert_str_empty(text, "%s", text);
	cr_assert_str_eq(m->cluster.config_dir, "/etc/slurm");	/* the default */
	cr_assert_null(m->db.password_file);	/* the second overlay's */
	cr_assert_str_eq(m->db.password_env, "LATER_PASSWORD");
	cr_assert_eq(m->db.port, 3306);
	cr_assert_null(model_find_partition(m, "main")->max_time);
	cr_assert_eq(m->node_types[0].features.n, 0);
	model_free(m);
	free(text);
}

Test(overlay, tilde_on_an_element_number_is_an_error)
{
	char *text, *want;
	struct model *m = load("partitions:\n  - {name: main, priority_tier: ~}\n",
			       NULL, &text);

	want = xasprintf("%s/one.overlay.yaml:2:18: error: 'priority_tier' cannot be unset "
			 "by an overlay; write the value it should have\n"
			 "    2 |   - {name: main, priority_tier: ~}\n"
			 "      |                  ^\n", dir);
	cr_assert_str_eq(text, want);
	model_free(m);
	free(want);
	free(text);
}

Test(overlay, a_users_accounts_are_replaced_entries_and_all)
{
	char *text;
	struct model *m = load("users:\n"
			       "  - {name: ann, accounts: [sub, {account: lab, partition: main, max_jobs: 3}]}\n",
			       NULL, &text);
	const struct user *u;

	cr_assert_str_empty(text, "%s", text);
	u = model_find_user(m, "ann");
	cr_assert_eq(u->accounts.n, 2);
	cr_assert_str_eq(u->accounts.items[0], "sub");
	cr_assert_str_eq(u->accounts.items[1], "lab");
	cr_assert_str_eq(u->assocs[1].partition, "main");
	cr_assert_eq(u->assocs[1].max_jobs, 3);
	cr_assert_eq(u->assocs[0].max_jobs, MODEL_UNSET);
	model_free(m);
	free(text);
}

Test(overlay, an_association_entry_without_account_is_an_error)
{
	char *text;
	struct model *m = load("users:\n"
			       "  - {name: ann, accounts: [{max_jobs: 3}]}\n",
			       NULL, &text);

	cr_assert(strstr(text, "one.overlay.yaml:2:28: error: missing required key 'account' in association"),
		  "%s", text);
	model_free(m);
	free(text);
}

/* files: entries merge by path; a new path is one more file */
Test(overlay, files_merge_by_path)
{
	static const char with_files[] =
		"cluster: {name: site, controller: ctl}\n"
		"node_types: {big: {cpus: 8, memory: 8G}}\n"
		"hosts:\n"
		"  - {names: ctl, roles: [controller]}\n"
		"  - {names: \"gpu[01-04]\", type: big}\n"
		"partitions: [{name: main, nodes: \"gpu[01-04]\", default: true}]\n"
		"files:\n"
		"  - {path: /etc/slurm/epilog.sh, source: epilog.sh, mode: \"0755\", roles: [compute]}\n";
	char *src = write_file("epilog.sh", "#!/bin/sh\n"), *text = NULL;
	struct model *m;

	site_text = with_files;
	m = load("files:\n  - {path: /etc/slurm/epilog.sh, roles: [login], hosts: gpu01}\n"
		 "  - {path: /etc/slurm/prolog.sh, source: epilog.sh}\n", NULL, &text);
	site_text = site;
	cr_assert_not_null(m);
	cr_expect_str_eq(text, "");
	cr_assert_eq(m->n_files, 2);
	cr_expect_eq(m->files[0].mode, 0755);
	cr_expect_eq(m->files[0].roles, ROLE_LOGIN);
	cr_expect_str_eq(m->files[0].hosts, "gpu01");
	cr_expect_str_eq(m->files[1].path, "/etc/slurm/prolog.sh");
	cr_expect_eq(m->files[1].mode, 0644);
	free(text);
	free(src);
	model_free(m);
}

/*
 * A node type's gpus: or gres: list in an overlay is the whole list: it
 * replaces the inventory's (it used to be appended after the old count,
 * past what was allocated, leaving the first entries empty).
 */
Test(overlay, a_gres_list_replaces_the_node_types)
{
	char *text;
	struct model *m = load("node_types:\n"
			       "  big:\n"
			       "    gpus:\n"
			       "      - {type: l4, count: 2, files: \"/dev/nvidia[0-1]\"}\n"
			       "      - {type: l4, count: 2, files: \"/dev/nvidia[2-3]\"}\n"
			       "    gres: [{name: shard, count: 8, files: \"/dev/nvidia[0-3]\"}]\n",
			       "node_types:\n"
			       "  big: {gres: [{name: nic, count: 1}, {name: shard, count: 4}]}\n",
			       &text);

	cr_assert_str_empty(text, "%s", text);
	cr_assert_eq(m->node_types[0].n_gpus, 2);
	cr_expect_str_eq(m->node_types[0].gpus[0].type, "l4");
	cr_expect_str_eq(m->node_types[0].gpus[1].files, "/dev/nvidia[2-3]");
	cr_assert_eq(m->node_types[0].n_gres, 2);
	cr_expect_str_eq(m->node_types[0].gres[0].name, "nic");
	cr_expect_eq(m->node_types[0].gres[1].count, 4);
	model_free(m);
	free(text);
}
