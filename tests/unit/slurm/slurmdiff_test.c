/*
 * slurmdiff_test.c: the settings that change between two versions of a
 * Slurm config, by meaning (slurmdiff.h), and the restart classification
 * that follows them (plan_classify_settings). Changes of form only
 * (comments, refolded lines, key case, blanks around '=', a gres.conf line
 * per GPU against one range line, DEFAULT lines against expanded nodes)
 * give no setting and need nothing; real changes are named, nodes folded.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "decide/plan.h"
#include "slurm/slurmdiff.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "decide/plan_classify.h"

#define SLURM "/etc/slurm/slurm.conf"
#define GRES "/etc/slurm/gres.conf"
#define DBD "/etc/slurm/slurmdbd.conf"
#define CGROUP "/etc/slurm/cgroup.conf"

/* d's items as people read them, one a line (d released). */
static char *items_text(struct slurmdiff *d)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < d->n; i++) {
		char *t = slurmdiff_item_text(&d->v[i]);

		strbuf_addf(&sb, "%s\n", t);
		free(t);
	}
	slurmdiff_release(d);
	return strbuf_detach(&sb, NULL);
}

/* The settings that change, one a line; NULL when a side does not read. */
static char *settings(const char *path, const char *a, const char *b)
{
	struct slurmdiff d = { 0 };
	char *cause = NULL;

	if (slurmdiff_compute(path, a, strlen(a), b, strlen(b), NULL, NULL, &d, &cause) < 0) {
		cr_log_info("%s", cause);
		free(cause);
		slurmdiff_release(&d);
		return NULL;
	}
	return items_text(&d);
}

static void expect_settings(const char *path, const char *a, const char *b,
			    const char *want)
{
	char *got = settings(path, a, b);

	cr_assert_not_null(got, "%s does not read", path);
	cr_expect_str_eq(got, want);
	free(got);
}

static const char site_conf[] =
	"ClusterName=lab\n"
	"SlurmctldHost=ctl(10.0.0.1)\n"
	"SchedulerType=sched/backfill\n"
	"NodeName=gpu[01-02] CPUs=8 RealMemory=64000 Gres=gpu:a100:2 Features=a100,ib\n"
	"NodeName=cpu01 CPUs=4 RealMemory=8000\n"
	"PartitionName=long Nodes=gpu[01-02] DefaultTime=01:00:00 MaxTime=INFINITE\n";

Test(slurmdiff, comments_key_case_and_blanks_are_formatting_only)
{
	expect_settings(SLURM, site_conf,
			"# the lab cluster\n"
			"clustername = LAB   # slurmctld lowercases it\n"
			"SLURMCTLDHOST=ctl(10.0.0.1)\n"
			"\n"
			"schedulertype= sched/backfill\n"
			"NodeName=gpu[01-02] cpus=8 realmemory =64000 gres=gpu:a100:2 "
			"features=ib,a100\n"
			"nodename=cpu01 CPUs=4 RealMemory=8000\n"
			"partitionname=long nodes=gpu01,gpu02 DefaultTime=01:00:00 "
			"MaxTime=INFINITE\n",
			"");
}

Test(slurmdiff, refolded_lines_and_old_names_are_formatting_only)
{
	expect_settings(SLURM, site_conf,
			"ClusterName=lab\n"
			"ControlMachine=ctl\n"
			"ControlAddr=10.0.0.1\n"
			"SchedulerType=sched/backfill\n"
			"NodeName=gpu[01-02] CPUs=8 \\\n"
			"    RealMemory=64000 Gres=gpu:a100:2 \\\n"
			"    Feature=a100,ib\n"
			"NodeName=cpu01 Procs=4 RealMemory=8000\n"
			"PartitionName=long Nodes=gpu[01-02] DefaultTime=01:00:00 \\\n"
			"  MaxTime=INFINITE\n",
			"");
}

Test(slurmdiff, default_lines_against_expanded_nodes_are_formatting_only)
{
	expect_settings(SLURM, site_conf,
			"ClusterName=lab\n"
			"SlurmctldHost=ctl(10.0.0.1)\n"
			"SchedulerType=sched/backfill\n"
			"NodeName=DEFAULT CPUs=4 RealMemory=8000\n"
			"NodeName=cpu01\n"
			"NodeName=DEFAULT CPUs=8 RealMemory=64000 Gres=gpu:a100:2 "
			"Features=a100,ib\n"
			"NodeName=gpu01\n"
			"NodeName=gpu02\n"
			"PartitionName=DEFAULT DefaultTime=01:00:00 MaxTime=INFINITE\n"
			"PartitionName=long Nodes=gpu[01-02]\n",
			"");
}

Test(slurmdiff, real_changes_are_named_and_nodes_folded)
{
	expect_settings(SLURM, site_conf,
			"ClusterName=lab\n"
			"SlurmctldHost=ctl(10.0.0.1)\n"
			"SchedulerType=sched/backfill\n"
			"SchedulerParameters=bf_continue\n"
			"NodeName=gpu[01-02] CPUs=8 RealMemory=64000 Features=a100,ib\n"
			"NodeName=cpu01 CPUs=4 RealMemory=16000\n"
			"PartitionName=long Nodes=gpu[01-02] MaxTime=INFINITE\n",
			"SchedulerParameters: (none) -> bf_continue\n"
			"gpu[01-02]: Gres gpu:a100:2 -> (none)\n"
			"cpu01: RealMemory 8000 -> 16000\n"
			"partition long: DefaultTime 01:00:00 -> (none)\n");
}

Test(slurmdiff, a_partition_gaining_a_node_is_named_with_its_nodes)
{
	expect_settings(SLURM, site_conf,
			"ClusterName=lab\n"
			"SlurmctldHost=ctl(10.0.0.1)\n"
			"SchedulerType=sched/backfill\n"
			"NodeName=gpu[01-02] CPUs=8 RealMemory=64000 Gres=gpu:a100:2 "
			"Features=a100,ib\n"
			"NodeName=cpu01 CPUs=4 RealMemory=8000\n"
			"PartitionName=long Nodes=ALL DefaultTime=01:00:00 MaxTime=INFINITE\n",
			"partition long: Nodes gpu[01-02] -> cpu01,gpu[01-02]\n");
}

Test(slurmdiff, a_default_written_out_is_no_change)
{
	expect_settings(SLURM, site_conf,
			"AuthType=auth/munge\nSlurmctldPort=6817\n" /* Slurm's defaults */
			"ClusterName=lab\n"
			"SlurmctldHost=ctl(10.0.0.1)\n"
			"NodeName=gpu[01-02] CPUs=8 RealMemory=64000 Gres=gpu:a100:2 "
			"Features=a100,ib\n"
			"NodeName=cpu01 CPUs=4 RealMemory=8000\n"
			"PartitionName=long Nodes=gpu[01-02] DefaultTime=01:00:00 "
			"MaxTime=INFINITE State=UP Default=NO\n",
			"");
	expect_settings(GRES, "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n",
			"AutoDetect=off\n" "NodeName=gpu[01-02] Name=gpu "
			"Type=a100 File=/dev/nvidia[0-1] AutoDetect=off\n", "");
}

/* Slurm's boolean words say the same; only the last Default=YES makes the default */
Test(slurmdiff, booleans_and_the_default_partition_by_meaning)
{
	static const char one[] = "SlurmctldHost=h\nNodeName=n1\n"
				  "PartitionName=a Nodes=n1 Default=YES Hidden=NO\n"
				  "PartitionName=b Nodes=n1\n";

	expect_settings(SLURM, one,
			"SlurmctldHost=h\nNodeName=n1\n"
			"PartitionName=a Nodes=n1 Default=yes Hidden=false\n"
			"PartitionName=b Nodes=n1 Default=0\n", "");
	/* slurmctld: "changing default partition from b to a" */
	expect_settings(SLURM, one,
			"SlurmctldHost=h\nNodeName=n1\n"
			"PartitionName=b Nodes=n1 Default=YES\n"
			"PartitionName=a Nodes=n1 Default=YES\n", "");
	expect_settings(SLURM, one,
			"SlurmctldHost=h\nNodeName=n1\nPartitionName=a Nodes=n1 Default=YES\n"
			"PartitionName=b Nodes=n1 Default=YES\n",
			"partition a: Default YES -> (none)\npartition b: Default (none) -> YES\n");
}

Test(slurmdiff, include_lines_are_settings)
{
	expect_settings(SLURM, "ClusterName=lab\n",
			"ClusterName=lab\ninclude /etc/slurm/site.conf\n",
			"Include: (none) -> /etc/slurm/site.conf\n");
}

static const char gres_range[] =
	"NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n";

Test(slurmdiff, a_gres_line_per_gpu_is_formatting_only)
{
	expect_settings(GRES, gres_range,
			"# one line per device, as sites write it\n"
			"NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia0\n"
			"nodename=gpu01,gpu02 name=gpu type=a100 file = /dev/nvidia1\n",
			"");
	expect_settings(GRES, gres_range,
			"NodeName=gpu01 Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
			"NodeName=gpu02 Name=gpu Type=a100 File=/dev/nvidia[0-1]\n",
			"");
}

Test(slurmdiff, gres_changes_are_named_per_node_and_type)
{
	expect_settings(GRES, gres_range,
			"AutoDetect=nvml\n"
			"NodeName=gpu01 Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
			"NodeName=gpu02 Name=gpu Type=a100 File=/dev/nvidia0\n",
			"AutoDetect: (none) -> nvml\n"
			"gpu02: gpu:a100 Count=2 File=/dev/nvidia[0-1] -> Count=1 "
			"File=/dev/nvidia0\n");
	expect_settings(GRES, gres_range, "",
			"gpu[01-02]: gpu:a100 Count=2 File=/dev/nvidia[0-1] -> (none)\n");
}

Test(slurmdiff, secrets_are_named_never_shown)
{
	char *got = settings(DBD, "StorageUser=slurm\nStoragePass=old-SECRET\n",
			     "storageuser = slurm\nStoragePass=new-SECRET\nPurgeJobAfter=12\n");

	cr_assert_not_null(got);
	cr_expect_str_eq(got, "PurgeJobAfter: (none) -> 12\nStoragePass changed\n");
	cr_expect_null(strstr(got, "SECRET"));
	free(got);
}

Test(slurmdiff, a_side_that_does_not_read_is_an_error)
{
	struct slurmdiff d = { 0 };
	char *cause = NULL;

	cr_expect_eq(slurmdiff_compute(SLURM, "A=1\n", 4, "NodeName=x CPUs\n", 16, NULL, NULL,
				       &d, &cause),
		     -1);
	cr_expect_not_null(cause);
	cr_expect_not_null(strstr(cause, "new: " SLURM ":1:"), "%s", cause);
	free(cause);
	slurmdiff_release(&d);
}

/* ---- the classification follows the settings ---- */

static unsigned classify(const char *path, const char *a, const char *b, bool reexec,
			 char **why, char **set)
{
	return plan_classify_settings(path, a, strlen(a), b, strlen(b), reexec, NULL, NULL, NULL,
				      0, why, set);
}

Test(slurmdiff, formatting_only_needs_nothing)
{
	char *why = NULL, *set = NULL;

	cr_expect_eq(classify(SLURM, site_conf,
			      "# comment\nNodeName=DEFAULT CPUs=8 RealMemory=64000\n"
			      "clustername=lab\nslurmctldhost=ctl(10.0.0.1)\n"
			      "SchedulerType = sched/backfill\n"
			      "NodeName=gpu[01-02] Gres=gpu:a100:2 Features=a100,ib\n"
			      "NodeName=cpu01 CPUs=4 RealMemory=8000\n"
			      "PartitionName=long Nodes=gpu[01-02] DefaultTime=01:00:00 "
			      "MaxTime=INFINITE\n", false, &why, &set), 0);
	cr_expect_null(why);
	cr_assert_not_null(set);
	cr_expect_str_eq(set, "");
	free(set);
	cr_expect_eq(classify(GRES, gres_range,
			      "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia0\n"
			      "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia1\n",
			      false, &why, &set), 0);
	cr_expect_str_eq(set, "");
	free(set);
	cr_expect_eq(classify(DBD, "StorageUser=slurm\n", "# x\nstorageuser=slurm\n", false,
			      &why, &set), 0);
	free(set);
	cr_expect_eq(classify(CGROUP, "ConstrainCores=yes\n", "constraincores = yes\n",
			      false, &why, &set), 0);
	free(set);
}

Test(slurmdiff, real_changes_classify_by_their_keys)
{
	char *why = NULL, *set = NULL;

	/* a node's setting: both daemons restart, on every release */
	cr_expect_eq(classify(SLURM, "NodeName=DEFAULT CPUs=8\nNodeName=n1\n",
			      "NodeName=n1 CPUs=4\n", true, &why, &set),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_str_eq(why, "slurm.conf: NodeName");
	cr_expect_str_eq(set, "n1: CPUs 8 -> 4\n");
	free(why);
	free(set);
	/* a partition's: a reconfigure */
	cr_expect_eq(classify(SLURM, "PartitionName=DEFAULT MaxTime=1\nPartitionName=p\n",
			      "PartitionName=p MaxTime=2\n", false, &why, &set),
		     RESTART_RECONFIGURE);
	cr_expect_null(why);
	free(set);
	/* a key of the restart table, as the table says per release */
	cr_expect_eq(classify(SLURM, "SelectType=select/linear\n",
			      "selecttype = select/cons_tres\n", false, &why, NULL),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_str_eq(why, "slurm.conf: SelectType");
	free(why);
	cr_expect_eq(classify(SLURM, "SelectType=select/linear\n",
			      "selecttype = select/cons_tres\n", true, &why, NULL),
		     RESTART_RECONFIGURE);
	cr_expect_eq(classify(GRES, gres_range, "NodeName=gpu[01-02] Name=gpu Type=a100 "
			      "File=/dev/nvidia0\n", false, &why, &set),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_str_eq(why, "gres.conf: gres");
	free(why);
	free(set);
	cr_expect_eq(classify(DBD, "StoragePass=a\n", "StoragePass=b\n", false, &why, &set),
		     RESTART_DBD);
	cr_expect_str_eq(set, "StoragePass changed\n");
	free(why);
	free(set);
}

Test(slurmdiff, a_side_that_does_not_read_is_classified_by_lines)
{
	char *why = NULL, *set = NULL;

	cr_expect_eq(classify(SLURM, "NodeName=n1 CPUs=4\n", "NodeName=n1 CPUs\n", false,
			      &why, &set), RESTART_CTLD | RESTART_SLURMD);
	cr_expect_null(set);
	free(why);
}

/*
 * GRES other than GPUs are facts and changes like theirs: a shard count
 * lost is named per node and restarts both daemons, as a GPU change does;
 * the same shards written per device are formatting only.
 */
Test(slurmdiff, other_gres_are_named_and_restart_as_gpus_do)
{
	static const char shards[] =
		"NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
		"NodeName=gpu[01-02] Name=shard Count=16 File=/dev/nvidia[0-1]\n"
		"NodeName=gpu[01-02] Name=bandwidth Count=4000 Flags=CountOnly\n";
	char *why = NULL, *set = NULL;

	expect_settings(GRES, shards,
			"NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
			"NodeName=gpu[01-02] Name=shard Count=8 File=/dev/nvidia0\n"
			"NodeName=gpu[01-02] Name=shard Count=8 File=/dev/nvidia1\n"
			"NodeName=gpu[01-02] Name=bandwidth Count=4000 Flags=CountOnly\n", "");
	expect_settings(GRES, shards,
			"NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
			"NodeName=gpu01 Name=shard Count=16 File=/dev/nvidia[0-1]\n"
			"NodeName=gpu02 Name=shard Count=8 File=/dev/nvidia[0-1]\n"
			"NodeName=gpu[01-02] Name=bandwidth Count=4000 Flags=CountOnly\n",
			"gpu02: shard Count=16 File=/dev/nvidia[0-1] -> Count=8 "
			"File=/dev/nvidia[0-1]\n");
	cr_expect_eq(classify(GRES, shards, "NodeName=gpu[01-02] Name=gpu Type=a100 "
			      "File=/dev/nvidia[0-1]\n", false, &why, &set),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_str_eq(why, "gres.conf: gres");
	cr_expect_str_eq(set, "gpu[01-02]: bandwidth Count=4000 Flags=CountOnly -> (none)\n"
			 "gpu[01-02]: shard Count=16 File=/dev/nvidia[0-1] -> (none)\n");
	free(why);
	free(set);
	cr_expect_eq(classify(SLURM, "GresTypes=gpu,shard\nNodeName=n1 Gres=gpu:2,shard:16\n",
			      "GresTypes=gpu,shard\nNodeName=n1 Gres=gpu:2,shard:8\n", true,
			      &why, &set),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_str_eq(why, "slurm.conf: NodeName");
	cr_expect_str_eq(set, "n1: Gres gpu:2,shard:16 -> gpu:2,shard:8\n");
	free(why);
	free(set);
}

/* The settings of gres.conf a -> b as the readers' slurmd make them out. */
static char *gres_settings(const char *a, const char *b,
			   const struct slurmdiff_reader *r, size_t n)
{
	struct slurmdiff d = { 0 };
	char *cause = NULL;

	cr_assert_eq(slurmdiff_compute_gres(GRES, a, strlen(a), b, strlen(b), NULL, NULL, r, n,
					    &d, &cause), 0, "%s", cause ? cause : "");
	return items_text(&d);
}

static void expect_gres(const char *a, const char *b, const struct slurmdiff_reader *r,
			size_t n, const char *want)
{
	char *got = gres_settings(a, b, r, n);

	cr_expect_str_eq(got, want);
	free(got);
}

/*
 * issue 30: an imported site's gres.conf against its render. Lines
 * without NodeName= (a per-node file, or one for every node) are each
 * reader's, the render's NodeName= lines the same devices; a global
 * AutoDetect is each node's; AutoDetect=off is none; a Count= line is
 * what Gres= alone counts; a line for another node is no reader's.
 */
Test(slurmdiff, gres_conf_by_what_each_slurmd_makes_of_it)
{
	static const struct slurmdiff_reader one[] = { { "gpu01", "gpu:a100:2" } };
	static const struct slurmdiff_reader both[] = { { "gpu01", "gpu:a100:2" },
						       { "gpu02", "gpu:a100:2" },
						       { "cpu01", "" } };
	static const char site[] =
		"AutoDetect=off\n"
		"Name=gpu Type=a100 File=/dev/nvidia0\n"
		"Name=gpu Type=a100 File=/dev/nvidia1\n";
	static const char render[] =
		"NodeName=gpu[01-02] AutoDetect=off\n"
		"NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n";
	char *got;

	expect_gres(site, render, one, 1, "");
	expect_gres(site, render, both, 3, "");
	/* line by line (no readers), the same files differ: every node against two */
	got = settings(GRES, site, render);
	cr_expect_str_neq(got, "");
	free(got);
	/* AutoDetect: global and per node say the same; off and none too */
	expect_gres("AutoDetect=nvml\nName=gpu Type=a100 File=/dev/nvidia[0-1]\n",
		    "NodeName=gpu01 AutoDetect=nvml\n"
		    "NodeName=gpu01 Name=gpu Type=a100 File=/dev/nvidia0\n"
		    "NodeName=gpu01 Name=gpu Type=a100 File=/dev/nvidia1\n", one, 1, "");
	expect_gres("NodeName=gpu01 Name=gpu Type=a100 File=/dev/nvidia[0-1]\n",
		    "AutoDetect=off\nNodeName=gpu01 Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
		    "NodeName=other Name=gpu Type=a100 File=/dev/nvidia9\n", one, 1, "");
	/* a typed line under an untyped Gres= is untyped to slurmd; a Count= line is none */
	expect_gres("Name=gpu Type=orin File=/dev/dri/renderD128\nName=qpu Count=2\n",
		    "NodeName=j1 Name=gpu File=/dev/dri/renderD128\n",
		    (const struct slurmdiff_reader[]){ { "j1", "gpu:1" } }, 1, "");
	/* what does change is named per node */
	expect_gres(render, "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
		    "NodeName=gpu[01-02] AutoDetect=nvml\n", both, 3,
		    "gpu[01-02]: AutoDetect (none) -> nvml\n");
	expect_gres(render, "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia[2-3]\n",
		    both, 3, "gpu[01-02]: gpu:a100 Count=2 File=/dev/nvidia[0-1] -> "
		    "Count=2 File=/dev/nvidia[2-3]\n");
}
