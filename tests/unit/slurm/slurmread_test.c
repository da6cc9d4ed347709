/*
 * slurmread_test.c: slurmconf.h's words and slurmread.h's meaning, one
 * test per syntax form Slurm accepts: continuation lines, escapes and
 * inline comments, case-insensitive keys, quoting, blanks around '=',
 * several settings on a line, comma lists of node names, DEFAULT lines in
 * file order, Include (relative, absolute, %c, nested, missing, glob),
 * old names, repeated keys, NodeSet; gres.conf lines per device, per-node
 * files, global and node-local AutoDetect, File ranges, Count, MPS and
 * shard, Cores/Links/Flags. Included files come from an in-memory table.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurm/hostlist.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmread.h"
#include "base/xalloc.h"

/* ---- an in-memory file system for Include ---- */

struct memfile {
	const char *path, *text;
};

static const struct memfile *memfs;

static int mem_read(void *arg, const char *path, char **text, size_t *len, char **cause)
{
	(void)arg;
	for (const struct memfile *f = memfs; f && f->path; f++)
		if (!strcmp(f->path, path)) {
			*text = xstrdup(f->text);
			*len = strlen(f->text);
			return 0;
		}
	*cause = xasprintf("%s: cannot read: No such file or directory", path);
	return -1;
}

/* Reads text as /etc/slurm/slurm.conf; asserts it parses. */
static void read_conf(const char *text, struct slurmconf *c)
{
	char *cause = NULL;

	memset(c, 0, sizeof(*c));
	cr_assert_eq(slurmread_conf_text("/etc/slurm/slurm.conf", text, strlen(text), mem_read,
					 NULL, c, &cause), 0, "%s", cause ? cause : "");
}

/* The first record line with key=value, or NULL. */
static const struct slurmconf_line *record(const struct slurmconf *c, const char *key,
					   const char *value)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcasecmp(c->lines[i].kv[0].key, key) &&
		    !strcmp(c->lines[i].kv[0].value, value))
			return &c->lines[i];
	return NULL;
}

/* The value of setting key, or NULL. */
static const char *setting(const struct slurmconf *c, const char *key)
{
	const struct slurmconf_line *l = slurmread_setting(c, key);

	return l ? l->kv[0].value : NULL;
}

static size_t count_key(const struct slurmconf *c, const char *key)
{
	size_t n = 0;

	for (size_t i = 0; i < c->n; i++)
		n += !strcasecmp(c->lines[i].kv[0].key, key);
	return n;
}

/* ---- words ---- */

Test(slurmread, continuation_lines_escapes_and_comments)
{
	struct slurmconf c;
	const struct slurmconf_line *n;

	read_conf("NodeName=n1 CPUs=4 \\\n"
		  "   RealMemory=1000 \\   \n"
		  "   Features=a,b # the rest is a comment \\\n"
		  "ClusterName=x\\#1 # hash escaped\n"
		  "SlurmctldHost=h\n"
		  "Prolog=/p\\\\\n"
		  "Epilog=/e\n", &c);
	n = record(&c, "NodeName", "n1");
	cr_assert(n);
	cr_expect_str_eq(slurmconf_get(n, "CPUs"), "4");
	cr_expect_str_eq(slurmconf_get(n, "RealMemory"), "1000");
	/* a comment ends the line even after a backslash: no continuation */
	cr_expect_str_eq(slurmconf_get(n, "Features"), "a,b");
	cr_expect_eq(n->lineno, 1);
	cr_expect_str_eq(setting(&c, "ClusterName"), "x#1");
	cr_expect_eq(slurmread_setting(&c, "ClusterName")->lineno, 4);
	/* an even number of backslashes is an escaped backslash, not a continuation */
	cr_expect_str_eq(setting(&c, "Prolog"), "/p\\");
	cr_expect_str_eq(setting(&c, "Epilog"), "/e");
	slurmconf_release(&c);
}

Test(slurmread, keys_any_case_blanks_around_equals_quotes_several_per_line)
{
	struct slurmconf c;
	const struct slurmconf_line *n;

	read_conf("clustername = Mixed   SLURMCTLDHOST=h\n"
		  "nodename=n[1-2],gpu3 cpus= 8 feature=\"a b\" Weight =5\n"
		  "PartitionName=p Nodes=n[1-2],gpu3 MaxTime=\"1:00:00\"\n", &c);
	cr_expect_str_eq(setting(&c, "ClusterName"), "Mixed");
	cr_expect_str_eq(setting(&c, "SlurmctldHost"), "h");
	n = record(&c, "NodeName", "n[1-2],gpu3");
	cr_assert(n);
	cr_expect_str_eq(slurmconf_get(n, "CPUs"), "8");
	cr_expect_str_eq(slurmconf_get(n, "Features"), "a b");
	cr_expect_str_eq(slurmconf_get(n, "weight"), "5");
	cr_expect_str_eq(slurmconf_get(record(&c, "PartitionName", "p"), "MaxTime"), "1:00:00");
	slurmconf_release(&c);
}

Test(slurmread, a_word_that_is_not_key_value_is_named)
{
	struct slurmconf c = { 0 };
	char *cause = NULL;
	static const char text[] = "ClusterName=x\nSlurmctldParameters=a b\n";

	cr_expect_eq(slurmread_conf_text("s.conf", text, sizeof(text) - 1, mem_read, NULL, &c,
					 &cause), -1);
	cr_expect_str_eq(cause, "s.conf:2: not a Key=Value line: 'SlurmctldParameters=a b'");
	cr_expect_eq(c.n, 0);
	free(cause);
}

/* ---- DEFAULT lines ---- */

Test(slurmread, nodename_default_applies_in_file_order)
{
	struct slurmconf c;
	const struct slurmconf_line *a, *b, *d;

	read_conf("SlurmctldHost=h\n"
		  "NodeName=DEFAULT CPUs=4 Gres=gpu:a100:2 Features=x\n"
		  "NodeName=a NodeAddr=10.0.0.1\n"
		  "NodeName=DEFAULT RealMemory=100 CPUs=16\n"
		  "NodeName=b CPUs=8\n"
		  "NodeName=d\n", &c);
	cr_expect_null(record(&c, "NodeName", "DEFAULT"));
	a = record(&c, "NodeName", "a");
	b = record(&c, "NodeName", "b");
	d = record(&c, "NodeName", "d");
	cr_assert(a && b && d);
	cr_expect_str_eq(slurmconf_get(a, "CPUs"), "4");
	cr_expect_str_eq(slurmconf_get(a, "Gres"), "gpu:a100:2");
	cr_expect_null(slurmconf_get(a, "RealMemory"), "a DEFAULT applies to later lines only");
	/* the line's own value beats the default; a later DEFAULT adds and overrides */
	cr_expect_str_eq(slurmconf_get(b, "CPUs"), "8");
	cr_expect_str_eq(slurmconf_get(b, "RealMemory"), "100");
	cr_expect_str_eq(slurmconf_get(b, "Features"), "x");
	cr_expect_str_eq(slurmconf_get(d, "CPUs"), "16");
	cr_expect_null(slurmconf_get(d, "NodeAddr"), "NodeAddr is never a default");
	slurmconf_release(&c);
}

Test(slurmread, partitionname_default_and_old_names)
{
	struct slurmconf c;
	const struct slurmconf_line *p, *q, *r;

	read_conf("SlurmctldHost=h\n"
		  "PartitionName=DEFAULT DefaultTime=01:00:00 OverSubscribe=NO State=UP\n"
		  "PartitionName=p Nodes=n1 Shared=YES\n"
		  "PartitionName=q Nodes=n1 Priority=7 PriorityTier=2\n"
		  "PartitionName=r Nodes=n1 DefaultTime=5 Shared=FORCE OverSubscribe=EXCLUSIVE\n",
		  &c);
	p = record(&c, "PartitionName", "p");
	q = record(&c, "PartitionName", "q");
	r = record(&c, "PartitionName", "r");
	cr_assert(p && q && r);
	cr_expect_str_eq(slurmconf_get(p, "DefaultTime"), "01:00:00");
	/* OverSubscribe from the default beats the line's own Shared, as slurmctld looks */
	cr_expect_str_eq(slurmconf_get(p, "OverSubscribe"), "NO");
	cr_expect_null(slurmconf_get(p, "Shared"));
	cr_expect_str_eq(slurmconf_get(q, "PriorityJobFactor"), "7");
	cr_expect_str_eq(slurmconf_get(q, "PriorityTier"), "2");
	cr_expect_null(slurmconf_get(q, "Priority"));
	cr_expect_str_eq(slurmconf_get(r, "DefaultTime"), "5");
	cr_expect_str_eq(slurmconf_get(r, "OverSubscribe"), "EXCLUSIVE");
	slurmconf_release(&c);
}

Test(slurmread, feature_and_procs_are_the_new_names)
{
	struct slurmconf c;
	const struct slurmconf_line *a, *b;

	read_conf("SlurmctldHost=h\n"
		  "NodeName=DEFAULT Feature=old Procs=2\n"
		  "NodeName=a Features=mine\n"
		  "NodeName=b CPUs=6\n", &c);
	a = record(&c, "NodeName", "a");
	b = record(&c, "NodeName", "b");
	cr_assert(a && b);
	/* the line's Features beats the default's Feature */
	cr_expect_str_eq(slurmconf_get(a, "Features"), "mine");
	cr_expect_null(slurmconf_get(a, "Feature"));
	cr_expect_str_eq(slurmconf_get(a, "CPUs"), "2");
	cr_expect_str_eq(slurmconf_get(b, "Features"), "old");
	cr_expect_str_eq(slurmconf_get(b, "CPUs"), "6");
	slurmconf_release(&c);
}

/* ---- repeated keys, old controller names ---- */

Test(slurmread, repeated_settings_keep_the_last_value_lists_accumulate)
{
	struct slurmconf c;
	const struct slurmconf_line *n;

	read_conf("SlurmctldHost=h1\nMpiDefault=none\nSlurmctldHost=h2(10.0.0.2)\n"
		  "MPIDEFAULT=pmix\nNodeName=n1 CPUs=2 CPUs=3\n", &c);
	cr_expect_eq(count_key(&c, "MpiDefault"), 1);
	cr_expect_str_eq(setting(&c, "MpiDefault"), "pmix");
	cr_expect_eq(count_key(&c, "SlurmctldHost"), 2);
	cr_expect_str_eq(c.lines[0].kv[0].value, "h1");
	cr_expect_str_eq(c.lines[1].kv[0].value, "h2(10.0.0.2)");
	n = record(&c, "NodeName", "n1");
	cr_assert(n);
	cr_expect_eq(n->n, 2);
	cr_expect_str_eq(slurmconf_get(n, "CPUs"), "3");
	slurmconf_release(&c);
}

Test(slurmread, controlmachine_and_backupcontroller_are_slurmctldhost)
{
	struct slurmconf c;

	read_conf("ClusterName=x\nControlMachine=head\nControlAddr=10.0.0.1\n"
		  "BackupController=head2\nBackupAddr=10.0.0.2\n", &c);
	cr_expect_eq(count_key(&c, "SlurmctldHost"), 2);
	cr_expect_eq(count_key(&c, "ControlMachine") + count_key(&c, "ControlAddr") +
		     count_key(&c, "BackupController") + count_key(&c, "BackupAddr"), 0);
	cr_expect_str_eq(c.lines[1].kv[0].value, "head(10.0.0.1)");
	cr_expect_str_eq(c.lines[2].kv[0].value, "head2(10.0.0.2)");
	slurmconf_release(&c);
	/* SlurmctldHost set: slurmctld ignores the old names */
	read_conf("ControlMachine=old\nSlurmctldHost=new\nBackupController=old2\n", &c);
	cr_expect_eq(c.n, 1);
	cr_expect_str_eq(setting(&c, "SlurmctldHost"), "new");
	slurmconf_release(&c);
}

/* ---- Include ---- */

Test(slurmread, include_relative_absolute_nested_and_cluster_name)
{
	static const struct memfile fs[] = {
		{ "/etc/slurm/nodes.conf", "NodeName=n1 CPUs=4\ninclude sub/parts.conf\n" },
		/* nested: relative to slurm.conf's directory, not to nodes.conf's */
		{ "/etc/slurm/sub/parts.conf", "PartitionName=p Nodes=n1\n" },
		{ "/srv/abs.conf", "MpiDefault=pmix\n" },
		{ "/etc/slurm/big-site.conf", "SchedulerType=sched/backfill\n" },
		{ NULL, NULL },
	};
	struct slurmconf c;

	memfs = fs;
	read_conf("ClusterName=Big-Site\nSlurmctldHost=h\nMpiDefault=none\n"
		  "Include nodes.conf\nINCLUDE /srv/abs.conf\ninclude %c.conf\n", &c);
	cr_expect(record(&c, "NodeName", "n1"));
	cr_expect(record(&c, "PartitionName", "p"));
	cr_expect_str_eq(setting(&c, "MpiDefault"), "pmix", "the included value comes later");
	cr_expect_str_eq(setting(&c, "SchedulerType"), "sched/backfill");
	cr_expect_str_eq(record(&c, "NodeName", "n1")->path, "/etc/slurm/nodes.conf");
	cr_expect_eq(count_key(&c, "Include"), 0);
	slurmconf_release(&c);
	memfs = NULL;
}

Test(slurmread, include_missing_glob_or_looping_is_an_error_with_the_place)
{
	static const struct memfile fs[] = {
		{ "/etc/slurm/loop.conf", "include loop.conf\n" },
		{ NULL, NULL },
	};
	static const char *const texts[][2] = {
		{ "A=1\ninclude nosuch.conf\n", "/etc/slurm/slurm.conf:2: Include: "
		  "/etc/slurm/nosuch.conf: cannot read: No such file or directory" },
		{ "include conf.d/*.conf\n", "/etc/slurm/slurm.conf:1: Include conf.d/*.conf: "
		  "Slurm does not expand globs (it skips the line)" },
		{ "include loop.conf\n", "/etc/slurm/loop.conf:1: Include nested more than 16 "
		  "deep (a loop?)" },
	};

	memfs = fs;
	for (size_t i = 0; i < ARRAY_SIZE(texts); i++) {
		struct slurmconf c = { 0 };
		char *cause = NULL;

		cr_expect_eq(slurmread_conf_text("/etc/slurm/slurm.conf", texts[i][0],
						 strlen(texts[i][0]), mem_read, NULL, &c, &cause), -1);
		cr_expect_str_eq(cause, texts[i][1]);
		cr_expect_eq(c.n, 0);
		free(cause);
	}
	memfs = NULL;
}

/* ---- node lists ---- */

Test(slurmread, nodeset_names_and_all_expand)
{
	struct slurmconf c;
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;
	bool named;

	read_conf("SlurmctldHost=h\nNodeName=n[1-3] Features=gpu\nNodeName=c1,c2\n"
		  "NodeSet=gpus Feature=gpu\nNodeSet=cpus Nodes=c[1-2]\n", &c);
	cr_assert_eq(slurmread_nodes(&c, "gpus,c1", &hl, &named, &cause), 0);
	cr_expect(named);
	cr_assert_eq(hl.n, 4);
	cr_expect_str_eq(hl.names[0], "n1");
	cr_expect_str_eq(hl.names[3], "c1");
	hostlist_release(&hl);
	cr_assert_eq(slurmread_nodes(&c, "ALL", &hl, &named, &cause), 0);
	cr_expect_not(named);
	cr_expect_eq(hl.n, 5);
	hostlist_release(&hl);
	cr_assert_eq(slurmread_nodes(&c, "cpus", &hl, &named, &cause), 0);
	cr_expect_eq(hl.n, 2);
	hostlist_release(&hl);
	slurmconf_release(&c);
}

/* ---- gres.conf ---- */

static void read_gres(const char *text, struct slurmgres *g)
{
	char *cause = NULL;

	memset(g, 0, sizeof(*g));
	cr_assert_eq(slurmread_gres("/etc/slurm/gres.conf", text, strlen(text), mem_read, NULL,
				    g, &cause), 0, "%s", cause ? cause : "");
}

Test(slurmread, gres_line_per_device_global_autodetect_and_ranges)
{
	struct slurmgres g;

	read_gres("AutoDetect=off\n"
		  "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia0 Cores=0-15\n"
		  "NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia1 Cores=16-31\n"
		  "NodeName=x Name=gpu File=/dev/nvidia[0-7] AutoDetect=nvml\n"
		  "Name=gpu Type=v100 File=/dev/nvidia0,/dev/nvidia1\n", &g);
	cr_expect_str_eq(g.autodetect, "off");
	cr_expect_eq(g.autodetect_line, 1);
	cr_assert_eq(g.n, 4);
	cr_expect_str_eq(g.recs[0].type, "a100");
	cr_expect_eq(g.recs[0].count, 1);
	cr_expect_str_eq(g.recs[1].cores, "16-31");
	cr_expect(slurmgres_for_node(&g.recs[1], "gpu02"));
	cr_expect_not(slurmgres_for_node(&g.recs[1], "x"));
	cr_expect_eq(g.recs[2].count, 8, "File=/dev/nvidia[0-7] is eight GPUs");
	cr_expect_null(g.recs[2].type);
	/* a Name= line without NodeName= is every node's (a per-node file) */
	cr_expect(slurmgres_for_node(&g.recs[3], "anything"));
	cr_expect_eq(g.recs[3].count, 2);
	cr_expect_str_eq(slurmgres_autodetect(&g, "x"), "nvml", "node-local beats global");
	cr_expect_str_eq(slurmgres_autodetect(&g, "gpu01"), "off");
	slurmgres_release(&g);
}

Test(slurmread, gres_count_without_file_mps_shard_links_flags)
{
	struct slurmgres g;

	read_gres("NodeName=n1 Name=gpu Count=4\n"
		  "NodeName=n1 Name=mps Count=400 File=/dev/nvidia[0-3]\n"
		  "NodeName=n1 Name=shard Count=2k\n"
		  "NodeName=n2 Name=gpu Type=h100 File=/dev/nvidia[0-1] Links=-1,0 "
		  "Flags=nvidia_gpu_env Name=gpu\n"
		  "NodeName=n3 AutoDetect=off\n", &g);
	cr_assert_eq(g.n, 5);
	cr_expect_eq(g.recs[0].count, 4);
	cr_expect_null(g.recs[0].file);
	cr_expect_str_eq(g.recs[1].name, "mps");
	cr_expect_eq(g.recs[1].count, 400, "MPS may count more than its files");
	cr_expect_eq(g.recs[2].count, 2048);
	cr_expect_str_eq(g.recs[3].links, "-1,0");
	cr_expect_str_eq(g.recs[3].flags, "nvidia_gpu_env");
	cr_expect_eq(g.recs[3].count, 2);
	cr_expect_null(g.recs[4].name, "an AutoDetect-only line has no GRES");
	cr_expect_str_eq(slurmgres_autodetect(&g, "n3"), "off");
	cr_expect_null(slurmgres_autodetect(&g, "n1"));
	slurmgres_release(&g);
}

Test(slurmread, gres_count_disagreeing_with_files_is_refused_as_slurmd_does)
{
	struct slurmgres g = { 0 };
	char *cause = NULL;
	static const char text[] = "\nNodeName=n1 Name=gpu File=/dev/nvidia[0-1] Count=4\n";

	cr_expect_eq(slurmread_gres("g.conf", text, sizeof(text) - 1, mem_read, NULL, &g,
				    &cause), -1);
	cr_expect_str_eq(cause, "g.conf:2: Count=4 does not match File=/dev/nvidia[0-1] "
			 "(2 files), which slurmd refuses");
	cr_expect_eq(g.n, 0);
	free(cause);
}

Test(slurmread, counts_take_slurm_suffixes)
{
	uint64_t v;

	cr_expect_eq(slurmread_count("12", &v), 0);
	cr_expect_eq(v, 12);
	cr_expect_eq(slurmread_count("3M", &v), 0);
	cr_expect_eq(v, 3ULL << 20);
	cr_expect_eq(slurmread_count("1g", &v), 0);
	cr_expect_eq(v, 1ULL << 30);
	cr_expect_eq(slurmread_count("x", &v), -1);
	cr_expect_eq(slurmread_count("4kb", &v), -1);
}

Test(slurmread, settings_files_keep_the_last_value)
{
	struct slurmconf c = { 0 };
	char *cause = NULL;
	static const char text[] = "PurgeJobAfter=12month\nArchiveJobs=yes\npurgejobafter=6month\n";

	cr_assert_eq(slurmread_settings("slurmdbd.conf", text, sizeof(text) - 1, &c, &cause), 0);
	cr_expect_eq(c.n, 2);
	cr_expect_str_eq(setting(&c, "PurgeJobAfter"), "6month");
	cr_expect_eq(slurmread_setting(&c, "PurgeJobAfter")->lineno, 3);
	slurmconf_release(&c);
}

/* ---- a copy of a host's config directory ---- */

Test(slurmread, copy_path_maps_slurm_config_directories_beside_the_copy)
{
	static const char *const cases[][3] = {
		{ "site/slurm.conf", "/etc/slurm/nodes.conf", "site/nodes.conf" },
		{ "/srv/copy/slurm.conf", "/etc/slurm/conf.d/gpu.conf", "/srv/copy/conf.d/gpu.conf" },
		{ "slurm.conf", "/etc/slurm-llnl/parts.conf", "parts.conf" },
		{ "c/slurm.conf", "/usr/local/etc/slurm/x.conf", "c/x.conf" },
		{ "c/slurm.conf", "/usr/local/etc/x.conf", "c/x.conf" },
		/* the copy is where the hosts keep it, or the path is elsewhere: as written */
		{ "/etc/slurm/slurm.conf", "/etc/slurm/nodes.conf", NULL },
		{ "c/slurm.conf", "/srv/shared/nodes.conf", NULL },
		{ "c/slurm.conf", "/etc/slurm/", NULL },
		{ "c/slurm.conf", "nodes.conf", NULL },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *got = slurmread_copy_path(cases[i][0], cases[i][1]);

		if (cases[i][2])
			cr_expect_str_eq(got ? got : "(null)", cases[i][2], "%s", cases[i][1]);
		else
			cr_expect_null(got, "%s -> %s", cases[i][1], got);
		free(got);
	}
}

Test(slurmread, copy_reads_an_absolute_include_beside_the_copy)
{
	char dir[] = "/tmp/slurmread-copy-XXXXXX", *conf, *inc, *cause = NULL;
	struct slurmconf c = { 0 };
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	conf = xasprintf("%s/slurm.conf", dir);
	inc = xasprintf("%s/headnode.conf", dir);
	f = fopen(conf, "w");
	fputs("ClusterName=c\ninclude /etc/slurm/headnode.conf\nNodeName=n1 CPUs=2\n", f);
	fclose(f);
	f = fopen(inc, "w");
	fputs("SlurmctldHost=head\n", f);
	fclose(f);
	cr_assert_eq(slurmread_conf(conf, slurmread_copy, conf, &c, &cause), 0, "%s", cause);
	cr_expect_str_eq(setting(&c, "SlurmctldHost"), "head");
	/* the lines say where the hosts read them */
	cr_expect_str_eq(slurmread_setting(&c, "SlurmctldHost")->path, "/etc/slurm/headnode.conf");
	slurmconf_release(&c);
	unlink(inc);
	cr_expect_eq(slurmread_conf(conf, slurmread_copy, conf, &c, &cause), -1);
	cr_expect(strstr(cause, "headnode.conf") != NULL, "%s", cause);
	free(cause);
	unlink(conf);
	rmdir(dir);
	free(conf);
	free(inc);
}

Test(slurmread, booleans_and_the_last_default_partition)
{
	static const char *const yes[] = { "YES", "yes", "Up", "true", "1" };
	static const char *const no[] = { "NO", "no", "DOWN", "False", "0" };
	struct slurmconf c;

	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		cr_expect_eq(slurmread_bool(yes[i]), 1, "%s", yes[i]);
		cr_expect_eq(slurmread_bool(no[i]), 0, "%s", no[i]);
	}
	cr_expect_eq(slurmread_bool("maybe"), -1);
	cr_expect_eq(slurmread_bool(NULL), -1);
	read_conf("SlurmctldHost=h\nNodeName=n1\nPartitionName=DEFAULT Default=no\n"
		  "PartitionName=a Nodes=n1 Default=yes\nPartitionName=b Nodes=n1 Default=YES\n"
		  "PartitionName=c Nodes=n1\n", &c);
	cr_expect_eq(slurmread_default_partition(&c), record(&c, "PartitionName", "b"));
	slurmconf_release(&c);
	read_conf("SlurmctldHost=h\nPartitionName=a Default=NO\n", &c);
	cr_expect_null(slurmread_default_partition(&c));
	slurmconf_release(&c);
}
