/*
 * slurmread.c: slurm.conf, gres.conf, cgroup.conf and slurmdbd.conf as
 * the Slurm daemons understand them: includes spliced in, DEFAULT lines
 * applied in file order, repeated keys resolved, old names renamed, GRES
 * devices counted. See slurmread.h for the rules and where Slurm has them.
 */
#include "base/compat.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "base/fileio.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "slurm/hostlist.h"
#include "slurm/slurmconf.h"

/* Include nesting Slurm would never need; deeper is a loop. */
#define MAX_INCLUDE_DEPTH 16

int slurmread_local(void *arg, const char *path, char **text, size_t *len, char **cause)
{
	(void)arg;
	if (!(*text = fileio_read(path, len, NULL))) {
		*cause = xasprintf("%s: cannot read: %s", path, fileio_strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The directories Slurm's packages and its configure default (sysconfdir
 * /usr/local/etc) read slurm.conf from: a site's Include and file paths
 * point into one of them.
 */
static const char *const host_conf_dirs[] = {
	"/etc/slurm/", "/etc/slurm-llnl/", "/usr/local/etc/slurm/", "/usr/local/etc/",
	"/opt/slurm/etc/",
};

char *slurmread_copy_path(const char *conf, const char *path)
{
	const char *slash = strrchr(conf, '/');
	size_t dl = slash ? (size_t)(slash - conf + 1) : 0;

	if (path[0] != '/' || (dl && !strncmp(path, conf, dl) && !strchr(path + dl, '/')))
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(host_conf_dirs); i++) {
		size_t n = strlen(host_conf_dirs[i]);

		if (!strncmp(path, host_conf_dirs[i], n) && path[n])
			return xasprintf("%.*s%s", (int)dl, conf, path + n);
	}
	return NULL;
}

int slurmread_copy(void *arg, const char *path, char **text, size_t *len, char **cause)
{
	char *beside = slurmread_copy_path(arg, path), *why = NULL;
	int rc;

	if (beside && slurmread_local(NULL, beside, text, len, &why) == 0) {
		free(beside);
		return 0;
	}
	rc = slurmread_local(NULL, path, text, len, cause);
	if (rc < 0 && beside) {
		char *own = *cause;

		*cause = xasprintf("%s (nor beside %s: %s)", own, (const char *)arg, beside);
		free(own);
	}
	free(why);
	free(beside);
	return rc;
}

int slurmread_bool(const char *v)
{
	static const char *const words[][2] = {
		{ "yes", "no" }, { "up", "down" }, { "true", "false" }, { "1", "0" },
	};

	for (size_t i = 0; v && i < ARRAY_SIZE(words); i++) {
		if (!strcasecmp(v, words[i][0]))
			return 1;
		if (!strcasecmp(v, words[i][1]))
			return 0;
	}
	return -1;
}

/* ---- Include ---- */

struct loader {
	slurmread_fn read;
	void *arg;
	char *topdir;		/* the top file's directory, with '/', or "" */
	char *cluster;		/* ClusterName lowercased, for %c */
	bool gres;
};

static bool key_is(const struct slurmconf_line *l, const char *key)
{
	return !strcasecmp(l->kv[0].key, key);
}

/* The path an Include line names, as Slurm resolves it; NULL + *cause. */
static char *include_path(const struct loader *ld, const struct slurmconf_line *l,
			  char **cause)
{
	const char *v = l->kv[0].value;
	struct strbuf sb = STRBUF_INIT;

	if (strchr(v, '*')) {
		*cause = xasprintf("%s:%u: Include %s: Slurm does not expand globs "
				   "(it skips the line)", l->path, l->lineno, v);
		return NULL;
	}
	if (v[0] != '/')
		strbuf_addstr(&sb, ld->topdir);
	for (const char *p = v; *p; p++) {
		if (p[0] != '%' || p[1] != 'c') {
			strbuf_addch(&sb, *p);
			continue;
		}
		if (!ld->cluster) {
			*cause = xasprintf("%s:%u: Include %s: %%c before any ClusterName=",
					   l->path, l->lineno, v);
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addstr(&sb, ld->cluster);
		p++;
	}
	return strbuf_detach(&sb, NULL);
}

static int load_text(struct loader *ld, const char *path, const char *text, size_t len,
		     unsigned depth, struct slurmconf *out, char **cause);

static int load_include(struct loader *ld, const struct slurmconf_line *l, unsigned depth,
			struct slurmconf *out, char **cause)
{
	char *path, *text = NULL, *why = NULL;
	size_t len = 0;
	int rc = -1;

	if (depth >= MAX_INCLUDE_DEPTH) {
		*cause = xasprintf("%s:%u: Include nested more than %d deep (a loop?)",
				   l->path, l->lineno, MAX_INCLUDE_DEPTH);
		return -1;
	}
	if (!(path = include_path(ld, l, cause)))
		return -1;
	if (ld->read(ld->arg, path, &text, &len, &why) < 0)
		*cause = xasprintf("%s:%u: Include: %s", l->path, l->lineno, why);
	else
		rc = load_text(ld, path, text, len, depth + 1, out, cause);
	free(why);
	free(text);
	free(path);
	return rc;
}

/* Parses text and appends its lines to out, with what it includes in place. */
static int load_text(struct loader *ld, const char *path, const char *text, size_t len,
		     unsigned depth, struct slurmconf *out, char **cause)
{
	struct slurmconf raw = { 0 };
	int rc = 0;

	if (slurmconf_parse(path, text, len, ld->gres, &raw, cause) < 0)
		return -1;
	for (size_t i = 0; i < raw.n && rc == 0; i++) {
		struct slurmconf_line *l = &raw.lines[i];

		if (key_is(l, "Include")) {
			rc = load_include(ld, l, depth, out, cause);
			continue;
		}
		if (key_is(l, "ClusterName")) {
			free(ld->cluster);
			ld->cluster = xstrdup(l->kv[0].value);
			for (char *p = ld->cluster; *p; p++)
				*p = (char)tolower((unsigned char)*p);
		}
		XGROW(out->lines, out->alloc, out->n + 1);
		out->lines[out->n++] = *l;
		memset(l, 0, sizeof(*l));
	}
	slurmconf_release(&raw);
	return rc;
}

static void loader_init(struct loader *ld, const char *path, slurmread_fn read, void *arg,
			bool gres)
{
	const char *slash = strrchr(path, '/');

	memset(ld, 0, sizeof(*ld));
	ld->read = read;
	ld->arg = arg;
	ld->topdir = slash ? xstrndup(path, (size_t)(slash - path + 1)) : xstrdup("");
	ld->gres = gres;
}

static void loader_release(struct loader *ld)
{
	free(ld->topdir);
	free(ld->cluster);
}

/* ---- one record line's keys ---- */

/* Removes word i of l. */
static void drop_word(struct slurmconf_line *l, size_t i)
{
	free(l->kv[i].key);
	free(l->kv[i].value);
	memmove(&l->kv[i], &l->kv[i + 1], (l->n - i - 1) * sizeof(l->kv[0]));
	l->n--;
}

static ssize_t find_word(const struct slurmconf_line *l, size_t from, const char *key)
{
	for (size_t i = from; i < l->n; i++)
		if (!strcasecmp(l->kv[i].key, key))
			return (ssize_t)i;
	return -1;
}

/* A key written twice on one line keeps its last value, where it was first written. */
static void dedupe_words(struct slurmconf_line *l)
{
	for (size_t i = 1; i < l->n; i++) {
		ssize_t j;

		while ((j = find_word(l, i + 1, l->kv[i].key)) >= 0) {
			char *v = l->kv[j].value;

			l->kv[j].value = l->kv[i].value;
			l->kv[i].value = v;
			drop_word(l, (size_t)j);
		}
	}
}

/* old is new, when the line has no new. */
static void rename_word(struct slurmconf_line *l, const char *old, const char *new)
{
	ssize_t i = find_word(l, 1, old);

	if (i < 0)
		return;
	if (find_word(l, 1, new) >= 0) {
		drop_word(l, (size_t)i);
		return;
	}
	free(l->kv[i].key);
	l->kv[i].key = xstrdup(new);
}

/* Fills the keys line l lacks from defaults d (but not those in keep_out). */
static void merge_defaults(struct slurmconf_line *l, const struct slurmconf_line *d)
{
	static const char *const own[] = { "NodeHostname", "NodeAddr", "BcastAddr" };

	for (size_t i = 1; d && i < d->n; i++) {
		bool skip = find_word(l, 1, d->kv[i].key) >= 0;

		for (size_t k = 0; k < ARRAY_SIZE(own); k++)
			skip |= !strcasecmp(d->kv[i].key, own[k]);
		if (!skip)
			slurmconf_line_add(l, d->kv[i].key, d->kv[i].value);
	}
}

/* Feature= is Features=: on each line before defaults merge, as Slurm looks it up. */
static void node_names_before(struct slurmconf_line *l)
{
	ssize_t f = find_word(l, 1, "Feature");

	if (f >= 0 && find_word(l, 1, "Features") >= 0)
		drop_word(l, (size_t)find_word(l, 1, "Features"));
	rename_word(l, "Feature", "Features");
}

/* Old names Slurm looks up after the merged defaults' new names. */
static void record_names_after(struct slurmconf_line *l, bool node)
{
	if (node) {
		rename_word(l, "Procs", "CPUs");
		return;
	}
	rename_word(l, "Shared", "OverSubscribe");
	if (find_word(l, 1, "Priority") >= 0) {
		const char *v = slurmconf_get(l, "Priority");

		if (find_word(l, 1, "PriorityJobFactor") < 0)
			slurmconf_line_add(l, "PriorityJobFactor", v);
		if (find_word(l, 1, "PriorityTier") < 0)
			slurmconf_line_add(l, "PriorityTier", v);
		drop_word(l, (size_t)find_word(l, 1, "Priority"));
	}
}

/*
 * A NodeName= or PartitionName= line: DEFAULT updates *dflt and is
 * dropped (true); any other line gets the defaults.
 */
static bool apply_defaults(struct slurmconf_line *l, struct slurmconf_line *dflt, bool node)
{
	dedupe_words(l);
	if (node)
		node_names_before(l);
	if (strcasecmp(l->kv[0].value, "DEFAULT")) {
		merge_defaults(l, dflt);
		record_names_after(l, node);
		return false;
	}
	/* the new DEFAULT line's keys override, the older ones stay */
	for (size_t i = 1; i < l->n; i++) {
		ssize_t j = find_word(dflt, 1, l->kv[i].key);

		if (j >= 0)
			drop_word(dflt, (size_t)j);
		slurmconf_line_add(dflt, l->kv[i].key, l->kv[i].value);
	}
	return true;
}

/* ---- settings ---- */

static bool list_key(const struct slurmconf_line *l)
{
	static const char *const keys[] = { "SlurmctldHost", "NodeName", "PartitionName",
					    "NodeSet", "DownNodes", "FrontendName",
					    "SwitchName", "Name" };

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (key_is(l, keys[i]))
			return true;
	return false;
}

const struct slurmconf_line *slurmread_setting(const struct slurmconf *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcasecmp(c->lines[i].kv[0].key, key))
			return &c->lines[i];
	return NULL;
}

static void drop_line(struct slurmconf *c, size_t i)
{
	slurmconf_line_release(&c->lines[i]);
	memmove(&c->lines[i], &c->lines[i + 1], (c->n - i - 1) * sizeof(c->lines[0]));
	c->n--;
}

/*
 * A setting written more than once keeps its last value, where it was
 * last written. Only the settings are compared with each other: a file of
 * 10,000 NodeName= lines has a few dozen of them.
 */
static void last_wins(struct slurmconf *c, size_t from)
{
	size_t *idx = xcalloc(c->n - from + 1, sizeof(*idx)), n = 0, out = from;
	bool *drop = xcalloc(c->n + 1, sizeof(*drop));

	for (size_t i = from; i < c->n; i++)
		if (!list_key(&c->lines[i]))
			idx[n++] = i;
	for (size_t a = 0; a < n; a++)
		for (size_t b = a + 1; b < n && !drop[idx[a]]; b++)
			drop[idx[a]] = !strcasecmp(c->lines[idx[a]].kv[0].key,
						   c->lines[idx[b]].kv[0].key);
	for (size_t i = from; i < c->n; i++) {
		if (drop[i])
			slurmconf_line_release(&c->lines[i]);
		else
			c->lines[out++] = c->lines[i];
	}
	c->n = out;
	free(idx);
	free(drop);
}

static ssize_t setting_at(const struct slurmconf *c, size_t from, const char *key)
{
	for (size_t i = from; i < c->n; i++)
		if (key_is(&c->lines[i], key))
			return (ssize_t)i;
	return -1;
}

/* Sets line i to a SlurmctldHost= of name and address (NULL: none). */
static void make_host_line(struct slurmconf_line *l, const char *name, const char *addr)
{
	char *v = addr ? xasprintf("%s(%s)", name, addr) : xstrdup(name);

	free(l->kv[0].key);
	free(l->kv[0].value);
	l->kv[0].key = xstrdup("SlurmctldHost");
	l->kv[0].value = v;
}

/*
 * ControlMachine/ControlAddr/BackupController/BackupAddr: SlurmctldHost
 * lines where ControlMachine stood, or nothing when SlurmctldHost is set.
 */
static void old_controller_names(struct slurmconf *c, size_t from)
{
	ssize_t cm = setting_at(c, from, "ControlMachine");
	ssize_t ca = setting_at(c, from, "ControlAddr");
	ssize_t bc = setting_at(c, from, "BackupController");
	ssize_t ba = setting_at(c, from, "BackupAddr");
	bool modern = setting_at(c, from, "SlurmctldHost") >= 0 || cm < 0;
	char *addr = ca >= 0 ? xstrdup(c->lines[ca].kv[0].value) : NULL;
	char *bname = bc >= 0 ? xstrdup(c->lines[bc].kv[0].value) : NULL;
	char *baddr = ba >= 0 && bc >= 0 ? xstrdup(c->lines[ba].kv[0].value) : NULL;
	static const char *const gone[] = { "ControlAddr", "BackupController", "BackupAddr" };

	for (size_t k = 0; k < ARRAY_SIZE(gone); k++)
		for (ssize_t i; (i = setting_at(c, from, gone[k])) >= 0;)
			drop_line(c, (size_t)i);
	cm = setting_at(c, from, "ControlMachine");
	if (modern && cm >= 0) {
		drop_line(c, (size_t)cm);
	} else if (cm >= 0) {
		make_host_line(&c->lines[cm], c->lines[cm].kv[0].value, addr);
		if (bname) {
			struct slurmconf_line b = { 0 };

			slurmconf_line_add(&b, "x", "x");
			b.path = xstrdup(c->lines[cm].path);
			b.lineno = c->lines[cm].lineno;
			make_host_line(&b, bname, baddr);
			XGROW(c->lines, c->alloc, c->n + 1);
			memmove(&c->lines[cm + 2], &c->lines[cm + 1],
				(c->n - (size_t)cm - 1) * sizeof(c->lines[0]));
			c->lines[cm + 1] = b;
			c->n++;
		}
	}
	free(addr);
	free(bname);
	free(baddr);
}

/* The rules of slurmread.h over lines [from, c->n). */
static void resolve(struct slurmconf *c, size_t from)
{
	struct slurmconf_line node_d = { 0 }, part_d = { 0 };

	slurmconf_line_add(&node_d, "NodeName", "DEFAULT");
	slurmconf_line_add(&part_d, "PartitionName", "DEFAULT");
	last_wins(c, from);
	old_controller_names(c, from);
	for (size_t i = from; i < c->n;) {
		struct slurmconf_line *l = &c->lines[i];
		bool node = key_is(l, "NodeName"), part = key_is(l, "PartitionName");

		if ((node || part) && apply_defaults(l, node ? &node_d : &part_d, node))
			drop_line(c, i);
		else
			i++;
	}
	slurmconf_line_release(&node_d);
	slurmconf_line_release(&part_d);
}

int slurmread_conf_text(const char *path, const char *text, size_t len, slurmread_fn read,
			void *arg, struct slurmconf *out, char **cause)
{
	struct loader ld;
	size_t from = out->n;
	int rc;

	loader_init(&ld, path, read, arg, false);
	rc = load_text(&ld, path, text, len, 0, out, cause);
	if (rc == 0)
		resolve(out, from);
	while (rc < 0 && out->n > from)
		slurmconf_line_release(&out->lines[--out->n]);
	if (rc < 0 && from == 0)
		slurmconf_release(out);
	loader_release(&ld);
	return rc;
}

int slurmread_conf(const char *path, slurmread_fn read, void *arg, struct slurmconf *out,
		   char **cause)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (read(arg, path, &text, &len, cause) < 0)
		return -1;
	rc = slurmread_conf_text(path, text, len, read, arg, out, cause);
	free(text);
	return rc;
}

const struct slurmconf_line *slurmread_default_partition(const struct slurmconf *c)
{
	const struct slurmconf_line *last = NULL;

	for (size_t i = 0; i < c->n; i++)
		if (key_is(&c->lines[i], "PartitionName") &&
		    slurmread_bool(slurmconf_get(&c->lines[i], "Default")) == 1)
			last = &c->lines[i];
	return last;
}

int slurmread_settings(const char *path, const char *text, size_t len,
		       struct slurmconf *out, char **cause)
{
	size_t from = out->n;

	if (slurmconf_parse(path, text, len, false, out, cause) < 0)
		return -1;
	last_wins(out, from);
	return 0;
}

/* ---- gres.conf ---- */

int slurmread_count(const char *s, uint64_t *out)
{
	static const char units[] = "kmgtp";
	char *end;
	unsigned long long v;
	const char *u;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	if (*end && (end[1] || !(u = strchr(units, tolower((unsigned char)*end)))))
		return -1;
	if (*end)
		for (const char *p = units; p <= u; p++)
			v *= 1024;
	*out = v;
	return 0;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* Record r from gres.conf line l (its NodeName= already in r->nodes). */
static int gres_record(const struct slurmconf_line *l, struct slurmgres_rec *r, char **cause)
{
	const char *file = slurmconf_get(l, "File"), *count = slurmconf_get(l, "Count");
	uint64_t n;

	if (!file)
		file = slurmconf_get(l, "Files");
	r->name = dup_or_null(key_is(l, "Name") ? l->kv[0].value : slurmconf_get(l, "Name"));
	r->type = dup_or_null(slurmconf_get(l, "Type"));
	r->file = dup_or_null(file);
	r->cores = dup_or_null(slurmconf_get(l, "Cores"));
	if (!r->cores)
		r->cores = dup_or_null(slurmconf_get(l, "CPUs"));
	r->links = dup_or_null(slurmconf_get(l, "Links"));
	if (!r->links)
		r->links = dup_or_null(slurmconf_get(l, "Link"));
	r->flags = dup_or_null(slurmconf_get(l, "Flags"));
	r->multiple_files = dup_or_null(slurmconf_get(l, "MultipleFiles"));
	/* slurmd ignores AutoDetect= on a line without NodeName= */
	r->autodetect = r->nodes.n ? dup_or_null(slurmconf_get(l, "AutoDetect")) : NULL;
	r->path = xstrdup(l->path);
	r->lineno = l->lineno;
	if (file && hostlist_expand(file, &r->files, cause) < 0)
		goto bad;
	r->count = file ? r->files.n : 1;
	if (!count)
		return 0;
	if (slurmread_count(count, &n) < 0) {
		*cause = xasprintf("not a count: '%s'", count);
		goto bad;
	}
	/* a shared GRES (mps, shard) may count more than its files */
	if (file && n != r->count && r->name && strcasecmp(r->name, "mps") &&
	    strcasecmp(r->name, "shard")) {
		*cause = xasprintf("Count=%s does not match File=%s (%zu files), which "
				   "slurmd refuses", count, file, r->files.n);
		goto bad;
	}
	r->count = n;
	return 0;
bad: {
		char *why = *cause;

		*cause = xasprintf("%s:%u: %s", l->path, l->lineno, why);
		free(why);
		return -1;
	}
}

static void gres_rec_release(struct slurmgres_rec *r)
{
	hostlist_release(&r->nodes);
	hostlist_release(&r->files);
	free(r->name);
	free(r->type);
	free(r->file);
	free(r->cores);
	free(r->links);
	free(r->flags);
	free(r->multiple_files);
	free(r->autodetect);
	free(r->path);
}

/* One resolved gres.conf line into out. */
static int gres_line(const struct slurmconf_line *l, struct slurmgres *out, char **cause)
{
	struct slurmgres_rec r = { 0 };
	const char *nodes = slurmconf_get(l, "NodeName");

	if (key_is(l, "AutoDetect")) {
		free(out->autodetect);
		out->autodetect = xstrdup(l->kv[0].value);
		out->autodetect_line = l->lineno;
		return 0;
	}
	if (!key_is(l, "NodeName") && !key_is(l, "Name")) {
		*cause = xasprintf("%s:%u: %s= is not a gres.conf key", l->path, l->lineno,
				   l->kv[0].key);
		return -1;
	}
	if (nodes && hostlist_expand(nodes, &r.nodes, cause) < 0) {
		/* slurmd: a NodeName= that is no hostlist matches no node */
		free(*cause);
		*cause = NULL;
		out->skipped = xreallocarray(out->skipped, out->n_skipped + 1,
					     sizeof(*out->skipped));
		out->skipped[out->n_skipped++] = (struct slurmgres_skip){
			xstrdup(l->path), xstrdup(nodes), l->lineno };
		gres_rec_release(&r);
		return 0;
	}
	if (gres_record(l, &r, cause) < 0) {
		gres_rec_release(&r);
		return -1;
	}
	XGROW(out->recs, out->alloc, out->n + 1);
	out->recs[out->n++] = r;
	return 0;
}

int slurmread_gres(const char *path, const char *text, size_t len, slurmread_fn read,
		   void *arg, struct slurmgres *out, char **cause)
{
	struct loader ld;
	struct slurmconf c = { 0 };
	int rc;

	loader_init(&ld, path, read, arg, true);
	rc = load_text(&ld, path, text, len, 0, &c, cause);
	for (size_t i = 0; rc == 0 && i < c.n; i++) {
		dedupe_words(&c.lines[i]);
		rc = gres_line(&c.lines[i], out, cause);
	}
	if (rc < 0)
		slurmgres_release(out);
	slurmconf_release(&c);
	loader_release(&ld);
	return rc;
}

static bool names_node(const struct hostlist *hl, const char *node)
{
	for (size_t i = 0; i < hl->n; i++)
		if (!strcmp(hl->names[i], node))
			return true;
	return false;
}

bool slurmgres_for_node(const struct slurmgres_rec *r, const char *node)
{
	return !r->nodes.n || names_node(&r->nodes, node);
}

const char *slurmgres_autodetect(const struct slurmgres *g, const char *node)
{
	for (size_t i = 0; i < g->n; i++)
		if (g->recs[i].autodetect && names_node(&g->recs[i].nodes, node))
			return g->recs[i].autodetect;
	return g->autodetect;
}

void slurmgres_release(struct slurmgres *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->n; i++)
		gres_rec_release(&g->recs[i]);
	free(g->recs);
	free(g->autodetect);
	for (size_t i = 0; i < g->n_skipped; i++) {
		free(g->skipped[i].path);
		free(g->skipped[i].nodes);
	}
	free(g->skipped);
	memset(g, 0, sizeof(*g));
}

/* ---- node lists ---- */

static bool has_feature(const char *features, const char *f)
{
	size_t n = strlen(f);

	for (const char *p = features; p && *p;) {
		size_t k = strcspn(p, ",");

		if (k == n && !strncmp(p, f, n))
			return true;
		p += k + (p[k] == ',');
	}
	return false;
}

/* Appends every node of every NodeName= line of c (with Features= holding f, if f). */
static int all_nodes(const struct slurmconf *c, const char *f, struct hostlist *out,
		     char **cause)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct slurmconf_line *l = &c->lines[i];

		if (!key_is(l, "NodeName") || (f && !has_feature(slurmconf_get(l, "Features"), f)))
			continue;
		if (hostlist_expand(l->kv[0].value, out, cause) < 0)
			return -1;
	}
	return 0;
}

static const struct slurmconf_line *find_nodeset(const struct slurmconf *c, const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (key_is(&c->lines[i], "NodeSet") && !strcmp(c->lines[i].kv[0].value, name))
			return &c->lines[i];
	return NULL;
}

/* One item of a Nodes= value: ALL, a NodeSet name, or a hostlist. */
static int nodes_item(const struct slurmconf *c, const char *item, bool *named,
		      struct hostlist *out, char **cause)
{
	const struct slurmconf_line *ns = find_nodeset(c, item);
	const char *v;

	if (!strcasecmp(item, "ALL"))
		return all_nodes(c, NULL, out, cause);
	if (!ns)
		return hostlist_expand(item, out, cause);
	*named = true;
	if ((v = slurmconf_get(ns, "Nodes")) && !strcasecmp(v, "ALL"))
		return all_nodes(c, NULL, out, cause);
	if (v && hostlist_expand(v, out, cause) < 0)
		return -1;
	if ((v = slurmconf_get(ns, "Feature")) || (v = slurmconf_get(ns, "Features")))
		return all_nodes(c, v, out, cause);
	return 0;
}

int slurmread_nodes(const struct slurmconf *c, const char *value, struct hostlist *out,
		    bool *named, char **cause)
{
	int depth = 0, rc = 0;
	const char *start = value;

	*named = false;
	for (const char *p = value; rc == 0; p++) {
		if (*p == '[')
			depth++;
		else if (*p == ']')
			depth--;
		if ((*p == ',' && depth == 0) || !*p) {
			char *item = xstrndup(start, (size_t)(p - start));

			if (*item)
				rc = nodes_item(c, item, named, out, cause);
			free(item);
			start = p + 1;
		}
		if (!*p)
			break;
	}
	return rc;
}
