/*
 * hwtruth_test.c: the parsers of slurmd -C and slurmd -G on output captured
 * from real Slurm 22.05.8 and 24.11.5 hosts (tests/data/hw/), malformed
 * output, the probe's framing, the probe script, and the check's verdict
 * for each mismatch (what Slurm was measured to do: hwtruth.c).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "observe/hwtruth.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/model.h"
#include "render/render.h"

static char *slurp(const char *name)
{
	char path[PATH_MAX];
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "tests/data/hw/%s", name);
	f = fopen(path, "r");
	cr_assert_not_null(f, "cannot open '%s'", path);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	return strbuf_detach(&sb, NULL);
}

/* ---- slurmd -C ---- */

static void check_c_capture(const char *name)
{
	char *text = slurp(name);
	struct hw_obs o = { 0 };

	cr_assert_eq(hwtruth_parse_c(text, &o), 0, "%s", name);
	cr_assert(o.has_c);
	cr_assert_eq(o.cpus, 2);
	cr_assert_eq(o.sockets, 1);
	cr_assert_eq(o.cores, 2);
	cr_assert_eq(o.threads, 1);
	cr_assert_eq(o.memory_mb, 24105);
	cr_assert_null(o.c_error);
	hwtruth_obs_release(&o);
	free(text);
}

Test(hwtruth, parse_c_2205) { check_c_capture("slurmd-C-2205.txt"); }
Test(hwtruth, parse_c_2411) { check_c_capture("slurmd-C-2411.txt"); }

Test(hwtruth, parse_c_boards_multiply_sockets)
{
	struct hw_obs o = { 0 };

	cr_assert_eq(hwtruth_parse_c("NodeName=n CPUs=64 Boards=2 SocketsPerBoard=2 "
				     "CoresPerSocket=8 ThreadsPerCore=2 RealMemory=515000\n"
				     "UpTime=1-00:00:00\n", &o), 0);
	cr_assert_eq(o.sockets, 4);
	cr_assert_eq(o.cpus, 64);
	cr_assert_eq(o.threads, 2);
	hwtruth_obs_release(&o);
}

Test(hwtruth, parse_c_malformed)
{
	static const char *const bad[] = {
		"",
		"garbage\n",
		"UpTime=0-03:13:43\n",
		"NodeName=vm CPUs=two Boards=1 SocketsPerBoard=1 CoresPerSocket=2 "
		"ThreadsPerCore=1 RealMemory=24105\n",
		/* cut short: no RealMemory */
		"NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2\n",
		"slurmd: fatal: something\n",
		"NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 "
		"ThreadsPerCore=1 RealMemory=99999999999999999999\n",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hw_obs o = { 0 };

		cr_assert_eq(hwtruth_parse_c(bad[i], &o), -1, "case %zu", i);
		cr_assert(!o.has_c, "case %zu", i);
		cr_assert_not_null(o.c_error, "case %zu", i);
		hwtruth_obs_release(&o);
	}
}

/* ---- slurmd -G ---- */

static void check_g_capture(const char *name, long long count, const char *file)
{
	char *text = slurp(name);
	struct hw_obs o = { 0 };

	cr_assert_eq(hwtruth_parse_g(text, &o), 0, "%s", name);
	cr_assert_eq(o.n_gres, 1, "%s", name);
	cr_assert_str_eq(o.gres[0].name, "gpu");
	cr_assert_str_eq(o.gres[0].type, "fake");
	cr_assert_eq(o.gres[0].count, count);
	cr_assert_str_eq(o.gres[0].file, file);
	cr_assert_null(o.g_error, "%s", name);
	hwtruth_obs_release(&o);
	free(text);
}

Test(hwtruth, parse_g_2205) { check_g_capture("slurmd-G-2205.txt", 2, "/dev/tty[1-2]"); }
Test(hwtruth, parse_g_2411) { check_g_capture("slurmd-G-2411.txt", 2, "/dev/tty[1-2]"); }
/* 26.05 prefixes its log lines with a timestamp, not "slurmd: " */
Test(hwtruth, parse_g_2605) { check_g_capture("slurmd-G-2605.txt", 2, "/dev/tty[1-2]"); }
/* slurm.conf says 2, gres.conf has one file: slurmd reports 1 */
Test(hwtruth, parse_g_fewer_2205) { check_g_capture("slurmd-G-fewer-2205.txt", 1, "/dev/tty1"); }
Test(hwtruth, parse_g_fewer_2411) { check_g_capture("slurmd-G-fewer-2411.txt", 1, "/dev/tty1"); }

static void check_g_notdev(const char *name)
{
	char *text = slurp(name);
	struct hw_obs o = { 0 };

	cr_assert_eq(hwtruth_parse_g(text, &o), 0);
	cr_assert_eq(o.n_gres, 2);
	cr_assert_str_eq(o.gres[1].file, "/etc/hostname");
	cr_assert_eq(o.gres[0].count + o.gres[1].count, 2);
	cr_assert_str_eq(o.g_error, "error: /etc/hostname is not a valid character "
			 "or block device, fix your gres.conf");
	hwtruth_obs_release(&o);
	free(text);
}

Test(hwtruth, parse_g_notdev_2205) { check_g_notdev("slurmd-G-notdev-2205.txt"); }
Test(hwtruth, parse_g_notdev_2411) { check_g_notdev("slurmd-G-notdev-2411.txt"); }

Test(hwtruth, parse_g_failures)
{
	char *nomunge = slurp("slurmd-G-nomunge-2411.txt");
	char *missing = slurp("slurmd-G-missing-2205.txt");
	struct hw_obs o = { 0 };

	cr_assert_eq(hwtruth_parse_g(nomunge, &o), -1);
	cr_assert_eq(o.n_gres, 0);
	cr_assert_str_eq(o.g_error, "error: slurmd initialization failed");
	hwtruth_obs_release(&o);
	cr_assert_eq(hwtruth_parse_g(missing, &o), -1);
	cr_assert_str_eq(o.g_error, "fatal: can't stat gres.conf file /dev/nvidia0: "
			 "No such file or directory");
	hwtruth_obs_release(&o);
	free(missing);
	missing = slurp("slurmd-G-missing-2605.txt");
	cr_assert_eq(hwtruth_parse_g(missing, &o), -1);
	cr_assert_str_eq(o.g_error, "fatal: can't stat gres.conf file /dev/nvidia0: "
			 "No such file or directory");
	hwtruth_obs_release(&o);
	free(nomunge);
	free(missing);
}

Test(hwtruth, parse_g_malformed)
{
	static const char *const bad[] = {
		"",
		"nonsense\n",
		"slurmd: Gres\n",
		"slurmd: Gres Name=gpu Type=fake Count=two\n",
		"slurmd: Gres Type=fake Count=2\n",	/* no Name */
		"Gres Name=gpu Count=\n",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hw_obs o = { 0 };

		cr_assert_eq(hwtruth_parse_g(bad[i], &o), -1, "case %zu", i);
		cr_assert_eq(o.n_gres, 0, "case %zu", i);
		cr_assert_not_null(o.g_error, "case %zu", i);
		hwtruth_obs_release(&o);
	}
}

Test(hwtruth, parse_g_untyped)
{
	struct hw_obs o = { 0 };

	cr_assert_eq(hwtruth_parse_g("slurmd: Gres Name=gpu Type=(null) Count=4 "
				     "Index=0 ID=7696487 File=(null) (null)\n", &o), 0);
	cr_assert_null(o.gres[0].type);
	cr_assert_null(o.gres[0].file);
	cr_assert_eq(o.gres[0].count, 4);
	hwtruth_obs_release(&o);
}

/* ---- the probe's framing ---- */

Test(hwtruth, parse_framing)
{
	char *c = slurp("slurmd-C-2411.txt"), *g = slurp("slurmd-G-notdev-2411.txt");
	struct strbuf out = STRBUF_INIT;
	struct hw_obs o = { 0 };

	/* what the other probes of the same command print around it */
	strbuf_addstr(&out, "slurm:x:64030:64030::/x:/bin/false\n@@\n"
		      "@@V slurmd slurm-wlm 24.11.5\n@@HW begin\n@@HW C 0\n");
	for (const char *p = c; *p; p = strchr(p, '\n') + 1)
		strbuf_addf(&out, "@@HC %.*s\n", (int)(strchr(p, '\n') - p), p);
	strbuf_addstr(&out, "@@HW notdev /etc/hostname\n@@HW G 0\n");
	for (const char *p = g; *p; p = strchr(p, '\n') + 1)
		strbuf_addf(&out, "@@HG %.*s\n", (int)(strchr(p, '\n') - p), p);
	strbuf_addstr(&out, "@@HW end\n");
	hwtruth_parse(out.buf, &o);
	cr_assert(o.probed && o.has_c && o.g_run);
	cr_assert_eq(o.g_rc, 0);
	cr_assert_eq(o.cpus, 2);
	cr_assert_eq(o.n_gres, 2);
	cr_assert_eq(o.n_notdev, 1);
	cr_assert_str_eq(o.notdev[0], "/etc/hostname");
	cr_assert_eq(o.n_missing, 0);
	/* parsing again starts over */
	hwtruth_parse("@@HW begin\n@@HW no-slurmd\n@@HW end\n", &o);
	cr_assert(o.probed && o.no_slurmd && !o.has_c && !o.n_gres && !o.n_notdev);
	hwtruth_parse("no probe here\n", &o);
	cr_assert(!o.probed);
	hwtruth_obs_release(&o);
	strbuf_release(&out);
	free(c);
	free(g);
}

/* ---- the check ---- */

struct fx {
	struct model *m;
	struct node_type *nt;
	struct gpu_spec gpu;
	struct hw_obs o;
	struct hw_findings f;
};

/* a host gpu01 declared as the lab's: 1 x 2 x 1, 2000 MB, 2 'fake' GPUs */
static void fx_init(struct fx *x)
{
	memset(x, 0, sizeof(*x));
	x->m = model_new();
	x->nt = pool_alloc(&x->m->pool, sizeof(*x->nt));
	x->nt->name = "fake2";
	x->nt->cpus = 2;
	x->nt->boards = MODEL_UNSET;
	x->nt->sockets = 1;
	x->nt->cores_per_socket = 2;
	x->nt->threads_per_core = 1;
	x->nt->memory_mb = 2000;
	x->gpu = (struct gpu_spec){ .type = "fake", .count = 2, .files = "/dev/tty[1-2]" };
	x->nt->gpus = &x->gpu;
	x->nt->n_gpus = 1;
	x->m->hosts = pool_alloc(&x->m->pool, 2 * sizeof(struct host));
	x->m->n_hosts = 2;
	x->m->hosts[0] = (struct host){ .name = "gpu01", .type = x->nt,
					.roles = ROLE_COMPUTE };
	x->m->hosts[1] = (struct host){ .name = "ctl", .roles = ROLE_CONTROLLER };
	/* what slurmd finds: exactly that */
	x->o = (struct hw_obs){ .probed = true, .has_c = true, .cpus = 2,
				.sockets = 1, .cores = 2, .threads = 1,
				.memory_mb = 2000, .g_run = true };
	x->o.gres = xcalloc(1, sizeof(*x->o.gres));
	x->o.gres[0] = (struct hw_gres){ xstrdup("gpu"), xstrdup("fake"), 2,
					 xstrdup("/dev/tty[1-2]") };
	x->o.n_gres = 1;
}

static void fx_fini(struct fx *x)
{
	hwtruth_obs_release(&x->o);
	hwtruth_findings_release(&x->f);
	model_free(x->m);
}

static void fx_overrides(struct fx *x)
{
	struct kv *kv = pool_alloc(&x->m->pool, sizeof(*kv));

	kv->key = "SlurmdParameters";
	kv->value = "config_overrides";
	x->m->cluster.slurm_conf = (struct kv_list){ kv, 1 };
}

/* The one finding there is: its level and the start of its text. */
static void expect_one(struct fx *x, enum hw_level level, const char *start)
{
	hwtruth_check(x->m, 0, &x->o, &x->f);
	cr_assert_eq(x->f.n, 1, "%zu findings, first: %s", x->f.n,
		     x->f.n ? x->f.items[0].text : "-");
	cr_assert_eq(x->f.items[0].level, level, "%s", x->f.items[0].text);
	cr_assert(!strncmp(x->f.items[0].text, start, strlen(start)), "%s",
		  x->f.items[0].text);
	cr_assert(!strstr(x->f.items[0].text, "gpu01"), "a finding names no host");
	cr_assert_eq(hwtruth_has_error(&x->f), level == HW_ERROR);
}

Test(hwtruth, check_truth_says_nothing)
{
	struct fx x;

	fx_init(&x);
	hwtruth_check(x.m, 0, &x.o, &x.f);
	cr_assert_eq(x.f.n, 0, "%s", x.f.n ? x.f.items[0].text : "");
	/* a host without a node type is never probed */
	cr_assert(!hwtruth_probes(x.m, 1));
	x.o.probed = false;
	x.o.cpus = 1;
	hwtruth_check(x.m, 0, &x.o, &x.f);
	cr_assert_eq(x.f.n, 0);
	fx_fini(&x);
}

Test(hwtruth, check_more_cpus_declared_is_an_error)
{
	struct fx x;

	fx_init(&x);
	x.o.cpus = 1;
	x.o.cores = 1;
	expect_one(&x, HW_ERROR, "CPUs: 2 declared (1 x 2 x 1), slurmd -C finds 1");
	cr_assert(strstr(x.f.items[0].text, "(Low CPUs)"));
	fx_fini(&x);
}

Test(hwtruth, check_more_cpus_with_config_overrides_is_a_warning)
{
	struct fx x;

	fx_init(&x);
	fx_overrides(&x);
	x.o.cpus = 1;
	x.o.cores = 1;
	expect_one(&x, HW_WARNING, "CPUs: 2 declared");
	cr_assert(strstr(x.f.items[0].text, "config_overrides"));
	fx_fini(&x);
}

Test(hwtruth, check_fewer_cpus_declared_is_a_warning)
{
	struct fx x;

	fx_init(&x);
	x.o.cpus = 4;
	x.o.cores = 4;
	expect_one(&x, HW_WARNING, "CPUs: 2 declared, slurmd -C finds 4: Slurm uses 2");
	fx_fini(&x);
}

Test(hwtruth, check_other_layout_is_a_warning)
{
	struct fx x;

	fx_init(&x);
	x.o.sockets = 2;
	x.o.cores = 1;
	expect_one(&x, HW_WARNING, "CPU layout: 1 sockets x 2 cores x 1 threads "
		   "declared, slurmd -C finds 2 x 1 x 1");
	fx_fini(&x);
}

Test(hwtruth, check_memory)
{
	struct fx x;

	fx_init(&x);
	x.o.memory_mb = 1500;
	expect_one(&x, HW_ERROR, "memory: RealMemory 2000 MB declared, slurmd -C "
		   "finds 1500 MB: slurmctld drains it (Low RealMemory)");
	fx_fini(&x);
	fx_init(&x);
	fx_overrides(&x);
	x.o.memory_mb = 1500;
	expect_one(&x, HW_WARNING, "memory: RealMemory 2000 MB declared");
	fx_fini(&x);
	fx_init(&x);
	x.o.memory_mb = 24105;
	expect_one(&x, HW_WARNING, "memory: RealMemory 2000 MB declared, slurmd -C "
		   "finds 24105 MB: Slurm hands out 2000 MB");
	fx_fini(&x);
}

Test(hwtruth, check_gpus)
{
	struct fx x;

	fx_init(&x);
	x.o.gres[0].count = 1;
	expect_one(&x, HW_ERROR, "GPUs: 2 'fake' declared, slurmd -G finds 1: "
		   "slurmctld drains it");
	fx_fini(&x);
	/* another type than declared counts as none of the declared one */
	fx_init(&x);
	free(x.o.gres[0].type);
	x.o.gres[0].type = xstrdup("a100");
	expect_one(&x, HW_ERROR, "GPUs: 2 'fake' declared, slurmd -G finds 0");
	fx_fini(&x);
	/* untyped declared: any type counts */
	fx_init(&x);
	x.gpu.type = NULL;
	x.o.gres[0].count = 3;
	expect_one(&x, HW_WARNING, "GPUs: 2 declared, slurmd -G finds 3: Slurm uses 2");
	fx_fini(&x);
}

Test(hwtruth, check_gpu_files)
{
	struct fx x;

	fx_init(&x);
	x.o.g_run = false;	/* the probe does not run -G with a file missing */
	x.o.missing = xcalloc(2, sizeof(char *));
	x.o.missing[0] = xstrdup("/dev/nvidia0");
	x.o.missing[1] = xstrdup("/dev/nvidia1");
	x.o.n_missing = 2;
	expect_one(&x, HW_ERROR, "GRES files missing: /dev/nvidia[0-1]: slurmd does not start");
	fx_fini(&x);
	fx_init(&x);
	x.o.notdev = xcalloc(1, sizeof(char *));
	x.o.notdev[0] = xstrdup("/etc/hostname");
	x.o.n_notdev = 1;
	expect_one(&x, HW_WARNING, "GRES files that are no device: /etc/hostname");
	fx_fini(&x);
}

Test(hwtruth, check_not_checked_is_a_note)
{
	struct fx x;

	fx_init(&x);
	x.o.g_rc = 1;
	x.o.g_error = xstrdup("error: slurmd initialization failed");
	expect_one(&x, HW_NOTE, "GPUs not checked: slurmd -G exited with an error: error: "
		   "slurmd initialization failed");
	fx_fini(&x);
	fx_init(&x);
	x.o.has_c = false;
	x.o.c_error = xstrdup("garbled");
	expect_one(&x, HW_NOTE, "CPUs and memory not checked: slurmd -C garbled");
	fx_fini(&x);
	fx_init(&x);
	x.o.no_slurmd = true;
	expect_one(&x, HW_NOTE, "hardware not checked: slurmd is not installed");
	fx_fini(&x);
}

/* ---- the probe script ---- */

static void add_rendered(struct rendered_set *rs, const char *host,
			 const char *path, const char *bytes)
{
	XGROW(rs->blobs, rs->alloc_blobs, rs->n_blobs + 1);
	rs->blobs[rs->n_blobs] = (struct rendered_blob){ .bytes = xstrdup(bytes),
							 .len = strlen(bytes) };
	XGROW(rs->files, rs->alloc_files, rs->n_files + 1);
	rs->files[rs->n_files++] = (struct rendered_file){
		.host = xstrdup(host), .path = xstrdup(path), .owner = xstrdup("root"),
		.group = xstrdup("root"), .mode = 0644, .blob = rs->n_blobs++ };
}

/*
 * The strings add_rendered() made (a set render_cluster() makes keeps its
 * own, and its release frees them), then the set.
 */
static void release_rendered(struct rendered_set *rs)
{
	for (size_t i = 0; i < rs->n_files; i++) {
		free(rs->files[i].host);
		free(rs->files[i].path);
		free(rs->files[i].owner);
		free(rs->files[i].group);
	}
	rendered_set_release(rs);
}

Test(hwtruth, probe_script)
{
	struct rendered_set rs = RENDERED_SET_INIT;
	struct strbuf cmd = STRBUF_INIT;
	struct fx x;

	fx_init(&x);
	add_rendered(&rs, "gpu01", "/etc/slurm/gres.conf",
		     "NodeName=gpu01 Name=gpu Type=fake File=/dev/tty[1-2]\n");
	add_rendered(&rs, "gpu01", "/etc/slurm/slurm.conf", "ClusterName=lab\n"
		     "NodeName=gpu01 CPUs=2 Gres=gpu:fake:2");	/* no final newline */
	hwtruth_probe(&cmd, x.m, 1, &rs, 0, 2);
	cr_assert_eq(cmd.len, 0, "no probe on a host without a node type");
	hwtruth_probe(&cmd, x.m, 0, &rs, 0, 2);
	cr_assert(strstr(cmd.buf, "slurmd -C "));
	cr_assert(strstr(cmd.buf, "for f in '/dev/tty1' '/dev/tty2'; do") ||
		  strstr(cmd.buf, "for f in /dev/tty1 /dev/tty2; do"), "%s", cmd.buf);
	cr_assert(strstr(cmd.buf, "NodeName=gpu01 CPUs=2 Gres=gpu:fake:2\n"
			 "CLUSTERCTL_HWTRUTH_EOF\n"), "%s", cmd.buf);
	cr_assert(strstr(cmd.buf, "slurmd -G -f \"$d/slurm.conf\" -N "));
	cr_assert(strstr(cmd.buf, "rm -rf \"$d\""));
	strbuf_release(&cmd);
	/* a file holding the terminator line cannot go in a here-document */
	add_rendered(&rs, "gpu01", "/etc/slurm/cgroup.conf", "CLUSTERCTL_HWTRUTH_EOF\n");
	hwtruth_probe(&cmd, x.m, 0, &rs, 0, 3);
	cr_assert(!strstr(cmd.buf, "slurmd -G"));
	cr_assert(strstr(cmd.buf, "@@HW G-skipped"));
	strbuf_release(&cmd);
	release_rendered(&rs);
	fx_fini(&x);
}

/*
 * A GRES besides the GPUs with files (a nic): slurmd stats those too, so
 * the probe checks them, on a node type without GPUs as well (no slurmd -G
 * there: what it finds is compared for GPUs only).
 */
Test(hwtruth, gres_files_are_probed_and_checked)
{
	struct rendered_set rs = RENDERED_SET_INIT;
	struct strbuf cmd = STRBUF_INIT;
	struct gres_spec nic = { .name = "nic", .count = 1, .files = "/dev/infiniband/uverbs0" };
	struct fx x;

	fx_init(&x);
	x.nt->n_gpus = 0;
	x.nt->gres = &nic;
	x.nt->n_gres = 1;
	hwtruth_probe(&cmd, x.m, 0, &rs, 0, 0);
	cr_assert(strstr(cmd.buf, "for f in '/dev/infiniband/uverbs0'; do") ||
		  strstr(cmd.buf, "for f in /dev/infiniband/uverbs0; do"), "%s", cmd.buf);
	cr_expect(!strstr(cmd.buf, "slurmd -G"), "%s", cmd.buf);
	strbuf_release(&cmd);
	x.o.g_run = false;
	x.o.missing = xcalloc(1, sizeof(char *));
	x.o.missing[0] = xstrdup("/dev/infiniband/uverbs0");
	x.o.n_missing = 1;
	expect_one(&x, HW_ERROR, "GRES files missing: /dev/infiniband/uverbs0: slurmd "
		   "does not start");
	fx_fini(&x);
}

/* issue 21: one entry per device, the type's count their sum */
Test(hwtruth, check_gpu_entries_of_one_type_add_up)
{
	struct fx x;
	struct gpu_spec *two;

	fx_init(&x);
	two = pool_alloc(&x.m->pool, 2 * sizeof(*two));
	two[0] = (struct gpu_spec){ .type = "fake", .count = 1, .files = "/dev/tty1",
				    .cores = "0" };
	two[1] = (struct gpu_spec){ .type = "FAKE", .count = 1, .files = "/dev/tty2",
				    .cores = "1" };
	x.nt->gpus = two;
	x.nt->n_gpus = 2;
	hwtruth_check(x.m, 0, &x.o, &x.f);
	cr_assert_eq(x.f.n, 0, "%s", x.f.n ? x.f.items[0].text : "");
	x.o.gres[0].count = 1;
	expect_one(&x, HW_ERROR, "GPUs: 2 'fake' declared, slurmd -G finds 1");
	fx_fini(&x);
}
