/*
 * render.c: the files every host gets. Each config kind is rendered once
 * (slurm.conf, gres.conf and cgroup.conf are the same on every host that
 * gets them) into a blob; hosts then only hold file entries that point at
 * blobs, which is what keeps a 10,000-host cluster to a few milliseconds.
 * Templates come from cluster.template_dir, falling back to the copies
 * embedded in the binary; partials ({{> header}}) resolve the same way.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/die.h"
#include "render/embedded.h"
#include "base/fileio.h"
#include "slurm/hostlist.h"
#include "base/ixhash.h"
#include "slurm/passfile.h"
#include "base/pathtrust.h"
#include "render/render.h"
#include "base/sha256.h"
#include "base/strbuf.h"
#include "render/tmpl.h"
#include "render/view_daemons.h"
#include "render/view_gres.h"
#include "render/view_slurm.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"

/* ---- template sources ---- */

struct loaded_template {
	char *name;
	char *data;		/* NUL-terminated */
	size_t len;
};

/* Templates read from template_dir, kept until the end of render_cluster(). */
struct template_store {
	const char *dir;	/* borrowed; NULL: embedded only */
	const char *root;	/* the inventory's directory (pathtrust.h) */
	struct loaded_template *items;
	size_t n, alloc;
	char *refused;		/* first template outside the allowed tree */
};

/* True for NAME.mustache: the only files read from template_dir. */
static bool is_template_name(const char *name)
{
	static const char ext[] = ".mustache";
	size_t n = strlen(name);

	return n > sizeof(ext) - 1 && !strcmp(name + n - (sizeof(ext) - 1), ext);
}

/*
 * The source of template `name` (e.g. "slurm.conf.mustache"): the site's
 * copy in template_dir when there is one, else the embedded one, else NULL.
 * Only *.mustache files are read from template_dir: a partial named after
 * a file a pipeline put in the tree ({{> db.pass}}) must not pull it into a
 * rendered file. Borrowed; valid until store_release().
 */
static const char *store_get(struct template_store *ts, const char *name,
			     size_t *len)
{
	const struct embedded_file *e;
	size_t i;

	for (i = 0; i < ts->n; i++)
		if (!strcmp(ts->items[i].name, name)) {
			*len = ts->items[i].len;
			return ts->items[i].data;
		}
	if (ts->dir && !strchr(name, '/') && is_template_name(name)) {
		char *path = xasprintf("%s/%s", ts->dir, name);
		char *real = NULL, *cause = NULL, *data = NULL;
		size_t n = 0;

		/*
		 * A file missing here falls back to the embedded copy; one that
		 * is there is read only inside the allowed tree: a symlink to
		 * /root/.ssh/id_ed25519 must not become a partial.
		 */
		if (access(path, F_OK) == 0 &&
		    (real = pathtrust_resolve(ts->root, path, &cause)) &&
		    !(data = fileio_read(real, &n, NULL)))
			/* there but unreadable (a FIFO): never the embedded one */
			cause = xasprintf("cannot read template '%s': %s", path,
					  fileio_strerror(errno));
		if (cause && !ts->refused)
			ts->refused = cause;
		else
			free(cause);
		free(real);
		free(path);
		if (data) {
			struct loaded_template *lt;

			XGROW(ts->items, ts->alloc, ts->n + 1);
			lt = &ts->items[ts->n++];
			lt->name = xstrdup(name);
			lt->data = data;
			lt->len = *len = n;
			return data;
		}
	}
	e = embedded_find(name);
	if (!e)
		return NULL;
	*len = e->len;
	return e->data;
}

static void store_release(struct template_store *ts)
{
	size_t i;

	for (i = 0; i < ts->n; i++) {
		free(ts->items[i].name);
		free(ts->items[i].data);
	}
	free(ts->items);
	ts->items = NULL;
	ts->n = ts->alloc = 0;
	free(ts->refused);
	ts->refused = NULL;
}

/* Partials are looked up as "<name>.mustache", then as "<name>". */
static const char *store_partial(void *cookie, const char *name)
{
	struct template_store *ts = cookie;
	char *file = xasprintf("%s.mustache", name);
	const char *src;
	size_t len;

	src = store_get(ts, file, &len);
	free(file);
	if (!src)
		src = store_get(ts, name, &len);
	return src;
}

/* ---- blobs and files ---- */

/*
 * A set's strings: a host's name or a path is the same for hundreds of
 * thousands of files, so each is kept once in a pool (100,000 hosts made
 * 1.6 million small copies); the last few are found again by their
 * source's address, else by text. Blobs are found by a hash of their
 * sha256 (ixhash.h), not by a walk over all of them.
 */
#define INTERN_RECENT 16

struct rendered_strings {
	struct pool pool;
	const char *src[INTERN_RECENT];
	char *copy[INTERN_RECENT];
	unsigned next;
	struct ixhash blobs;	/* of set->blobs, by sha256 */
};

static struct rendered_strings *set_strings(struct rendered_set *set)
{
	if (!set->strings)
		set->strings = xcalloc(1, sizeof(*set->strings));
	return set->strings;
}

static char *set_intern(struct rendered_set *set, const char *s)
{
	struct rendered_strings *rs = set_strings(set);
	unsigned i;

	for (i = 0; i < INTERN_RECENT; i++)
		if (rs->copy[i] && (rs->src[i] == s || !strcmp(rs->copy[i], s)))
			return rs->copy[i];
	i = rs->next++ % INTERN_RECENT;
	rs->src[i] = s;
	rs->copy[i] = pool_strdup(&rs->pool, s);
	return rs->copy[i];
}

/* The first 16 hex digits of a blob's sha256, as a number. */
static uint64_t blob_hash_hex(const char *hex)
{
	uint64_t h = 0;

	for (int i = 0; i < 16; i++)
		h = h * 16 + (uint64_t)(hex[i] <= '9' ? hex[i] - '0' : hex[i] - 'a' + 10);
	return h;
}

static uint64_t blob_hash(size_t i, const void *cookie)
{
	return blob_hash_hex(((const struct rendered_set *)cookie)->blobs[i].sha256);
}

struct blob_key {
	const struct rendered_set *set;
	const char *hex, *bytes;
	size_t len;
};

static bool blob_is(size_t i, const void *cookie)
{
	const struct blob_key *k = cookie;
	const struct rendered_blob *b = &k->set->blobs[i];

	return !strcmp(b->sha256, k->hex) && b->len == k->len &&
	       !memcmp(b->bytes, k->bytes, k->len);
}

/* Adds bytes (taking ownership) as a blob, sharing an identical one. */
static size_t set_add_blob(struct rendered_set *set, char *bytes, size_t len)
{
	struct rendered_blob *b;
	size_t *slot;
	char hex[65];
	struct blob_key key = { set, hex, bytes, len };

	sha256_hex(bytes, len, hex);
	ixhash_reserve(&set_strings(set)->blobs, set->n_blobs, blob_hash, set);
	slot = ixhash_find(&set->strings->blobs, blob_hash_hex(hex), blob_is, &key);
	if (*slot) {
		free(bytes);
		return *slot - 1;
	}
	XGROW(set->blobs, set->alloc_blobs, set->n_blobs + 1);
	b = &set->blobs[set->n_blobs];
	b->bytes = bytes;
	b->len = len;
	b->value_placeholder = strstr(bytes, RENDER_SECRET_VALUE_PREFIX) != NULL;
	memcpy(b->sha256, hex, sizeof(hex));
	set->bytes += len;
	*slot = set->n_blobs + 1;
	return set->n_blobs++;
}

/* The kinds of file clusterctl renders, in no particular order. */
enum file_kind {
	FK_SLURM, FK_GRES, FK_CGROUP, FK_SLURMDBD, FK_SLURMD_DEFAULTS,
	FK_SLURMD_DROPIN, FK_SACKD_DEFAULTS, FK_SACKD_DROPIN, FK_COUNT
};

/* A name with a '/' is the file's path, not one in cluster.config_dir. */
static const char *const kind_names[FK_COUNT] = {
	[FK_SLURM] = "slurm.conf",
	[FK_GRES] = "gres.conf",
	[FK_CGROUP] = "cgroup.conf",
	[FK_SLURMDBD] = "slurmdbd.conf",
	[FK_SLURMD_DEFAULTS] = SLURM_SLURMD_DEFAULTS,
	[FK_SLURMD_DROPIN] = SLURM_SLURMD_DROPIN,
	[FK_SACKD_DEFAULTS] = SLURM_SACKD_DEFAULTS,
	[FK_SACKD_DROPIN] = SLURM_SACKD_DROPIN,
};

static char *kind_template(enum file_kind k)
{
	if (k == FK_SLURMD_DEFAULTS)
		return xstrdup("slurmd.default.mustache");
	if (k == FK_SLURMD_DROPIN)
		return xstrdup("slurmd.dropin.mustache");
	if (k == FK_SACKD_DEFAULTS)
		return xstrdup("sackd.default.mustache");
	if (k == FK_SACKD_DROPIN)
		return xstrdup("sackd.dropin.mustache");
	return xasprintf("%s.mustache", kind_names[k]);
}

static json_t *kind_context(const struct model *m, enum file_kind k,
			    char **cause)
{
	*cause = NULL;
	switch (k) {
	case FK_SLURM:
		return view_slurm_conf(m, cause);
	case FK_GRES:
		return view_gres_conf(m, cause);
	case FK_CGROUP:
		return view_cgroup_conf(m);
	case FK_SLURMDBD:
		return view_slurmdbd_conf(m);
	case FK_SLURMD_DEFAULTS:
	case FK_SLURMD_DROPIN:
	case FK_SACKD_DEFAULTS:
	case FK_SACKD_DROPIN:
		return view_fetch_defaults(m);
	default:
		BUG("unknown file kind %d", (int)k);
	}
}

/* Expands the template of kind k; 0 with *blob set, or -1 with *cause. */
static int render_kind(const struct model *m, struct template_store *ts,
		       enum file_kind k, struct rendered_set *set,
		       size_t *blob, char **cause)
{
	char *tname = kind_template(k);
	struct strbuf out = STRBUF_INIT;
	struct tmpl *t = NULL;
	json_t *ctx = NULL;
	const char *src;
	size_t len, blen;
	int r = -1;

	src = store_get(ts, tname, &len);
	if (ts->refused) {
		*cause = ts->refused;
		ts->refused = NULL;
		goto out;
	}
	if (!src) {
		*cause = xasprintf("template '%s' not found", tname);
		goto out;
	}
	t = tmpl_parse(src, len, tname, cause);
	if (!t)
		goto out;
	ctx = kind_context(m, k, cause);
	if (!ctx)
		goto out;
	json_object_set_new(ctx, "config_file", json_string(kind_names[k]));
	if (tmpl_expand(t, ctx, store_partial, ts, 0, &out, cause) < 0)
		goto out;
	if (ts->refused) {
		*cause = ts->refused;
		ts->refused = NULL;
		goto out;
	}
	{
		char *bytes = strbuf_detach(&out, &blen);

		*blob = set_add_blob(set, bytes, blen);
	}
	r = 0;
out:
	strbuf_release(&out);
	json_decref(ctx);
	tmpl_free(t);
	free(tname);
	return r;
}

/* What one host gets, before sorting by path. */
struct file_spec {
	const char *path;	/* borrowed from struct render_paths */
	const char *owner, *group;
	unsigned mode;
	size_t blob;
	bool secret, placeholder;
	bool value_placeholder;	/* a secret pass-through value (set_add_file) */
	bool passthrough;	/* files: bytes as they are, never substituted */
};

static int file_spec_cmp(const void *a, const void *b)
{
	const struct file_spec *x = a, *y = b;

	return strcmp(x->path, y->path);
}

static void set_add_file(struct rendered_set *set, const char *host,
			 struct file_spec *fs)
{
	struct rendered_file *f;

	fs->value_placeholder = !fs->secret && !fs->passthrough &&
		fs->blob < set->n_blobs && set->blobs[fs->blob].value_placeholder;

	XGROW(set->files, set->alloc_files, set->n_files + 1);
	f = &set->files[set->n_files++];
	memset(f, 0, sizeof(*f));
	f->host = set_intern(set, host);
	f->path = set_intern(set, fs->path);
	f->owner = set_intern(set, fs->owner);
	f->group = set_intern(set, fs->group ? fs->group : fs->owner);
	f->mode = fs->mode;
	f->blob = fs->blob;
	f->secret = fs->secret;
	f->needs_db_password = fs->placeholder;
	f->has_secret_placeholder = fs->placeholder || fs->value_placeholder;
	f->passthrough = fs->passthrough;
}

/*
 * What is the same for every host, worked out once: 10,000 hosts must not
 * mean 10,000 path joins or dbd host lookups.
 */
struct render_plan {
	size_t blob[FK_COUNT];	/* SIZE_MAX when the kind was not rendered */
	char *path[FK_COUNT];
	const struct host *dbd;
	struct render_pass *pass;	/* one per m->files */
};

/* A pass-through file, read once: its blob and the hosts its hostlist names. */
struct render_pass {
	size_t blob;
	struct hostlist names;	/* sorted */
	unsigned served;	/* to whom slurmctld serves it in configless
				 * mode (enum passfile_fetcher bits) */
};

static void render_plan_init(struct render_plan *rp, const struct model *m)
{
	int k;

	for (k = 0; k < FK_COUNT; k++) {
		rp->blob[k] = SIZE_MAX;
		rp->path[k] = strchr(kind_names[k], '/') ? xstrdup(kind_names[k]) :
			fileio_join(m->cluster.config_dir, kind_names[k]);
	}
	rp->dbd = model_dbd_host(m);
	rp->pass = NULL;
}

static void render_plan_release(struct render_plan *rp, size_t n_pass)
{
	int k;

	for (k = 0; k < FK_COUNT; k++)
		free(rp->path[k]);
	for (size_t i = 0; rp->pass && i < n_pass; i++)
		hostlist_release(&rp->pass[i].names);
	free(rp->pass);
}

/*
 * Where a host's Slurm configuration comes from: its own files (push mode,
 * a controller, or a login host before 23.11, whose client commands have
 * no cache to read), or slurmctld through slurmd or sackd (configless).
 */
enum conf_source { CONF_LOCAL, CONF_SLURMD, CONF_SACKD };

static enum conf_source host_conf_source(const struct model *m,
					 const struct host *h)
{
	if (!model_host_fetches(m, h))
		return CONF_LOCAL;
	return model_host_runs(m, h, SVC_SLURMD) ? CONF_SLURMD : CONF_SACKD;
}

/* The kinds [*from, *to] a host gets with its configuration from src. */
static void conf_kinds(enum conf_source src, int *from, int *to)
{
	static const int range[][2] = {
		[CONF_LOCAL] = { FK_SLURM, FK_CGROUP },
		[CONF_SLURMD] = { FK_SLURMD_DEFAULTS, FK_SLURMD_DROPIN },
		[CONF_SACKD] = { FK_SACKD_DEFAULTS, FK_SACKD_DROPIN },
	};

	*from = range[src][0];
	*to = range[src][1];
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* f's group: as written, else its owner's (root's, or a service user's). */
static const char *pass_group(const struct model *m, const struct pass_file *f)
{
	if (f->group)
		return f->group;
	for (int w = 0; f->owner && w < N_IDENT; w++)
		if (!strcmp(f->owner, model_svc_user(m, w)->name))
			return svc_user_group(model_svc_user(m, w));
	return f->owner ? f->owner : "root";
}

/* True when pass-through file i goes to h by the inventory (its roles or hosts). */
static bool pass_for(const struct model *m, const struct render_plan *rp, size_t i,
		     const struct host *h)
{
	const struct render_pass *rq = &rp->pass[i];
	bool named = rq->names.n &&
		bsearch(&h->name, rq->names.names, rq->names.n, sizeof(char *), name_cmp);

	return model_pass_file_for(&m->files[i], h, named);
}

/* The pass-through files h gets, into fs; how many. */
static size_t host_pass_files(const struct model *m, const struct host *h,
			      const struct render_plan *rp, struct file_spec *fs)
{
	unsigned fetcher = model_host_fetcher(m, h);
	size_t n = 0;

	for (size_t i = 0; i < m->n_files; i++) {
		const struct pass_file *f = &m->files[i];

		/* slurmd or sackd gets it from slurmctld with slurm.conf */
		if ((rp->pass[i].served & fetcher) || !pass_for(m, rp, i, h))
			continue;
		fs[n++] = (struct file_spec){ f->path, f->owner ? f->owner : "root",
					      pass_group(m, f), f->mode,
					      rp->pass[i].blob, false, false,
					      false, true };
	}
	return n;
}

static size_t host_files(const struct model *m, const struct host *h,
			 const struct render_plan *rp, struct file_spec *fs)
{
	const struct cluster *c = &m->cluster;
	size_t n = 0;
	int k, from, to;

	conf_kinds(host_conf_source(m, h), &from, &to);
	for (k = from; k <= to; k++)
		fs[n++] = (struct file_spec){ rp->path[k], "root", "root", 0644,
					      rp->blob[k], false, false, false,
					      false };
	if (h == rp->dbd)
		fs[n++] = (struct file_spec){ rp->path[FK_SLURMDBD],
					      c->slurm_user.name,
					      c->slurm_user.group, 0600,
					      rp->blob[FK_SLURMDBD], false, true,
					      false, false };
	fs[n++] = (struct file_spec){ c->munge_key_path, c->munge_user.name,
				      c->munge_user.group, 0400, SIZE_MAX,
				      true, false, false, false };
	n += host_pass_files(m, h, rp, fs + n);
	xqsort(fs, n, sizeof(*fs), file_spec_cmp);
	return n;
}

/*
 * Whether kind k is in the absent set of a host whose configuration comes
 * from src: Slurm's configs where slurmd or sackd fetches them (a stale
 * slurm.conf would be what client commands on the host read); where it
 * reads them locally, the start arguments (and the slurmd.service drop-in)
 * clusterctl wrote for its role when the cluster was configless.
 */
static bool kind_absent(const struct host *h, enum conf_source src, int k)
{
	if (src != CONF_LOCAL)
		return k <= FK_CGROUP;
	if (k == FK_SLURMD_DEFAULTS || k == FK_SLURMD_DROPIN)
		return h->roles & ROLE_COMPUTE;
	return (k == FK_SACKD_DEFAULTS || k == FK_SACKD_DROPIN) && (h->roles & ROLE_LOGIN);
}

static void host_absent(struct rendered_set *set, const struct model *m,
			const struct host *h, const struct render_plan *rp)
{
	enum conf_source src = host_conf_source(m, h);
	int k;

	for (k = 0; k < FK_COUNT; k++) {
		struct rendered_file *f;

		if (!kind_absent(h, src, k))
			continue;
		XGROW(set->absent, set->alloc_absent, set->n_absent + 1);
		f = &set->absent[set->n_absent++];
		memset(f, 0, sizeof(*f));
		f->host = set_intern(set, h->name);
		f->path = set_intern(set, rp->path[k]);
		f->owner = f->group = set_intern(set, "root");
		f->blob = SIZE_MAX;
		f->absent = true;
		f->only_ours = src == CONF_LOCAL;
	}
}

/*
 * The served pass-through files a host that fetches would otherwise get
 * go to its absent set, as its slurm.conf does: a copy pushed before the
 * switch to configless is moved aside (slurmd reads the fetched one).
 */
static void host_pass_absent(struct rendered_set *set, const struct model *m,
			     const struct host *h, const struct render_plan *rp)
{
	unsigned fetcher = model_host_fetcher(m, h);

	for (size_t i = 0; fetcher && i < m->n_files; i++) {
		struct rendered_file *f;

		if (!(rp->pass[i].served & fetcher) || !pass_for(m, rp, i, h))
			continue;
		XGROW(set->absent, set->alloc_absent, set->n_absent + 1);
		f = &set->absent[set->n_absent++];
		memset(f, 0, sizeof(*f));
		f->host = set_intern(set, h->name);
		f->path = set_intern(set, m->files[i].path);
		f->owner = f->group = set_intern(set, "root");
		f->blob = SIZE_MAX;
		f->absent = true;
		f->passthrough = true;
	}
}

/*
 * The distinct bytes of one render. Each template expansion is capped
 * (tmpl.c) and hosts are capped (inventory_nodes.c); this caps their sum, so
 * what `render -o` writes is bounded by about twice this (one copy per
 * link-count limit of hard links, cmd_render.c) plus the hosts' directories.
 */
#define RENDER_MAX_BYTES (32u << 20)

/* Checked as each blob is made: the render stops before it fills memory. */
static int check_total(const struct rendered_set *set, struct diag_list *dl)
{
	if (set->bytes <= RENDER_MAX_BYTES)
		return 0;
	diag_error(dl, NULL, "the rendered files come to more than the %u MB a "
		   "render may produce", RENDER_MAX_BYTES >> 20);
	return -1;
}

/* The most a pass-through file may hold: a script or a plugin's config. */
#define RENDER_PASS_MAX (16u << 20)

/*
 * Reads pass-through file f's source (confined: pathtrust.h) into a blob.
 * 0, or -1 with *cause (caller frees).
 */
static int pass_read(const struct model *m, const struct pass_file *f,
		     struct rendered_set *set, size_t *blob, char **cause)
{
	char *real = pathtrust_resolve(m->dir, f->source, cause), *bytes;
	size_t len;

	if (!real)
		return -1;
	if (!(bytes = fileio_read(real, &len, NULL))) {
		*cause = xasprintf("cannot read '%s': %s", real, fileio_strerror(errno));
		free(real);
		return -1;
	}
	free(real);
	if (len > RENDER_PASS_MAX) {
		*cause = xasprintf("'%s' holds more than %u MB", f->source,
				   RENDER_PASS_MAX >> 20);
		free(bytes);
		return -1;
	}
	*blob = set_add_blob(set, bytes, len);
	return 0;
}

/* Whom pass-through file f goes to. 0, or -1 with *cause (caller frees). */
static int pass_targets(const struct model *m, const struct pass_file *f,
			struct render_pass *rq, char **cause)
{
	if (m->cluster.config_dir && fileio_in_dir(f->path, m->cluster.config_dir))
		rq->served = passfile_served(m->cluster.slurm_version,
					     fileio_basename(f->path));
	if (f->hosts && hostlist_expand(f->hosts, &rq->names, cause) < 0)
		return -1;
	if (rq->names.n)
		xqsort(rq->names.names, rq->names.n, sizeof(char *), name_cmp);
	return 0;
}

static int source_cmp(const void *a, const void *b)
{
	const struct pass_file *x = *(const struct pass_file *const *)a;
	const struct pass_file *y = *(const struct pass_file *const *)b;
	int c = strcmp(x->source, y->source);

	return c ? c : (x > y) - (x < y);
}

/*
 * Each source is read once, however many entries name it (200 entries
 * of one 16 MB script read 3.2 GB), and the render stops as soon as its
 * distinct bytes pass the limit.
 */
static int render_pass_files(const struct model *m, struct rendered_set *set,
			     struct render_plan *rp, struct diag_list *dl)
{
	const struct pass_file **order = xcalloc(m->n_files + 1, sizeof(*order));
	const struct pass_file *prev = NULL;
	size_t i, blob = SIZE_MAX;
	int errors = 0;

	rp->pass = xcalloc(m->n_files + 1, sizeof(*rp->pass));
	for (i = 0; i < m->n_files; i++) {
		hostlist_init(&rp->pass[i].names);
		order[i] = &m->files[i];
	}
	xqsort(order, m->n_files, sizeof(*order), source_cmp);
	for (i = 0; i < m->n_files && !check_total(set, dl); i++) {
		const struct pass_file *f = order[i];
		struct render_pass *rq = &rp->pass[f - m->files];
		char *cause = NULL;

		if ((!prev || strcmp(prev->source, f->source)) &&
		    pass_read(m, f, set, &blob, &cause) < 0)
			blob = SIZE_MAX;
		prev = f;
		rq->blob = blob;
		if (!cause && blob == SIZE_MAX)
			continue;	/* its source failed: said at its first entry */
		if (cause || pass_targets(m, f, rq, &cause) < 0) {
			diag_error(dl, &f->source_loc, "files: %s", cause);
			free(cause);
			errors++;
		}
	}
	free(order);
	return errors || i < m->n_files || check_total(set, dl) ? -1 : 0;
}

static int render_blobs(const struct model *m, struct template_store *ts,
			struct rendered_set *set, struct render_plan *rp,
			struct diag_list *dl)
{
	int k, errors = 0;

	for (k = 0; k < FK_COUNT && !check_total(set, dl); k++) {
		char *cause = NULL;

		if ((k == FK_SLURMDBD && !rp->dbd) ||
		    (k >= FK_SLURMD_DEFAULTS &&
		     m->cluster.config_mode != CONFIG_CONFIGLESS))
			continue;
		if (render_kind(m, ts, k, set, &rp->blob[k], &cause) < 0) {
			diag_error(dl, NULL, "cannot render %s: %s",
				   kind_names[k], cause);
			free(cause);
			errors++;
		}
	}
	if (k < FK_COUNT || render_pass_files(m, set, rp, dl) < 0)
		errors++;
	return errors ? -1 : 0;
}

int render_cluster(const struct model *m, struct rendered_set *out,
		   struct diag_list *dl)
{
	struct template_store ts = { m->cluster.template_dir, m->dir, NULL, 0, 0,
				     NULL };
	struct render_plan rp;
	struct file_spec *fs = xcalloc(FK_COUNT + 1 + m->n_files, sizeof(*fs));
	size_t i, j, n;
	int r;

	render_plan_init(&rp, m);
	r = render_blobs(m, &ts, out, &rp, dl);
	store_release(&ts);
	if (r < 0) {
		render_plan_release(&rp, m->n_files);
		rendered_set_release(out);
		free(fs);
		return -1;
	}
	XGROW(out->files, out->alloc_files, m->n_hosts * (FK_COUNT + 1));
	for (i = 0; i < m->n_hosts; i++) {
		n = host_files(m, &m->hosts[i], &rp, fs);
		for (j = 0; j < n; j++)
			set_add_file(out, m->hosts[i].name, &fs[j]);
		host_absent(out, m, &m->hosts[i], &rp);
		host_pass_absent(out, m, &m->hosts[i], &rp);
	}
	render_plan_release(&rp, m->n_files);
	free(fs);
	return 0;
}

void rendered_set_release(struct rendered_set *set)
{
	size_t i;

	if (!set)
		return;
	/* the files' strings are the set's pool's */
	free(set->files);
	free(set->absent);
	if (set->strings) {
		pool_release(&set->strings->pool);
		ixhash_release(&set->strings->blobs);
		free(set->strings);
	}
	for (i = 0; i < set->n_blobs; i++)
		free(set->blobs[i].bytes);
	free(set->blobs);
	*set = (struct rendered_set)RENDERED_SET_INIT;
}

const struct rendered_blob *rendered_file_blob(const struct rendered_set *set,
					       const struct rendered_file *f)
{
	if (f->secret || f->blob >= set->n_blobs)
		return NULL;
	return &set->blobs[f->blob];
}

char *rendered_sackd_cache(const struct model *m, const struct rendered_file *f)
{
	const char *base = fileio_basename(f->path);

	if (!f->passthrough || f->absent || !fileio_in_dir(f->path, m->cluster.config_dir) ||
	    !(passfile_served(m->cluster.slurm_version, base) & PASSFILE_SACKD))
		return NULL;
	return fileio_join(SLURM_SACKD_CACHE_DIR, base);
}

const struct rendered_file *rendered_conf_file(const struct model *m,
					       const struct rendered_set *set,
					       size_t from, size_t to,
					       const char *base)
{
	for (size_t i = from; i < to; i++)
		if (model_is_conf_path(m, set->files[i].path, base))
			return &set->files[i];
	return NULL;
}

const struct rendered_blob *rendered_conf_blob(const struct model *m,
					       const struct rendered_set *set,
					       size_t from, size_t to,
					       const char *base)
{
	const struct rendered_file *f = rendered_conf_file(m, set, from, to, base);

	return f && !f->secret && !f->has_secret_placeholder ? &set->blobs[f->blob] : NULL;
}

const struct rendered_file *rendered_host_conf(const struct model *m,
					       const struct rendered_set *set,
					       const char *host, const char *base)
{
	char *path = model_conf_path(m, base);
	const struct rendered_file *f = rendered_set_find(set, host, path);

	free(path);
	return f;
}

const struct rendered_file *rendered_set_find(const struct rendered_set *set,
					      const char *host,
					      const char *path)
{
	size_t i;

	for (i = 0; i < set->n_files; i++)
		if (!strcmp(set->files[i].host, host) &&
		    !strcmp(set->files[i].path, path))
			return &set->files[i];
	return NULL;
}

static void rendered_ranges_of(const struct model *m, const struct rendered_file *files,
			size_t n, size_t *starts)
{
	size_t h, i = 0;

	for (h = 0; h < m->n_hosts; h++) {
		starts[h] = i;
		while (i < n && !strcmp(files[i].host, m->hosts[h].name))
			i++;
	}
	starts[m->n_hosts] = i;
	if (i != n)
		BUG("rendered set not sorted by host in model order at '%s'",
		    files[i].host);
}

void rendered_ranges(const struct model *m, const struct rendered_set *rs,
		     size_t *starts)
{
	rendered_ranges_of(m, rs->files, rs->n_files, starts);
}

void rendered_absent_ranges(const struct model *m, const struct rendered_set *rs,
			    size_t *starts)
{
	rendered_ranges_of(m, rs->absent, rs->n_absent, starts);
}

bool render_is_ours(const char *bytes, size_t len)
{
	return bytes && memmem(bytes, len, RENDER_OURS_MARK, strlen(RENDER_OURS_MARK));
}
