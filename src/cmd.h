/*
 * cmd.h: the command table. Each subcommand lives in its own cmd_<name>.c
 * and exports one struct cmd_entry; main.c finds it by name (or unique
 * prefix) and runs it through cmd_run(), which does what the entry's flags
 * ask before the command runs. Commands return an enum cl_exit, never
 * call exit().
 */
#ifndef CLUSTERCTL_CMD_H
#define CLUSTERCTL_CMD_H

#include "compat.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "diag.h"

struct model;

/* Exit codes (DESIGN.md §8); printed by "clusterctl --help" and in README. */
enum cl_exit {
	CL_OK = 0,		/* success, nothing left to change */
	CL_FATAL = 1,		/* fatal error; nothing changed where avoidable */
	CL_PENDING = 2,		/* plan: changes pending */
	CL_INVALID = 3,		/* invalid inventory */
	CL_PARTIAL = 4,		/* some hosts failed (named in the summary) */
	CL_USAGE = 64,		/* usage error */
};

/*
 * What a command needs done before it runs (git's RUN_SETUP in its
 * commands[]): cmd_run() reads these flags so that no cmd_*.c repeats the
 * preamble.
 */
enum cmd_flags {
	/* "--help" ends with the exit-code table */
	CMD_EXIT_CODES = 1 << 0,
	/*
	 * The command reads an inventory: cmd_run() takes --allow-path DIR
	 * and --overlay FILE for it (the command never sees them; a DIR that
	 * is not a directory ends the command, exit 64), and the command
	 * loads the inventory through cmd_load().
	 */
	CMD_INVENTORY = 1 << 1,
	/*
	 * With CMD_INVENTORY: cmd_load() leaves the diagnostics in ctx->dl
	 * for the command to print (validate prints them on stdout, or as
	 * JSON; add-user only when the inventory is invalid); otherwise it
	 * prints them on stderr itself, warnings included.
	 */
	CMD_KEEP_DIAGNOSTICS = 1 << 2,
};

struct cmd_ctx;

struct cmd_entry {
	const char *name;
	const char *summary;		/* one line for "clusterctl --help" */
	const char *const *usage;	/* NULL-terminated lines for --help */
	unsigned flags;			/* enum cmd_flags */
	const char *shortopts;		/* getopt letters of its own options; NULL: none */
	const struct option *options;	/* its own long options; NULL: none */
	/*
	 * Runs with argv already parsed into ctx (its own options and the
	 * operands; --help, unknown options and missing values are handled
	 * before). Returns an enum cl_exit.
	 */
	int (*run)(struct cmd_ctx *ctx);
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
 * Prints {"format_version": CL_JSON_FORMAT_VERSION (version.h), <body's keys in order>} indented, and a
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

/* True if argv holds -h or --help before any "--" (cmd_run() asks). */
bool cmd_wants_help(int argc, char **argv);

/*
 * Option parsing, one pattern for every command (cmd_parse() runs it with
 * the command's table): options and operands in any order ("plan INV
 * --json" and "plan --json INV", as getopt_long users expect, whatever
 * POSIXLY_CORRECT says), "--" ends the options. Operands are collected in
 * order into args->operands. Usage:
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

/* ---- the preamble every command shares (cmd_run) ---- */

/* One of a command's own options as given: its getopt value and argument. */
struct cmd_opt {
	int c;
	const char *value;	/* argv's; NULL for an option without one */
};

/*
 * A command's parsed command line and what cmd_load() read. Owned by
 * cmd_run(), released after the command returns.
 */
struct cmd_ctx {
	const struct cmd_entry *cmd;
	struct cmd_opt *opts;		/* its own options, in argv order */
	size_t n_opts, alloc_opts;
	struct cmd_args args;		/* the operands (args.operands[0..args.n)) */
	struct model *m;		/* cmd_load()'s inventory, or NULL */
	struct diag_list dl;		/* with CMD_KEEP_DIAGNOSTICS: cmd_load()'s */
	bool readable;			/* cmd_load(): the file could be read */
};

/*
 * Runs cmd on argv (argv[0] is the command name): "--help" (anywhere
 * before "--") prints the usage, and with CMD_EXIT_CODES the exit codes;
 * else the options are parsed (cmd_parse) and a usage error printed
 * (exit 64), else cmd->run(). Returns the command's exit code.
 */
int cmd_run(const struct cmd_entry *cmd, int argc, char **argv);

/*
 * Parses argv for cmd into ctx (initialised here; cmd_ctx_release() it in
 * every case). 0; -1 for a usage error (ctx->args.error says which); -2
 * when --allow-path's DIR is not a directory (ctx->args.error says why).
 * --overlay and --allow-path take effect as they are read.
 */
int cmd_parse(struct cmd_ctx *ctx, const struct cmd_entry *cmd, int argc,
	      char **argv);
void cmd_ctx_release(struct cmd_ctx *ctx);

/* True when option c was given. */
bool cmd_has(const struct cmd_ctx *ctx, int c);

/* The value of the last option c given (borrowed from argv); NULL if none. */
const char *cmd_value(const struct cmd_ctx *ctx, int c);

/*
 * NULL when ctx has exactly n operands, else the usage error: "too many
 * arguments", or missing (e.g. "missing INVENTORY") when there are fewer.
 */
const char *cmd_operands(const struct cmd_ctx *ctx, size_t n,
			 const char *missing);

/* cmd_usage_error() for ctx's command; returns CL_USAGE. */
int cmd_usage(const struct cmd_ctx *ctx, const char *why);

/*
 * The one loader of the inventory for commands (CMD_INVENTORY): reads
 * path, loads it with the --overlay files, validates it. Returns the
 * model (owned by ctx, freed by cmd_run() after the command), or NULL
 * when path cannot be read or the inventory is not valid: the command
 * then returns CL_INVALID. The diagnostics (warnings too) are printed on
 * stderr, or with CMD_KEEP_DIAGNOSTICS left in ctx->dl. Commands call it
 * after their own usage checks, not before run(): a usage error wins over
 * a bad inventory (64, not 3), and which operand is the inventory, if
 * any, is the command's to say (import nodes reads none).
 */
struct model *cmd_load(struct cmd_ctx *ctx, const char *path);

/* ---- what plan and apply share (cmd_plan.c) ---- */

struct apply_cli;

/*
 * plan's or apply's parsed options and operand into cli (apply: --dry-run;
 * cli->write when apply changes things). 0, or -1 with *why (newly
 * allocated) for a usage error.
 */
int cmd_plan_options(const struct cmd_ctx *ctx, struct apply_cli *cli,
		     char **why);

/*
 * Loads cli->inventory into ctx->m and applies --limit: CL_OK, else the
 * exit code after printing why (CL_INVALID: the inventory; CL_USAGE: a
 * --limit that names no host of it).
 */
int cmd_plan_load(struct cmd_ctx *ctx, const struct apply_cli *cli);

/* Loads cli->inventory, observes, prints the plan; plan's exit code. */
int cmd_plan_show(struct cmd_ctx *ctx, const struct apply_cli *cli);

#endif
