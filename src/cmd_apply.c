/*
 * cmd_apply.c: "clusterctl apply" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const apply_usage[] = {
	"clusterctl apply ...",
	NULL,
};

static int cmd_apply_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: apply: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_apply_entry = {
	.name = "apply",
	.summary = "(not implemented yet)",
	.usage = apply_usage,
	.run = cmd_apply_run,
};
