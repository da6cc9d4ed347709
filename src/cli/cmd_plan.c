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
#include "cli/cmd_site.h"
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
#include "inventory/site.h"

static const char *const plan_usage[] = {
	"clusterctl plan INVENTORY [--json] [--fanout N] [--prune]",
	"                          [--only files,users,munge,services,accounting]",
	"                          [--limit HOSTLIST] [--accept-new-host-keys]",
	"                          [--allow-path DIR] [--overlay FILE]...",
	"                          [--cluster NAME]...",
	"",
	"Connects to every host over SSH (and to the accounting database) and",
	"prints what apply would change, changing nothing: unified diffs of the",
	"files (identical changes folded under one hostlist), users and groups",
	"to create or fix, the munge key (by fingerprint), services to restart,",
	"reconfigure or start, accounting rows to add or change. Secrets are",
	"never shown. Exit 0: nothing to change; 2: changes pending; 4: some",
	"hosts or the accounting database could not be observed, or service",
	"users' ids differ between hosts while the inventory sets none (the",
	"plan says which). A site file (docs/site.md) is planned cluster by",
	"cluster (--cluster NAME: those only); a change of a row the site's",
	"clusters share is marked site-wide.",
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

/*
 * --limit on the clusters picked: each keeps the hosts of its own named
 * (and its slurmctld and slurmdbd hosts); a name of no cluster picked is
 * an error, as for one inventory.
 */
static int limit_site(struct cmd_ctx *ctx, const struct hostlist *names, char **cause)
{
	const char **mine = xcalloc(names->n + 1, sizeof(*mine));
	int rc = 0;

	for (size_t k = 0; rc == 0 && k < ctx->n_pick; k++) {
		struct model *m = ctx->site->clusters[ctx->pick[k]].m;
		size_t n = 0;

		for (size_t i = 0; i < names->n; i++)
			if (ctx->n_pick == 1 || model_find_host(m, names->names[i]))
				mine[n++] = names->names[i];
		rc = model_limit_hosts(m, mine, n, cause);
	}
	for (size_t i = 0; rc == 0 && ctx->n_pick > 1 && i < names->n; i++) {
		bool found = false;

		for (size_t k = 0; !found && k < ctx->n_pick; k++)
			found = model_find_host(ctx->site->clusters[ctx->pick[k]].m,
						names->names[i]) != NULL;
		if (!found) {
			*cause = xasprintf("'%s' is no host of the clusters picked", names->names[i]);
			rc = -1;
		}
	}
	free(mine);
	return rc;
}

int cmd_plan_load(struct cmd_ctx *ctx, const struct apply_cli *cli)
{
	struct hostlist names = HOSTLIST_INIT;
	char *cause = NULL;

	if (!cmd_load_site(ctx, cli->inventory))
		return ctx->load_exit;
	if (!cli->limit)
		return CL_OK;
	if (!hostlist_expand(cli->limit, &names, &cause))
		limit_site(ctx, &names, &cause);
	hostlist_release(&names);
	if (!cause)
		return CL_OK;
	fprintf(stderr, "clusterctl: %s: --limit %s: %s\n", ctx->cmd->name,
		cli->limit, cause);
	free(cause);
	return CL_USAGE;
}

/* One cluster's plan; its JSON goes into all when several are shown. */
static int plan_one(const struct model *m, const struct apply_cli *cli, json_t *all)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct session_job job;
	enum session_start started;
	char *cause = NULL;
	int r;

	started = session_job_start(&job, m, cli, &dl, &cause);
	diag_print(&dl, stderr);
	diag_release(&dl);
	if (cause)
		fprintf(stderr, "clusterctl: plan: %s%s%s\n", all ? m->cluster.name : "",
			all ? ": " : "", cause);
	if (started == SESSION_PLANNED) {
		if (all)
			json_array_append_new(all, plan_to_json(job.p));
		else
			plan_output(job.p, cli->json);
		r = plan_exit(job.p);
	} else {
		r = CL_FATAL;
	}
	free(cause);
	session_job_finish(&job);
	return r;
}

int cmd_plan_show(struct cmd_ctx *ctx, const struct apply_cli *cli)
{
	json_t *all = NULL;
	int r;

	if ((r = cmd_plan_load(ctx, cli)))
		return r;
	/* several clusters as JSON: one document, the site's (docs/json-format.md) */
	if (cli->json && ctx->n_pick > 1)
		all = json_array();
	for (size_t k = 0; k < ctx->n_pick; k++) {
		if (!cli->json)
			cmd_site_header(ctx, k, stdout);
		fflush(stdout);
		r = cmd_site_exit(r, plan_one(ctx->site->clusters[ctx->pick[k]].m, cli, all));
	}
	if (all)
		cmd_print_json(json_pack("{sssO}", "site", ctx->site->name, "clusters", all),
			       stdout);
	json_decref(all);
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
