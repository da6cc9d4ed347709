/*
 * import_nodes.c: slurm.conf + gres.conf back into an inventory: the
 * cluster's own settings, node types inferred from identical hardware
 * lines, host entries folded into hostlists (one entry per run of hosts
 * whose names, addresses and slurmd ports count up together), partitions,
 * and the rest of slurm.conf as cluster.slurm_conf. The inverse of
 * view.c's slurm.conf and gres.conf, checked by rendering: the keys a
 * render of the inventory without slurm_conf writes the same way are left
 * out (they are clusterctl's defaults), every other key is carried.
 */
#include "compat.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostlist.h"
#include "import_nodes.h"
#include "inventory.h"
#include "render.h"
#include "slurmconf.h"
#include "slurmkeys.h"
#include "strbuf.h"
#include "validate.h"
#include "xalloc.h"
#include "yamlout.h"

/* NodeName= keys a node type models, in the order they are written. */
static const char *const type_keys[][2] = {
	{ "CPUs", "cpus" }, { "Boards", "boards" }, { "Sockets", "sockets" },
	{ "SocketsPerBoard", "sockets" }, { "CoresPerSocket", "cores_per_socket" },
	{ "ThreadsPerCore", "threads_per_core" }, { "RealMemory", "memory" },
	{ "TmpDisk", "tmp_disk" }, { "Weight", "weight" },
};

/* PartitionName= keys a partition models. */
static const char *const part_keys[][2] = {
	{ "MaxTime", "max_time" }, { "DefaultTime", "default_time" },
	{ "PriorityTier", "priority_tier" }, { "PriorityJobFactor", "priority_job_factor" },
	{ "QOS", "qos" }, { "AllowAccounts", "allow_accounts" },
	{ "DenyAccounts", "deny_accounts" }, { "AllowQos", "allow_qos" },
	{ "AllowGroups", "allow_groups" }, { "PreemptMode", "preempt_mode" },
	{ "OverSubscribe", "oversubscribe" }, { "MaxNodes", "max_nodes" },
};

struct node {
	char *name, *addr;
	long long port;		/* -1 when the line has no Port= */
	size_t type;
	size_t line;		/* NodeName= line index */
};

struct ntype {
	char *sig;		/* every type-level value, for grouping */
	char *name;
	struct strbuf yaml;	/* the mapping's "key: value" lines */
};

struct imp {
	const struct import_source *src;
	struct slurmconf conf, gres;
	struct strbuf *problems;
	int n_problems;
	struct node *nodes;
	size_t n_nodes, alloc_nodes;
	struct ntype *types;
	size_t n_types, alloc_types;
	char *controller, *controller_addr, *backup, *backup_addr, *dbd;
	struct strbuf qos_names;	/* ",a,b," partition QoS, for stubs */
	struct strbuf acct_names;	/* and accounts */
};

static void iproblem(struct imp *im, unsigned line, const char *fmt, ...) ATTR_PRINTF(3, 4);

static void iproblem(struct imp *im, unsigned line, const char *fmt, ...)
{
	va_list ap;

	strbuf_addf(im->problems, "%s:%u: ", im->src->conf_path, line);
	va_start(ap, fmt);
	strbuf_vaddf(im->problems, fmt, ap);
	va_end(ap);
	strbuf_addch(im->problems, '\n');
	im->n_problems++;
}

static bool key_is(const struct slurmconf_line *l, const char *key)
{
	return !strcasecmp(l->kv[0].key, key);
}

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
				iproblem(im, lineno, "Gres '%s': only GPUs are in the "
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
	for (size_t i = 1; i < l->n; i++) {
		const char *k = l->kv[i].key;
		bool modelled = !strcasecmp(k, "NodeAddr") || !strcasecmp(k, "Port") ||
			!strcasecmp(k, "Feature") || !strcasecmp(k, "Features") ||
			!strcasecmp(k, "Gres");

		for (size_t t = 0; t < ARRAY_SIZE(type_keys); t++)
			modelled |= !strcasecmp(k, type_keys[t][0]);
		if (modelled)
			continue;
		strbuf_addf(&extra, "%s%s: ", extra.len ? ", " : "", k);
		yamlout_scalar(&extra, l->kv[i].value);
	}
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

static int add_node_line(struct imp *im, size_t li, char **cause)
{
	const struct slurmconf_line *l = &im->conf.lines[li];
	struct hostlist names = HOSTLIST_INIT, addrs = HOSTLIST_INIT;
	const char *addr = slurmconf_get(l, "NodeAddr"), *port = slurmconf_get(l, "Port");
	int rc = -1;

	if (!strcasecmp(l->kv[0].value, "DEFAULT")) {
		iproblem(im, l->lineno, "NodeName=DEFAULT: defaults for the lines after "
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
static void split_host(const char *v, char **name, char **addr)
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

static void emit_hosts(struct imp *im, struct strbuf *out)
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

static void emit_types(struct imp *im, struct strbuf *out)
{
	if (!im->n_types)
		return;
	strbuf_addstr(out, "\n# Node types inferred: the nodes of each have identical "
		      "NodeName= hardware\n# (and gres.conf) lines; the names are "
		      "made up from the GPUs or CPUs.\nnode_types:\n");
	for (size_t i = 0; i < im->n_types; i++)
		strbuf_addf(out, "  %s:\n%s", im->types[i].name, im->types[i].yaml.buf);
}

/* ---- partitions ---- */

static void emit_partition(struct imp *im, const struct slurmconf_line *l,
			   struct strbuf *out)
{
	struct strbuf extra = STRBUF_INIT;
	const char *v;

	strbuf_addstr(out, "  - name: ");
	yamlout_scalar(out, l->kv[0].value);
	if ((v = slurmconf_get(l, "Nodes"))) {
		strbuf_addstr(out, "\n    nodes: ");
		yamlout_scalar(out, v);
	}
	if ((v = slurmconf_get(l, "Default")) && !strcasecmp(v, "YES"))
		strbuf_addstr(out, "\n    default: true");
	for (size_t k = 0; k < ARRAY_SIZE(part_keys); k++) {
		if (!(v = slurmconf_get(l, part_keys[k][0])))
			continue;
		strbuf_addf(out, "\n    %s: ", part_keys[k][1]);
		if (!strncmp(part_keys[k][1], "allow_", 6) || !strncmp(part_keys[k][1], "deny_", 5))
			yamlout_list(out, v);
		else
			yamlout_scalar(out, v);
		if (!strcmp(part_keys[k][1], "qos") || !strcmp(part_keys[k][1], "allow_qos"))
			strbuf_addf(&im->qos_names, ",%s,", v);
		if (strstr(part_keys[k][1], "_accounts"))
			strbuf_addf(&im->acct_names, ",%s,", v);
	}
	if ((v = slurmconf_get(l, "State")) && strcasecmp(v, "UP")) {
		strbuf_addstr(out, "\n    state: ");
		yamlout_scalar(out, v);
	}
	for (size_t i = 1; i < l->n; i++) {
		const char *k = l->kv[i].key;
		bool modelled = !strcasecmp(k, "Nodes") || !strcasecmp(k, "Default") ||
			!strcasecmp(k, "State");

		for (size_t t = 0; t < ARRAY_SIZE(part_keys); t++)
			modelled |= !strcasecmp(k, part_keys[t][0]);
		if (modelled)
			continue;
		strbuf_addf(&extra, "%s%s: ", extra.len ? ", " : "", k);
		yamlout_scalar(&extra, l->kv[i].value);
	}
	if (extra.len)
		strbuf_addf(out, "\n    extra: {%s}", extra.buf);
	strbuf_addch(out, '\n');
	strbuf_release(&extra);
}

static void emit_partitions(struct imp *im, struct strbuf *out)
{
	bool any = false;

	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];

		if (!key_is(l, "PartitionName"))
			continue;
		if (!strcasecmp(l->kv[0].value, "DEFAULT")) {
			iproblem(im, l->lineno, "PartitionName=DEFAULT: defaults for the "
				 "lines after it are not in the schema: left out");
			continue;
		}
		if (!any)
			strbuf_addstr(out, "\npartitions:\n");
		any = true;
		emit_partition(im, l, out);
	}
}

/* Each name of the ",a,b,"-joined lists in names once, as "  - {name: x}". */
static void emit_stubs(const char *names, struct strbuf *out)
{
	struct strbuf seen = STRBUF_INIT;

	strbuf_addch(&seen, ',');
	for (const char *p = names; *p;) {
		size_t n = strcspn(p, ",");
		char *name = xstrndup(p, n);
		char *key = xasprintf(",%s,", name);

		if (n && !strstr(seen.buf, key)) {
			strbuf_addf(&seen, "%s,", name);
			strbuf_addstr(out, "  - {name: ");
			yamlout_scalar(out, name);
			strbuf_addstr(out, "}\n");
		}
		free(key);
		free(name);
		p += n + (p[n] == ',');
	}
	strbuf_release(&seen);
}

/* The QoS and accounts partitions name must be defined for validate. */
static void emit_stubs_sections(struct imp *im, struct strbuf *out)
{
	if (im->qos_names.len) {
		strbuf_addstr(out, "\n# The QoS the partitions name; 'clusterctl import "
			      "accounting' prints them\n# with their settings (use its "
			      "qos: section instead).\nqos:\n");
		emit_stubs(im->qos_names.buf, out);
	}
	if (im->acct_names.len) {
		strbuf_addstr(out, "\n# The accounts the partitions name; 'clusterctl import "
			      "accounting' prints the\n# whole tree (use its accounts: "
			      "section instead).\naccounts:\n");
		emit_stubs(im->acct_names.buf, out);
	}
}

/* ---- the cluster: section and slurm_conf ---- */

/* slurm.conf keys modelled outside slurm_conf, read into the cluster: section. */
static void read_cluster(struct imp *im)
{
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		const char *v = l->kv[0].value;

		if (key_is(l, "SlurmctldHost") && !im->controller)
			split_host(v, &im->controller, &im->controller_addr);
		else if (key_is(l, "SlurmctldHost"))
			split_host(v, &im->backup, &im->backup_addr);
		else if (key_is(l, "AccountingStorageHost")) {
			free(im->dbd);
			im->dbd = xstrdup(v);
		}
	}
	/* AccountingStorageHost may be an address: name the host it is */
	if (im->dbd && im->controller_addr && !strcmp(im->dbd, im->controller_addr)) {
		free(im->dbd);
		im->dbd = xstrdup(im->controller);
	}
	for (size_t i = 0; im->dbd && i < im->n_nodes; i++)
		if (im->nodes[i].addr && !strcmp(im->dbd, im->nodes[i].addr)) {
			free(im->dbd);
			im->dbd = xstrdup(im->nodes[i].name);
		}
}

/* cluster: keys from modelled slurm.conf keys. */
static void emit_cluster_keys(struct imp *im, struct strbuf *out)
{
	static const char *const ports[][3] = {
		{ "SlurmctldPort", "slurmctld_port", "6817" },
		{ "SlurmdPort", "slurmd_port", "6818" },
		{ "AccountingStoragePort", "slurmdbd_port", "6819" },
	};
	const char *v;

	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];

		v = l->kv[0].value;
		if (key_is(l, "ClusterName")) {
			strbuf_addstr(out, "  name: ");
			yamlout_scalar(out, v);
			strbuf_addch(out, '\n');
		}
	}
	strbuf_addstr(out, "  # slurm.conf does not say which release it is for\n"
		      "  slurm_version: \"22.05\"\n");
	if (im->controller)
		strbuf_addf(out, "  controller: %s\n", im->controller);
	if (im->backup)
		strbuf_addf(out, "  backup_controller: %s\n", im->backup);
	if (im->dbd)
		strbuf_addf(out, "  accounting_host: %s\n", im->dbd);
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];

		v = l->kv[0].value;
		if (key_is(l, "SlurmUser"))
			strbuf_addf(out, "  slurm_user: {name: %s}\n", v);
		for (size_t k = 0; k < ARRAY_SIZE(ports); k++)
			if (key_is(l, ports[k][0]) && strcmp(v, ports[k][2]))
				strbuf_addf(out, "  %s: %s\n", ports[k][1], v);
	}
}

/* True when the rendered conf r has key with exactly value. */
static bool rendered_same(const struct slurmconf *r, const char *key, const char *value)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcasecmp(r->lines[i].kv[0].key, key))
			return !strcmp(r->lines[i].kv[0].value, value);
	return false;
}

static bool source_has(const struct slurmconf *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcasecmp(c->lines[i].kv[0].key, key))
			return true;
	return false;
}

/* Lines that are not a slurm.conf setting (nodes, partitions, node sets, ...). */
static bool line_kind(const struct slurmconf_line *l)
{
	static const char *const keys[] = { "NodeName", "PartitionName", "NodeSet",
					    "DownNodes", "FrontendName", "Include",
					    "SwitchName" };

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (key_is(l, keys[i]))
			return true;
	return false;
}

/* The address of host name as the inventory gives it, or NULL. */
static const char *addr_of(const struct imp *im, const char *name)
{
	if (im->controller && !strcmp(name, im->controller))
		return im->controller_addr;
	if (im->backup && !strcmp(name, im->backup))
		return im->backup_addr;
	for (size_t i = 0; i < im->n_nodes; i++)
		if (!strcmp(im->nodes[i].name, name))
			return im->nodes[i].addr;
	return NULL;
}

/* A host written as its name in one file and its address in the other. */
static bool same_host(const struct imp *im, const char *a, const char *b)
{
	const char *aa = addr_of(im, a), *ba = addr_of(im, b);

	return (aa && !strcmp(aa, b)) || (ba && !strcmp(ba, a));
}

/* True when the rendered key names the same host as value. */
static bool rendered_host(const struct imp *im, const struct slurmconf *r,
			  const char *key, const char *value)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcasecmp(r->lines[i].kv[0].key, key))
			return same_host(im, value, r->lines[i].kv[0].value);
	return false;
}

/*
 * slurm_conf: the source keys a render without them does not write the
 * same way (and every key from clusterctl's own site section).
 */
static void emit_slurm_conf(struct imp *im, const struct slurmconf *r,
			    struct strbuf *out)
{
	struct strbuf notes = STRBUF_INIT;
	bool any = false;

	for (size_t i = 0; i < r->n; i++) {
		const struct slurmconf_line *l = &r->lines[i];

		if (!line_kind(l) && !source_has(&im->conf, l->kv[0].key))
			strbuf_addf(&notes, "  #   %s=%s\n", l->kv[0].key, l->kv[0].value);
	}
	if (notes.len)
		strbuf_addf(out, "  # clusterctl also writes these, which this "
			    "slurm.conf does not have:\n%s", notes.buf);
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		struct slurmkey_check ck;

		if (line_kind(l))
			continue;
		slurmkeys_check(SLURMKEYS_CONF, l->kv[0].key,
				slurmkeys_version_index("22.05"), &ck);
		if (ck.status == SLURMKEY_MODELLED) {
			if (!rendered_same(r, l->kv[0].key, l->kv[0].value) &&
			    !rendered_host(im, r, l->kv[0].key, l->kv[0].value))
				iproblem(im, l->lineno, "%s=%s: the inventory renders it "
					 "differently (%s)", l->kv[0].key,
					 l->kv[0].value, ck.hint);
			continue;
		}
		if (!l->site && rendered_same(r, l->kv[0].key, l->kv[0].value))
			continue;
		if (!any)
			strbuf_addstr(out, "  slurm_conf:\n");
		any = true;
		strbuf_addf(out, "    %s: ", l->kv[0].key);
		yamlout_scalar(out, l->kv[0].value);
		strbuf_addch(out, '\n');
	}
	strbuf_release(&notes);
}

/* Lines the schema has no place for at all. */
static void unplaceable(struct imp *im)
{
	static const char *const keys[] = { "NodeSet", "DownNodes", "FrontendName",
					    "Include", "SwitchName" };

	for (size_t i = 0; i < im->conf.n; i++)
		for (size_t k = 0; k < ARRAY_SIZE(keys); k++)
			if (key_is(&im->conf.lines[i], keys[k]))
				iproblem(im, im->conf.lines[i].lineno, "%s= lines are not in "
					 "the schema: left out", keys[k]);
	for (size_t i = 0; i < im->gres.n; i++) {
		const char *name = slurmconf_get(&im->gres.lines[i], "Name");

		if (name && strcmp(name, "gpu"))
			strbuf_addf(im->problems, "%s:%u: GRES '%s': only GPUs are in "
				    "the schema: left out\n", im->src->gres_path,
				    im->gres.lines[i].lineno, name), im->n_problems++;
	}
}

/* ---- rendering the candidate ---- */

/* Renders yaml and parses the controller's slurm.conf into r. */
static int render_conf(const struct imp *im, const char *yaml, struct slurmconf *r,
		       char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct rendered_set set = RENDERED_SET_INIT;
	struct model *m = inventory_load_string("imported.yaml", yaml, strlen(yaml), &dl);
	const struct rendered_file *f;
	int rc = -1;

	if (m && validate_model(m, &dl) == 0 && render_cluster(m, &set, &dl) == 0 &&
	    (f = rendered_set_find(&set, im->controller,
				   "/etc/slurm/slurm.conf"))) {
		const struct rendered_blob *b = rendered_file_blob(&set, f);

		rc = slurmconf_parse("rendered", b->bytes, b->len, false, r, cause);
	} else {
		struct strbuf sb = STRBUF_INIT;

		diag_sort(&dl);
		for (size_t i = 0; i < dl.n && i < 5; i++) {
			char *s = diag_format(&dl.items[i]);

			strbuf_addf(&sb, "\n  %s", s);
			free(s);
		}
		*cause = xasprintf("the imported inventory does not validate (GPUs "
				   "without gres.conf lines?):%s", sb.buf);
		strbuf_release(&sb);
	}
	rendered_set_release(&set);
	model_free(m);
	diag_release(&dl);
	return rc;
}

static void imp_release(struct imp *im)
{
	for (size_t i = 0; i < im->n_nodes; i++) {
		free(im->nodes[i].name);
		free(im->nodes[i].addr);
	}
	for (size_t i = 0; i < im->n_types; i++) {
		free(im->types[i].sig);
		free(im->types[i].name);
		strbuf_release(&im->types[i].yaml);
	}
	free(im->nodes);
	free(im->types);
	free(im->controller);
	free(im->controller_addr);
	free(im->backup);
	free(im->backup_addr);
	free(im->dbd);
	strbuf_release(&im->qos_names);
	strbuf_release(&im->acct_names);
	slurmconf_release(&im->conf);
	slurmconf_release(&im->gres);
}

int import_nodes(const struct import_source *src, struct strbuf *out,
		 struct strbuf *problems, char **cause)
{
	struct imp im = { .src = src, .problems = problems };
	struct strbuf head = STRBUF_INIT, body = STRBUF_INIT, full = STRBUF_INIT;
	struct slurmconf r = { 0 };
	int rc = -1;

	strbuf_init(&im.qos_names);
	strbuf_init(&im.acct_names);
	if (slurmconf_parse(src->conf_path, src->conf, src->conf_len, false, &im.conf, cause) < 0 ||
	    (src->gres && slurmconf_parse(src->gres_path, src->gres, src->gres_len, true,
					  &im.gres, cause) < 0))
		goto out;
	for (size_t i = 0; i < im.conf.n; i++)
		if (key_is(&im.conf.lines[i], "NodeName") && add_node_line(&im, i, cause) < 0)
			goto out;
	read_cluster(&im);
	if (!im.controller) {
		*cause = xasprintf("%s: no SlurmctldHost= line", src->conf_path);
		goto out;
	}
	unplaceable(&im);
	emit_cluster_keys(&im, &head);
	emit_types(&im, &body);
	emit_hosts(&im, &body);
	emit_partitions(&im, &body);
	emit_stubs_sections(&im, &body);
	strbuf_addf(&full, "cluster:\n%s%s", head.buf, body.buf);
	if (render_conf(&im, full.buf, &r, cause) < 0)
		goto out;
	strbuf_addf(out, "# Imported by clusterctl from %s%s%s.\ncluster:\n%s",
		    src->conf_path, src->gres_path ? " and " : "",
		    src->gres_path ? src->gres_path : "", head.buf);
	emit_slurm_conf(&im, &r, out);
	strbuf_addstr(out, body.buf);
	rc = im.n_problems;
out:
	slurmconf_release(&r);
	strbuf_release(&head);
	strbuf_release(&body);
	strbuf_release(&full);
	imp_release(&im);
	return rc;
}
