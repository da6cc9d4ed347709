/*
 * import_test.c: the import modules without files or daemons: YAML
 * scalars that read back the same, slurm.conf/gres.conf words, the
 * sacctmgr dump reader and the accounting emitter (defaults left out,
 * the tree nested, per-account user differences written as association entries),
 * and import nodes of a small slurm.conf (node types, folded hosts,
 * slurm_conf keys, what has no key). Every YAML produced is loaded and
 * validated back.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "import/acct_import.h"
#include "acct/read/acct_showqos.h"
#include "acct/rows/acct_state.h"
#include "base/fileio.h"
#include "import/import_nodes.h"
#include "inventory/inventory.h"
#include "slurm/slurmconf.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_value.h"
#include "import/import_files.h"

static const char *const base_inventory =
	"cluster: {name: t, controller: h, accounting_host: h}\n"
	"hosts:\n  - {names: h, roles: [controller, dbd]}\n"
	"  - {names: \"n[1-2]\", type: s}\n"
	"node_types:\n  s: {cpus: 4, memory: 8G, gpus: {type: a100, count: 2, files: \"/dev/nvidia[0-1]\"}}\n"
	"partitions:\n  - {name: main, nodes: \"n[1-2]\", default: true}\n";

/* Loads text (a whole inventory) and returns the number of validate errors. */
static size_t errors_of(const char *text)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", text, strlen(text), &dl);
	size_t n;

	cr_assert_not_null(m, "%s", text);
	validate_model(m, &dl);
	n = diag_errors(&dl);
	/* the errors, for a failing expectation's reader (a warning fails no run) */
	for (size_t i = 0; i < dl.n; i++) {
		char *s = dl.items[i].level == DIAG_ERROR ? diag_format(&dl.items[i]) : NULL;

		if (s)
			cr_log_info("%s", s);
		free(s);
	}
	model_free(m);
	diag_release(&dl);
	return n;
}

#define FAIRSHARE_PARENT "2147483647"

Test(import, yaml_scalars_quote_only_when_needed)
{
	static const char *const in[][2] = {
		{ "physics", "physics" }, { "high energy physics", "high energy physics" },
		{ "no", "\"no\"" }, { "Null", "\"Null\"" }, { "", "\"\"" },
		{ "a:b", "\"a:b\"" }, { "-x", "\"-x\"" }, { "say \"hi\"", "\"say \\\"hi\\\"\"" },
		{ "#c", "\"#c\"" }, { "task/cgroup,task/affinity", "\"task/cgroup,task/affinity\"" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(in); i++) {
		struct strbuf sb = STRBUF_INIT;

		yamlout_scalar(&sb, in[i][0]);
		cr_expect_str_eq(sb.buf, in[i][1]);
		strbuf_release(&sb);
	}
}

Test(import, slurmconf_words_comments_and_site_section)
{
	static const char text[] =
		"ClusterName=c # comment\n"
		"SlurmctldParameters=enable_configless,idle_on_node_suspend\n"
		"NodeName=n[1-2] CPUs=4 Feature=\"a b\" # x\n"
		"# ---- site settings (inventory cluster.slurm_conf) ---\n"
		"MpiDefault=none\n";
	struct slurmconf c = { 0 };
	char *cause = NULL;

	cr_assert_eq(slurmconf_parse("s.conf", text, sizeof(text) - 1, false, &c, &cause), 0);
	cr_assert_eq(c.n, 4);
	cr_expect_str_eq(c.lines[0].kv[0].value, "c");
	cr_expect_eq(c.lines[2].n, 3);
	cr_expect_str_eq(slurmconf_get(&c.lines[2], "feature"), "a b");
	cr_expect_not(c.lines[2].site);
	cr_expect(c.lines[3].site);
	cr_expect_eq(c.lines[3].lineno, 5);
	slurmconf_release(&c);
	cr_expect_eq(slurmconf_parse("s.conf", "A=1\nnot one\n", 11, false, &c, &cause), -1);
	cr_expect_str_eq(cause, "s.conf:2: not a Key=Value line: 'not one'");
	free(cause);
}

static const char dump[] =
	"Cluster - 't':Fairshare=1:QOS='normal'\n"
	"Parent - 'root'\n"
	"User - 'root':DefaultAccount='root':AdminLevel='Administrator':Fairshare=1\n"
	"Account - 'sci':Description='science':Organization='campus':Fairshare=1\n"
	"Parent - 'sci'\n"
	"Account - 'phys':Description='phys':Organization='sci':Fairshare=2147483647:"
	"GrpTRES=gres/gpu:a100=4,mem=20480:MaxWallDurationPerJob=2880\n"
	"Account - 'chem':Description='chem':Organization='sci':Fairshare=1\n"
	"Parent - 'phys'\n"
	"User - 'ann':DefaultAccount='chem':AdminLevel='Operator':Coordinator='phys':"
	"Fairshare=2:QOS='gpu,normal':DefaultQOS='normal'\n"
	"Parent - 'chem'\n"
	"User - 'ann':Fairshare=2:QOS='gpu,normal':DefaultQOS='normal'\n";

Test(import, dump_becomes_human_yaml_that_validates)
{
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL, *inv;
	int rc = acct_import_dump("d.cfg", dump, sizeof(dump) - 1, &out, &problems, &cause);

	/* a dump without QOS lines: the QoS are named, their limits missing */
	cr_assert_eq(rc, 1, "%s%s", cause ? cause : "", problems.buf);
	cr_expect_str_eq(problems.buf, "QoS 'gpu', 'normal': the sacctmgr dump holds their names "
			 "only; their limits (priority, preempt, GPU and job limits, usage "
			 "factor, flags) are not imported: give them with --qos FILE ('sacctmgr "
			 "-P show qos' output), or import from the database\n");
	cr_expect(strstr(out.buf, "  - name: sci\n    description: science\n"
			 "    organization: campus\n    children:\n"
			 "      - name: phys\n        fairshare: parent\n"
			 "        grp_tres: {gres/gpu:a100: 4, mem: 20G}\n"
			 "        max_wall: \"2-00:00:00\"\n        coordinators: [ann]\n"
			 "      - name: chem\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  - {name: ann, accounts: [chem, phys], admin_level: operator, "
			 "fairshare: 2, default_qos: normal, qos: [gpu, normal]}\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "qos:\n  - name: gpu\n  - name: normal\n"), "%s", out.buf);
	inv = xasprintf("%s%s", base_inventory, out.buf);
	cr_expect_eq(errors_of(inv), 0, "%s", inv);
	free(inv);
	strbuf_release(&out);
	strbuf_release(&problems);
}

Test(import, per_account_user_differences_become_association_entries)
{
	struct acct_objset s = { 0 };
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	struct acct_obj *o;

	o = acct_objset_add(&s, ACCT_ACCOUNT, "a", NULL);
	o = acct_objset_add(&s, ACCT_ASSOC, "a", "");
	acct_obj_set(o, "parent", "root");
	acct_obj_set(o, "fairshare", "1");
	o = acct_objset_add(&s, ACCT_ACCOUNT, "b", NULL);
	o = acct_objset_add(&s, ACCT_ASSOC, "b", "");
	acct_obj_set(o, "parent", "root");
	acct_obj_set(o, "fairshare", "1");
	o = acct_objset_add(&s, ACCT_USER, "u", NULL);
	acct_obj_set(o, "admin_level", "None");
	o = acct_objset_add(&s, ACCT_ASSOC, "a", "u");
	acct_obj_set(o, "fairshare", "5");
	acct_obj_set(o, "is_def", "0");
	acct_obj_set(o, "grp_wall", "60");
	acct_obj_set(o, "max_jobs", "3");
	acct_obj_set(o, "qos", "x,z");
	o = acct_objset_add(&s, ACCT_ASSOC, "b", "u");
	acct_obj_set(o, "fairshare", "7");
	acct_obj_set(o, "is_def", "1");
	acct_obj_set(o, "qos", "x,z");
	o = acct_objset_add(&s, ACCT_USER, "v", NULL);
	acct_obj_set(o, "admin_level", "Operator");
	o = acct_objset_add(&s, ACCT_ASSOC, "a", "v");
	acct_obj_set(o, "fairshare", "1");
	acct_obj_set(o, "is_def", "1");
	o = acct_objset_add(&s, ACCT_ASSOC, "b", "v");
	acct_obj_set(o, "fairshare", FAIRSHARE_PARENT);
	acct_obj_set(o, "is_def", "0");
	/* a partition association: an entry of its own, even when alike */
	o = acct_objset_add(&s, ACCT_USER, "w", NULL);
	acct_obj_set(o, "admin_level", "None");
	o = acct_objset_add(&s, ACCT_ASSOC, "a", "w");
	acct_obj_set_part(o, "gpu");
	acct_obj_set(o, "fairshare", "3");
	acct_obj_set(o, "is_def", "1");
	o = acct_objset_add(&s, ACCT_ASSOC, "a", "w");
	acct_obj_set(o, "fairshare", "1");
	acct_obj_set(o, "is_def", "1");
	o = acct_objset_add(&s, ACCT_ASSOC, "b", "w");
	acct_obj_set_part(o, "debug");
	acct_obj_set(o, "fairshare", "1");
	acct_obj_set(o, "is_def", "0");
	o = acct_objset_add(&s, ACCT_USER, "lonely", NULL);
	acct_obj_set(o, "admin_level", "None");
	cr_expect_eq(acct_import_emit(&s, true, "test", &out, &problems), 2);
	cr_expect_str_eq(problems.buf,
			 "user 'lonely' has no association on this cluster: left out\n"
			 "association 'u' in 'a': grp_wall '60' has no key for a user's "
			 "association in the schema: left out\n");
	/* max_jobs is unset in b: the user level leaves it unset, a says 3 */
	cr_expect(strstr(out.buf, "  # u: settings the schema cannot hold:\n"
			 "  #   grp_wall in account a: 60 (not expressible)\n"
			 "  - name: u\n"
			 "    accounts:\n"
			 "      - b\n"
			 "      - {account: a, fairshare: 5, max_jobs: 3}\n"
			 "    fairshare: 7\n"
			 "    qos: [x, z]\n"
			 "  - name: v\n"
			 "    accounts:\n"
			 "      - a\n"
			 "      - {account: b, fairshare: parent}\n"
			 "    admin_level: operator\n"
			 "  - name: w\n"
			 "    accounts:\n"
			 "      - a\n"
			 "      - {account: a, partition: gpu, fairshare: 3}\n"
			 "      - {account: b, partition: debug}\n"), "%s", out.buf);
	acct_objset_release(&s);
	strbuf_release(&out);
	strbuf_release(&problems);
}

Test(import, nodes_of_a_small_slurm_conf)
{
	static const char conf[] =
		"ClusterName=t\nSlurmctldHost=h(10.0.0.1)\n"
		"AccountingStorageType=accounting_storage/slurmdbd\n"
		"AccountingStorageHost=10.0.0.1\nPreemptType=preempt/qos PreemptMode=REQUEUE\n"
		"NodeName=n1 NodeAddr=10.0.1.1 CPUs=4 RealMemory=8192 Gres=gpu:a100:2 Port=7001\n"
		"NodeName=n2 NodeAddr=10.0.1.2 CPUs=4 RealMemory=8192 Gres=gpu:a100:2 Port=7002\n"
		"NodeName=n3 NodeAddr=10.0.1.3 CPUs=4 RealMemory=8192 Gres=gpu:a100:2 Port=7005\n"
		"NodeSet=x Nodes=n[1-2]\n"
		"PartitionName=main Nodes=x,n3 Default=YES QOS=high AllowAccounts=a,b State=UP\n"
		"DownNodes=n3 State=DOWN\n";
	static const char gres[] = "NodeName=n[1-3] Name=gpu Type=a100 File=/dev/nvidia[0-1]\n";
	struct import_source src = {
		.conf = { "s.conf", conf, sizeof(conf) - 1 },
		.gres = { "g.conf", gres, sizeof(gres) - 1 },
		.read = slurmread_local,
	};
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;

	cr_assert_eq(import_nodes(&src, &out, &problems, &cause), 1, "%s", cause ? cause : "");
	cr_expect_str_eq(problems.buf, "s.conf:11: DownNodes= lines are not in the schema: left out\n");
	/* the node set is expanded where a partition names it */
	cr_expect(strstr(out.buf, "    nodes: \"n[1-3]\"\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  slurm_conf:\n    PreemptType: preempt/qos\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  a100_x2:\n    cpus: 4\n    memory: 8G\n"
			 "    gpus: {type: a100, count: 2, files: \"/dev/nvidia[0-1]\"}\n"), "%s", out.buf);
	/* ports count up from n1 to n2 (one entry); n3's does not follow */
	cr_expect(strstr(out.buf, "  - {names: \"n[1-2]\", addresses: \"10.0.1.[1-2]\", "
			 "type: a100_x2, slurmd_port: 7001}\n"
			 "  - {names: n3, address: 10.0.1.3, type: a100_x2, slurmd_port: 7005}\n"),
		  "%s", out.buf);
	cr_expect(strstr(out.buf, "    allow_accounts: [a, b]\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "qos:\n  - {name: high}\n"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/* import nodes of slurm.conf text conf and gres.conf text gres: its problem count */
static int import_pair(const char *conf, const char *gres, struct strbuf *out,
		       struct strbuf *problems)
{
	struct import_source src = {
		.conf = { "s.conf", conf, strlen(conf) },
		.gres = { "g.conf", gres, strlen(gres) },
		.read = slurmread_local,
	};
	char *cause = NULL;
	int n = import_nodes(&src, out, problems, &cause);

	cr_assert_geq(n, 0, "%s", cause ? cause : "");
	return n;
}

/*
 * issue 21: gres.conf as GPU sites write it. A line per device with its
 * socket's Cores= (runs of equal lines fold, in order), a node with
 * Gres= and no gres.conf line (an entry without one, gres_conf: false:
 * no invented Count= line), File= next to a global AutoDetect (and
 * AutoDetect=off kept as written), Links= and Flags=; a line of a type
 * the node's Gres= does not name is one slurmd ignores: a note, as is
 * slurmd dropping the GPUs without a device file.
 */
Test(import, gres_conf_forms_become_gpus_entries)
{
	static const char conf[] =
		"ClusterName=t\nSlurmctldHost=h\n"
		"NodeName=numa CPUs=64 RealMemory=8192 Gres=gpu:4\n"
		"NodeName=bare CPUs=4 RealMemory=8192 Gres=gpu:t4:2\n"
		"NodeName=ad CPUs=4 RealMemory=8192 Gres=gpu:v100:1\n"
		"NodeName=odd CPUs=4 RealMemory=8192 Gres=gpu:l4:1\n"
		"PartitionName=p Nodes=ALL Default=YES\n";
	static const char gres[] =
		"AutoDetect=nvml\n"
		"NodeName=numa AutoDetect=off\nNodeName=bare AutoDetect=off\n"
		"NodeName=odd AutoDetect=off\n"
		"NodeName=numa Name=gpu File=/dev/nvidia0 Cores=0-31 Links=-1,2\n"
		"NodeName=numa Name=gpu File=/dev/nvidia1 Cores=0-31 Links=-1,2\n"
		"NodeName=numa Name=gpu File=/dev/nvidia2 Cores=32-63 Flags=nvidia_gpu_env\n"
		"NodeName=numa Name=gpu File=/dev/nvidia3 Cores=32-63 Flags=nvidia_gpu_env\n"
		"NodeName=ad Name=gpu Type=v100 File=/dev/nvidia0\n"
		"NodeName=odd Name=gpu Type=l4 File=/dev/nvidia0\n"
		"NodeName=odd Name=gpu Type=a2 File=/dev/nvidia1\n";
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;

	cr_assert_eq(import_pair(conf, gres, &out, &problems), 0);
	cr_expect_str_eq(problems.buf,
			 "s.conf:4: note: Gres=gpu:t4:2 on bare: gres.conf gives a device file "
			 "to 0: slurmd drops the 2 without one, and slurmctld drains the node for "
			 "fewer GPUs than Gres= says (unless SlurmdParameters=config_overrides): "
			 "carried as written\n"
			 "g.conf:11: note: Name=gpu Type=a2 on odd: no item of its Gres=gpu:l4:1 "
			 "takes the line: slurmd ignores it (\"Ignoring extra GRES\"): left out\n");
	cr_expect(strstr(out.buf, "    gpus:\n"
			 "      - {count: 2, autodetect: \"off\", files: \"/dev/nvidia[0-1]\", "
			 "cores: 0-31, links: \"-1,2\"}\n"
			 "      - {count: 2, files: \"/dev/nvidia[2-3]\", cores: 32-63, "
			 "flags: nvidia_gpu_env}\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "    gpus: {type: t4, count: 2, autodetect: \"off\", "
			 "gres_conf: false}\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "    gpus: {type: v100, count: 1, autodetect: nvml, "
			 "files: /dev/nvidia0}\n"), "%s", out.buf);
	/* it validates as printed; the GPUs without a device file are the one warning */
	m = inventory_load_string("t.yaml", out.buf, out.len, &dl);
	cr_assert_not_null(m, "%s", out.buf);
	validate_model(m, &dl);
	cr_expect_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	cr_expect_eq(dl.n, 1, "%zu diagnostics", dl.n);
	cr_expect(dl.n && strstr(dl.items[0].msg, "'t4_x2': gpu entry without 'files'"));
	model_free(m);
	diag_release(&dl);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/*
 * GRES besides GPUs become gres: entries: shard per device (lines join
 * where the count per file is the same), mps over two files, a site's
 * CountOnly GRES with a unit; shards Gres= counts beyond gres.conf's line
 * are an entry without a line (slurmd spreads them over the GPUs), and a
 * line of a name no Gres= names is one slurmd ignores (a note). What is
 * carried validates and renders the site's Gres= and gres.conf lines back.
 */
Test(import, other_gres_become_gres_entries)
{
	static const char conf[] =
		"ClusterName=t\nSlurmctldHost=h\nGresTypes=shard,gpu,mps,bandwidth\n"
		"NodeName=s1 CPUs=4 RealMemory=8192 Gres=gpu:a40:2,shard:12\n"
		"NodeName=m1 CPUs=4 RealMemory=8192 Gres=gpu:2,mps:400\n"
		"NodeName=b1 CPUs=4 RealMemory=8192 Gres=bandwidth:lustre:4K\n"
		"NodeName=q1 CPUs=4 RealMemory=8192 Gres=gpu:1,shard:4\n"
		"PartitionName=p Nodes=ALL Default=YES\n";
	static const char gres[] =
		"NodeName=s1 Name=gpu Type=a40 File=/dev/nvidia[0-1]\n"
		"NodeName=s1 Name=shard Count=8 File=/dev/nvidia0\n"
		"NodeName=s1 Name=shard Count=4 File=/dev/nvidia1\n"
		"NodeName=m1 Name=gpu File=/dev/nvidia[0-1]\n"
		"NodeName=m1 Name=mps Count=400 File=/dev/nvidia[0-1]\n"
		"NodeName=b1 Name=bandwidth Type=lustre Count=4K Flags=CountOnly\n"
		"NodeName=q1 Name=gpu File=/dev/nvidia0\n"
		"NodeName=q1 Name=shard Count=2 File=/dev/nvidia0\n"
		"Name=nic Count=1\n";
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;

	cr_assert_eq(import_pair(conf, gres, &out, &problems), 0);
	cr_expect_str_eq(problems.buf, "g.conf:9: note: Name=nic: no node's Gres= names it: "
			 "slurmd ignores the line: left out\n");
	cr_expect(strstr(out.buf, "    gres:\n"
			 "      - {name: shard, count: 2, files: /dev/nvidia0}\n"
			 "      - {name: shard, count: 2, gres_conf: false}\n"), "%s", out.buf);
	/* 8 and 4 shards: two lines, not 12 spread as 6 and 6 */
	cr_expect(strstr(out.buf, "    gpus: {type: a40, count: 2, files: \"/dev/nvidia[0-1]\"}\n"
			 "    gres:\n"
			 "      - {name: shard, count: 8, files: /dev/nvidia0}\n"
			 "      - {name: shard, count: 4, files: /dev/nvidia1}\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "    gres: {name: mps, count: 400, files: "
			 "\"/dev/nvidia[0-1]\"}\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "    gres: {name: bandwidth, type: lustre, count: 4096, "
			 "flags: CountOnly}\n"), "%s", out.buf);
	/* GresTypes in another order is the same setting: not named */
	cr_expect_null(strstr(problems.buf, "GresTypes"));
	m = inventory_load_string("t.yaml", out.buf, out.len, &dl);
	cr_assert_not_null(m, "%s", out.buf);
	validate_model(m, &dl);
	cr_expect_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	model_free(m);
	diag_release(&dl);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/* import nodes of conf (one node, no gres.conf) gives slurm_user want, once */
static void expect_slurm_user(const char *conf, const char *want)
{
	struct import_source src = { .conf = { "s.conf", conf, strlen(conf) },
				     .read = slurmread_local };
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;
	const char *p;

	cr_assert_eq(import_nodes(&src, &out, &problems, &cause), 0, "%s", cause ? cause : "");
	p = strstr(out.buf, "  slurm_user: ");
	cr_assert_not_null(p, "%s", out.buf);
	cr_expect_eq(strncmp(p, want, strlen(want)), 0, "%s", out.buf);
	cr_expect_null(strstr(p + 1, "  slurm_user: "), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/*
 * slurmctld runs as root when slurm.conf names no SlurmUser: the inventory
 * says so, or its render would run slurmctld as the default "slurm" (a
 * corpus site's render did: slurmctld said "SlurmUser = slurm(64030)" for
 * the site's "root(0)")
 */
Test(import, slurm_user_root_when_slurm_conf_names_none)
{
	expect_slurm_user("ClusterName=t\nSlurmctldHost=h\nNodeName=n1 CPUs=4 RealMemory=8192\n"
			  "PartitionName=p Nodes=n1 Default=YES\n", "  slurm_user: {name: root}\n");
	expect_slurm_user("ClusterName=t\nSlurmctldHost=h\nSlurmUser=slurmadm\n"
			  "NodeName=n1 CPUs=4 RealMemory=8192\n"
			  "PartitionName=p Nodes=n1 Default=YES\n", "  slurm_user: {name: slurmadm}\n");
}

/*
 * import_nodes() of slurm.conf text conf (and slurmdbd.conf text dbd, or
 * NULL) into out (reset first), which must give no problem: it compares
 * the render with each line of conf.
 */
static void import_exactly(const char *conf, const char *dbd, struct strbuf *out)
{
	struct import_source src = { .conf = { "s.conf", conf, strlen(conf) },
				     .read = slurmread_local };

	if (dbd)
		src.dbd = (struct import_file){ "dbd1:slurmdbd.conf", dbd, strlen(dbd) };
	struct strbuf problems = STRBUF_INIT;
	char *cause = NULL;

	strbuf_reset(out);
	cr_assert_eq(import_nodes(&src, out, &problems, &cause), 0, "%s%s", problems.buf,
		     cause ? cause : "");
	strbuf_release(&problems);
}

/*
 * SlurmctldHost= naming a node without its NodeAddr: the render adds none.
 * A backup controller given an address then keeps it apart
 * (backup_controller_address), as slurmctld_host: name would drop it.
 */
Test(import, a_controller_named_without_its_address_stays_so)
{
	static const char nodes[] =
		"NodeName=n[1-2] NodeAddr=10.0.1.[1-2] CPUs=4 RealMemory=8192\n"
		"PartitionName=main Nodes=n[1-2] Default=YES\n";
	char *conf = xasprintf("ClusterName=t\nSlurmctldHost=n1\n%s", nodes);
	char *addr = xasprintf("ClusterName=t\nSlurmctldHost=n1(10.0.1.1)\n%s", nodes);
	char *backup = xasprintf("ClusterName=t\nSlurmctldHost=n1\n"
				 "SlurmctldHost=n2(192.168.9.2)\n%s", nodes);
	struct strbuf out = STRBUF_INIT;

	import_exactly(conf, NULL, &out);
	cr_expect(strstr(out.buf, "  controller: n1\n"
			 "  # SlurmctldHost= gave the name alone: each node resolves it\n"
			 "  slurmctld_host: name\n"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	/* written with its address, it keeps the default form */
	import_exactly(addr, NULL, &out);
	cr_expect_null(strstr(out.buf, "slurmctld_host"), "%s", out.buf);
	cr_expect_null(strstr(out.buf, "controller_address"), "%s", out.buf);
	import_exactly(backup, NULL, &out);
	cr_expect(strstr(out.buf, "  slurmctld_host: name\n"
			 "  backup_controller_address: 192.168.9.2\n"), "%s", out.buf);
	cr_expect_null(strstr(out.buf, "  controller_address:"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
	free(conf);
	free(addr);
	free(backup);
}

/*
 * ControlMachine=master + ControlAddr=10.140.1.200 with master a node
 * without NodeAddr (slurmctld resolves the name), AccountingStorageHost
 * as that address (a corpus site's): the host stays as it was, the
 * addresses Slurm gets go to controller_address and accounting_address,
 * and the render says SlurmctldHost=master(10.140.1.200) and
 * AccountingStorageHost=10.140.1.200 again.
 */
Test(import, controller_and_accounting_addresses_as_the_site_wrote_them)
{
	static const char conf[] =
		"ClusterName=t\nControlMachine=master\nControlAddr=10.140.1.200\n"
		"AccountingStorageType=accounting_storage/slurmdbd\n"
		"AccountingStorageHost=10.140.1.200\n"
		"NodeName=master CPUs=4 RealMemory=8192\n"
		"NodeName=n[1-2] NodeAddr=10.0.1.[1-2] CPUs=4 RealMemory=8192\n"
		"PartitionName=main Nodes=n[1-2] Default=YES\n";
	struct strbuf out = STRBUF_INIT;

	import_exactly(conf, NULL, &out);
	cr_expect(strstr(out.buf, "  controller: master\n"
			 "  controller_address: 10.140.1.200\n"
			 "  accounting_host: master\n"
			 "  accounting_address: 10.140.1.200\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  - {names: master, type: "), "%s", out.buf);
	cr_expect_null(strstr(out.buf, "address: 10.140.1.200}"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
}

/*
 * AccountingStorageHost= as the address of a host of its own, which
 * slurmdbd.conf's DbdHost names: slurmdbd runs there, reached by that
 * address, and Slurm keeps the address.
 */
Test(import, accounting_host_as_an_address_is_the_dbdhost)
{
	static const char conf[] =
		"ClusterName=t\nSlurmctldHost=h\n"
		"AccountingStorageType=accounting_storage/slurmdbd\n"
		"AccountingStorageHost=10.0.0.9\n"
		"NodeName=n[1-2] CPUs=4 RealMemory=8192\n"
		"PartitionName=main Nodes=n[1-2] Default=YES\n";
	static const char dbd[] = "DbdHost=dbd1\nStorageHost=localhost\n";
	struct strbuf out = STRBUF_INIT;

	import_exactly(conf, dbd, &out);
	cr_expect(strstr(out.buf, "  accounting_host: dbd1\n"
			 "  accounting_address: 10.0.0.9\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  - {names: dbd1, address: 10.0.0.9, roles: [dbd]}\n"),
		  "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
}

Test(import, mem_tres_limits_take_the_units_validate_takes)
{
	struct kv items[] = { { .key = "mem", .value = "1.5G" }, { .key = "cpu", .value = "4" } };
	struct kv_list kv = { items, 2 };
	char *out = NULL, *cause = NULL;

	cr_assert_eq(acct_tres_from_kv(&kv, &out, &cause), 0, "%s", cause ? cause : "");
	cr_expect_str_eq(out, "cpu=4,mem=1536");
	free(out);
	items[1].key = "bb/cray";
	items[1].value = "1T";
	cr_expect_eq(acct_tres_from_kv(&kv, &out, &cause), -1);
	free(cause);
}

Test(import, dump_with_qos_lines_carries_their_limits)
{
	static const char qdump[] =
		"Cluster - 't':Fairshare=1:QOS='normal'\n"
		"QOS - 'gold':Description='gold':Priority=100:UsageFactor=1.5\n"
		"Parent - 'root'\n"
		"Account - 'sci':Description='sci':Organization='sci':Fairshare=1:QOS='gold'\n";
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;
	int rc = acct_import_dump("q.cfg", qdump, sizeof(qdump) - 1, &out, &problems, &cause);

	cr_assert_eq(rc, 0, "%s%s", cause ? cause : "", problems.buf);
	cr_expect(strstr(out.buf, "  - name: gold\n    priority: 100\n    usage_factor: 1.5\n"),
		  "%s", out.buf);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/*
 * With QOS lines (--qos FILE's, after the dump), a QoS the associations
 * name that they lack is named where first used (exit 4), never kept by
 * name alone unsaid; slurmdbd's own "normal" need not be given.
 */
Test(import, a_qos_the_qos_lines_lack_is_named)
{
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;
	char *given = xasprintf("%s\nQOS - 'gpu':Description='gpu':Priority=10\n", dump);
	char *lacks = xasprintf("%s\nQOS - 'other':Description='other':Priority=10\n", dump);

	cr_assert_eq(acct_import_dump("d.cfg", given, strlen(given), &out, &problems, &cause), 0,
		     "%s%s", cause ? cause : "", problems.buf);
	cr_expect_str_eq(problems.buf, "");
	strbuf_reset(&out);
	cr_assert_eq(acct_import_dump("d.cfg", lacks, strlen(lacks), &out, &problems, &cause), 1,
		     "%s%s", cause ? cause : "", problems.buf);
	cr_expect_str_eq(problems.buf, "d.cfg:9: QoS 'gpu' is named here but no QOS line (nor "
			 "the --qos file) gives it: its limits are unknown and it is imported "
			 "by name only; add it to the --qos file ('sacctmgr show qos -P' "
			 "output)\n");
	free(given);
	free(lacks);
	strbuf_release(&out);
	strbuf_release(&problems);
}

Test(import, show_qos_rows_become_flat_file_qos_lines)
{
	static const char shown[] =
		"Name|Priority|GraceTime|Preempt|PreemptMode|Flags|UsageFactor|GrpTRES|"
		"MaxWall|MaxTRESPU|GrpSubmit|UsageThres\n"
		"normal|0|00:00:00||cluster||1.000000|||||\n"
		"gold|100|1-00:02:00|scavenger|cluster|DenyOnLimit|1.500000|mem=1.50G,cpu=8|"
		"2-00:00:00|gres/gpu=2|50|0.3\n";
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;

	cr_assert_eq(acct_showqos_lines("q.txt", shown, sizeof(shown) - 1, &out, &problems,
					&cause), 1, "%s", cause);
	cr_expect_str_eq(problems.buf, "q.txt:3: QoS 'gold': UsageThres='0.3' has no key in "
			 "the schema: left out\n");
	cr_expect_str_eq(out.buf, "QOS - 'normal':PreemptMode='cluster':UsageFactor='1'\n"
			 "QOS - 'gold':Priority='100':GraceTime='86520':Preempt='scavenger':"
			 "PreemptMode='cluster':Flags='DenyOnLimit':UsageFactor='1.5':"
			 "GrpTRES='mem=1536,cpu=8':MaxWall='2-00:00:00':MaxTRESPU='gres/gpu=2':"
			 "GrpSubmitJobs='50'\n");
	strbuf_release(&out);
	strbuf_release(&problems);
}

Test(import, show_qos_without_its_header_or_with_a_short_row_is_refused)
{
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;

	cr_expect_eq(acct_showqos_lines("q.txt", "gold|100|\n", 10, &out, &out, &cause), -1);
	cr_expect_str_eq(cause, "q.txt:1: no 'Name' column: give 'sacctmgr show qos -P' "
			 "output with its header line (no -n)");
	free(cause);
	cause = NULL;
	cr_expect_eq(acct_showqos_lines("q.txt", "Name|Priority\ngold\n", 19, &out, &out, &cause),
		     -1);
	cr_expect_str_eq(cause, "q.txt:2: 1 fields where the header has 2, or no QoS name");
	free(cause);
	strbuf_release(&out);
}

/* Writes text to dir/name with mode; returns the path (caller frees). */
static char *site_file(const char *dir, const char *name, const char *text, unsigned mode)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
	cr_assert_eq(chmod(path, mode), 0);
	return path;
}

/*
 * issue 21: the files slurm.conf names, carried with --files-dir: the
 * Epilog (in /etc/slurm: read beside slurm.conf) with its own mode and
 * the compute role, topology.conf for every host; a Prolog that cannot be
 * read is named; without a carry every one is named as before.
 */
Test(import, files_slurm_conf_names_are_carried)
{
	static const char conf[] =
		"ClusterName=t\nSlurmctldHost=h\nEpilog=/etc/slurm/epilog.sh\n"
		"Prolog=/nonexistent/prolog.sh\nTopologyPlugin=topology/tree\n"
		"NodeName=n[1-2] CPUs=2 RealMemory=1000\nPartitionName=p Nodes=n[1-2] Default=YES\n";
	char site[] = "/tmp/import_test_site.XXXXXX", to[] = "/tmp/import_test_to.XXXXXX";
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	struct import_carry carry = { 0 };
	char *paths[3], *cause = NULL, *got;
	size_t len;

	cr_assert_not_null(mkdtemp(site));
	cr_assert_not_null(mkdtemp(to));
	paths[0] = site_file(site, "slurm.conf", conf, 0644);
	paths[1] = site_file(site, "epilog.sh", "#!/bin/sh\nexit 0\n", 0750);
	paths[2] = site_file(site, "topology.conf", "SwitchName=s Nodes=n[1-2]\n", 0644);
	carry.dir = to;
	cr_assert_eq(import_nodes_files(paths[0], NULL, &carry, &out, &problems, &cause), 1,
		     "%s", cause ? cause : "");
	cr_expect(strstr(problems.buf, "slurm.conf:4: Prolog=/nonexistent/prolog.sh: "
			 "/nonexistent/prolog.sh could not be read to carry it (files:)"),
		  "%s", problems.buf);
	cr_assert_eq(carry.n, 2);
	got = xasprintf("files:\n  - {path: /etc/slurm/epilog.sh, source: %s/etc/slurm/epilog.sh, "
			"mode: \"0750\", roles: [compute]}\n"
			"  - {path: /etc/slurm/topology.conf, source: %s/etc/slurm/topology.conf, "
			"mode: \"0644\"}\n", to, to);
	cr_expect(strstr(out.buf, got), "%s", out.buf);
	free(got);
	cr_assert_eq(import_carry_write(&carry, &cause), 0, "%s", cause ? cause : "");
	got = xasprintf("%s/etc/slurm/epilog.sh", to);
	free(cause);
	cause = fileio_read(got, &len, NULL);
	cr_expect_str_eq(cause, "#!/bin/sh\nexit 0\n");
	free(cause);
	cause = NULL;
	/* a second write never overwrites the repository's copy */
	cr_expect_eq(import_carry_write(&carry, &cause), -1);
	cr_expect(cause && strstr(cause, "File exists"), "%s", cause);
	free(cause);
	cause = NULL;
	import_carry_release(&carry);
	strbuf_reset(&out);
	strbuf_reset(&problems);
	/* not asked to carry them: the settings mean the same, the files stay (notes) */
	cr_assert_eq(import_nodes_files(paths[0], NULL, NULL, &out, &problems, &cause), 0);
	cr_expect(strstr(problems.buf, "slurm.conf:3: note: Epilog=/etc/slurm/epilog.sh: the "
			 "inventory carries the setting, not the file"), "%s", problems.buf);
	cr_expect(!strstr(out.buf, "files:"), "%s", out.buf);
	free(got);
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
		free(paths[i]);
	got = xasprintf("rm -rf '%s' '%s'", site, to);
	cr_expect_eq(system(got), 0);
	free(got);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/*
 * issue 30: forms real sites write, each carried as Slurm reads it or
 * named with what Slurm does with it: the password a password_file
 * reference (never printed), a value with a blank quoted for Slurm, the
 * last Default=YES partition the default (the other named), FastSchedule=1
 * named and left out, GresTypes kept where no node carries GRES, no
 * gres/gpu TRES added, a SlurmctldPort range, SlurmUser=munge, limits
 * enforced without qos; exit 0, and the YAML validates.
 */
Test(import, forms_slurm_takes_are_carried_or_named)
{
	static const char conf[] =
		"ClusterName=c\nSlurmctldHost=h\nSlurmctldPort=6811-6818\nSlurmUser=munge\n"
		"AccountingStorageType=accounting_storage/slurmdbd\nAccountingStorageHost=h\n"
		"AccountingStoragePass=s3cret-VALUE\nAccountingStorageEnforce=limits\n"
		"GresTypes=gpu\nFastSchedule=1\nRebootProgram=\"/bin/systemctl reboot\"\n"
		"NodeName=n[1-2] CPUs=4 RealMemory=1000\n"
		"PartitionName=p Nodes=n[1-2] Default=YES QOS=normal\n"
		"PartitionName=q Nodes=n[1-2] Default=yes\n";
	struct import_source src = { .conf = { "s.conf", conf, sizeof(conf) - 1 },
				     .read = slurmread_local };
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;

	cr_assert_eq(import_nodes(&src, &out, &problems, &cause), 0, "%s%s",
		     cause ? cause : "", problems.buf);
	cr_expect(strstr(out.buf, "    AccountingStoragePass: {password_file: "
			 "accountingstoragepass.pass}\n"), "%s", out.buf);
	cr_expect_null(strstr(out.buf, "s3cret"));
	cr_expect_null(strstr(problems.buf, "s3cret"));
	cr_expect(strstr(problems.buf, "s.conf:7: note: AccountingStoragePass: a password: not "
			 "printed: put it in accountingstoragepass.pass"), "%s", problems.buf);
	cr_expect(strstr(out.buf, "    RebootProgram: \"\\\"/bin/systemctl reboot\\\"\"\n"),
		  "%s", out.buf);
	cr_expect(strstr(out.buf, "  - name: q\n    nodes: \"n[1-2]\"\n    default: true\n"),
		  "%s", out.buf);
	cr_expect(strstr(problems.buf, "s.conf:13: note: PartitionName=p Default=YES: a later "
			 "partition is the default"), "%s", problems.buf);
	cr_expect(strstr(problems.buf, "s.conf:10: note: FastSchedule=1: Slurm ignores it"),
		  "%s", problems.buf);
	cr_expect(strstr(out.buf, "    GresTypes: gpu\n"), "%s", out.buf);
	cr_expect_null(strstr(out.buf, "AccountingStorageTRES"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  slurmctld_port: 6811-6818\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "  slurm_user: {name: munge}\n"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/* Slurm refuses a slurm.conf without ClusterName=, and import says so; none without partitions */
Test(import, cluster_name_is_required_partitions_are_not)
{
	static const char none[] = "SlurmctldHost=h\nNodeName=n1 CPUs=2 RealMemory=100\n";
	static const char parts[] = "ClusterName=c\nSlurmctldHost=h\nNodeName=n1 CPUs=2 RealMemory=100\n";
	struct import_source src = { .conf = { "s.conf", none, sizeof(none) - 1 },
				     .read = slurmread_local };
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;

	cr_assert_eq(import_nodes(&src, &out, &problems, &cause), -1);
	cr_expect_str_eq(cause, "s.conf: no ClusterName= line, which Slurm refuses "
			 "(\"ClusterName needs to be specified\")");
	free(cause);
	cause = NULL;
	src.conf = (struct import_file){ "s.conf", parts, sizeof(parts) - 1 };
	cr_assert_eq(import_nodes(&src, &out, &problems, &cause), 0, "%s", cause ? cause : "");
	cr_expect_null(strstr(out.buf, "partitions:"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	strbuf_release(&out);
	strbuf_release(&problems);
}

/*
 * A copy of a site's /etc/slurm: "include /etc/slurm/x.conf" is read
 * beside the slurm.conf given, as the hosts read it there; the lines keep
 * the path the hosts have.
 */
Test(import, an_absolute_include_of_a_copy_is_read_beside_it)
{
	char site[] = "/tmp/import-copy-XXXXXX";
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *paths[2], *cause = NULL, *cmd;

	cr_assert_not_null(mkdtemp(site));
	paths[0] = site_file(site, "slurm.conf", "ClusterName=c\n"
			     "include /etc/slurm/headnode.conf\n"
			     "NodeName=n1 CPUs=2 RealMemory=100\n", 0644);
	paths[1] = site_file(site, "headnode.conf", "# the head\nSlurmctldHost=head\n", 0644);
	cr_assert_eq(import_nodes_files(paths[0], NULL, NULL, &out, &problems, &cause), 0,
		     "%s", cause ? cause : "");
	cr_expect(strstr(out.buf, "  # the head\n  controller: head\n"), "%s", out.buf);
	cr_expect_eq(errors_of(out.buf), 0, "%s", out.buf);
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
		free(paths[i]);
	cmd = xasprintf("rm -rf '%s'", site);
	cr_expect_eq(system(cmd), 0);
	free(cmd);
	strbuf_release(&out);
	strbuf_release(&problems);
}
