/*
 * cmd.c: the command table and its lookup (exact name or unique prefix,
 * after tmux's cmd_find), plus what every command shares: the option
 * parser (cmd_getopt), the usage, usage-error and exit-code printers, the
 * versioned JSON printer and the colour decision. A new option is one
 * longopts entry and one case in its command's loop, one line in its
 * usage text; tests/t/t0270-cli.sh then wants it in the completion and
 * the man page too.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "pathtrust.h"
#include "die.h"
#include "strbuf.h"
#include "xalloc.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_validate_entry,
	&cmd_render_entry,
	&cmd_plan_entry,
	&cmd_apply_entry,
	&cmd_add_user_entry,
	&cmd_export_sacctmgr_entry,
	&cmd_import_entry,
	&cmd_accounting_entry,
	&cmd_hostlist_entry,
	&cmd_template_entry,
	&cmd_version_entry,
};
const size_t cmd_table_len = ARRAY_SIZE(cmd_table);

const struct cmd_entry *cmd_find(const char *name, char **why)
{
	const struct cmd_entry *found = NULL;
	struct strbuf candidates = STRBUF_INIT;
	size_t i, len = strlen(name), matches = 0;

	if (why)
		*why = NULL;
	for (i = 0; i < cmd_table_len; i++) {
		if (!strcmp(cmd_table[i]->name, name)) {
			strbuf_release(&candidates);
			return cmd_table[i];
		}
		if (len && !strncmp(cmd_table[i]->name, name, len)) {
			found = cmd_table[i];
			strbuf_addf(&candidates, "%s%s", matches ? ", " : "",
				    cmd_table[i]->name);
			matches++;
		}
	}
	if (matches == 1) {
		strbuf_release(&candidates);
		return found;
	}
	if (why)
		*why = matches > 1 ?
			xasprintf("ambiguous command '%s', could be: %s", name,
				  candidates.buf) :
			xasprintf("unknown command '%s'", name);
	strbuf_release(&candidates);
	return NULL;
}

void cmd_print_usage(const struct cmd_entry *cmd, FILE *out)
{
	size_t i;

	for (i = 0; cmd->usage && cmd->usage[i]; i++)
		fprintf(out, "%s%s\n", i ? "" : "usage: ", cmd->usage[i]);
}

void cmd_usage_error(const struct cmd_entry *cmd, const char *why)
{
	size_t i;

	if (why)
		fprintf(stderr, "clusterctl: %s: %s\n", cmd->name, why);
	/* the synopsis only: the whole text is one --help away */
	for (i = 0; cmd->usage && cmd->usage[i] && *cmd->usage[i]; i++)
		fprintf(stderr, "%s%s\n", i ? "" : "usage: ", cmd->usage[i]);
	fprintf(stderr, "run 'clusterctl %s --help' for its options\n", cmd->name);
}

void cmd_print_json(json_t *body, FILE *out)
{
	json_t *top = json_object();

	json_object_set_new(top, "format_version",
			    json_integer(CL_JSON_FORMAT_VERSION));
	json_object_update(top, body);
	json_decref(body);
	json_dumpf(top, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(top);
}

bool cmd_use_color(int fd)
{
	const char *no = getenv("NO_COLOR");

	return isatty(fd) && !(no && *no);
}

void cmd_print_exit_codes(FILE *out)
{
	fputs("\nexit codes:\n"
	      "  0   success, nothing left to change\n"
	      "  1   fatal error (nothing was changed where it could be avoided)\n"
	      "  2   plan: changes pending\n"
	      "  3   invalid inventory\n"
	      "  4   apply: some hosts failed (named in the summary); plan: some\n"
	      "      hosts or the accounting database could not be observed\n"
	      "  64  usage error\n",
	      out);
}

bool cmd_wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return false;
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return true;
	}
	return false;
}

static void args_push(struct cmd_args *a, char *operand)
{
	XGROW(a->operands, a->alloc, a->n + 1);
	a->operands[a->n++] = operand;
}

/* The text of the option getopt just refused, for the message. */
static char *refused_option(char **argv)
{
	const char *last = optind > 1 ? argv[optind - 1] : "";

	/* glibc sets optopt to a long option's value too: look at argv first */
	if (!strncmp(last, "--", 2) || !optopt)
		return xstrdup(last);
	return xasprintf("-%c", optopt);
}

int cmd_getopt(struct cmd_args *a, int argc, char **argv,
	       const char *shortopts, const struct option *longopts)
{
	char spec[64];
	int c;

	/*
	 * "-": every operand comes back as value 1 in its place, so no
	 * permutation is needed (nor disabled by POSIXLY_CORRECT); ":"
	 * tells a missing value from an unknown option.
	 */
	if ((size_t)snprintf(spec, sizeof(spec), "-:%s", shortopts) >= sizeof(spec))
		BUG("cmd_getopt: option string too long");
	if (!a->started) {
		a->started = true;
		optind = 0;	/* glibc: 0 resets getopt fully */
		opterr = 0;
	}
	for (;;) {
		c = getopt_long(argc, argv, spec, longopts, NULL);
		if (c == 1) {
			args_push(a, optarg);
			continue;
		}
		break;
	}
	if (c == -1) {
		/* after "--": the rest are operands */
		for (; optind < argc; optind++)
			args_push(a, argv[optind]);
		return -1;
	}
	if (c == '?' || c == ':') {
		char *opt = refused_option(argv);

		free(a->error);
		a->error = c == '?' ? xasprintf("unknown option '%s'", opt) :
			xasprintf("option '%s' needs a value", opt);
		free(opt);
		return '?';
	}
	return c;
}

void cmd_args_release(struct cmd_args *a)
{
	free(a->operands);
	free(a->error);
	*a = (struct cmd_args)CMD_ARGS_INIT;
}

int cmd_allow_path(const char *dir)
{
	char *cause = NULL;

	if (pathtrust_allow(dir, &cause) == 0)
		return 0;
	fprintf(stderr, "clusterctl: %s\n", cause);
	free(cause);
	return CL_USAGE;
}
