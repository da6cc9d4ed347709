/*
 * main.c: argv to a command. Finds the subcommand in the command table,
 * handles the global --help/--version, runs it through cmd_run() (the
 * preamble every command shares, cmd.h), and checks that stdout was really
 * written before returning the command's exit code.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/commands.h"
#include "transport/lock.h"

static void print_main_help(FILE *out)
{
	size_t i;

	fputs("usage: clusterctl COMMAND [ARGS...]\n\n"
	      "Describe a Slurm GPU cluster in one YAML inventory; render, plan "
	      "and apply it.\n\ncommands:\n",
	      out);
	for (i = 0; i < commands_len; i++)
		fprintf(out, "  %-16s %s\n", commands[i]->name,
			commands[i]->summary);
	fputs("\n\"clusterctl COMMAND --help\" says what a command does and explains\n"
	      "its options; options and operands come in any order.\n",
	      out);
	cmd_print_exit_codes(out);
}

static int finish_stdout(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "clusterctl: error: cannot write to stdout: %s\n",
			strerror(errno));
		return rc == CL_OK ? CL_FATAL : rc;
	}
	return rc;
}

/* argv strings are writable: so are the ones main() puts in */
static char help_word[] = "--help";
static char version_word[] = "version";

int main(int argc, char **argv)
{
	const struct cmd_entry *cmd;
	char *why = NULL;

	lock_protect_secrets();	/* munge keys, database passwords: no core, no ptrace */
	if (argc < 2) {
		print_main_help(stderr);
		return CL_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    (!strcmp(argv[1], "help") && argc == 2)) {
		print_main_help(stdout);
		return finish_stdout(CL_OK);
	}
	if (!strcmp(argv[1], "--version"))
		argv[1] = version_word;
	/* "help CMD" is "CMD --help"; an unknown CMD is the same usage error */
	cmd = commands_find(argv[1 + !strcmp(argv[1], "help")], &why);
	if (!cmd) {
		fprintf(stderr, "clusterctl: %s\n", why);
		fputs("run 'clusterctl --help' for the list of commands\n",
		      stderr);
		free(why);
		return CL_USAGE;
	}
	if (!strcmp(argv[1], "help")) {
		char *help_argv[] = { argv[2], help_word, NULL };

		return finish_stdout(cmd_run(cmd, 2, help_argv));
	}
	return finish_stdout(cmd_run(cmd, argc - 1, argv + 1));
}
