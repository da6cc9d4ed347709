/*
 * import_hw.c: the hardware half of "import nodes": each NodeName= line's
 * nodes, their GPUs and other GRES (shard, mps, a site's own) from Gres=
 * and gres.conf (import_gres.c), node types inferred from
 * identical hardware, and host entries folded into hostlists (one entry
 * per run of hosts whose names, addresses and slurmd ports count up
 * together), written as YAML.
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/hostlist.h"
#include "import/import_ctx.h"
#include "import/import_gres.h"
#include "import/import_hw.h"
#include "inventory/model.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "slurm/slurmconf.h"

/* NodeName= keys a node type models, in the order they are written. */
static const char *const type_keys[][2] = {
	{ "CPUs", "cpus" }, { "Boards", "boards" }, { "Sockets", "sockets" },
	{ "SocketsPerBoard", "sockets" }, { "CoresPerSocket", "cores_per_socket" },
	{ "ThreadsPerCore", "threads_per_core" }, { "RealMemory", "memory" },
	{ "TmpDisk", "tmp_disk" }, { "Weight", "weight" },
};

/* NodeName= keys modelled outside the node type's own keys. */
static const char *const node_plain[] = { "NodeAddr", "Port", "Features", "Gres" };

/* ---- node types ---- */

static void memory_kv(struct strbuf *sb, const char *key, const char *mb)
{
	long long v = strtoll(mb, NULL, 10);

	if (v > 0 && v % 1024 == 0)
		strbuf_addf(sb, "    %s: %lldG\n", key, v / 1024);
	else
		strbuf_addf(sb, "    %s: %s\n", key, mb);
}

/* The node type's YAML body for NodeName= line l and node name's gres lines. */
static void type_body(struct imp *im, const struct slurmconf_line *l,
		      const char *name, bool report, struct strbuf *sb)
{
	struct strbuf extra = STRBUF_INIT;
	const char *v;

	for (size_t k = 0; k < ARRAY_SIZE(type_keys); k++) {
		v = slurmconf_get(l, type_keys[k][0]);
		if (!v)
			continue;
		if (!strcmp(type_keys[k][1], "memory") || !strcmp(type_keys[k][1], "tmp_disk"))
			memory_kv(sb, type_keys[k][1], v);
		else if (!strcmp(type_keys[k][0], "SocketsPerBoard"))
			/* Sockets= is every board's together */
			strbuf_addf(sb, "    sockets: %lld\n", strtoll(v, NULL, 10) *
				    (slurmconf_get(l, "Boards") ?
				     strtoll(slurmconf_get(l, "Boards"), NULL, 10) : 1));
		else
			strbuf_addf(sb, "    %s: %s\n", type_keys[k][1], v);
	}
	if ((v = slurmconf_get(l, "Features"))) {
		strbuf_addstr(sb, "    features: ");
		yamlout_list(sb, v);
		strbuf_addch(sb, '\n');
	}
	if ((v = slurmconf_get(l, "Gres"))) {
		struct strbuf g = STRBUF_INIT, o = STRBUF_INIT;

		imp_gres_yaml(im, l, v, name, report, &g, &o);
		/* a block list starts on a line of its own */
		if (g.len)
			strbuf_addf(sb, "    gpus:%s%s\n", g.buf[0] == '\n' ? "" : " ", g.buf);
		if (o.len)
			strbuf_addf(sb, "    gres:%s%s\n", o.buf[0] == '\n' ? "" : " ", o.buf);
		strbuf_release(&g);
		strbuf_release(&o);
	}
	imp_extra(l, node_plain, ARRAY_SIZE(node_plain), type_keys, ARRAY_SIZE(type_keys),
		  &extra);
	if (extra.len)
		strbuf_addf(sb, "    extra: {%s}\n", extra.buf);
	strbuf_release(&extra);
}

/* A name for a new type: the GPU type and count, else the CPU count. */
static char *type_name(struct imp *im, const struct slurmconf_line *l)
{
	const char *g = slurmconf_get(l, "Gres"), *c = slurmconf_get(l, "CPUs");
	char *base, *name;
	size_t i, k = 1;

	if (g && !strncmp(g, "gpu:", 4)) {
		const char *t = g + 4, *c2 = strchr(t, ':'), *end = t + strcspn(t, ",");

		base = c2 && c2 < end ? xasprintf("%.*s_x%.*s", (int)(c2 - t), t,
						   (int)(end - c2 - 1), c2 + 1) :
			xasprintf("gpu_x%.*s", (int)(end - t), t);
	} else {
		base = xasprintf("cpu%s", c ? c : "");
	}
	for (char *p = base; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *p))
			*p = '_';
	name = xstrdup(base);
	for (i = 0; i < im->n_types; i++) {
		if (strcmp(im->types[i].name, name))
			continue;
		free(name);
		name = xasprintf("%s_%zu", base, ++k);
		i = (size_t)-1;
	}
	free(base);
	return name;
}

/*
 * The node type of node (of line l), made when new. What its gres.conf
 * lines lose is reported once per type made: the first node of each
 * hardware, whichever NodeName= line it is on.
 */
static size_t find_type(struct imp *im, const struct slurmconf_line *l, const char *node)
{
	struct strbuf body = STRBUF_INIT;
	size_t i;

	type_body(im, l, node, false, &body);
	for (i = 0; i < im->n_types; i++)
		if (!strcmp(im->types[i].sig, body.buf))
			break;
	if (i == im->n_types) {
		strbuf_reset(&body);
		type_body(im, l, node, true, &body);
		XGROW(im->types, im->alloc_types, im->n_types + 1);
		im->types[i].name = type_name(im, l);
		im->types[i].sig = xstrdup(body.buf);
		strbuf_init(&im->types[i].yaml);
		strbuf_addstr(&im->types[i].yaml, body.buf);
		im->n_types++;
	}
	strbuf_release(&body);
	return i;
}

/* ---- nodes ---- */

/*
 * NodeAddr= or Port= of a NodeName= line as slurmctld spreads them: one
 * per node, or one for every node (several slurmd on one host). 0, or -1
 * + *cause.
 */
static int per_node(const struct slurmconf_line *l, const char *key, size_t n_nodes,
		    struct hostlist *out, char **cause)
{
	const char *v = slurmconf_get(l, key);

	if (!v)
		return 0;
	if (hostlist_expand(v, out, cause) < 0)
		return -1;
	if (out->n == n_nodes || out->n == 1)
		return 0;
	*cause = xasprintf("%s:%u: %s has %zu values for %zu nodes: slurmctld takes one "
			   "per node or one for all", l->path, l->lineno, key, out->n, n_nodes);
	return -1;
}

int imp_add_node_line(struct imp *im, size_t li, char **cause)
{
	const struct slurmconf_line *l = &im->conf.lines[li];
	struct hostlist names = HOSTLIST_INIT, addrs = HOSTLIST_INIT, ports = HOSTLIST_INIT;
	int rc = -1;

	if (hostlist_expand(l->kv[0].value, &names, cause) < 0) {
		char *why = *cause;

		/* slurmctld stops too: its node list does not expand either */
		*cause = xasprintf("%s:%u: NodeName=%s: %s, which slurmctld refuses", l->path,
				   l->lineno, l->kv[0].value, why);
		free(why);
		goto out;
	}
	if (per_node(l, "NodeAddr", names.n, &addrs, cause) < 0 ||
	    per_node(l, "Port", names.n, &ports, cause) < 0)
		goto out;
	for (size_t i = 0; i < names.n; i++) {
		struct node *n;

		XGROW(im->nodes, im->alloc_nodes, im->n_nodes + 1);
		n = &im->nodes[im->n_nodes++];
		n->name = xstrdup(names.names[i]);
		n->addr = addrs.n ? xstrdup(addrs.names[addrs.n == 1 ? 0 : i]) : NULL;
		n->port = ports.n ? strtoll(ports.names[ports.n == 1 ? 0 : i], NULL, 10) : -1;
		n->line = li;
		n->type = find_type(im, l, n->name);
	}
	rc = 0;
out:
	hostlist_release(&names);
	hostlist_release(&addrs);
	hostlist_release(&ports);
	return rc;
}

/* "name(addr)" -> name, addr */
void imp_split_host(const char *v, char **name, char **addr)
{
	const char *paren = strchr(v, '(');

	free(*name);
	free(*addr);
	*name = paren ? xstrndup(v, (size_t)(paren - v)) : xstrdup(v);
	*addr = paren ? xstrndup(paren + 1, strcspn(paren + 1, ")")) : NULL;
}

/* Roles of host name beyond compute. */
static void roles_of(const struct imp *im, const char *name, struct strbuf *out)
{
	if (im->controller && !strcmp(name, im->controller))
		strbuf_addstr(out, out->len ? ", controller" : "controller");
	if (im->backup && !strcmp(name, im->backup))
		strbuf_addstr(out, out->len ? ", backup" : "backup");
	if (im->dbd && !strcmp(name, im->dbd))
		strbuf_addstr(out, out->len ? ", dbd" : "dbd");
}

static bool special(const struct imp *im, const char *name)
{
	struct strbuf r = STRBUF_INIT;
	bool yes;

	roles_of(im, name, &r);
	yes = r.len > 0;
	strbuf_release(&r);
	return yes;
}

/* Can node b follow node a in one host entry? */
static bool joins(const struct imp *im, const struct node *a, const struct node *b)
{
	if (a->type != b->type || !a->addr != !b->addr || special(im, a->name) ||
	    special(im, b->name))
		return false;
	if ((a->port < 0) != (b->port < 0) || (a->port >= 0 && b->port != a->port + 1))
		return false;
	/* several slurmd on one host: one entry each, the address repeated */
	return !a->addr || strcmp(a->addr, b->addr);
}

static int cmp_first_node(const void *a, const void *b)
{
	const struct slurmgres_rec *x = *(const struct slurmgres_rec *const *)a;
	const struct slurmgres_rec *y = *(const struct slurmgres_rec *const *)b;

	return strcmp(x->nodes.names[0], y->nodes.names[0]);
}

/* im->gres_by_node: the gres.conf records that name nodes, by their first one. */
static void index_gres(struct imp *im)
{
	im->gres_by_node = xcalloc(im->gres.n + 1, sizeof(*im->gres_by_node));
	for (size_t r = 0; r < im->gres.n; r++)
		if (im->gres.recs[r].nodes.n)
			im->gres_by_node[im->n_gres_by_node++] = &im->gres.recs[r];
	xqsort(im->gres_by_node, im->n_gres_by_node, sizeof(*im->gres_by_node),
	       cmp_first_node);
}

/*
 * The comments of the gres.conf lines whose first node is name: above the
 * host entry (a line for every node has no entry of its own).
 */
static void gres_comments(struct imp *im, const char *name, struct strbuf *out)
{
	size_t lo = 0, hi;

	if (!im->gres_by_node)
		index_gres(im);
	hi = im->n_gres_by_node;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(im->gres_by_node[mid]->nodes.names[0], name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < im->n_gres_by_node && !strcmp(im->gres_by_node[lo]->nodes.names[0], name);
	     lo++)
		imp_comments(im, im->gres_by_node[lo]->path, im->gres_by_node[lo]->lineno, "  ",
			     out);
}

static void emit_entry(struct imp *im, size_t first, size_t n, struct strbuf *out)
{
	const char **names = xcalloc(n + 1, sizeof(*names));
	const char **addrs = xcalloc(n + 1, sizeof(*addrs));
	const struct node *f = &im->nodes[first];
	struct strbuf roles = STRBUF_INIT;
	char *s;

	for (size_t i = 0; i < n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[im->nodes[first + i].line];

		names[i] = im->nodes[first + i].name;
		addrs[i] = im->nodes[first + i].addr;
		imp_comments(im, l->path, l->lineno, "  ", out);
	}
	for (size_t i = 0; i < n; i++)
		gres_comments(im, names[i], out);
	s = hostlist_compress(names, n);
	strbuf_addstr(out, "  - {names: ");
	yamlout_scalar(out, s);
	free(s);
	if (f->addr) {
		s = hostlist_compress(addrs, n);
		strbuf_addf(out, ", %s: ", n > 1 ? "addresses" : "address");
		yamlout_scalar(out, s);
		free(s);
	}
	strbuf_addf(out, ", type: %s", im->types[f->type].name);
	roles_of(im, f->name, &roles);
	if (roles.len)
		strbuf_addf(out, ", roles: [%s, compute]", roles.buf);
	if (f->port >= 0)
		strbuf_addf(out, ", slurmd_port: %lld", f->port);
	strbuf_addstr(out, "}\n");
	strbuf_release(&roles);
	free(names);
	free(addrs);
}

static bool is_node(const struct imp *im, const char *name)
{
	for (size_t i = 0; name && i < im->n_nodes; i++)
		if (!strcmp(im->nodes[i].name, name))
			return true;
	return false;
}

static void emit_service_host(struct imp *im, const char *name, const char *addr,
			      struct strbuf *out)
{
	struct strbuf roles = STRBUF_INIT;

	if (!name || is_node(im, name))
		return;
	roles_of(im, name, &roles);
	strbuf_addstr(out, "  - {names: ");
	yamlout_scalar(out, name);
	if (addr) {
		strbuf_addstr(out, ", address: ");
		yamlout_scalar(out, addr);
	}
	strbuf_addf(out, ", roles: [%s]}\n", roles.buf);
	strbuf_release(&roles);
}

void imp_emit_hosts(struct imp *im, struct strbuf *out)
{
	size_t i, j;

	strbuf_addstr(out, "\nhosts:\n");
	emit_service_host(im, im->controller, im->controller_addr, out);
	if (im->backup && strcmp(im->backup, im->controller))
		emit_service_host(im, im->backup, im->backup_addr, out);
	if (im->dbd && strcmp(im->dbd, im->controller) &&
	    (!im->backup || strcmp(im->dbd, im->backup)))
		emit_service_host(im, im->dbd, im->dbd_addr, out);
	for (i = 0; i < im->n_nodes; i = j) {
		for (j = i + 1; j < im->n_nodes && joins(im, &im->nodes[j - 1], &im->nodes[j]); j++)
			;
		emit_entry(im, i, j - i, out);
	}
}

void imp_emit_types(struct imp *im, struct strbuf *out)
{
	if (!im->n_types)
		return;
	strbuf_addstr(out, "\n# Node types inferred: the nodes of each have identical "
		      "NodeName= hardware\n# (and gres.conf) lines; the names are "
		      "made up from the GPUs or CPUs.\nnode_types:\n");
	for (size_t i = 0; i < im->n_types; i++)
		strbuf_addf(out, "  %s:\n%s", im->types[i].name, im->types[i].yaml.buf);
}
