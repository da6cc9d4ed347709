/*
 * cmd_test.c: what every command shares: the command lookup, cmd_getopt()
 * (options and operands in any order, "--", the messages of usage errors)
 * and the colour decision (a TTY, NO_COLOR).
 */
#include "compat.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

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

	cr_expect_eq(cmd_find("val", NULL), &cmd_validate_entry);
	cr_expect_null(cmd_find("a", &why));
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
