/*
 * cmd_version.c: "clusterctl version" prints the program's version and the
 * versions of the libraries it was built against.
 */
#include "base/compat.h"

#include <stdio.h>

#include "cli/cmd.h"
#include "cli/cmd_version.h"
#include "base/version.h"

static const char *const version_usage[] = {
	"clusterctl version",
	"",
	"Prints the version of clusterctl (also: clusterctl --version).",
	NULL,
};

static int cmd_version_run(struct cmd_ctx *ctx)
{
	if (ctx->args.n)
		return cmd_usage(ctx, "takes no arguments");
	printf("clusterctl %s\n", CLUSTERCTL_VERSION);
	return CL_OK;
}

const struct cmd_entry cmd_version_entry = {
	.name = "version",
	.summary = "print the version",
	.usage = version_usage,
	.help_col = 15,
	.run = cmd_version_run,
};
