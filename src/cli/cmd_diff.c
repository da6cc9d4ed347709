/*
 * cmd_diff.c: "clusterctl diff BASE HEAD": what changing the inventory
 * from BASE to HEAD means, offline (review.h): the settings as Slurm
 * reads them, folded by hostlist, with what each needs from the daemons;
 * hosts, node types, partitions and files added or removed; users,
 * daemons, accounting rows, capacity lost and the munge key. --base-ref
 * REF reads BASE (and everything it names) from a git revision.
 * Exit 0: no change, 2: changes, 3: a side is invalid, 4 with
 * --fail-on-capacity-loss when HEAD takes capacity away.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/fileio.h"
#include "base/pathtrust.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/cmd.h"
#include "cli/cmd_diff.h"
#include "inventory/model.h"
#include "inventory/overlay.h"
#include "review/gitrev.h"
#include "review/review.h"
#include "review/review_files.h"
#include "review/review_json.h"
#include "review/review_md.h"
#include "review/review_text.h"

static const char *const diff_usage[] = {
	"clusterctl diff BASE HEAD [--json | --markdown | --files]",
	"   or: clusterctl diff --base-ref REF [BASE] HEAD [...]",
	"",
	"Compares two inventories offline (no host, no database): BASE as",
	"what the cluster runs, HEAD as what it should. Prints what HEAD adds",
	"or removes (hosts, node types, partitions, files: entries), every",
	"Slurm setting that changes as Slurm reads it, folded by hostlist,",
	"with what each needs from the daemons on HEAD's release (restart,",
	"reconfigure, or formatting only), the users and daemons apply would",
	"create, restart or start, the accounting rows to add, change or",
	"remove, the capacity HEAD takes away (the rules of plan's guard) and",
	"the munge key (by fingerprint only). No secret is printed: diff, like",
	"validate and render, reads no password or key file outside the",
	"inventory's tree. Exit 0 when nothing changes, 2 when something does,",
	"3 when BASE or HEAD is invalid.",
	NULL,
};

static const char *const diff_epilog[] = {
	"With --base-ref REF, BASE is read from the git revision REF of the",
	"repository HEAD lies in (\"git archive REF\"): its include: files,",
	"templates, files: sources and the --overlay files are REF's too. BASE",
	"defaults to HEAD's path there. Diagnostics name its files REF:PATH.",
	NULL,
};

enum { OPT_MARKDOWN = 'm', OPT_FILES = 'F', OPT_BASE_REF = 'b', OPT_FAIL_CAP = 'c',
       OPT_JSON = 'j' };

static const struct cmd_option diff_options[] = {
	{ OPT_JSON, "json", NULL, "print the review as JSON (docs/json-format.md)", 0 },
	{ OPT_MARKDOWN, "markdown", NULL,
	  "print it as a merge-request comment: a\nsummary, a <details> per hostlist group", 0 },
	{ OPT_FILES, "files", NULL,
	  "print the unified diffs of the files, each\nidentical hunk once under its hostlist", 0 },
	{ OPT_BASE_REF, "base-ref", "REF",
	  "read BASE from git revision REF (one step:\nits includes, templates and overlays too)", 0 },
	{ OPT_FAIL_CAP, "fail-on-capacity-loss", NULL,
	  "exit 4 when HEAD takes capacity away (nodes,\nCPUs, memory, GRES, partition limits)", 0 },
	CMD_OPT_END,
};

/* A merge-request comment's budget: GitHub takes 65,536 characters. */
#define DIFF_MARKDOWN_LIMIT 60000

/* ---- BASE from a git revision ---- */

/* Calls fn(dir) for each directory CLUSTERCTL_ALLOW_PATH names. */
static void env_allow_paths(struct gitrev *g)
{
	const char *env = getenv("CLUSTERCTL_ALLOW_PATH");
	char *copy = xstrdup(env ? env : ""), *save = NULL, *d;

	for (d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		char *cause = NULL, *m = gitrev_map(g, d, &cause);

		if (m)
			pathtrust_allow(m, &cause);
		free(m);
		free(cause);
	}
	free(copy);
}

/*
 * The --overlay files and --allow-path directories as REF has them (one
 * outside the work tree stays as it is); *saved gets the overlays to put
 * back after BASE is loaded.
 */
static void ref_context(const struct cmd_ctx *ctx, struct gitrev *g, char ***saved,
			size_t *n_saved)
{
	*n_saved = overlay_count();
	*saved = xcalloc(*n_saved + 1, sizeof(**saved));
	for (size_t i = 0; i < *n_saved; i++)
		(*saved)[i] = xstrdup(overlay_path(i));
	overlay_clear();
	for (size_t i = 0; i < *n_saved; i++) {
		char *cause = NULL, *m = gitrev_map(g, (*saved)[i], &cause);

		overlay_add(m ? m : (*saved)[i]);
		free(m);
		free(cause);
	}
	for (size_t i = 0; i < ctx->n_allow_paths; i++) {
		char *cause = NULL, *m = gitrev_map(g, ctx->allow_paths[i], &cause);

		if (m)
			pathtrust_allow(m, &cause);
		free(m);
		free(cause);
	}
	env_allow_paths(g);
}

static void restore_overlays(char **saved, size_t n)
{
	overlay_clear();
	for (size_t i = 0; i < n; i++) {
		overlay_add(saved[i]);
		free(saved[i]);
	}
	free(saved);
}

/*
 * Diagnostics about REF's copy name its files REF:PATH, with the copy's
 * text for their excerpts.
 */
static void relabel(const struct gitrev *g, struct diag_list *dl)
{
	for (size_t i = 0; i < dl->n; i++) {
		struct diag *d = &dl->items[i];
		char *label = d->file ? gitrev_label(g, d->file) : NULL;
		size_t len;
		char *text;

		if (!label)
			continue;
		if ((text = fileio_read(d->file, &len, NULL))) {
			diag_set_source(dl, label, text, len);
			free(text);
		}
		free(d->file);
		d->file = label;
		d->loc.file = label;
	}
}

/* ---- loading both sides ---- */

struct sides {
	const char *base_path, *head_path;
	char *base_label;		/* BASE's name in the output */
	struct gitrev ref;		/* --base-ref's copy */
	struct model *base, *head;
};

/* Loads BASE (from REF's copy when given), printing its diagnostics. */
static int load_base(struct cmd_ctx *ctx, struct sides *s, const char *ref)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *cause = NULL, *path = NULL, **saved = NULL;
	size_t n_saved = 0;

	if (ref) {
		if (gitrev_checkout(s->head_path, ref, &s->ref, &cause) < 0 ||
		    !(path = gitrev_map(&s->ref, s->base_path, &cause))) {
			fprintf(stderr, "clusterctl: diff: --base-ref %s: %s\n", ref, cause);
			free(cause);
			return CL_FATAL;
		}
		s->base_label = gitrev_label(&s->ref, path);
		ref_context(ctx, &s->ref, &saved, &n_saved);
	}
	s->base = cmd_load_other(ctx, path ? path : s->base_path, &dl);
	if (ref) {
		restore_overlays(saved, n_saved);
		relabel(&s->ref, &dl);
	}
	diag_print(&dl, stderr);
	diag_release(&dl);
	free(path);
	if (!s->base_label)
		s->base_label = xstrdup(s->base_path);
	return s->base ? CL_OK : CL_INVALID;
}

static int load_sides(struct cmd_ctx *ctx, struct sides *s)
{
	const char *ref = cmd_value(ctx, OPT_BASE_REF);
	struct diag_list dl = DIAG_LIST_INIT;
	int rc;

	s->head_path = ctx->args.operands[ctx->args.n - 1];
	s->base_path = ctx->args.n == 2 ? ctx->args.operands[0] : s->head_path;
	if ((rc = load_base(ctx, s, ref)) == CL_FATAL)
		return rc;
	/* HEAD's problems too, even when BASE has some: the reviewer wants both */
	s->head = cmd_load_other(ctx, s->head_path, &dl);
	diag_print(&dl, stderr);
	diag_release(&dl);
	return s->base && s->head ? CL_OK : CL_INVALID;
}

/* the models are ctx's (cmd_load_other()) */
static void sides_release(struct sides *s)
{
	free(s->base_label);
	gitrev_release(&s->ref);
}

/* ---- the command ---- */

static int print_review(const struct cmd_ctx *ctx, const struct review *r)
{
	struct strbuf sb = STRBUF_INIT;

	if (cmd_has(ctx, OPT_JSON)) {
		cmd_print_json(review_to_json(r), stdout);
	} else {
		if (cmd_has(ctx, OPT_MARKDOWN))
			review_print_markdown(r, DIFF_MARKDOWN_LIMIT, &sb);
		else if (cmd_has(ctx, OPT_FILES))
			review_print_files(r, &sb);
		else
			review_print_text(r, &sb);
		fwrite(sb.buf, 1, sb.len, stdout);
	}
	strbuf_release(&sb);
	if (cmd_has(ctx, OPT_FAIL_CAP) && review_capacity_lost(r))
		return CL_PARTIAL;
	return review_count(r) || r->munge.changed ? CL_PENDING : CL_OK;
}

static const char *diff_check_usage(const struct cmd_ctx *ctx)
{
	int modes = cmd_has(ctx, OPT_JSON) + cmd_has(ctx, OPT_MARKDOWN) +
		    cmd_has(ctx, OPT_FILES);

	if (modes > 1)
		return "--json, --markdown and --files exclude each other";
	if (cmd_has(ctx, OPT_BASE_REF) && ctx->args.n == 1)
		return NULL;
	if (cmd_has(ctx, OPT_BASE_REF) && !ctx->args.n)
		return "missing HEAD";
	return cmd_operands(ctx, 2, ctx->args.n ? "missing HEAD" : "missing BASE and HEAD");
}

static int cmd_diff_run(struct cmd_ctx *ctx)
{
	struct sides s = { .ref = GITREV_INIT };
	struct review *r = NULL;
	const char *why = diff_check_usage(ctx);
	char *cause = NULL;
	int rc;

	if (why)
		return cmd_usage(ctx, why);
	if ((rc = load_sides(ctx, &s)) != CL_OK)
		goto out;
	if (review_compute(s.base, s.base_label, s.head, s.head_path, &r, &cause) < 0) {
		fprintf(stderr, "clusterctl: diff: %s\n", cause);
		free(cause);
		rc = CL_INVALID;
		goto out;
	}
	rc = print_review(ctx, r);
out:
	review_free(r);
	sides_release(&s);
	return rc;
}

const struct cmd_entry cmd_diff_entry = {
	.name = "diff",
	.summary = "what changing the inventory means, offline (BASE -> HEAD)",
	.usage = diff_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY,
	.options = diff_options,
	.help_col = 29,
	.epilog = diff_epilog,
	.run = cmd_diff_run,
};
