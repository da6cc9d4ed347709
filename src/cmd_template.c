/*
 * cmd_template.c: "clusterctl template" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const template_usage[] = {
	"clusterctl template ...",
	NULL,
};

static int cmd_template_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: template: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_template_entry = {
	.name = "template",
	.summary = "(not implemented yet)",
	.usage = template_usage,
	.run = cmd_template_run,
};
