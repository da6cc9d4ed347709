/*
 * cmd.c: the command table and its lookup (exact name or unique prefix,
 * after tmux's cmd_find), plus the usage and exit-code printers every
 * command shares.
 */
#include "compat.h"

#include <string.h>

#include "cmd.h"
#include "strbuf.h"
#include "xalloc.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_validate_entry,
	&cmd_render_entry,
	&cmd_plan_entry,
	&cmd_apply_entry,
	&cmd_add_user_entry,
	&cmd_export_sacctmgr_entry,
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

void cmd_print_exit_codes(FILE *out)
{
	fputs("exit codes:\n"
	      "  0   success, nothing left to change\n"
	      "  1   fatal error (nothing was changed where it could be avoided)\n"
	      "  2   plan: changes pending\n"
	      "  3   invalid inventory\n"
	      "  4   apply: some hosts failed (named in the summary)\n"
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
