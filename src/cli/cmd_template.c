/*
 * cmd_template.c: "clusterctl template FILE --data DATA.json": renders any
 * Mustache template with a JSON context, through the same engine as the
 * configuration files, so that a site's own templates can be tried alone.
 * Partials {{> name}} come from FILE's directory (name.mustache, then
 * name); a name that would leave that directory is an error.
 */
#include "base/compat.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/cmd_template.h"
#include "base/diag.h"
#include "base/fileio.h"
#include "base/strbuf.h"
#include "render/tmpl.h"
#include "base/xalloc.h"

static const char *const template_usage[] = {
	"clusterctl template FILE [--data DATA.json] [--html-escape] [-o OUT]",
	"",
	"Renders the Mustache template FILE with a JSON context, through the",
	"same engine as the configuration files, so that a site's own",
	"templates can be tried alone. Partials {{> name}} are read from FILE's",
	"directory as name.mustache, else name; a missing partial renders as",
	"nothing (with a warning). {{{x}}} and {{&x}} are never escaped.",
	NULL,
};

/* A partial read from disk; kept until the expansion ends. */
struct tpl_partial {
	char *name, *path;	/* path NULL: not found */
	char *src;
};

struct tpl_partials {
	char *dir;
	struct tpl_partial *items;
	size_t n, alloc;
	struct diag_list *dl;	/* refused names and unreadable files */
	struct src_loc at;	/* the main template, for those messages */
};

/* Reads a whole file ('-': stdin); NULL with errno set. Caller frees. */
static char *tpl_read(const char *path, size_t *len)
{
	return strcmp(path, "-") ? fileio_read(path, len, NULL) :
		fileio_read_fd(STDIN_FILENO, len);
}

static bool tpl_name_ok(const char *name)
{
	return !strchr(name, '/') && !strstr(name, "..");
}

static void tpl_find(struct tpl_partials *ps, struct tpl_partial *p)
{
	static const char *const suffixes[] = { ".mustache", "" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(suffixes); i++) {
		char *path = xasprintf("%s/%s%s", ps->dir, p->name, suffixes[i]);

		p->src = tpl_read(path, NULL);
		if (p->src) {
			p->path = path;
			return;
		}
		if (errno != ENOENT)
			diag_error(ps->dl, &ps->at, "cannot read partial '%s': %s",
				   path, fileio_strerror(errno));
		free(path);
	}
	diag_warning(ps->dl, &ps->at,
		     "partial '%s' not found (no %s/%s.mustache or %s/%s): "
		     "rendered as nothing", p->name, ps->dir, p->name, ps->dir,
		     p->name);
}

static const char *tpl_partial(void *cookie, const char *name)
{
	struct tpl_partials *ps = cookie;
	struct tpl_partial *p;
	size_t i;

	for (i = 0; i < ps->n; i++)
		if (!strcmp(ps->items[i].name, name))
			return ps->items[i].src;
	XGROW(ps->items, ps->alloc, ps->n + 1);
	p = &ps->items[ps->n++];
	memset(p, 0, sizeof(*p));
	p->name = xstrdup(name);
	if (!tpl_name_ok(name))
		diag_error(ps->dl, &ps->at,
			   "partial name '%s' refused: it must not hold '/' or '..'",
			   name);
	else
		tpl_find(ps, p);
	return p->src;
}

static void tpl_partials_release(struct tpl_partials *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		free(ps->items[i].name);
		free(ps->items[i].path);
		free(ps->items[i].src);
	}
	free(ps->items);
	free(ps->dir);
}

/*
 * The engine names a partial by its name in diagnostics; show the file it
 * came from instead.
 */
static void tpl_name_files(struct diag_list *dl, const struct tpl_partials *ps)
{
	size_t i, k;

	for (i = 0; i < dl->n; i++) {
		struct diag *d = &dl->items[i];

		for (k = 0; d->loc.file && k < ps->n; k++) {
			if (!ps->items[k].path || strcmp(d->loc.file, ps->items[k].name))
				continue;
			free(d->file);
			d->file = xstrdup(ps->items[k].path);
			d->loc.file = d->file;
			break;
		}
	}
}

static json_t *tpl_load_data(const char *path, struct diag_list *dl)
{
	json_error_t err;
	size_t len;
	char *text;
	json_t *v;

	if (!path)
		return json_object();
	text = tpl_read(path, &len);
	if (!text) {
		diag_error(dl, NULL, "cannot read '%s': %s", path, fileio_strerror(errno));
		return NULL;
	}
	v = json_loadb(text, len, JSON_DECODE_ANY, &err);
	free(text);
	if (!v) {
		struct src_loc loc = { path, (unsigned)(err.line > 0 ? err.line : 1),
				       (unsigned)(err.column > 0 ? err.column : 1) };

		diag_error(dl, &loc, "bad JSON: %s", err.text);
	}
	return v;
}

static int tpl_write(const char *out_path, const struct strbuf *sb,
		     struct diag_list *dl)
{
	FILE *f = out_path ? fopen(out_path, "wb") : stdout;

	if (!f) {
		diag_error(dl, NULL, "cannot write '%s': %s", out_path,
			   strerror(errno));
		return -1;
	}
	if (fwrite(sb->buf, 1, sb->len, f) != sb->len ||
	    (out_path ? fclose(f) : fflush(f)) != 0) {
		diag_error(dl, NULL, "cannot write '%s': %s",
			   out_path ? out_path : "stdout", strerror(errno));
		return -1;
	}
	return 0;
}

struct tpl_opts {
	const char *file, *data, *out;
	unsigned flags;
};

/* Parses FILE, loads the data, expands; the output goes to sb. */
static int tpl_render(const struct tpl_opts *o, struct tpl_partials *ps,
		      struct strbuf *sb, struct diag_list *dl)
{
	struct tmpl *t = NULL;
	json_t *ctx = NULL;
	size_t len;
	char *src = tpl_read(o->file, &len);
	int ret = -1;

	if (!src) {
		diag_error(dl, NULL, "cannot read '%s': %s", o->file,
			   fileio_strerror(errno));
		return -1;
	}
	t = tmpl_parse_diag(src, len, o->file, dl);
	ctx = tpl_load_data(o->data, dl);
	if (t && ctx && !tmpl_expand_diag(t, ctx, tpl_partial, ps, o->flags, sb, dl))
		ret = diag_errors(dl) ? -1 : 0;
	tpl_name_files(dl, ps);
	json_decref(ctx);
	tmpl_free(t);
	free(src);
	return ret;
}

static const struct cmd_option template_options[] = {
	{ 'd', "data", "DATA.json", "the context ('-' reads stdin; default: empty)",
	  CMD_OPT_SHORT },
	{ 'e', "html-escape", NULL, "HTML-escape {{x}} (off by default: configuration\n"
	  "files are not HTML)", 0 },
	{ 'o', "output", "OUT", "write to OUT instead of stdout", CMD_OPT_SHORT },
	CMD_OPT_END,
};

static int cmd_template_run(struct cmd_ctx *ctx)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct tpl_partials ps;
	struct strbuf out = STRBUF_INIT;
	struct tpl_opts o = {
		.data = cmd_value(ctx, 'd'), .out = cmd_value(ctx, 'o'),
		.flags = cmd_has(ctx, 'e') ? TMPL_HTML_ESCAPE : 0,
	};
	const char *why;
	char *slash;
	int rc = CL_FATAL;

	if ((why = cmd_operands(ctx, 1, "missing FILE")) || !*ctx->args.operands[0])
		return cmd_usage(ctx, why ? why : "missing FILE");
	o.file = ctx->args.operands[0];
	memset(&ps, 0, sizeof(ps));
	ps.dl = &dl;
	ps.at.file = o.file;
	slash = strrchr(o.file, '/');
	ps.dir = slash ? xstrndup(o.file, (size_t)(slash - o.file) + (slash == o.file))
		       : xstrdup(".");
	if (!tpl_render(&o, &ps, &out, &dl) && !tpl_write(o.out, &out, &dl))
		rc = CL_OK;
	diag_print(&dl, stderr);
	diag_release(&dl);
	tpl_partials_release(&ps);
	strbuf_release(&out);
	return rc;
}

const struct cmd_entry cmd_template_entry = {
	.name = "template",
	.summary = "render a Mustache template with a JSON context",
	.usage = template_usage,
	.options = template_options,
	.help_col = 25,
	.run = cmd_template_run,
};
