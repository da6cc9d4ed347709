/*
 * cmd_export_sacctmgr.c: "clusterctl export-sacctmgr INVENTORY": the
 * inventory's accounting as a "sacctmgr load" flat file (QoS as commented
 * "sacctmgr add qos" commands first: Slurm 22.05 flat files cannot hold
 * QoS), or with --commands as the "sacctmgr -i" commands the sacctmgr
 * method would run on an empty database. Needs no database.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>

#include "acct/rows/acct.h"
#include "cli/cmd.h"
#include "cli/cmd_export_sacctmgr.h"
#include "base/strbuf.h"
#include "acct/plan/acct_sacctmgr.h"

static const char *const export_sacctmgr_usage[] = {
	"clusterctl export-sacctmgr INVENTORY [--commands] [--overlay FILE]...",
	"",
	"Prints a sacctmgr load flat file (Cluster, Parent, Account and User",
	"lines) for the inventory's accounts and users, offline: no database is",
	"needed. QoS cannot be in a Slurm 22.05 flat file: their 'sacctmgr add",
	"qos' commands come first, as comments, to be run before 'sacctmgr load'.",
	NULL,
};

static const struct cmd_option export_sacctmgr_options[] = {
	{ 'c', "commands", NULL, "print 'sacctmgr -i' commands instead (QoS, accounts,\n"
	  "users, coordinators), one per line, arguments shell-quoted", 0 },
	CMD_OPT_END,
};

static int cmd_export_sacctmgr_run(struct cmd_ctx *ctx)
{
	struct strbuf out = STRBUF_INIT;
	const char *why;
	const struct model *m;
	char *cause = NULL;
	int rc;

	if ((why = cmd_operands(ctx, 1, "missing INVENTORY")))
		return cmd_usage(ctx, why);
	if (!(m = cmd_load(ctx, ctx->args.operands[0])))
		return ctx->load_exit;
	rc = cmd_has(ctx, 'c') ? acct_export_commands(m, &out, &cause) :
		acct_export_flat(m, &out, &cause);
	if (rc < 0) {
		fprintf(stderr, "clusterctl: export-sacctmgr: %s\n", cause);
		free(cause);
	} else {
		fwrite(out.buf, 1, out.len, stdout);
	}
	strbuf_release(&out);
	return rc < 0 ? CL_FATAL : CL_OK;
}

const struct cmd_entry cmd_export_sacctmgr_entry = {
	.name = "export-sacctmgr",
	.summary = "print the inventory's accounts and users as a sacctmgr load file",
	.usage = export_sacctmgr_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY,
	.options = export_sacctmgr_options,
	.help_col = 15,
	.run = cmd_export_sacctmgr_run,
};
