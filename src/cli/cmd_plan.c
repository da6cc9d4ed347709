/*
 * cmd_plan.c: "clusterctl plan INVENTORY" observes every host over SSH and
 * prints what apply would change (text, or --json), secrets masked. Exit 0
 * when nothing would change, 2 when changes are pending, 4 when some hosts
 * (or the accounting database) could not be observed, 1 on a fatal error,
 * 3 for an invalid inventory.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/cmd_plan.h"
#include "base/die.h"
#include "slurm/hostlist.h"
#include "decide/plan.h"
#include "act/session.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "base/strbuf.h"
#include "decide/plan_print.h"
#include "inventory/model.h"

static const char *const plan_usage[] = {
	"clusterctl plan INVENTORY [--json] [--fanout N] [--prune]",
	"                          [--only files,users,munge,services,accounting]",
	"                          [--limit HOSTLIST] [--accept-new-host-keys]",
	"                          [--allow-path DIR] [--overlay FILE]...",
	"",
	"Connects to every host over SSH (and to the accounting database) and",
	"prints what apply would change, changing nothing: unified diffs of the",
	"files (identical changes folded under one hostlist), users and groups",
	"to create or fix, the munge key (by fingerprint), services to restart,",
	"reconfigure or start, accounting rows to add or change. Secrets are",
	"never shown. Exit 0: nothing to change; 2: changes pending; 4: some",
	"hosts or the accounting database could not be observed, or service",
	"users' ids differ between hosts while the inventory sets none (the",
	"plan says which).",
	NULL,
};

static int plan_exit(const struct plan *p)
{
	char *unobserved = plan_unobserved(p);
	int rc = unobserved || p->acct_error || p->n_id_conflicts ? CL_PARTIAL :
		plan_count(p) ? CL_PENDING : CL_OK;

	free(unobserved);
	return rc;
}

static void plan_output(const struct plan *p, bool json)
{
	struct strbuf sb = STRBUF_INIT;

	if (json) {
		cmd_print_json(plan_to_json(p), stdout);
		return;
	}
	plan_print(p, cmd_use_color(STDOUT_FILENO) ? PLAN_PRINT_COLOR : 0, &sb);
	fputs(sb.buf, stdout);
	strbuf_release(&sb);
}

static const struct cmd_option plan_options[] = {
	CMD_OPT_JSON_PLAN,
	CMD_OPT_FANOUT,
	CMD_OPT_ONLY,
	CMD_OPT_LIMIT,
	{ 'p', "prune", NULL, "also plan removing accounting rows (QoS,\n"
	  "accounts, users) the inventory does not name", 0 },
	CMD_OPT_ACCEPT_NEW_HOST_KEYS,
	CMD_OPT_END,
};

/* One option of plan or apply into cli; 0, or -1 with *why. */
static int plan_option(const struct cmd_opt *o, struct apply_cli *cli,
		       char **why)
{
	char *end;
	long v;

	switch (o->c) {
	case 'j': cli->json = true; break;
	case 'p': cli->opt.prune = true; break;
	case 'a': cli->opt.accept_new_host_keys = true; break;
	case 'n': cli->dry_run = true; break;
	case 'L': cli->opt.allow_capacity_loss = true; break;
	case 'l': cli->limit = o->value; break;
	case 'f':
		v = strtol(o->value, &end, 10);
		if (*end || v < 1 || v > 100000) {
			*why = xasprintf("--fanout wants a number from 1 to 100000, not '%s'",
					 o->value);
			return -1;
		}
		cli->opt.fanout = (size_t)v;
		break;
	case 'o':
		return plan_parse_only(o->value, &cli->opt.only, why);
	default:
		BUG("plan: option %d", o->c);
	}
	return 0;
}

enum cmd_parse_result cmd_plan_options(const struct cmd_ctx *ctx, bool apply,
				       struct apply_cli *cli, char **why)
{
	const char *bad;
	size_t i;

	memset(cli, 0, sizeof(*cli));
	*why = NULL;
	for (i = 0; i < ctx->n_opts; i++)
		if (plan_option(&ctx->opts[i], cli, why))
			return CMD_PARSE_USAGE;
	if ((bad = cmd_operands(ctx, 1, "missing INVENTORY"))) {
		*why = xstrdup(bad);
		return CMD_PARSE_USAGE;
	}
	cli->inventory = ctx->args.operands[0];
	cli->write = apply && !cli->dry_run;
	return CMD_PARSED;
}

int cmd_plan_load(struct cmd_ctx *ctx, const struct apply_cli *cli)
{
	struct hostlist names = HOSTLIST_INIT;
	char *cause = NULL;

	if (!cmd_load(ctx, cli->inventory))
		return CL_INVALID;
	if (!cli->limit)
		return CL_OK;
	if (!hostlist_expand(cli->limit, &names, &cause))
		model_limit_hosts(ctx->m, (const char *const *)names.names,
				  names.n, &cause);
	hostlist_release(&names);
	if (!cause)
		return CL_OK;
	fprintf(stderr, "clusterctl: %s: --limit %s: %s\n", ctx->cmd->name,
		cli->limit, cause);
	free(cause);
	return CL_USAGE;
}

int cmd_plan_show(struct cmd_ctx *ctx, const struct apply_cli *cli)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct session_job job;
	enum session_start started;
	char *cause = NULL;
	int r;

	if ((r = cmd_plan_load(ctx, cli)))
		return r;
	started = session_job_start(&job, ctx->m, cli, &dl, &cause);
	diag_print(&dl, stderr);
	diag_release(&dl);
	if (cause)
		fprintf(stderr, "clusterctl: plan: %s\n", cause);
	if (started == SESSION_PLANNED) {
		plan_output(job.p, cli->json);
		r = plan_exit(job.p);
	} else {
		r = CL_FATAL;
	}
	free(cause);
	session_job_finish(&job);
	return r;
}

static int cmd_plan_run(struct cmd_ctx *ctx)
{
	struct apply_cli cli;
	char *why = NULL;
	int r;

	if (cmd_plan_options(ctx, false, &cli, &why) != CMD_PARSED) {
		r = cmd_usage(ctx, why);
		free(why);
		return r;
	}
	return cmd_plan_show(ctx, &cli);
}

const struct cmd_entry cmd_plan_entry = {
	.name = "plan",
	.summary = "show what apply would change on the live cluster",
	.usage = plan_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY,
	.options = plan_options,
	.help_col = 26,
	.run = cmd_plan_run,
};
