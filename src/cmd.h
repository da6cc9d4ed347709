/*
 * cmd.h: the command table. Each subcommand lives in its own cmd_<name>.c
 * and exports one struct cmd_entry; main.c finds it by name (or unique
 * prefix) and runs it. Commands return an enum cl_exit, never call exit().
 */
#ifndef CLUSTERCTL_CMD_H
#define CLUSTERCTL_CMD_H

#include "compat.h"

#include <stdio.h>

/* Exit codes (DESIGN.md §8); printed by "clusterctl --help" and in README. */
enum cl_exit {
	CL_OK = 0,		/* success, nothing left to change */
	CL_FATAL = 1,		/* fatal error; nothing changed where avoidable */
	CL_PENDING = 2,		/* plan: changes pending */
	CL_INVALID = 3,		/* invalid inventory */
	CL_PARTIAL = 4,		/* some hosts failed (named in the summary) */
	CL_USAGE = 64,		/* usage error */
};

struct cmd_entry {
	const char *name;
	const char *summary;		/* one line for "clusterctl --help" */
	const char *const *usage;	/* NULL-terminated lines for --help */
	/* argv[0] is the command name; getopt state is reset before the call */
	int (*run)(int argc, char **argv);
};

extern const struct cmd_entry cmd_validate_entry;
extern const struct cmd_entry cmd_render_entry;
extern const struct cmd_entry cmd_plan_entry;
extern const struct cmd_entry cmd_apply_entry;
extern const struct cmd_entry cmd_add_user_entry;
extern const struct cmd_entry cmd_export_sacctmgr_entry;
extern const struct cmd_entry cmd_accounting_entry;
extern const struct cmd_entry cmd_hostlist_entry;
extern const struct cmd_entry cmd_template_entry;
extern const struct cmd_entry cmd_version_entry;

extern const struct cmd_entry *const cmd_table[];
extern const size_t cmd_table_len;

/*
 * Finds a command by exact name or unique prefix. On ambiguity or no match
 * returns NULL and, if why is not NULL, sets *why to a newly allocated
 * message ("ambiguous command 'p', could be: plan, ..."); caller frees.
 */
const struct cmd_entry *cmd_find(const char *name, char **why);

/* Prints "usage: ..." lines of a command to out. */
void cmd_print_usage(const struct cmd_entry *cmd, FILE *out);

/* Prints the exit-code table (for --help of commands that use them). */
void cmd_print_exit_codes(FILE *out);

/*
 * Helper for commands: true if argv holds -h or --help before any "--".
 * Commands call it first and print their usage.
 */
bool cmd_wants_help(int argc, char **argv);

#endif
