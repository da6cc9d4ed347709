/*
 * cmd_render.c: "clusterctl render" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const render_usage[] = {
	"clusterctl render ...",
	NULL,
};

static int cmd_render_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: render: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_render_entry = {
	.name = "render",
	.summary = "(not implemented yet)",
	.usage = render_usage,
	.run = cmd_render_run,
};
