/*
 * commands.c: the command table and its lookup (commands.h): an exact name
 * or a unique prefix, after tmux's cmd_find. A new command is a cmd_NAME.c
 * with its header and a row here.
 */
#include "base/compat.h"

#include <string.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/commands.h"
#include "cli/cmd_accounting.h"
#include "cli/cmd_add_user.h"
#include "cli/cmd_apply.h"
#include "cli/cmd_diff.h"
#include "cli/cmd_export_sacctmgr.h"
#include "cli/cmd_hostlist.h"
#include "cli/cmd_import.h"
#include "cli/cmd_plan.h"
#include "cli/cmd_render.h"
#include "cli/cmd_template.h"
#include "cli/cmd_validate.h"
#include "cli/cmd_version.h"

const struct cmd_entry *const commands[] = {
	&cmd_validate_entry,
	&cmd_render_entry,
	&cmd_plan_entry,
	&cmd_diff_entry,
	&cmd_apply_entry,
	&cmd_add_user_entry,
	&cmd_export_sacctmgr_entry,
	&cmd_import_entry,
	&cmd_accounting_entry,
	&cmd_hostlist_entry,
	&cmd_template_entry,
	&cmd_version_entry,
};
const size_t commands_len = ARRAY_SIZE(commands);

const struct cmd_entry *commands_find(const char *name, char **why)
{
	const struct cmd_entry *found = NULL;
	struct strbuf candidates = STRBUF_INIT;
	size_t i, len = strlen(name), matches = 0;

	if (why)
		*why = NULL;
	for (i = 0; i < commands_len; i++) {
		if (!strcmp(commands[i]->name, name)) {
			strbuf_release(&candidates);
			return commands[i];
		}
		if (len && !strncmp(commands[i]->name, name, len)) {
			found = commands[i];
			strbuf_addf(&candidates, "%s%s", matches ? ", " : "",
				    commands[i]->name);
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
