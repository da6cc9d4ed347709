/*
 * cmd_apply.c: "clusterctl apply INVENTORY" computes the plan (observing
 * every host), prints it, and executes that very plan: stage files
 * everywhere, swap them in, fix users/groups, install the munge key, act on
 * services, apply accounting, then observe again to verify. One summary line
 * at the end names failed hosts as a folded hostlist. Exit 0, 4 when some
 * hosts failed (the others are applied), 1 on a fatal error, 3 for an
 * invalid inventory. --dry-run is plan.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/apply.h"
#include "cli/cmd.h"
#include "cli/cmd_site.h"
#include "cli/cmd_apply.h"
#include "cli/cmd_plan.h"
#include "decide/plan.h"
#include "base/xalloc.h"
#include "act/session.h"
#include "base/diag.h"
#include "base/strbuf.h"
#include "decide/plan_print.h"
#include "inventory/site.h"

static const char *const apply_usage[] = {
	"clusterctl apply INVENTORY [--dry-run [--json]] [--fanout N] [--prune]",
	"                           [--only files,users,munge,services,accounting]",
	"                           [--limit HOSTLIST] [--accept-new-host-keys]",
	"                           [--allow-capacity-loss]",
	"                           [--allow-path DIR] [--overlay FILE]...",
	"                           [--cluster NAME]...",
	"",
	"Computes the plan (as plan does) and prints it, then carries it out:",
	"stages every changed file beside its target on every host and checks",
	"it there before swapping any in (temp file, owner and mode, fsync,",
	"rename; the previous file kept as FILE.clusterctl-old, the site's own",
	"file from before clusterctl as FILE.clusterctl-orig for good), creates or",
	"fixes the slurm and munge users and groups, installs the munge key,",
	"applies the accounting changes, restarts, starts or reconfigures only",
	"what changed, and observes again to verify. One summary line at the",
	"end names the hosts that failed; the others are still applied.",
	"A plan that takes capacity away from slurmctld (nodes, CPUs, memory,",
	"GRES, features, partitions, partition limits) is refused (exit 4)",
	"unless --allow-capacity-loss; after apply, slurmctld's view of every",
	"node must match the inventory, or apply exits 4.",
	"A site file (docs/site.md) is applied cluster by cluster, in its order",
	"(--cluster NAME: those only).",
	"Exit 0: done; 4: some hosts failed, or refused or not verified as above.",
	NULL,
};

static int apply_report(const struct apply_summary *sum, int ret, char *cause)
{
	char *line = apply_summary_line(sum);

	fputs(sum->errors.buf, stderr);
	if (ret)
		fprintf(stderr, "clusterctl: apply: %s\n", cause);
	printf("%s\n", line);
	if (!ret && sum->verify_left)
		fprintf(stderr, "clusterctl: apply: verification: %s\n",
			sum->verify_left == SIZE_MAX ? "could not observe again" :
			"changes remain after apply (run plan)");
	for (size_t i = 0; i < sum->n_cap_mismatch; i++)
		fprintf(stderr, "clusterctl: apply: verification: %s\n",
			sum->cap_mismatch[i]);
	free(line);
	if (ret)
		return CL_FATAL;
	return sum->failed || sum->refused || sum->release_refused || sum->verify_left ||
		sum->n_cap_mismatch ? CL_PARTIAL : CL_OK;
}

static int apply_go(struct session *s, struct plan *p)
{
	struct apply_summary sum;
	struct strbuf sb = STRBUF_INIT;
	char *cause = NULL, *unobserved = plan_unobserved(p);
	int ret, rc;

	plan_print(p, cmd_use_color(STDOUT_FILENO) ? PLAN_PRINT_COLOR : 0, &sb);
	fputs(sb.buf, stdout);
	fflush(stdout);
	strbuf_release(&sb);
	if (!plan_count(p) && !unobserved && !p->acct_error && !p->n_id_conflicts) {
		printf("apply: nothing to do\n");
		return CL_OK;
	}
	if (p->n_cap_losses && !s->opt.allow_capacity_loss) {
		fprintf(stderr, "clusterctl: apply: refused: the plan takes capacity "
			"away from slurmctld (%zu loss%s above); nothing was changed. "
			"Pass --allow-capacity-loss if that is intended\n",
			p->n_cap_losses, p->n_cap_losses == 1 ? "" : "es");
		free(unobserved);
		return CL_PARTIAL;
	}
	ret = apply_execute(s, p, &sum, &cause);
	rc = apply_report(&sum, ret, cause);
	if (p->held) {
		fputs(p->held, stderr);
		rc = rc == CL_OK ? CL_PARTIAL : rc;
	}
	if (rc == CL_OK && p->acct_error) {
		fprintf(stderr, "clusterctl: apply: accounting not applied: %s\n",
			p->acct_error);
		rc = CL_PARTIAL;
	}
	for (size_t i = 0; i < p->n_id_conflicts; i++) {
		fprintf(stderr, "clusterctl: apply: left alone: %s\n", p->id_conflicts[i]);
		rc = rc == CL_OK ? CL_PARTIAL : rc;
	}
	/* observed but nothing planned there (another release, a key its
	 * older daemon rejects): named in the plan above, left as it is */
	if (unobserved && rc == CL_OK)
		rc = CL_PARTIAL;
	free(unobserved);
	free(cause);
	apply_summary_release(&sum);
	return rc;
}

static const struct cmd_option apply_options[] = {
	{ 'n', "dry-run", NULL, "only print the plan: the same as plan", 0 },
	{ 'j', "json", NULL, "with --dry-run: print the plan as JSON\n"
	  "(docs/json-format.md)", 0 },
	CMD_OPT_FANOUT,
	CMD_OPT_ONLY,
	CMD_OPT_LIMIT,
	{ 'p', "prune", NULL, "also remove accounting rows (QoS, accounts,\n"
	  "users) the inventory does not name", 0 },
	{ 'L', "allow-capacity-loss", NULL, "apply even when the plan names capacity\n"
	  "losses (capacity: lines)", 0 },
	CMD_OPT_ACCEPT_NEW_HOST_KEYS,
	CMD_OPT_END,
};

static int cmd_apply_run(struct cmd_ctx *ctx)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct session_job job;
	struct apply_cli cli;
	enum session_start started;
	char *cause = NULL;
	int r;

	if (cmd_plan_options(ctx, true, &cli, &cause) == CMD_PARSED && cli.json &&
	    !cli.dry_run)
		cause = xstrdup("--json needs --dry-run (apply prints text; "
				"use plan --json)");
	if (cause) {
		r = cmd_usage(ctx, cause);
		free(cause);
		return r;
	}
	/* "apply --dry-run" is "plan" */
	if (cli.dry_run)
		return cmd_plan_show(ctx, &cli);
	if ((r = cmd_plan_load(ctx, &cli)))
		return r;
	/*
	 * A site's clusters one after the other, in the site's order (the
	 * one running slurmdbd first when it is listed first); after a fatal
	 * error the next ones are left as they are.
	 */
	for (size_t k = 0; k < ctx->n_pick; k++) {
		const struct model *m = ctx->site->clusters[ctx->pick[k]].m;

		cmd_site_header(ctx, k, stdout);
		fflush(stdout);
		started = session_job_start(&job, m, &cli, &dl, &cause);
		diag_print(&dl, stderr);
		diag_release(&dl);
		if (cause)
			fprintf(stderr, "clusterctl: apply: %s\n", cause);
		r = cmd_site_exit(r, started == SESSION_PLANNED ? apply_go(&job.s, job.p) :
				  CL_FATAL);
		free(cause);
		cause = NULL;
		session_job_finish(&job);
		if (r == CL_FATAL && k + 1 < ctx->n_pick) {
			fprintf(stderr, "clusterctl: apply: cluster '%s' failed: the next "
				"cluster%s left as %s\n", m->cluster.name,
				k + 2 < ctx->n_pick ? "s are" : " is",
				k + 2 < ctx->n_pick ? "they are" : "it is");
			break;
		}
	}
	return r;
}

const struct cmd_entry cmd_apply_entry = {
	.name = "apply",
	.summary = "make the live cluster match the inventory (plan, then act)",
	.usage = apply_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY,
	.options = apply_options,
	.help_col = 26,
	.run = cmd_apply_run,
};
