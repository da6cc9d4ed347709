/*
 * cmd_add_user.c: "clusterctl add-user INVENTORY NAME --account A ...":
 * adds one user to the inventory file in place. Only the new entry's text
 * is inserted: comments, order and formatting of everything else stay
 * byte for byte, and the entry copies the style of the existing users:
 * list (block or flow list, flow or block mapping items, indentation, key
 * order, inner spacing, line endings). The edited text is loaded and
 * validated as part of the whole inventory before anything is written;
 * the write is a temp file in the same directory, same mode and owner,
 * fsync, then rename.
 *
 * Idempotence: the same user with the same settings is "nothing to do"
 * (exit 0, file untouched); the same user with other settings is refused
 * (exit 1): add-user never rewrites an existing entry, edit it by hand.
 */
#include "compat.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "acct.h"
#include "cmd.h"
#include "die.h"
#include "inventory.h"
#include "strbuf.h"
#include "validate.h"
#include "xalloc.h"

static const char *const add_user_usage[] = {
	"clusterctl add-user INVENTORY NAME --account A [--account B]...",
	"          [--default-account A] [--qos Q]... [--admin-level L] [--apply]",
	"          [--overlay FILE]...",
	"",
	"Adds user NAME to the inventory file in place (only the new entry's",
	"lines change; comments and formatting stay), after checking that the",
	"result is a valid inventory. The file is replaced atomically with its",
	"mode and owner; a symlinked inventory is edited where the link points.",
	"",
	"options:",
	"  --account A           an account of the user (repeat, or A,B; required);",
	"                        or one association with its own settings, written",
	"                        as in the inventory: '{account: A, partition: P,",
	"                        qos: [Q], fairshare: N, ...}'",
	"  --default-account A   the default account (default: the first)",
	"  --qos Q               a QoS of the user (repeat, or Q,R)",
	"  --admin-level L       none, operator or administrator",
	"  --apply               also create the user in the accounting database",
	"                        (over SSH, with the inventory's database method):",
	"                        plans the database first and changes nothing, not",
	"                        even the file, when it has other pending changes",
	"                        (review those with 'clusterctl accounting plan')",
	"  --allow-path DIR      files the inventory names (include:, templates,",
	"                        password, TLS, ssh and munge key files) may also",
	"                        lie under DIR (repeatable; or CLUSTERCTL_ALLOW_PATH)",
	"  --overlay FILE        apply FILE on top of INVENTORY when checking the",
	"                        edit (repeatable, docs/overlays.md)",
	"  -h, --help            show this help",
	"",
	"The same user with the same settings changes nothing (exit 0); the",
	"same user with other settings is refused (exit 1).",
	NULL,
};

struct add_user_req {
	const char *inventory, *name;
	struct str_list entries, qos;	/* items are argv strings or strdup'd */
	/* entries loaded as the inventory would: account names, associations */
	struct model *probe;
	const struct user *user;	/* the probe's only user */
	struct str_list accounts;	/* user's account names (borrowed) */
	const char *default_account;
	const char *admin_level;
	bool apply;
	char **owned;			/* pieces of split "A,B" arguments */
	size_t n_owned, alloc_owned;
	size_t alloc_entries, alloc_qos;
};

/* ------------------------------------------------------------------ */
/* arguments                                                           */

static void req_push(struct add_user_req *r, struct str_list *l, size_t *alloc,
		     const char *arg)
{
	const char *p = arg;

	if (l == &r->entries && *arg == '{') {	/* an association: one entry */
		XGROW(l->items, *alloc, l->n + 1);
		l->items[l->n++] = arg;
		return;
	}
	while (*p) {
		size_t n = strcspn(p, ",");
		char *piece;

		if (n) {
			piece = xstrndup(p, n);
			XGROW(r->owned, r->alloc_owned, r->n_owned + 1);
			r->owned[r->n_owned++] = piece;
			XGROW(l->items, *alloc, l->n + 1);
			l->items[l->n++] = piece;
		}
		p += n + (p[n] == ',');
	}
}

static void req_release(struct add_user_req *r)
{
	size_t i;

	for (i = 0; i < r->n_owned; i++)
		free(r->owned[i]);
	free(r->owned);
	free(r->entries.items);
	free(r->qos.items);
	model_free(r->probe);
}

static void add_entry_text(struct strbuf *sb, const char *entry);

/*
 * The --account entries loaded by the inventory's own loader, as the
 * accounts: of one user: names and per-association settings as the edited
 * inventory will hold them. -1 after the loader's messages.
 */
static int load_entries(struct add_user_req *r)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf doc = STRBUF_INIT;

	strbuf_addstr(&doc, "cluster: {name: x, controller: x}\nusers:\n  - name: x\n    accounts:\n");
	for (size_t i = 0; i < r->entries.n; i++) {
		strbuf_addstr(&doc, "      - ");
		add_entry_text(&doc, r->entries.items[i]);
		strbuf_addch(&doc, '\n');
	}
	r->probe = inventory_load_string("--account", doc.buf, doc.len, &dl);
	if (!r->probe || diag_errors(&dl) || r->probe->n_users != 1) {
		diag_set_source(&dl, "--account", doc.buf, doc.len);
		diag_print(&dl, stderr);
		fprintf(stderr, "clusterctl: add-user: --account takes an account name or "
			"an association mapping {account: A, ...}\n");
		diag_release(&dl);
		strbuf_release(&doc);
		return -1;
	}
	r->user = &r->probe->users[0];
	r->accounts = r->user->accounts;
	diag_release(&dl);
	strbuf_release(&doc);
	return 0;
}

static const struct option add_user_options[] = {
	{ "account", required_argument, NULL, 'a' },
	{ "default-account", required_argument, NULL, 'd' },
	{ "qos", required_argument, NULL, 'q' },
	{ "admin-level", required_argument, NULL, 'l' },
	{ "apply", no_argument, NULL, 'x' },
	{ NULL, 0, NULL, 0 },
};

/* The request from ctx's options; NULL, or why it is a usage error. */
static const char *parse_args(struct add_user_req *r, const struct cmd_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->n_opts; i++) {
		const char *v = ctx->opts[i].value;

		switch (ctx->opts[i].c) {
		case 'a': req_push(r, &r->entries, &r->alloc_entries, v); break;
		case 'd': r->default_account = v; break;
		case 'q': req_push(r, &r->qos, &r->alloc_qos, v); break;
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
/* checking the request against the inventory                          */

static const char *const admin_words[] = { "none", "operator", "administrator" };

static int admin_level_of(const char *s)
{
	size_t i;

	for (i = 0; s && i < ARRAY_SIZE(admin_words); i++)
		if (!strcmp(s, admin_words[i]))
			return ADMIN_NONE + (int)i;
	return s ? -1 : ADMIN_NONE;
}

/* Names of one model array (element type starts with its name). */
static const char **names_of(const void *arr, size_t n, size_t stride)
{
	const char **v = xcalloc(n + 1, sizeof(*v));
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = *(const char *const *)((const char *)arr + i * stride);
	return v;
}

static int check_refs(const struct str_list *l, const char *kind,
		      const char **names, size_t n)
{
	size_t i, k;
	int bad = 0;

	for (i = 0; i < l->n; i++) {
		const char *hint;

		for (k = 0; k < n && strcmp(names[k], l->items[i]); k++)
			;
		if (k < n)
			continue;
		hint = diag_suggest(l->items[i], names, n);
		fprintf(stderr, "clusterctl: add-user: unknown %s '%s'%s%s%s\n", kind,
			l->items[i], hint ? " (did you mean '" : "", hint ? hint : "",
			hint ? "'?)" : "");
		bad = -1;
	}
	return bad;
}

static int check_request(const struct add_user_req *r, const struct model *m)
{
	const char **accts = names_of(m->accounts, m->n_accounts, sizeof(*m->accounts));
	const char **qos = names_of(m->qos, m->n_qos, sizeof(*m->qos));
	int bad = 0;

	bad |= check_refs(&r->accounts, "account", accts, m->n_accounts);
	bad |= check_refs(&r->qos, "QoS", qos, m->n_qos);
	if (r->default_account && !str_list_has(&r->accounts, r->default_account)) {
		fprintf(stderr, "clusterctl: add-user: default account '%s' is not "
			"one of --account\n", r->default_account);
		bad = -1;
	}
	if (admin_level_of(r->admin_level) < 0) {
		fprintf(stderr, "clusterctl: add-user: invalid admin level '%s' "
			"(expected none, operator or administrator)\n", r->admin_level);
		bad = -1;
	}
	free(accts);
	free(qos);
	return bad;
}

static bool same_set(const struct str_list *a, const struct str_list *b)
{
	size_t i;

	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++)
		if (!str_list_has(b, a->items[i]))
			return false;
	return true;
}

/* Every association of a is one of b's, settings and all. */
static bool assocs_within(const struct user *a, const struct user *b)
{
	for (size_t i = 0; i < a->accounts.n; i++) {
		size_t j = 0;

		while (j < b->accounts.n && !user_assoc_same(a, i, b, j))
			j++;
		if (j == b->accounts.n)
			return false;
	}
	return true;
}

/* True if u already is what the request asks for. */
static bool user_matches(const struct user *u, const struct add_user_req *r)
{
	const char *want_default = r->default_account ? r->default_account :
							r->accounts.items[0];

	return u->accounts.n == r->user->accounts.n &&
	       assocs_within(u, r->user) && assocs_within(r->user, u) &&
	       same_set(&u->qos, &r->qos) &&
	       !strcmp(user_default_account(u), want_default) &&
	       (int)u->admin_level == admin_level_of(r->admin_level);
}

/* ------------------------------------------------------------------ */
/* text: positions and the new entry                                   */

struct text {
	const char *buf;
	size_t len;
	const char *eol;	/* "\n" or "\r\n", as the file writes them */
};

/* Byte offset of 0-based line/column (columns count characters). */
static size_t text_offset(const struct text *t, unsigned line, unsigned col)
{
	size_t off = 0;

	while (line && off < t->len) {
		const char *nl = memchr(t->buf + off, '\n', t->len - off);

		if (!nl)
			return t->len;
		off = (size_t)(nl - t->buf) + 1;
		line--;
	}
	while (col && off < t->len && t->buf[off] != '\n') {
		off++;
		while (off < t->len && ((unsigned char)t->buf[off] & 0xC0) == 0x80)
			off++;
		col--;
	}
	return off;
}

/* Plain when it is safe, else double-quoted. */
static void add_scalar(struct strbuf *sb, const char *s)
{
	static const char *const special[] = { "true", "false", "yes", "no", "on",
					       "off", "null", "y", "n" };
	const char *p;
	bool plain = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_';
	size_t i;

	for (p = s; plain && *p; p++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			       "0123456789_.-", *p) != NULL;
	for (i = 0; plain && i < ARRAY_SIZE(special); i++)
		plain = strcasecmp(s, special[i]) != 0;
	if (plain) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '"');
	for (p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
}

/* An account name as a scalar; an association mapping as written. */
static void add_entry_text(struct strbuf *sb, const char *entry)
{
	if (*entry == '{')
		strbuf_addstr(sb, entry);
	else
		add_scalar(sb, entry);
}

static void add_flow_list(struct strbuf *sb, const struct str_list *l)
{
	size_t i;

	strbuf_addch(sb, '[');
	for (i = 0; i < l->n; i++) {
		if (i)
			strbuf_addstr(sb, ", ");
		add_entry_text(sb, l->items[i]);
	}
	strbuf_addch(sb, ']');
}

enum field { F_NAME, F_ACCOUNTS, F_DEFAULT_ACCOUNT, F_QOS, F_ADMIN, F_COUNT };
static const char *const field_keys[F_COUNT] = {
	"name", "accounts", "default_account", "qos", "admin_level",
};

static bool field_present(const struct add_user_req *r, enum field f)
{
	switch (f) {
	case F_NAME:
	case F_ACCOUNTS:
		return true;
	case F_DEFAULT_ACCOUNT:
		return r->default_account != NULL;
	case F_QOS:
		return r->qos.n > 0;
	case F_ADMIN:
		return r->admin_level != NULL;
	case F_COUNT:
		break;
	}
	return false;
}

static void add_field_value(struct strbuf *sb, const struct add_user_req *r,
			    enum field f)
{
	if (f == F_NAME)
		add_scalar(sb, r->name);
	else if (f == F_ACCOUNTS)
		add_flow_list(sb, &r->entries);
	else if (f == F_DEFAULT_ACCOUNT)
		add_scalar(sb, r->default_account);
	else if (f == F_QOS)
		add_flow_list(sb, &r->qos);
	else
		add_scalar(sb, r->admin_level);
}

/*
 * The fields in the order the existing entries write them: keys the last
 * entry has come in its order, the rest after in the default order.
 */
static size_t field_order(const struct inventory_list_shape *sh,
			  const struct add_user_req *r, enum field out[F_COUNT])
{
	bool used[F_COUNT] = { false };
	size_t i, n = 0;
	int f;

	for (i = 0; i < sh->n_keys; i++)
		for (f = 0; f < F_COUNT; f++)
			if (!used[f] && !strcmp(sh->keys[i], field_keys[f]) &&
			    field_present(r, f)) {
				used[f] = true;
				out[n++] = f;
			}
	for (f = 0; f < F_COUNT; f++)
		if (!used[f] && field_present(r, f))
			out[n++] = f;
	/* name stays first whatever the others do: it is how people scan */
	for (i = 1; i < n; i++)
		if (out[i] == F_NAME) {
			memmove(&out[1], &out[0], i * sizeof(*out));
			out[0] = F_NAME;
		}
	return n;
}

static void render_flow_entry(struct strbuf *sb, const struct add_user_req *r,
			      const struct inventory_list_shape *sh, bool spaced)
{
	enum field order[F_COUNT];
	size_t i, n = field_order(sh, r, order);

	strbuf_addstr(sb, spaced ? "{ " : "{");
	for (i = 0; i < n; i++) {
		strbuf_addf(sb, "%s%s: ", i ? ", " : "", field_keys[order[i]]);
		add_field_value(sb, r, order[i]);
	}
	strbuf_addstr(sb, spaced ? " }" : "}");
}

static void add_spaces(struct strbuf *sb, unsigned n)
{
	while (n--)
		strbuf_addch(sb, ' ');
}

/* "- name: x" then "  accounts: [...]" lines, keys at the entry's column. */
static void render_block_entry(struct strbuf *sb, const struct add_user_req *r,
			       const struct inventory_list_shape *sh,
			       unsigned dash_col, const char *eol)
{
	enum field order[F_COUNT];
	size_t i, n = field_order(sh, r, order);
	unsigned key_col = sh->item_col > dash_col ? sh->item_col : dash_col + 2;

	for (i = 0; i < n; i++) {
		if (i) {
			add_spaces(sb, key_col);
		} else {
			add_spaces(sb, dash_col);
			strbuf_addch(sb, '-');
			add_spaces(sb, key_col - dash_col - 1);
		}
		strbuf_addf(sb, "%s: ", field_keys[order[i]]);
		add_field_value(sb, r, order[i]);
		strbuf_addstr(sb, eol);
	}
}

/* ------------------------------------------------------------------ */
/* the edit                                                            */

/* out = t with ins inserted at off, replacing del bytes. */
static void text_splice(struct strbuf *out, const struct text *t, size_t off,
		   size_t del, const char *ins)
{
	strbuf_add(out, t->buf, off);
	strbuf_addstr(out, ins);
	strbuf_add(out, t->buf + off + del, t->len - off - del);
}

static void edit_block(struct strbuf *out, const struct text *t,
		       const struct inventory_list_shape *sh,
		       const struct add_user_req *r)
{
	struct strbuf entry = STRBUF_INIT;
	size_t off = text_offset(t, sh->end_line, sh->end_col);
	const char *nl = memchr(t->buf + off, '\n', t->len - off);

	/* after the line where the last entry ends (its comment included) */
	if (nl) {
		off = (size_t)(nl - t->buf) + 1;
	} else {
		off = t->len;
		strbuf_addstr(&entry, t->eol);
	}
	if (sh->item_style == INVENTORY_ITEM_BLOCK_MAP) {
		render_block_entry(&entry, r, sh, sh->value_col, t->eol);
	} else {
		add_spaces(&entry, sh->value_col);
		strbuf_addstr(&entry, "- ");
		render_flow_entry(&entry, r, sh,
				  t->buf[text_offset(t, sh->item_line, sh->item_col) + 1] == ' ');
		strbuf_addstr(&entry, t->eol);
	}
	text_splice(out, t, off, 0, entry.buf);
	strbuf_release(&entry);
}

static void edit_flow(struct strbuf *out, const struct text *t,
		      const struct inventory_list_shape *sh,
		      const struct add_user_req *r)
{
	struct strbuf entry = STRBUF_INIT;
	size_t off;

	if (!sh->n_items) {
		/* "[]": the entry goes just before the closing bracket */
		off = text_offset(t, sh->value_end_line, sh->value_end_col);
		while (off > 0 && t->buf[off - 1] != ']')
			off--;
		off -= off > 0;
		render_flow_entry(&entry, r, sh, false);
	} else {
		off = text_offset(t, sh->end_line, sh->end_col);
		if (sh->item_line != sh->prev_line) {
			strbuf_addf(&entry, ",%s", t->eol);
			add_spaces(&entry, sh->item_col);
		} else {
			strbuf_addstr(&entry, ", ");
		}
		render_flow_entry(&entry, r, sh,
				  t->buf[text_offset(t, sh->item_line, sh->item_col) + 1] == ' ');
	}
	text_splice(out, t, off, 0, entry.buf);
	strbuf_release(&entry);
}

static void edit_text(struct strbuf *out, const struct text *t,
		      const struct inventory_list_shape *sh,
		      const struct add_user_req *r)
{
	struct strbuf entry = STRBUF_INIT;
	size_t start, end;

	switch (sh->style) {
	case INVENTORY_LIST_BLOCK:
		edit_block(out, t, sh, r);
		break;
	case INVENTORY_LIST_FLOW:
		edit_flow(out, t, sh, r);
		break;
	case INVENTORY_LIST_NULL:
		/* "users:" or "users: ~": the value becomes a block list */
		start = text_offset(t, sh->value_line, sh->value_col);
		end = text_offset(t, sh->value_end_line, sh->value_end_col);
		strbuf_addstr(&entry, t->eol);
		add_spaces(&entry, sh->key_col + 2);
		strbuf_addstr(&entry, "- ");
		render_flow_entry(&entry, r, sh, false);
		while (start > 0 && t->buf[start - 1] == ' ')
			start--;
		text_splice(out, t, start, end - start, entry.buf);
		break;
	case INVENTORY_LIST_ABSENT:
		if (t->len && t->buf[t->len - 1] != '\n')
			strbuf_addstr(&entry, t->eol);
		strbuf_addf(&entry, "users:%s  - ", t->eol);
		render_flow_entry(&entry, r, sh, false);
		strbuf_addstr(&entry, t->eol);
		text_splice(out, t, t->len, 0, entry.buf);
		break;
	}
	strbuf_release(&entry);
}

/* ------------------------------------------------------------------ */
/* files                                                               */

static char *read_all(const char *path, size_t *len, struct stat *st)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, st) < 0) {
		fprintf(stderr, "clusterctl: add-user: cannot read '%s': %s\n", path,
			strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		strbuf_add(&sb, buf, (size_t)n);
	close(fd);
	if (n < 0) {
		fprintf(stderr, "clusterctl: add-user: cannot read '%s': %s\n", path,
			strerror(errno));
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, len);
}

/* Temp file next to path, same mode and owner, fsync, rename over path. */
static int write_atomically(const char *path, const char *data, size_t len,
			    const struct stat *st)
{
	const char *slash = strrchr(path, '/');
	char *tmp = xasprintf("%.*s.%s.clusterctl-XXXXXX",
			      slash ? (int)(slash - path + 1) : 0, path,
			      slash ? slash + 1 : path);
	int fd = mkstemp(tmp), r = -1;
	size_t off = 0;

	if (fd < 0)
		goto out;
	if (fchmod(fd, st->st_mode & 07777) < 0)
		goto out;
	/* keep the owner when we can (root editing someone's file) */
	if (fchown(fd, st->st_uid, st->st_gid) < 0 && geteuid() == 0)
		goto out;
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out;
		off += (size_t)n;
	}
	if (fsync(fd) < 0 || close(fd) < 0) {
		fd = -1;
		goto out;
	}
	fd = -1;
	if (rename(tmp, path) < 0)
		goto out;
	r = 0;
out:
	if (r < 0) {
		fprintf(stderr, "clusterctl: add-user: cannot write '%s': %s\n", path,
			strerror(errno));
		unlink(tmp);
	}
	if (fd >= 0)
		close(fd);
	free(tmp);
	return r;
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
	if (acct_plan_compute(m, false, &a->plan, &cause)) {
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

/* Loads the edited text as part of the whole inventory, validates it. */
static struct model *validate_edit(const struct add_user_req *r, const char *target,
				   const struct strbuf *edited)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_override(r->inventory, target, edited->buf,
						  edited->len, &dl);
	const struct user *u;

	if (m)
		validate_model(m, &dl);
	diag_sort(&dl);
	if (!m || diag_errors(&dl)) {
		/* the excerpts show the edited text, not the file on disk */
		diag_set_source(&dl, target, edited->buf, edited->len);
		diag_print(&dl, stderr);
		fprintf(stderr, "clusterctl: add-user: the inventory would not be "
			"valid with user '%s'; nothing was changed\n", r->name);
		goto fail;
	}
	u = model_find_user(m, r->name);
	if (!u || !user_matches(u, r))
		BUG("the new entry of '%s' did not load as written", r->name);
	diag_release(&dl);
	return m;
fail:
	model_free(m);
	diag_release(&dl);
	return NULL;
}

static int add_user_edit(const struct add_user_req *r, const struct model *m,
			 struct acct_lock *lock)
{
	const char *target = m->users_loc.file ? m->users_loc.file : m->path;
	struct inventory_list_shape sh;
	struct strbuf edited = STRBUF_INIT;
	struct model *after = NULL;
	struct text t = { NULL, 0, "\n" };
	struct add_user_acct acct = { NULL, 0 };
	struct stat st;
	char *buf, *real, *cause = NULL;
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
	if (!(buf = read_all(real, &t.len, &st))) {
		free(real);
		return CL_FATAL;
	}
	t.buf = buf;
	if (memmem(buf, t.len, "\r\n", 2))
		t.eol = "\r\n";
	if (inventory_list_shape(buf, t.len, "users", &sh, &cause)) {
		fprintf(stderr, "clusterctl: add-user: %s: %s\n", target, cause);
		goto out;
	}
	edit_text(&edited, &t, &sh, r);
	if (!(after = validate_edit(r, target, &edited))) {
		rc = CL_INVALID;
		goto out;
	}
	if (r->apply && add_user_plan_accounting(after, r->name, &acct))
		goto out;
	if (write_atomically(real, edited.buf, edited.len, &st))
		goto out;
	printf("added user '%s' to %s\n", r->name, target);
	rc = r->apply ? add_user_apply_accounting(after, r->name, &acct, lock) : CL_OK;
out:
	acct_plan_free(acct.plan);
	free(cause);
	free(real);
	free(buf);
	strbuf_release(&edited);
	model_free(after);
	return rc;
}

/* --apply for a user the inventory already has: only the database may change. */
static int add_user_existing_apply(const struct model *m, const char *name,
				   struct acct_lock *lock)
{
	struct add_user_acct acct;
	int rc;

	if (add_user_plan_accounting(m, name, &acct))
		return CL_FATAL;
	rc = add_user_apply_accounting(m, name, &acct, lock);
	acct_plan_free(acct.plan);
	return rc;
}

static int add_user(struct cmd_ctx *ctx, const struct add_user_req *r)
{
	const struct model *m = cmd_load(ctx, r->inventory);
	struct acct_lock *lock = NULL;
	const struct user *u;
	char *cause = NULL;
	int rc;

	/* warnings of a valid inventory are not add-user's to show */
	if (!m) {
		diag_print(&ctx->dl, stderr);
		if (ctx->readable)
			fprintf(stderr, "clusterctl: add-user: '%s' is not a valid "
				"inventory; fix it first\n", r->inventory);
		return CL_INVALID;
	}
	if (check_request(r, m)) {
		rc = CL_FATAL;
	} else if (r->apply && m->db.host &&
		   acct_lock_take(m, NULL, false, &lock, &cause) < 0) {
		/* --apply writes the database: under the cluster lock, planned there */
		fprintf(stderr, "clusterctl: add-user: %s\n", cause);
		free(cause);
		rc = CL_FATAL;
	} else if ((u = model_find_user(m, r->name)) && user_matches(u, r)) {
		printf("user '%s' is already in %s with these settings%s\n",
		       r->name, u->loc.file, r->apply ? "" : "; nothing to do");
		rc = r->apply ? add_user_existing_apply(m, r->name, lock) : CL_OK;
	} else if (u) {
		fprintf(stderr, "clusterctl: add-user: user '%s' already exists with "
			"other settings at %s:%u:%u; edit it there\n", r->name,
			u->loc.file, u->loc.line, u->loc.col);
		rc = CL_FATAL;
	} else {
		rc = add_user_edit(r, m, lock);
	}
	acct_lock_release(lock);
	return rc;
}

static int cmd_add_user_run(struct cmd_ctx *ctx)
{
	struct add_user_req r = { 0 };
	const char *why = parse_args(&r, ctx);
	int rc;

	if (why)
		rc = cmd_usage(ctx, why);
	else if (load_entries(&r))
		rc = CL_USAGE;
	else
		rc = add_user(ctx, &r);
	req_release(&r);
	return rc;
}

const struct cmd_entry cmd_add_user_entry = {
	.name = "add-user",
	.summary = "add a user to the inventory file in place",
	.usage = add_user_usage,
	.flags = CMD_EXIT_CODES | CMD_INVENTORY | CMD_KEEP_DIAGNOSTICS,
	.options = add_user_options,
	.run = cmd_add_user_run,
};
