/*
 * cmd_plan.c: "clusterctl plan" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const plan_usage[] = {
	"clusterctl plan ...",
	NULL,
};

static int cmd_plan_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: plan: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_plan_entry = {
	.name = "plan",
	.summary = "(not implemented yet)",
	.usage = plan_usage,
	.run = cmd_plan_run,
};
