/*
 * cmd.h: the command table. Each subcommand lives in its own cmd_<name>.c
 * and exports one struct cmd_entry; main.c finds it by name (or unique
 * prefix) and runs it through cmd_run(), which does what the entry's flags
 * ask before the command runs. Commands return an enum cl_exit, never
 * call exit().
 */
#ifndef CLUSTERCTL_CMD_H
#define CLUSTERCTL_CMD_H

#include "base/compat.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "base/diag.h"

struct model;
struct site;

/*
 * Exit codes (DESIGN.md §8). What each means, command by command, is one
 * table: exit_codes[] in cmd.c, printed by --help; README.md says the
 * same (t0270 compares them).
 */
enum cl_exit {
	CL_OK = 0,
	CL_FATAL = 1,
	CL_PENDING = 2,
	CL_INVALID = 3,
	CL_PARTIAL = 4,
	CL_USAGE = 64,
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

/*
 * One option of a command, for its parser and its --help alike (git's
 * parse-options): a table of these per command is the one place an option
 * is described. cmd_has() and cmd_value() find it by c.
 */
struct cmd_option {
	int c;			/* getopt's value; with CMD_OPT_SHORT also -c */
	const char *name;	/* the long form, without "--" */
	const char *arg;	/* the value's name in --help ("DIR"); NULL: none */
	/*
	 * For --help: lines separated by '\n', each indented to the
	 * command's help_col; after the option when it leaves two spaces
	 * before help_col, else from the next line.
	 */
	const char *help;
	unsigned flags;		/* CMD_OPT_SHORT */
};

#define CMD_OPT_SHORT 1u
#define CMD_OPT_END { 0, NULL, NULL, NULL, 0 }

struct cmd_entry {
	const char *name;
	const char *summary;		/* one line for "clusterctl --help" */
	/*
	 * NULL-terminated lines of --help before "options:": the synopsis
	 * (up to the first empty line, also shown after a usage error),
	 * then what the command does.
	 */
	const char *const *usage;
	/*
	 * Its own options, CMD_OPT_END last; NULL: none. The shared ones
	 * (--allow-path and --overlay with CMD_INVENTORY, -h) are cmd.c's
	 * and listed after these; a row of the same name as a shared one
	 * only changes its help text.
	 */
	const struct cmd_option *options;
	unsigned help_col;		/* where option help starts in --help */
	const char *const *epilog;	/* lines after the options; NULL: none */
	unsigned flags;			/* enum cmd_flags */
	/*
	 * Runs with argv already parsed into ctx (its own options and the
	 * operands; --help, unknown options and missing values are handled
	 * before). Returns an enum cl_exit.
	 */
	int (*run)(struct cmd_ctx *ctx);
};




/*
 * Prints a command's --help to out: "usage: " and its usage lines, its
 * options and the shared ones (from the tables), its epilog.
 */
void cmd_print_help(const struct cmd_entry *cmd, FILE *out);

/*
 * A usage error: "clusterctl: CMD: why" (when why is not NULL), then the
 * usage on stderr. Callers return CL_USAGE.
 */
void cmd_usage_error(const struct cmd_entry *cmd, const char *why);

/*
 * Prints {"format_version": CL_JSON_FORMAT_VERSION (version.h), <body's
 * keys in order>} indented, and a newline, to out. Takes body's reference.
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
	struct site *site;		/* cmd_load_site()'s (owns m then), or NULL */
	const char **clusters;		/* --cluster NAME..., argv's strings */
	size_t n_clusters, alloc_clusters;
	size_t *pick;			/* the site's clusters picked, site order */
	size_t n_pick;
	int load_exit;			/* why cmd_load*() returned NULL */
	struct site **others;		/* cmd_load_other()'s, owned */
	size_t n_others, alloc_others;
	struct diag_list dl;		/* with CMD_KEEP_DIAGNOSTICS: cmd_load()'s */
	bool readable;			/* cmd_load(): the file could be read */
	/* --allow-path DIRs as given (argv's; the array owned), in order */
	const char **allow_paths;
	size_t n_allow_paths, alloc_allow_paths;
};

/*
 * Runs cmd on argv (argv[0] is the command name): "--help" (anywhere
 * before "--") prints the usage, and with CMD_EXIT_CODES the exit codes;
 * else the options are parsed (cmd_parse) and a usage error printed
 * (exit 64), else cmd->run(). Returns the command's exit code.
 */
int cmd_run(const struct cmd_entry *cmd, int argc, char **argv);

/* What cmd_parse() found. */
enum cmd_parse_result {
	CMD_PARSED = 0,
	CMD_PARSE_USAGE = -1,		/* ctx->args.error says which */
	CMD_PARSE_BAD_ALLOW_PATH = -2,	/* --allow-path DIR is no directory (args.error) */
};

/*
 * Parses argv for cmd into ctx (initialised here; cmd_ctx_release() it in
 * every case). --overlay and --allow-path take effect as they are read.
 */
enum cmd_parse_result cmd_parse(struct cmd_ctx *ctx, const struct cmd_entry *cmd,
				int argc, char **argv);
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

/*
 * cmd_load() of a second inventory (diff reads two): the model is ctx's
 * (freed by cmd_run() after the command) and the diagnostics are added to
 * dl, for the caller to print; NULL when path cannot be read or is not
 * valid. A site file (docs/site.md) gives its cluster --cluster NAME
 * names (one); one of several without it is an error in dl.
 */
struct model *cmd_load_other(struct cmd_ctx *ctx, const char *path,
			     struct diag_list *dl);

/*
 * The same for a command that works on several clusters: path is a site
 * file (docs/site.md) or a lone inventory (a site of one); ctx->pick
 * holds the clusters --cluster NAME picks (all when none is named). The
 * site is ctx's. NULL: return ctx->load_exit (CL_INVALID, or CL_USAGE
 * for a --cluster the site lacks). cmd_load() itself returns the one
 * cluster picked, or NULL (CL_USAGE) when a site file picks several.
 */
struct site *cmd_load_site(struct cmd_ctx *ctx, const char *path);

/* cmd_load() of only cluster.name and database: (inventory_load_database()). */
struct model *cmd_load_database(struct cmd_ctx *ctx, const char *path);

/* ---- what plan and apply share (cmd_plan.c) ---- */

/* Options plan, apply and accounting share, described once. */
#define CMD_OPT_JSON_PLAN { 'j', "json", NULL, \
	"print the plan as JSON (docs/json-format.md)", 0 }
#define CMD_OPT_FANOUT { 'f', "fanout", "N", \
	"at most N hosts at once (default: ssh.fanout\n" \
	"of the inventory, 64)", 0 }
#define CMD_OPT_ONLY { 'o', "only", "LIST", \
	"only these parts, comma-separated: files,\n" \
	"users, munge, services, accounting", 0 }
#define CMD_OPT_LIMIT { 'l', "limit", "HOSTLIST", \
	"only these hosts (and the slurmctld and\n" \
	"slurmdbd hosts) are observed and changed; the\n" \
	"others stay in slurm.conf and are left as\n" \
	"they are", 0 }
#define CMD_OPT_ACCEPT_NEW_HOST_KEYS { 'a', "accept-new-host-keys", NULL, \
	"trust (and record in known_hosts) host keys\n" \
	"not seen before; a changed key is always refused", 0 }

#endif
