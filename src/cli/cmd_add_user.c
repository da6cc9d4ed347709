/*
 * cmd_add_user.c: "clusterctl add-user INVENTORY NAME --account A ...":
 * adds one user to the inventory file in place. Only the new entry's text
 * is inserted (yaml_splice.c: comments, order and formatting of
 * everything else stay byte for byte, the entry copies the style of the
 * existing users: list). The edited text is loaded and validated as part
 * of the whole inventory before anything is written; the write is atomic
 * (fileio_replace(): temp file beside it, same mode and owner, fsync,
 * rename). What is asked is checked in add_user_req.c.
 *
 * Idempotence: the same user with the same settings is "nothing to do"
 * (exit 0, file untouched); the same user with other settings is refused
 * (exit 1): add-user never rewrites an existing entry, edit it by hand.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "acct/rows/acct.h"
#include "cli/cmd.h"
#include "cli/cmd_add_user.h"
#include "base/die.h"
#include "base/fileio.h"
#include "inventory/inventory.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "inventory/add_user_req.h"
#include "inventory/yaml_splice.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "acct/apply/acct_apply.h"
#include "acct/plan/acct_plan.h"
#include "acct/plan/acct_print.h"
#include "acct/apply/acct_remote.h"
#include "inventory/site.h"
#include "base/xalloc.h"

static const char *const add_user_usage[] = {
	"clusterctl add-user INVENTORY NAME --account A [--account B]...",
	"          [--default-account A] [--qos Q]... [--admin-level L] [--apply]",
	"          [--overlay FILE]... [--cluster NAME]...",
	"",
	"Adds user NAME to the inventory file in place (only the new entry's",
	"lines change; comments and formatting stay), after checking that the",
	"result is a valid inventory. The file is replaced atomically with its",
	"mode and owner; a symlinked inventory is edited where the link points.",
	"A site file (docs/site.md) gets the user in its users:, on the clusters",
	"--cluster names (clusters: [..]; none: every cluster of the site);",
	"--apply then writes each of those clusters' database rows.",
	NULL,
};

static const char *const add_user_epilog[] = {
	"The same user with the same settings changes nothing (exit 0); the",
	"same user with other settings is refused (exit 1). A user the",
	"inventory could not hold, by its name or by what it refers to (an",
	"unknown account or QoS, a default account not among --account, an",
	"admin level Slurm lacks), is refused as invalid (exit 3), as validate",
	"would refuse it.",
	NULL,
};

static const struct cmd_option add_user_options[] = {
	{ 'a', "account", "A", "an account of the user (repeat, or A,B; required);\n"
	  "or one association with its own settings, written\n"
	  "as in the inventory: '{account: A, partition: P,\n"
	  "qos: [Q], fairshare: N, ...}'", 0 },
	{ 'd', "default-account", "A", "the default account (default: the first)", 0 },
	{ 'q', "qos", "Q", "a QoS of the user (repeat, or Q,R)", 0 },
	{ 'l', "admin-level", "L", "none, operator or administrator", 0 },
	{ 'x', "apply", NULL, "also create the user in the accounting database\n"
	  "(over SSH, with the inventory's database method):\n"
	  "plans the database first and changes nothing, not\n"
	  "even the file, when it has other pending changes\n"
	  "(review those with 'clusterctl accounting plan')", 0 },
	/* the shared --overlay, in add-user's words */
	{ 0, "overlay", "FILE", "apply FILE on top of INVENTORY when checking the\n"
	  "edit (repeatable, docs/overlays.md)", 0 },
	CMD_OPT_END,
};

/* The request from ctx's options; NULL, or why it is a usage error. */
static const char *parse_args(struct add_user_req *r, const struct cmd_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->n_opts; i++) {
		const char *v = ctx->opts[i].value;

		switch (ctx->opts[i].c) {
		case 'a': add_user_req_account(r, v); break;
		case 'd': r->default_account = v; break;
		case 'q': add_user_req_qos(r, v); break;
		case 'l': r->admin_level = v; break;
		case 'x': r->apply = true; break;
		default: BUG("add-user: option %d", ctx->opts[i].c);
		}
	}
	if (ctx->args.n != 2)
		return cmd_operands(ctx, 2, "missing INVENTORY or NAME");
	if (!r->entries.n)
		return "--account is required";
	r->inventory = ctx->args.operands[0];
	r->name = ctx->args.operands[1];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* the edit                                                            */

/* The new entry's fields, in the order a new users: list writes them. */
#define ENTRY_FIELDS 6

static void entry_fields(const struct add_user_req *r,
			 struct yaml_splice_field f[ENTRY_FIELDS])
{
	f[0] = (struct yaml_splice_field){ "name", r->name, NULL };
	f[1] = (struct yaml_splice_field){ "accounts", NULL, &r->entries };
	f[2] = (struct yaml_splice_field){ "default_account", r->default_account, NULL };
	f[3] = (struct yaml_splice_field){ "qos", NULL, &r->qos };
	f[4] = (struct yaml_splice_field){ "admin_level", r->admin_level, NULL };
	f[5] = (struct yaml_splice_field){ "clusters", NULL, &r->clusters };
}

/* ------------------------------------------------------------------ */
/* the command                                                         */

/*
 * The accounting side of --apply. Only this user's rows may change: when
 * the database differs from the inventory in anything else, --apply is
 * refused (those changes belong in "clusterctl accounting plan/apply",
 * where they can be reviewed), and the inventory file is left alone.
 */
struct add_user_acct {
	struct acct_plan *plan;
	size_t mine;		/* changes that are this user's */
};

static bool change_is_users(json_t *c, const char *name)
{
	const char *kind = json_string_value(json_object_get(c, "kind"));
	const char *who = json_string_value(json_object_get(c, "name"));

	if (kind && !strcmp(kind, "association"))
		who = json_string_value(json_object_get(c, "user"));
	else if (!kind || strcmp(kind, "user"))
		return false;
	return who && !strcmp(who, name);
}

/* Plans the database against m; fails when changes other than name's are pending. */
static int add_user_plan_accounting(const struct model *m, const char *name,
				    struct add_user_acct *a)
{
	json_t *j, *c;
	size_t i, others = 0;
	char *cause = NULL;

	a->plan = NULL;
	a->mine = 0;
	if (acct_plan_compute(m, false, false, &a->plan, &cause)) {
		fprintf(stderr, "clusterctl: add-user: %s\n", cause);
		free(cause);
		return -1;
	}
	j = acct_plan_to_json(a->plan);
	json_array_foreach(json_object_get(j, "changes"), i, c) {
		if (change_is_users(c, name))
			a->mine++;
		else
			others++;
	}
	json_decref(j);
	if (!others)
		return 0;
	fprintf(stderr, "clusterctl: add-user: the accounting database has %zu other "
		"pending change%s; review them with 'clusterctl accounting plan %s' "
		"first; nothing was changed\n", others, others == 1 ? "" : "s",
		m->path);
	acct_plan_free(a->plan);
	a->plan = NULL;
	return -1;
}

/*
 * Applies a plan made by add_user_plan_accounting() over the lock's SSH
 * session when there is one (one connection for the whole command).
 * Returns a cl_exit code.
 */
static int add_user_apply_accounting(const struct model *m, const char *name,
				     struct add_user_acct *a, struct acct_lock *lock)
{
	struct acct_ssh *own = NULL, *ssh = acct_lock_ssh(lock);
	char *cause = NULL;
	int rc = CL_OK;

	if (!a->mine) {
		printf("user '%s' is already in the accounting database\n", name);
		return CL_OK;
	}
	if (!ssh)
		ssh = own = acct_ssh_new(m, false);
	if (acct_plan_apply(m, a->plan, acct_ssh_remote, ssh, &cause)) {
		fprintf(stderr, "clusterctl: add-user: %s\n", cause);
		free(cause);
		rc = CL_FATAL;
	} else {
		printf("added user '%s' to the accounting database (%zu change%s)\n",
		       name, a->mine, a->mine == 1 ? "" : "s");
	}
	acct_ssh_free(own);
	return rc;
}

/* The inventory as it will be with the edited text: a site, or a lone one's. */
static struct site *load_edit(const struct add_user_req *r, const struct site *s,
			      const char *target, const struct strbuf *edited,
			      struct diag_list *dl)
{
	struct model *m;

	if (!s->shared) {
		m = inventory_load_override(r->inventory, target, edited->buf, edited->len, dl);
		if (m)
			validate_model(m, dl);
		diag_sort(dl);
		if (m && !diag_errors(dl))
			return site_of_model(m);
		model_free(m);
		return NULL;
	}
	m = inventory_load_site_override(r->inventory, target, edited->buf, edited->len, dl);
	if (!m) {
		diag_sort(dl);
		return NULL;
	}
	return site_load_from(m, dl);
}

/* Loads the edited text as part of the whole inventory (or site), validates it. */
static struct site *validate_edit(const struct add_user_req *r, const struct site *s,
				  const char *target, const struct strbuf *edited)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct site *after = load_edit(r, s, target, edited, &dl);
	const struct model *m;
	const struct user *u;

	if (!after) {
		/* the excerpts show the edited text, not the file on disk */
		diag_set_source(&dl, target, edited->buf, edited->len);
		diag_print(&dl, stderr);
		fprintf(stderr, "clusterctl: add-user: the inventory would not be "
			"valid with user '%s'; nothing was changed\n", r->name);
		diag_release(&dl);
		return NULL;
	}
	m = after->shared ? after->shared : after->clusters[0].m;
	u = model_find_user(m, r->name);
	if (!u || !add_user_req_matches(r, u))
		BUG("the new entry of '%s' did not load as written", r->name);
	diag_release(&dl);
	return after;
}

/* The edited text of real (target's file): the new user spliced in. */
static int edit_file(const struct add_user_req *r, const char *target,
		     const char *real, struct strbuf *edited, struct stat *st)
{
	struct yaml_splice_field fields[ENTRY_FIELDS];
	char *cause = NULL, *text;
	size_t len;
	int rc;

	if (!(text = fileio_read(real, &len, st))) {
		fprintf(stderr, "clusterctl: add-user: cannot read '%s': %s\n", real,
			fileio_strerror(errno));
		return -1;
	}
	entry_fields(r, fields);
	rc = yaml_splice_append(text, len, "users", fields, ARRAY_SIZE(fields),
				edited, &cause);
	if (rc)
		fprintf(stderr, "clusterctl: add-user: %s: %s\n", target, cause);
	free(cause);
	free(text);
	return rc;
}

/* What add-user works on: the site (a lone inventory: a site of one), its clusters picked. */
struct add_user_where {
	const struct site *s;
	const size_t *pick;
	size_t n;
	struct acct_lock **locks;	/* --apply: one per cluster picked */
};

/* The file the new entry goes to: the site file's users: list, or the lone inventory's. */
static const char *edit_target(const struct site *s)
{
	const struct model *m = s->shared ? s->shared : s->clusters[0].m;

	return m->users_loc.file ? m->users_loc.file : m->path;
}

/* Plans and applies the user's rows on every cluster picked of s. */
static int apply_clusters(const struct add_user_where *w, const struct site *s,
			  const char *name)
{
	int rc = CL_OK;

	for (size_t k = 0; k < w->n && rc == CL_OK; k++) {
		const struct model *m = s->clusters[w->pick[k]].m;
		struct add_user_acct acct;

		if (w->n > 1)
			printf("cluster '%s':\n", m->cluster.name);
		if (add_user_plan_accounting(m, name, &acct))
			return CL_FATAL;
		rc = add_user_apply_accounting(m, name, &acct, w->locks[k]);
		acct_plan_free(acct.plan);
	}
	return rc;
}

/* The database side of --apply, planned before the file is written. */
static int plan_clusters(const struct add_user_where *w, const struct site *s,
			 const char *name)
{
	for (size_t k = 0; k < w->n; k++) {
		struct add_user_acct acct;

		if (add_user_plan_accounting(s->clusters[w->pick[k]].m, name, &acct))
			return -1;
		acct_plan_free(acct.plan);
	}
	return 0;
}

static int add_user_edit(const struct add_user_req *r, const struct add_user_where *w)
{
	const char *target = edit_target(w->s);
	struct strbuf edited = STRBUF_INIT;
	struct site *after = NULL;
	struct stat st;
	char *real;
	int rc = CL_FATAL;

	/*
	 * A symlinked inventory (dotfiles, a config repository) is edited
	 * where the link points, and the link stays a link.
	 */
	if (!(real = realpath(target, NULL))) {
		fprintf(stderr, "clusterctl: add-user: cannot read '%s': %s\n", target,
			strerror(errno));
		return CL_FATAL;
	}
	if (edit_file(r, target, real, &edited, &st))
		goto out;
	if (!(after = validate_edit(r, w->s, target, &edited))) {
		rc = CL_INVALID;
		goto out;
	}
	if (r->apply && plan_clusters(w, after, r->name))
		goto out;
	if (fileio_replace(real, edited.buf, edited.len, st.st_mode, st.st_uid,
			   st.st_gid)) {
		fprintf(stderr, "clusterctl: add-user: cannot write '%s': %s\n", real,
			strerror(errno));
		goto out;
	}
	printf("added user '%s' to %s\n", r->name, target);
	rc = r->apply ? apply_clusters(w, after, r->name) : CL_OK;
out:
	free(real);
	strbuf_release(&edited);
	site_free(after);
	return rc;
}

/*
 * The user the site or inventory already has: the site file's (or the
 * lone inventory's); *own: a cluster inventory's own, which add-user
 * leaves to be edited there.
 */
static const struct user *existing(const struct site *s, const char *name, bool *own)
{
	const struct user *u;

	*own = false;
	if (!s->shared)
		return model_find_user(s->clusters[0].m, name);
	if ((u = model_find_user(s->shared, name)))
		return u;
	for (size_t i = 0; i < s->n; i++)
		if ((u = model_find_user(s->clusters[i].m, name))) {
			*own = true;
			return u;
		}
	return NULL;
}

/*
 * Checks the user against each cluster it goes to (1: it cannot be held,
 * said on stderr) and takes their locks for --apply (-1: one could not be
 * taken); 0 when all is ready.
 */
static int add_user_prepare(const struct add_user_req *r, struct add_user_where *w)
{
	char *cause = NULL;

	for (size_t k = 0; k < w->n; k++) {
		const struct site_cluster *c = &w->s->clusters[w->pick[k]];

		if (add_user_req_check(r, c->m)) {
			if (w->s->shared)
				fprintf(stderr, "clusterctl: add-user: (that is cluster '%s' "
					"of the site, where the user's associations go; "
					"--cluster NAME places them)\n", c->name);
			return 1;
		}
	}
	/* --apply writes the databases: under each cluster's lock, planned there */
	for (size_t k = 0; r->apply && k < w->n; k++) {
		const struct model *m = w->s->clusters[w->pick[k]].m;

		if (m->db.host && acct_lock_take(m, NULL, false, &w->locks[k], &cause) < 0) {
			fprintf(stderr, "clusterctl: add-user: %s\n", cause);
			free(cause);
			return -1;
		}
	}
	return 0;
}

static int add_user(struct cmd_ctx *ctx, struct add_user_req *r)
{
	const struct site *s = cmd_load_site(ctx, r->inventory);
	struct add_user_where w = { s, ctx->pick, ctx->n_pick, NULL };
	const struct user *u;
	bool own;
	int rc, prep;

	/* warnings of a valid inventory are not add-user's to show */
	if (!s) {
		diag_print(&ctx->dl, stderr);
		if (ctx->readable && ctx->load_exit == CL_INVALID)
			fprintf(stderr, "clusterctl: add-user: '%s' is not a valid "
				"inventory; fix it first\n", r->inventory);
		return ctx->load_exit;
	}
	/* a site file's entry names the clusters --cluster picked */
	if (s->shared)
		r->clusters = (struct str_list){ ctx->clusters, NULL, ctx->n_clusters };
	w.locks = xcalloc(w.n + 1, sizeof(*w.locks));
	u = existing(s, r->name, &own);
	if ((prep = add_user_prepare(r, &w))) {
		/* a bad name or reference: the inventory with this user is not valid */
		rc = prep > 0 ? CL_INVALID : CL_FATAL;
	} else if (u && !own && add_user_req_matches(r, u)) {
		printf("user '%s' is already in %s with these settings%s\n",
		       r->name, u->loc.file, r->apply ? "" : "; nothing to do");
		rc = r->apply ? apply_clusters(&w, s, r->name) : CL_OK;
	} else if (u) {
		fprintf(stderr, "clusterctl: add-user: user '%s' already exists%s at "
			"%s:%u:%u; edit it there\n", r->name, own ? " in a cluster's "
			"inventory" : " with other settings", u->loc.file, u->loc.line,
			u->loc.col);
		rc = CL_FATAL;
	} else {
		rc = add_user_edit(r, &w);
	}
	for (size_t k = 0; k < w.n; k++)
		acct_lock_release(w.locks[k]);
	free(w.locks);
	return rc;
}

static int cmd_add_user_run(struct cmd_ctx *ctx)
{
	struct add_user_req r = { 0 };
	const char *why = parse_args(&r, ctx);
	int rc;

	if (why)
		rc = cmd_usage(ctx, why);
	else if (add_user_req_load(&r))
		rc = CL_USAGE;
	else
		rc = add_user(ctx, &r);
	add_user_req_release(&r);
	return rc;
}

const struct cmd_entry cmd_add_user_entry = {
	.name = "add-user",
	.summary = "add a user to the inventory file in place",
	.usage = add_user_usage,
	.epilog = add_user_epilog,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY | CMD_KEEP_DIAGNOSTICS,
	.options = add_user_options,
	.help_col = 24,
	.run = cmd_add_user_run,
};
