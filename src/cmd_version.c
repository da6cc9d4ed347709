/*
 * cmd_version.c: "clusterctl version" prints the program's version and the
 * versions of the libraries it was built against.
 */
#include "compat.h"

#include <stdio.h>

#include "cmd.h"
#include "version.h"

static const char *const version_usage[] = {
	"clusterctl version",
	"",
	"Prints the version of clusterctl (also: clusterctl --version).",
	"",
	"options:",
	"  -h, --help   show this help",
	NULL,
};

static int cmd_version_run(int argc, char **argv)
{
	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_version_entry, stdout);
		return CL_OK;
	}
	if (argc > 1) {
		cmd_usage_error(&cmd_version_entry, "takes no arguments");
		return CL_USAGE;
	}
	printf("clusterctl %s\n", CLUSTERCTL_VERSION);
	return CL_OK;
}

const struct cmd_entry cmd_version_entry = {
	.name = "version",
	.summary = "print the version",
	.usage = version_usage,
	.run = cmd_version_run,
};
