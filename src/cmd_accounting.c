/*
 * cmd_accounting.c: "clusterctl accounting" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const accounting_usage[] = {
	"clusterctl accounting ...",
	NULL,
};

static int cmd_accounting_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: accounting: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_accounting_entry = {
	.name = "accounting",
	.summary = "(not implemented yet)",
	.usage = accounting_usage,
	.run = cmd_accounting_run,
};
