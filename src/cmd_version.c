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
	static const struct option opts[] = { { NULL, 0, NULL, 0 } };
	struct cmd_args a = CMD_ARGS_INIT;
	int rc = CL_OK;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_version_entry, stdout);
		return CL_OK;
	}
	if (cmd_getopt(&a, argc, argv, "", opts) != -1 || a.n) {
		cmd_usage_error(&cmd_version_entry, a.error ? a.error : "takes no arguments");
		rc = CL_USAGE;
	} else {
		printf("clusterctl %s\n", CLUSTERCTL_VERSION);
	}
	cmd_args_release(&a);
	return rc;
}

const struct cmd_entry cmd_version_entry = {
	.name = "version",
	.summary = "print the version",
	.usage = version_usage,
	.run = cmd_version_run,
};
