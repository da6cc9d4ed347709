/*
 * cmd.c: the command table and its lookup (exact name or unique prefix,
 * after tmux's cmd_find), plus what every command shares: the option
 * parser (cmd_getopt), --help made from each command's option table and
 * the shared options, the usage-error and exit-code printers, the
 * versioned JSON printer and the colour decision; and the preamble of
 * every command, cmd_run(), driven by the flags of its entry: --help, the
 * option parser, --allow-path and --overlay, usage errors, and cmd_load(),
 * the one way a command loads, validates and reports an inventory. A new
 * option is one row in its command's option table (parser and --help
 * both read it) and one cmd_has() or cmd_value() there;
 * tests/t/t0270-cli.sh then wants it in the completion and the man page
 * too.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "base/die.h"
#include "inventory/inventory.h"
#include "inventory/validate.h"
#include "inventory/model.h"
#include "inventory/overlay.h"
#include "inventory/site.h"
#include "inventory/site_rows.h"
#include "base/pathtrust.h"
#include "base/strbuf.h"
#include "base/version.h"
#include "base/xalloc.h"
#include "base/diag.h"

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
	json_object_set_new(top, "clusterctl_version",
			    json_string(CLUSTERCTL_VERSION));
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

/*
 * The one table of exit codes (enum cl_exit): --help prints it, and
 * README.md's "Exit codes" says the same words (t0270 compares them).
 */
static const struct {
	int code;
	const char *meaning;
} exit_codes[] = {
	{ CL_OK, "success, nothing left to change" },
	{ CL_FATAL, "fatal error; nothing was changed where that could be avoided" },
	{ CL_PENDING, "plan, diff: changes pending" },
	{ CL_INVALID, "invalid inventory; add-user: a user the inventory could "
		      "not hold (a bad name, an unknown account or QoS)" },
	{ CL_PARTIAL, "some hosts failed or were refused, or some part could not "
		      "be observed; apply: capacity loss refused, or slurmctld runs "
		      "a node otherwise than the inventory says; diff "
		      "--fail-on-capacity-loss: HEAD takes capacity away; import: "
		      "something could not be expressed (listed on stderr)" },
	{ CL_USAGE, "usage error, an unknown command included (help COMMAND too)" },
};

/* Prints text from column 7, folded before column 78. */
static void print_folded(FILE *out, const char *text)
{
	size_t col = 6;

	while (*text) {
		size_t n = strcspn(text, " ");

		if (col > 6 && col + 1 + n > 77) {
			fputs("\n      ", out);
			col = 6;
		} else if (col > 6) {
			fputc(' ', out);
			col++;
		}
		fwrite(text, 1, n, out);
		col += n;
		text += n;
		text += *text == ' ';
	}
	fputc('\n', out);
}

void cmd_print_exit_codes(FILE *out)
{
	fputs("\nexit codes:\n", out);
	for (size_t i = 0; i < ARRAY_SIZE(exit_codes); i++) {
		fprintf(out, "  %-3d ", exit_codes[i].code);
		print_folded(out, exit_codes[i].meaning);
	}
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

/* ---- the preamble: cmd_run() ---- */

/* The options of every CMD_INVENTORY command: values no letter takes. */
enum { OPT_ALLOW_PATH = 0x100, OPT_OVERLAY, OPT_CLUSTER };

static const struct cmd_option inventory_options[] = {
	{ OPT_ALLOW_PATH, "allow-path", "DIR",
	  "include: files and templates may also lie under\n"
	  "DIR (repeatable; or CLUSTERCTL_ALLOW_PATH)", 0 },
	{ OPT_OVERLAY, "overlay", "FILE",
	  "apply FILE on top of INVENTORY (repeatable,\ndocs/overlays.md)", 0 },
	{ OPT_CLUSTER, "cluster", "NAME",
	  "INVENTORY is a site file (docs/site.md): only\n"
	  "its cluster NAME (repeatable; default: every one)", 0 },
};

/* Every command's, handled by cmd_wants_help() before any parsing. */
static const struct cmd_option help_option = {
	'h', "help", NULL, "show this help", CMD_OPT_SHORT,
};

/* The shared options cmd takes: inventory_options[0..*n). */
static const struct cmd_option *shared_options(const struct cmd_entry *cmd,
					       size_t *n)
{
	*n = cmd->flags & CMD_INVENTORY ? ARRAY_SIZE(inventory_options) : 0;
	return inventory_options;
}

/* cmd's own row named name (NULL: none). */
static const struct cmd_option *own_option(const struct cmd_entry *cmd,
					   const char *name)
{
	const struct cmd_option *o;

	for (o = cmd->options; o && o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

/* True when o, a row of cmd's, only rewords a shared option. */
static bool rewords_shared(const struct cmd_entry *cmd, const struct cmd_option *o)
{
	const struct cmd_option *shared;
	size_t n, i;

	shared = shared_options(cmd, &n);
	for (i = 0; i < n; i++)
		if (!strcmp(shared[i].name, o->name))
			return true;
	return false;
}

/* One option's lines of --help, its help from column col. */
static void print_option(FILE *out, unsigned col, const struct cmd_option *o)
{
	struct strbuf label = STRBUF_INIT;
	const char *p = o->help;
	size_t n;

	strbuf_addstr(&label, "  ");
	if (o->flags & CMD_OPT_SHORT)
		strbuf_addf(&label, "-%c, ", o->c);
	strbuf_addf(&label, "--%s", o->name);
	if (o->arg)
		strbuf_addf(&label, " %s", o->arg);
	/* two spaces at least between an option and its help */
	if (label.len + 2 > col) {
		fprintf(out, "%s\n", label.buf);
		strbuf_reset(&label);
	}
	for (;; p += n + 1) {
		n = strcspn(p, "\n");
		fprintf(out, "%-*s%.*s\n", (int)col, label.buf, (int)n, p);
		strbuf_reset(&label);
		if (!p[n])
			break;
	}
	strbuf_release(&label);
}

void cmd_print_help(const struct cmd_entry *cmd, FILE *out)
{
	const struct cmd_option *o, *shared, *own;
	size_t i, n;

	for (i = 0; cmd->usage && cmd->usage[i]; i++)
		fprintf(out, "%s%s\n", i ? "" : "usage: ", cmd->usage[i]);
	fputs("\noptions:\n", out);
	for (o = cmd->options; o && o->name; o++)
		if (!rewords_shared(cmd, o))
			print_option(out, cmd->help_col, o);
	shared = shared_options(cmd, &n);
	for (i = 0; i < n; i++) {
		own = own_option(cmd, shared[i].name);
		print_option(out, cmd->help_col, own ? own : &shared[i]);
	}
	print_option(out, cmd->help_col, &help_option);
	if (cmd->epilog)
		fputc('\n', out);
	for (i = 0; cmd->epilog && cmd->epilog[i]; i++)
		fprintf(out, "%s\n", cmd->epilog[i]);
}

/*
 * cmd's getopt tables: its own options, then the shared ones it takes;
 * the letters of the short ones into shortopts. Caller frees.
 */
static struct option *command_options(const struct cmd_entry *cmd,
				      struct strbuf *shortopts)
{
	const struct cmd_option *o, *shared;
	size_t n = 0, k = 0, n_shared, i;
	struct option *all;

	for (o = cmd->options; o && o->name; o++)
		n++;
	shared = shared_options(cmd, &n_shared);
	all = xcalloc(n + n_shared + 1, sizeof(*all));
	for (o = cmd->options; o && o->name; o++) {
		if (rewords_shared(cmd, o))
			continue;
		all[k++] = (struct option){ o->name, o->arg ? required_argument :
					    no_argument, NULL, o->c };
		if (o->flags & CMD_OPT_SHORT)
			strbuf_addf(shortopts, "%c%s", o->c, o->arg ? ":" : "");
	}
	for (i = 0; i < n_shared; i++)
		all[k++] = (struct option){ shared[i].name, required_argument, NULL,
					    shared[i].c };
	return all;	/* zeroed: the terminator */
}

enum cmd_parse_result cmd_parse(struct cmd_ctx *ctx, const struct cmd_entry *cmd,
				int argc, char **argv)
{
	struct strbuf shortopts = STRBUF_INIT;
	struct option *longopts = command_options(cmd, &shortopts);
	enum cmd_parse_result r = CMD_PARSED;
	int c;

	*ctx = (struct cmd_ctx){ .cmd = cmd, .args = CMD_ARGS_INIT,
				 .dl = DIAG_LIST_INIT };
	while (r == CMD_PARSED &&
	       (c = cmd_getopt(&ctx->args, argc, argv, shortopts.buf,
			       longopts)) != -1) {
		if (c == '?') {
			r = CMD_PARSE_USAGE;
		} else if (c == OPT_OVERLAY) {
			overlay_add(optarg);
		} else if (c == OPT_CLUSTER) {
			XGROW(ctx->clusters, ctx->alloc_clusters, ctx->n_clusters + 1);
			ctx->clusters[ctx->n_clusters++] = optarg;
		} else if (c == OPT_ALLOW_PATH) {
			if (pathtrust_allow(optarg, &ctx->args.error))
				r = CMD_PARSE_BAD_ALLOW_PATH;
			XGROW(ctx->allow_paths, ctx->alloc_allow_paths,
			      ctx->n_allow_paths + 1);
			ctx->allow_paths[ctx->n_allow_paths++] = optarg;
		} else {
			XGROW(ctx->opts, ctx->alloc_opts, ctx->n_opts + 1);
			ctx->opts[ctx->n_opts++] = (struct cmd_opt){ c, optarg };
		}
	}
	free(longopts);
	strbuf_release(&shortopts);
	return r;
}

void cmd_ctx_release(struct cmd_ctx *ctx)
{
	free(ctx->opts);
	free(ctx->allow_paths);
	free(ctx->clusters);
	free(ctx->pick);
	for (size_t i = 0; i < ctx->n_others; i++)
		site_free(ctx->others[i]);
	free(ctx->others);
	cmd_args_release(&ctx->args);
	/* a site's model is the site's */
	if (ctx->site)
		site_free(ctx->site);
	else
		model_free(ctx->m);
	diag_release(&ctx->dl);
	*ctx = (struct cmd_ctx){ .args = CMD_ARGS_INIT, .dl = DIAG_LIST_INIT };
}

int cmd_run(const struct cmd_entry *cmd, int argc, char **argv)
{
	struct cmd_ctx ctx;
	int rc = CL_USAGE;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_help(cmd, stdout);
		if (cmd->flags & CMD_EXIT_CODES)
			cmd_print_exit_codes(stdout);
		return CL_OK;
	}
	switch (cmd_parse(&ctx, cmd, argc, argv)) {
	case CMD_PARSED:
		rc = cmd->run(&ctx);
		break;
	case CMD_PARSE_BAD_ALLOW_PATH:
		/* not a slip of syntax: the message alone, no usage */
		fprintf(stderr, "clusterctl: %s\n", ctx.args.error);
		rc = CL_USAGE;
		break;
	case CMD_PARSE_USAGE:
		rc = cmd_usage(&ctx, ctx.args.error);
		break;
	}
	cmd_ctx_release(&ctx);
	return rc;
}

/* The last of ctx's options given as c; NULL if none. */
static const struct cmd_opt *last_opt(const struct cmd_ctx *ctx, int c)
{
	size_t i = ctx->n_opts;

	while (i--)
		if (ctx->opts[i].c == c)
			return &ctx->opts[i];
	return NULL;
}

bool cmd_has(const struct cmd_ctx *ctx, int c)
{
	return last_opt(ctx, c) != NULL;
}

const char *cmd_value(const struct cmd_ctx *ctx, int c)
{
	const struct cmd_opt *o = last_opt(ctx, c);

	return o ? o->value : NULL;
}

const char *cmd_operands(const struct cmd_ctx *ctx, size_t n,
			 const char *missing)
{
	if (ctx->args.n == n)
		return NULL;
	return ctx->args.n > n ? "too many arguments" : missing;
}

int cmd_usage(const struct cmd_ctx *ctx, const char *why)
{
	cmd_usage_error(ctx->cmd, why);
	return CL_USAGE;
}

static struct model *load_with(struct cmd_ctx *ctx, const char *path,
			       struct model *(*load)(const char *, struct diag_list *))
{
	if (!(ctx->cmd->flags & CMD_INVENTORY) || ctx->m)
		BUG("cmd_load: '%s' loads no inventory, or twice", ctx->cmd->name);
	/* an unreadable file is its one "cannot read" diagnostic */
	ctx->readable = !diag_read_source(&ctx->dl, path);
	ctx->m = ctx->readable ? load(path, &ctx->dl) : NULL;
	if (!(ctx->cmd->flags & CMD_KEEP_DIAGNOSTICS)) {
		diag_print(&ctx->dl, stderr);
		diag_release(&ctx->dl);
	}
	return ctx->m;
}

/* Moves src's diagnostics to the end of dst. */
/*
 * path as a site: a site file's (site.h), or a lone inventory as a site
 * of one. The --overlay files apply to each cluster's inventory, not to
 * the site file: a site file read with them is read again without.
 */
static struct site *load_site(const char *path, struct diag_list *dl)
{
	struct diag_list first = DIAG_LIST_INIT;
	struct model *m = inventory_load(path, &first);

	if (m && model_is_site(m)) {
		diag_release(&first);
		if (overlay_count()) {
			model_free(m);
			m = inventory_load_site_file(path, dl);
		}
		return m ? site_load_from(m, dl) : NULL;
	}
	diag_take(dl, &first);
	if (m)
		validate_model(m, dl);
	diag_sort(dl);
	if (m && diag_errors(dl)) {
		model_free(m);
		m = NULL;
	}
	return m ? site_of_model(m) : NULL;
}

/* --cluster NAME...: the clusters picked (each once, site order); else all. */
static int pick_clusters(struct cmd_ctx *ctx)
{
	const struct site *s = ctx->site;

	ctx->pick = xcalloc(s->n + 1, sizeof(*ctx->pick));
	for (size_t i = 0; i < ctx->n_clusters; i++) {
		const struct site_cluster *c = site_find(s, ctx->clusters[i]);
		char *names;

		if (c)
			continue;
		names = site_cluster_names(s);
		fprintf(stderr, "clusterctl: %s: --cluster %s: %s%s%s\n", ctx->cmd->name,
			ctx->clusters[i], s->shared ? "no such cluster in the site (its "
			"clusters: " : "the inventory is one cluster, '", names,
			s->shared ? ")" : "'");
		free(names);
		return CL_USAGE;
	}
	for (size_t i = 0; i < s->n; i++) {
		bool want = !ctx->n_clusters;

		for (size_t k = 0; !want && k < ctx->n_clusters; k++)
			want = !strcmp(ctx->clusters[k], s->clusters[i].name);
		if (want)
			ctx->pick[ctx->n_pick++] = i;
	}
	return CL_OK;
}

struct site *cmd_load_site(struct cmd_ctx *ctx, const char *path)
{
	if (!(ctx->cmd->flags & CMD_INVENTORY) || ctx->m || ctx->site)
		BUG("cmd_load_site: '%s' loads no inventory, or twice", ctx->cmd->name);
	ctx->load_exit = CL_INVALID;
	/* an unreadable file is its one "cannot read" diagnostic */
	ctx->readable = !diag_read_source(&ctx->dl, path);
	ctx->site = ctx->readable ? load_site(path, &ctx->dl) : NULL;
	if (!(ctx->cmd->flags & CMD_KEEP_DIAGNOSTICS)) {
		diag_print(&ctx->dl, stderr);
		diag_release(&ctx->dl);
	}
	if (ctx->site && (ctx->load_exit = pick_clusters(ctx)) != CL_OK) {
		site_free(ctx->site);
		ctx->site = NULL;
	}
	return ctx->site;
}

struct model *cmd_load(struct cmd_ctx *ctx, const char *path)
{
	char *names;

	if (!cmd_load_site(ctx, path))
		return NULL;
	if (ctx->n_pick == 1)
		return ctx->m = ctx->site->clusters[ctx->pick[0]].m;
	names = site_cluster_names(ctx->site);
	fprintf(stderr, "clusterctl: %s: '%s' is site '%s' of clusters %s: name one "
		"with --cluster NAME\n", ctx->cmd->name, path, ctx->site->name, names);
	free(names);
	ctx->load_exit = CL_USAGE;
	return NULL;
}

/* The cluster of s --cluster names (a site of one: its one), or NULL after an error in dl. */
static struct model *other_cluster(const struct cmd_ctx *ctx, const struct site *s,
				   const char *path, struct diag_list *dl)
{
	const struct site_cluster *c = !s->shared ? &s->clusters[0] :
		ctx->n_clusters == 1 ? site_find(s, ctx->clusters[0]) : NULL;
	char *names;

	if (c)
		return c->m;
	names = site_cluster_names(s);
	diag_error(dl, NULL, "'%s' is site '%s' of clusters %s: %s", path, s->name, names,
		   ctx->n_clusters == 1 ? "--cluster names none of them" :
		   "name one with --cluster NAME");
	free(names);
	return NULL;
}

struct model *cmd_load_other(struct cmd_ctx *ctx, const char *path,
			     struct diag_list *dl)
{
	struct site *s;
	struct model *m;

	if (!(ctx->cmd->flags & CMD_INVENTORY))
		BUG("cmd_load_other: '%s' loads no inventory", ctx->cmd->name);
	if (diag_read_source(dl, path) || !(s = load_site(path, dl)))
		return NULL;
	XGROW(ctx->others, ctx->alloc_others, ctx->n_others + 1);
	ctx->others[ctx->n_others++] = s;
	m = other_cluster(ctx, s, path, dl);
	return m;
}

struct model *cmd_load_database(struct cmd_ctx *ctx, const char *path)
{
	return load_with(ctx, path, inventory_load_database);
}
