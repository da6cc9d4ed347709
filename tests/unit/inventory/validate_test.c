/*
 * validate_test.c: the semantic checks through small inventories built in
 * the test, the helpers other modules use (TRES names, effective
 * slurm.conf values), reference resolution (host->type, the host index,
 * accounts ordered parents first) and a 10,000-host inventory that must
 * validate cleanly.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inventory/inventory.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "inventory/validate_acct.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"

static const char base[] =
	"cluster: {name: t, controller: head, accounting_host: head}\n"
	"hosts:\n"
	"  - {names: head, roles: [controller, dbd]}\n"
	"  - {names: \"n[1-4]\", type: small}\n"
	"node_types: {small: {cpus: 4, memory: 8G, gpus: {count: 2, files: \"/dev/nvidia[0-1]\"}}}\n"
	"partitions: [{name: main, nodes: \"n[1-4]\", default: true}]\n";

/* Loads base + extra, validates; returns the model, diagnostics in dl. */
static struct model *check(const char *extra, struct diag_list *dl)
{
	char *src = xasprintf("%s%s", base, extra);
	struct model *m = inventory_load_string("v.yaml", src, strlen(src), dl);

	cr_assert_not_null(m);
	validate_model(m, dl);
	diag_sort(dl);
	free(src);
	return m;
}

/* True if some diagnostic message contains needle. */
static bool has_msg(const struct diag_list *dl, const char *needle)
{
	size_t i;

	for (i = 0; i < dl->n; i++)
		if (strstr(dl->items[i].msg, needle))
			return true;
	return false;
}

Test(validate, base_inventory_is_valid)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = check("", &dl);

	cr_expect_eq(dl.n, 0, "first: %s", dl.n ? dl.items[0].msg : "");
	model_free(m);
	diag_release(&dl);
}

Test(validate, returns_the_number_of_errors_added)
{
	struct diag_list dl = DIAG_LIST_INIT;
	static const char src[] = "cluster: {name: t, controller: nowhere}\n";
	struct model *m = inventory_load_string("v.yaml", src, strlen(src), &dl);

	cr_assert_not_null(m);
	cr_expect_eq(diag_errors(&dl), 0);
	/* no such host, no compute hosts (no default partition: a warning) */
	cr_expect_eq(validate_model(m, &dl), 2);
	cr_expect_eq(diag_errors(&dl), 2);
	model_free(m);
	diag_release(&dl);
}

/* Slurm runs with no default partition (jobs must name one): a warning */
Test(validate, no_default_partition_is_a_site_choice)
{
	struct diag_list dl = DIAG_LIST_INIT;
	static const char src[] =
		"cluster: {name: t, controller: head}\n"
		"hosts:\n  - {names: head, roles: [controller]}\n"
		"  - {names: \"n[1-2]\", type: small}\n"
		"node_types:\n  small: {cpus: 4, memory: 8G}\n"
		"partitions:\n  - {name: a, nodes: \"n[1-2]\"}\n";
	struct model *m = inventory_load_string("v.yaml", src, strlen(src), &dl);
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	cr_assert_not_null(m);
	cr_expect_eq(validate_model(m, &dl), 0);
	cr_assert_not_null(f = open_memstream(&text, &len));
	diag_print(&dl, f);
	fclose(f);
	cr_expect_not_null(strstr(text, "v.yaml:7:1: warning: no default partition"), "%s", text);
	free(text);
	model_free(m);
	diag_release(&dl);
}

Test(validate, resolves_host_types_and_indexes_hosts)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = check("", &dl);
	const struct host *h = model_find_host(m, "n3");

	cr_assert_not_null(h);
	cr_expect_eq(m->n_host_index, m->n_hosts);
	cr_expect_str_eq(h->name, "n3");
	cr_expect_eq(h->type, model_find_node_type(m, "small"));
	cr_expect_null(model_find_host(m, "n5"));
	cr_expect_null(model_find_host(m, ""));
	model_free(m);
	diag_release(&dl);
}

Test(validate, orders_flat_accounts_parents_first)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = check("accounts:\n"
				"  - {name: leaf, parent: mid}\n"
				"  - {name: mid, parent: top}\n"
				"  - {name: top}\n"
				"  - {name: other}\n", &dl);

	cr_expect_eq(dl.n, 0);
	cr_assert_eq(m->n_accounts, 4);
	cr_expect_str_eq(m->accounts[0].name, "top");
	cr_expect_str_eq(m->accounts[1].name, "other");
	cr_expect_str_eq(m->accounts[2].name, "mid");
	cr_expect_str_eq(m->accounts[3].name, "leaf");
	cr_expect_str_eq(model_find_account(m, "leaf")->parent, "mid");
	model_free(m);
	diag_release(&dl);
}

Test(validate, tres_names)
{
	static const char *const ok[] = { "cpu", "mem", "node", "billing", "energy",
					  "fs/disk", "vmem", "pages", "gres/gpu",
					  "gres/gpu:a100", "license/matlab", "bb/cray",
					  "fs/lustre", "ic/ofed" };
	static const char *const bad[] = { "cpus", "CPU", "memory", "gres/", "gres",
					   "gres/:a", "license/", "gpu", "gres/gpu/x",
					   "bb/a,b", "" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ok); i++)
		cr_expect(validate_tres_name(ok[i]), "'%s'", ok[i]);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		cr_expect_not(validate_tres_name(bad[i]), "'%s'", bad[i]);
}

Test(validate, effective_slurm_conf_values)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = check("", &dl);
	char *v;

	/* GPUs exist: the renderer adds gres/gpu */
	cr_expect_str_eq(v = validate_effective_slurm_conf(m, "AccountingStorageTRES"),
			 "gres/gpu");
	free(v);
	cr_expect_str_eq(v = validate_effective_slurm_conf(m, "accountingstorageenforce"),
			 "associations,limits,qos");
	free(v);
	cr_expect_null(validate_effective_slurm_conf(m, "SchedulerParameters"));
	model_free(m);
	diag_release(&dl);

	m = check("", &dl);
	m->cluster.slurm_conf.items = &(struct kv){ .key = "accountingstoragetres",
						    .value = "cpu,mem" };
	m->cluster.slurm_conf.n = 1;
	cr_expect_str_eq(v = validate_effective_slurm_conf(m, "AccountingStorageTRES"),
			 "cpu,mem,gres/gpu");
	free(v);
	cr_expect_str_eq(v = validate_effective_slurm_conf(m, "AccountingStorageEnforce"),
			 "associations,limits,qos");
	free(v);
	/* no duplicate when the site already lists it */
	m->cluster.slurm_conf.items[0].value = "cpu,GRES/GPU:a100";
	cr_expect_str_eq(v = validate_effective_slurm_conf(m, "AccountingStorageTRES"),
			 "cpu,GRES/GPU:a100");
	free(v);
	/* GPUs of a node type no host uses are not tracked */
	m->hosts[1].type = NULL;
	m->hosts[1].type_name = NULL;
	cr_expect_str_eq(v = validate_effective_slurm_conf(m, "AccountingStorageTRES"),
			 "cpu,GRES/GPU:a100");
	free(v);
	model_free(m);
	diag_release(&dl);
}

Test(validate, gpu_limits_need_tracking_and_enforcement)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;

	/* GPUs defined: tracked by default, enforced by default */
	m = check("qos: [{name: g, max_tres_per_user: {gres/gpu: 2}}]\n", &dl);
	cr_expect_eq(dl.n, 0);
	model_free(m);
	diag_release(&dl);

	/* no GPUs: gres/gpu is only tracked when slurm_conf says so */
	{
		static const char src[] =
			"cluster: {name: t, controller: head, accounting_host: head}\n"
			"hosts: [{names: head, roles: [controller, dbd]}, {names: n1, type: s}]\n"
			"node_types: {s: {cpus: 1, memory: 1G}}\n"
			"partitions: [{name: p, nodes: n1, default: true}]\n"
			"users: [{name: u, accounts: [a], max_tres_per_job: {gres/gpu: 1}}]\n"
			"accounts: [{name: a}]\n";

		m = inventory_load_string("v.yaml", src, strlen(src), &dl);
		cr_assert_not_null(m);
		cr_expect_eq(validate_model(m, &dl), 1);
		cr_expect(has_msg(&dl, "user 'u' limits 'gres/gpu' but GPUs are not tracked"));
		model_free(m);
		diag_release(&dl);
	}
}

Test(validate, safe_enforcement_counts_as_limits)
{
	static const char src[] =
		"cluster: {name: t, controller: head, accounting_host: head, slurm_conf: "
		"{AccountingStorageEnforce: \"safe,qos\"}}\n"
		"hosts: [{names: head, roles: [controller, dbd]}, {names: n1, type: s}]\n"
		"node_types: {s: {cpus: 1, memory: 1G}}\n"
		"partitions: [{name: p, nodes: n1, default: true}]\n"
		"qos: [{name: q, max_wall: \"60\"}]\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("v.yaml", src, strlen(src), &dl);

	cr_assert_not_null(m);
	cr_expect_eq(validate_model(m, &dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	model_free(m);
	diag_release(&dl);
}

Test(validate, ten_thousand_hosts_and_a_thousand_users)
{
	struct strbuf sb = STRBUF_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;
	int i;

	strbuf_addstr(&sb, "cluster: {name: big, controller: ctl, accounting_host: ctl}\n"
			   "node_types: {a: {cpus: 64, memory: 512G, gpus: "
			   "{type: a100, count: 8, files: \"/dev/nvidia[0-7]\"}}, "
			   "b: {cpus: 32, memory: 256G}}\n"
			   "hosts:\n  - {names: ctl, roles: [controller, dbd]}\n"
			   "  - {names: \"gpu[00001-06000]\", type: a}\n"
			   "  - {names: \"cpu[00001-04000]\", type: b}\n"
			   "partitions:\n"
			   "  - {name: all, nodes: \"gpu[00001-06000],cpu[00001-04000]\", default: true}\n"
			   "qos: [{name: normal, max_tres_per_user: {gres/gpu: 8}}]\n"
			   "accounts: [{name: lab}]\nusers:\n");
	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "  - {name: user%04d, accounts: [lab], qos: [normal]}\n", i);
	m = inventory_load_string("big.yaml", sb.buf, sb.len, &dl);
	cr_assert_not_null(m);
	cr_expect_eq(validate_model(m, &dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect_eq(m->n_hosts, 10001);
	cr_expect_eq(m->n_users, 1000);
	cr_expect_str_eq(model_find_host(m, "cpu04000")->type->name, "b");
	model_free(m);
	diag_release(&dl);
	strbuf_release(&sb);
}

/* base with its cluster: mapping given more keys (extra ends with ", "). */
static struct model *check_cluster(const char *extra, const char *hosts,
				   struct diag_list *dl)
{
	char *src = xasprintf("cluster: {%sname: t, controller: head, accounting_host: head}\n"
			      "hosts:\n  - {names: head, roles: [controller, dbd]}\n"
			      "  - {names: \"n[1-4]\", type: small}\n%s"
			      "node_types: {small: {cpus: 4, memory: 8G}}\n"
			      "partitions: [{name: main, nodes: \"n[1-4]\", default: true}]\n",
			      extra, hosts);
	struct model *m = inventory_load_string("v.yaml", src, strlen(src), dl);

	cr_assert_not_null(m);
	validate_model(m, dl);
	free(src);
	return m;
}

/*
 * An address Slurm gets that is another host's is warned, not refused:
 * slurmctld never checks it (it listens on every address), and slurmd and
 * the commands would reach that host. The host's own name is no warning.
 */
Test(validate, site_address_of_another_host_is_warned)
{
	struct diag_list dl = DIAG_LIST_INIT, ok = DIAG_LIST_INIT;
	struct model *m = check_cluster("controller_address: n1, accounting_address: 10.0.0.7, ",
					"  - {names: n9, address: 10.0.0.7, type: small}\n", &dl);
	struct model *m2 = check_cluster("controller_address: \"fe80::1%eth0\", "
					 "accounting_address: head, ", "", &ok);

	cr_expect_eq(diag_errors(&dl), 0, "first: %s", dl.n ? dl.items[0].msg : "");
	cr_expect_eq(dl.n, 2);
	cr_expect(has_msg(&dl, "cluster.controller_address 'n1' is the name of host 'n1': "
			  "Slurm would reach 'n1', not 'head', for slurmctld"));
	cr_expect(has_msg(&dl, "cluster.accounting_address '10.0.0.7' is the address of "
			  "host 'n9': Slurm would reach 'n9', not 'head', for slurmdbd"));
	cr_expect_eq(ok.n, 0, "first: %s", ok.n ? ok.items[0].msg : "");
	model_free(m);
	model_free(m2);
	diag_release(&dl);
	diag_release(&ok);
}

/* Loads src (a whole inventory), validates it; diagnostics sorted in dl. */
static struct model *check_whole(const char *src, struct diag_list *dl)
{
	struct model *m = inventory_load_string("w.yaml", src, strlen(src), dl);

	cr_assert_not_null(m);
	validate_model(m, dl);
	diag_sort(dl);
	return m;
}

static const char enforce_src[] =
	"cluster:\n"
	"  name: tiny\n"
	"  slurm_conf: {AccountingStorageEnforce: %s}\n"
	"  controller: head\n"
	"  accounting_host: head\n"
	"hosts:\n"
	"  - {names: head, roles: [controller, dbd]}\n"
	"  - {names: \"n[1-2]\", type: small}\n"
	"node_types: {small: {cpus: 4, memory: 8G}}\n"
	"partitions: [{name: main, nodes: \"n[1-2]\", default: true}]\n"
	"qos: [{name: normal, max_wall: \"1-00:00:00\"}]\n"
	"accounts: [{name: a, max_jobs: 10}]\n";

/*
 * slurm.conf(5): limits enforces the associations' and QoS's limits, qos
 * only which QoS a job may use: Slurm takes either without the other, so
 * validate warns what Slurm then does not enforce, never refuses it.
 */
Test(validate, accounting_storage_enforce_is_never_stricter_than_slurm)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *src = xasprintf(enforce_src, "associations");
	struct model *m = check_whole(src, &dl);

	cr_expect_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect(has_msg(&dl, "lacks 'limits': Slurm stores them and does not enforce them"));
	model_free(m);
	diag_release(&dl);
	free(src);
	src = xasprintf(enforce_src, "limits");
	m = check_whole(src, &dl);
	cr_expect_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect(has_msg(&dl, "lacks 'qos': Slurm enforces their limits, not which QoS an "
			  "association may use"));
	model_free(m);
	diag_release(&dl);
	free(src);
}

static const char users_src[] =
	"cluster:\n"
	"  name: tiny\n"
	"  controller: head\n"
	"  slurmctld_port: %s\n"
	"  slurm_user: {name: munge, uid: 107}\n"
	"  munge_user: {name: munge%s}\n"
	"hosts:\n"
	"  - {names: head, roles: [controller]}\n"
	"  - {names: \"n[1-2]\", type: small}\n"
	"node_types: {small: {cpus: 4, memory: 8G}}\n"
	"partitions: [{name: main, nodes: \"n[1-2]\", default: true}]\n";

/* SlurmUser=munge is one user for both; SlurmctldPort takes a range (slurm.conf(5)) */
Test(validate, slurm_user_munge_and_a_slurmctld_port_range)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *src = xasprintf(users_src, "6811-6818", "");
	struct model *m = check_whole(src, &dl);

	cr_expect_eq(dl.n, 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect_eq(m->cluster.slurmctld_port, 6811);
	cr_expect_eq(m->cluster.slurmctld_port_last, 6818);
	model_free(m);
	diag_release(&dl);
	free(src);
	src = xasprintf(users_src, "6818-6811", ", uid: 108");
	m = check_whole(src, &dl);
	cr_expect(has_msg(&dl, "'slurmctld_port' must be a port (1 to 65535) or a range"));
	cr_expect(has_msg(&dl, "munge_user and slurm_user are both 'munge' with other ids"));
	model_free(m);
	diag_release(&dl);
	free(src);
}

static const char gpus_src[] =
	"cluster: {name: t, controller: head}\n"
	"hosts: [{names: head, roles: [controller]}, {names: n1, type: big}]\n"
	"node_types: {big: {cpus: 4, memory: 8G, gpus: %s}}\n"
	"partitions: [{name: main, nodes: n1, default: true}]\n";

/* gres_conf: false and gres_conf_type say a line's absence and its Type= alone */
Test(validate, gpu_entries_without_a_line_or_with_a_line_type)
{
	static const char *const bad[][2] = {
		{ "{count: 2, gres_conf: false, files: \"/dev/nvidia[0-1]\"}",
		  "gres_conf: false has no gres.conf line to say its files" },
		{ "{type: a, gres_conf_type: b, count: 2, files: \"/dev/nvidia[0-1]\"}",
		  "has a type and a gres_conf_type" },
		{ "[{count: 1, files: /dev/nvidia0}, {count: 1, gres_conf_type: b, "
		  "files: /dev/nvidia1}]", "some gpu entries have a type and some not" },
	};
	static const char *const good =
		"[{gres_conf_type: a100, count: 1, files: /dev/nvidia0}, "
		"{count: 1, gres_conf: false}]";
	struct diag_list dl = DIAG_LIST_INIT;
	char *src;
	struct model *m;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		src = xasprintf(gpus_src, bad[i][0]);
		m = check_whole(src, &dl);
		cr_expect(has_msg(&dl, bad[i][1]), "%s", bad[i][0]);
		model_free(m);
		diag_release(&dl);
		free(src);
	}
	src = xasprintf(gpus_src, good);
	m = check_whole(src, &dl);
	/* the entry without a line is no line: not a Count= line beside File= ones */
	cr_expect_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect(has_msg(&dl, "slurmd drops GPUs it has no device file for"));
	model_free(m);
	diag_release(&dl);
	free(src);
}

/*
 * A partition's QOS or accounts without accounting: Slurm has no QoS to
 * look the name up in and takes it as written (assoc_mgr_fill_in_qos()
 * finds no list): a warning; with accounting, an unknown name is an error.
 */
Test(validate, partition_qos_without_accounting_is_slurms_to_take)
{
	static const char src[] =
		"cluster: {name: t, controller: head%s}\n"
		"hosts: [{names: head, roles: [controller%s]}, {names: n1, type: small}]\n"
		"node_types: {small: {cpus: 4, memory: 8G}}\n"
		"partitions: [{name: main, nodes: n1, default: true, qos: student,\n"
		"  allow_accounts: [lab]}]\n";
	struct diag_list dl = DIAG_LIST_INIT;
	char *text = xasprintf(src, "", "");
	struct model *m = check_whole(text, &dl);

	cr_expect_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect(has_msg(&dl, "QoS 'student' is defined nowhere: without accounting"));
	cr_expect(has_msg(&dl, "account 'lab' is defined nowhere"));
	model_free(m);
	diag_release(&dl);
	free(text);
	text = xasprintf(src, ", accounting_host: head", ", dbd");
	m = check_whole(text, &dl);
	cr_expect(has_msg(&dl, "unknown QoS 'student'"));
	model_free(m);
	diag_release(&dl);
	free(text);
}

/* Values as the release reads them: what the tables say, at the value. */
Test(validate, values_are_checked_as_the_release_reads_them)
{
	struct diag_list dl = DIAG_LIST_INIT, ok = DIAG_LIST_INIT, r24 = DIAG_LIST_INIT;
	struct model *m = check_cluster("slurm_conf: {ReturnToService: banana, MinJobAge: 1}, ",
					"", &dl);
	/* a k suffix, a quoted boolean (Slurm drops the quotes), cons_res on 22.05 */
	struct model *m2 = check_cluster("slurm_conf: {MaxJobCount: 10k, DisableRootJobs: "
					 "'\"yes\"', SelectType: select/cons_res}, ", "", &ok);
	struct model *m3 = check_cluster("slurm_version: \"24.11\", slurm_conf: {PrivateData: "
					 "cloud}, ", "", &r24);

	cr_expect_eq(diag_errors(&dl), 1);
	cr_expect_eq(dl.n, 2);
	cr_expect(has_msg(&dl, "slurm.conf ReturnToService=banana: Slurm 22.05 takes an "
			  "integer from 0 to 2"));
	cr_expect(has_msg(&dl, "slurm.conf MinJobAge=1: Slurm 22.05 starts, but logs an "
			  "error and uses another value"));
	cr_expect_eq(ok.n, 0, "first: %s", ok.n ? ok.items[0].msg : "");
	cr_expect(has_msg(&r24, "PrivateData=cloud: Slurm 24.11 has no 'cloud' there"));
	model_free(m);
	model_free(m2);
	model_free(m3);
	diag_release(&dl);
	diag_release(&ok);
	diag_release(&r24);
}

/* Devices constrained by default, TaskPlugin without task/cgroup: a warning. */
Test(validate, devices_constrained_without_task_cgroup_is_warned)
{
	struct diag_list dl = DIAG_LIST_INIT, said = DIAG_LIST_INIT, adopted = DIAG_LIST_INIT;
	struct diag_list dflt = DIAG_LIST_INIT;
	struct model *m = check_cluster("slurm_conf: {TaskPlugin: task/affinity}, ", "", &dl);
	struct model *m2 = check_cluster("slurm_conf: {TaskPlugin: task/affinity}, cgroup_conf: "
					 "{ConstrainDevices: \"no\"}, ", "", &said);
	/* an adopted cluster: Slurm's ConstrainDevices=no unless it says otherwise */
	struct model *m3 = check_cluster("defaults: slurm, ", "", &adopted);
	/* the default TaskPlugin has task/cgroup */
	struct model *m4 = check_cluster("", "", &dflt);

	cr_expect_eq(diag_errors(&dl), 0);
	cr_expect_eq(dl.n, 1);
	cr_expect(has_msg(&dl, "cgroup.conf constrains devices (ConstrainDevices=yes) but "
			  "TaskPlugin=task/affinity has no task/cgroup to do it"));
	cr_expect_eq(said.n, 0, "first: %s", said.n ? said.items[0].msg : "");
	cr_expect_eq(adopted.n, 0, "first: %s", adopted.n ? adopted.items[0].msg : "");
	cr_expect_eq(dflt.n, 0, "first: %s", dflt.n ? dflt.items[0].msg : "");
	model_free(m);
	model_free(m2);
	model_free(m3);
	model_free(m4);
	diag_release(&dl);
	diag_release(&said);
	diag_release(&adopted);
	diag_release(&dflt);
}
