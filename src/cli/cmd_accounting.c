/*
 * cmd_accounting.c: "clusterctl accounting plan|apply INVENTORY": only the
 * accounting part of plan/apply. plan prints what would change in the
 * Slurm accounting database and exits 0 (nothing) or 2 (pending); apply
 * writes it with the inventory's method (sql or sacctmgr) and reads back.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "cli/cmd.h"
#include "cli/cmd_site.h"
#include "cli/cmd_accounting.h"
#include "base/strbuf.h"
#include "acct/apply/acct_apply.h"
#include "acct/plan/acct_plan.h"
#include "acct/plan/acct_print.h"
#include "acct/apply/acct_remote.h"
#include "inventory/site.h"

static const char *const accounting_usage[] = {
	"clusterctl accounting plan INVENTORY [--prune] [--json] [--overlay FILE]...",
	"   or: clusterctl accounting apply INVENTORY [--prune] [--accept-new-host-keys]",
	"                                            [--exec-via CMD]",
	"",
	"Compares the Slurm accounting database (database: in the inventory) with",
	"the inventory's QoS, accounts and users. plan prints the difference and",
	"exits 0 (nothing) or 2 (pending); apply writes it (method sql: one",
	"transaction, slurmdbd stopped, then slurmdbd and slurmctld restarted;",
	"method sacctmgr: sacctmgr -i commands on the accounting host) and",
	"checks it with sacctmgr show. No file on any host is touched. A site",
	"file's clusters (docs/site.md) go one after the other (--cluster NAME:",
	"those only).",
	NULL,
};

struct acct_opts {
	bool prune, json, accept_new;
	const char *exec_via;
};

static const struct cmd_option accounting_options[] = {
	{ 'p', "prune", NULL, "also remove what the inventory does not name", 0 },
	CMD_OPT_JSON_PLAN,
	CMD_OPT_ACCEPT_NEW_HOST_KEYS,
	{ 'e', "exec-via", "CMD",
	  "run remote commands as 'CMD HOST sh -c SCRIPT' on this\n"
	  "machine instead of over SSH: CMD is read by sh once,\n"
	  "HOST, sh, -c, SCRIPT follow as 4 arguments that CMD\n"
	  "must run on HOST as they are (nsenter, sudo, kubectl\n"
	  "exec --; the lab: 'scripts/lab.sh exec'; ssh needs a\n"
	  "wrapper: docs/security.md)", 0 },
	CMD_OPT_END,
};

/* Why the operands VERB INVENTORY are wrong; NULL when they are right. */
static const char *check_operands(const struct cmd_ctx *ctx)
{
	const struct cmd_args *a = &ctx->args;

	if (a->n < 1 || (strcmp(a->operands[0], "plan") &&
			 strcmp(a->operands[0], "apply")))
		return a->n ? "the first argument is plan or apply" : "missing plan or apply";
	return cmd_operands(ctx, 2, "missing INVENTORY");
}

static void print_plan(const struct acct_plan *p, bool json)
{
	struct strbuf sb = STRBUF_INIT;

	if (json) {
		cmd_print_json(acct_plan_to_json(p), stdout);
		return;
	}
	strbuf_addstr(&sb, "accounting:\n");
	acct_plan_print(p, &sb);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
}

static int do_apply(const struct model *m, const struct acct_plan *p,
		    const struct acct_opts *o, struct acct_lock *lock)
{
	struct acct_ssh *ssh, *own = NULL;
	char *cause = NULL;
	int rc;

	if (!acct_plan_count(p)) {
		printf("accounting: nothing to change\n");
		return CL_OK;
	}
	if (o->exec_via) {
		rc = acct_plan_apply(m, p, acct_exec_remote, (void *)o->exec_via, &cause);
	} else {
		/* the lock's session when it has one: one connection */
		if (!(ssh = acct_lock_ssh(lock)))
			ssh = own = acct_ssh_new(m, o->accept_new);
		rc = acct_plan_apply(m, p, acct_ssh_remote, ssh, &cause);
		acct_ssh_free(own);
	}
	if (rc < 0) {
		fprintf(stderr, "clusterctl: accounting: %s\n", cause);
		free(cause);
		return CL_FATAL;
	}
	printf("accounting: %zu change%s applied and read back\n", acct_plan_count(p),
	       acct_plan_count(p) == 1 ? "" : "s");
	return CL_OK;
}

static int run(const char *verb, const struct model *m, const struct acct_opts *o)
{
	struct acct_plan *p = NULL;
	struct acct_lock *lock = NULL;
	char *cause = NULL;
	int rc;

	/* apply plans under the cluster lock: what it writes is what it planned */
	if ((!strcmp(verb, "apply") && m->db.host &&
	     acct_lock_take(m, o->exec_via, o->accept_new, &lock, &cause) < 0) ||
	    acct_plan_compute(m, o->prune, o->accept_new, &p, &cause) < 0) {
		fprintf(stderr, "clusterctl: accounting: %s\n", cause);
		free(cause);
		acct_lock_release(lock);
		return CL_FATAL;
	}
	print_plan(p, o->json);
	if (!strcmp(verb, "plan"))
		rc = acct_plan_count(p) ? CL_PENDING : CL_OK;
	else
		rc = do_apply(m, p, o, lock);
	acct_plan_free(p);
	acct_lock_release(lock);
	return rc;
}

static int cmd_accounting_run(struct cmd_ctx *ctx)
{
	struct acct_opts o = {
		cmd_has(ctx, 'p'), cmd_has(ctx, 'j'), cmd_has(ctx, 'a'),
		cmd_value(ctx, 'e'),
	};
	const char *why = check_operands(ctx);
	const struct site *s;
	int rc = CL_OK;

	if (why)
		return cmd_usage(ctx, why);
	if (!(s = cmd_load_site(ctx, ctx->args.operands[1])))
		return ctx->load_exit;
	if (o.json && ctx->n_pick > 1)
		return cmd_usage(ctx, "--json takes one cluster of a site: name it with --cluster");
	/* a site's clusters one after the other: each plans what the ones before wrote */
	for (size_t k = 0; k < ctx->n_pick && rc != CL_FATAL; k++) {
		cmd_site_header(ctx, k, stdout);
		rc = cmd_site_exit(rc, run(ctx->args.operands[0], s->clusters[ctx->pick[k]].m, &o));
		fflush(stdout);
	}
	return rc;
}

const struct cmd_entry cmd_accounting_entry = {
	.name = "accounting",
	.summary = "plan or apply only the Slurm accounting database",
	.usage = accounting_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY,
	.options = accounting_options,
	.help_col = 26,
	.run = cmd_accounting_run,
};
