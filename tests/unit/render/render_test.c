/*
 * render_test.c: the rendered_set. Which host gets which file with which
 * owner and mode (push and configless), identical files sharing one blob,
 * secrets never in any bytes (munge key without bytes, the database
 * password replaced by the placeholder), determinism, config_dir, and site
 * templates from template_dir with fallback and error reporting.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inventory/inventory.h"
#include "base/pathtrust.h"
#include "render/render.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"

#define DB_SECRET "s3cr3t-Pa55word-in-file"

/* a macro, not a variable: it is a printf format (-Wformat=2) */
#define LAB_LIKE \
	"database: {host: 127.0.0.1, port: 3307, user: slurm, password_file: %s}\n" \
	"node_types:\n" \
	"  f: {cpus: 2, memory_mb: 2000, gpus: {type: fake, count: 2, files: \"/dev/tty[1-2]\"}}\n" \
	"hosts:\n" \
	"  - {names: ctl, address: 127.0.10.1, roles: [controller, dbd, login]}\n" \
	"  - {names: \"gpu[01-03]\", addresses: \"127.0.10.[2-4]\", type: f, slurmd_port: 6831}\n" \
	"%s" \
	"partitions:\n  - {name: gpu, nodes: \"gpu[01-03]\", default: true}\n"

static char pass_dir[] = "/tmp/render_test_pass.XXXXXX";
static char *pass_file;

/* A file holding DB_SECRET at path (a mkstemp template, filled in). */
static void write_secret(char *path)
{
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, DB_SECRET "\n", strlen(DB_SECRET) + 1),
		     (ssize_t)strlen(DB_SECRET) + 1);
	close(fd);
}

/* The password file, in a directory of its own that the caller allows. */
static void make_pass_file(void)
{
	char *cause = NULL;

	if (pass_file)	/* one per test process */
		return;
	cr_assert_not_null(mkdtemp(pass_dir));
	pass_file = xasprintf("%s/pass.XXXXXX", pass_dir);
	write_secret(pass_file);
	cr_assert_eq(pathtrust_allow(pass_dir, &cause), 0, "%s", cause);
}

/*
 * A validated model: cluster keys (inside cluster:) plus the lab-like rest,
 * with extra_hosts (lines of hosts:) after its hosts.
 */
static struct model *model_from(const char *cluster_keys, const char *extra_hosts)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct model *m;

	make_pass_file();
	strbuf_addf(&sb, "cluster: {name: lab, controller: ctl, accounting_host: ctl,\n"
		    "  slurm_user: {name: slurm, uid: 64030, gid: 64030},\n"
		    "  munge_user: {name: munge, uid: 64031, gid: 64031}%s}\n",
		    cluster_keys);
	strbuf_addf(&sb, LAB_LIKE, pass_file, extra_hosts);
	m = inventory_load_string("t.yaml", sb.buf, sb.len, &dl);
	cr_assert_not_null(m);
	validate_model(m, &dl);
	cr_assert_eq(diag_errors(&dl), 0, "inventory errors: %s",
		     dl.n ? dl.items[0].msg : "");
	diag_release(&dl);
	strbuf_release(&sb);
	return m;
}

static struct model *model_with(const char *cluster_keys)
{
	return model_from(cluster_keys, "");
}

static void render_ok(const struct model *m, struct rendered_set *set)
{
	struct diag_list dl = DIAG_LIST_INIT;

	cr_assert_eq(render_cluster(m, set, &dl), 0, "render: %s",
		     dl.n ? dl.items[0].msg : "");
	cr_assert_eq(dl.n, 0);
	diag_release(&dl);
}

static const char *bytes_of(const struct rendered_set *set, const char *host,
			    const char *path)
{
	const struct rendered_file *f = rendered_set_find(set, host, path);

	cr_assert_not_null(f, "no %s on %s", path, host);
	cr_assert_not_null(rendered_file_blob(set, f));
	return rendered_file_blob(set, f)->bytes;
}

static void cleanup(void)
{
	if (pass_file)
		unlink(pass_file);
	rmdir(pass_dir);
	free(pass_file);
}

TestSuite(render, .fini = cleanup);

Test(render, push_mode_gives_every_host_its_files_sorted)
{
	static const char *const want[] = {
		"ctl /etc/munge/munge.key munge munge 0400",
		"ctl /etc/slurm/cgroup.conf root root 0644",
		"ctl /etc/slurm/gres.conf root root 0644",
		"ctl /etc/slurm/slurm.conf root root 0644",
		"ctl /etc/slurm/slurmdbd.conf slurm slurm 0600",
		"gpu01 /etc/munge/munge.key munge munge 0400",
		"gpu01 /etc/slurm/cgroup.conf root root 0644",
		"gpu01 /etc/slurm/gres.conf root root 0644",
		"gpu01 /etc/slurm/slurm.conf root root 0644",
	};
	struct model *m = model_with("");
	struct rendered_set set = RENDERED_SET_INIT;
	size_t i;

	render_ok(m, &set);
	cr_assert_eq(set.n_files, 5 + 3 * 4);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct rendered_file *f = &set.files[i];
		char *got = xasprintf("%s %s %s %s %04o", f->host, f->path,
				      f->owner, f->group, f->mode);

		cr_assert_str_eq(got, want[i]);
		free(got);
	}
	cr_assert_str_eq(set.files[set.n_files - 1].host, "gpu03");
	rendered_set_release(&set);
	model_free(m);
}

Test(render, identical_files_share_one_blob)
{
	struct model *m = model_with("");
	struct rendered_set set = RENDERED_SET_INIT;
	const struct rendered_file *a, *b;

	render_ok(m, &set);
	cr_assert_eq(set.n_blobs, 4, "slurm, gres, cgroup, slurmdbd: %zu", set.n_blobs);
	a = rendered_set_find(&set, "ctl", "/etc/slurm/slurm.conf");
	b = rendered_set_find(&set, "gpu03", "/etc/slurm/slurm.conf");
	cr_assert_eq(a->blob, b->blob);
	cr_assert_eq(strlen(set.blobs[a->blob].sha256), 64);
	cr_assert_eq(set.blobs[a->blob].len, strlen(set.blobs[a->blob].bytes));
	rendered_set_release(&set);
	model_free(m);
}

Test(render, secrets_never_in_bytes)
{
	struct model *m;
	struct rendered_set set = RENDERED_SET_INIT;
	const struct rendered_file *key, *dbd;
	size_t i;

	setenv("RENDER_TEST_DB_PASS", DB_SECRET, 1);
	m = model_with("");
	render_ok(m, &set);
	key = rendered_set_find(&set, "gpu02", "/etc/munge/munge.key");
	cr_assert(key->secret);
	cr_assert_eq(key->blob, SIZE_MAX);
	cr_assert_null(rendered_file_blob(&set, key));
	dbd = rendered_set_find(&set, "ctl", "/etc/slurm/slurmdbd.conf");
	cr_assert(dbd->has_secret_placeholder);
	cr_assert_not_null(strstr(bytes_of(&set, "ctl", "/etc/slurm/slurmdbd.conf"),
				  "\nStoragePass=" RENDER_SECRET_DB_PASSWORD "\n"));
	for (i = 0; i < set.n_blobs; i++)
		cr_assert_null(strstr(set.blobs[i].bytes, DB_SECRET));
	for (i = 0; i < set.n_files; i++)
		if (strcmp(set.files[i].path, "/etc/slurm/slurmdbd.conf"))
			cr_assert_not(set.files[i].has_secret_placeholder);
	cr_assert_null(rendered_set_find(&set, "gpu01", "/etc/slurm/slurmdbd.conf"));
	rendered_set_release(&set);
	model_free(m);
}

Test(render, folded_lines_in_the_bytes)
{
	struct model *m = model_with("");
	struct rendered_set set = RENDERED_SET_INIT;
	const char *conf, *gres;

	render_ok(m, &set);
	conf = bytes_of(&set, "gpu01", "/etc/slurm/slurm.conf");
	cr_assert_not_null(strstr(conf, "\nClusterName=lab\n"));
	cr_assert_not_null(strstr(conf, "\nSlurmctldHost=ctl(127.0.10.1)\n"));
	cr_assert_not_null(strstr(conf, "\nGresTypes=gpu\n"));
	cr_assert_not_null(strstr(conf, "\nAccountingStorageTRES=gres/gpu\n"),
			   "no typed TRES that no limit names");
	cr_assert_not_null(strstr(conf, "\nNodeName=gpu02 NodeAddr=127.0.10.3 CPUs=2 "
				  "RealMemory=2000 Gres=gpu:fake:2 Port=6832\n"));
	cr_assert_not_null(strstr(conf, "\nPartitionName=gpu Nodes=gpu[01-03] Default=YES State=UP\n"));
	gres = bytes_of(&set, "ctl", "/etc/slurm/gres.conf");
	cr_assert_not_null(strstr(gres, "\nNodeName=gpu[01-03] Name=gpu Type=fake File=/dev/tty[1-2]\n"));
	cr_assert_not_null(strstr(bytes_of(&set, "ctl", "/etc/slurm/cgroup.conf"),
				  "\nConstrainDevices=yes\n"));
	rendered_set_release(&set);
	model_free(m);
}

Test(render, typed_tres_where_a_limit_or_the_site_names_it)
{
	struct model *m = model_from("", "qos:\n  - {name: g, max_tres_per_user: "
				     "{gres/gpu:fake: 1}}\n");
	struct rendered_set set = RENDERED_SET_INIT;

	render_ok(m, &set);
	cr_expect_not_null(strstr(bytes_of(&set, "ctl", "/etc/slurm/slurm.conf"),
				  "\nAccountingStorageTRES=gres/gpu,gres/gpu:fake\n"));
	rendered_set_release(&set);
	model_free(m);
	m = model_with(", slurm_conf: {AccountingStorageTRES: \"gres/gpu:fake\"}");
	render_ok(m, &set);
	cr_expect_not_null(strstr(bytes_of(&set, "ctl", "/etc/slurm/slurm.conf"),
				  "\nAccountingStorageTRES=gres/gpu:fake,gres/gpu\n"));
	rendered_set_release(&set);
	model_free(m);
}

Test(render, configless_keeps_configs_on_the_controller)
{
	struct model *m = model_with(", config_mode: configless");
	struct rendered_set set = RENDERED_SET_INIT;
	size_t i, on_gpu01 = 0;

	render_ok(m, &set);
	for (i = 0; i < set.n_files; i++)
		if (!strcmp(set.files[i].host, "gpu01")) {
			on_gpu01++;
			cr_assert(!strcmp(set.files[i].path, "/etc/munge/munge.key") ||
				  !strcmp(set.files[i].path, SLURM_SLURMD_DEFAULTS) ||
				  !strcmp(set.files[i].path, SLURM_SLURMD_DROPIN));
		}
	cr_assert_eq(on_gpu01, 3);
	cr_assert_not_null(strstr(bytes_of(&set, "gpu01", SLURM_SLURMD_DEFAULTS),
				  "\nSLURMD_OPTIONS=\"--conf-server "));
	/* Debian's slurmd.service has ConditionPathExists=/etc/slurm/slurm.conf */
	cr_assert_not_null(strstr(bytes_of(&set, "gpu01", SLURM_SLURMD_DROPIN),
				  "\n[Unit]\nConditionPathExists=\n"));
	/* the configs gpu01 no longer gets are what it must not keep */
	for (i = 0, on_gpu01 = 0; i < set.n_absent; i++)
		if (!strcmp(set.absent[i].host, "gpu01")) {
			on_gpu01++;
			cr_assert(!set.absent[i].only_ours);
			cr_assert(!strncmp(set.absent[i].path, "/etc/slurm/", 11));
		}
	cr_assert_eq(on_gpu01, 3);
	cr_assert_not_null(strstr(bytes_of(&set, "ctl", "/etc/slurm/slurm.conf"),
				  "\nSlurmctldParameters=enable_configless\n"));
	rendered_set_release(&set);
	model_free(m);
}

Test(render, push_mode_takes_back_what_configless_wrote)
{
	struct model *m = model_with("");
	struct rendered_set set = RENDERED_SET_INIT;
	size_t i, on_gpu01 = 0;

	render_ok(m, &set);
	/* only files clusterctl wrote (only_ours) go: an admin's own stay */
	for (i = 0; i < set.n_absent; i++)
		if (!strcmp(set.absent[i].host, "gpu01")) {
			on_gpu01++;
			cr_assert(set.absent[i].only_ours);
			cr_assert(!strcmp(set.absent[i].path, SLURM_SLURMD_DEFAULTS) ||
				  !strcmp(set.absent[i].path, SLURM_SLURMD_DROPIN));
		}
	cr_assert_eq(on_gpu01, 2);
	rendered_set_release(&set);
	model_free(m);
}

/* The paths host has in the set's files (absent: its absent set), sorted. */
static char *paths_of(const struct rendered_set *set, const char *host, bool absent)
{
	const struct rendered_file *files = absent ? set->absent : set->files;
	size_t i, n = absent ? set->n_absent : set->n_files;
	struct strbuf sb = STRBUF_INIT;

	for (i = 0; i < n; i++)
		if (!strcmp(files[i].host, host))
			strbuf_addf(&sb, "%s%s%s", sb.len ? " " : "", files[i].path,
				    absent && files[i].only_ours ? "(ours)" : "");
	return strbuf_detach(&sb, NULL);
}

#define LOGIN1 "  - {names: login1, address: 127.0.10.5, roles: [login]}\n"

static void assert_login1(const char *cluster_keys, const char *files,
			  const char *absent)
{
	struct model *m = model_from(cluster_keys, LOGIN1);
	struct rendered_set set = RENDERED_SET_INIT;
	char *have = NULL, *gone = NULL;

	render_ok(m, &set);
	have = paths_of(&set, "login1", false);
	gone = paths_of(&set, "login1", true);
	cr_expect_str_eq(have, files);
	cr_expect_str_eq(gone, absent);
	free(have);
	free(gone);
	rendered_set_release(&set);
	model_free(m);
}

/*
 * A login host with no slurmd: sackd fetches its client commands' config
 * in configless mode from 23.11 on; before 23.11 (no sackd) and in push
 * mode it keeps the files, and what clusterctl wrote for sackd goes.
 */
Test(render, configless_login_host_runs_sackd_from_23_11)
{
	static const char sackd[] = "/etc/default/sackd /etc/munge/munge.key "
		"/etc/systemd/system/sackd.service.d/clusterctl-configless.conf";
	static const char sackd_gone[] = "/etc/default/sackd(ours) "
		"/etc/systemd/system/sackd.service.d/clusterctl-configless.conf(ours)";

	assert_login1(", config_mode: configless, slurm_version: \"24.11\"", sackd,
		      "/etc/slurm/slurm.conf /etc/slurm/gres.conf /etc/slurm/cgroup.conf");
	assert_login1(", config_mode: configless, slurm_version: \"23.11\"", sackd,
		      "/etc/slurm/slurm.conf /etc/slurm/gres.conf /etc/slurm/cgroup.conf");
	assert_login1(", config_mode: configless, slurm_version: \"23.02\"",
		      "/etc/munge/munge.key /etc/slurm/cgroup.conf "
		      "/etc/slurm/gres.conf /etc/slurm/slurm.conf", sackd_gone);
	assert_login1(", slurm_version: \"24.11\"",
		      "/etc/munge/munge.key /etc/slurm/cgroup.conf "
		      "/etc/slurm/gres.conf /etc/slurm/slurm.conf", sackd_gone);
}

/* sackd 24.11 exits when no slurmctld answers: its unit starts it again */
Test(render, sackd_dropin_restarts_sackd)
{
	struct model *m = model_from(", config_mode: configless, slurm_version: \"24.11\"", LOGIN1);
	struct rendered_set set = RENDERED_SET_INIT;
	const char *dropin;

	render_ok(m, &set);
	dropin = bytes_of(&set, "login1", SLURM_SACKD_DROPIN);
	cr_assert_not_null(strstr(dropin, "\n[Service]\nRestart=on-failure\nRestartSec=10\n"),
			   "%s", dropin);
	cr_expect_not_null(strstr(dropin, "\n[Unit]\nStartLimitIntervalSec=0\n"), "%s", dropin);
	rendered_set_release(&set);
	model_free(m);
}

Test(render, sackd_defaults_name_the_controllers)
{
	struct model *m = model_from(", config_mode: configless, slurm_version: \"24.11\","
				     " slurmctld_port: 7017", LOGIN1);
	struct rendered_set set = RENDERED_SET_INIT;

	render_ok(m, &set);
	cr_assert_not_null(strstr(bytes_of(&set, "login1", SLURM_SACKD_DEFAULTS),
				  "\nSACKD_OPTIONS=\"--conf-server 127.0.10.1:7017\"\n"));
	rendered_set_release(&set);
	model_free(m);
}

Test(render, same_model_same_bytes)
{
	struct model *m = model_with("");
	struct rendered_set a = RENDERED_SET_INIT, b = RENDERED_SET_INIT;
	size_t i;

	render_ok(m, &a);
	render_ok(m, &b);
	cr_assert_eq(a.n_files, b.n_files);
	cr_assert_eq(a.n_blobs, b.n_blobs);
	for (i = 0; i < a.n_blobs; i++) {
		cr_assert_str_eq(a.blobs[i].sha256, b.blobs[i].sha256);
		cr_assert_eq(a.blobs[i].len, b.blobs[i].len);
		cr_assert_eq(memcmp(a.blobs[i].bytes, b.blobs[i].bytes, a.blobs[i].len), 0);
	}
	rendered_set_release(&a);
	rendered_set_release(&b);
	rendered_set_release(NULL);
	model_free(m);
}

Test(render, config_dir_and_munge_key_path_place_the_files)
{
	struct model *m = model_with(", config_dir: /opt/slurm/etc/, munge_key_path: /opt/munge/key");
	struct rendered_set set = RENDERED_SET_INIT;

	render_ok(m, &set);
	cr_assert_not_null(rendered_set_find(&set, "gpu01", "/opt/slurm/etc/slurm.conf"));
	cr_assert_not_null(rendered_set_find(&set, "ctl", "/opt/slurm/etc/slurmdbd.conf"));
	cr_assert_not_null(rendered_set_find(&set, "ctl", "/opt/munge/key"));
	cr_assert_null(rendered_set_find(&set, "ctl", "/etc/slurm/slurm.conf"));
	rendered_set_release(&set);
	model_free(m);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* A template directory holding one file; returns its path (caller frees). */
static char *template_dir_with(const char *name, const char *text)
{
	char tmpl[] = "/tmp/render_test_tdir.XXXXXX";
	char *dir = xstrdup(mkdtemp(tmpl)), *path = xasprintf("%s/%s", dir, name);

	write_file(path, text);
	free(path);
	return dir;
}

static void remove_template_dir(char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);

	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

/* --allow-path DIR: the template directories here live in /tmp */
static void allow(const char *dir)
{
	char *cause = NULL;

	cr_assert_eq(pathtrust_allow(dir, &cause), 0, "%s", cause);
}

Test(render, site_template_overrides_and_falls_back)
{
	char *dir = template_dir_with("slurm.conf.mustache",
				      "{{> header}}custom {{cluster}}\n");
	char *keys = xasprintf(", template_dir: %s", dir);
	struct model *m;

	allow(dir);
	m = model_with(keys);
	struct rendered_set set = RENDERED_SET_INIT;
	const char *conf;

	render_ok(m, &set);
	conf = bytes_of(&set, "ctl", "/etc/slurm/slurm.conf");
	cr_assert_not_null(strstr(conf, "# slurm.conf for cluster 'lab'\n"));
	cr_assert_not_null(strstr(conf, "custom lab\n"));
	cr_assert_null(strstr(conf, "NodeName="));
	cr_assert_not_null(strstr(bytes_of(&set, "ctl", "/etc/slurm/gres.conf"),
				  "Name=gpu Type=fake"));
	rendered_set_release(&set);
	model_free(m);
	free(keys);
	remove_template_dir(dir, "slurm.conf.mustache");
}

Test(render, broken_site_template_is_a_diagnostic)
{
	char *dir = template_dir_with("cgroup.conf.mustache", "{{#open}}never closed\n");
	char *keys = xasprintf(", template_dir: %s", dir);
	struct rendered_set set = RENDERED_SET_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;

	allow(dir);
	m = model_with(keys);

	cr_assert_eq(render_cluster(m, &set, &dl), -1);
	cr_assert_eq(diag_errors(&dl), 1);
	cr_assert(!strncmp(dl.items[0].msg, "cannot render cgroup.conf: ", 27),
		  "%s", dl.items[0].msg);
	cr_assert_not_null(strstr(dl.items[0].msg, "cgroup.conf.mustache"), "%s",
			   dl.items[0].msg);
	cr_assert_eq(set.n_files, 0);
	cr_assert_eq(set.n_blobs, 0);
	diag_release(&dl);
	model_free(m);
	free(keys);
	remove_template_dir(dir, "cgroup.conf.mustache");
}

/* issue 15: a template directory outside the inventory's tree needs --allow-path */
Test(render, template_dir_outside_the_tree_is_refused)
{
	char *dir = template_dir_with("slurm.conf.mustache", "x\n");
	char *src = xasprintf("cluster: {name: lab, controller: ctl,\n"
			      "  template_dir: %s}\n", dir);
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", src, strlen(src), &dl);
	size_t i;
	bool found = false;

	cr_assert_not_null(m);
	validate_model(m, &dl);
	for (i = 0; i < dl.n; i++)
		if (strstr(dl.items[i].msg, "template_dir: ") &&
		    strstr(dl.items[i].msg, "is outside the inventory's directory") &&
		    dl.items[i].loc.line == 2 && dl.items[i].loc.col == 3)
			found = true;
	cr_expect(found, "no error at t.yaml:2:3 about template_dir");
	diag_release(&dl);
	model_free(m);
	free(src);
	remove_template_dir(dir, "slurm.conf.mustache");
}

/*
 * issue 15: a symlink in an allowed template directory that points outside
 * it (at a private key, say) is never read, not even as a partial.
 */
Test(render, template_symlink_out_of_the_tree_is_not_read)
{
	char *dir = template_dir_with("slurm.conf.mustache", "{{> stolen}}\n");
	char *link = xasprintf("%s/stolen.mustache", dir);
	char *keys = xasprintf(", template_dir: %s", dir);
	char secret[] = "/tmp/render_test_key.XXXXXX";
	struct rendered_set set = RENDERED_SET_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;
	size_t i;

	allow(dir);
	m = model_with(keys);
	write_secret(secret);	/* outside dir and every allowed directory */
	cr_assert_eq(symlink(secret, link), 0);
	cr_assert_eq(render_cluster(m, &set, &dl), -1);
	cr_assert_eq(diag_errors(&dl), 1);
	cr_expect_not_null(strstr(dl.items[0].msg, "is outside the inventory's directory"),
			   "%s", dl.items[0].msg);
	cr_expect_null(strstr(dl.items[0].msg, DB_SECRET));
	for (i = 0; i < set.n_blobs; i++)
		cr_expect_null(strstr(set.blobs[i].bytes, DB_SECRET));
	diag_release(&dl);
	model_free(m);
	unlink(link);
	unlink(secret);
	free(link);
	free(keys);
	remove_template_dir(dir, "slurm.conf.mustache");
}

/*
 * issue 15: the sum of what one render produces is capped. Partials that
 * double their text seven times make three files of 15 MB each, each under
 * the template engine's own cap (16 MiB): together they are over the
 * render's (32 MB), and the render stops at the third.
 */
Test(render, total_output_is_capped)
{
	char tmpl[] = "/tmp/render_test_big.XXXXXX";
	char *dir = xstrdup(mkdtemp(tmpl)), *keys, *path;
	struct rendered_set set = RENDERED_SET_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf chunk = STRBUF_INIT;
	struct model *m;
	int i;

	for (i = 0; i < 120 * 1024 / 64; i++)
		strbuf_addstr(&chunk, "# padding padding padding padding padding padding padding pad\n");
	path = xasprintf("%s/p0.mustache", dir);
	write_file(path, chunk.buf);
	free(path);
	for (i = 1; i <= 7; i++) {
		char *text = xasprintf("{{> p%d}}{{> p%d}}", i - 1, i - 1);

		path = xasprintf("%s/p%d.mustache", dir, i);
		write_file(path, text);
		free(path);
		free(text);
	}
	path = xasprintf("%s/slurm.conf.mustache", dir);
	write_file(path, "{{> p7}}");
	free(path);
	path = xasprintf("%s/gres.conf.mustache", dir);
	write_file(path, "{{> p7}}gres\n");	/* not the same blob */
	free(path);
	path = xasprintf("%s/cgroup.conf.mustache", dir);
	write_file(path, "{{> p7}}cgroup\n");
	free(path);
	keys = xasprintf(", template_dir: %s", dir);
	allow(dir);
	m = model_with(keys);
	cr_assert_eq(render_cluster(m, &set, &dl), -1);
	cr_assert_eq(diag_errors(&dl), 1);
	cr_expect_not_null(strstr(dl.items[0].msg, "more than the 32 MB a render may produce"),
			   "%s", dl.items[0].msg);
	cr_expect_eq(set.n_files, 0);
	diag_release(&dl);
	model_free(m);
	strbuf_release(&chunk);
	free(keys);
	for (i = 0; i <= 11; i++) {
		path = xasprintf("%s/p%d.mustache", dir, i);
		unlink(path);
		free(path);
	}
	path = xasprintf("%s/slurm.conf.mustache", dir);
	unlink(path);
	free(path);
	path = xasprintf("%s/gres.conf.mustache", dir);
	unlink(path);
	free(path);
	rmdir(dir);
	free(dir);
}

/*
 * issue 15: a password passed through slurm_conf (AccountingStoragePass,
 * JobCompPass) is rendered as a placeholder like the database password;
 * the file is marked so apply puts the value back.
 */
Test(render, secret_pass_through_values_are_placeholders)
{
	struct model *m = model_with(", slurm_conf: {AccountingStoragePass: top-SECRET,"
				     " jobcomppass: also-SECRET}");
	struct rendered_set set = RENDERED_SET_INIT;
	const struct rendered_file *f;
	const char *conf;
	size_t i;

	render_ok(m, &set);
	for (i = 0; i < set.n_blobs; i++)
		cr_expect_null(strstr(set.blobs[i].bytes, "SECRET"), "%s",
			       set.blobs[i].bytes);
	conf = bytes_of(&set, "gpu01", "/etc/slurm/slurm.conf");
	cr_expect_not_null(strstr(conf, "\nAccountingStoragePass=" RENDER_SECRET_VALUE_PREFIX
				  "AccountingStoragePass@\n"), "%s", conf);
	cr_expect_not_null(strstr(conf, "\njobcomppass=" RENDER_SECRET_VALUE_PREFIX
				  "jobcomppass@\n"), "%s", conf);
	f = rendered_set_find(&set, "gpu01", "/etc/slurm/slurm.conf");
	cr_expect(f->has_secret_placeholder);
	cr_expect_not(f->needs_db_password);
	f = rendered_set_find(&set, "ctl", "/etc/slurm/slurmdbd.conf");
	cr_expect(f->has_secret_placeholder && f->needs_db_password);
	rendered_set_release(&set);
	model_free(m);
}

/*
 * issue 15: only NAME.mustache files are read from template_dir, so a
 * partial cannot pull in a secret a pipeline put beside the templates.
 */
Test(render, partials_read_only_mustache_files)
{
	char *dir = template_dir_with("slurm.conf.mustache", "{{> db.pass}}x\n");
	char *secret = xasprintf("%s/db.pass", dir);
	char *keys = xasprintf(", template_dir: %s", dir);
	struct rendered_set set = RENDERED_SET_INIT;
	struct model *m;
	size_t i;

	write_file(secret, "hunter2-SECRET\n");
	allow(dir);
	m = model_with(keys);
	render_ok(m, &set);
	for (i = 0; i < set.n_blobs; i++)
		cr_expect_null(strstr(set.blobs[i].bytes, "SECRET"), "%s",
			       set.blobs[i].bytes);
	cr_expect_str_eq(bytes_of(&set, "ctl", "/etc/slurm/slurm.conf"), "x\n");
	rendered_set_release(&set);
	model_free(m);
	unlink(secret);
	free(secret);
	free(keys);
	remove_template_dir(dir, "slurm.conf.mustache");
}

/* Every Key=Value of a rendered file that release version would refuse. */
static void expect_keys_known(const char *bytes, enum slurmkeys_table table,
			      int version, const char *what)
{
	char *copy = xstrdup(bytes), *save = NULL;

	for (char *line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		enum slurmkeys_table t = table;
		char *tsave = NULL;

		if (*line == '#')
			continue;
		for (char *tok = strtok_r(line, " ", &tsave); tok;
		     tok = strtok_r(NULL, " ", &tsave)) {
			char *eq = strchr(tok, '=');
			struct slurmkey_check ck;
			const char *since, *instead;

			cr_assert_not_null(eq, "%s: '%s' is no Key=Value", what, tok);
			*eq = '\0';
			slurmkeys_check(t, tok, version, &ck);
			cr_expect(ck.status == SLURMKEY_OK || ck.status == SLURMKEY_MODELLED,
				  "%s: key %s refused (status %d)", what, tok, ck.status);
			cr_expect_null(slurmkeys_removed_value(t, tok, eq + 1, version,
							       &since, &instead),
				       "%s: %s=%s refused", what, tok, eq + 1);
			if (t == table && !strcmp(tok, "NodeName"))
				t = SLURMKEYS_NODE;
			else if (t == table && !strcmp(tok, "PartitionName"))
				t = SLURMKEYS_PARTITION;
			else if (t == table)
				break;	/* one setting per line: the value may hold spaces */
		}
	}
	free(copy);
}

/* Rendered for 22.05, 24.11 or 26.05, no inventory gets a key or value that release refuses. */
Test(render, every_inventory_renders_only_what_its_release_takes)
{
	static const char *const invs[] = { "lab", "skynet", "gcp-g2", "aicloud", "lri-spice" };
	static const char *const versions[] = { "22.05", "24.11", "26.05" };

	for (size_t i = 0; i < sizeof(invs) / sizeof(invs[0]); i++) {
		for (size_t v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
			struct diag_list dl = DIAG_LIST_INIT;
			struct rendered_set set = RENDERED_SET_INIT;
			char path[64], what[128];
			struct model *m;

			snprintf(path, sizeof(path), "inventories/%s.yaml", invs[i]);
			m = inventory_load(path, &dl);
			cr_assert_not_null(m, "%s does not load", path);
			m->cluster.slurm_version = versions[v];
			validate_model(m, &dl);
			cr_assert_eq(render_cluster(m, &set, &dl), 0, "%s: render fails", path);
			for (size_t f = 0; f < set.n_files; f++) {
				const struct rendered_file *rf = &set.files[f];
				const char *base = strrchr(rf->path, '/') + 1;
				enum slurmkeys_table t;

				if (!strcmp(base, "slurm.conf"))
					t = SLURMKEYS_CONF;
				else if (!strcmp(base, "cgroup.conf"))
					t = SLURMKEYS_CGROUP;
				else if (!strcmp(base, "slurmdbd.conf"))
					t = SLURMKEYS_SLURMDBD;
				else
					continue;
				snprintf(what, sizeof(what), "%s (%s) %s:%s", invs[i],
					 versions[v], rf->host, rf->path);
				expect_keys_known(rendered_file_blob(&set, rf)->bytes, t,
						  slurmkeys_version_index(versions[v]), what);
			}
			rendered_set_release(&set);
			model_free(m);
			diag_release(&dl);
		}
	}
}

/*
 * gres: entries beside gpus: Gres= lists the GPUs, then each other name
 * and type with its entries summed; GresTypes= names those of the declared
 * hosts' types once; each entry is a gres.conf line, Count= next to File=
 * for shard and mps only.
 */
#define GRES_TYPES \
	"cluster: {name: g, controller: ctl}\n" \
	"node_types:\n" \
	"  sh: {cpus: 2, memory_mb: 2000, gpus: {type: fake, count: 2, files: \"/dev/tty[1-2]\"},\n" \
	"       gres: [{name: shard, count: 8, files: /dev/tty1},\n" \
	"              {name: shard, count: 4, files: /dev/tty2}]}\n" \
	"  mp: {cpus: 2, memory_mb: 2000, gpus: {count: 2, files: \"/dev/tty[3-4]\"},\n" \
	"       gres: {name: mps, count: 400, files: \"/dev/tty[3-4]\"}}\n" \
	"  bw: {cpus: 2, memory_mb: 2000, gres: [\n" \
	"       {name: bandwidth, type: lustre, count: 4000, flags: CountOnly},\n" \
	"       {name: nic, count: 1, files: /dev/tty5, cores: 0-1},\n" \
	"       {name: Bandwidth, type: ib, count: 10, flags: CountOnly}]}\n" \
	"partitions:\n  - {name: p, nodes: ALL, default: true}\n" \
	"hosts:\n  - {names: ctl, roles: [controller]}\n" \
	"  - {names: \"a[1-2]\", type: sh}\n  - {names: b1, type: mp}\n"

static void render_inv(const char *inv, struct model **m, struct rendered_set *set)
{
	struct diag_list dl = DIAG_LIST_INIT;

	*m = inventory_load_string("t.yaml", inv, strlen(inv), &dl);
	cr_assert_not_null(*m);
	validate_model(*m, &dl);
	cr_assert_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	diag_release(&dl);
	render_ok(*m, set);
}

Test(render, other_gres_after_the_gpus)
{
	struct model *m;
	struct rendered_set set = RENDERED_SET_INIT;
	const char *conf, *gres;

	render_inv(GRES_TYPES, &m, &set);
	conf = bytes_of(&set, "ctl", "/etc/slurm/slurm.conf");
	/* bw is no declared host's type: its names are not GresTypes */
	cr_assert_not_null(strstr(conf, "\nGresTypes=gpu,shard,mps\n"), "%s", conf);
	cr_assert_not_null(strstr(conf, "\nNodeName=a[1-2] CPUs=2 RealMemory=2000 "
				  "Gres=gpu:fake:2,shard:12\n"), "%s", conf);
	cr_assert_not_null(strstr(conf, "\nNodeName=b1 CPUs=2 RealMemory=2000 "
				  "Gres=gpu:2,mps:400\n"), "%s", conf);
	gres = bytes_of(&set, "ctl", "/etc/slurm/gres.conf");
	cr_assert_not_null(strstr(gres, "\n\nNodeName=a[1-2] Name=gpu Type=fake File=/dev/tty[1-2]\n"
				  "NodeName=a[1-2] Name=shard File=/dev/tty1 Count=8\n"
				  "NodeName=a[1-2] Name=shard File=/dev/tty2 Count=4\n"
				  "NodeName=b1 Name=gpu File=/dev/tty[3-4]\n"
				  "NodeName=b1 Name=mps File=/dev/tty[3-4] Count=400\n"), "%s", gres);
	rendered_set_release(&set);
	model_free(m);
}

Test(render, other_gres_without_gpus)
{
	struct model *m;
	struct rendered_set set = RENDERED_SET_INIT;
	const char *conf, *gres;

	render_inv(GRES_TYPES "  - {names: c1, type: bw}\n", &m, &set);
	conf = bytes_of(&set, "ctl", "/etc/slurm/slurm.conf");
	/* Bandwidth is bandwidth to Slurm: named once */
	cr_assert_not_null(strstr(conf, "\nGresTypes=gpu,shard,mps,bandwidth,nic\n"), "%s", conf);
	cr_assert_not_null(strstr(conf, "\nNodeName=c1 CPUs=2 RealMemory=2000 "
				  "Gres=bandwidth:lustre:4000,nic:1,Bandwidth:ib:10\n"), "%s", conf);
	gres = bytes_of(&set, "ctl", "/etc/slurm/gres.conf");
	cr_assert_not_null(strstr(gres, "\nNodeName=c1 Name=bandwidth Type=lustre Count=4000 "
				  "Flags=CountOnly\nNodeName=c1 Name=nic File=/dev/tty5 Cores=0-1\n"
				  "NodeName=c1 Name=Bandwidth Type=ib Count=10 Flags=CountOnly\n"), "%s", gres);
	rendered_set_release(&set);
	model_free(m);
}
