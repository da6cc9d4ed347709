/*
 * review_items.c: what the inventory itself adds, removes or changes
 * (review.h): hosts (folded by hostlist when the same thing happens to
 * several), node types, partitions, files: entries, and the cluster's
 * own keys that say where things run or what release reads them. The
 * settings those change in Slurm's files are the file section's; these
 * say what the reviewer looks for first.
 */
#include "base/compat.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "slurm/slurmkeys.h"
#include "review/review_items.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

/* What review_items_build() compares, and where it puts what differs. */
struct items_ctx {
	const struct model *base, *head;
	struct review_itemset *out;
};

static void add_item(struct items_ctx *r, enum review_kind kind, enum review_op op,
		     const char *name, const char *old, const char *new)
{
	struct review_itemset *s = r->out;

	XGROW(s->v, s->alloc, s->n + 1);
	s->v[s->n++] = (struct review_item){
		kind, op, xstrdup(name), old ? xstrdup(old) : NULL,
		new ? xstrdup(new) : NULL };
}

/* ---- hosts ---- */

/* "type fake2; roles compute" (and "; managed: false"). Caller frees. */
static char *host_text(const struct host *h)
{
	struct strbuf sb = STRBUF_INIT;
	const char *sep = "";

	if (h->type_name)
		strbuf_addf(&sb, "type %s; ", h->type_name);
	strbuf_addstr(&sb, "roles ");
	for (unsigned i = 0; model_role_name(i); i++)
		if (h->roles & (1u << i)) {
			strbuf_addf(&sb, "%s%s", sep, model_role_name(i));
			sep = ",";
		}
	if (!*sep)
		strbuf_addstr(&sb, "none");
	if (h->scope == HOST_DECLARED)
		strbuf_addstr(&sb, "; managed: false");
	return strbuf_detach(&sb, NULL);
}

/* One host's change before folding. */
struct host_change {
	enum review_op op;
	const char *name;
	char *old, *new;	/* owned */
};

static int cmp_host_change(const void *a, const void *b)
{
	const struct host_change *x = a, *y = b;
	int c = (int)x->op - (int)y->op;

	if (!c)
		c = strcmp(x->old ? x->old : "", y->old ? y->old : "");
	if (!c)
		c = strcmp(x->new ? x->new : "", y->new ? y->new : "");
	return c ? c : strcmp(x->name, y->name);
}

static bool same_change(const struct host_change *x, const struct host_change *y)
{
	return x->op == y->op && !strcmp(x->old ? x->old : "", y->old ? y->old : "") &&
	       !strcmp(x->new ? x->new : "", y->new ? y->new : "");
}

/* Every host's change, one item per group of hosts with the same one. */
static void fold_hosts(struct items_ctx *r, struct host_change *v, size_t n)
{
	const char **names = xcalloc(n + 1, sizeof(*names));

	if (n)
		xqsort(v, n, sizeof(*v), cmp_host_change);
	for (size_t i = 0, j; i < n; i = j) {
		char *hl;

		for (j = i; j < n && same_change(&v[i], &v[j]); j++)
			names[j - i] = v[j].name;
		hl = hostlist_compress(names, j - i);
		add_item(r, REVIEW_HOST, v[i].op, hl, v[i].old, v[i].new);
		free(hl);
	}
	for (size_t i = 0; i < n; i++) {
		free(v[i].old);
		free(v[i].new);
	}
	free(names);
}

static void review_hosts(struct items_ctx *r)
{
	const struct model *b = r->base, *h = r->head;
	size_t nb = model_n_declared(b), nh = model_n_declared(h), n = 0;
	struct host_change *v = xcalloc(nb + nh + 1, sizeof(*v));

	for (size_t i = 0; i < nh; i++) {
		const struct host *hh = &h->hosts[i], *bh = model_find_host(b, hh->name);
		char *now = host_text(hh), *was = bh ? host_text(bh) : NULL;

		if (was && !strcmp(was, now)) {
			free(was);
			free(now);
			continue;
		}
		v[n++] = (struct host_change){ bh ? REVIEW_CHANGED : REVIEW_ADDED,
					       hh->name, was, now };
	}
	for (size_t i = 0; i < nb; i++)
		if (!model_find_host(h, b->hosts[i].name))
			v[n++] = (struct host_change){ REVIEW_REMOVED, b->hosts[i].name,
						       host_text(&b->hosts[i]), NULL };
	fold_hosts(r, v, n);
	free(v);
}

/* ---- named lists: node types, partitions, files: entries ---- */

/* Names at base[i * size + off] (a const char * member) of n elements. */
struct named {
	const void *v;
	size_t n, size, off;
};

static const char *name_at(const struct named *l, size_t i)
{
	return *(const char *const *)((const char *)l->v + i * l->size + l->off);
}

static bool has_name(const struct named *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(name_at(l, i), name))
			return true;
	return false;
}

static void review_named(struct items_ctx *r, enum review_kind kind,
			 const struct named *base, const struct named *head)
{
	for (size_t i = 0; i < head->n; i++)
		if (!has_name(base, name_at(head, i)))
			add_item(r, kind, REVIEW_ADDED, name_at(head, i), NULL, NULL);
	for (size_t i = 0; i < base->n; i++)
		if (!has_name(head, name_at(base, i)))
			add_item(r, kind, REVIEW_REMOVED, name_at(base, i), NULL, NULL);
}

#define NAMED(m, arr, n, member) \
	{ (m)->arr, (m)->n, sizeof(*(m)->arr), offsetof(__typeof__(*(m)->arr), member) }

static void review_lists(struct items_ctx *r)
{
	const struct model *b = r->base, *h = r->head;
	struct named bt = NAMED(b, node_types, n_node_types, name);
	struct named ht = NAMED(h, node_types, n_node_types, name);
	struct named bp = NAMED(b, partitions, n_partitions, name);
	struct named hp = NAMED(h, partitions, n_partitions, name);
	struct named bf = NAMED(b, files, n_files, path);
	struct named hf = NAMED(h, files, n_files, path);

	review_named(r, REVIEW_NODE_TYPE, &bt, &ht);
	review_named(r, REVIEW_PARTITION, &bp, &hp);
	review_named(r, REVIEW_FILE, &bf, &hf);
}

/* ---- the cluster's keys ---- */

static const char *mode_name(enum config_mode c)
{
	return c == CONFIG_CONFIGLESS ? "configless" : "push";
}

static void cluster_key(struct items_ctx *r, const char *key, const char *old,
			const char *new)
{
	if (!old && !new)
		return;
	if (old && new && !strcmp(old, new))
		return;
	add_item(r, REVIEW_CLUSTER, REVIEW_CHANGED, key, old, new);
}

static void cluster_id(struct items_ctx *r, const char *key, long long old, long long new)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%lld", old);
	snprintf(b, sizeof(b), "%lld", new);
	cluster_key(r, key, old < 0 ? NULL : a, new < 0 ? NULL : b);
}

/*
 * A password passed through to a Slurm file (AccountingStoragePass ...):
 * rendered files hold a placeholder on both sides, so only the
 * inventories tell that it changes; never what it is.
 */
static void secret_keys(struct items_ctx *r, const char *file, const struct kv_list *b,
			const struct kv_list *h)
{
	for (size_t i = 0; i < b->n + h->n; i++) {
		const struct kv *kv = i < b->n ? &b->items[i] : &h->items[i - b->n];
		const char *was = kv_get(b, kv->key), *now = kv_get(h, kv->key);
		char *name;

		if (!slurmkeys_is_secret(kv->key) || (i >= b->n && was) ||
		    (was && now && !strcmp(was, now)))
			continue;
		name = xasprintf("%s.%s", file, kv->key);
		add_item(r, REVIEW_CLUSTER, REVIEW_CHANGED, name, was ? "(a secret)" : NULL,
			 now ? (was ? "(another secret)" : "(a secret)") : NULL);
		free(name);
	}
}

/*
 * A path the loader resolved against m's directory, as the inventory
 * wrote it: BASE read from a git revision lies elsewhere on this machine.
 */
static const char *as_written(const struct model *m, const char *path)
{
	size_t n = m->dir ? strlen(m->dir) : 0;

	if (path && n && !strncmp(path, m->dir, n) && path[n] == '/')
		return path + n + 1;
	return path;
}

/*
 * The keys whose change the files alone do not tell: the release that
 * reads them, where daemons run, the service users' ids (a renumbering)
 * and the munge key's source.
 */
static void review_cluster(struct items_ctx *r)
{
	const struct cluster *b = &r->base->cluster, *h = &r->head->cluster;

	cluster_key(r, "name", b->name, h->name);
	cluster_key(r, "slurm_version", b->slurm_version, h->slurm_version);
	cluster_key(r, "config_mode", mode_name(b->config_mode), mode_name(h->config_mode));
	cluster_key(r, "controller", b->controller, h->controller);
	cluster_key(r, "backup_controller", b->backup_controller, h->backup_controller);
	cluster_key(r, "accounting_host", b->accounting_host, h->accounting_host);
	cluster_id(r, "slurm_user.uid", b->slurm_user.uid, h->slurm_user.uid);
	cluster_id(r, "slurm_user.gid", b->slurm_user.gid, h->slurm_user.gid);
	cluster_id(r, "munge_user.uid", b->munge_user.uid, h->munge_user.uid);
	cluster_id(r, "munge_user.gid", b->munge_user.gid, h->munge_user.gid);
	cluster_key(r, "munge_key_source", as_written(r->base, b->munge_key_source),
		    as_written(r->head, h->munge_key_source));
	cluster_key(r, "template_dir", as_written(r->base, b->template_dir),
		    as_written(r->head, h->template_dir));
	cluster_key(r, "database.host", r->base->db.host, r->head->db.host);
	secret_keys(r, "slurm_conf", &b->slurm_conf, &h->slurm_conf);
	secret_keys(r, "slurmdbd_conf", &b->slurmdbd_conf, &h->slurmdbd_conf);
	secret_keys(r, "cgroup_conf", &b->cgroup_conf, &h->cgroup_conf);
}

void review_items_build(const struct model *base, const struct model *head,
			struct review_itemset *out)
{
	struct items_ctx r = { base, head, out };

	review_cluster(&r);
	review_hosts(&r);
	review_lists(&r);
}

void review_items_release(struct review_itemset *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].old);
		free(s->v[i].new);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}
