/*
 * capacity_test.c: scontrol show node/partition -o as captured from the
 * 22.05 lab (tests/unit/data/capacity/), the lines' pitfalls (OS= and
 * Reason= with blanks, Gres with sockets, typed and untyped, counts with
 * K), the model's side, every kind of loss folded by hostlist, and the
 * mismatches verify reports after apply.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "observe/capacity.h"
#include "base/diag.h"
#include "base/fileio.h"
#include "inventory/inventory.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "inventory/model.h"

static char *slurp(const char *name)
{
	char path[4096], *text;

	snprintf(path, sizeof(path), "tests/unit/data/capacity/%s", name);
	text = fileio_read(path, NULL, NULL);
	cr_assert_not_null(text, "cannot read '%s'", path);
	return text;
}

/* The lab's view on release rel ("2205"), read as observe reads it. */
static void lab_view(const char *rel, struct cap_view *v)
{
	char *nn = xasprintf("%s-node.out", rel), *pn = xasprintf("%s-partition.out", rel);
	char *n = slurp(nn), *p = slurp(pn);
	struct strbuf body = STRBUF_INIT;

	strbuf_addf(&body, "@@C node\n%s@@C part\n%s", n, p);
	memset(v, 0, sizeof(*v));
	capacity_parse(body.buf, v);
	strbuf_release(&body);
	free(n);
	free(p);
	free(nn);
	free(pn);
}

static void check_lab(const char *rel)
{
	struct cap_view v;

	lab_view(rel, &v);
	cr_assert(v.seen, "%s", v.error);
	cr_assert_eq(v.n_nodes, 1);
	cr_expect_str_eq(v.nodes[0].name, "gpu01");
	cr_expect_eq(v.nodes[0].cpus, 2);
	cr_expect_eq(v.nodes[0].memory_mb, 2000);
	cr_assert_eq(v.nodes[0].n_gres, 1);
	cr_expect_str_eq(v.nodes[0].gres[0].name, "gpu");
	cr_expect_str_eq(v.nodes[0].gres[0].type, "fake");
	cr_expect_eq(v.nodes[0].gres[0].count, 2);
	cr_assert_eq(v.nodes[0].n_features, 1);
	cr_expect_str_eq(v.nodes[0].features[0], "fake");
	cr_assert_eq(v.n_parts, 2);
	cr_expect_str_eq(v.parts[0].name, "gpu");
	cr_assert_eq(v.parts[0].n_nodes, 1);
	cr_expect_str_eq(v.parts[0].nodes[0], "gpu01");
	cr_expect_str_eq(v.parts[0].limits[0], "01:00:00");	/* DefaultTime */
	cr_expect_str_eq(v.parts[0].limits[1], "1-00:00:00");	/* MaxTime */
	cr_expect_null(v.parts[0].limits[2], "MaxNodes=UNLIMITED is no limit");
	cr_expect_null(v.parts[1].limits[0], "DefaultTime=NONE is no limit");
	capacity_view_release(&v);
}

Test(capacity, reads_the_2205_lab) { check_lab("2205"); }
Test(capacity, reads_the_2411_lab) { check_lab("2411"); }

Test(capacity, odd_lines)
{
	struct cap_view v = { 0 };
	char *cause = NULL;

	cr_assert_eq(capacity_parse_nodes(
		"No nodes in the system\n"
		"NodeName=a1 CPUTot=64 OS=Linux 6.1 #1 SMP RealMemory=512000 "
		"AvailableFeatures=ib,a100 Gres=gpu:a100:4(S:0-1),gpu:2,mps:400K,shard:8 "
		"Reason=down for CPUTot=1 [root@2026]\n"
		"NodeName=a2 CPUTot=8 RealMemory=1 Gres=(null) AvailableFeatures=(null)\n",
		&v, &cause), 0, "%s", cause);
	cr_assert_eq(v.n_nodes, 2);
	cr_expect_eq(v.nodes[0].cpus, 64, "Reason's CPUTot is no field");
	cr_expect_eq(v.nodes[0].memory_mb, 512000);
	cr_assert_eq(v.nodes[0].n_gres, 4);
	cr_expect_eq(v.nodes[0].gres[0].count, 4);
	cr_expect_null(v.nodes[0].gres[1].type);
	cr_expect_eq(v.nodes[0].gres[1].count, 2);
	cr_expect_eq(v.nodes[0].gres[2].count, 400 * 1024);
	cr_expect_str_eq(v.nodes[0].gres[3].name, "shard");
	cr_expect_eq(v.nodes[0].n_features, 2);
	cr_expect_eq(v.nodes[1].n_gres, 0);
	cr_expect_eq(v.nodes[1].n_features, 0);
	capacity_view_release(&v);

	cr_expect_eq(capacity_parse_nodes("NodeName=b CPUTot=lots RealMemory=1\n",
					  &v, &cause), -1);
	cr_expect_str_eq(cause, "scontrol show node: cannot read node 'b' "
			 "(CPUTot, RealMemory or Gres)");
	free(cause);
	capacity_view_release(&v);
}

Test(capacity, scontrol_that_does_not_answer)
{
	struct cap_view v = { 0 };

	capacity_parse("@@C error\nslurm_load_node error: Unable to contact "
		       "slurm controller (connect failure)\n", &v);
	cr_expect_not(v.seen);
	cr_expect_str_eq(v.error, "scontrol did not answer: slurm_load_node error: "
			 "Unable to contact slurm controller (connect failure)");
	capacity_view_release(&v);
}

static const char inv[] =
	"cluster: {name: lab, controller: ctl}\n"
	"node_types:\n"
	"  big: {cpus: 64, memory_mb: 512000, gpus: {type: a100, count: 4, autodetect: nvml}, features: [ib]}\n"
	"  small: {cpus: 32, memory_mb: 256000, gpus: {type: a100, count: 2, autodetect: nvml}}\n"
	"hosts:\n"
	"  - {names: ctl, roles: [controller]}\n"
	"  - {names: \"gpu[01-02]\", type: small}\n"
	"  - {names: \"gpu[03-04]\", type: big}\n"
	"partitions:\n"
	"  - {name: gpu, nodes: \"gpu[01-03]\", default: true, max_time: \"1-00:00:00\"}\n";

static struct model *load_inv(const char *src)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", src, strlen(src), &dl);

	cr_assert_not_null(m);
	validate_model(m, &dl);
	cr_assert_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	diag_release(&dl);
	return m;
}

static struct model *load(void)
{
	return load_inv(inv);
}

/* slurmctld before: every node a big one with 4 GPUs and ib, two partitions */
static const char nodes_before[] =
	"NodeName=gpu01 CPUTot=64 RealMemory=512000 AvailableFeatures=ib Gres=gpu:a100:4(S:0-1)\n"
	"NodeName=gpu02 CPUTot=64 RealMemory=512000 AvailableFeatures=ib Gres=gpu:a100:4(S:0-1)\n"
	"NodeName=gpu03 CPUTot=64 RealMemory=512000 AvailableFeatures=ib Gres=gpu:a100:4\n"
	"NodeName=gpu04 CPUTot=64 RealMemory=512000 AvailableFeatures=ib Gres=gpu:a100:4\n"
	"NodeName=gpu05 CPUTot=64 RealMemory=512000 AvailableFeatures=ib Gres=gpu:a100:4\n";
static const char parts_before[] =
	"PartitionName=gpu DefaultTime=01:00:00 MaxTime=1-00:00:00 MaxNodes=UNLIMITED Nodes=gpu[01-04]\n"
	"PartitionName=debug DefaultTime=NONE MaxTime=00:30:00 Nodes=gpu[01-02]\n";

Test(capacity, every_loss_named_and_folded)
{
	struct model *m = load();
	struct cap_view have = { 0 };
	char **l, *cause = NULL;
	size_t n;

	cr_assert_eq(capacity_parse_nodes(nodes_before, &have, &cause), 0);
	cr_assert_eq(capacity_parse_partitions(parts_before, &have, &cause), 0);
	have.seen = true;
	n = capacity_model_losses(m, &have, &l);
	for (size_t i = 0; i < n; i++)
		cr_log_info("%s", l[i]);
	cr_assert_eq(n, 8);
	cr_expect_str_eq(l[0], "node gpu05 removed");
	cr_expect_str_eq(l[1], "nodes gpu[01-02] lose 32 CPUs each (64 -> 32)");
	cr_expect_str_eq(l[2], "nodes gpu[01-02] lose 256000 MB of memory each "
			 "(RealMemory 512000 -> 256000)");
	cr_expect_str_eq(l[3], "removes 4 GPUs on gpu[01-02] (gpu:a100: 4 -> 2 each)");
	cr_expect_str_eq(l[4], "nodes gpu[01-02] lose feature 'ib'");
	cr_expect_str_eq(l[5], "partition gpu loses node gpu04");
	cr_expect_str_eq(l[6], "partition gpu loses DefaultTime (01:00:00)");
	cr_expect_str_eq(l[7], "partition debug removed");
	capacity_list_free(l, n);
	capacity_view_release(&have);
	model_free(m);
}

Test(capacity, nothing_lost_nothing_said)
{
	struct model *m = load();
	struct cap_view want, none = { 0 };
	char **l;

	capacity_from_model(m, &want);
	cr_expect_eq(capacity_losses(&want, &want, &l), 0);
	cr_expect_null(l);
	cr_expect_eq(capacity_model_losses(m, &none, &l), 0, "not seen: no claim");
	capacity_view_release(&want);
	model_free(m);
}

Test(capacity, verify_names_what_slurmctld_runs_otherwise)
{
	struct model *m = load();
	struct cap_view have = { 0 }, none = { 0 };
	char **l, *cause = NULL;
	size_t n;

	cr_assert_eq(capacity_parse_nodes(
		"NodeName=gpu01 CPUTot=1 RealMemory=1 AvailableFeatures=(null) Gres=(null)\n"
		"NodeName=gpu02 CPUTot=1 RealMemory=1 AvailableFeatures=(null) Gres=(null)\n"
		"NodeName=gpu03 CPUTot=64 RealMemory=512000 AvailableFeatures=ib Gres=gpu:a100:4\n",
		&have, &cause), 0);
	have.seen = true;
	n = capacity_model_mismatches(m, &have, true, &l);
	for (size_t i = 0; i < n; i++)
		cr_log_info("%s", l[i]);
	cr_assert_eq(n, 4);
	cr_expect_str_eq(l[0], "gpu04: not in slurmctld's view");
	cr_expect_str_eq(l[1], "gpu[01-02]: slurmctld has CPUs=1, the inventory says 32");
	cr_expect_str_eq(l[2], "gpu[01-02]: slurmctld has RealMemory=1, the inventory says 256000");
	cr_expect_str_eq(l[3], "gpu[01-02]: slurmctld has 0 gpu:a100, the inventory says 2");
	capacity_list_free(l, n);

	none.error = xstrdup("scontrol did not answer");
	cr_assert_eq(capacity_model_mismatches(m, &none, true, &l), 1);
	cr_expect_str_eq(l[0], "slurmctld's view could not be read: scontrol did not answer");
	capacity_list_free(l, 1);
	cr_expect_eq(capacity_model_mismatches(m, &none, false, &l), 0,
		     "not seen before apply either: no claim");
	capacity_view_release(&none);
	capacity_view_release(&have);
	model_free(m);
}

/* a limit that stays but is lowered is named; the same limit in another
 * form (minutes, h:m:s, UNLIMITED) is not */
Test(capacity, lowered_limits_named_other_forms_not)
{
	static const char parts[] =
		"PartitionName=gpu DefaultTime=60 MaxTime=2-00:00:00 Nodes=gpu[01-03]\n";
	static const char parts_same[] =
		"PartitionName=gpu DefaultTime=NONE MaxTime=24:00:00 Nodes=gpu[01-03]\n";
	struct model *m = load();
	struct cap_view have = { 0 }, same = { 0 };
	char **l, *cause = NULL;
	size_t n;

	cr_assert_eq(capacity_parse_nodes(nodes_before, &have, &cause), 0);
	cr_assert_eq(capacity_parse_partitions(parts, &have, &cause), 0);
	have.seen = true;
	n = capacity_model_losses(m, &have, &l);
	for (size_t i = 0; i < n; i++)
		cr_log_info("%s", l[i]);
	cr_assert_geq(n, 2);
	cr_expect_str_eq(l[n - 2], "partition gpu loses DefaultTime (60)");
	cr_expect_str_eq(l[n - 1], "partition gpu lowers MaxTime (2-00:00:00 -> 1-00:00:00)");
	capacity_list_free(l, n);

	cr_assert_eq(capacity_parse_nodes(nodes_before, &same, &cause), 0);
	cr_assert_eq(capacity_parse_partitions(parts_same, &same, &cause), 0);
	same.seen = true;
	n = capacity_model_losses(m, &same, &l);
	for (size_t i = 0; i < n; i++)
		cr_expect_null(strstr(l[i], "MaxTime"), "%s", l[i]);
	capacity_list_free(l, n);
	capacity_view_release(&have);
	capacity_view_release(&same);
	model_free(m);
}

/*
 * What the guard counts of a node comes from the node type's modelled
 * keys only: Gres=, Features= and Feature= given through a node type's or
 * a host's extra: are refused by validate, so no inventory the plan runs
 * on has GPUs or features the guard would miss.
 */
Test(capacity, node_gres_and_features_never_come_through_extra)
{
	static const char *const bad[] = {
		"    extra: {Gres: \"gpu:a100:4\"}\n",
		"    extra: {features: ib}\n",
		"    extra: {Feature: ib}\n",
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char *text = xasprintf("cluster: {name: lab, controller: ctl, slurm_version: \"24.11\"}\n"
				       "node_types:\n  big:\n    cpus: 64\n    memory_mb: 1000\n%s"
				       "hosts:\n  - {names: ctl, roles: [controller]}\n"
				       "  - {names: gpu01, type: big}\n"
				       "  - {names: gpu02, type: big, extra: {Gres: \"gpu:2\"}}\n"
				       "partitions:\n  - {name: p, nodes: \"gpu[01-02]\", default: true}\n",
				       bad[i]);
		struct diag_list dl = DIAG_LIST_INIT;
		struct model *m = inventory_load_string("t.yaml", text, strlen(text), &dl);

		cr_assert_not_null(m);
		validate_model(m, &dl);
		cr_expect_eq(diag_errors(&dl), 2, "%s", text);
		for (size_t k = 0; k < dl.n; k++)
			cr_expect_not_null(strstr(dl.items[k].msg, "is modelled by the inventory"),
					   "%s", dl.items[k].msg);
		diag_release(&dl);
		model_free(m);
		free(text);
	}
}

/* The losses of model m against slurmctld showing gpu[01-02] and partition line part. */
static size_t extra_losses(const struct model *m, const char *part, char ***l)
{
	struct cap_view have = { 0 };
	char *cause = NULL;
	size_t n;

	cr_assert_eq(capacity_parse_nodes(
		"NodeName=gpu01 CPUTot=64 RealMemory=512000 AvailableFeatures=(null) Gres=(null)\n"
		"NodeName=gpu02 CPUTot=64 RealMemory=512000 AvailableFeatures=(null) Gres=(null)\n",
		&have, &cause), 0);
	cr_assert_eq(capacity_parse_partitions(part, &have, &cause), 0);
	have.seen = true;
	n = capacity_model_losses(m, &have, l);
	for (size_t i = 0; i < n; i++)
		cr_log_info("%s", (*l)[i]);
	capacity_view_release(&have);
	return n;
}

/* A partition's limits given through its extra: count as the modelled ones do. */
Test(capacity, partition_limits_through_extra_count)
{
	static const char text[] =
		"cluster: {name: lab, controller: ctl, slurm_conf: {DefMemPerCPU: 2000}}\n"
		"node_types:\n  big: {cpus: 64, memory_mb: 512000}\n"
		"hosts:\n  - {names: ctl, roles: [controller]}\n"
		"  - {names: \"gpu[01-02]\", type: big}\n"
		"partitions:\n"
		"  - {name: gpu, nodes: \"gpu[01-02]\", default: true, extra: {MaxCPUsPerNode: 32, "
		"GraceTime: 60, MaxMemPerNode: 100000}}\n";
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", text, strlen(text), &dl);
	char **l;
	size_t n;

	cr_assert_not_null(m);
	validate_model(m, &dl);
	cr_assert_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	n = extra_losses(m, "PartitionName=gpu MaxCPUsPerNode=32 GraceTime=60 DefMemPerCPU=2000 "
			 "MaxMemPerNode=100000 Nodes=gpu[01-02]\n", &l);
	cr_expect_eq(n, 0, "the same limits through extra: no loss");
	capacity_list_free(l, n);
	/* and one the inventory lowers through extra is a loss */
	n = extra_losses(m, "PartitionName=gpu MaxCPUsPerNode=48 GraceTime=60 DefMemPerCPU=2000 "
			 "MaxMemPerNode=100000 Nodes=gpu[01-02]\n", &l);
	cr_assert_eq(n, 1);
	cr_expect_str_eq(l[0], "partition gpu lowers MaxCPUsPerNode (48 -> 32)");
	capacity_list_free(l, n);
	diag_release(&dl);
	model_free(m);
}

/*
 * GRES other than GPUs are capacity too: shards and a site's GRES lost are
 * named; shards count by name, typed (after slurmd registers) or not
 */
Test(capacity, other_gres_lost_named)
{
	static const char shard_inv[] =
		"cluster: {name: lab, controller: ctl}\n"
		"node_types:\n"
		"  s: {cpus: 2, memory_mb: 2000, gpus: {type: fake, count: 2, files: \"/dev/tty[1-2]\"},\n"
		"      gres: [{name: shard, count: 8, files: \"/dev/tty[1-2]\"},\n"
		"             {name: bandwidth, count: 100, flags: CountOnly}]}\n"
		"hosts:\n  - {names: ctl, roles: [controller]}\n  - {names: \"gpu[01-02]\", type: s}\n"
		"partitions:\n  - {name: gpu, nodes: \"gpu[01-02]\", default: true}\n";
	struct model *m = load_inv(shard_inv);
	struct cap_view have = { 0 };
	char **l, *cause = NULL;
	size_t n;

	cr_assert_eq(capacity_parse_nodes(
		"NodeName=gpu01 CPUTot=2 RealMemory=2000 AvailableFeatures=(null) "
		"Gres=gpu:fake:2(S:0),shard:fake:32,bandwidth:100\n"
		"NodeName=gpu02 CPUTot=2 RealMemory=2000 AvailableFeatures=(null) "
		"Gres=gpu:fake:2(S:0),shard:8,bandwidth:200\n", &have, &cause), 0);
	cr_assert_eq(capacity_parse_partitions("PartitionName=gpu Nodes=gpu[01-02]\n",
					       &have, &cause), 0);
	have.seen = true;
	n = capacity_model_losses(m, &have, &l);
	for (size_t i = 0; i < n; i++)
		cr_log_info("%s", l[i]);
	cr_assert_eq(n, 2);
	cr_expect_str_eq(l[0], "removes 100 gres bandwidth on gpu02 (200 -> 100)");
	cr_expect_str_eq(l[1], "removes 24 gres shard on gpu01 (32 -> 8)");
	capacity_list_free(l, n);
	capacity_view_release(&have);
	/* after apply: before and after the nodes register, the same shards */
	cr_assert_eq(capacity_parse_nodes(
		"NodeName=gpu01 CPUTot=2 RealMemory=2000 AvailableFeatures=(null) "
		"Gres=gpu:fake:2,shard:8,bandwidth:100\n"
		"NodeName=gpu02 CPUTot=2 RealMemory=2000 AvailableFeatures=(null) "
		"Gres=gpu:fake:2(S:0),shard:fake:8(S:0),bandwidth:100\n", &have, &cause), 0);
	have.seen = true;
	n = capacity_model_mismatches(m, &have, true, &l);
	cr_expect_eq(n, 0, "%s", n ? l[0] : "");
	capacity_list_free(l, n);
	capacity_view_release(&have);
	model_free(m);
}
