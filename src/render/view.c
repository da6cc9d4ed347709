/*
 * view.c: model -> one JSON context per config file. This is where clusterctl
 * decides what an admin would have written: Debian's paths and Slurm's
 * defaults written out explicitly, pass-through keys overriding them (a
 * default whose key the inventory passes through is left out so the site's
 * value appears once, in the "site" section), AccountingStorageTRES merged
 * with the GPU types, and NodeName/PartitionName/gres lines folded into the
 * fewest hostlist ranges. Output order only depends on the model's order.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/hostlist.h"
#include "render/render.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "render/view.h"
#include "base/xalloc.h"

/* ---- small helpers ---- */

static void set_str(json_t *obj, const char *key, const char *value)
{
	if (value && *value)
		json_object_set_new(obj, key, json_string(value));
}

/* Sets key to the decimal number when it is given (> 0 or >= 0 with zero_ok). */
static void set_num(json_t *obj, const char *key, long long v, bool zero_ok)
{
	char buf[32];

	if (v < 0 || (v == 0 && !zero_ok))
		return;
	snprintf(buf, sizeof(buf), "%lld", v);
	json_object_set_new(obj, key, json_string(buf));
}

static char *join_list(const struct str_list *l, const char *sep)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (i)
			strbuf_addstr(&sb, sep);
		strbuf_addstr(&sb, l->items[i]);
	}
	return strbuf_detach(&sb, NULL);
}

static void set_list(json_t *obj, const char *key, const struct str_list *l)
{
	char *s;

	if (!l->n)
		return;
	s = join_list(l, ",");
	set_str(obj, key, s);
	free(s);
}

static json_t *kv_pair(const char *key, const char *value)
{
	json_t *o = json_object();

	json_object_set_new(o, "key", json_string(key));
	json_object_set_new(o, "value", json_string(value));
	return o;
}

static bool kv_has_nocase(const struct kv_list *kv, const char *key)
{
	size_t i;

	for (i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, key))
			return true;
	return false;
}

static const char *kv_get_nocase(const struct kv_list *kv, const char *key)
{
	size_t i;

	for (i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, key))
			return kv->items[i].value;
	return NULL;
}

/*
 * Appends key=value to a settings array unless the site passes the key
 * through itself (Slurm keys are case-insensitive): the site's value then
 * appears in the "site" section instead, exactly once.
 */
static void setting(json_t *arr, const struct kv_list *pass, const char *key,
		    const char *value)
{
	if (!value || kv_has_nocase(pass, key))
		return;
	json_array_append_new(arr, kv_pair(key, value));
}

static void setting_num(json_t *arr, const struct kv_list *pass,
			const char *key, long long v, long long dflt)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v >= 0 ? v : dflt);
	setting(arr, pass, key, buf);
}

/* The pass-through entries in inventory order, minus keys in skip[]. */
static json_t *site_settings(const struct kv_list *pass,
			     const char *const *skip)
{
	json_t *arr = json_array();
	size_t i, j;

	for (i = 0; i < pass->n; i++) {
		bool skipped = false;

		for (j = 0; skip && skip[j]; j++)
			if (!strcasecmp(pass->items[i].key, skip[j]))
				skipped = true;
		if (skipped)
			continue;
		if (slurmkeys_is_secret(pass->items[i].key)) {
			/* the value goes in at apply (render.h) */
			char *ph = xasprintf(RENDER_SECRET_VALUE_PREFIX "%s@",
					     pass->items[i].key);

			json_array_append_new(arr, kv_pair(pass->items[i].key, ph));
			free(ph);
		} else {
			json_array_append_new(arr, kv_pair(pass->items[i].key,
							   pass->items[i].value));
		}
	}
	return arr;
}

static json_t *extra_list(const struct kv_list *kv)
{
	return site_settings(kv, NULL);
}

/*
 * The node type of a compute host: resolved by validate, or looked up by
 * name so a model straight from the loader renders the same.
 */
static const struct node_type *host_type(const struct model *m,
					 const struct host *h)
{
	if (h->type)
		return h->type;
	return h->type_name ? model_find_node_type(m, h->type_name) : NULL;
}

static bool is_compute(const struct model *m, const struct host *h)
{
	return host_type(m, h) != NULL;
}

/*
 * The address the site gives controller name for Slurm apart from its
 * host's (cluster.controller_address, backup_controller_address), or NULL.
 */
static const char *ctld_site_addr(const struct cluster *c, const char *name)
{
	if (c->controller && !strcmp(name, c->controller))
		return c->controller_address;
	if (c->backup_controller && !strcmp(name, c->backup_controller))
		return c->backup_controller_address;
	return NULL;
}

/*
 * The address Slurm reaches controller name by, or NULL for the name alone:
 * the site's (ctld_site_addr()), else the host's own unless the inventory
 * says the name alone (cluster.slurmctld_host: name, a site whose nodes
 * resolve the name themselves). Borrowed from the model.
 */
static const char *ctld_addr(const struct model *m, const char *name)
{
	const struct host *h = model_find_host(m, name);
	const char *site = ctld_site_addr(&m->cluster, name);

	if (site)
		return site;
	if (h && h->address && m->cluster.slurmctld_host == CTLD_HOST_ADDRESS)
		return h->address;
	return NULL;
}

/* "name(address)" or "name", as SlurmctldHost wants it (ctld_addr()). */
static char *ctld_host(const struct model *m, const char *name)
{
	const char *addr = ctld_addr(m, name);

	return addr ? xasprintf("%s(%s)", name, addr) : xstrdup(name);
}

/* ---- AccountingStorageTRES ---- */

static void tres_add(struct strbuf *sb, const char *item, size_t len)
{
	const char *p = sb->buf;

	while (*p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == len && !strncasecmp(p, item, len))
			return;
		p += n + (end ? 1 : 0);
	}
	if (sb->len)
		strbuf_addch(sb, ',');
	strbuf_add(sb, item, len);
}

static bool node_type_used(const struct model *m, const struct node_type *nt)
{
	size_t i;

	for (i = 0; i < model_n_declared(m); i++)
		if (host_type(m, &m->hosts[i]) == nt)
			return true;
	return false;
}

static bool kv_has_key(const struct kv_list *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcasecmp(l->items[i].key, key))
			return true;
	return false;
}

/* Whether a QoS, account, user or user-account limit names the TRES item. */
static bool tres_limited(const struct model *m, const char *item)
{
	for (size_t i = 0; i < m->n_qos; i++) {
		const struct qos *q = &m->qos[i];
		const struct kv_list *l[] = { &q->max_tres_per_user, &q->max_tres_per_job,
			&q->max_tres_per_account, &q->max_tres_per_node,
			&q->min_tres_per_job, &q->grp_tres };

		for (size_t k = 0; k < ARRAY_SIZE(l); k++)
			if (kv_has_key(l[k], item))
				return true;
	}
	for (size_t i = 0; i < m->n_accounts; i++) {
		const struct account *a = &m->accounts[i];

		if (kv_has_key(&a->grp_tres, item) || kv_has_key(&a->max_tres_per_job, item) ||
		    kv_has_key(&a->max_tres_per_node, item))
			return true;
	}
	for (size_t i = 0; i < m->n_users; i++) {
		const struct user *u = &m->users[i];

		if (kv_has_key(&u->grp_tres, item) || kv_has_key(&u->max_tres_per_job, item))
			return true;
		for (size_t j = 0; u->assocs && j < u->accounts.n; j++)
			if (kv_has_key(&u->assocs[j].grp_tres, item) ||
			    kv_has_key(&u->assocs[j].max_tres_per_job, item))
				return true;
	}
	return false;
}

/*
 * gres/gpu for the GPUs of node types some host uses; gres/gpu:<type> only
 * where a limit names it: every TRES slurmctld registers is a row in the
 * database's tres_table for good, so none is added that nothing asked for
 * (a site that wants one lists it in AccountingStorageTRES).
 */
static void tres_add_gpu_types(struct strbuf *sb, const struct model *m)
{
	size_t t, g;

	for (t = 0; t < m->n_node_types; t++) {
		const struct node_type *nt = &m->node_types[t];

		if (!nt->n_gpus || !node_type_used(m, nt))
			continue;
		for (g = 0; g < nt->n_gpus; g++) {
			char *item;

			tres_add(sb, "gres/gpu", 8);
			if (!nt->gpus[g].type)
				continue;
			item = xasprintf("gres/gpu:%s", nt->gpus[g].type);
			if (tres_limited(m, item))
				tres_add(sb, item, strlen(item));
			free(item);
		}
	}
}

char *view_accounting_tres(const struct model *m)
{
	struct strbuf sb = STRBUF_INIT;
	const char *pass = kv_get_nocase(&m->cluster.slurm_conf,
					 "AccountingStorageTRES");

	while (pass && *pass) {
		const char *end = strchr(pass, ',');
		size_t len = end ? (size_t)(end - pass) : strlen(pass);

		if (len)
			tres_add(&sb, pass, len);
		pass += len + (end ? 1 : 0);
	}
	tres_add_gpu_types(&sb, m);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/* ---- folding hosts into hostlist ranges ---- */

/* A name split around its last run of digits: "gpu017-ib" = "gpu", 17 (3 digits). */
struct numbered {
	size_t prefix_len;	/* bytes before the digits */
	size_t digits;		/* number of digits; 0 when none */
	unsigned long long num;
};

static struct numbered split_number(const char *s)
{
	struct numbered r = { 0, 0, 0 };
	size_t len = strlen(s), end = len, start;

	while (end && !(s[end - 1] >= '0' && s[end - 1] <= '9'))
		end--;
	start = end;
	while (start && s[start - 1] >= '0' && s[start - 1] <= '9')
		start--;
	if (start == end || end - start > 18)
		return r;
	r.prefix_len = start;
	r.digits = end - start;
	r.num = strtoull(s + start, NULL, 10);
	return r;
}

/*
 * True if b is the name right after a in a hostlist range: same prefix and
 * suffix, number plus one, and the padding a range would print.
 */
static bool is_successor(const char *a, const char *b)
{
	struct numbered na = split_number(a), nb = split_number(b);
	char want[32];

	/* only trailing numbers: hostlist_compress() folds nothing else */
	if (!na.digits || !nb.digits || na.prefix_len != nb.prefix_len ||
	    strncmp(a, b, na.prefix_len) || a[na.prefix_len + na.digits] ||
	    b[nb.prefix_len + nb.digits])
		return false;
	snprintf(want, sizeof(want), "%0*llu", (int)na.digits, na.num + 1);
	return nb.digits == strlen(want) &&
	       !strncmp(b + nb.prefix_len, want, nb.digits);
}

static char *compress_names(const char *const *names, size_t n)
{
	return hostlist_compress(names, n);
}

/* Index of the hosts of one NodeName definition, in model order. */
struct host_group {
	const char *sig;	/* borrowed from the signature array */
	size_t *idx;
	size_t n, alloc;
	size_t first_seq;	/* inventory position of its first host */
};

/* What makes two hosts share a NodeName line: type and per-host keys. */
static char *node_signature(const struct model *m, const struct host *h)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "%s\x1f%lld", host_type(m, h)->name, h->slurmd_port);
	for (i = 0; i < h->extra.n; i++)
		strbuf_addf(&sb, "\x1f%s=%s", h->extra.items[i].key,
			    h->extra.items[i].value);
	return strbuf_detach(&sb, NULL);
}

struct sig_ref {
	const char *sig;
	size_t idx;
	size_t seq;		/* the host's inventory position, managed or not */
};

static int sig_ref_cmp(const void *a, const void *b)
{
	const struct sig_ref *x = a, *y = b;
	int c = strcmp(x->sig, y->sig);

	if (c)
		return c;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int group_cmp(const void *a, const void *b)
{
	const struct host_group *x = a, *y = b;

	if (x->first_seq != y->first_seq)
		return x->first_seq < y->first_seq ? -1 : 1;
	return x->idx[0] < y->idx[0] ? -1 : x->idx[0] > y->idx[0];
}

/*
 * Groups the compute hosts by signature (sorting, so 10,000 hosts stay
 * cheap); groups come out ordered by their first host in the model.
 * sigs[i] is filled for compute hosts and must be freed by the caller.
 */
static struct host_group *group_hosts(const struct model *m, char **sigs,
				      bool by_type_only, size_t *n_groups)
{
	struct sig_ref *refs = xcalloc(model_n_declared(m) + 1, sizeof(*refs));
	struct host_group *groups = NULL;
	size_t i, n = 0, ng = 0, alloc = 0;

	for (i = 0; i < model_n_declared(m); i++) {
		const struct host *h = &m->hosts[i];

		if (!is_compute(m, h))
			continue;
		sigs[i] = by_type_only ? xstrdup(host_type(m, h)->name)
				       : node_signature(m, h);
		refs[n].sig = sigs[i];
		refs[n].seq = h->seq;
		refs[n++].idx = i;
	}
	xqsort(refs, n, sizeof(*refs), sig_ref_cmp);
	for (i = 0; i < n; i++) {
		struct host_group *g;

		if (!ng || strcmp(groups[ng - 1].sig, refs[i].sig)) {
			XGROW(groups, alloc, ng + 1);
			groups[ng++] = (struct host_group){ refs[i].sig, NULL, 0, 0,
							    refs[i].seq };
		}
		g = &groups[ng - 1];
		XGROW(g->idx, g->alloc, g->n + 1);
		g->idx[g->n++] = refs[i].idx;
	}
	free(refs);
	xqsort(groups, ng, sizeof(*groups), group_cmp);
	*n_groups = ng;
	return groups;
}

static void groups_free(struct host_group *groups, size_t n, char **sigs,
			size_t n_sigs)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(groups[i].idx);
	free(groups);
	for (i = 0; i < n_sigs; i++)
		free(sigs[i]);
	free(sigs);
}

/* One folded line: hosts idx[0..n) of the model. */
struct fold_run {
	size_t first;		/* position in the group */
	size_t n;
	bool addressed;
};

/*
 * Splits a group into runs a single NodeName line can carry. Hosts without
 * an address fold into one run whatever their names; hosts with addresses
 * fold while both names and addresses count up together, because Slurm
 * pairs the n-th name with the n-th NodeAddr of the expanded ranges.
 */
static struct fold_run *fold_group(const struct model *m,
				   const struct host_group *g, size_t *n_runs)
{
	struct fold_run *runs = NULL;
	size_t i, nr = 0, alloc = 0;
	bool plain_seen = false;

	for (i = 0; i < g->n; i++) {
		const struct host *h = &m->hosts[g->idx[i]];

		if (!h->address) {
			plain_seen = true;
			continue;
		}
		if (nr && runs[nr - 1].addressed) {
			const struct host *prev =
				&m->hosts[g->idx[runs[nr - 1].first +
						 runs[nr - 1].n - 1]];

			if (runs[nr - 1].first + runs[nr - 1].n == i &&
			    is_successor(prev->name, h->name) &&
			    is_successor(prev->address, h->address)) {
				runs[nr - 1].n++;
				continue;
			}
		}
		XGROW(runs, alloc, nr + 1);
		runs[nr++] = (struct fold_run){ i, 1, true };
	}
	if (plain_seen) {
		/* the address-less hosts go first: the group starts with its first host */
		XGROW(runs, alloc, nr + 1);
		memmove(runs + 1, runs, nr * sizeof(*runs));
		runs[0] = (struct fold_run){ 0, 0, false };
		nr++;
	}
	*n_runs = nr;
	return runs;
}

/* The folded names (and addresses) of a run; caller frees both. */
static void run_names(const struct model *m, const struct host_group *g,
		      const struct fold_run *r, char **names, char **addrs)
{
	const char **list = xcalloc(g->n + 1, sizeof(*list));
	const char **alist = xcalloc(g->n + 1, sizeof(*alist));
	size_t i, n = 0;

	for (i = 0; i < g->n; i++) {
		const struct host *h = &m->hosts[g->idx[i]];

		if (r->addressed ? (i < r->first || i >= r->first + r->n)
				 : h->address != NULL)
			continue;
		list[n] = h->name;
		alist[n++] = h->address;
	}
	*names = compress_names(list, n);
	*addrs = r->addressed ? compress_names(alist, n) : NULL;
	free(list);
	free(alist);
}

/* ---- slurm.conf ---- */

static void gres_item(struct strbuf *sb, const char *name, const char *type,
		      long long count)
{
	if (sb->len)
		strbuf_addch(sb, ',');
	strbuf_addf(sb, "%s:", name);
	if (type)
		strbuf_addf(sb, "%s:", type);
	strbuf_addf(sb, "%lld", count);
}

static char *gres_string(const struct node_type *nt)
{
	struct strbuf sb = STRBUF_INIT;
	size_t g;

	/* one item per GPU type, its entries (gres.conf lines) summed */
	for (g = 0; g < nt->n_gpus; g++)
		if (model_gpu_first_of_type(nt, g))
			gres_item(&sb, "gpu", nt->gpus[g].type, model_gpu_type_count(nt, g));
	/* then the other GRES, one item per name and type, in their order */
	for (g = 0; g < nt->n_gres; g++)
		if (model_gres_first_of_kind(nt, g))
			gres_item(&sb, nt->gres[g].name, nt->gres[g].type,
				  model_gres_kind_count(nt, g));
	return strbuf_detach(&sb, NULL);
}

static json_t *node_line(const struct model *m, const struct host *h,
			 const char *names, const char *addrs)
{
	const struct node_type *nt = host_type(m, h);
	json_t *o = json_object(), *extra, *host_extra;
	char *s;

	set_str(o, "name", names);
	set_str(o, "addr", addrs);
	set_num(o, "cpus", nt->cpus, false);
	set_num(o, "boards", nt->boards, false);
	/* with Boards, Slurm wants the per-board count under its own key */
	set_num(o, nt->boards > 0 ? "sockets_per_board" : "sockets",
		nt->sockets, false);
	set_num(o, "cores_per_socket", nt->cores_per_socket, false);
	set_num(o, "threads_per_core", nt->threads_per_core, false);
	set_num(o, "real_memory", nt->memory_mb, false);
	set_num(o, "tmp_disk", nt->tmp_disk_mb, true);
	set_num(o, "weight", nt->weight, true);
	set_list(o, "feature", &nt->features);
	s = gres_string(nt);
	set_str(o, "gres", s);
	free(s);
	set_num(o, "port", h->slurmd_port, false);
	extra = extra_list(&nt->extra);
	host_extra = extra_list(&h->extra);
	json_array_extend(extra, host_extra);	/* does not steal */
	json_decref(host_extra);
	json_object_set_new(o, "extra", extra);
	return o;
}

static void add_group_lines(const struct model *m, const struct host_group *g,
			    json_t *nodes)
{
	struct fold_run *runs;
	size_t r, n_runs;

	runs = fold_group(m, g, &n_runs);
	for (r = 0; r < n_runs; r++) {
		char *names, *addrs;
		const struct host *h = &m->hosts[g->idx[runs[r].first]];

		run_names(m, g, &runs[r], &names, &addrs);
		json_array_append_new(nodes, node_line(m, h, names, addrs));
		free(names);
		free(addrs);
	}
	free(runs);
}

static json_t *node_lines(const struct model *m)
{
	char **sigs = xcalloc(model_n_declared(m) + 1, sizeof(*sigs));
	struct host_group *groups;
	json_t *nodes = json_array();
	size_t i, ng;

	groups = group_hosts(m, sigs, false, &ng);
	for (i = 0; i < ng; i++)
		add_group_lines(m, &groups[i], nodes);
	groups_free(groups, ng, sigs, model_n_declared(m));
	return nodes;
}

/* Partition Nodes=: "ALL" as written, else the expression folded anew. */
static int partition_nodes(const struct partition *p, char **out, char **cause)
{
	struct hostlist hl = HOSTLIST_INIT;

	*out = NULL;
	if (!p->nodes)
		return 0;
	if (!strcasecmp(p->nodes, "ALL")) {
		*out = xstrdup("ALL");
		return 0;
	}
	if (hostlist_expand(p->nodes, &hl, cause) < 0) {
		char *inner = *cause;

		*cause = xasprintf("partition '%s': %s", p->name, inner);
		free(inner);
		hostlist_release(&hl);
		return -1;
	}
	*out = compress_names((const char *const *)hl.names, hl.n);
	hostlist_release(&hl);
	return 0;
}

static json_t *partition_line(const struct partition *p, const char *nodes)
{
	json_t *o = json_object();

	set_str(o, "name", p->name);
	set_str(o, "nodes", nodes);
	if (p->is_default)
		json_object_set_new(o, "default", json_true());
	set_str(o, "max_time", p->max_time);
	set_str(o, "default_time", p->default_time);
	set_num(o, "priority_tier", p->priority_tier, true);
	set_num(o, "priority_job_factor", p->priority_job_factor, true);
	set_str(o, "qos", p->qos);
	set_list(o, "allow_accounts", &p->allow_accounts);
	set_list(o, "deny_accounts", &p->deny_accounts);
	set_list(o, "allow_qos", &p->allow_qos);
	set_list(o, "allow_groups", &p->allow_groups);
	set_str(o, "preempt_mode", p->preempt_mode);
	set_str(o, "oversubscribe", p->oversubscribe);
	set_num(o, "max_nodes", p->max_nodes, false);
	set_str(o, "state", p->state ? p->state : "UP");
	json_object_set_new(o, "extra", extra_list(&p->extra));
	return o;
}

static json_t *partition_lines(const struct model *m, char **cause)
{
	json_t *parts = json_array();
	size_t i;

	for (i = 0; i < m->n_partitions; i++) {
		char *nodes;

		if (partition_nodes(&m->partitions[i], &nodes, cause) < 0) {
			json_decref(parts);
			return NULL;
		}
		json_array_append_new(parts,
				      partition_line(&m->partitions[i], nodes));
		free(nodes);
	}
	return parts;
}

/* Defaults an admin would write out: Debian's paths and Slurm's values. */
struct default_setting {
	const char *key, *value;
};

/*
 * What clusterctl writes where the inventory says nothing. Not TaskPlugin
 * nor the log files: a site without them runs task/none or logs to
 * syslog, and an adopted cluster must not change that unasked (issue 21).
 */
static const struct default_setting control_defaults[] = {
	{ "AuthType", "auth/munge" },
	{ "StateSaveLocation", "/var/lib/slurm/slurmctld" },
	{ "SlurmdSpoolDir", "/var/lib/slurm/slurmd" },
	{ "SlurmctldPidFile", "/run/slurmctld.pid" },
	{ "SlurmdPidFile", "/run/slurmd.pid" },
	{ "ProctrackType", "proctrack/cgroup" },
	{ "ReturnToService", "1" },
	{ "MpiDefault", "none" },
	{ NULL, NULL }
};

static const struct default_setting scheduling_defaults[] = {
	{ "SchedulerType", "sched/backfill" },
	{ "SelectType", "select/cons_tres" },
	{ "SelectTypeParameters", "CR_Core_Memory" },
	{ NULL, NULL }
};

static const struct default_setting timer_defaults[] = {
	{ "SlurmctldTimeout", "120" },
	{ "SlurmdTimeout", "300" },
	{ "InactiveLimit", "0" },
	{ "MinJobAge", "300" },
	{ "KillWait", "30" },
	{ "Waittime", "0" },
	{ NULL, NULL }
};

static const struct default_setting accounting_defaults[] = {
	{ "AccountingStorageEnforce", "associations,limits,qos" },
	{ "JobAcctGatherType", "jobacct_gather/cgroup" },
	{ "JobCompType", "jobcomp/none" },
	{ NULL, NULL }
};

static const struct default_setting logging_defaults[] = {
	{ "SlurmctldDebug", "info" },
	{ "SlurmdDebug", "info" },
	{ NULL, NULL }
};

static const struct default_setting cgroup_defaults[] = {
	{ "ConstrainCores", "yes" },
	{ "ConstrainDevices", "yes" },
	{ "ConstrainRAMSpace", "yes" },
	{ NULL, NULL }
};

static const struct default_setting slurmdbd_defaults[] = {
	{ "DebugLevel", "info" },
	{ "PidFile", "/run/slurmdbd.pid" },
	{ NULL, NULL }
};

/* Table t's settings the inventory does not name, unless it asks for Slurm's. */
static void settings_table(json_t *a, const struct cluster *c,
			   const struct kv_list *pass,
			   const struct default_setting *t)
{
	if (c->defaults == DEFAULTS_SLURM)
		return;
	for (; t->key; t++)
		setting(a, pass, t->key, t->value);
}

static json_t *defaults_only(const struct cluster *c, const struct kv_list *pass,
			     const struct default_setting *t)
{
	json_t *a = json_array();

	settings_table(a, c, pass, t);
	return a;
}

static void add_ctld_host(json_t *a, const struct model *m, const char *name)
{
	char *host;

	if (!name)
		return;
	host = ctld_host(m, name);
	json_array_append_new(a, kv_pair("SlurmctldHost", host));
	free(host);
}

static json_t *control_settings(const struct model *m)
{
	const struct cluster *c = &m->cluster;
	const struct kv_list *pass = &c->slurm_conf;
	json_t *a = json_array();

	setting(a, pass, "ClusterName", c->name);
	add_ctld_host(a, m, c->controller);
	add_ctld_host(a, m, c->backup_controller);
	if (c->config_mode == CONFIG_CONFIGLESS)
		setting(a, pass, "SlurmctldParameters", "enable_configless");
	setting(a, pass, "SlurmUser", c->slurm_user.name);
	setting_num(a, pass, "SlurmctldPort", c->slurmctld_port, 6817);
	setting_num(a, pass, "SlurmdPort", c->slurmd_port, 6818);
	settings_table(a, c, pass, control_defaults);
	return a;
}

/* True when the comma-separated list holds name, in any case. */
static bool gres_types_has(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");

		if (len == n && !strncasecmp(p, name, n))
			return true;
		p += len + (p[len] == ',');
	}
	return false;
}

/*
 * GresTypes=: gpu when a declared host has GPUs, then every other GRES
 * name of the declared hosts' node types (once, as Slurm compares them:
 * case-insensitively), in inventory order. NULL when there is none.
 */
static char *gres_types(const struct model *m)
{
	struct strbuf sb = STRBUF_INIT;

	if (model_has_gpus(m))
		strbuf_addstr(&sb, "gpu");
	for (size_t t = 0; t < m->n_node_types; t++) {
		const struct node_type *nt = &m->node_types[t];

		if (!node_type_used(m, nt))
			continue;
		for (size_t g = 0; g < nt->n_gres; g++) {
			const char *name = nt->gres[g].name;

			if (!name || gres_types_has(sb.buf, name))
				continue;
			if (sb.len)
				strbuf_addch(&sb, ',');
			strbuf_addstr(&sb, name);
		}
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

static json_t *scheduling_settings(const struct model *m)
{
	const struct kv_list *pass = &m->cluster.slurm_conf;
	json_t *a = defaults_only(&m->cluster, pass, scheduling_defaults);
	char *types = gres_types(m);

	if (types)
		setting(a, pass, "GresTypes", types);
	free(types);
	return a;
}

static json_t *accounting_settings(const struct model *m)
{
	const struct kv_list *pass = &m->cluster.slurm_conf;
	const struct host *dbd = model_dbd_host(m);
	json_t *a = json_array();
	char *tres;

	if (!dbd) {
		setting(a, pass, "AccountingStorageType",
			"accounting_storage/none");
		return a;
	}
	setting(a, pass, "AccountingStorageType", "accounting_storage/slurmdbd");
	/* the host's name, as a site writes it (its address is for ssh), or the
	 * address the site gives slurmctld apart from that */
	setting(a, pass, "AccountingStorageHost", m->cluster.accounting_address ?
		m->cluster.accounting_address : dbd->name);
	setting_num(a, pass, "AccountingStoragePort", m->cluster.slurmdbd_port,
		    6819);
	/* merged with the site's value, so never skipped as an override */
	tres = view_accounting_tres(m);
	if (tres)
		json_array_append_new(a, kv_pair("AccountingStorageTRES", tres));
	free(tres);
	settings_table(a, &m->cluster, pass, accounting_defaults);
	return a;
}

json_t *view_slurm_conf(const struct model *m, char **cause)
{
	static const char *const merged[] = { "AccountingStorageTRES", NULL };
	json_t *ctx, *parts, *site;
	/* the TRES list is merged into the accounting section when there is one */
	const char *const *skip = model_dbd_host(m) ? merged : NULL;

	*cause = NULL;
	parts = partition_lines(m, cause);
	if (!parts)
		return NULL;
	ctx = json_object();
	set_str(ctx, "cluster", m->cluster.name);
	if (m->cluster.config_mode == CONFIG_CONFIGLESS)
		json_object_set_new(ctx, "configless", json_true());
	json_object_set_new(ctx, "control", control_settings(m));
	json_object_set_new(ctx, "scheduling", scheduling_settings(m));
	json_object_set_new(ctx, "timers",
			    defaults_only(&m->cluster, &m->cluster.slurm_conf, timer_defaults));
	json_object_set_new(ctx, "accounting", accounting_settings(m));
	json_object_set_new(ctx, "logging",
			    defaults_only(&m->cluster, &m->cluster.slurm_conf, logging_defaults));
	site = site_settings(&m->cluster.slurm_conf, skip);
	if (json_array_size(site))
		json_object_set_new(ctx, "has_site", json_true());
	json_object_set_new(ctx, "site", site);
	json_object_set_new(ctx, "node_lines", node_lines(m));
	json_object_set_new(ctx, "partition_lines", parts);
	return ctx;
}

/* ---- gres.conf ---- */

/* A gres.conf line's context: its nodes, Name=, Type=, File=. */
static json_t *gres_line(const char *names, const char *name, const char *type,
			 const char *file)
{
	json_t *o = json_object();

	set_str(o, "nodes", names);
	set_str(o, "name", name);
	set_str(o, "type", type);
	set_str(o, "file", file);
	return o;
}

static void gres_line_rest(json_t *o, const char *cores, const char *links,
			   const char *flags)
{
	set_str(o, "cores", cores);
	set_str(o, "links", links);
	set_str(o, "flags", flags);
}

/*
 * One gres.conf line per gres: entry. Count= goes with File= for shard and
 * mps only: theirs is spread over the files; any other name has one per file.
 */
static void add_other_gres_lines(const struct node_type *nt, const char *names,
				 json_t *lines)
{
	for (size_t g = 0; g < nt->n_gres; g++) {
		const struct gres_spec *s = &nt->gres[g];
		json_t *o = gres_line(names, s->name, s->type, s->files);

		if (!s->files)
			set_num(o, "count", s->count, true);
		else if (model_gres_is_shared(s->name))
			set_num(o, "file_count", s->count, true);
		gres_line_rest(o, s->cores, s->links, s->flags);
		json_array_append_new(lines, o);
	}
}

/*
 * One gres.conf line per gpus: entry, then per gres: entry; the AutoDetect line once, first. An
 * entry with autodetect and no files of its own is that line only: the
 * GPUs are what autodetection finds.
 */
static void add_gres_lines(const struct node_type *nt, const char *names,
			   json_t *lines)
{
	bool autodetect_done = false;
	size_t g;

	for (g = 0; g < nt->n_gpus; g++) {
		const struct gpu_spec *s = &nt->gpus[g];
		json_t *o;

		if (s->autodetect && !autodetect_done) {
			o = json_object();
			set_str(o, "nodes", names);
			set_str(o, "autodetect", s->autodetect);
			json_array_append_new(lines, o);
			autodetect_done = true;
		}
		if (s->autodetect && !s->files && !s->multiple_files)
			continue;
		o = gres_line(names, "gpu", s->type, s->files);
		set_str(o, "multiple_files", s->multiple_files);
		if (!s->multiple_files)
			set_num(o, "count", s->count, true);
		gres_line_rest(o, s->cores, s->links, s->flags);
		json_array_append_new(lines, o);
	}
	add_other_gres_lines(nt, names, lines);
}

json_t *view_gres_conf(const struct model *m, char **cause)
{
	char **sigs = xcalloc(model_n_declared(m) + 1, sizeof(*sigs));
	struct host_group *groups;
	json_t *ctx = json_object(), *lines = json_array();
	size_t i, j, ng;

	*cause = NULL;
	groups = group_hosts(m, sigs, true, &ng);
	for (i = 0; i < ng; i++) {
		const struct host_group *g = &groups[i];
		const struct node_type *nt = host_type(m, &m->hosts[g->idx[0]]);
		const char **names;
		char *folded;

		if (!nt->n_gpus && !nt->n_gres)
			continue;
		names = xcalloc(g->n + 1, sizeof(*names));
		for (j = 0; j < g->n; j++)
			names[j] = m->hosts[g->idx[j]].name;
		folded = compress_names(names, g->n);
		add_gres_lines(nt, folded, lines);
		free(folded);
		free(names);
	}
	groups_free(groups, ng, sigs, model_n_declared(m));
	set_str(ctx, "cluster", m->cluster.name);
	json_object_set_new(ctx, "gres", lines);
	return ctx;
}

/* ---- cgroup.conf ---- */

json_t *view_cgroup_conf(const struct model *m)
{
	const struct kv_list *pass = &m->cluster.cgroup_conf;
	json_t *ctx = json_object(), *a = defaults_only(&m->cluster, pass, cgroup_defaults);

	set_str(ctx, "cluster", m->cluster.name);
	json_object_set_new(ctx, "settings", a);
	json_object_set_new(ctx, "site", site_settings(pass, NULL));
	return ctx;
}

/* ---- slurmdbd.conf ---- */

json_t *view_slurmdbd_conf(const struct model *m)
{
	const struct cluster *c = &m->cluster;
	const struct db_settings *db = &m->db;
	const struct kv_list *pass = &c->slurmdbd_conf;
	const struct host *dbd = model_dbd_host(m);
	json_t *ctx = json_object(), *a = json_array();

	if (c->defaults != DEFAULTS_SLURM)	/* Slurm's own default too */
		setting(a, pass, "AuthType", "auth/munge");
	/* no DbdAddr but the one slurm.conf gives: Slurm takes DbdHost's */
	if (dbd)
		setting(a, pass, "DbdHost", dbd->name);
	if (dbd && c->accounting_address)
		setting(a, pass, "DbdAddr", c->accounting_address);
	setting_num(a, pass, "DbdPort", c->slurmdbd_port, 6819);
	setting(a, pass, "SlurmUser", c->slurm_user.name);
	settings_table(a, c, pass, slurmdbd_defaults);
	/* the database: section is MariaDB, whatever the defaults */
	setting(a, pass, "StorageType", "accounting_storage/mysql");
	setting(a, pass, "StorageHost", db_storage_host(db));
	setting_num(a, pass, "StoragePort", db_port(db), MODEL_DB_PORT);
	setting(a, pass, "StorageUser", db_user(db));
	setting(a, pass, "StorageLoc", db_name(db));
	/* never the password: apply puts it in when it writes the file */
	json_array_append_new(a, kv_pair("StoragePass", RENDER_SECRET_DB_PASSWORD));
	set_str(ctx, "cluster", c->name);
	json_object_set_new(ctx, "settings", a);
	json_object_set_new(ctx, "site", site_settings(pass, (const char *const[]){
		"StoragePass", NULL }));
	return ctx;
}

/* ---- /etc/default/slurmd and sackd (configless) ---- */

/*
 * "address:port" of a controller as Slurm reaches it: the address
 * SlurmctldHost gives it apart from the host's, else the host's address
 * (its name when it has none).
 */
static void add_conf_server(struct strbuf *sb, const struct model *m,
			    const struct host *h)
{
	const char *addr = ctld_site_addr(&m->cluster, h->name);

	if (!addr)
		addr = h->address ? h->address : h->name;
	strbuf_addf(sb, "%s%s:%lld", sb->len ? "," : "", addr,
		    m->cluster.slurmctld_port >= 0 ? m->cluster.slurmctld_port : 6817);
}

static bool is_primary(const struct model *m, const struct host *h)
{
	return m->cluster.controller ? !strcmp(h->name, m->cluster.controller) :
		(h->roles & ROLE_CONTROLLER) != 0;
}

/*
 * The start arguments of a slurmd or sackd that fetches its configuration
 * (configless mode): "conf_server", the controller then its backups, as
 * --conf-server takes them ("addr:port,addr:port").
 */
json_t *view_fetch_defaults(const struct model *m)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *ctx = json_object();
	size_t i;

	for (i = 0; i < m->n_hosts; i++)
		if (is_primary(m, &m->hosts[i]))
			add_conf_server(&sb, m, &m->hosts[i]);
	for (i = 0; i < m->n_hosts; i++)
		if (!is_primary(m, &m->hosts[i]) && model_host_runs(m, &m->hosts[i], SVC_SLURMCTLD))
			add_conf_server(&sb, m, &m->hosts[i]);
	set_str(ctx, "cluster", m->cluster.name);
	set_str(ctx, "conf_server", sb.buf);
	strbuf_release(&sb);
	return ctx;
}
