/*
 * capacity.c: slurmctld's view of nodes and partitions, the model's, and
 * what one has that the other lacks (capacity.h). scontrol's -o lines are
 * "Key=Value" words; a value may hold blanks (OS=, Reason=), whose other
 * words carry no '=' of a key we read, so a word is read only when it
 * starts with a key this file asks for.
 */
#include "base/compat.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "observe/capacity.h"
#include "slurm/hostlist.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "inventory/model.h"
#include "acct/rows/acct_value.h"

const char *const capacity_limit_keys[CAP_N_LIMITS] = {
	"DefaultTime", "MaxTime", "MaxNodes", "MaxCPUsPerNode", "GraceTime",
	"DefMemPerCPU", "DefMemPerNode", "MaxMemPerCPU", "MaxMemPerNode",
};

/* The memory limits a partition inherits from slurm.conf's global keys. */
#define CAP_FIRST_GLOBAL_LIMIT 5

/* ---- the data ---- */

static void cap_node_release(struct cap_node *n)
{
	for (size_t i = 0; i < n->n_gres; i++) {
		free(n->gres[i].name);
		free(n->gres[i].type);
	}
	free(n->gres);
	for (size_t i = 0; i < n->n_features; i++)
		free(n->features[i]);
	free(n->features);
	free(n->name);
}

static void cap_part_release(struct cap_part *p)
{
	for (size_t i = 0; i < p->n_nodes; i++)
		free(p->nodes[i]);
	free(p->nodes);
	for (size_t i = 0; i < CAP_N_LIMITS; i++)
		free(p->limits[i]);
	free(p->name);
}

void capacity_view_release(struct cap_view *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n_nodes; i++)
		cap_node_release(&v->nodes[i]);
	for (size_t i = 0; i < v->n_parts; i++)
		cap_part_release(&v->parts[i]);
	free(v->nodes);
	free(v->parts);
	free(v->error);
	memset(v, 0, sizeof(*v));
}

void capacity_list_free(char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

static struct cap_node *add_node(struct cap_view *v, const char *name)
{
	struct cap_node *n;

	v->nodes = xrealloc(v->nodes, (v->n_nodes + 1) * sizeof(*v->nodes));
	n = &v->nodes[v->n_nodes++];
	memset(n, 0, sizeof(*n));
	n->name = xstrdup(name);
	return n;
}

static struct cap_part *add_part(struct cap_view *v, const char *name)
{
	struct cap_part *p;

	v->parts = xrealloc(v->parts, (v->n_parts + 1) * sizeof(*v->parts));
	p = &v->parts[v->n_parts++];
	memset(p, 0, sizeof(*p));
	p->name = xstrdup(name);
	return p;
}

/* Adds count to the node's (name, type) resource. */
/*
 * A node's count of name:type. shard and mps count by name alone: slurmd
 * gives each the type of the GPU it shares, so slurmctld shows "shard:8"
 * (slurm.conf's) until the node registers and "shard:a100:8" after.
 */
static void add_gres(struct cap_node *n, const char *name, size_t nlen,
		     const char *type, size_t tlen, long long count)
{
	char *nm = xstrndup(name, nlen);

	if (model_gres_is_shared(nm))
		type = NULL;
	free(nm);
	for (size_t i = 0; i < n->n_gres; i++) {
		struct cap_gres *g = &n->gres[i];

		if (strlen(g->name) == nlen && !strncmp(g->name, name, nlen) &&
		    (g->type ? type && strlen(g->type) == tlen &&
		     !strncmp(g->type, type, tlen) : !type)) {
			g->count += count;
			return;
		}
	}
	n->gres = xrealloc(n->gres, (n->n_gres + 1) * sizeof(*n->gres));
	n->gres[n->n_gres].name = xstrndup(name, nlen);
	n->gres[n->n_gres].type = type ? xstrndup(type, tlen) : NULL;
	n->gres[n->n_gres++].count = count;
}

static void add_feature(struct cap_node *n, const char *f, size_t len)
{
	n->features = xrealloc(n->features, (n->n_features + 1) * sizeof(char *));
	n->features[n->n_features++] = xstrndup(f, len);
}

/* ---- scontrol's lines ---- */

/*
 * The value of key in line (one -o line, NUL- or newline-ended), its
 * length in *len; NULL when no word starts with "key=".
 */
static const char *word_value(const char *line, const char *key, size_t *len)
{
	size_t klen = strlen(key);
	const char *p = line;

	while (*p && *p != '\n') {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			p += klen + 1;
			*len = strcspn(p, " \t\n");
			return p;
		}
		p += strcspn(p, " \t\n");
	}
	return NULL;
}

/* "(null)", "N/A", "NONE", "UNLIMITED", "0" or empty: Slurm's "not set". */
static bool unset_value(const char *v, size_t len)
{
	static const char *const words[] = { "(null)", "N/A", "NONE",
					     "UNLIMITED", "0", "" };

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == len && !strncasecmp(v, words[i], len))
			return true;
	return false;
}

/* A whole number of len bytes (K, M, G: times 1024 each, as gres counts). */
static bool read_count(const char *s, size_t len, long long *out)
{
	static const char units[] = "KMG";
	const char *u;
	char *end;
	long long v;

	if (!len || !isdigit((unsigned char)*s))
		return false;
	v = strtoll(s, &end, 10);
	if (end < s + len && *end && (u = strchr(units, toupper((unsigned char)*end)))) {
		for (const char *w = units; w <= u; w++)
			v *= 1024;
		end++;
	}
	*out = v;
	return end == s + len;
}

/* One "gpu:a100:2(S:0-1)" item of Gres=; false when it does not read. */
static bool parse_gres_item(struct cap_node *n, const char *s, size_t len)
{
	const char *paren = memchr(s, '(', len);
	const char *c1, *c2;
	long long count = 1;

	if (paren)
		len = (size_t)(paren - s);
	c1 = memchr(s, ':', len);
	if (!c1) {
		add_gres(n, s, len, NULL, 0, 1);
		return len > 0;
	}
	c2 = memchr(c1 + 1, ':', len - (size_t)(c1 + 1 - s));
	if (c2) {
		if (!read_count(c2 + 1, len - (size_t)(c2 + 1 - s), &count))
			return false;
		add_gres(n, s, (size_t)(c1 - s), c1 + 1, (size_t)(c2 - c1 - 1), count);
	} else if (read_count(c1 + 1, len - (size_t)(c1 + 1 - s), &count)) {
		add_gres(n, s, (size_t)(c1 - s), NULL, 0, count);
	} else {
		add_gres(n, s, (size_t)(c1 - s), c1 + 1, len - (size_t)(c1 + 1 - s), 1);
	}
	return true;
}

/* Gres= of a node: comma-separated items, commas inside (...) kept. */
static bool parse_gres(struct cap_node *n, const char *v, size_t len)
{
	size_t start = 0, depth = 0;

	if (unset_value(v, len))
		return true;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && v[i] == '(')
			depth++;
		else if (i < len && v[i] == ')' && depth)
			depth--;
		else if (i == len || (v[i] == ',' && !depth)) {
			if (!parse_gres_item(n, v + start, i - start))
				return false;
			start = i + 1;
		}
	}
	return true;
}

/* A comma list value into add(): features. */
static void parse_features(struct cap_node *n, const char *v, size_t len)
{
	size_t start = 0;

	if (unset_value(v, len))
		return;
	for (size_t i = 0; i <= len; i++)
		if (i == len || v[i] == ',') {
			if (i > start)
				add_feature(n, v + start, i - start);
			start = i + 1;
		}
}

/* The first line of text, or the next one after *line; NULL at the end. */
static const char *next_line(const char *text, const char *line)
{
	if (!line)
		return *text ? text : NULL;
	line = strchr(line, '\n');
	return line && line[1] ? line + 1 : NULL;
}

static int parse_node_line(const char *line, struct cap_view *v, char **cause)
{
	const char *name, *val;
	size_t len, nlen;
	struct cap_node *n;
	char *s;

	name = word_value(line, "NodeName", &nlen);
	s = xstrndup(name, nlen);
	n = add_node(v, s);
	free(s);
	if (!(val = word_value(line, "CPUTot", &len)) || !read_count(val, len, &n->cpus) ||
	    !(val = word_value(line, "RealMemory", &len)) ||
	    !read_count(val, len, &n->memory_mb) ||
	    ((val = word_value(line, "Gres", &len)) && !parse_gres(n, val, len))) {
		*cause = xasprintf("scontrol show node: cannot read node '%s' "
				   "(CPUTot, RealMemory or Gres)", n->name);
		return -1;
	}
	/* 22.05 and later say AvailableFeatures; older releases Features */
	if ((val = word_value(line, "AvailableFeatures", &len)) ||
	    (val = word_value(line, "Features", &len)))
		parse_features(n, val, len);
	return 0;
}

int capacity_parse_nodes(const char *text, struct cap_view *v, char **cause)
{
	for (const char *l = next_line(text, NULL); l; l = next_line(text, l))
		if (!strncmp(l, "NodeName=", 9) && parse_node_line(l, v, cause))
			return -1;
	return 0;
}

static int parse_part_line(const char *line, struct cap_view *v, char **cause)
{
	struct hostlist hl = HOSTLIST_INIT;
	const char *val;
	size_t len;
	struct cap_part *p;
	char *s;

	val = word_value(line, "PartitionName", &len);
	s = xstrndup(val, len);
	p = add_part(v, s);
	free(s);
	for (size_t k = 0; k < CAP_N_LIMITS; k++)
		if ((val = word_value(line, capacity_limit_keys[k], &len)) &&
		    !unset_value(val, len))
			p->limits[k] = xstrndup(val, len);
	if (!(val = word_value(line, "Nodes", &len)) || unset_value(val, len))
		return 0;
	s = xstrndup(val, len);
	if (hostlist_expand(s, &hl, cause)) {
		free(s);
		return -1;
	}
	free(s);
	p->nodes = hl.names;	/* taken */
	p->n_nodes = hl.n;
	return 0;
}

int capacity_parse_partitions(const char *text, struct cap_view *v,
			      char **cause)
{
	for (const char *l = next_line(text, NULL); l; l = next_line(text, l))
		if (!strncmp(l, "PartitionName=", 14) && parse_part_line(l, v, cause))
			return -1;
	return 0;
}

/* ---- the probe ---- */

void capacity_script(struct strbuf *sb, int tries)
{
	strbuf_addf(sb,
		"if ! command -v scontrol >/dev/null 2>&1; then\n"
		"  echo '@@C error'; echo 'scontrol is not installed'\n"
		"else\n"
		"  ok=; i=0\n"
		"  while [ $i -lt %d ]; do\n"
		"    p=; n=$(scontrol show node -o 2>&1) &&\n"
		"      p=$(scontrol show partition -o 2>&1) && { ok=1; break; }\n"
		"    i=$((i + 1)); [ $i -lt %d ] && sleep 1\n"
		"  done\n"
		"  if [ -n \"$ok\" ]; then\n"
		"    echo '@@C node'; printf '%%s\\n' \"$n\"; echo '@@C part'; printf '%%s\\n' \"$p\"\n"
		"  else echo '@@C error'; printf '%%s\\n' \"${p:-$n}\" | tail -n 1; fi\n"
		"fi\n", tries, tries);
}

/* The text after the line "@@C what" up to the next "@@C" line (copy). */
static char *section(const char *body, const char *what)
{
	char *mark = xasprintf("@@C %s\n", what);
	const char *s = strstr(body, mark), *e;

	if (s && s != body && s[-1] != '\n')
		s = NULL;
	if (s) {
		s += strlen(mark);
		e = strstr(s, "\n@@C ");
		free(mark);
		return e ? xstrndup(s, (size_t)(e - s + 1)) : xstrdup(s);
	}
	free(mark);
	return NULL;
}

void capacity_parse(const char *body, struct cap_view *v)
{
	char *nodes = section(body, "node"), *parts = section(body, "part");
	char *err = section(body, "error"), *cause = NULL;

	capacity_view_release(v);
	if (!nodes || !parts) {
		size_t n = err ? strcspn(err, "\n") : 0;

		v->error = xasprintf("scontrol did not answer%s%.*s", n ? ": " : "",
				     (int)(n > 200 ? 200 : n), err ? err : "");
	} else if (capacity_parse_nodes(nodes, v, &cause) ||
		   capacity_parse_partitions(parts, v, &cause)) {
		capacity_view_release(v);
		v->error = cause;
	} else {
		v->seen = true;
	}
	free(nodes);
	free(parts);
	free(err);
}

/* ---- the model ---- */

static const char *kv_get_nocase(const struct kv_list *kv, const char *key)
{
	for (size_t i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, key))
			return kv->items[i].value;
	return NULL;
}

/* CPUs as Slurm counts them when CPUs= is not given: 1 when nothing is. */
static long long model_cpus(const struct node_type *t)
{
	long long f[] = { t->boards, t->sockets, t->cores_per_socket,
			  t->threads_per_core }, cpus = 1;

	if (t->cpus > 0)
		return t->cpus;
	for (size_t i = 0; i < ARRAY_SIZE(f); i++)
		cpus *= f[i] > 0 ? f[i] : 1;
	return cpus;
}

static void model_node(struct cap_view *v, const struct host *h)
{
	const struct node_type *t = h->type;
	struct cap_node *n = add_node(v, h->name);

	n->cpus = model_cpus(t);
	n->memory_mb = t->memory_mb > 0 ? t->memory_mb : 1;	/* Slurm's default */
	for (size_t i = 0; i < t->n_gpus; i++)
		add_gres(n, "gpu", 3, t->gpus[i].type,
			 t->gpus[i].type ? strlen(t->gpus[i].type) : 0,
			 t->gpus[i].count);
	for (size_t i = 0; i < t->n_gres; i++)
		add_gres(n, t->gres[i].name, strlen(t->gres[i].name), t->gres[i].type,
			 t->gres[i].type ? strlen(t->gres[i].type) : 0, t->gres[i].count);
	for (size_t i = 0; i < t->features.n; i++)
		add_feature(n, t->features.items[i], strlen(t->features.items[i]));
}

static const char *model_limit(const struct model *m, const struct partition *p,
			       size_t k, char buf[32])
{
	const char *v = NULL;

	switch (k) {
	case 0: v = p->default_time; break;
	case 1: v = p->max_time; break;
	case 2:
		if (p->max_nodes > 0) {
			snprintf(buf, 32, "%lld", p->max_nodes);
			v = buf;
		}
		break;
	}
	if (!v)
		v = kv_get_nocase(&p->extra, capacity_limit_keys[k]);
	if (!v && k >= CAP_FIRST_GLOBAL_LIMIT)
		v = kv_get_nocase(&m->cluster.slurm_conf, capacity_limit_keys[k]);
	return v && !unset_value(v, strlen(v)) ? v : NULL;
}

static void model_part(struct cap_view *v, const struct model *m,
		       const struct partition *mp)
{
	struct cap_part *p = add_part(v, mp->name);
	struct hostlist hl = HOSTLIST_INIT;
	char buf[32], *cause = NULL;

	for (size_t k = 0; k < CAP_N_LIMITS; k++) {
		const char *val = model_limit(m, mp, k, buf);

		p->limits[k] = val ? xstrdup(val) : NULL;
	}
	if (!mp->nodes)
		return;
	if (!strcasecmp(mp->nodes, "ALL")) {
		for (size_t i = 0; i < model_n_declared(m); i++)
			if (m->hosts[i].type)
				hostlist_push(&hl, m->hosts[i].name);
	} else if (hostlist_expand(mp->nodes, &hl, &cause)) {
		free(cause);	/* validate refused it already */
	}
	p->nodes = hl.names;
	p->n_nodes = hl.n;
}

void capacity_from_model(const struct model *m, struct cap_view *v)
{
	memset(v, 0, sizeof(*v));
	v->seen = true;
	for (size_t i = 0; i < model_n_declared(m); i++)
		if (m->hosts[i].type)
			model_node(v, &m->hosts[i]);
	for (size_t i = 0; i < m->n_partitions; i++)
		model_part(v, m, &m->partitions[i]);
}

/* ---- comparing ---- */

enum cap_kind { CAP_GONE, CAP_CPUS, CAP_MEMORY, CAP_GRES, CAP_FEATURE };

/* One node's difference; records that differ only in node fold together. */
struct cap_rec {
	enum cap_kind kind;
	char *what;		/* owned: "gpu:a100", a feature; NULL */
	long long have, want;
	const char *node;	/* borrowed */
	size_t seq;		/* the node's position: hostlists keep order */
};

struct cap_recs {
	struct cap_rec *items;
	size_t n;
};

static void rec_add(struct cap_recs *r, enum cap_kind kind, const char *what,
		    long long have, long long want, const char *node, size_t seq)
{
	r->items = xrealloc(r->items, (r->n + 1) * sizeof(*r->items));
	r->items[r->n++] = (struct cap_rec){ kind, what ? xstrdup(what) : NULL,
					     have, want, node, seq };
}

static int rec_same(const struct cap_rec *a, const struct cap_rec *b)
{
	int c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if ((c = strcmp(a->what ? a->what : "", b->what ? b->what : "")))
		return c;
	if (a->have != b->have)
		return a->have < b->have ? -1 : 1;
	if (a->want != b->want)
		return a->want < b->want ? -1 : 1;
	return 0;
}

static int rec_cmp(const void *x, const void *y)
{
	const struct cap_rec *a = x, *b = y;
	int c = rec_same(a, b);

	return c ? c : a->seq < b->seq ? -1 : a->seq > b->seq;
}

static const struct cap_node *find_node(const struct cap_view *v, const char *name)
{
	for (size_t i = 0; i < v->n_nodes; i++)
		if (!strcmp(v->nodes[i].name, name))
			return &v->nodes[i];
	return NULL;
}

static const struct cap_part *find_part(const struct cap_view *v, const char *name)
{
	for (size_t i = 0; i < v->n_parts; i++)
		if (!strcmp(v->parts[i].name, name))
			return &v->parts[i];
	return NULL;
}

/* "gpu:a100" or "gpu" (newly allocated). */
static char *gres_key(const struct cap_gres *g)
{
	return g->type ? xasprintf("%s:%s", g->name, g->type) : xstrdup(g->name);
}

static long long gres_count(const struct cap_node *n, const char *key)
{
	for (size_t i = 0; i < n->n_gres; i++) {
		char *k = gres_key(&n->gres[i]);
		bool same = !strcmp(k, key);

		free(k);
		if (same)
			return n->gres[i].count;
	}
	return 0;
}

static bool has_feature(const struct cap_node *n, const char *f)
{
	for (size_t i = 0; i < n->n_features; i++)
		if (!strcmp(n->features[i], f))
			return true;
	return false;
}

/*
 * What node a (with seq) has that b lacks or holds less of: records with
 * have = a's, want = b's. b NULL: the node is gone.
 */
static void node_less(struct cap_recs *r, const struct cap_node *a,
		      const struct cap_node *b, size_t seq, bool exact)
{
	if (!b) {
		rec_add(r, CAP_GONE, NULL, 0, 0, a->name, seq);
		return;
	}
	if (b->cpus < a->cpus || (exact && b->cpus != a->cpus))
		rec_add(r, CAP_CPUS, NULL, a->cpus, b->cpus, a->name, seq);
	if (b->memory_mb < a->memory_mb || (exact && b->memory_mb != a->memory_mb))
		rec_add(r, CAP_MEMORY, NULL, a->memory_mb, b->memory_mb, a->name, seq);
	for (size_t i = 0; i < a->n_gres; i++) {
		char *k = gres_key(&a->gres[i]);
		long long c = gres_count(b, k);

		if (c < a->gres[i].count || (exact && c != a->gres[i].count))
			rec_add(r, CAP_GRES, k, a->gres[i].count, c, a->name, seq);
		free(k);
	}
	for (size_t i = 0; i < a->n_features; i++)
		if (!has_feature(b, a->features[i]))
			rec_add(r, CAP_FEATURE, a->features[i], 0, 0, a->name, seq);
}

/* A loss, b's side being what apply leaves. */
static char *loss_text(const struct cap_rec *c, const char *hosts, size_t n)
{
	bool one = n == 1;
	const char *s = one ? "s" : "";

	switch (c->kind) {
	case CAP_GONE:
		return xasprintf("node%s %s removed", one ? "" : "s", hosts);
	case CAP_CPUS:
		return xasprintf("node%s %s lose%s %lld CPU%s%s (%lld -> %lld)",
				 one ? "" : "s", hosts, s, c->have - c->want,
				 c->have - c->want == 1 ? "" : "s",
				 one ? "" : " each", c->have, c->want);
	case CAP_MEMORY:
		return xasprintf("node%s %s lose%s %lld MB of memory%s (RealMemory "
				 "%lld -> %lld)", one ? "" : "s", hosts, s,
				 c->have - c->want, one ? "" : " each", c->have, c->want);
	case CAP_GRES:
		if (!strncmp(c->what, "gpu", 3) && (!c->what[3] || c->what[3] == ':'))
			return xasprintf("removes %lld GPU%s on %s (%s: %lld -> %lld%s)",
					 (c->have - c->want) * (long long)n,
					 (c->have - c->want) * (long long)n == 1 ? "" : "s",
					 hosts, c->what, c->have, c->want,
					 one ? "" : " each");
		return xasprintf("removes %lld gres %s on %s (%lld -> %lld%s)",
				 (c->have - c->want) * (long long)n, c->what, hosts,
				 c->have, c->want, one ? "" : " each");
	case CAP_FEATURE:
		return xasprintf("node%s %s lose%s feature '%s'", one ? "" : "s",
				 hosts, s, c->what);
	}
	return NULL;
}

/* A mismatch after apply: have is the inventory's, want slurmctld's. */
static char *mismatch_text(const struct cap_rec *c, const char *hosts, size_t n)
{
	(void)n;
	switch (c->kind) {
	case CAP_GONE:
		return xasprintf("%s: not in slurmctld's view", hosts);
	case CAP_CPUS:
		return xasprintf("%s: slurmctld has CPUs=%lld, the inventory says %lld",
				 hosts, c->want, c->have);
	case CAP_MEMORY:
		return xasprintf("%s: slurmctld has RealMemory=%lld, the inventory "
				 "says %lld", hosts, c->want, c->have);
	case CAP_GRES:
		return xasprintf("%s: slurmctld has %lld %s, the inventory says %lld",
				 hosts, c->want, c->what, c->have);
	case CAP_FEATURE:
		return xasprintf("%s: slurmctld lacks feature '%s'", hosts, c->what);
	}
	return NULL;
}

/* Appends line (taken) to (*out)[0 .. n); returns the new count. */
static size_t push(char ***out, size_t n, char *line)
{
	*out = xrealloc(*out, (n + 1) * sizeof(**out));
	(*out)[n] = line;
	return n + 1;
}

/* Folds r (sorted here) into lines appended to *out; frees r's records. */
static size_t fold(struct cap_recs *r, char *(*text)(const struct cap_rec *,
						      const char *, size_t),
		   char ***out, size_t n_out)
{
	const char **names = xcalloc(r->n + 1, sizeof(*names));

	if (r->n)
		qsort(r->items, r->n, sizeof(*r->items), rec_cmp);
	for (size_t i = 0, j; i < r->n; i = j) {
		char *hl;

		for (j = i; j < r->n && !rec_same(&r->items[i], &r->items[j]); j++)
			names[j - i] = r->items[j].node;
		hl = hostlist_compress(names, j - i);
		n_out = push(out, n_out, text(&r->items[i], hl, j - i));
		free(hl);
	}
	for (size_t i = 0; i < r->n; i++)
		free(r->items[i].what);
	free(r->items);
	free((void *)names);
	r->items = NULL;
	r->n = 0;
	return n_out;
}

/*
 * A limit's value for comparison: minutes for DefaultTime and MaxTime, read
 * as accounting reads Slurm's times (acct_time_minutes), the number for the
 * others (GraceTime is seconds); LLONG_MAX for UNLIMITED/INFINITE; -1 when
 * it does not read as either (then it is not compared).
 */
static long long limit_value(size_t k, const char *v)
{
	long long x;
	char *end;

	if (!strcasecmp(v, "UNLIMITED") || !strcasecmp(v, "INFINITE"))
		return LLONG_MAX;
	if (k == 0 || k == 1)		/* DefaultTime, MaxTime */
		return acct_time_minutes(v, &x) < 0 ? -1 : x;
	x = strtoll(v, &end, 10);
	return end != v && !*end && x >= 0 ? x : -1;
}

/* A limit that stays but is lowered: also capacity taken away. */
static size_t limit_lowered(const struct cap_part *a, const struct cap_part *b,
			    size_t k, char ***out, size_t n)
{
	long long was = limit_value(k, a->limits[k]), now = limit_value(k, b->limits[k]);

	if (was < 0 || now < 0 || now >= was)
		return n;
	return push(out, n, xasprintf("partition %s lowers %s (%s -> %s)", a->name,
				      capacity_limit_keys[k], a->limits[k], b->limits[k]));
}

static size_t part_losses(const struct cap_part *a, const struct cap_part *b,
			  char ***out, size_t n)
{
	const char **gone;
	size_t n_gone = 0;
	char *hl;

	if (!b)
		return push(out, n, xasprintf("partition %s removed", a->name));
	gone = xcalloc(a->n_nodes + 1, sizeof(*gone));
	for (size_t i = 0; i < a->n_nodes; i++) {
		size_t j;

		for (j = 0; j < b->n_nodes && strcmp(a->nodes[i], b->nodes[j]); j++)
			;
		if (j == b->n_nodes)
			gone[n_gone++] = a->nodes[i];
	}
	if (n_gone) {
		hl = hostlist_compress(gone, n_gone);
		n = push(out, n, xasprintf("partition %s loses node%s %s", a->name,
					   n_gone == 1 ? "" : "s", hl));
		free(hl);
	}
	free((void *)gone);
	for (size_t k = 0; k < CAP_N_LIMITS; k++)
		if (a->limits[k] && !b->limits[k])
			n = push(out, n, xasprintf("partition %s loses %s (%s)", a->name,
						   capacity_limit_keys[k], a->limits[k]));
		else if (a->limits[k] && b->limits[k])
			n = limit_lowered(a, b, k, out, n);
	return n;
}

size_t capacity_losses(const struct cap_view *have, const struct cap_view *want,
		       char ***out)
{
	struct cap_recs r = { NULL, 0 };
	size_t n;

	*out = NULL;
	if (!have->seen || !want->seen)
		return 0;
	for (size_t i = 0; i < have->n_nodes; i++)
		node_less(&r, &have->nodes[i], find_node(want, have->nodes[i].name),
			  i, false);
	n = fold(&r, loss_text, out, 0);
	for (size_t i = 0; i < have->n_parts; i++)
		n = part_losses(&have->parts[i], find_part(want, have->parts[i].name),
				out, n);
	return n;
}

size_t capacity_mismatches(const struct cap_view *want,
			   const struct cap_view *have, char ***out)
{
	struct cap_recs r = { NULL, 0 };

	*out = NULL;
	if (!have->seen || !want->seen)
		return 0;
	for (size_t i = 0; i < want->n_nodes; i++)
		node_less(&r, &want->nodes[i], find_node(have, want->nodes[i].name),
			  i, true);
	return fold(&r, mismatch_text, out, 0);
}

size_t capacity_model_losses(const struct model *m, const struct cap_view *have,
			     char ***out)
{
	struct cap_view want;
	size_t n;

	capacity_from_model(m, &want);
	n = capacity_losses(have, &want, out);
	capacity_view_release(&want);
	return n;
}

size_t capacity_model_mismatches(const struct model *m,
				 const struct cap_view *have, bool before,
				 char ***out)
{
	struct cap_view want;
	size_t n;

	*out = NULL;
	if (!have->seen) {
		if (!before)
			return 0;
		*out = xcalloc(1, sizeof(**out));
		(*out)[0] = xasprintf("slurmctld's view could not be read: %s",
				      have->error ? have->error : "no answer");
		return 1;
	}
	capacity_from_model(m, &want);
	n = capacity_mismatches(&want, have, out);
	capacity_view_release(&want);
	return n;
}
