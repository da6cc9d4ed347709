/*
 * import_hw.c: the hardware half of "import nodes": each NodeName= line's
 * nodes, their GPUs from Gres= and gres.conf, node types inferred from
 * identical hardware, and host entries folded into hostlists (one entry
 * per run of hosts whose names, addresses and slurmd ports count up
 * together), written as YAML.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostlist.h"
#include "import_nodes_priv.h"
#include "strbuf.h"
#include "xalloc.h"
#include "yamlout.h"

/* NodeName= keys a node type models, in the order they are written. */
static const char *const type_keys[][2] = {
	{ "CPUs", "cpus" }, { "Boards", "boards" }, { "Sockets", "sockets" },
	{ "SocketsPerBoard", "sockets" }, { "CoresPerSocket", "cores_per_socket" },
	{ "ThreadsPerCore", "threads_per_core" }, { "RealMemory", "memory" },
	{ "TmpDisk", "tmp_disk" }, { "Weight", "weight" },
};

/* NodeName= keys modelled outside the node type's own keys. */
static const char *const node_plain[] = { "NodeAddr", "Port", "Feature", "Features", "Gres" };

/* ---- gres.conf: each node's GPU lines ---- */

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

/* The gres.conf words for node name, as "type\tfile\tcount\tcores\tauto\n" lines. */
static void gres_of(struct imp *im, const char *name, struct strbuf *out)
{
	for (size_t i = 0; i < im->gres.n; i++) {
		const struct slurmconf_line *l = &im->gres.lines[i];
		const char *nodes = slurmconf_get(l, "NodeName");
		const char *v;
		bool mine = !nodes;
		struct hostlist hl = HOSTLIST_INIT;
		char *cause = NULL;

		if (nodes && hostlist_expand(nodes, &hl, &cause) == 0)
			for (size_t k = 0; k < hl.n && !mine; k++)
				mine = !strcmp(hl.names[k], name);
		free(cause);
		hostlist_release(&hl);
		if (!mine)
			continue;
		v = slurmconf_get(l, "Name");
		if (v && strcmp(v, "gpu"))
			continue;	/* reported with the node's Gres= */
		strbuf_addf(out, "%s\t%s\t%s\t%s\t%s\n", or_empty(slurmconf_get(l, "Type")),
			    or_empty(slurmconf_get(l, "File")),
			    or_empty(slurmconf_get(l, "Count")),
			    or_empty(slurmconf_get(l, "Cores")),
			    or_empty(slurmconf_get(l, "AutoDetect")));
	}
}

/*
 * The gres.conf words for GPU type (NULL: untyped) among lines, as
 * ", files: ..., cores: ..." (newly allocated, "" if none); *autodetect
 * the AutoDetect= value or NULL.
 */
static char *gres_spec(const char *lines, const char *type, char **autodetect)
{
	size_t tl = type ? strlen(type) : 0;

	*autodetect = NULL;
	for (const char *p = lines; *p;) {
		size_t n = strcspn(p, "\n");
		char *f[5] = { 0 }, *line, *s;
		struct strbuf sb = STRBUF_INIT;

		/* an AutoDetect= line has no Type= and serves every type */
		bool autodet = p[n - 1] != '\t';

		if (!autodet && (type ? strncmp(p, type, tl) || p[tl] != '\t' : *p != '\t')) {
			p += n + (p[n] == '\n');
			continue;
		}
		line = xstrndup(p, n);
		s = line;
		for (int k = 0; k < 5 && s; k++) {
			f[k] = s;
			s = strchr(s, '\t');
			if (s)
				*s++ = '\0';
		}
		if (f[4] && *f[4])
			*autodetect = xstrdup(f[4]);
		if (f[1] && *f[1]) {
			strbuf_addstr(&sb, ", files: ");
			yamlout_scalar(&sb, f[1]);
		}
		if (f[3] && *f[3]) {
			strbuf_addstr(&sb, ", cores: ");
			yamlout_scalar(&sb, f[3]);
		}
		free(line);
		return strbuf_detach(&sb, NULL);
	}
	return xstrdup("");
}

/* Gres=gpu:a40:8,gpu:2 + gres.conf -> the gpus: value; -1 on a non-GPU GRES. */
static int gpus_yaml(struct imp *im, const char *gres, const char *lines,
		     unsigned lineno, bool report, struct strbuf *out)
{
	char *copy = xstrdup(gres), *save = NULL;
	size_t n = 0;
	struct strbuf items = STRBUF_INIT;
	int rc = 0;

	for (char *g = strtok_r(copy, ",", &save); g; g = strtok_r(NULL, ",", &save)) {
		char *c1 = strchr(g, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		char *type = c2 ? xstrndup(c1 + 1, (size_t)(c2 - c1 - 1)) : NULL;
		const char *count = c2 ? c2 + 1 : c1 ? c1 + 1 : "1";
		char *autodetect, *spec;

		if (strncmp(g, "gpu", 3) || (g[3] && g[3] != ':')) {
			if (report)
				imp_problem(im, lineno, "Gres '%s': only GPUs are in the "
					 "schema: left out", g);
			free(type);
			rc = -1;
			continue;
		}
		spec = gres_spec(lines, type, &autodetect);
		strbuf_addf(&items, "%s{", n++ ? ", " : "");
		if (type)
			strbuf_addf(&items, "type: %s, ", type);
		strbuf_addf(&items, "count: %s", count);
		if (autodetect)
			strbuf_addf(&items, ", autodetect: %s", autodetect);
		else
			strbuf_addstr(&items, spec);
		strbuf_addch(&items, '}');
		free(spec);
		free(autodetect);
		free(type);
	}
	if (n == 1)
		strbuf_addstr(out, items.buf);
	else if (n > 1)
		strbuf_addf(out, "[%s]", items.buf);
	strbuf_release(&items);
	free(copy);
	return rc;
}

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
	struct strbuf glines = STRBUF_INIT, extra = STRBUF_INIT;
	const char *v;

	for (size_t k = 0; k < ARRAY_SIZE(type_keys); k++) {
		v = slurmconf_get(l, type_keys[k][0]);
		if (!v)
			continue;
		if (!strcmp(type_keys[k][1], "memory") || !strcmp(type_keys[k][1], "tmp_disk"))
			memory_kv(sb, type_keys[k][1], v);
		else
			strbuf_addf(sb, "    %s: %s\n", type_keys[k][1], v);
	}
	v = slurmconf_get(l, "Feature");
	if (!v)
		v = slurmconf_get(l, "Features");
	if (v) {
		strbuf_addstr(sb, "    features: ");
		yamlout_list(sb, v);
		strbuf_addch(sb, '\n');
	}
	gres_of(im, name, &glines);
	v = slurmconf_get(l, "Gres");
	if (v) {
		struct strbuf g = STRBUF_INIT;

		gpus_yaml(im, v, glines.buf, l->lineno, report, &g);
		if (g.len)
			strbuf_addf(sb, "    gpus: %s\n", g.buf);
		strbuf_release(&g);
	}
	imp_extra(l, node_plain, ARRAY_SIZE(node_plain), type_keys, ARRAY_SIZE(type_keys),
		  &extra);
	if (extra.len)
		strbuf_addf(sb, "    extra: {%s}\n", extra.buf);
	strbuf_release(&glines);
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

static size_t find_type(struct imp *im, const struct slurmconf_line *l,
			const char *node, bool report)
{
	struct strbuf body = STRBUF_INIT;
	size_t i;

	type_body(im, l, node, report, &body);
	for (i = 0; i < im->n_types; i++)
		if (!strcmp(im->types[i].sig, body.buf))
			break;
	if (i == im->n_types) {
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

int imp_add_node_line(struct imp *im, size_t li, char **cause)
{
	const struct slurmconf_line *l = &im->conf.lines[li];
	struct hostlist names = HOSTLIST_INIT, addrs = HOSTLIST_INIT;
	const char *addr = slurmconf_get(l, "NodeAddr"), *port = slurmconf_get(l, "Port");
	int rc = -1;

	if (!strcasecmp(l->kv[0].value, "DEFAULT")) {
		imp_problem(im, l->lineno, "NodeName=DEFAULT: defaults for the lines after "
			 "it are not in the schema: left out");
		return 0;
	}
	if (hostlist_expand(l->kv[0].value, &names, cause) < 0 ||
	    (addr && hostlist_expand(addr, &addrs, cause) < 0))
		goto out;
	if (addr && addrs.n != names.n) {
		*cause = xasprintf("%s:%u: NodeAddr has %zu addresses for %zu nodes",
				   im->src->conf_path, l->lineno, addrs.n, names.n);
		goto out;
	}
	for (size_t i = 0; i < names.n; i++) {
		struct node *n;

		XGROW(im->nodes, im->alloc_nodes, im->n_nodes + 1);
		n = &im->nodes[im->n_nodes++];
		n->name = xstrdup(names.names[i]);
		n->addr = addr ? xstrdup(addrs.names[i]) : NULL;
		n->port = port ? strtoll(port, NULL, 10) : -1;
		n->line = li;
		n->type = find_type(im, l, n->name, i == 0);
	}
	rc = 0;
out:
	hostlist_release(&names);
	hostlist_release(&addrs);
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
	return true;
}

static void emit_entry(struct imp *im, size_t first, size_t n, struct strbuf *out)
{
	const char **names = xcalloc(n + 1, sizeof(*names));
	const char **addrs = xcalloc(n + 1, sizeof(*addrs));
	const struct node *f = &im->nodes[first];
	struct strbuf roles = STRBUF_INIT;
	char *s;

	for (size_t i = 0; i < n; i++) {
		names[i] = im->nodes[first + i].name;
		addrs[i] = im->nodes[first + i].addr;
	}
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
		emit_service_host(im, im->dbd, NULL, out);
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
