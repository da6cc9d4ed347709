/*
 * cmd_add_user.c: "clusterctl add-user" (not implemented yet; being built).
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"

static const char *const add_user_usage[] = {
	"clusterctl add-user ...",
	NULL,
};

static int cmd_add_user_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "clusterctl: add-user: not implemented yet\n");
	return CL_FATAL;
}

const struct cmd_entry cmd_add_user_entry = {
	.name = "add-user",
	.summary = "(not implemented yet)",
	.usage = add_user_usage,
	.run = cmd_add_user_run,
};
