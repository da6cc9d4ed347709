/*
 * cmd_validate.c: "clusterctl validate INVENTORY [--json]": load and check
 * an inventory, print every problem (file:line:col, sorted, the source line
 * and a caret under each error, notes after the problem they explain) and a
 * summary line on stderr; exit 0 or 3. A file that cannot be read is one
 * "file: error: cannot read: reason" line, exit 3.
 * "--list-keys" prints the inventory key reference (docs/inventory-keys.md
 * is this output) from the loader's own tables.
 */
#include "base/compat.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cmd.h"
#include "cli/cmd_validate.h"
#include "inventory/inventory.h"
#include "base/strbuf.h"
#include "base/diag.h"

static const char *const validate_usage[] = {
	"clusterctl validate INVENTORY [--overlay FILE]... [--cluster NAME]... [--json]",
	"   or: clusterctl validate --list-keys",
	"",
	"Loads INVENTORY (and what it includes) and checks it without touching",
	"any host: prints every problem as file:line:col: error: ... with the",
	"source line and a caret under the column (and note: lines for related",
	"places) on stdout, then a summary line on stderr. Exit 0 when valid,",
	"3 when not. A site file (docs/site.md) is checked with every cluster",
	"inventory it lists, each on its own and across them.",
	NULL,
};

static const char *level_name(enum diag_level l)
{
	return l == DIAG_ERROR ? "error" : l == DIAG_WARNING ? "warning" : "note";
}

static json_t *diag_json(const struct diag *d, bool with_level)
{
	json_t *o = json_object();

	if (with_level)
		json_object_set_new(o, "level", json_string(level_name(d->level)));
	if (d->loc.file) {
		json_object_set_new(o, "file", json_string(d->loc.file));
		json_object_set_new(o, "line", json_integer(d->loc.line));
		json_object_set_new(o, "col", json_integer(d->loc.col));
	}
	json_object_set_new(o, "message", json_string(d->msg));
	return o;
}

/*
 * docs/json-format.md, "validate --json": each note goes into the "notes"
 * of the error or warning it explains (the list keeps notes right after
 * theirs), so a consumer never has to guess which problem a note is about.
 */
static void print_json(const char *path, bool valid, const struct diag_list *dl,
		       FILE *out)
{
	json_t *top = json_object(), *arr = json_array(), *last = NULL;
	size_t i;

	for (i = 0; i < dl->n; i++) {
		const struct diag *d = &dl->items[i];
		bool note = d->level == DIAG_NOTE;
		json_t *o = diag_json(d, !note || !last);

		if (note && last) {
			json_array_append_new(json_object_get(last, "notes"), o);
			continue;
		}
		json_object_set_new(o, "notes", json_array());
		json_array_append_new(arr, o);
		last = note ? NULL : o;
	}
	json_object_set_new(top, "file", json_string(path));
	json_object_set_new(top, "valid", json_boolean(valid));
	/* every one, also those past the DIAG_KEEP the list holds */
	json_object_set_new(top, "errors", json_integer((json_int_t)diag_errors(dl)));
	json_object_set_new(top, "warnings", json_integer((json_int_t)diag_warnings(dl)));
	json_object_set_new(top, "diagnostics", arr);
	cmd_print_json(top, out);
}

static void print_summary(const char *path, const struct diag_list *dl)
{
	size_t errors = diag_errors(dl), warnings = diag_warnings(dl);

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

static const struct cmd_option validate_options[] = {
	{ 'j', "json", NULL, "print the diagnostics as JSON on stdout instead\n"
	  "(docs/json-format.md)", 0 },
	{ 'k', "list-keys", NULL, "print the reference of every inventory key (Markdown,\n"
	  "docs/inventory-keys.md) and exit", 0 },
	CMD_OPT_END,
};

static int cmd_validate_run(struct cmd_ctx *ctx)
{
	bool keys = cmd_has(ctx, 'k');
	const char *path;
	const struct site *s;

	if (keys && !ctx->args.n)
		return list_keys();
	if (keys || ctx->args.n != 1)
		return cmd_usage(ctx, NULL);
	path = ctx->args.operands[0];
	s = cmd_load_site(ctx, path);
	if (cmd_has(ctx, 'j'))
		print_json(path, s != NULL, &ctx->dl, stdout);
	else
		diag_print(&ctx->dl, stdout);
	/* an unreadable file is its one "cannot read" line, no summary */
	if (ctx->readable)
		print_summary(path, &ctx->dl);
	return s ? CL_OK : ctx->load_exit;
}

const struct cmd_entry cmd_validate_entry = {
	.name = "validate",
	.summary = "check an inventory, print every problem (file:line:col)",
	.usage = validate_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY | CMD_KEEP_DIAGNOSTICS,
	.options = validate_options,
	.help_col = 16,
	.run = cmd_validate_run,
};
