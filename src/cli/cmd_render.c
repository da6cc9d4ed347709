/*
 * cmd_render.c: "clusterctl render INVENTORY -o DIR": the files each host
 * would get, written offline under DIR/<host>/<path>, plus DIR/manifest.json
 * (render_dir.c: identical files hard-linked, a previous render replaced
 * cleanly, a non-empty DIR without a manifest refused, never clobbered).
 */
#include "base/compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/cmd_render.h"
#include "base/diag.h"
#include "base/fileio.h"
#include "inventory/model.h"
#include "render/render.h"
#include "render/render_dir.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/site.h"

static const char *const render_usage[] = {
	"clusterctl render INVENTORY -o DIR [--json] [--overlay FILE]...",
	"",
	"Writes the files every host would get to DIR/<host>/<path> and a",
	"manifest (DIR/manifest.json) of all of them with owner, group, mode",
	"and sha256, offline: no host is contacted. The munge key is listed but",
	"never written; slurmdbd.conf holds the placeholder",
	RENDER_SECRET_DB_PASSWORD " instead of the database password, and a",
	"password passed through slurm_conf (AccountingStoragePass, JobCompPass)",
	"is " RENDER_SECRET_VALUE_PREFIX "KEY@: apply writes the values.",
	"Identical files are hard links. DIR must be empty, absent, or hold a",
	"previous render, which is replaced. A site file's clusters (docs/site.md)",
	"go to DIR/CLUSTER each, unless one is picked with --cluster.",
	NULL,
};

/* ---- the command ---- */

/* --json: DIR/manifest.json as written, copied a piece at a time. */
static int print_manifest(const char *dir)
{
	char *path = xasprintf("%s/manifest.json", dir), buf[65536];
	int fd = fileio_open_regular(path, NULL);
	ssize_t n = 0;

	while (fd >= 0 && (n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, stdout);
	if (fd < 0 || n < 0)
		fprintf(stderr, "clusterctl: render: cannot read '%s': %s\n", path,
			fileio_strerror(errno));
	if (fd >= 0)
		close(fd);
	free(path);
	return fd < 0 || n < 0 ? -1 : 0;
}

static int render_to(const struct model *m, const char *dir, bool json)
{
	struct rendered_set set = RENDERED_SET_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	char *cause = NULL;
	int rc = CL_FATAL;

	if (render_cluster(m, &set, &dl) < 0) {
		diag_print(&dl, stderr);
		goto out;
	}
	if (render_dir_write(m, &set, dir, &cause) < 0) {
		fprintf(stderr, "clusterctl: render: %s\n", cause);
		goto out;
	}
	if (json && print_manifest(dir) < 0)
		goto out;
	if (!json)
		printf("rendered %zu files (%zu distinct) for %zu hosts into '%s'\n",
		       set.n_files, set.n_blobs, m->n_hosts, dir);
	rc = CL_OK;
out:
	free(cause);
	diag_release(&dl);
	rendered_set_release(&set);
	return rc;
}

static const struct cmd_option render_options[] = {
	{ 'o', "output", "DIR", "where to write (required)", CMD_OPT_SHORT },
	{ 'j', "json", NULL, "also print the manifest on stdout\n(docs/json-format.md)", 0 },
	CMD_OPT_END,
};

static int cmd_render_run(struct cmd_ctx *ctx)
{
	const char *dir = cmd_value(ctx, 'o'), *why;
	const struct site *s;
	int rc = CL_OK;

	if (!dir || !*dir)
		return cmd_usage(ctx, "-o DIR is required");
	if ((why = cmd_operands(ctx, 1, "missing INVENTORY")))
		return cmd_usage(ctx, why);
	if (!(s = cmd_load_site(ctx, ctx->args.operands[0])))
		return ctx->load_exit;
	if (ctx->n_pick == 1)
		return render_to(s->clusters[ctx->pick[0]].m, dir, cmd_has(ctx, 'j'));
	/* several clusters of a site: each in DIR/CLUSTER */
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "clusterctl: render: cannot create '%s': %s\n", dir,
			strerror(errno));
		return CL_FATAL;
	}
	for (size_t i = 0; i < ctx->n_pick && rc == CL_OK; i++) {
		const struct site_cluster *c = &s->clusters[ctx->pick[i]];
		char *sub = xasprintf("%s/%s", dir, c->name);

		rc = render_to(c->m, sub, cmd_has(ctx, 'j'));
		free(sub);
	}
	return rc;
}

const struct cmd_entry cmd_render_entry = {
	.name = "render",
	.summary = "write the files every host would get to a directory",
	.usage = render_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY,
	.options = render_options,
	.help_col = 21,
	.run = cmd_render_run,
};
