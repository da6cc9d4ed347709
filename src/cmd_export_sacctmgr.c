/*
 * cmd_export_sacctmgr.c: "clusterctl export-sacctmgr INVENTORY": the
 * inventory's accounting as a "sacctmgr load" flat file (QoS as commented
 * "sacctmgr add qos" commands first: Slurm 22.05 flat files cannot hold
 * QoS), or with --commands as the "sacctmgr -i" commands the sacctmgr
 * method would run on an empty database. Needs no database.
 */
#include "compat.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "acct.h"
#include "cmd.h"
#include "inventory.h"
#include "strbuf.h"
#include "overlay.h"

static const char *const export_sacctmgr_usage[] = {
	"clusterctl export-sacctmgr INVENTORY [--commands] [--overlay FILE]...",
	"",
	"Prints a sacctmgr load flat file (Cluster, Parent, Account and User",
	"lines) for the inventory's accounts and users, offline: no database is",
	"needed. QoS cannot be in a Slurm 22.05 flat file: their 'sacctmgr add",
	"qos' commands come first, as comments, to be run before 'sacctmgr load'.",
	"",
	"options:",
	"  --commands   print 'sacctmgr -i' commands instead (QoS, accounts,",
	"               users, coordinators), one per line, arguments shell-quoted",
	"  --allow-path DIR",
	"               files the inventory names (include:, templates,",
	"               password, TLS, ssh and munge key files) may also",
	"               lie under DIR (repeatable; or CLUSTERCTL_ALLOW_PATH)",
	"  --overlay FILE  apply FILE on top of INVENTORY (repeatable,",
	"               docs/overlays.md)",
	"  -h, --help   show this help",
	NULL,
};

static int cmd_export_sacctmgr_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "commands", no_argument, NULL, 'c' },
		{ "allow-path", required_argument, NULL, 'P' },
		{ "overlay", required_argument, NULL, 'O' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmd_args a = CMD_ARGS_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf out = STRBUF_INIT;
	const char *why = NULL, *path;
	bool commands = false;
	struct model *m;
	char *cause = NULL;
	int c, rc;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_export_sacctmgr_entry, stdout);
		cmd_print_exit_codes(stdout);
		return CL_OK;
	}
	while ((c = cmd_getopt(&a, argc, argv, "", longopts)) != -1) {
		if (c == 'P' && cmd_allow_path(optarg)) {
			cmd_args_release(&a);
			return CL_USAGE;
		}
		if (c == 'P')
			continue;
		if (c == 'O') {
			overlay_add(optarg);
			continue;
		}
		if (c != 'c') {
			why = a.error;
			break;
		}
		commands = true;
	}
	if (!why && a.n != 1)
		why = a.n ? "too many arguments" : "missing INVENTORY";
	if (why) {
		cmd_usage_error(&cmd_export_sacctmgr_entry, why);
		cmd_args_release(&a);
		return CL_USAGE;
	}
	path = a.operands[0];
	cmd_args_release(&a);
	m = diag_read_source(&dl, path) ? NULL : inventory_load_valid(path, &dl);
	diag_print(&dl, stderr);
	diag_release(&dl);
	if (!m)
		return CL_INVALID;
	rc = commands ? acct_export_commands(m, &out, &cause) :
		acct_export_flat(m, &out, &cause);
	if (rc < 0) {
		fprintf(stderr, "clusterctl: export-sacctmgr: %s\n", cause);
		free(cause);
	} else {
		fwrite(out.buf, 1, out.len, stdout);
	}
	strbuf_release(&out);
	model_free(m);
	return rc < 0 ? CL_FATAL : CL_OK;
}

const struct cmd_entry cmd_export_sacctmgr_entry = {
	.name = "export-sacctmgr",
	.summary = "print the inventory's accounts and users as a sacctmgr load file",
	.usage = export_sacctmgr_usage,
	.run = cmd_export_sacctmgr_run,
};
