/*
 * cmd_test.c: what every command shares: the command lookup, cmd_getopt()
 * (options and operands in any order, "--", the messages of usage errors)
 * and the colour decision (a TTY, NO_COLOR).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/cmd_validate.h"
#include "cli/cmd_apply.h"
#include "cli/cmd_hostlist.h"
#include "cli/cmd_plan.h"
#include "cli/cmd_render.h"
#include "cli/commands.h"
#include "inventory/overlay.h"

static const struct option opts[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "output", required_argument, NULL, 'o' },
	{ NULL, 0, NULL, 0 },
};

/* Parses the NULL-terminated words after a command name into a. */
static int parse_words(struct cmd_args *a, bool *json, const char **out, ...)
{
	static char cmd[] = "cmd";
	char *argv[16];
	int argc = 0, c;
	va_list ap;

	va_start(ap, out);
	argv[argc++] = cmd;
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	*json = false;
	*out = NULL;
	while ((c = cmd_getopt(a, argc, argv, "o:", opts)) != -1) {
		if (c == 'j')
			*json = true;
		else if (c == 'o')
			*out = optarg;
		else
			return -1;
	}
	return 0;
}

Test(cmd, operands_and_options_in_any_order)
{
	struct cmd_args a = CMD_ARGS_INIT;
	const char *out;
	bool json;

	cr_assert_eq(parse_words(&a, &json, &out, "inv.yaml", "--json", "x",
				 "-o", "dir", NULL), 0);
	cr_expect(json);
	cr_expect_str_eq(out, "dir");
	cr_assert_eq(a.n, 2);
	cr_expect_str_eq(a.operands[0], "inv.yaml");
	cr_expect_str_eq(a.operands[1], "x");
	cmd_args_release(&a);
	/* a second parse starts afresh (apply --dry-run runs plan's parser) */
	cr_assert_eq(parse_words(&a, &json, &out, "--output=d2", "one", NULL), 0);
	cr_expect_str_eq(out, "d2");
	cr_assert_eq(a.n, 1);
	cr_expect_str_eq(a.operands[0], "one");
	cmd_args_release(&a);
}

Test(cmd, double_dash_ends_the_options)
{
	struct cmd_args a = CMD_ARGS_INIT;
	const char *out;
	bool json;

	cr_assert_eq(parse_words(&a, &json, &out, "a", "--", "--json", "-o", NULL), 0);
	cr_expect(!json);
	cr_assert_eq(a.n, 3);
	cr_expect_str_eq(a.operands[1], "--json");
	cr_expect_str_eq(a.operands[2], "-o");
	cmd_args_release(&a);
}

Test(cmd, usage_errors_name_the_option)
{
	struct cmd_args a = CMD_ARGS_INIT;
	const char *out;
	bool json;

	cr_assert_eq(parse_words(&a, &json, &out, "a", "--bogus", NULL), -1);
	cr_expect_str_eq(a.error, "unknown option '--bogus'");
	cmd_args_release(&a);
	cr_assert_eq(parse_words(&a, &json, &out, "-x", NULL), -1);
	cr_expect_str_eq(a.error, "unknown option '-x'");
	cmd_args_release(&a);
	cr_assert_eq(parse_words(&a, &json, &out, "a", "--output", NULL), -1);
	cr_expect_str_eq(a.error, "option '--output' needs a value");
	cmd_args_release(&a);
	cr_assert_eq(parse_words(&a, &json, &out, "a", "-o", NULL), -1);
	cr_expect_str_eq(a.error, "option '-o' needs a value");
	cmd_args_release(&a);
}

Test(cmd, unique_prefix_finds_a_command)
{
	char *why = NULL;

	cr_expect_eq(commands_find("val", NULL), &cmd_validate_entry);
	cr_expect_null(commands_find("a", &why));
	cr_expect_str_eq(why, "ambiguous command 'a', could be: apply, add-user, accounting");
	free(why);
}

/* issue 9: colour ignored NO_COLOR (https://no-color.org) */
Test(cmd, colour_needs_a_tty_and_no_NO_COLOR)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY), tty, pipefd[2];

	cr_assert(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0);
	tty = open(ptsname(master), O_RDWR | O_NOCTTY);
	cr_assert(tty >= 0 && pipe(pipefd) == 0);
	unsetenv("NO_COLOR");
	cr_expect(cmd_use_color(tty));
	cr_expect_not(cmd_use_color(pipefd[1]), "not a TTY");
	setenv("NO_COLOR", "1", 1);
	cr_expect_not(cmd_use_color(tty), "NO_COLOR set");
	setenv("NO_COLOR", "", 1);
	cr_expect(cmd_use_color(tty), "an empty NO_COLOR does not count");
	unsetenv("NO_COLOR");
	close(tty);
	close(master);
	close(pipefd[0]);
	close(pipefd[1]);
}

/* ---- the preamble: cmd_parse() by the entry's table, plan's options ---- */

#include "decide/plan.h"
#include "act/session.h"

/* argv: cmd's name, then the NULL-terminated words of ap; argc. */
static int fill_argv(char *argv[16], const struct cmd_entry *cmd, va_list ap)
{
	int argc = 0;

	argv[argc++] = (char *)cmd->name;
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	argv[argc] = NULL;
	return argc;
}

/* cmd_parse() of the NULL-terminated words after cmd's name. */
static int parse_cmd(struct cmd_ctx *ctx, const struct cmd_entry *cmd, ...)
{
	static char *argv[16];
	va_list ap;
	int argc;

	va_start(ap, cmd);
	argc = fill_argv(argv, cmd, ap);
	va_end(ap);
	return cmd_parse(ctx, cmd, argc, argv);
}

/*
 * plan's or apply's options: 0 and cli, or -1 and *why (a copy of the
 * usage error; caller frees).
 */
static int plan_cli_v(const struct cmd_entry *cmd, struct apply_cli *cli,
		      char **why, va_list ap)
{
	struct cmd_ctx ctx;
	char *argv[16];
	int argc = fill_argv(argv, cmd, ap), r;

	*why = NULL;
	r = cmd_parse(&ctx, cmd, argc, argv);
	if (r)
		*why = strdup(ctx.args.error);
	else
		r = cmd_plan_options(&ctx, cmd == &cmd_apply_entry, cli, why);
	cmd_ctx_release(&ctx);
	return r;
}

static int plan_cli(const struct cmd_entry *cmd, struct apply_cli *cli,
		    char **why, ...)
{
	va_list ap;
	int r;

	va_start(ap, why);
	r = plan_cli_v(cmd, cli, why, ap);
	va_end(ap);
	return r;
}

Test(cmd, the_entry_says_which_options)
{
	struct cmd_ctx ctx;

	cr_assert_eq(parse_cmd(&ctx, &cmd_render_entry, "inv.yaml", "-o", "d1",
			       "--json", "--output=d2", NULL), CMD_PARSED);
	cr_expect(cmd_has(&ctx, 'j'));
	cr_expect_str_eq(cmd_value(&ctx, 'o'), "d2", "the last one given wins");
	cr_expect_null(cmd_value(&ctx, 'x'));
	cr_assert_eq(ctx.args.n, 1);
	cr_expect_str_eq(ctx.args.operands[0], "inv.yaml");
	cmd_ctx_release(&ctx);
	/* hostlist reads no inventory: no --overlay */
	cr_expect_eq(parse_cmd(&ctx, &cmd_hostlist_entry, "expand", "--overlay",
			       "x.yaml", NULL), CMD_PARSE_USAGE);
	cr_expect_str_eq(ctx.args.error, "unknown option '--overlay'");
	cmd_ctx_release(&ctx);
	/* --allow-path is the preamble's: a DIR that is not one stops it */
	cr_expect_eq(parse_cmd(&ctx, &cmd_validate_entry, "--allow-path",
			       "/nonexistent-dir-of-cmd-test", "inv.yaml", NULL),
		     CMD_PARSE_BAD_ALLOW_PATH);
	cr_expect(strstr(ctx.args.error, "nonexistent-dir-of-cmd-test") != NULL);
	cr_expect_eq(ctx.n_opts, 0, "the command never sees --allow-path");
	cmd_ctx_release(&ctx);
}

Test(cmd, plan_options)
{
	struct apply_cli cli;
	char *why = NULL;

	cr_assert_eq(plan_cli(&cmd_plan_entry, &cli, &why, "--json", "--fanout", "8",
			      "--only", "files,users", "--prune",
			      "--accept-new-host-keys", "inv.yaml", NULL), 0);
	cr_expect_str_eq(cli.inventory, "inv.yaml");
	cr_expect(cli.json && cli.opt.prune && cli.opt.accept_new_host_keys);
	cr_expect_eq(cli.opt.fanout, 8);
	cr_expect_eq(cli.opt.only, PLAN_ONLY_FILES | PLAN_ONLY_USERS);
	cr_expect_not(cli.write, "plan changes nothing");
	cr_assert_eq(plan_cli(&cmd_apply_entry, &cli, &why, "--dry-run", "x.yaml", NULL), 0);
	cr_expect(cli.dry_run);
	cr_expect_not(cli.write, "apply --dry-run is plan");
	cr_assert_eq(plan_cli(&cmd_apply_entry, &cli, &why, "x.yaml", NULL), 0);
	cr_expect(cli.write);
}

/* issue 9: README and the man page show options after INVENTORY */
Test(cmd, plan_options_after_the_inventory)
{
	struct apply_cli cli;
	char *why = NULL;

	cr_assert_eq(plan_cli(&cmd_apply_entry, &cli, &why, "inv.yaml", "--json",
			      "--dry-run", "--fanout=4", "--accept-new-host-keys",
			      NULL), 0);
	cr_expect_str_eq(cli.inventory, "inv.yaml");
	cr_expect(cli.json && cli.dry_run && cli.opt.accept_new_host_keys);
	cr_expect_eq(cli.opt.fanout, 4);
	cr_assert_eq(plan_cli(&cmd_plan_entry, &cli, &why, "--prune", "inv.yaml",
			      "--only", "munge", NULL), 0);
	cr_expect(cli.opt.prune);
	cr_expect_eq(cli.opt.only, PLAN_ONLY_MUNGE);
	/* "--" ends the options: an inventory may be called "--json" */
	cr_assert_eq(plan_cli(&cmd_plan_entry, &cli, &why, "--prune", "--", "--json",
			      NULL), 0);
	cr_expect_str_eq(cli.inventory, "--json");
	cr_expect(!cli.json);
	/* and POSIXLY_CORRECT does not turn permutation off */
	setenv("POSIXLY_CORRECT", "1", 1);
	cr_assert_eq(plan_cli(&cmd_plan_entry, &cli, &why, "inv.yaml", "--json", NULL), 0);
	unsetenv("POSIXLY_CORRECT");
	cr_expect(cli.json);
}

static void expect_plan_usage(const struct cmd_entry *cmd, const char *want, ...)
{
	struct apply_cli cli;
	char *why = NULL;
	va_list ap;
	int r;

	va_start(ap, want);
	r = plan_cli_v(cmd, &cli, &why, ap);
	va_end(ap);
	cr_expect_eq(r, CMD_PARSE_USAGE, "%s", want);
	cr_assert_not_null(why);
	cr_expect_str_eq(why, want);
	free(why);
}

Test(cmd, plan_usage_errors)
{
	const struct cmd_entry *plan = &cmd_plan_entry, *apply = &cmd_apply_entry;

	expect_plan_usage(plan, "missing INVENTORY", NULL);
	expect_plan_usage(plan, "too many arguments", "a.yaml", "b.yaml", NULL);
	expect_plan_usage(plan, "unknown option '--dry-run'", "--dry-run", "a.yaml", NULL);
	expect_plan_usage(apply, "unknown option '--bogus'", "--bogus", "a.yaml", NULL);
	expect_plan_usage(apply, "unknown option '--bogus'", "a.yaml", "--bogus", NULL);
	expect_plan_usage(plan, "unknown option '-x'", "a.yaml", "-x", NULL);
	expect_plan_usage(plan, "option '--fanout' needs a value", "a.yaml", "--fanout", NULL);
	expect_plan_usage(plan, "too many arguments", "a.yaml", "--", "b.yaml", NULL);
	expect_plan_usage(plan, "--fanout wants a number from 1 to 100000, not '0'",
			  "--fanout", "0", "a.yaml", NULL);
	expect_plan_usage(plan, "unknown section 'disk' (expected files, users, munge, "
			  "services, accounting)", "--only", "disk", "a.yaml", NULL);
}

/* ---- --help from the option tables ---- */

static int never_run(struct cmd_ctx *ctx)
{
	(void)ctx;
	return CL_FATAL;
}

static const char *const fake_usage[] = {
	"clusterctl fake INVENTORY [-o DIR]",
	"",
	"Does nothing.",
	NULL,
};

static const char *const fake_epilog[] = { "Last words.", NULL };

static const struct cmd_option fake_options[] = {
	{ 'o', "output", "DIR", "where to write\n(required)", CMD_OPT_SHORT },
	{ 'w', "a-very-long-option", "VALUE", "on the next line", 0 },
	{ 0, "overlay", "FILE", "the fake's own words", 0 },
	CMD_OPT_END,
};

static const struct cmd_entry fake_entry = {
	.name = "fake", .summary = "a test", .usage = fake_usage,
	.options = fake_options, .help_col = 20, .epilog = fake_epilog,
	.flags = CMD_INVENTORY, .run = never_run,
};

Test(cmd, help_is_made_from_the_tables)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	cmd_print_help(&fake_entry, f);
	fclose(f);
	cr_expect_str_eq(text,
		"usage: clusterctl fake INVENTORY [-o DIR]\n"
		"\n"
		"Does nothing.\n"
		"\n"
		"options:\n"
		"  -o, --output DIR  where to write\n"
		"                    (required)\n"
		"  --a-very-long-option VALUE\n"
		"                    on the next line\n"
		"  --allow-path DIR  include: files and templates may also lie under\n"
		"                    DIR (repeatable; or CLUSTERCTL_ALLOW_PATH)\n"
		"  --overlay FILE    the fake's own words\n"
		"  --cluster NAME    INVENTORY is a site file (docs/site.md): only\n"
		"                    its cluster NAME (repeatable; default: every one)\n"
		"  -h, --help        show this help\n"
		"\n"
		"Last words.\n");
	free(text);
}

Test(cmd, the_tables_drive_the_parser)
{
	struct cmd_ctx ctx;

	cr_assert_eq(parse_cmd(&ctx, &fake_entry, "-o", "d", "--a-very-long-option=v",
			       "--overlay", "/nonexistent-overlay-of-cmd-test", "x", NULL),
		     CMD_PARSED);
	cr_expect_str_eq(cmd_value(&ctx, 'o'), "d");
	cr_expect_str_eq(cmd_value(&ctx, 'w'), "v");
	cr_expect_eq(ctx.n_opts, 2, "a reworded shared option stays the preamble's");
	cmd_ctx_release(&ctx);
	overlay_clear();
	cr_expect_eq(parse_cmd(&ctx, &fake_entry, "-w", "v", NULL), CMD_PARSE_USAGE,
		     "a long-only option has no letter");
	cr_expect_str_eq(ctx.args.error, "unknown option '-w'");
	cmd_ctx_release(&ctx);
}
