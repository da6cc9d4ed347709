/*
 * cmd_validate.c: "clusterctl validate" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const validate_usage[] = {
	"clusterctl validate ...",
	NULL,
};

static int cmd_validate_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: validate: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_validate_entry = {
	.name = "validate",
	.summary = "(not implemented yet)",
	.usage = validate_usage,
	.run = cmd_validate_run,
};
