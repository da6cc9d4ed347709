/*
 * slurmdiff.c: the settings that change between two versions of a Slurm
 * config file, by meaning (slurmdiff.h). Each side becomes a list of
 * facts (scope, name, key, value) read through slurmread.h; the sorted
 * lists are merged, and nodes with the same change are folded.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/fileio.h"
#include "slurm/gresmerge.h"
#include "slurm/hostlist.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmdiff.h"
#include "slurm/slurmkeys.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

/* One setting of one side. */
struct sd_fact {
	enum slurmdiff_scope scope;
	char *where;		/* node, partition or record; "" global */
	char *key;		/* as written */
	char *value;		/* normalised */
	size_t seq;		/* file order: the last of equal keys wins */
};

struct sd_facts {
	struct sd_fact *v;
	size_t n, alloc;
};

static void sd_add(struct sd_facts *f, enum slurmdiff_scope scope, const char *where,
		   const char *key, char *value)
{
	XGROW(f->v, f->alloc, f->n + 1);
	f->v[f->n] = (struct sd_fact){ scope, xstrdup(where), xstrdup(key), value, f->n };
	f->n++;
}

static void sd_facts_release(struct sd_facts *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].where);
		free(f->v[i].key);
		free(f->v[i].value);
	}
	free(f->v);
	memset(f, 0, sizeof(*f));
}

static int sd_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Slurm's defaults (slurm.conf(5)): where = "set", "part" or "node".
 * FastSchedule=1 changes nothing on any release the table knows (20.02 on
 * log "Ignoring obsolete FastSchedule=1 option"): the same as no line.
 */
static const char *const slurm_defaults[][3] = {
	{ "set", "AuthType", "auth/munge" }, { "set", "SlurmctldPort", "6817" },
	{ "set", "SlurmdPort", "6818" }, { "set", "InactiveLimit", "0" },
	{ "set", "KillWait", "30" }, { "set", "MinJobAge", "300" },
	{ "set", "SlurmctldTimeout", "120" }, { "set", "SlurmdTimeout", "300" },
	{ "set", "Waittime", "0" }, { "set", "MpiDefault", "none" },
	{ "set", "JobCompType", "jobcomp/none" }, { "set", "SwitchType", "switch/none" },
	{ "set", "AccountingStorageType", "accounting_storage/none" },
	{ "set", "SchedulerType", "sched/backfill" }, { "set", "SlurmctldDebug", "info" },
	{ "set", "SlurmdDebug", "info" }, { "set", "AccountingStoragePort", "6819" },
	{ "set", "FastSchedule", "1" }, { "set", "SlurmUser", "root" },
	{ "part", "Default", "NO" }, { "part", "State", "UP" }, { "part", "Hidden", "NO" },
	{ "part", "AllowGroups", "ALL" }, { "part", "AllowAccounts", "ALL" },
	{ "part", "AllowQos", "ALL" },
	{ "node", "Boards", "1" }, { "node", "State", "UNKNOWN" },
};

bool slurmdiff_is_default(const char *where, const char *key, const char *value)
{
	for (size_t i = 0; i < ARRAY_SIZE(slurm_defaults); i++) {
		char *v;
		bool same;

		if (strcmp(slurm_defaults[i][0], where) || strcasecmp(slurm_defaults[i][1], key))
			continue;
		v = slurmdiff_value(key, value);	/* Hidden=false is Hidden=NO */
		same = !strcasecmp(slurm_defaults[i][2], v);
		free(v);
		if (same)
			return true;
	}
	return false;
}

/* A comma list whose order Slurm ignores, sorted. */
static char *sd_sorted_list(const char *v)
{
	char *copy = xstrdup(v), **items = NULL, *save = NULL, *w;
	size_t n = 0, alloc = 0;
	struct strbuf sb = STRBUF_INIT;

	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		XGROW(items, alloc, n + 1);
		items[n++] = w;
	}
	if (n)
		xqsort(items, n, sizeof(*items), sd_cmp_str);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? "," : "", items[i]);
	free(items);
	free(copy);
	return strbuf_detach(&sb, NULL);
}

/*
 * The keys Slurm reads as booleans (S_P_BOOLEAN in read_config.c's
 * slurm_conf_options and _partition_options): yes, up, true and 1 say
 * the same, as do no, down, false and 0.
 */
static const char *const boolean_keys[] = {
	"Default", "DisableRootJobs", "ExclusiveTopo", "ExclusiveUser", "Hidden", "LLN",
	"PowerDownOnIdle", "ReqResv", "RootOnly", "AllowSpecResourcesUsage",
	"PriorityFavorSmall", "TrackWCKey", "UsePAM",
};

char *slurmdiff_value(const char *key, const char *v)
{
	/* GresTypes: slurmd and slurmctld load each name's plugin, in an order of their own */
	static const char *const unordered[] = { "Features", "Gres", "GresTypes",
						 "AllowAccounts", "AllowGroups", "AllowQos",
						 "DenyAccounts", "DenyQos" };

	for (size_t i = 0; i < ARRAY_SIZE(boolean_keys); i++)
		if (!strcasecmp(key, boolean_keys[i]) && slurmread_bool(v) >= 0)
			return xstrdup(slurmread_bool(v) ? "YES" : "NO");

	if (!strcasecmp(key, "ClusterName")) {
		char *d = xstrdup(v);

		for (char *p = d; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		return d;
	}
	for (size_t i = 0; i < ARRAY_SIZE(unordered); i++)
		if (!strcasecmp(key, unordered[i]))
			return sd_sorted_list(v);
	return xstrdup(v);
}

char *slurmdiff_node_value(const char *key, const char *v, size_t k)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL, *s;

	if (strcasecmp(key, "NodeAddr") && strcasecmp(key, "NodeHostname") &&
	    strcasecmp(key, "Port"))
		return slurmdiff_value(key, v);
	if (hostlist_expand(v, &hl, &cause) < 0 || hl.n < 2 || k >= hl.n) {
		free(cause);
		hostlist_release(&hl);
		return xstrdup(v);
	}
	s = xstrdup(hl.names[k]);
	hostlist_release(&hl);
	return s;
}

static int sd_node_facts(const struct slurmconf_line *l, struct sd_facts *f, char **cause)
{
	struct hostlist hl = HOSTLIST_INIT;

	if (hostlist_expand(l->kv[0].value, &hl, cause) < 0)
		return -1;
	for (size_t k = 0; k < hl.n; k++)
		for (size_t i = 1; i < l->n; i++) {
			const char *key = l->kv[i].key, *v = l->kv[i].value;

			if (slurmdiff_is_default("node", key, v))
				continue;
			sd_add(f, SLURMDIFF_NODE, hl.names[k], key,
			       slurmdiff_node_value(key, v, k));
		}
	hostlist_release(&hl);
	return 0;
}

/* dflt: the default partition's line (an earlier Default=YES is undone by the last) */
static int sd_partition_facts(const struct slurmconf *c, const struct slurmconf_line *l,
			      const struct slurmconf_line *dflt_line, struct sd_facts *f,
			      char **cause)
{
	bool dflt = dflt_line == l;

	for (size_t i = 1; i < l->n; i++) {
		const char *key = l->kv[i].key, *v = l->kv[i].value;
		struct hostlist hl = HOSTLIST_INIT;
		bool named;

		if (slurmdiff_is_default("part", key, v) || (!strcasecmp(key, "Default") && !dflt))
			continue;
		if (strcasecmp(key, "Nodes")) {
			sd_add(f, SLURMDIFF_PARTITION, l->kv[0].value, key, slurmdiff_value(key, v));
			continue;
		}
		/* the nodes it names, however written (hostlist, NodeSet, ALL) */
		if (slurmread_nodes(c, v, &hl, &named, cause) < 0) {
			hostlist_release(&hl);
			return -1;
		}
		if (hl.n)
			xqsort(hl.names, hl.n, sizeof(*hl.names), sd_cmp_str);
		sd_add(f, SLURMDIFF_PARTITION, l->kv[0].value, key,
		       hostlist_compress((const char *const *)hl.names, hl.n));
		hostlist_release(&hl);
	}
	return 0;
}

/* A global setting; SlurmctldHost and Include accumulate in file order. */
static void sd_global(struct sd_facts *f, const char *key, const char *v)
{
	if (!strcasecmp(key, "SlurmctldHost") || !strcasecmp(key, "Include")) {
		for (size_t i = f->n; i-- > 0;)
			if (f->v[i].scope == SLURMDIFF_GLOBAL && !strcasecmp(f->v[i].key, key)) {
				char *old = f->v[i].value;

				f->v[i].value = xasprintf("%s,%s", old, v);
				free(old);
				return;
			}
	}
	if (!slurmdiff_is_default("set", key, v))
		sd_add(f, SLURMDIFF_GLOBAL, "", key, slurmdiff_value(key, v));
}

/* The facts of one resolved line; -1 + *cause on a node list that does not expand. */
static int sd_line_facts(const struct slurmconf *c, const struct slurmconf_line *l,
			 const struct slurmconf_line *dflt, struct sd_facts *f, char **cause)
{
	const char *key = l->kv[0].key;
	char *where;

	if (!strcasecmp(key, "NodeName"))
		return sd_node_facts(l, f, cause);
	if (!strcasecmp(key, "PartitionName"))
		return sd_partition_facts(c, l, dflt, f, cause);
	if (l->n == 1) {
		sd_global(f, key, l->kv[0].value);
		return 0;
	}
	where = xasprintf("%s %s", key, l->kv[0].value);	/* NodeSet=, DownNodes= ... */
	for (size_t k = 1; k < l->n; k++)
		sd_add(f, SLURMDIFF_RECORD, where, l->kv[k].key,
		       slurmdiff_value(l->kv[k].key, l->kv[k].value));
	free(where);
	return 0;
}

static int sd_conf_facts(const struct slurmconf *c, struct sd_facts *f, char **cause)
{
	const struct slurmconf_line *dflt = slurmread_default_partition(c);
	char *why = NULL;

	for (size_t i = 0; i < c->n; i++) {
		const struct slurmconf_line *l = &c->lines[i];

		if (sd_line_facts(c, l, dflt, f, &why) < 0) {
			*cause = xasprintf("%s:%u: %s", l->path, l->lineno, why);
			free(why);
			return -1;
		}
	}
	return 0;
}

/*
 * Include as a setting (no reader given): the reader asks for the file,
 * which gets an empty text and its path noted as an "Include" line of its
 * own.
 */
static int sd_include(void *arg, const char *path, char **text, size_t *len, char **cause)
{
	struct slurmconf *incs = arg;
	struct slurmconf_line l = { 0 };

	(void)cause;
	slurmconf_line_add(&l, "Include", path);
	XGROW(incs->lines, incs->alloc, incs->n + 1);
	incs->lines[incs->n++] = l;
	*text = xstrdup("");
	*len = 0;
	return 0;
}

/* True when gres.conf record r is for node (every: for every node, named by none). */
static bool sd_gres_for(const struct slurmgres_rec *r, const char *node, bool every)
{
	return r->name && (every ? r->nodes.n == 0 : slurmgres_for_node(r, node));
}

/*
 * The devices of record i's name and type on node, summed over the records
 * from i on ("Count=2 File=/dev/nvidia[0-1] Cores=..."); marks them done.
 */
static char *sd_gres_value(const struct slurmgres *g, size_t i, const char *node,
			   bool every, bool *done)
{
	const struct slurmgres_rec *r = &g->recs[i];
	struct strbuf v = STRBUF_INIT, cores = STRBUF_INIT, rest = STRBUF_INIT;
	struct hostlist files = HOSTLIST_INIT;
	unsigned long long count = 0;

	for (size_t j = i; j < g->n; j++) {
		const struct slurmgres_rec *s = &g->recs[j];

		if (!sd_gres_for(s, node, every) || strcasecmp(s->name, r->name) ||
		    !r->type != !s->type || (r->type && strcasecmp(r->type, s->type)))
			continue;
		done[j] = true;
		count += s->count;
		for (size_t k = 0; k < s->files.n; k++)
			hostlist_push(&files, s->files.names[k]);
		if (s->cores)
			strbuf_addf(&cores, "%s%s", cores.len ? ";" : "", s->cores);
		if (s->links)
			strbuf_addf(&rest, " Links=%s", s->links);
		if (s->flags)
			strbuf_addf(&rest, " Flags=%s", s->flags);
		if (s->multiple_files)
			strbuf_addf(&rest, " MultipleFiles=%s", s->multiple_files);
	}
	strbuf_addf(&v, "Count=%llu", count);
	if (files.n) {
		char *fl = hostlist_compress((const char *const *)files.names, files.n);

		strbuf_addf(&v, " File=%s", fl);
		free(fl);
	}
	if (cores.len)
		strbuf_addf(&v, " Cores=%s", cores.buf);
	if (rest.len)
		strbuf_addstr(&v, rest.buf);
	hostlist_release(&files);
	strbuf_release(&cores);
	strbuf_release(&rest);
	return strbuf_detach(&v, NULL);
}

/* The devices on node, one fact per name and type ("gpu:a100"). */
static void sd_gres_node(const struct slurmgres *g, const char *node, bool every,
			 struct sd_facts *f)
{
	bool *done = xcalloc(g->n + 1, sizeof(*done));

	for (size_t i = 0; i < g->n; i++) {
		const struct slurmgres_rec *r = &g->recs[i];
		char *key;

		if (done[i] || !sd_gres_for(r, node, every))
			continue;
		key = r->type ? xasprintf("%s:%s", r->name, r->type) : xstrdup(r->name);
		for (char *p = key; *p && *p != ':'; p++)	/* Name= in any case */
			*p = (char)tolower((unsigned char)*p);
		sd_add(f, SLURMDIFF_GRES, every ? "" : node, key,
		       sd_gres_value(g, i, node, every, done));
		free(key);
	}
	free(done);
}

static void sd_gres_facts(const struct slurmgres *g, struct sd_facts *f)
{
	struct hostlist nodes = HOSTLIST_INIT;

	/* off: Slurm's default, as if not written */
	if (g->autodetect && strcasecmp(g->autodetect, "off"))
		sd_add(f, SLURMDIFF_GLOBAL, "", "AutoDetect", xstrdup(g->autodetect));
	for (size_t i = 0; i < g->n; i++)
		for (size_t k = 0; k < g->recs[i].nodes.n; k++)
			hostlist_push(&nodes, g->recs[i].nodes.names[k]);
	if (nodes.n)
		xqsort(nodes.names, nodes.n, sizeof(*nodes.names), sd_cmp_str);
	for (size_t k = 0; k < nodes.n; k++) {
		const char *ad;

		if (k && !strcmp(nodes.names[k], nodes.names[k - 1]))
			continue;
		sd_gres_node(g, nodes.names[k], false, f);
		ad = slurmgres_autodetect(g, nodes.names[k]);
		if (ad && ad != g->autodetect && strcasecmp(ad, "off"))
			sd_add(f, SLURMDIFF_NODE, nodes.names[k], "AutoDetect", xstrdup(ad));
	}
	sd_gres_node(g, "", true, f);	/* records for every node (a per-node file) */
	hostlist_release(&nodes);
}

bool slurmdiff_handles(const char *path)
{
	const char *n = fileio_basename(path);

	return !strcmp(n, "slurm.conf") || !strcmp(n, "gres.conf") ||
	       !strcmp(n, "cgroup.conf") || !strcmp(n, "slurmdbd.conf");
}

/* Comma-separated files folded as a hostlist ("/dev/nvidia[0-3]"), as sd_gres_value() folds them. */
static char *sd_files(const char *list)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *copy = xstrdup(list), *save = NULL, *s;

	for (char *f = strtok_r(copy, ",", &save); f; f = strtok_r(NULL, ",", &save))
		hostlist_push(&hl, f);
	s = hostlist_compress((const char *const *)hl.names, hl.n);
	hostlist_release(&hl);
	free(copy);
	return s;
}

/* The readers' facts of gres.conf g: what each one's slurmd registers. */
static void sd_gres_reader_facts(const struct slurmgres *g, const struct slurmdiff_reader *r,
				 size_t n, struct sd_facts *f)
{
	for (size_t i = 0; i < n; i++) {
		const char *ad = slurmgres_autodetect(g, r[i].node);
		bool detects = ad && strcasecmp(ad, "off");
		struct gresmerge_kind *k;
		struct gresmerge m;
		char *cause = NULL;
		size_t nk;

		if (detects && *r[i].gres)
			sd_add(f, SLURMDIFF_NODE, r[i].node, "AutoDetect", xstrdup(ad));
		/* an item slurm.conf would not take either: slurm.conf's own change */
		if (gresmerge_node(g, r[i].node, r[i].gres, &m, &cause) < 0) {
			free(cause);
			continue;
		}
		nk = gresmerge_kinds(&m, detects, &k);
		for (size_t j = 0; j < nk; j++) {
			const struct gresmerge_item *it = k[j].item;

			/* none registered is as none configured: a node new in the file too */
			if (!k[j].count)
				continue;
			char *key = it->type ? xasprintf("%s:%s", it->name, it->type) :
				xstrdup(it->name);
			char *files = sd_files(k[j].files);

			for (char *p = key; *p && *p != ':'; p++)	/* Name= in any case */
				*p = (char)tolower((unsigned char)*p);
			sd_add(f, SLURMDIFF_GRES, r[i].node, key,
			       xasprintf("Count=%llu%s%s%s%s%s%s%s%s%s%s",
					 (unsigned long long)k[j].count,
					 *files ? " File=" : "", files,
					 *k[j].cores ? " Cores=" : "", k[j].cores,
					 *k[j].links ? " Links=" : "", k[j].links,
					 *k[j].flags ? " Flags=" : "", k[j].flags,
					 *k[j].multiple_files ? " MultipleFiles=" : "",
					 k[j].multiple_files));
			free(key);
			free(files);
		}
		gresmerge_kinds_release(k, nk);
		gresmerge_release(&m);
	}
}

/*
 * One side's facts; includes read by read(arg), or noted as settings
 * (NULL); a gres.conf as its readers make it out when there are some.
 */
static int sd_read(const char *path, const char *text, size_t len, slurmread_fn read,
		   void *arg, const struct slurmdiff_reader *readers, size_t n_readers,
		   struct sd_facts *f, char **cause)
{
	const char *name = fileio_basename(path);
	struct slurmconf c = { 0 }, incs = { 0 };
	struct slurmgres g = { 0 };
	int rc = -1;

	if (!read) {
		read = sd_include;
		arg = &incs;
	}
	if (!strcmp(name, "gres.conf")) {
		if (slurmread_gres(path, text, len, read, arg, &g, cause) < 0)
			goto out;
		if (n_readers)
			sd_gres_reader_facts(&g, readers, n_readers, f);
		else
			sd_gres_facts(&g, f);
	} else if (!strcmp(name, "slurm.conf")) {
		if (slurmread_conf_text(path, text, len, read, arg, &c, cause) < 0 ||
		    sd_conf_facts(&c, f, cause) < 0)
			goto out;
	} else {
		if (slurmread_settings(path, text, len, &c, cause) < 0 ||
		    sd_conf_facts(&c, f, cause) < 0)
			goto out;
	}
	if (sd_conf_facts(&incs, f, cause) < 0)
		goto out;
	rc = 0;
out:
	slurmconf_release(&c);
	slurmconf_release(&incs);
	slurmgres_release(&g);
	return rc;
}

static int sd_cmp_fact(const void *a, const void *b)
{
	const struct sd_fact *x = a, *y = b;
	int c = (int)x->scope - (int)y->scope;

	if (!c)
		c = strcmp(x->where, y->where);
	if (!c)
		c = strcasecmp(x->key, y->key);
	return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

/* Sorts f and keeps the last value of each (scope, where, key). */
static void sd_settle(struct sd_facts *f)
{
	size_t i, n = 0;

	if (f->n)
		xqsort(f->v, f->n, sizeof(*f->v), sd_cmp_fact);
	for (i = 0; i < f->n; i++) {
		const struct sd_fact *nx = i + 1 < f->n ? &f->v[i + 1] : NULL;

		if (nx && nx->scope == f->v[i].scope && !strcmp(nx->where, f->v[i].where) &&
		    !strcasecmp(nx->key, f->v[i].key)) {
			free(f->v[i].where);
			free(f->v[i].key);
			free(f->v[i].value);
			continue;
		}
		f->v[n++] = f->v[i];
	}
	f->n = n;
}

/* One change of one node (or record) before folding. */
struct sd_change {
	const struct sd_fact *a, *b;	/* NULL: not set on that side */
};

static const struct sd_fact *sd_key_of(const struct sd_change *c)
{
	return c->b ? c->b : c->a;
}

/* A missing value sorts before any set one. */
static int sd_cmp_value(const struct sd_fact *x, const struct sd_fact *y)
{
	if (!x || !y)
		return !!x - !!y;
	return strcmp(x->value, y->value);
}

/*
 * Orders changes so that equal ones are adjacent: by scope, key and
 * values; nodes (the folded part) last, other scopes by name first.
 */
static int sd_cmp_change(const void *pa, const void *pb)
{
	const struct sd_change *x = pa, *y = pb;
	const struct sd_fact *kx = sd_key_of(x), *ky = sd_key_of(y);
	bool fold = kx->scope == SLURMDIFF_NODE || kx->scope == SLURMDIFF_GRES;
	int c = (int)kx->scope - (int)ky->scope;

	if (!c && !fold)
		c = strcmp(kx->where, ky->where);
	if (!c)
		c = strcasecmp(kx->key, ky->key);
	if (!c)
		c = sd_cmp_value(x->a, y->a);
	if (!c)
		c = sd_cmp_value(x->b, y->b);
	return c ? c : strcmp(kx->where, ky->where);
}

static bool sd_same_change(const struct sd_change *x, const struct sd_change *y)
{
	const struct sd_fact *kx = sd_key_of(x), *ky = sd_key_of(y);
	bool fold = kx->scope == SLURMDIFF_NODE || kx->scope == SLURMDIFF_GRES;

	return kx->scope == ky->scope && (fold || !strcmp(kx->where, ky->where)) &&
	       !strcasecmp(kx->key, ky->key) && !sd_cmp_value(x->a, y->a) &&
	       !sd_cmp_value(x->b, y->b);
}

static void sd_emit(struct slurmdiff *out, const struct sd_change *c, const char **where,
		    size_t n)
{
	const struct sd_fact *k = sd_key_of(c);
	struct slurmdiff_item *it;

	XGROW(out->v, out->alloc, out->n + 1);
	it = &out->v[out->n++];
	memset(it, 0, sizeof(*it));
	it->scope = k->scope;
	it->key = xstrdup(k->key);
	if (k->scope == SLURMDIFF_NODE || k->scope == SLURMDIFF_GRES)
		it->where = **where ? hostlist_compress(where, n) : xstrdup("every node");
	else if (k->scope != SLURMDIFF_GLOBAL)
		it->where = xstrdup(k->where);
	it->secret = slurmkeys_is_secret(k->key);
	if (!it->secret) {
		it->old = c->a ? xstrdup(c->a->value) : NULL;
		it->new = c->b ? xstrdup(c->b->value) : NULL;
	}
}

/* Folds equal changes of different nodes into one item each, in order. */
static void sd_fold(struct slurmdiff *out, struct sd_change *ch, size_t n)
{
	const char **where = xcalloc(n + 1, sizeof(*where));
	size_t i = 0, j;

	if (n)
		xqsort(ch, n, sizeof(*ch), sd_cmp_change);
	while (i < n) {
		for (j = i; j < n && sd_same_change(&ch[i], &ch[j]); j++)
			where[j - i] = sd_key_of(&ch[j])->where;
		sd_emit(out, &ch[i], where, j - i);
		i = j;
	}
	free(where);
}

/* Merges the settled lists: every (scope, where, key) whose value differs. */
static void sd_merge(const struct sd_facts *a, const struct sd_facts *b, struct slurmdiff *out)
{
	struct sd_change *ch = xcalloc(a->n + b->n + 1, sizeof(*ch));
	size_t i = 0, j = 0, n = 0;

	while (i < a->n || j < b->n) {
		int c = i == a->n ? 1 : j == b->n ? -1 : 0;

		if (!c) {
			struct sd_fact x = a->v[i], y = b->v[j];

			x.seq = y.seq = 0;
			c = sd_cmp_fact(&x, &y);
		}
		if (c < 0)
			ch[n++] = (struct sd_change){ &a->v[i++], NULL };
		else if (c > 0)
			ch[n++] = (struct sd_change){ NULL, &b->v[j++] };
		else if (strcmp(a->v[i].value, b->v[j].value))
			ch[n++] = (struct sd_change){ &a->v[i++], &b->v[j++] };
		else
			i++, j++;
	}
	sd_fold(out, ch, n);
	free(ch);
}

int slurmdiff_compute(const char *path, const char *old, size_t old_len,
		      const char *new, size_t new_len, slurmread_fn read, void *arg,
		      struct slurmdiff *out, char **cause)
{
	return slurmdiff_compute_gres(path, old, old_len, new, new_len, read, arg, NULL, 0,
				      out, cause);
}

int slurmdiff_compute_gres(const char *path, const char *old, size_t old_len,
			   const char *new, size_t new_len, slurmread_fn read, void *arg,
			   const struct slurmdiff_reader *readers, size_t n_readers,
			   struct slurmdiff *out, char **cause)
{
	struct sd_facts a = { 0 }, b = { 0 };
	char *why = NULL;
	int rc = -1;

	if (sd_read(path, old, old_len, read, arg, readers, n_readers, &a, &why) < 0) {
		*cause = xasprintf("old: %s", why);
		goto out;
	}
	if (sd_read(path, new, new_len, read, arg, readers, n_readers, &b, &why) < 0) {
		*cause = xasprintf("new: %s", why);
		goto out;
	}
	sd_settle(&a);
	sd_settle(&b);
	sd_merge(&a, &b, out);
	rc = 0;
out:
	free(why);
	sd_facts_release(&a);
	sd_facts_release(&b);
	return rc;
}

char *slurmdiff_item_text(const struct slurmdiff_item *it)
{
	struct strbuf sb = STRBUF_INIT;

	if (it->scope == SLURMDIFF_PARTITION)
		strbuf_addf(&sb, "partition %s: ", it->where);
	else if (it->where)
		strbuf_addf(&sb, "%s: ", it->where);
	if (it->secret)
		strbuf_addf(&sb, "%s changed", it->key);
	else if (it->scope == SLURMDIFF_GLOBAL)
		strbuf_addf(&sb, "%s: %s -> %s", it->key, it->old ? it->old : "(none)",
			    it->new ? it->new : "(none)");
	else
		strbuf_addf(&sb, "%s %s -> %s", it->key, it->old ? it->old : "(none)",
			    it->new ? it->new : "(none)");
	return strbuf_detach(&sb, NULL);
}

void slurmdiff_release(struct slurmdiff *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].where);
		free(d->v[i].key);
		free(d->v[i].old);
		free(d->v[i].new);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}
