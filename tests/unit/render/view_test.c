/*
 * view_test.c: the contexts templates expand. Folding of NodeName lines
 * (types, per-host ports, consecutive and scattered addresses, 10,000
 * hosts), partition node folding, typed GRES and the merged
 * AccountingStorageTRES, pass-through keys overriding defaults, configless
 * mode, and slurmdbd.conf carrying the placeholder instead of a password.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "inventory/inventory.h"
#include "render/render.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "render/view_daemons.h"
#include "render/view_gres.h"
#include "render/view_slurm.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"

#define HEAD                                                              \
	"cluster: {name: t, controller: ctl, accounting_host: ctl,\n"     \
	"  slurm_user: {name: slurm, uid: 64030, gid: 64030},\n"          \
	"  munge_user: {name: munge, uid: 64031, gid: 64031}%s}\n"        \
	"database: {host: db1, user: slurm, password_file: secrets/db.pass}\n" \
	"node_types:\n"                                                   \
	"  a: {cpus: 8, sockets: 1, cores_per_socket: 8, threads_per_core: 1,\n" \
	"      memory_mb: 1000, gpus: {type: a40, count: 2, files: \"/dev/nvidia[0-1]\"},\n" \
	"      features: [a40]}\n"                                        \
	"  b: {cpus: 4, memory_mb: 500}\n"                                \
	"  c: {cpus: 4, memory_mb: 500, gpus: {type: l4, count: 1, autodetect: nvml}}\n"

/* A validated model from an inventory text; the test fails on any error. */
static struct model *model_of(const char *cluster_extra, const char *rest)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct model *m;

	strbuf_addf(&sb, HEAD, cluster_extra);
	strbuf_addstr(&sb, rest);
	m = inventory_load_string("t.yaml", sb.buf, sb.len, &dl);
	cr_assert_not_null(m);
	validate_model(m, &dl);
	if (diag_errors(&dl)) {
		char *s = diag_format(&dl.items[0]);

		cr_assert_fail("inventory has errors: %s\n%s", s, sb.buf);
		free(s);
	}
	diag_release(&dl);
	strbuf_release(&sb);
	return m;
}

/* A whole inventory text loaded and validated: no error (warnings in dl). */
static struct model *valid_model(const char *inv, struct diag_list *dl)
{
	struct model *m = inventory_load_string("t.yaml", inv, strlen(inv), dl);

	cr_assert_not_null(m);
	validate_model(m, dl);
	cr_assert_eq(diag_errors(dl), 0, "%s", dl->n ? dl->items[0].msg : "");
	return m;
}

static json_t *slurm_ctx(const struct model *m)
{
	char *cause = NULL;
	json_t *ctx = view_slurm_conf(m, &cause);

	cr_assert_not_null(ctx, "view_slurm_conf: %s", cause ? cause : "");
	return ctx;
}

/* Value of key in a settings array, or NULL. */
static const char *setting_of(json_t *ctx, const char *section, const char *key)
{
	json_t *arr = json_object_get(ctx, section), *e;
	size_t i;

	cr_assert(json_is_array(arr), "no section '%s'", section);
	json_array_foreach(arr, i, e)
		if (!strcmp(json_string_value(json_object_get(e, "key")), key))
			return json_string_value(json_object_get(e, "value"));
	return NULL;
}

static const char *field(json_t *line, const char *key)
{
	return json_string_value(json_object_get(line, key));
}

static json_t *line_at(json_t *ctx, const char *arr, size_t i)
{
	json_t *a = json_object_get(ctx, arr);

	cr_assert(json_is_array(a));
	cr_assert_lt(i, json_array_size(a), "%s has %zu lines", arr,
		     json_array_size(a));
	return json_array_get(a, i);
}

Test(view, folds_consecutive_names_and_addresses_into_one_line)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
		"  - {names: \"gpu[01-16]\", addresses: \"10.0.1.[1-16]\", type: a}\n"
		"partitions:\n  - {name: p, nodes: \"gpu[01-16]\", default: true}\n");
	json_t *ctx = slurm_ctx(m), *l;

	cr_assert_eq(json_array_size(json_object_get(ctx, "node_lines")), 1);
	l = line_at(ctx, "node_lines", 0);
	cr_assert_str_eq(field(l, "name"), "gpu[01-16]");
	cr_assert_str_eq(field(l, "addr"), "10.0.1.[1-16]");
	cr_assert_str_eq(field(l, "cpus"), "8");
	cr_assert_str_eq(field(l, "real_memory"), "1000");
	cr_assert_str_eq(field(l, "gres"), "gpu:a40:2");
	cr_assert_str_eq(field(l, "feature"), "a40");
	cr_assert_null(json_object_get(l, "port"));
	json_decref(ctx);
	model_free(m);
}

Test(view, scattered_addresses_split_into_runs)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
		"  - {names: \"n[1-5]\", addresses: \"10.0.1.1,10.0.1.2,10.0.1.9,10.0.1.10,10.0.2.1\", type: b}\n"
		"partitions:\n  - {name: p, nodes: \"n[1-5]\", default: true}\n");
	json_t *ctx = slurm_ctx(m);
	static const char *const want[][2] = {
		{ "n[1-2]", "10.0.1.[1-2]" },
		{ "n[3-4]", "10.0.1.[9-10]" },
		{ "n5", "10.0.2.1" },
	};
	size_t i;

	cr_assert_eq(json_array_size(json_object_get(ctx, "node_lines")), 3);
	for (i = 0; i < 3; i++) {
		json_t *l = line_at(ctx, "node_lines", i);

		cr_assert_str_eq(field(l, "name"), want[i][0]);
		cr_assert_str_eq(field(l, "addr"), want[i][1]);
	}
	json_decref(ctx);
	model_free(m);
}

Test(view, per_host_ports_keep_hosts_on_their_own_lines)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
		"  - {names: \"gpu[01-03]\", addresses: \"10.0.1.[2-4]\", type: a, slurmd_port: 6831}\n"
		"partitions:\n  - {name: p, nodes: \"gpu[01-03]\", default: true}\n");
	json_t *ctx = slurm_ctx(m);
	size_t i;

	cr_assert_eq(json_array_size(json_object_get(ctx, "node_lines")), 3);
	for (i = 0; i < 3; i++) {
		json_t *l = line_at(ctx, "node_lines", i);
		char name[16], port[16];

		snprintf(name, sizeof(name), "gpu0%zu", i + 1);
		snprintf(port, sizeof(port), "%zu", 6831 + i);
		cr_assert_str_eq(field(l, "name"), name);
		cr_assert_str_eq(field(l, "port"), port);
	}
	json_decref(ctx);
	model_free(m);
}

Test(view, ten_thousand_hosts_of_three_types_fold_to_three_lines)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: \"a[00001-04000]\", type: a}\n"
		"  - {names: \"b[00001-03000]\", type: b}\n"
		"  - {names: \"c[00001-03000]\", type: c}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n"
		"  - {name: q, nodes: \"a[00001-04000],b[00001-00100]\"}\n");
	json_t *ctx = slurm_ctx(m);

	cr_assert_eq(m->n_hosts, 10001);
	cr_assert_eq(json_array_size(json_object_get(ctx, "node_lines")), 3);
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 0), "name"), "a[00001-04000]");
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 1), "name"), "b[00001-03000]");
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 2), "name"), "c[00001-03000]");
	cr_assert_str_eq(field(line_at(ctx, "partition_lines", 0), "nodes"), "ALL");
	cr_assert_str_eq(field(line_at(ctx, "partition_lines", 1), "nodes"),
			 "a[00001-04000],b[00001-00100]");
	json_decref(ctx);
	model_free(m);
}

Test(view, partition_nodes_are_refolded_and_keys_mapped)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: \"n[1-4]\", type: b}\n"
		"qos:\n  - {name: normal}\n"
		"accounts:\n  - {name: x}\n  - {name: y}\n"
		"partitions:\n  - {name: p, nodes: \"n3,n1,n2,n4\", default: true,\n"
		"     max_time: \"2-00:00:00\", priority_tier: 0, qos: normal,\n"
		"     allow_accounts: [x, y], preempt_mode: REQUEUE, extra: {GraceTime: 300}}\n"
		"  - {name: q, nodes: n1}\n");
	json_t *ctx = slurm_ctx(m), *p = line_at(ctx, "partition_lines", 0), *q;

	cr_assert_str_eq(field(p, "nodes"), "n[1-4]");
	cr_assert(json_is_true(json_object_get(p, "default")));
	cr_assert_str_eq(field(p, "max_time"), "2-00:00:00");
	cr_assert_str_eq(field(p, "priority_tier"), "0");
	cr_assert_str_eq(field(p, "qos"), "normal");
	cr_assert_str_eq(field(p, "allow_accounts"), "x,y");
	cr_assert_str_eq(field(p, "preempt_mode"), "REQUEUE");
	cr_assert_str_eq(field(p, "state"), "UP");
	cr_assert_str_eq(field(json_array_get(json_object_get(p, "extra"), 0), "key"),
			 "GraceTime");
	q = line_at(ctx, "partition_lines", 1);
	cr_assert_null(json_object_get(q, "default"));
	cr_assert_null(json_object_get(q, "priority_tier"));
	json_decref(ctx);
	model_free(m);
}

Test(view, accounting_tres_lists_limited_typed_gpus_after_the_site_value)
{
	struct model *m = model_of(", slurm_conf: {AccountingStorageTRES: \"cpu,gres/gpu,license/x\"}",
		"hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: \"a[1-2]\", type: a}\n  - {names: c1, type: c}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n"
		"qos:\n  - {name: big, max_tres_per_user: {gres/gpu:l4: 2}}\n");
	json_t *ctx = slurm_ctx(m), *site, *e;
	size_t i;

	/* a40 is no limit's: no tres_table row nobody asked for */
	cr_assert_str_eq(setting_of(ctx, "accounting", "AccountingStorageTRES"),
			 "cpu,gres/gpu,license/x,gres/gpu:l4");
	cr_assert_str_eq(setting_of(ctx, "scheduling", "GresTypes"), "gpu");
	/* merged, so not repeated among the site settings */
	site = json_object_get(ctx, "site");
	json_array_foreach(site, i, e)
		cr_assert_str_neq(field(e, "key"), "AccountingStorageTRES");
	json_decref(ctx);
	model_free(m);
}

Test(view, no_gpus_no_gres_types_nor_tres)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	json_t *ctx = slurm_ctx(m);
	char *tres = view_accounting_tres(m);

	cr_assert_null(setting_of(ctx, "scheduling", "GresTypes"));
	cr_assert_null(setting_of(ctx, "accounting", "AccountingStorageTRES"));
	cr_assert_null(tres);
	json_decref(ctx);
	model_free(m);
}

Test(view, pass_through_overrides_defaults_once_in_site_section)
{
	struct model *m = model_of(", slurm_conf: {killwait: 300, ProctrackType: proctrack/linuxproc, SlurmdParameters: config_overrides}",
		"hosts:\n"
		"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
		"  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	json_t *ctx = slurm_ctx(m);

	cr_assert_null(setting_of(ctx, "timers", "KillWait"));
	cr_assert_str_eq(setting_of(ctx, "timers", "SlurmdTimeout"), "300");
	cr_assert_null(setting_of(ctx, "control", "ProctrackType"));
	cr_assert_str_eq(setting_of(ctx, "site", "killwait"), "300");
	cr_assert_str_eq(setting_of(ctx, "site", "ProctrackType"), "proctrack/linuxproc");
	cr_assert_str_eq(setting_of(ctx, "site", "SlurmdParameters"), "config_overrides");
	cr_assert(json_is_true(json_object_get(ctx, "has_site")));
	cr_assert_str_eq(setting_of(ctx, "control", "SlurmctldHost"), "ctl(10.0.0.1)");
	cr_assert_str_eq(setting_of(ctx, "control", "ClusterName"), "t");
	/* the name, as a site writes it, not the address ssh uses */
	cr_assert_str_eq(setting_of(ctx, "accounting", "AccountingStorageHost"), "ctl");
	cr_assert_str_eq(setting_of(ctx, "accounting", "AccountingStorageEnforce"),
			 "associations,limits,qos");
	json_decref(ctx);
	model_free(m);
}

/* Two controllers with addresses, dbd on the first, one compute host. */
static const char two_ctl_hosts[] =
	"hosts:\n"
	"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
	"  - {names: ctl2, address: 10.0.0.2, roles: [backup]}\n"
	"  - {names: n1, type: b}\n"
	"partitions:\n  - {name: p, nodes: ALL, default: true}\n";

/* slurmctld_host: name writes the controllers' names alone, addresses or not */
Test(view, slurmctld_host_name_leaves_the_address_out)
{
	struct model *m = model_of(", backup_controller: ctl2, slurmctld_host: name",
				   two_ctl_hosts);
	struct model *a = model_of(", backup_controller: ctl2, slurmctld_host: address",
				   two_ctl_hosts);
	json_t *ctx = slurm_ctx(m), *actx = slurm_ctx(a);
	json_t *ctl = json_object_get(ctx, "control"), *actl = json_object_get(actx, "control");

	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(ctl, 1), "value")),
			 "ctl");
	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(ctl, 2), "value")),
			 "ctl2");
	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(actl, 2), "value")),
			 "ctl2(10.0.0.2)");
	cr_assert_str_eq(setting_of(actx, "control", "SlurmctldHost"), "ctl(10.0.0.1)");
	json_decref(ctx);
	json_decref(actx);
	model_free(m);
	model_free(a);
}

/*
 * controller_address, backup_controller_address and accounting_address:
 * the addresses Slurm reaches the services by where the site gives them
 * apart from the hosts' (ssh's): SlurmctldHost=name(address) whatever
 * slurmctld_host says, --conf-server, AccountingStorageHost= and DbdAddr=
 * (DbdHost= stays the name slurmdbd checks its host by).
 */
Test(view, site_addresses_are_what_slurm_gets)
{
	struct model *m = model_of(", backup_controller: ctl2, slurmctld_host: name,"
				   " controller_address: 192.168.7.1,"
				   " accounting_address: 192.168.7.9, config_mode: configless",
				   two_ctl_hosts);
	struct model *b = model_of(", backup_controller: ctl2,"
				   " backup_controller_address: 192.168.7.2", two_ctl_hosts);
	json_t *ctx = slurm_ctx(m), *bctx = slurm_ctx(b);
	json_t *dbd = view_slurmdbd_conf(m), *fetch = view_fetch_defaults(m);
	json_t *bfetch = view_fetch_defaults(b);
	json_t *ctl = json_object_get(ctx, "control"), *bctl = json_object_get(bctx, "control");

	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(ctl, 1), "value")),
			 "ctl(192.168.7.1)");
	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(ctl, 2), "value")),
			 "ctl2", "slurmctld_host: name still holds where no address is given");
	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(bctl, 1), "value")),
			 "ctl(10.0.0.1)");
	cr_assert_str_eq(json_string_value(json_object_get(json_array_get(bctl, 2), "value")),
			 "ctl2(192.168.7.2)");
	cr_assert_str_eq(setting_of(ctx, "accounting", "AccountingStorageHost"), "192.168.7.9");
	cr_assert_str_eq(setting_of(bctx, "accounting", "AccountingStorageHost"), "ctl");
	cr_assert_str_eq(setting_of(dbd, "settings", "DbdHost"), "ctl");
	cr_assert_str_eq(setting_of(dbd, "settings", "DbdAddr"), "192.168.7.9");
	cr_assert_str_eq(json_string_value(json_object_get(fetch, "conf_server")),
			 "192.168.7.1:6817,10.0.0.2:6817");
	cr_assert_str_eq(json_string_value(json_object_get(bfetch, "conf_server")),
			 "10.0.0.1:6817,192.168.7.2:6817");
	json_decref(ctx);
	json_decref(bctx);
	json_decref(dbd);
	json_decref(fetch);
	json_decref(bfetch);
	model_free(m);
	model_free(b);
}

Test(view, configless_enables_it_on_the_controller)
{
	struct model *push = model_of("", "hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	struct model *less = model_of(", config_mode: configless", "hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	json_t *a = slurm_ctx(push), *b = slurm_ctx(less);

	cr_assert_null(setting_of(a, "control", "SlurmctldParameters"));
	cr_assert_str_eq(setting_of(b, "control", "SlurmctldParameters"),
			 "enable_configless");
	cr_assert(model_host_runs(less, model_find_host(less, "ctl"), SVC_SLURMCTLD));
	cr_assert_not(model_host_runs(less, model_find_host(less, "n1"), SVC_SLURMCTLD));
	json_decref(a);
	json_decref(b);
	model_free(push);
	model_free(less);
}

Test(view, gres_lines_fold_per_node_type)
{
	struct model *m = model_of("", "hosts:\n"
		"  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: \"a[1-3]\", type: a}\n  - {names: \"b[1-2]\", type: b}\n"
		"  - {names: \"c[1-2]\", type: c}\n  - {names: a4, type: a}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	char *cause = NULL;
	json_t *ctx = view_gres_conf(m, &cause), *l;

	cr_assert_not_null(ctx);
	cr_assert_eq(json_array_size(json_object_get(ctx, "gres")), 2);
	l = line_at(ctx, "gres", 0);
	cr_assert_str_eq(field(l, "nodes"), "a[1-4]");
	cr_assert_str_eq(field(l, "type"), "a40");
	cr_assert_str_eq(field(l, "file"), "/dev/nvidia[0-1]");
	cr_assert_null(json_object_get(l, "autodetect"));
	l = line_at(ctx, "gres", 1);
	cr_assert_str_eq(field(l, "nodes"), "c[1-2]");
	cr_assert_str_eq(field(l, "autodetect"), "nvml");
	json_decref(ctx);
	model_free(m);
}

Test(view, slurmdbd_gets_the_placeholder_never_a_password)
{
	struct model *m = model_of(", slurmdbd_conf: {ArchiveJobs: \"yes\"}", "hosts:\n"
		"  - {names: ctl, address: 10.0.0.1, roles: [controller, dbd]}\n"
		"  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	json_t *ctx = view_slurmdbd_conf(m);

	cr_assert_str_eq(setting_of(ctx, "settings", "StoragePass"),
			 RENDER_SECRET_DB_PASSWORD);
	cr_assert_str_eq(setting_of(ctx, "settings", "DbdHost"), "ctl");
	cr_assert_null(setting_of(ctx, "settings", "DbdAddr"), "Slurm takes DbdHost's");
	cr_assert_str_eq(setting_of(ctx, "settings", "StorageHost"), "db1");
	cr_assert_str_eq(setting_of(ctx, "settings", "StoragePort"), "3306");
	cr_assert_str_eq(setting_of(ctx, "settings", "SlurmUser"), "slurm");
	cr_assert_str_eq(setting_of(ctx, "site", "ArchiveJobs"), "yes");
	json_decref(ctx);
	model_free(m);
}

Test(view, cgroup_constrains_unless_the_site_says_otherwise)
{
	struct model *m = model_of(", cgroup_conf: {ConstrainRAMSpace: \"no\", AllowedRAMSpace: 95}",
		"hosts:\n  - {names: ctl, roles: [controller, dbd]}\n  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	json_t *ctx = view_cgroup_conf(m);

	cr_assert_str_eq(setting_of(ctx, "settings", "ConstrainCores"), "yes");
	cr_assert_str_eq(setting_of(ctx, "settings", "ConstrainDevices"), "yes");
	cr_assert_null(setting_of(ctx, "settings", "ConstrainRAMSpace"));
	cr_assert_str_eq(setting_of(ctx, "site", "ConstrainRAMSpace"), "no");
	cr_assert_str_eq(setting_of(ctx, "site", "AllowedRAMSpace"), "95");
	json_decref(ctx);
	model_free(m);
}

Test(view, boards_take_sockets_per_board_and_weight_zero_is_kept)
{
	static const char text[] =
		"cluster: {name: t, controller: ctl, accounting_host: ctl}\n"
		"database: {host: db1}\n"
		"node_types:\n"
		"  d: {cpus: 16, boards: 2, sockets: 2, cores_per_socket: 4,\n"
		"      threads_per_core: 1, memory_mb: 100, weight: 0}\n"
		"hosts:\n  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: n1, type: d}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", text, sizeof(text) - 1, &dl);
	json_t *ctx, *l;

	cr_assert_not_null(m);
	validate_model(m, &dl);
	cr_assert_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	diag_release(&dl);
	ctx = slurm_ctx(m);
	l = line_at(ctx, "node_lines", 0);
	cr_assert_str_eq(field(l, "boards"), "2");
	cr_assert_str_eq(field(l, "sockets_per_board"), "2");
	cr_assert_null(json_object_get(l, "sockets"));
	cr_assert_str_eq(field(l, "weight"), "0");
	cr_assert_null(json_object_get(l, "tmp_disk"));
	json_decref(ctx);
	model_free(m);
}

/* defaults: slurm (what import writes): nothing of clusterctl's own choices */
Test(view, slurm_defaults_write_only_what_the_inventory_names)
{
	static const char *const rest =
		"hosts:\n  - {names: ctl, roles: [controller, dbd]}\n  - {names: n1, type: b}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n";
	struct model *ours = model_of("", rest);
	struct model *slurm = model_of(", defaults: slurm, slurm_conf: {ReturnToService: 2}", rest);
	json_t *a = slurm_ctx(ours), *b = slurm_ctx(slurm);
	json_t *cg = view_cgroup_conf(slurm), *dbd = view_slurmdbd_conf(slurm);

	cr_assert_str_eq(setting_of(a, "control", "ProctrackType"), "proctrack/cgroup");
	cr_assert_str_eq(setting_of(a, "scheduling", "SelectTypeParameters"), "CR_Core_Memory");
	cr_assert_null(setting_of(b, "control", "ProctrackType"));
	cr_assert_null(setting_of(b, "control", "SlurmctldPidFile"));
	cr_assert_null(setting_of(b, "scheduling", "SelectTypeParameters"));
	cr_assert_null(setting_of(b, "timers", "SlurmctldTimeout"));
	cr_assert_null(setting_of(b, "logging", "SlurmctldDebug"));
	/* what the inventory models is still written */
	cr_assert_str_eq(setting_of(b, "control", "ClusterName"), "t");
	cr_assert_str_eq(setting_of(b, "site", "ReturnToService"), "2");
	cr_assert_null(setting_of(cg, "settings", "ConstrainDevices"));
	cr_assert_null(setting_of(dbd, "settings", "DebugLevel"));
	cr_assert_null(setting_of(dbd, "settings", "AuthType"));
	cr_assert_str_eq(setting_of(dbd, "settings", "StorageType"), "accounting_storage/mysql");
	json_decref(a);
	json_decref(b);
	json_decref(cg);
	json_decref(dbd);
	model_free(ours);
	model_free(slurm);
}

/*
 * Several entries of one type (per-device cores, links, flags), a
 * MultipleFiles= entry and a node type with a Count= entry: one gres.conf
 * line each, the AutoDetect line once and first, and Gres= the sum per
 * type in the order types appear.
 */
Test(view, gpu_entries_are_gres_lines_and_gres_sums_them)
{
	static const char inv[] =
		"cluster: {name: t, controller: ctl, accounting_host: ctl}\n"
		"node_types:\n"
		"  n: {cpus: 64, memory_mb: 1000, gpus: [\n"
		"    {type: a100, count: 2, files: \"/dev/nvidia[0-1]\", cores: 0-31,\n"
		"     autodetect: nvml, flags: nvidia_gpu_env},\n"
		"    {type: A100, count: 2, files: \"/dev/nvidia[2-3]\", cores: 32-63,\n"
		"     links: \"2,-1\"},\n"
		"    {type: mig, count: 1, multiple_files: \"/dev/nvidia4,/dev/caps4\"}]}\n"
		"  c: {cpus: 4, memory_mb: 1000, gpus: {type: t4, count: 3}}\n"
		"hosts:\n  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: \"g[1-2]\", type: n}\n  - {names: h1, type: c}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = valid_model(inv, &dl);
	char *cause = NULL;
	json_t *ctx, *l;
	size_t n_count = 0;

	/* the Count= entry is a warning, not an error; only it */
	for (size_t i = 0; i < dl.n; i++)
		n_count += strstr(dl.items[i].msg, "Count= line") != NULL;
	cr_assert_eq(n_count, 1);
	ctx = view_gres_conf(m, &cause);
	cr_assert_not_null(ctx);
	cr_assert_eq(json_array_size(json_object_get(ctx, "gres")), 5);
	l = line_at(ctx, "gres", 0);
	cr_assert_str_eq(field(l, "autodetect"), "nvml");
	cr_assert_null(json_object_get(l, "file"));
	l = line_at(ctx, "gres", 1);
	cr_assert_str_eq(field(l, "file"), "/dev/nvidia[0-1]");
	cr_assert_str_eq(field(l, "cores"), "0-31");
	cr_assert_str_eq(field(l, "flags"), "nvidia_gpu_env");
	l = line_at(ctx, "gres", 2);
	cr_assert_str_eq(field(l, "cores"), "32-63");
	cr_assert_str_eq(field(l, "links"), "2,-1");
	l = line_at(ctx, "gres", 3);
	cr_assert_str_eq(field(l, "multiple_files"), "/dev/nvidia4,/dev/caps4");
	cr_assert_null(json_object_get(l, "count"), "MultipleFiles= is one GPU: no Count=");
	l = line_at(ctx, "gres", 4);
	cr_assert_str_eq(field(l, "nodes"), "h1");
	cr_assert_null(json_object_get(l, "file"));
	cr_assert_str_eq(field(l, "count"), "3");
	json_decref(ctx);
	ctx = slurm_ctx(m);
	/* a100 and A100 are one type to Slurm: 2 + 2 */
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 0), "gres"), "gpu:a100:4,gpu:mig:1");
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 1), "gres"), "gpu:t4:3");
	json_decref(ctx);
	diag_release(&dl);
	model_free(m);
}

/*
 * issue 30: gres.conf as an imported site wrote it. An entry gres.conf
 * has no line for (gres_conf: false) is counted by Gres= and gets no
 * invented Count= line; an untyped entry's gres_conf_type is its line's
 * Type= (Gres= stays untyped); AutoDetect=off is written as the site
 * wrote it, with the lines beside it.
 */
Test(view, entries_without_a_line_line_types_and_autodetect_off)
{
	static const char inv[] =
		"cluster: {name: t, controller: ctl, defaults: slurm}\n"
		"node_types:\n"
		"  n: {cpus: 8, memory_mb: 1000, gpus: [\n"
		"    {count: 1, autodetect: \"off\", files: /dev/nvidia0, cores: \"0\"},\n"
		"    {count: 7, gres_conf: false}]}\n"
		"  o: {cpus: 8, memory_mb: 1000, gpus: {gres_conf_type: orin, count: 1,\n"
		"      files: /dev/dri/renderD128}}\n"
		"  q: {cpus: 8, memory_mb: 1000, gres: [{name: qpu, count: 2},\n"
		"      {name: qpu, count: 8, gres_conf: false}]}\n"
		"hosts:\n  - {names: ctl, roles: [controller]}\n"
		"  - {names: g1, type: n}\n  - {names: j1, type: o}\n  - {names: c6, type: q}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = valid_model(inv, &dl);
	char *cause = NULL;
	json_t *ctx, *l;

	ctx = view_gres_conf(m, &cause);
	cr_assert_not_null(ctx);
	/* g1: AutoDetect=off and its one line; j1: its line; c6: the qpu line */
	cr_assert_eq(json_array_size(json_object_get(ctx, "gres")), 4);
	l = line_at(ctx, "gres", 0);
	cr_assert_str_eq(field(l, "nodes"), "g1");
	cr_assert_str_eq(field(l, "autodetect"), "off");
	l = line_at(ctx, "gres", 1);
	cr_assert_str_eq(field(l, "file"), "/dev/nvidia0");
	l = line_at(ctx, "gres", 2);
	cr_assert_str_eq(field(l, "nodes"), "j1");
	cr_assert_str_eq(field(l, "type"), "orin");
	l = line_at(ctx, "gres", 3);
	cr_assert_str_eq(field(l, "nodes"), "c6");
	cr_assert_str_eq(field(l, "count"), "2");
	json_decref(ctx);
	ctx = slurm_ctx(m);
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 0), "gres"), "gpu:8");
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 1), "gres"), "gpu:1");
	cr_assert_str_eq(field(line_at(ctx, "node_lines", 2), "gres"), "qpu:10");
	json_decref(ctx);
	model_free(m);
	diag_release(&dl);
}

/*
 * A site's GresTypes is kept when no node carries its GRES (Slurm loads
 * the plugin all the same), merged with the names the node types need;
 * with defaults: slurm, AccountingStorageTRES gets no gres/gpu the site
 * did not list; SlurmctldPort may be a range.
 */
Test(view, site_gres_types_kept_no_tres_added_and_a_port_range)
{
	static const char *const rest =
		"hosts:\n  - {names: ctl, roles: [controller, dbd]}\n"
		"  - {names: n1, type: b}\n  - {names: g1, type: a}\n"
		"partitions:\n  - {name: p, nodes: ALL, default: true}\n";
	struct model *bare = model_of(", defaults: slurm, slurmctld_port: 6811-6818, "
				      "slurm_conf: {GresTypes: \"nic,gpu\"}", "hosts:\n"
				      "  - {names: ctl, roles: [controller, dbd]}\n"
				      "  - {names: n1, type: b}\n"
				      "partitions:\n  - {name: p, nodes: ALL, default: true}\n");
	struct model *gpus = model_of(", defaults: slurm, slurm_conf: {GresTypes: mps}", rest);
	json_t *a = slurm_ctx(bare), *b = slurm_ctx(gpus);

	cr_assert_str_eq(setting_of(a, "scheduling", "GresTypes"), "nic,gpu");
	cr_assert_null(setting_of(a, "site", "GresTypes"));
	cr_assert_str_eq(setting_of(a, "control", "SlurmctldPort"), "6811-6818");
	cr_assert_str_eq(setting_of(b, "scheduling", "GresTypes"), "mps,gpu");
	cr_assert_null(setting_of(b, "accounting", "AccountingStorageTRES"));
	json_decref(a);
	json_decref(b);
	model_free(bare);
	model_free(gpus);
}
