/*
 * cmd_apply.c: "clusterctl apply INVENTORY" computes the plan (observing
 * every host), prints it, and executes that very plan: stage files
 * everywhere, swap them in, fix users/groups, install the munge key, act on
 * services, apply accounting, then observe again to verify. One summary line
 * at the end names failed hosts as a folded hostlist. Exit 0, 4 when some
 * hosts failed (the others are applied), 1 on a fatal error, 3 for an
 * invalid inventory. --dry-run is plan.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "cmd.h"
#include "plan.h"
#include "xalloc.h"

static const char *const apply_usage[] = {
	"clusterctl apply INVENTORY [--dry-run [--json]] [--fanout N] [--prune]",
	"                           [--only files,users,munge,services,accounting]",
	"                           [--accept-new-host-keys] [--allow-path DIR]",
	"                           [--overlay FILE]...",
	"",
	"Computes the plan (as plan does) and prints it, then carries it out:",
	"stages every changed file beside its target on every host and checks",
	"it there before swapping any in (temp file, owner and mode, fsync,",
	"rename; the previous file kept as FILE.clusterctl-old), creates or",
	"fixes the slurm and munge users and groups, installs the munge key,",
	"applies the accounting changes, restarts, starts or reconfigures only",
	"what changed, and observes again to verify. One summary line at the",
	"end names the hosts that failed; the others are still applied.",
	"Exit 0: done; 4: some hosts failed.",
	"",
	"options:",
	"  --dry-run               only print the plan: the same as plan",
	"  --json                  with --dry-run: print the plan as JSON",
	"                          (docs/json-format.md)",
	"  --fanout N              at most N hosts at once (default: ssh.fanout",
	"                          of the inventory, 64)",
	"  --only LIST             only these parts, comma-separated: files,",
	"                          users, munge, services, accounting",
	"  --prune                 also remove accounting rows (QoS, accounts,",
	"                          users) the inventory does not name",
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
	free(line);
	if (ret)
		return CL_FATAL;
	return sum->failed || sum->refused || sum->verify_left ? CL_PARTIAL : CL_OK;
}

static int apply_go(struct apply_session *s, struct plan *p)
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
	free(unobserved);
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
	free(cause);
	apply_summary_release(&sum);
	return rc;
}

/* "apply --dry-run" is "plan" with the same arguments minus --dry-run. */
static int cmd_apply_dry_run(int argc, char **argv)
{
	char **args = xcalloc((size_t)argc + 1, sizeof(*args));
	bool options = true;
	int i, n = 0, r;

	for (i = 0; i < argc; i++) {
		size_t len = strlen(argv[i]);

		options = options && strcmp(argv[i], "--");
		/* getopt_long takes a unique prefix ("--dry") as well */
		if (!(i && options && len >= 3 && !strncmp(argv[i], "--dry-run", len)))
			args[n++] = argv[i];
	}
	r = cmd_plan_entry.run(n, args);
	free(args);
	return r;
}

/* Parses the options; returns -1 to go on, else the exit code. */
static int cmd_apply_options(int argc, char **argv, struct apply_cli *cli)
{
	char *cause = NULL;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_apply_entry, stdout);
		cmd_print_exit_codes(stdout);
		return CL_OK;
	}
	if (!apply_parse_args(argc, argv, true, cli, &cause) &&
	    cli->json && !cli->dry_run)
		cause = xstrdup("--json needs --dry-run (apply prints text; "
				"use plan --json)");
	if (cause) {
		cmd_usage_error(&cmd_apply_entry, cause);
		free(cause);
		return CL_USAGE;
	}
	return -1;
}

static int cmd_apply_run(int argc, char **argv)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct apply_job job;
	struct apply_cli cli;
	char *cause = NULL;
	int r = cmd_apply_options(argc, argv, &cli);

	if (r >= 0)
		return r;
	if (cli.dry_run)
		return cmd_apply_dry_run(argc, argv);
	memset(&job, 0, sizeof(job));
	r = diag_read_source(&dl, cli.inventory) ? -1 :
		apply_job_start(&job, &cli, &dl, &cause);
	diag_print(&dl, stderr);
	diag_release(&dl);
	if (cause)
		fprintf(stderr, "clusterctl: apply: %s\n", cause);
	if (!r)
		r = apply_go(&job.s, job.p);
	else
		r = r == -1 ? CL_INVALID : CL_FATAL;
	free(cause);
	apply_job_finish(&job);
	return r;
}

const struct cmd_entry cmd_apply_entry = {
	.name = "apply",
	.summary = "make the live cluster match the inventory (plan, then act)",
	.usage = apply_usage,
	.run = cmd_apply_run,
};
