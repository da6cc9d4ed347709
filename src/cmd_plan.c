/*
 * cmd_plan.c: "clusterctl plan INVENTORY" observes every host over SSH and
 * prints what apply would change (text, or --json), secrets masked. Exit 0
 * when nothing would change, 2 when changes are pending, 4 when some hosts
 * (or the accounting database) could not be observed, 1 on a fatal error,
 * 3 for an invalid inventory.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "cmd.h"
#include "plan.h"

static const char *const plan_usage[] = {
	"clusterctl plan INVENTORY [--json] [--fanout N] [--prune]",
	"                          [--only files,users,munge,services,accounting]",
	"                          [--accept-new-host-keys] [--allow-path DIR]",
	"                          [--overlay FILE]...",
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
	"",
	"options:",
	"  --json                  print the plan as JSON (docs/json-format.md)",
	"  --fanout N              at most N hosts at once (default: ssh.fanout",
	"                          of the inventory, 64)",
	"  --only LIST             only these parts, comma-separated: files,",
	"                          users, munge, services, accounting",
	"  --prune                 also plan removing accounting rows (QoS,",
	"                          accounts, users) the inventory does not name",
	"  --accept-new-host-keys  trust (and record in known_hosts) host keys",
	"                          not seen before; a changed key is always refused",
	"  --allow-path DIR        files the inventory names (include:, templates,",
	"                          password, TLS, ssh and munge key files) may also",
	"                          lie under DIR (repeatable; or CLUSTERCTL_ALLOW_PATH)",
	"  --overlay FILE          apply FILE on top of INVENTORY (repeatable,",
	"                          docs/overlays.md)",
	"  -h, --help              show this help",
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

static int cmd_plan_run(int argc, char **argv)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct apply_job job;
	struct apply_cli cli;
	char *cause = NULL;
	int r;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_plan_entry, stdout);
		cmd_print_exit_codes(stdout);
		return CL_OK;
	}
	if (apply_parse_args(argc, argv, false, &cli, &cause)) {
		cmd_usage_error(&cmd_plan_entry, cause);
		free(cause);
		return CL_USAGE;
	}
	memset(&job, 0, sizeof(job));
	r = diag_read_source(&dl, cli.inventory) ? -1 :
		apply_job_start(&job, &cli, &dl, &cause);
	diag_print(&dl, stderr);
	diag_release(&dl);
	if (cause)
		fprintf(stderr, "clusterctl: plan: %s\n", cause);
	if (!r) {
		plan_output(job.p, cli.json);
		r = plan_exit(job.p);
	} else {
		r = r == -1 ? CL_INVALID : CL_FATAL;
	}
	free(cause);
	apply_job_finish(&job);
	return r;
}

const struct cmd_entry cmd_plan_entry = {
	.name = "plan",
	.summary = "show what apply would change on the live cluster",
	.usage = plan_usage,
	.run = cmd_plan_run,
};
