/*
 * cmd_import.c: "clusterctl import accounting|nodes|cluster": a running cluster
 * into inventory YAML on stdout. accounting reads the live database the
 * inventory names (read-only) or a "sacctmgr dump" file; nodes reads a
 * cluster's slurm.conf and gres.conf. What the schema cannot say is named
 * on stderr and the command exits 4 with the YAML still printed, so a
 * lossy import is never mistaken for a faithful one.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import/acct_import.h"
#include "acct/read/acct_showqos.h"
#include "cli/cmd.h"
#include "cli/cmd_import.h"
#include "base/fileio.h"
#include "import/import_cluster.h"
#include "import/import_nodes.h"
#include "import/acct_import_site.h"
#include "import/import_site.h"
#include "inventory/site.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "import/import_files.h"

static const char *const import_usage[] = {
	"clusterctl import accounting INVENTORY",
	"   or: clusterctl import accounting --dump FILE [--qos FILE]",
	"   or: clusterctl import nodes SLURM_CONF [GRES_CONF] [--files-dir DIR] [-o FILE]",
	"   or: clusterctl import cluster [USER@]HOST[:PORT] [CONFIG_DIR] [--files-dir DIR]",
	"                                 [-o FILE]",
	"   or: clusterctl import cluster HOST... --site DIR",
	"",
	"Prints inventory YAML for what a running cluster already has.",
	"accounting: the qos:, accounts: and users: sections, read-only from the",
	"database INVENTORY's database: section names (its cluster.name; no",
	"other key is read), or from a 'sacctmgr dump' flat file (before 25.05",
	"it holds no QoS limits: give them with --qos, 'sacctmgr show qos -P'",
	"output, or the QoS are named, exit 4); append them to an",
	"inventory without those sections. A site file (docs/site.md), or",
	"--cluster NAME..., reads every cluster of the database (or those",
	"named): QoS, accounts and users once, each association with the",
	"clusters: it is on, as a site file writes them. nodes: cluster:, database:,",
	"node_types:, hosts: and partitions: from slurm.conf (and what it includes), gres.conf,",
	"cgroup.conf and slurmdbd.conf (read beside slurm.conf, as Slurm finds",
	"them), hostlists folded, every other key in cluster.slurm_conf,",
	"cgroup_conf, slurmdbd_conf or the partitions' and node types' extra:.",
	"Passwords are never printed: database.password_file names where to",
	"put slurmdbd's. cluster: the same, read over SSH from a running",
	"controller (CONFIG_DIR, default /etc/slurm), with the release from",
	"'slurmctld -V', the slurm and munge users' UIDs, the ssh: section,",
	"and the accounting (qos:, accounts:, users:) read from the database",
	"through slurmdbd's host (database.tunnel: the SSH server there",
	"reaches MariaDB as slurmdbd does) with slurmdbd.conf's password: the",
	"whole inventory in one command. With -o FILE the inventory goes to",
	"FILE (which must not exist) and that password to slurmdbd.pass beside",
	"it (mode 0600), where database.password_file finds it.",
	"With --files-dir DIR, nodes and cluster also carry the files slurm.conf",
	"names (Prolog/Epilog scripts, topology.conf, plugstack.conf, ...) that",
	"they can read: each written to DIR followed by its path on the hosts,",
	"and a files: entry whose source names it; without it, or for a file",
	"that cannot be read, the file is named (exit 4). Give DIR as the",
	"inventory will find it (relative: to the inventory's directory).",
	"cluster HOST... --site DIR: the clusters of one accounting database,",
	"each from its controller, written as a site (docs/site.md): DIR/site.yaml",
	"with the database: and the accounting they share (read once, each",
	"association with the clusters: it is on), DIR/CLUSTER.yaml each (a",
	"cluster whose slurmdbd another runs without it); a cluster of the",
	"database no HOST was given for is named (exit 4).",
	"",
	"What the inventory cannot express (a user whose settings differ between",
	"its accounts, partition associations, ...) is listed on stderr and marked",
	"in the YAML; the YAML is still printed and the exit code is 4.",
	NULL,
};

static const char *const import_epilog[] = {
	"exit codes: 0 imported as is; 4 printed, but something could not be",
	"expressed (on stderr); 1 cannot read the source; 3 invalid inventory;",
	"64 usage",
	NULL,
};

/* Reads a whole file; NULL + *cause on error. */
static char *read_all(const char *path, size_t *len, char **cause)
{
	char *text = fileio_read(path, len, NULL);

	if (!text)
		*cause = xasprintf("%s: cannot read: %s", path, fileio_strerror(errno));
	return text;
}

/*
 * The problems on stderr, the YAML on stdout, or into output (-o FILE,
 * which must not exist: a second import never overwrites the first); the
 * exit code for rc problems.
 */
static int finish(int rc, char *cause, struct strbuf *out, struct strbuf *problems,
		  const char *output)
{
	struct strbuf doc = STRBUF_INIT;

	if (rc > 0)
		strbuf_addstr(&doc, "# NOT IMPORTED: the inventory cannot express these (yet):\n");
	for (const char *p = problems->buf; rc >= 0 && *p;) {
		size_t n = strcspn(p, "\n");

		/* a note (import_ctx.h) is no loss: stderr only */
		if (rc > 0 && !memmem(p, n, ": note: ", 8))
			strbuf_addf(&doc, "#   %.*s\n", (int)n, p);
		fprintf(stderr, "clusterctl: import: %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	strbuf_add(&doc, out->buf, out->len);
	if (rc >= 0 && output && fileio_write_new(output, doc.buf, doc.len, 0644) < 0) {
		cause = xasprintf("%s: cannot write: %s", output, strerror(errno));
		rc = -1;
	} else if (rc >= 0 && !output) {
		fwrite(doc.buf, 1, doc.len, stdout);
	}
	strbuf_release(&doc);
	if (rc < 0) {
		fprintf(stderr, "clusterctl: import: %s\n", cause);
		free(cause);
		return CL_FATAL;
	}
	if (rc > 0)
		fprintf(stderr, "clusterctl: import: %d thing%s could not be expressed "
			"in the inventory (listed above and at the top of the YAML)\n",
			rc, rc == 1 ? "" : "s");
	return rc > 0 ? CL_PARTIAL : CL_OK;
}

/*
 * The dump file's text, and after it the QOS lines of qos ('sacctmgr show
 * qos -P' output, may be NULL) into text: the problems, or -1 + *cause.
 */
static int read_dump(const char *dump, const char *qos, struct strbuf *text,
		     struct strbuf *problems, char **cause)
{
	size_t len = 0;
	char *s = read_all(dump, &len, cause);
	int rc = s ? 0 : -1;

	if (s)
		strbuf_add(text, s, len);
	free(s);
	if (rc == 0 && qos) {
		strbuf_addch(text, '\n');
		s = read_all(qos, &len, cause);
		rc = s ? acct_showqos_lines(qos, s, len, text, problems, cause) : -1;
		free(s);
	}
	return rc;
}

/* import accounting: from the database INVENTORY names, or a dump file (and QoS) */
static int import_accounting(struct cmd_ctx *ctx, const char *inventory,
			     const char *dump, const char *qos)
{
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;
	int rc;

	if (dump) {
		struct strbuf text = STRBUF_INIT;
		int n = read_dump(dump, qos, &text, &problems, &cause);

		rc = n < 0 ? -1 : acct_import_dump(dump, text.buf, text.len, &out, &problems,
						    &cause);
		rc = rc < 0 ? -1 : rc + n;
		strbuf_release(&text);
	} else {
		if (!cmd_load_database(ctx, inventory))
			return CL_INVALID;
		/* a site file, or clusters named: every cluster (or those) of the database */
		if (model_is_site(ctx->m) || ctx->n_clusters)
			rc = acct_import_db_site(ctx->m, cmd_has(ctx, 'a'), ctx->clusters,
						 ctx->n_clusters, &out, &problems, &cause);
		else
			rc = acct_import_db(ctx->m, cmd_has(ctx, 'a'), &out, &problems, &cause);
	}
	rc = finish(rc, cause, &out, &problems, NULL);
	strbuf_release(&out);
	strbuf_release(&problems);
	return rc;
}

/*
 * -o FILE: where the files beside the inventory go. FILE must not exist;
 * the password (slurmdbd.conf's StoragePass), when there is one, goes to
 * slurmdbd.pass beside it, mode 0600, as database.password_file says: a
 * file already there must hold that password (a second import into the
 * same directory), else nothing is written. A relative --files-dir is
 * then FILE's directory's, as the inventory reads it. 0 or -1 + *cause.
 */
static int output_prepare(const char *output, const char *password,
			  struct import_carry *carry, char **files_dir, char **cause)
{
	char *dir = xstrdup(output), *slash = strrchr(dir, '/'), *pass_path;
	const char *base = slash ? (*slash = '\0', dir[0] ? dir : "/") : ".";
	size_t len = 0;
	char *had;
	int rc = -1;

	pass_path = fileio_join(base, "slurmdbd.pass");
	if (access(output, F_OK) == 0) {
		*cause = xasprintf("%s exists: not overwritten", output);
	} else if (password && (had = fileio_read(pass_path, &len, NULL))) {
		if (len == strlen(password) && !memcmp(had, password, len))
			rc = 0;
		else
			*cause = xasprintf("%s holds another password: nothing written", pass_path);
		xfree_secret(had, len);
	} else if (password && fileio_write_new(pass_path, password, strlen(password), 0600) < 0) {
		*cause = xasprintf("%s: cannot write: %s", pass_path, strerror(errno));
	} else {
		rc = 0;
	}
	if (rc == 0 && carry->dir && carry->dir[0] != '/' && slash)
		carry->dir = *files_dir = fileio_join(base, carry->dir);
	free(pass_path);
	free(dir);
	return rc;
}

/*
 * import nodes (slurm.conf and the files beside it, import_nodes.h) or
 * import cluster (over SSH, import_cluster.h); with --files-dir, the files
 * carried are written there before the YAML that names them is printed
 * (or written: -o FILE, with the password beside it).
 */
static int import_config(struct cmd_ctx *ctx, bool cluster, const char *a1,
			 const char *a2)
{
	struct strbuf out = STRBUF_INIT, problems = STRBUF_INIT;
	struct import_carry carry = { .dir = cmd_value(ctx, 'D') };
	const char *output = cmd_value(ctx, 'o');
	char *cause = NULL, *password = NULL, *files_dir = NULL;
	int rc = cluster ?
		import_cluster_spec(a1, cmd_value(ctx, 'F'), cmd_has(ctx, 'a'), a2,
				    carry.dir ? &carry : NULL, &out, &problems, &password,
				    &cause) :
		import_nodes_files(a1, a2, carry.dir ? &carry : NULL, &out, &problems,
				   &cause);

	if (rc >= 0 && output &&
	    output_prepare(output, password, &carry, &files_dir, &cause) < 0)
		rc = -1;
	if (rc >= 0 && import_carry_write(&carry, &cause) < 0)
		rc = -1;
	rc = finish(rc, cause, &out, &problems, output);
	if (password)
		xfree_secret(password, strlen(password));
	free(files_dir);
	import_carry_release(&carry);
	strbuf_release(&out);
	strbuf_release(&problems);
	return rc;
}

/* The verb and its operands; NULL, or why the command line is wrong. */
/*
 * import cluster HOST... --site DIR: the clusters of one database from
 * their controllers, written as a site (import_site.h); what could not be
 * said on stderr, exit 4.
 */
static int import_site_dir(struct cmd_ctx *ctx)
{
	struct import_site_opts o = { cmd_value(ctx, 's'), cmd_value(ctx, 'F'), NULL,
				      cmd_has(ctx, 'a') };
	struct strbuf wrote = STRBUF_INIT, problems = STRBUF_INIT;
	char *cause = NULL;
	int rc = import_site((const char *const *)ctx->args.operands + 1, ctx->args.n - 1,
			     &o, &wrote, &problems, &cause);

	if (rc < 0) {
		fprintf(stderr, "clusterctl: import: %s\n", cause);
		free(cause);
	} else {
		fputs(problems.buf, stderr);
		printf("imported %zu cluster%s as a site: %s\n", ctx->args.n - 1,
		       ctx->args.n == 2 ? "" : "s", wrote.buf);
	}
	strbuf_release(&wrote);
	strbuf_release(&problems);
	return rc < 0 ? CL_FATAL : rc > 0 ? CL_PARTIAL : CL_OK;
}

static const char *import_check_args(const struct cmd_args *a, const char *dump,
				     const char *qos)
{
	if (a->n == 0)
		return "missing accounting or nodes";
	if (qos && !dump)
		return "--qos FILE goes with --dump FILE";
	if (!strcmp(a->operands[0], "accounting")) {
		if (dump)
			return a->n == 1 ? NULL : "--dump FILE takes no INVENTORY";
		return a->n == 2 ? NULL : a->n < 2 ? "missing INVENTORY" : "too many arguments";
	}
	/* several HOSTs with --site: the caller says */
	if (!strcmp(a->operands[0], "cluster"))
		return a->n >= 2 ? NULL : "missing HOST";
	if (!strcmp(a->operands[0], "nodes")) {
		if (dump)
			return "--dump is for import accounting";
		return a->n == 2 || a->n == 3 ? NULL :
			a->n < 2 ? "missing SLURM_CONF" : "too many arguments";
	}
	return "unknown import: say accounting, nodes or cluster";
}

static const struct cmd_option import_options[] = {
	{ 'd', "dump", "FILE", "read a 'sacctmgr dump' flat file instead of the database", 0 },
	{ 'q', "qos", "FILE", "with --dump: the QoS limits, from 'sacctmgr show qos -P'", 0 },
	{ 'F', "ssh-config", "FILE", "import cluster: this ssh_config (docs/ssh.md)", 0 },
	{ 'D', "files-dir", "DIR", "nodes, cluster: carry the files slurm.conf names into DIR", 0 },
	{ 'o', "output", "FILE", "nodes, cluster: write the inventory to FILE (new), "
	  "and cluster's database password beside it (slurmdbd.pass, 0600)", CMD_OPT_SHORT },
	{ 's', "site", "DIR", "cluster HOST...: the clusters of one database, each\n"
	  "from its controller, as a site (DIR/site.yaml,\n"
	  "DIR/CLUSTER.yaml; docs/site.md)", 0 },
	CMD_OPT_ACCEPT_NEW_HOST_KEYS,
	CMD_OPT_END,
};

static int cmd_import_run(struct cmd_ctx *ctx)
{
	const struct cmd_args *a = &ctx->args;
	const char *dump = cmd_value(ctx, 'd');
	const char *qos = cmd_value(ctx, 'q');
	const char *why = import_check_args(a, dump, qos);

	if (!why && cmd_has(ctx, 's'))
		why = strcmp(a->operands[0], "cluster") ? "--site DIR is for import cluster" :
			cmd_has(ctx, 'D') ? "--site DIR writes no --files-dir (yet)" :
			cmd_has(ctx, 'o') ? "--site DIR writes its own files: no -o" :
			a->n < 2 ? "missing HOST" : NULL;
	else if (!why && !strcmp(a->operands[0], "cluster") && a->n > 3)
		why = "too many arguments";
	if (why)
		return cmd_usage(ctx, why);
	if (cmd_has(ctx, 's'))
		return import_site_dir(ctx);
	if (!strcmp(a->operands[0], "accounting"))
		return import_accounting(ctx, dump ? NULL : a->operands[1], dump, qos);
	return import_config(ctx, !strcmp(a->operands[0], "cluster"), a->operands[1],
			     a->n == 3 ? a->operands[2] : NULL);
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.summary = "print inventory YAML for a running cluster's accounting, nodes or whole cluster",
	.usage = import_usage,
	.epilog = import_epilog,
	/* --allow-path, --overlay: for "import accounting INVENTORY" */
	.flags = CMD_INVENTORY,
	.options = import_options,
	.help_col = 16,
	.run = cmd_import_run,
};
