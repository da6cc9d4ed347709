/*
 * cmd_validate.c: "clusterctl validate INVENTORY [--json]": load and check
 * an inventory, print every problem (file:line:col, sorted, the source line
 * and a caret under each error, notes after the problem they explain) and a
 * summary line on stderr; exit 0 or 3. A file that cannot be read is one
 * "file: error: cannot read: reason" line, exit 3.
 * "--list-keys" prints the inventory key reference (docs/inventory-keys.md
 * is this output) from the loader's own tables.
 */
#include "compat.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "inventory.h"
#include "strbuf.h"

static const char *const validate_usage[] = {
	"clusterctl validate INVENTORY [--json]",
	"   or: clusterctl validate --list-keys",
	"",
	"Loads INVENTORY and prints every problem as file:line:col: error: ...",
	"with the source line and a caret under the column (and note: lines for",
	"related places), then a summary on stderr.",
	"",
	"  --json        print the diagnostics as a JSON array on stdout",
	"  --list-keys   print the reference of every inventory key (Markdown)",
	NULL,
};

static const char *level_name(enum diag_level l)
{
	return l == DIAG_ERROR ? "error" : l == DIAG_WARNING ? "warning" : "note";
}

static void print_json(const struct diag_list *dl, FILE *out)
{
	json_t *arr = json_array();
	size_t i;
	char *s;

	for (i = 0; i < dl->n; i++) {
		const struct diag *d = &dl->items[i];
		json_t *o = json_object();

		json_object_set_new(o, "level", json_string(level_name(d->level)));
		if (d->loc.file) {
			json_object_set_new(o, "file", json_string(d->loc.file));
			json_object_set_new(o, "line", json_integer(d->loc.line));
			json_object_set_new(o, "col", json_integer(d->loc.col));
		}
		json_object_set_new(o, "message", json_string(d->msg));
		json_array_append_new(arr, o);
	}
	s = json_dumps(arr, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fprintf(out, "%s\n", s);
	free(s);
	json_decref(arr);
}

static void print_summary(const char *path, const struct diag_list *dl)
{
	size_t i, errors = 0, warnings = 0;

	for (i = 0; i < dl->n; i++) {
		errors += dl->items[i].level == DIAG_ERROR;
		warnings += dl->items[i].level == DIAG_WARNING;
	}
	fprintf(stderr, "%s: %zu error%s, %zu warning%s\n", path, errors,
		errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s");
}

static int list_keys(void)
{
	struct strbuf sb = STRBUF_INIT;

	inventory_print_keys(&sb);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	return CL_OK;
}

static int cmd_validate_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "list-keys", no_argument, NULL, 'k' },
		{ NULL, 0, NULL, 0 },
	};
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m;
	bool json = false, keys = false, readable;
	int c, rc;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_validate_entry, stdout);
		cmd_print_exit_codes(stdout);
		return CL_OK;
	}
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == 'j')
			json = true;
		else if (c == 'k')
			keys = true;
		else
			goto usage;
	}
	if (keys && optind == argc)
		return list_keys();
	if (keys || optind != argc - 1)
		goto usage;
	/* an unreadable file is its one "cannot read" line, no summary */
	readable = !diag_read_source(&dl, argv[optind]);
	m = readable ? inventory_load_valid(argv[optind], &dl) : NULL;
	if (json)
		print_json(&dl, stdout);
	else
		diag_print(&dl, stdout);
	if (readable)
		print_summary(argv[optind], &dl);
	rc = m ? CL_OK : CL_INVALID;
	model_free(m);
	diag_release(&dl);
	return rc;
usage:
	cmd_print_usage(&cmd_validate_entry, stderr);
	return CL_USAGE;
}

const struct cmd_entry cmd_validate_entry = {
	.name = "validate",
	.summary = "check an inventory, print every problem (file:line:col)",
	.usage = validate_usage,
	.run = cmd_validate_run,
};
