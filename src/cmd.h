/*
 * cmd.h: the command table. Each subcommand lives in its own cmd_<name>.c
 * and exports one struct cmd_entry; main.c finds it by name (or unique
 * prefix) and runs it. Commands return an enum cl_exit, never call exit().
 */
#ifndef CLUSTERCTL_CMD_H
#define CLUSTERCTL_CMD_H

#include "compat.h"

#include <getopt.h>
#include <jansson.h>
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
extern const struct cmd_entry cmd_import_entry;
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

/*
 * A usage error: "clusterctl: CMD: why" (when why is not NULL), then the
 * usage on stderr. Callers return CL_USAGE.
 */
void cmd_usage_error(const struct cmd_entry *cmd, const char *why);

/*
 * Every JSON document clusterctl prints carries this "format_version"
 * first (docs/json-format.md). It grows when a key changes meaning or
 * goes away; new keys do not change it.
 */
#define CL_JSON_FORMAT_VERSION 1

/*
 * Prints {"format_version": N, <body's keys in order>} indented, and a
 * newline, to out. Takes body's reference.
 */
void cmd_print_json(json_t *body, FILE *out);

/*
 * Colour for out's terminal: true when fd is a TTY and NO_COLOR
 * (https://no-color.org) is unset or empty.
 */
bool cmd_use_color(int fd);

/* Prints the exit-code table (for --help of commands that use them). */
void cmd_print_exit_codes(FILE *out);

/*
 * --allow-path DIR, for every command that loads an inventory: the
 * inventory may make clusterctl read files under DIR too (pathtrust.h).
 * 0, or after a message on stderr CL_USAGE (DIR is not a directory).
 */
int cmd_allow_path(const char *dir);

/*
 * Helper for commands: true if argv holds -h or --help before any "--".
 * Commands call it first and print their usage.
 */
bool cmd_wants_help(int argc, char **argv);

/*
 * Option parsing, one pattern for every command: options and operands in
 * any order ("plan INV --json" and "plan --json INV", as getopt_long users
 * expect, whatever POSIXLY_CORRECT says), "--" ends the options. Operands
 * are collected in order into args->operands. Usage:
 *
 *	struct cmd_args a = CMD_ARGS_INIT;
 *	while ((c = cmd_getopt(&a, argc, argv, "o:", longopts)) != -1)
 *		switch (c) { case 'o': ...; default: error in a.error }
 *	... a.operands[0..a.n) ...
 *	cmd_args_release(&a);
 *
 * argv[0] is the command name. Returns the option's value, -1 when every
 * argument is read, or '?' for an unknown option or a missing value, with
 * args->error set ("unknown option '--x'", "option '--fanout' needs a
 * value"). Resets getopt's state on its first call for args.
 */
struct cmd_args {
	char **operands;	/* the array is owned; its strings are argv's */
	size_t n, alloc;
	char *error;		/* owned; set when cmd_getopt() returned '?' */
	bool started;
};
#define CMD_ARGS_INIT { NULL, 0, 0, NULL, false }

int cmd_getopt(struct cmd_args *args, int argc, char **argv,
	       const char *shortopts, const struct option *longopts);
void cmd_args_release(struct cmd_args *args);

#endif
