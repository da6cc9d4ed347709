/*
 * inventory_test.c: the loader. Every tests/unit/data/bad/NAME.yaml must give
 * exactly what diag_print() prints for it in its .err file (columns and
 * source excerpts included), every good/NAME.yaml none; the full example is
 * checked value by value; the scalar parsers (memory units, Slurm times) on
 * both sides of each rule.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inventory/inventory.h"
#include "base/pathtrust.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/inventory_scalar.h"
#include "inventory/inventory_shape.h"

/* The data directory (tests run from the repo root, as make check-unit runs them). */
static void enter_data_dir(const char *sub)
{
	char path[PATH_MAX];
	const char *env = getenv("CLUSTERCTL_TEST_DATA");

	if (env)
		snprintf(path, sizeof(path), "%s/%s", env, sub);
	else
		snprintf(path, sizeof(path), "tests/unit/data/%s", sub);
	cr_assert_eq(chdir(path), 0, "cannot enter '%s'", path);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	cr_assert_not_null(f, "cannot open '%s'", path);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	return strbuf_detach(&sb, NULL);
}

/*
 * Loads + validates path; returns what diag_print() prints: every diagnostic
 * line, sorted, with the source excerpts.
 */
static char *diagnose(const char *path)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load(path, &dl);
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (m)
		validate_model(m, &dl);
	diag_sort(&dl);
	cr_assert_not_null(f = open_memstream(&text, &len));
	diag_print(&dl, f);
	fclose(f);
	model_free(m);
	diag_release(&dl);
	return text;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a > b && !strcmp(s + a - b, suffix);
}

Test(inventory, bad_files_give_exactly_their_err_lines)
{
	DIR *d;
	struct dirent *e;
	size_t checked = 0;

	enter_data_dir("bad");
	cr_assert_not_null(d = opendir("."));
	while ((e = readdir(d))) {
		char errfile[512], *want, *got;

		if (!has_suffix(e->d_name, ".yaml"))
			continue;
		snprintf(errfile, sizeof(errfile), "%.*s.err",
			 (int)(strlen(e->d_name) - 5), e->d_name);
		want = slurp(errfile);
		got = diagnose(e->d_name);
		cr_expect_str_eq(got, want, "%s: diagnostics differ", e->d_name);
		cr_expect(strstr(got, ": error: ") != NULL, "%s: no error", e->d_name);
		free(want);
		free(got);
		checked++;
	}
	closedir(d);
	cr_assert_geq(checked, 30, "only %zu bad inventories found", checked);
}

Test(inventory, good_files_give_no_diagnostics)
{
	static const char *const files[] = { "minimal.yaml", "full.yaml",
					     "include-main.yaml",
					     "gpu-tracked-explicit.yaml" };
	size_t i;

	enter_data_dir("good");
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		char *got = diagnose(files[i]);

		cr_expect_str_eq(got, "", "%s", files[i]);
		free(got);
	}
}

static struct model *load_good(const char *name)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;

	enter_data_dir("good");
	m = validate_load(name, &dl);
	cr_assert_not_null(m, "%s: %zu diagnostics", name, dl.n);
	cr_assert_eq(dl.n, 0);
	diag_release(&dl);
	return m;
}

Test(inventory, full_example_cluster_settings)
{
	struct model *m = load_good("full.yaml");
	const struct cluster *c = &m->cluster;

	cr_expect_str_eq(c->name, "spice");
	cr_expect_str_eq(c->controller, "master");
	cr_expect_str_eq(c->backup_controller, "master2");
	cr_expect_eq(c->slurm_user.uid, 64030);
	cr_expect_str_eq(c->slurm_user.group, "slurm");
	cr_expect_str_eq(c->munge_user.home, "/var/lib/munge");
	cr_expect_eq(c->slurmctld_port, 6817);
	cr_expect_eq(c->slurmd_port, MODEL_UNSET);
	cr_expect_eq(c->slurm_conf.n, 3);
	cr_expect_str_eq(c->slurm_conf.items[1].key, "PreemptMode");
	cr_expect_str_eq(c->slurm_conf.items[1].value, "REQUEUE");
	cr_expect_eq(c->slurm_conf.items[1].loc.line, 15);
	cr_expect_eq(c->slurm_conf.items[1].loc.col, 5);
	cr_expect_str_eq(kv_get(&c->cgroup_conf, "ConstrainRAMSpace"), "yes");
	cr_expect_str_eq(c->services[SVC_SLURMCTLD].restart,
			 "lab-service slurmctld restart");
	/* services not written keep the systemd defaults */
	cr_expect_str_eq(c->services[SVC_MUNGE].restart, "systemctl restart munge");
	cr_expect_eq(m->ssh.fanout, 32);
	cr_expect_eq(m->ssh.connect_timeout, 10);
	cr_expect_eq(m->db.method, DB_METHOD_SACCTMGR);
	cr_expect_eq(m->db.port, 3306);
	model_free(m);
}

Test(inventory, relative_paths_resolve_against_the_file)
{
	struct model *m;

	enter_data_dir(".");
	{
		struct diag_list dl = DIAG_LIST_INIT;

		m = validate_load("good/full.yaml", &dl);
		cr_assert_not_null(m);
		diag_release(&dl);
	}
	cr_expect_str_eq(m->cluster.munge_key_source, "good/secrets/munge.key");
	cr_expect_str_eq(m->db.password_file, "good/secrets/db.pass");
	cr_expect_str_eq(m->ssh.identity, "good/keys/id_ed25519");
	cr_expect_str_eq(m->cluster.slurm_conf.items[0].loc.file, "good/full.yaml");
	model_free(m);
}

Test(inventory, full_example_node_types)
{
	struct model *m = load_good("full.yaml");
	const struct node_type *p = model_find_node_type(m, "pascal2");
	const struct node_type *a = model_find_node_type(m, "a40x4");

	cr_assert_not_null(p);
	cr_assert_not_null(a);
	cr_expect_eq(p->cpus, 12);
	cr_expect_eq(p->memory_mb, 32096);
	cr_expect_eq(p->tmp_disk_mb, 1572864);	/* 1.5T */
	cr_expect_eq(p->weight, 10);
	cr_expect_eq(p->features.n, 2);
	cr_expect_str_eq(p->features.items[1], "ib");
	cr_expect_eq(p->n_gpus, 1);
	cr_expect_str_eq(p->gpus[0].type, "pascal");
	cr_expect_eq(p->gpus[0].count, 2);
	cr_expect_str_eq(p->gpus[0].files, "/dev/nvidia[0-1]");
	cr_expect_eq(a->memory_mb, 512 * 1024);
	cr_expect_eq(a->boards, MODEL_UNSET);
	cr_expect_str_eq(a->gpus[0].cores, "0-31");
	cr_expect_str_eq(kv_get(&a->extra, "CoreSpecCount"), "2");
	model_free(m);
}

Test(inventory, full_example_hosts_expand_in_lock_step)
{
	struct model *m = load_good("full.yaml");
	const struct host *h;

	cr_assert_eq(m->n_hosts, 1 + 1 + 17 + 2);
	cr_expect_str_eq(m->hosts[2].name, "citronelle");
	cr_expect_str_eq(m->hosts[2].address, "10.0.1.1");
	cr_expect_str_eq(m->hosts[18].name, "gpu16");
	cr_expect_str_eq(m->hosts[18].address, "10.0.1.17");
	cr_expect_eq(m->hosts[18].roles, ROLE_COMPUTE);	/* type implies compute */
	h = model_find_host(m, "big2");
	cr_assert_not_null(h);
	cr_expect_str_eq(h->address, "10.0.2.2");
	cr_expect_eq(h->slurmd_port, 6901);	/* base 6900 + 1 */
	cr_expect_eq(h->ssh_port, 2222);
	cr_expect_eq(h->type, model_find_node_type(m, "a40x4"));
	h = model_find_host(m, "master");
	cr_expect_eq(h->roles, ROLE_CONTROLLER | ROLE_DBD | ROLE_LOGIN);
	cr_expect_null(h->type);
	cr_expect_eq(h->slurmd_port, MODEL_UNSET);
	cr_expect_null(model_find_host(m, "gpu17"));
	model_free(m);
}

Test(inventory, full_example_scheduling_and_accounting)
{
	struct model *m = load_good("full.yaml");
	const struct partition *p = model_find_partition(m, "besteffort");
	const struct qos *q = model_find_qos(m, "gpulong");
	const struct user *u = model_find_user(m, "alice");
	size_t i;

	cr_assert_not_null(p);
	cr_expect_str_eq(p->nodes, "ALL");
	cr_expect_str_eq(p->default_time, "30");
	cr_expect_eq(p->priority_tier, 1);
	cr_expect_not(p->is_default);
	cr_expect(model_find_partition(m, "default")->is_default);
	cr_assert_not_null(q);
	cr_expect_str_eq(kv_get(&q->max_tres_per_user, "gres/gpu:a40"), "1");
	cr_expect_str_eq(q->max_tres_per_user.items[2].key, "mem");
	cr_expect_str_eq(q->preempt.items[0], "normal");
	/* nested children are flattened parents first, with their parent */
	cr_assert_eq(m->n_accounts, 5);
	cr_expect_str_eq(model_find_account(m, "tau-phd")->parent, "tau");
	cr_expect_str_eq(model_find_account(m, "lri")->parent, "root");
	cr_expect_str_eq(model_find_account(m, "flat")->parent, "lri");
	for (i = 0; i < m->n_accounts; i++) {
		const char *parent = m->accounts[i].parent;
		size_t j;

		if (!strcmp(parent, "root"))
			continue;
		for (j = 0; j < i; j++)
			if (!strcmp(m->accounts[j].name, parent))
				break;
		cr_expect_lt(j, i, "'%s' comes before its parent", m->accounts[i].name);
	}
	cr_assert_not_null(u);
	cr_expect_eq(u->admin_level, ADMIN_OPERATOR);
	cr_expect_str_eq(user_default_account(u), "flat");
	cr_expect_eq(model_find_user(m, "diviyan")->admin_level, ADMIN_NONE);
	model_free(m);
}

Test(inventory, include_appends_lists_and_keeps_file_names)
{
	struct model *m = load_good("include-main.yaml");

	cr_assert_eq(m->n_hosts, 3);
	cr_expect_str_eq(m->hosts[0].name, "n1");	/* include came first */
	cr_expect_str_eq(m->hosts[0].loc.file, "parts/hosts.inc");
	cr_expect_str_eq(m->hosts[2].loc.file, "include-main.yaml");
	cr_expect_eq(m->n_users, 2);
	cr_expect_str_eq(m->db.password_file, "parts/db.pass");
	model_free(m);
}

Test(inventory, yaml_marks_become_one_based)
{
	static const char src[] = "bogus: 1\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("x.yaml", src, strlen(src), &dl);

	cr_assert_not_null(m);
	cr_assert_geq(dl.n, 1);
	cr_expect_str_eq(dl.items[0].msg, "unknown key 'bogus' in the inventory");
	cr_expect_eq(dl.items[0].loc.line, 1);
	cr_expect_eq(dl.items[0].loc.col, 1);
	model_free(m);
	diag_release(&dl);
}

Test(inventory, unreadable_or_unparsable_gives_no_model)
{
	struct diag_list dl = DIAG_LIST_INIT;
	static const char broken[] = "a: [1, 2\n";

	cr_expect_null(inventory_load("/nonexistent/inventory.yaml", &dl));
	cr_assert_eq(dl.n, 1);
	cr_expect(strstr(dl.items[0].msg, "cannot read '/nonexistent/inventory.yaml'"));
	diag_release(&dl);
	cr_expect_null(inventory_load("/", &dl));
	cr_expect(strstr(dl.items[0].msg, "Is a directory"));
	diag_release(&dl);
	cr_expect_null(inventory_load_string("b.yaml", broken, strlen(broken), &dl));
	cr_expect_eq(diag_errors(&dl), 1);
	diag_release(&dl);
}

Test(inventory, load_valid_refuses_an_invalid_inventory)
{
	struct diag_list dl = DIAG_LIST_INIT;

	enter_data_dir("bad");
	cr_expect_null(validate_load("controller.yaml", &dl));
	cr_expect_eq(diag_errors(&dl), 5);
	diag_release(&dl);
}

Test(inventory, alias_cycles_and_deep_nesting_are_bounded)
{
	static const char cyc[] =
		"cluster: {name: c, controller: h}\n"
		"accounts: &a [{name: x, children: *a}]\n";
	struct diag_list dl = DIAG_LIST_INIT;

	cr_expect_null(inventory_load_string("c.yaml", cyc, strlen(cyc), &dl),
		       "refused before a node is walked");
	cr_assert_eq(dl.n, 1);
	cr_expect_str_eq(dl.items[0].msg, "alias '*a' is inside the node it names: "
			 "it would repeat without end");
	cr_expect_eq(dl.items[0].loc.line, 2);
	cr_expect_eq(dl.items[0].loc.col, 35);
	diag_release(&dl);
}

/*
 * Each alias counts as all its anchor holds: ten aliases of ten aliases
 * ... (a billion nodes from 400 bytes) are refused at the alias that goes
 * past the budget, named in the message, before the document is built.
 */
Test(inventory, alias_bombs_are_counted_against_the_node_budget)
{
	struct strbuf sb = STRBUF_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	int i, j;

	strbuf_addstr(&sb, "cluster: {name: c, controller: h}\nx0: &a0 [l,l,l,l,l,l,l,l,l,l]\n");
	for (i = 1; i < 9; i++) {
		strbuf_addf(&sb, "x%d: &a%d [", i, i);
		for (j = 0; j < 10; j++)
			strbuf_addf(&sb, "%s*a%d", j ? "," : "", i - 1);
		strbuf_addstr(&sb, "]\n");
	}
	cr_expect_null(inventory_load_string("b.yaml", sb.buf, sb.len, &dl));
	cr_assert_eq(dl.n, 1);
	cr_expect_str_eq(dl.items[0].msg, "alias '*a4' repeats 111111 YAML nodes and "
			 "takes the inventory past the 160001 it may hold (an alias "
			 "counts as all that its anchor holds)");
	cr_expect_eq(dl.items[0].loc.line, 7);
	diag_release(&dl);
	strbuf_release(&sb);
}

Test(inventory, memory_sizes)
{
	static const struct { const char *s; long long mb; } ok[] = {
		{ "32096", 32096 }, { "190G", 194560 }, { "1.5T", 1572864 },
		{ "512M", 512 }, { "2048K", 2 }, { "1GB", 1024 }, { "1GiB", 1024 },
		{ "1P", 1073741824LL }, { "0.5g", 512 },
	};
	static const char *const bad[] = { "", "G", "1.5", "-1", "12 G", "1X",
					   "1GBB", "1.5.5G", "99999999999999999999" };
	long long mb;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ok); i++) {
		cr_expect_eq(inventory_parse_memory(ok[i].s, &mb), 0, "%s", ok[i].s);
		cr_expect_eq(mb, ok[i].mb, "%s: %lld", ok[i].s, mb);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		cr_expect_eq(inventory_parse_memory(bad[i], &mb), -1, "'%s'", bad[i]);
}

Test(inventory, slurm_times)
{
	/* what Slurm's reader takes: no field is bound by its clock's range */
	static const char *const ok[] = { "UNLIMITED", "infinite", "30", "1440",
					  "10:30", "4:00:00", "2-00:00:00", "7-12",
					  "1-23:59", "0-0:0:0", "-1", "2-", "1-24", "10:60",
					  "1-23:60", "7-0:00:99", "100:00:00" };
	static const char *const bad[] = { "", "1:2:3:4", "-5", "-", "a", "1:", ":1",
					   "1--2", "1-2-3", "1d", "2-:5", "1-2:", "1:2:",
					   "1::2", "1:-2", "+5", " 5", "3000000000",
					   "24856-00:00:00" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ok); i++)
		cr_expect(inventory_valid_time(ok[i]), "'%s' should be valid", ok[i]);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		cr_expect_not(inventory_valid_time(bad[i]), "'%s' should be invalid",
			      bad[i]);
}

Test(inventory, key_reference_lists_every_table)
{
	struct strbuf sb = STRBUF_INIT;
	static const char *const want[] = {
		"## `cluster`", "| `slurm_version` | string |", "## `hosts[]`",
		"| `slurmd_port` | integer (1..65535) |", "## `node_types.NAME.gpus`",
		"| `config_mode` | enum: `push`, `configless` |",
		"| `admin_level` | enum: `none`, `operator`, `administrator` |",
		"## `users[]`", "| `memory` | memory size |",
	};
	size_t i;

	inventory_print_keys(&sb);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		cr_expect(strstr(sb.buf, want[i]) != NULL, "missing '%s'", want[i]);
	strbuf_release(&sb);
}

static struct inventory_list_shape shape_of(const char *src)
{
	struct inventory_list_shape sh;
	char *cause = NULL;

	cr_assert_eq(inventory_list_shape(src, strlen(src), "users", &sh, &cause), 0,
		     "%s", cause ? cause : "");
	return sh;
}

Test(inventory, list_shape_block_of_flow_maps)
{
	struct inventory_list_shape sh =
		shape_of("a: 1\nusers:\n  - {name: x, accounts: [l]}\n"
			 "  - {name: y, qos: [q], accounts: [l]}  # c\nb: 2\n");

	cr_expect_eq(sh.style, INVENTORY_LIST_BLOCK);
	cr_expect_eq(sh.key_line, 1);
	cr_expect_eq(sh.value_line, 2);
	cr_expect_eq(sh.value_col, 2);
	cr_expect_eq(sh.n_items, 2);
	cr_expect_eq(sh.item_style, INVENTORY_ITEM_FLOW_MAP);
	cr_expect_eq(sh.item_line, 3);
	cr_expect_eq(sh.item_col, 4);
	cr_expect_eq(sh.prev_line, 2);
	cr_expect_eq(sh.end_line, 3);
	cr_expect_eq(sh.end_col, 38);	/* just after the '}' */
	cr_assert_eq(sh.n_keys, 3);
	cr_expect_str_eq(sh.keys[1], "qos");
}

Test(inventory, list_shape_block_maps_end_at_their_last_value)
{
	struct inventory_list_shape sh =
		shape_of("users:\n- name: x\n  accounts:\n  - l\n\n# trailing\nb: 2\n");

	cr_expect_eq(sh.item_style, INVENTORY_ITEM_BLOCK_MAP);
	cr_expect_eq(sh.value_col, 0);
	cr_expect_eq(sh.item_col, 2);
	cr_expect_eq(sh.end_line, 3);
	cr_expect_eq(sh.end_col, 5);
}

Test(inventory, list_shape_flow_null_and_absent)
{
	struct inventory_list_shape sh = shape_of("users: [{name: x}, {name: y}]\n");
	char *cause = NULL;
	static const char notlist[] = "users: {a: 1}\n";

	cr_expect_eq(sh.style, INVENTORY_LIST_FLOW);
	cr_expect_eq(sh.n_items, 2);
	cr_expect_eq(sh.item_line, sh.prev_line);
	sh = shape_of("users: []\n");
	cr_expect_eq(sh.style, INVENTORY_LIST_FLOW);
	cr_expect_eq(sh.n_items, 0);
	cr_expect_eq(sh.item_style, INVENTORY_ITEM_NONE);
	cr_expect_eq(shape_of("users:\n").style, INVENTORY_LIST_NULL);
	cr_expect_eq(shape_of("users: ~\n").style, INVENTORY_LIST_NULL);
	cr_expect_eq(shape_of("other: 1\n").style, INVENTORY_LIST_ABSENT);
	cr_expect_eq(inventory_list_shape(notlist, strlen(notlist), "users", &sh,
					  &cause), -1);
	cr_expect_str_eq(cause, "'users' is not a list");
	free(cause);
	cr_expect_eq(inventory_list_shape("[1", 2, "users", &sh, &cause), -1);
	cr_expect_not_null(cause);
	free(cause);
}

Test(inventory, override_replaces_one_file_of_the_inventory)
{
	static const char people[] = "users: [{name: over, accounts: [lab]}]\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;

	enter_data_dir("good");
	m = inventory_load_override("include-main.yaml", "parts/people.inc", people,
				    strlen(people), &dl);
	cr_assert_not_null(m);
	cr_expect_eq(validate_model(m, &dl), 0);
	cr_expect_not_null(model_find_user(m, "over"));
	cr_expect_null(model_find_user(m, "second"));
	cr_expect_eq(m->n_hosts, 3);	/* the other include still read */
	model_free(m);
	diag_release(&dl);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

static size_t count_msgs(const struct diag_list *dl, const char *needle)
{
	size_t i, n = 0;

	for (i = 0; i < dl->n; i++)
		n += strstr(dl->items[i].msg, needle) != NULL;
	return n;
}

/*
 * issue 15: include: reaches only the inventory's directory tree, a symlink
 * out of it included, unless --allow-path names a directory.
 */
Test(inventory, include_outside_the_tree_needs_allow_path)
{
	char top[] = "/tmp/inventory_test_tree.XXXXXX";
	char *inv, *outside, *link, *sub;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;
	char *cause = NULL;

	cr_assert_not_null(mkdtemp(top));
	sub = xasprintf("%s/site", top);
	cr_assert_eq(mkdir(sub, 0755), 0);
	inv = xasprintf("%s/inv.yaml", sub);
	outside = xasprintf("%s/outside.yaml", top);
	link = xasprintf("%s/link.yaml", sub);
	write_text(outside, "users: [{name: eve, accounts: [lab]}]\n");
	write_text(inv, "include: [../outside.yaml, link.yaml]\n"
		   "cluster: {name: t, controller: h}\n");
	cr_assert_eq(symlink(outside, link), 0);

	m = inventory_load(inv, &dl);
	cr_assert_not_null(m);
	cr_expect_eq(count_msgs(&dl, "is outside the inventory's directory"), 2);
	cr_expect_eq(count_msgs(&dl, "pass --allow-path DIR"), 2);
	cr_expect_eq(diag_errors(&dl), 2);
	cr_expect_null(model_find_user(m, "eve"));
	cr_expect_eq(dl.items[0].loc.line, 1);
	cr_expect_eq(dl.items[0].loc.col, 11);
	model_free(m);
	diag_release(&dl);

	/* the command line allows the parent: both name the same file now */
	cr_assert_eq(pathtrust_allow(top, &cause), 0);
	m = inventory_load(inv, &dl);
	cr_assert_not_null(m);
	cr_expect_eq(count_msgs(&dl, "is outside"), 0);
	cr_expect_eq(count_msgs(&dl, "is already included"), 1);
	cr_expect_not_null(model_find_user(m, "eve"));
	model_free(m);
	diag_release(&dl);
	pathtrust_reset();

	unlink(link);
	unlink(inv);
	unlink(outside);
	rmdir(sub);
	rmdir(top);
	free(inv);
	free(outside);
	free(link);
	free(sub);
}
