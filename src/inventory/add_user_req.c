/*
 * add_user_req.c: what "clusterctl add-user" is asked to add (add_user_req.h):
 * the --account and --qos values split as the command line writes them,
 * the accounts loaded by the inventory's own loader, the checks against
 * the inventory and whether an existing user already is what is asked.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inventory/add_user_req.h"
#include "base/diag.h"
#include "inventory/inventory.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/yaml_splice.h"
#include "inventory/model.h"

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

void add_user_req_release(struct add_user_req *r)
{
	size_t i;

	for (i = 0; i < r->n_owned; i++)
		free(r->owned[i]);
	free(r->owned);
	free(r->entries.items);
	free(r->qos.items);
	model_free(r->probe);
}

void add_user_req_account(struct add_user_req *r, const char *arg)
{
	req_push(r, &r->entries, &r->alloc_entries, arg);
}

void add_user_req_qos(struct add_user_req *r, const char *arg)
{
	req_push(r, &r->qos, &r->alloc_qos, arg);
}

int add_user_req_load(struct add_user_req *r)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf doc = STRBUF_INIT;

	strbuf_addstr(&doc, "cluster: {name: x, controller: x}\nusers:\n  - name: x\n    accounts:\n");
	for (size_t i = 0; i < r->entries.n; i++) {
		strbuf_addstr(&doc, "      - ");
		yaml_splice_item(&doc, r->entries.items[i]);
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

/* ---- checking the request against the inventory ---- */

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

int add_user_req_check(const struct add_user_req *r, const struct model *m)
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

bool add_user_req_matches(const struct add_user_req *r, const struct user *u)
{
	const char *want_default = r->default_account ? r->default_account :
							r->accounts.items[0];

	return u->accounts.n == r->user->accounts.n &&
	       assocs_within(u, r->user) && assocs_within(r->user, u) &&
	       same_set(&u->qos, &r->qos) && same_set(&u->clusters, &r->clusters) &&
	       !strcmp(user_default_account(u), want_default) &&
	       (int)u->admin_level == admin_level_of(r->admin_level);
}
