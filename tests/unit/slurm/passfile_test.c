/*
 * passfile_test.c: pass-through files (files:) end to end short of a
 * host: the loader's shape checks with their locations, validate's checks
 * (confined source, clashes, hosts, the warning for a script slurm.conf
 * names), what render gives each host (push and configless), and the
 * tables of passfile.c (served in configless mode, what a change needs).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inventory/inventory.h"
#include "slurm/passfile.h"
#include "base/pathtrust.h"
#include "decide/plan.h"
#include "render/render.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "decide/plan_classify.h"
#include "inventory/model.h"

/* a script whose text looks like a secret placeholder: kept as it is */
#define EPILOG "#!/bin/sh\necho @clusterctl:secret:X@ > /dev/null\ntouch /tmp/ran\n"
#define TOPO "SwitchName=s0 Nodes=n[1-4]\n"

static char dir[] = "/tmp/passfile_test.XXXXXX";
static char *epilog, *topo;

static char *put(const char *name, const char *bytes)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fputs(bytes, f);
	fclose(f);
	return path;
}

static void setup(void)
{
	char *cause = NULL;

	cr_assert_not_null(mkdtemp(dir));
	epilog = put("epilog.sh", EPILOG);
	topo = put("topology.conf", TOPO);
	cr_assert_eq(pathtrust_allow(dir, &cause), 0, "%s", cause);
}

static void teardown(void)
{
	unlink(epilog);
	unlink(topo);
	rmdir(dir);
	free(epilog);
	free(topo);
}

TestSuite(passfile, .init = setup, .fini = teardown);

/* cluster_keys inside cluster:, then files: lines (%s: the directory) */
static struct model *load(const char *cluster_keys, const char *files,
			  struct diag_list *dl)
{
	struct strbuf sb = STRBUF_INIT;
	struct model *m;

	strbuf_addf(&sb, "cluster: {name: t, controller: head, accounting_host: head%s}\n"
		    "hosts:\n"
		    "  - {names: head, roles: [controller, dbd]}\n"
		    "  - {names: login1, roles: [login]}\n"
		    "  - {names: \"n[1-4]\", type: small}\n"
		    "node_types: {small: {cpus: 4, memory: 8G}}\n"
		    "partitions: [{name: main, nodes: \"n[1-4]\", default: true}]\n"
		    "files:\n", cluster_keys);
	for (const char *p = files; *p; p++) {
		if (*p == '%')
			strbuf_addstr(&sb, dir);
		else
			strbuf_addch(&sb, *p);
	}
	m = inventory_load_string("f.yaml", sb.buf, sb.len, dl);
	cr_assert_not_null(m);
	validate_model(m, dl);
	diag_sort(dl);
	strbuf_release(&sb);
	return m;
}

/* The diagnostics as "line:col: severity: msg" lines. */
static char *diags(const struct diag_list *dl)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < dl->n; i++)
		strbuf_addf(&sb, "%u:%u: %s: %s\n", dl->items[i].loc.line,
			    dl->items[i].loc.col,
			    dl->items[i].level == DIAG_ERROR ? "error" :
			    dl->items[i].level == DIAG_WARNING ? "warning" : "note",
			    dl->items[i].msg);
	return strbuf_detach(&sb, NULL);
}

#define GOOD_FILES \
	"  - {path: /etc/slurm/epilog.sh, source: %/epilog.sh, mode: 0755, roles: compute}\n" \
	"  - {path: /etc/slurm/topology.conf, source: %/topology.conf, owner: slurm}\n"

Test(passfile, loader_reads_every_key)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = load("", GOOD_FILES
			       "  - {path: /etc/slurm/x.lua, source: %/epilog.sh, "
			       "mode: \"640\", group: munge, hosts: \"n[1-2],login1\"}\n", &dl);
	char *d = diags(&dl);

	cr_assert_eq(dl.n, 0, "%s", d);
	cr_assert_eq(m->n_files, 3);
	cr_expect_str_eq(m->files[0].path, "/etc/slurm/epilog.sh");
	cr_expect_eq(m->files[0].mode, 0755);
	cr_expect_eq(m->files[0].roles, ROLE_COMPUTE);
	cr_expect_null(m->files[0].owner);
	cr_expect_eq(m->files[1].mode, 0644);
	cr_expect_str_eq(m->files[1].owner, "slurm");
	cr_expect_eq(m->files[2].mode, 0640);
	cr_expect_str_eq(m->files[2].group, "munge");
	cr_expect_str_eq(m->files[2].hosts, "n[1-2],login1");
	cr_expect_eq(m->files[2].path_loc.line, 11);
	cr_expect_eq(m->files[2].path_loc.col, 6);
	free(d);
	model_free(m);
	diag_release(&dl);
}

Test(passfile, loader_and_validate_errors_point_at_the_key)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = load("", GOOD_FILES
			       "  - {path: /etc/slurm/a, source: %/epilog.sh, mode: 0789}\n"
			       "  - {path: /etc/slurm/b, source: %/epilog.sh, roles: [gpu]}\n"
			       "  - {path: etc/c, source: %/epilog.sh}\n"
			       "  - {path: /etc/slurm/gres.conf, source: %/epilog.sh}\n"
			       "  - {path: /etc/slurm/d, source: /etc/passwd}\n"
			       "  - {path: /etc/slurm/e, source: %/missing}\n"
			       "  - {path: /etc/slurm/epilog.sh, source: %/epilog.sh, hosts: \"n4,n9\"}\n"
			       "  - {path: /etc/slurm/f, source: %/epilog.sh, owner: \"a b\"}\n"
			       "  - {path: /etc/slurm/g}\n"
			       "  - {path: /etc/slurm/h, source: %/epilog.sh, owner: slurm, group: adm}\n",
			       &dl);
	char *d = diags(&dl);

	cr_expect(strstr(d, "11:77: error: invalid mode '0789'"), "%s", d);
	cr_expect(strstr(d, "12:79: error: unknown role 'gpu'"), "%s", d);
	cr_expect(strstr(d, "13:6: error: path 'etc/c' is not an absolute path"), "%s", d);
	cr_expect(strstr(d, "14:6: error: path '/etc/slurm/gres.conf' is gres.conf, "
			    "which clusterctl renders itself"), "%s", d);
	cr_expect(strstr(d, "15:26: error: source: '/etc/passwd'"), "%s", d);
	cr_expect(strstr(d, "is outside the inventory's directory"), "%s", d);
	cr_expect(strstr(d, "16:26: error: source: cannot read "), "%s", d);
	cr_expect(strstr(d, "17:79: error: hosts: unknown host 'n9'"), "%s", d);
	cr_expect(strstr(d, "17:6: error: host 'n4' gets two files at '/etc/slurm/epilog.sh'"),
		  "%s", d);
	cr_expect(strstr(d, "9:6: note: the other is here"), "%s", d);
	cr_expect(strstr(d, "18:5: error: owner 'a b': a file's owner is root, the "
			    "slurm user (slurm) or the munge user (munge)"), "%s", d);
	cr_expect(strstr(d, "19:5: error: missing required key 'source' in file"), "%s", d);
	cr_expect(strstr(d, "20:5: error: group 'adm': a file's group is root or the "
			    "slurm or munge user's group"), "%s", d);
	free(d);
	model_free(m);
	diag_release(&dl);
}

Test(passfile, a_script_slurm_conf_names_without_an_entry_is_a_warning)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = load(", slurm_conf: {Epilog: /etc/slurm/epilog.sh, "
			       "Prolog: /etc/slurm/prolog.sh, TaskProlog: \"/etc/slurm/tp*\", "
			       "TopologyPlugin: topology/tree, JobSubmitPlugins: lua}",
			       GOOD_FILES
			       "  - {path: /etc/slurm/tp.sh, source: %/epilog.sh}\n", &dl);
	char *d = diags(&dl);

	cr_expect_eq(diag_errors(&dl), 0, "%s", d);
	cr_expect(strstr(d, "warning: Prolog=/etc/slurm/prolog.sh names "
			    "'/etc/slurm/prolog.sh', which no files: entry provides"), "%s", d);
	cr_expect(strstr(d, "warning: JobSubmitPlugins=lua names '/etc/slurm/job_submit.lua'"),
		  "%s", d);
	/* provided: by path, as a glob, and the plugin's file */
	cr_expect(!strstr(d, "Epilog="), "%s", d);
	cr_expect(!strstr(d, "TaskProlog="), "%s", d);
	cr_expect(!strstr(d, "TopologyPlugin="), "%s", d);
	cr_expect_eq(dl.n, 2, "%s", d);
	free(d);
	model_free(m);
	diag_release(&dl);
}

static void render_ok(const struct model *m, struct rendered_set *set)
{
	struct diag_list dl = DIAG_LIST_INIT;

	cr_assert_eq(render_cluster(m, set, &dl), 0, "render: %s",
		     dl.n ? dl.items[0].msg : "");
	diag_release(&dl);
}

Test(passfile, render_gives_each_host_its_files_as_they_are)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = load("", GOOD_FILES, &dl);
	struct rendered_set set = RENDERED_SET_INIT;
	const struct rendered_file *f;
	const struct rendered_blob *b;

	cr_assert_eq(diag_errors(&dl), 0);
	render_ok(m, &set);
	cr_expect_null(rendered_set_find(&set, "head", "/etc/slurm/epilog.sh"));
	cr_expect_null(rendered_set_find(&set, "login1", "/etc/slurm/epilog.sh"));
	f = rendered_set_find(&set, "n3", "/etc/slurm/epilog.sh");
	cr_assert_not_null(f);
	cr_expect_eq(f->mode, 0755);
	cr_expect_str_eq(f->owner, "root");
	cr_expect_str_eq(f->group, "root");
	cr_expect(f->passthrough);
	/* a placeholder's text in a script is the script's, not a secret */
	cr_expect(!f->has_secret_placeholder);
	b = rendered_file_blob(&set, f);
	cr_expect_str_eq(b->bytes, EPILOG);
	f = rendered_set_find(&set, "login1", "/etc/slurm/topology.conf");
	cr_assert_not_null(f);
	cr_expect_str_eq(f->owner, "slurm");
	cr_expect_str_eq(f->group, "slurm");
	cr_expect_eq(f->mode, 0644);
	cr_expect_str_eq(rendered_file_blob(&set, f)->bytes, TOPO);
	cr_expect_not_null(rendered_set_find(&set, "head", "/etc/slurm/topology.conf"));
	rendered_set_release(&set);
	model_free(m);
	diag_release(&dl);
}

Test(passfile, configless_nodes_get_scripts_not_what_slurmctld_serves)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = load(", config_mode: configless, slurm_version: \"24.11\"",
			       GOOD_FILES
			       "  - {path: /etc/slurm/job_submit.lua, source: %/epilog.sh, "
			       "hosts: \"n1\"}\n", &dl);
	struct rendered_set set = RENDERED_SET_INIT;

	cr_assert_eq(diag_errors(&dl), 0);
	render_ok(m, &set);
	cr_expect_not_null(rendered_set_find(&set, "n1", "/etc/slurm/epilog.sh"));
	cr_expect_null(rendered_set_find(&set, "n1", "/etc/slurm/topology.conf"));
	cr_expect_null(rendered_set_find(&set, "login1", "/etc/slurm/topology.conf"));
	cr_expect_not_null(rendered_set_find(&set, "head", "/etc/slurm/topology.conf"));
	/* not served: pushed where the inventory says */
	cr_expect_not_null(rendered_set_find(&set, "n1", "/etc/slurm/job_submit.lua"));
	/* a copy pushed before configless is moved aside on the fetching hosts */
	for (size_t i = 0, seen = 0; i <= set.n_absent; i++) {
		if (i == set.n_absent) {
			cr_expect_eq(seen, 5, "topology.conf absent on n[1-4] and login1");
			break;
		}
		if (!strcmp(set.absent[i].path, "/etc/slurm/topology.conf")) {
			cr_expect(strcmp(set.absent[i].host, "head"));
			cr_expect(set.absent[i].passthrough && !set.absent[i].only_ours);
			seen++;
		}
		cr_expect(strcmp(set.absent[i].path, "/etc/slurm/epilog.sh"));
	}
	rendered_set_release(&set);
	model_free(m);
	diag_release(&dl);
}

/*
 * sackd fetches fewer files than slurmd: a login host gets pushed what
 * slurmctld serves only to slurmd (helpers.conf), and sackd caches what it
 * is served (plugstack.conf), which plan compares with the controller's.
 */
Test(passfile, configless_login_hosts_get_what_sackd_is_not_served)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = load(", config_mode: configless, slurm_version: \"24.11\"",
			       "  - {path: /etc/slurm/plugstack.conf, source: %/topology.conf}\n"
			       "  - {path: /etc/slurm/helpers.conf, source: %/topology.conf}\n",
			       &dl);
	struct rendered_set set = RENDERED_SET_INIT;
	const struct rendered_file *f;
	char *cache;

	cr_assert_eq(diag_errors(&dl), 0);
	render_ok(m, &set);
	cr_expect_null(rendered_set_find(&set, "n1", "/etc/slurm/plugstack.conf"));
	cr_expect_null(rendered_set_find(&set, "n1", "/etc/slurm/helpers.conf"));
	cr_expect_null(rendered_set_find(&set, "login1", "/etc/slurm/plugstack.conf"));
	cr_expect_not_null(rendered_set_find(&set, "login1", "/etc/slurm/helpers.conf"));
	f = rendered_set_find(&set, "head", "/etc/slurm/plugstack.conf");
	cr_assert_not_null(f);
	cache = rendered_sackd_cache(m, f);
	cr_expect_str_eq(cache, "/run/slurm/conf/plugstack.conf");
	free(cache);
	f = rendered_set_find(&set, "head", "/etc/slurm/helpers.conf");
	cr_assert_not_null(f);
	cr_expect_null(rendered_sackd_cache(m, f));
	rendered_set_release(&set);
	model_free(m);
	diag_release(&dl);
}

/* Slurm's source at each release's tags (passfile.c names the arrays) */
Test(passfile, served_per_release)
{
	const unsigned both = PASSFILE_SLURMD | PASSFILE_SACKD;

	cr_expect_eq(passfile_served("22.05", "topology.conf"), both);
	cr_expect_eq(passfile_served("26.05", "plugstack.conf"), both);
	cr_expect_eq(passfile_served("20.11", "slurm.conf"), both);
	cr_expect_eq(passfile_served("24.11", "gres.conf"), PASSFILE_SLURMD);
	cr_expect_eq(passfile_served("23.11", "ext_sensors.conf"), PASSFILE_SLURMD);
	cr_expect_eq(passfile_served("24.05", "ext_sensors.conf"), 0);
	/* 21.08 added helpers.conf, oci.conf, cli_filter.lua to the list */
	cr_expect_eq(passfile_served("20.11", "helpers.conf"), 0);
	cr_expect_eq(passfile_served("22.05", "helpers.conf"), PASSFILE_SLURMD);
	cr_expect_eq(passfile_served("22.05", "cli_filter.lua"), both);
	/* sackd gets oci.conf and scrun.lua from 24.05 */
	cr_expect_eq(passfile_served("23.11", "oci.conf"), PASSFILE_SLURMD);
	cr_expect_eq(passfile_served("24.05", "oci.conf"), both);
	cr_expect_eq(passfile_served("21.08", "mpi.conf"), 0);
	cr_expect_eq(passfile_served("22.05", "mpi.conf"), PASSFILE_SLURMD);
	/* added in a patch release (23.11.5, 25.05.2): counted from the next */
	cr_expect_eq(passfile_served("23.11", "scrun.lua"), 0);
	cr_expect_eq(passfile_served("24.05", "scrun.lua"), both);
	cr_expect_eq(passfile_served("25.05", "topology.yaml"), 0);
	cr_expect_eq(passfile_served("26.05", "topology.yaml"), both);
	cr_expect_eq(passfile_served("26.05", "namespace.yaml"), PASSFILE_SLURMD);
	cr_expect_eq(passfile_served("24.11", "epilog.sh"), 0);
	cr_expect_eq(passfile_served("24.11", "job_submit.lua"), 0);
	cr_expect_eq(passfile_served("nope", "topology.conf"), 0);
}

Test(passfile, what_a_change_needs)
{
	char *why = NULL;

	cr_expect_eq(plan_classify_passthrough("/etc/slurm/epilog.sh", false, &why), 0);
	cr_expect_null(why);
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/job_submit.lua", false, &why), 0);
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/topology.conf", false, &why),
		     RESTART_RECONFIGURE);
	cr_expect_null(why);
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/plugstack.conf", false, &why),
		     RESTART_SLURMD);
	cr_expect(why && strstr(why, "plugstack.conf"));
	free(why);
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/plugstack.conf", true, &why),
		     RESTART_RECONFIGURE);
	cr_expect_null(why);
	/* a reconfigure is not enough even where it re-executes the daemons */
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/job_container.conf", true, &why),
		     RESTART_SLURMD);
	free(why);
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/acct_gather.conf", false, &why),
		     RESTART_CTLD | RESTART_SLURMD);
	free(why);
	cr_expect_eq(plan_classify_passthrough("/etc/slurm/site.conf", false, &why),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect(why && strstr(why, "restarted to be sure"));
	free(why);
}

Test(passfile, plugin_files_slurm_conf_names)
{
	cr_expect_str_eq(passfile_plugin_file("topologyplugin", "topology/tree"),
			 "topology.conf");
	cr_expect_null(passfile_plugin_file("TopologyPlugin", "topology/flat"));
	cr_expect_str_eq(passfile_plugin_file("JobSubmitPlugins", "all_partitions,lua"),
			 "job_submit.lua");
	cr_expect_null(passfile_plugin_file("BurstBufferType", "burst_buffer/none"));
}
