/*
 * import_hw.c: the hardware half of "import nodes": each NodeName= line's
 * nodes, their GPUs and other GRES (shard, mps, a site's own) from Gres=
 * and gres.conf, node types inferred from
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

/* ---- GRES: slurm.conf's Gres= and the gres.conf records for the node ---- */

/* One item of a Gres= value: gpu:a100:2 -> name gpu, type a100, count 2. */
struct gres_item {
	char *name, *type;
	uint64_t count;
	const char *text;	/* the item as written, borrowed */
};

static void gres_item_release(struct gres_item *g)
{
	free(g->name);
	free(g->type);
}

/* Parses item s; -1 when it has what the inventory cannot say (a socket list, a bad count). */
static int gres_item_parse(const char *s, struct gres_item *g)
{
	const char *c1 = strchr(s, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	const char *count = c2 ? c2 + 1 : c1 ? c1 + 1 : NULL;

	memset(g, 0, sizeof(*g));
	g->text = s;
	g->name = xstrndup(s, c1 ? (size_t)(c1 - s) : strlen(s));
	g->count = 1;
	if (c1 && !c2 && slurmread_count(c1 + 1, &g->count) < 0) {
		/* gpu:a100 is type a100, one of it */
		g->type = xstrdup(c1 + 1);
		return strchr(g->type, '(') ? -1 : 0;
	}
	if (c2)
		g->type = xstrndup(c1 + 1, (size_t)(c2 - c1 - 1));
	return count && c2 && slurmread_count(count, &g->count) < 0 ? -1 : 0;
}

/* The gres.conf records of one GRES name and type on one node, in file order. */
struct gpu_recs {
	const struct slurmgres_rec **recs;	/* borrowed from im->gres */
	size_t n;
	uint64_t count;
	size_t with_file, typed;	/* File= or MultipleFiles=; Type= */
	size_t multiple;		/* MultipleFiles= */
	const struct slurmgres_rec *other_untyped;	/* no Type= for a typed item */
};

static void gpu_recs_of(const struct imp *im, const char *node, const char *name,
			const char *type, struct gpu_recs *r)
{
	r->recs = xcalloc(im->gres.n + 1, sizeof(*r->recs));
	for (size_t i = 0; i < im->gres.n; i++) {
		const struct slurmgres_rec *g = &im->gres.recs[i];

		if (!g->name || strcasecmp(g->name, name) || !slurmgres_for_node(g, node))
			continue;
		if (type && !g->type && !r->other_untyped)
			r->other_untyped = g;
		if (type && (!g->type || strcasecmp(g->type, type)))
			continue;
		r->recs[r->n++] = g;
		r->count += g->count;
		r->with_file += g->file || g->multiple_files;
		r->typed += g->type != NULL;
		r->multiple += g->multiple_files != NULL;
	}
}

/* files folded, or NULL when folding would reorder them (the GPU indexes). */
static char *fold_files(const struct hostlist *files)
{
	char *s = hostlist_compress((const char *const *)files->names, files->n);
	struct hostlist back = HOSTLIST_INIT;
	char *cause = NULL;
	bool same = hostlist_expand(s, &back, &cause) == 0 && back.n == files->n;

	for (size_t i = 0; same && i < back.n; i++)
		same = !strcmp(back.names[i], files->names[i]);
	free(cause);
	hostlist_release(&back);
	if (!same) {
		free(s);
		return NULL;
	}
	return s;
}

/* The most a gres: entry counts (inventory_nodes.c). */
#define GRES_COUNT_MAX (1ULL << 50)

static bool is_gpu(const struct gres_item *g)
{
	return !strcasecmp(g->name, "gpu");
}

/*
 * Why the gres.conf records r of item g cannot be said as gpus: or gres:
 * entries, or NULL; *where the record to blame (NULL: the NodeName= line).
 */
static const char *gpu_unsayable(const struct gres_item *g, const struct gpu_recs *r,
				 const struct slurmgres_rec **where)
{
	*where = r->n ? r->recs[0] : r->other_untyped;
	if (!is_gpu(g) && r->multiple)
		return "MultipleFiles= for a GRES other than gpu";
	if (!is_gpu(g) && g->count > GRES_COUNT_MAX)
		return "a count above what a gres: entry holds (2^50)";
	if (!g->type && r->typed)
		return "Type= in gres.conf for an untyped Gres=";
	if (r->other_untyped)
		return "a gres.conf line without Type= for a typed Gres=";
	if (r->with_file && r->with_file != r->n)
		return "File= lines mixed with Count= lines";
	if (r->n && r->count != g->count)
		return is_gpu(g) ? "a GPU count other than slurm.conf's Gres=" :
				   "a count other than slurm.conf's Gres=";
	return NULL;
}

/*
 * One gpus: entry: consecutive records that say the same but their
 * files (which fold, in order, into one hostlist).
 */
struct gpu_entry {
	const struct slurmgres_rec *first;
	struct hostlist files;
	uint64_t count;
};

static bool same_opt(const char *a, const char *b)
{
	return a ? b && !strcmp(a, b) : !b;
}

/* Can record g join entry e (one line for both, nothing lost)? */
static bool entry_joins(const struct gpu_entry *e, const struct slurmgres_rec *g)
{
	struct hostlist both = HOSTLIST_INIT;
	char *folded;
	size_t k;

	if (e->first->multiple_files || g->multiple_files || !e->first->file != !g->file ||
	    !same_opt(e->first->cores, g->cores) || !same_opt(e->first->links, g->links) ||
	    !same_opt(e->first->flags, g->flags))
		return false;
	/* shard, mps: one line's count is spread evenly over its files */
	if (model_gres_is_shared(g->name) && e->count * g->files.n != g->count * e->files.n)
		return false;
	for (k = 0; k < e->files.n; k++)
		hostlist_push(&both, e->files.names[k]);
	for (k = 0; k < g->files.n; k++)
		hostlist_push(&both, g->files.names[k]);
	folded = fold_files(&both);
	hostlist_release(&both);
	free(folded);
	return folded != NULL;
}

/* r's records as entries (each its first record, files, count); returns how many. */
static size_t gpu_entries(const struct gpu_recs *r, struct gpu_entry *out)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++) {
		const struct slurmgres_rec *g = r->recs[i];
		struct gpu_entry *e = n ? &out[n - 1] : NULL;

		if (!e || !entry_joins(e, g)) {
			e = &out[n++];
			e->first = g;
			e->files = (struct hostlist)HOSTLIST_INIT;
			e->count = 0;
		}
		e->count += g->count;
		for (size_t k = 0; k < g->files.n; k++)
			hostlist_push(&e->files, g->files.names[k]);
	}
	return n;
}

static void opt_yaml(struct strbuf *out, const char *key, const char *v)
{
	if (!v)
		return;
	strbuf_addf(out, ", %s: ", key);
	yamlout_scalar(out, v);
}

/* A gres: entry starts with its name (a gpus: entry has none). */
static void item_name_yaml(const struct gres_item *g, struct strbuf *out)
{
	if (is_gpu(g))
		return;
	strbuf_addstr(out, "name: ");
	yamlout_scalar(out, g->name);
	strbuf_addstr(out, ", ");
}

/* Entry e of item g as a flow mapping; ad on the item's first entry only. */
static void entry_yaml(const struct gres_item *g, const struct gpu_entry *e,
		       const char *ad, struct strbuf *out)
{
	char *files = e->files.n ? fold_files(&e->files) : NULL;

	strbuf_addch(out, '{');
	item_name_yaml(g, out);
	if (g->type)
		strbuf_addf(out, "type: %s, ", g->type);
	strbuf_addf(out, "count: %llu", (unsigned long long)e->count);
	opt_yaml(out, "autodetect", ad);
	opt_yaml(out, "files", files);
	opt_yaml(out, "multiple_files", e->first->multiple_files);
	opt_yaml(out, "cores", e->first->cores);
	opt_yaml(out, "links", e->first->links);
	opt_yaml(out, "flags", e->first->flags);
	strbuf_addch(out, '}');
	free(files);
}

/* The gpus: or gres: entries of a node's Gres=, as YAML flow mappings (owned). */
struct entry_list {
	char **v;
	size_t n, alloc;
};

static void entry_list_take(struct entry_list *el, struct strbuf *sb)
{
	XGROW(el->v, el->alloc, el->n + 1);
	el->v[el->n++] = strbuf_detach(sb, NULL);
}

/* Item g without device lines (none, or AutoDetect's): one entry. */
static void countonly_yaml(const struct gres_item *g, const char *ad, struct strbuf *out)
{
	strbuf_addch(out, '{');
	item_name_yaml(g, out);
	if (g->type)
		strbuf_addf(out, "type: %s, ", g->type);
	strbuf_addf(out, "count: %llu", (unsigned long long)g->count);
	opt_yaml(out, "autodetect", ad);
	strbuf_addch(out, '}');
}

/*
 * Adds item g's gpus: (or gres:) entries for node to out; -1 (and a
 * problem when report) if the inventory cannot say them. AutoDetect finds
 * GPUs only: the other GRES are their lines.
 */
static int gpu_yaml(struct imp *im, const struct gres_item *g, const char *node,
		    const struct slurmconf_line *l, bool report, struct entry_list *out)
{
	struct gpu_recs r = { 0 };
	struct gpu_entry *ents;
	const struct slurmgres_rec *where;
	const char *ad = slurmgres_autodetect(&im->gres, node), *why;
	struct strbuf one = STRBUF_INIT;
	size_t n;

	if ((ad && !strcasecmp(ad, "off")) || !is_gpu(g))
		ad = NULL;
	gpu_recs_of(im, node, g->name, g->type, &r);
	why = gpu_unsayable(g, &r, &where);
	if (why) {
		if (report)
			imp_problem(im, where ? where->path : l->path,
				    where ? where->lineno : l->lineno, "Gres '%s' on %s: %s: "
				    "not in the schema: left out", g->text, node, why);
		free(r.recs);
		return -1;
	}
	if (!r.n || (ad && !r.with_file)) {
		countonly_yaml(g, ad, &one);
		entry_list_take(out, &one);
		free(r.recs);
		return 0;
	}
	ents = xcalloc(r.n, sizeof(*ents));
	n = gpu_entries(&r, ents);
	for (size_t i = 0; i < n; i++) {
		entry_yaml(g, &ents[i], i ? NULL : ad, &one);
		entry_list_take(out, &one);
		hostlist_release(&ents[i].files);
	}
	free(ents);
	free(r.recs);
	return 0;
}

bool imp_gres_named(const struct imp *im, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < im->conf.n; i++) {
		const char *v = imp_key_is(&im->conf.lines[i], "NodeName") ?
			slurmconf_get(&im->conf.lines[i], "Gres") : NULL;

		for (const char *p = v; p && *p;) {
			size_t len = strcspn(p, ",");

			if (strcspn(p, ":,") == n && !strncasecmp(p, name, n))
				return true;
			p += len + (p[len] == ',');
		}
	}
	return false;
}

/* The items of a node's Gres=: each name and type (NULL: untyped), owned. */
struct named_items {
	char **names, **types;
	size_t n;
};

static void named_items_release(struct named_items *nm)
{
	for (size_t i = 0; i < nm->n; i++) {
		free(nm->names[i]);
		free(nm->types[i]);
	}
	free(nm->names);
	free(nm->types);
}

/* True when an item of Gres= takes record g: of its name, and of its type or untyped. */
static bool gres_names_rec(const struct named_items *nm, const struct slurmgres_rec *g)
{
	for (size_t i = 0; i < nm->n; i++)
		if (!strcasecmp(nm->names[i], g->name) &&
		    /* an untyped item takes every line; an untyped line is its own problem */
		    (!nm->types[i] || !g->type || !strcasecmp(nm->types[i], g->type)))
			return true;
	return false;
}

/*
 * gres.conf lines for node of a GRES name or type its Gres= does not name:
 * slurmd reports those devices, slurmctld has none of them, and the render
 * would drop the line.
 */
static void unnamed_types(struct imp *im, const char *node, const struct named_items *nm,
			  bool report)
{
	for (size_t i = 0; report && i < im->gres.n; i++) {
		const struct slurmgres_rec *g = &im->gres.recs[i];
		bool name_named = false;

		/* a name no node's Gres= has is named once, for the file */
		if (!g->name || !slurmgres_for_node(g, node) || gres_names_rec(nm, g) ||
		    !imp_gres_named(im, g->name))
			continue;
		for (size_t k = 0; k < nm->n; k++)
			name_named |= !strcasecmp(nm->names[k], g->name);
		if (name_named)
			imp_problem(im, g->path, g->lineno, "Gres of %s: gres.conf Type=%s, "
				    "which its Gres= does not name: not in the schema: left "
				    "out", node, g->type);
		else
			imp_problem(im, g->path, g->lineno, "Gres of %s: gres.conf Name=%s, "
				    "which its Gres= does not name: not in the schema: left "
				    "out", node, g->name);
	}
}

/* el's entries as a key's value: one inline, several as a block list. */
static void entries_yaml(struct entry_list *el, struct strbuf *out)
{
	for (size_t i = 0; i < el->n; i++) {
		if (el->n == 1)
			strbuf_addstr(out, el->v[i]);
		else
			strbuf_addf(out, "\n      - %s", el->v[i]);
		free(el->v[i]);
	}
	free(el->v);
}

/*
 * Gres=gpu:a40:8,gpu:2,shard:16 + gres.conf -> the gpus: value of node in
 * gpus, the gres: value in other: one entry inline, several as a block
 * list (indented for a node type's key).
 */
static void gres_yaml(struct imp *im, const struct slurmconf_line *l, const char *gres,
		      const char *node, bool report, struct strbuf *gpus, struct strbuf *other)
{
	char *copy = xstrdup(gres), *save = NULL;
	struct entry_list gl = { 0 }, ol = { 0 };
	struct named_items nm = { 0 };

	nm.names = xcalloc(strlen(gres) + 1, sizeof(*nm.names));
	nm.types = xcalloc(strlen(gres) + 1, sizeof(*nm.types));
	for (char *s = strtok_r(copy, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
		struct gres_item g;

		if (gres_item_parse(s, &g) < 0) {
			if (report)
				imp_problem(im, l->path, l->lineno, "Gres '%s': a socket list "
					    "or count the schema has no place for: left out", s);
		} else {
			nm.names[nm.n] = xstrdup(g.name);
			nm.types[nm.n++] = g.type ? xstrdup(g.type) : NULL;
			gpu_yaml(im, &g, node, l, report, is_gpu(&g) ? &gl : &ol);
		}
		gres_item_release(&g);
	}
	unnamed_types(im, node, &nm, report);
	named_items_release(&nm);
	entries_yaml(&gl, gpus);
	entries_yaml(&ol, other);
	free(copy);
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

		gres_yaml(im, l, v, name, report, &g, &o);
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

	if (hostlist_expand(l->kv[0].value, &names, cause) < 0 ||
	    per_node(l, "NodeAddr", names.n, &addrs, cause) < 0 ||
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
