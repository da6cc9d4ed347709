/*
 * cmd_hostlist.c: "clusterctl hostlist" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const hostlist_usage[] = {
	"clusterctl hostlist ...",
	NULL,
};

static int cmd_hostlist_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: hostlist: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_hostlist_entry = {
	.name = "hostlist",
	.summary = "(not implemented yet)",
	.usage = hostlist_usage,
	.run = cmd_hostlist_run,
};
