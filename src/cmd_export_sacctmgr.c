/*
 * cmd_export_sacctmgr.c: "clusterctl export-sacctmgr" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const export_sacctmgr_usage[] = {
	"clusterctl export-sacctmgr ...",
	NULL,
};

static int cmd_export_sacctmgr_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: export-sacctmgr: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_export_sacctmgr_entry = {
	.name = "export-sacctmgr",
	.summary = "(not implemented yet)",
	.usage = export_sacctmgr_usage,
	.run = cmd_export_sacctmgr_run,
};
