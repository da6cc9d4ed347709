/*
 * plan.c: desired vs observed, as a value. For every observed host it
 * compares each rendered file (bytes, mode, owner), the munge key (by
 * fingerprint only), and the slurm/munge users and groups, then derives the
 * service actions those changes need from the restart classification
 * (docs/restart-classification.md). Printing (text and JSON) lives in
 * plan_print.c. Secrets never reach a diff: the database password is masked
 * on both sides before diffing.
 */
#include "compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acct.h"
#include "die.h"
#include "diff.h"
#include "hostlist.h"
#include "plan.h"
#include "sha256.h"
#include "slurmkeys.h"
#include "xalloc.h"

#define PLAN_MASK "********"

/* ---- --only ---- */

static const char *const plan_only_names[] = {
	"files", "users", "munge", "services", "accounting",
};

int plan_parse_only(const char *s, unsigned *only, char **cause)
{
	char *copy = xstrdup(s), *save = NULL, *w;
	unsigned bits = 0;
	size_t i;

	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(plan_only_names); i++)
			if (!strcmp(w, plan_only_names[i]))
				break;
		if (i == ARRAY_SIZE(plan_only_names)) {
			*cause = xasprintf("unknown section '%s' (expected files, "
					   "users, munge, services, accounting)", w);
			free(copy);
			return -1;
		}
		bits |= 1u << i;
	}
	free(copy);
	if (!bits) {
		*cause = xstrdup("--only needs at least one section");
		return -1;
	}
	*only = bits;
	return 0;
}

/* ---- observations ---- */

struct plan_obs_file *plan_obs_add_file(struct plan_obs_host *h,
					const char *path, bool exists,
					unsigned mode, unsigned uid,
					unsigned gid, const char *bytes,
					size_t len)
{
	struct plan_obs_file *f;

	XGROW(h->files, h->alloc_files, h->n_files + 1);
	f = &h->files[h->n_files++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->exists = exists;
	f->mode = mode & 07777;
	f->uid = uid;
	f->gid = gid;
	if (bytes) {
		f->bytes = xmalloc(len + 1);
		memcpy(f->bytes, bytes, len);
		f->bytes[len] = '\0';
		f->len = len;
	}
	return f;
}

const struct plan_obs_file *plan_obs_find(const struct plan_obs_host *h,
					  const char *path)
{
	size_t i;

	for (i = 0; i < h->n_files; i++)
		if (!strcmp(h->files[i].path, path))
			return &h->files[i];
	return NULL;
}

void plan_obs_host_release(struct plan_obs_host *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n_files; i++) {
		free(h->files[i].path);
		/* observed slurmdbd.conf holds the password: wipe it */
		xfree_secret(h->files[i].bytes, h->files[i].len);
	}
	free(h->files);
	free(h->error);
	free(h->version_error);
	hwtruth_obs_release(&h->hw);
	capacity_view_release(&h->cap);
	memset(h, 0, sizeof(*h));
}

/* ---- ids ---- */

const struct svc_user *plan_svc_user(const struct model *m,
				     enum plan_ident_who who)
{
	return who == PLAN_SLURM ? &m->cluster.slurm_user :
		&m->cluster.munge_user;
}

/* The id to own files with on host h: the inventory's, else the host's. */
static long long plan_want_uid(const struct plan *p,
			       const struct plan_obs_host *o, const char *owner)
{
	long long id = model_uid_of(p->m, owner);
	int w;

	for (w = 0; id < 0 && w < PLAN_N_IDENT; w++)
		if (!strcmp(owner, plan_svc_user(p->m, w)->name) &&
		    o->users[w].exists)
			id = o->users[w].id;
	return id;
}

static long long plan_want_gid(const struct plan *p,
			       const struct plan_obs_host *o, const char *group)
{
	long long id = model_gid_of(p->m, group);
	int w;

	for (w = 0; id < 0 && w < PLAN_N_IDENT; w++)
		if (!strcmp(group, svc_user_group(plan_svc_user(p->m, w))) &&
		    o->groups[w].exists)
			id = o->groups[w].id;
	return id;
}

/* ---- secrets ---- */

/* A "KEY = value" line whose key holds a password (slurmkeys_is_secret()). */
static bool plan_is_secret_key(const char *line, size_t len, size_t *eq)
{
	char key[64];
	size_t i = 0, k;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	for (k = 0; i + k < len && k + 1 < sizeof(key) &&
	     !strchr(" \t=\n", line[i + k]); k++)
		key[k] = line[i + k];
	key[k] = '\0';
	if (!k || !slurmkeys_is_secret(key))
		return false;
	i += k;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i >= len || line[i] != '=')
		return false;
	*eq = i;
	return true;
}

static void plan_mask_line(struct strbuf *out, const char *line, size_t len,
			   const char *password)
{
	size_t pl = password ? strlen(password) : 0, i = 0, eq;

	if (plan_is_secret_key(line, len, &eq)) {
		strbuf_add(out, line, eq + 1);
		strbuf_addstr(out, PLAN_MASK);
		if (len && line[len - 1] == '\n')
			strbuf_addch(out, '\n');
		return;
	}
	while (i < len) {
		if (pl && len - i >= pl && !memcmp(line + i, password, pl)) {
			strbuf_addstr(out, PLAN_MASK);
			i += pl;
		} else {
			strbuf_addch(out, line[i++]);
		}
	}
}

char *plan_mask_secrets(const char *text, size_t len, const char *password)
{
	struct strbuf out = STRBUF_INIT;
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (text + i)) + 1 : len - i;

		plan_mask_line(&out, text + i, l, password);
		i += l;
	}
	return strbuf_detach(&out, NULL);
}

/*
 * The secret a placeholder at s stands for (render.h), and its length in
 * *phl; NULL when s starts no placeholder clusterctl wrote.
 */
static const char *plan_placeholder_value(const struct plan *p, const char *s,
					  size_t *phl)
{
	static const char vp[] = RENDER_SECRET_VALUE_PREFIX;
	const struct cluster *c = &p->m->cluster;
	const char *end, *v;
	char *key;

	if (!strncmp(s, RENDER_SECRET_DB_PASSWORD, strlen(RENDER_SECRET_DB_PASSWORD))) {
		*phl = strlen(RENDER_SECRET_DB_PASSWORD);
		return p->db_password;
	}
	if (strncmp(s, vp, sizeof(vp) - 1) || !(end = strchr(s + sizeof(vp) - 1, '@')))
		return NULL;
	key = xstrndup(s + sizeof(vp) - 1, (size_t)(end - s) - (sizeof(vp) - 1));
	v = kv_get(&c->slurm_conf, key);
	if (!v)
		v = kv_get(&c->slurmdbd_conf, key);
	if (!v)
		v = kv_get(&c->cgroup_conf, key);
	free(key);
	*phl = (size_t)(end - s) + 1;
	return v;
}

char *plan_file_bytes(const struct plan *p, const struct rendered_file *f,
		      size_t *len)
{
	const struct rendered_blob *b;
	struct strbuf out = STRBUF_INIT;
	const char *s, *hit, *v;
	size_t phl;

	if (f->secret) {
		if (!p->key.bytes)
			return NULL;
		*len = p->key.len;
		return memcpy(xmalloc(p->key.len), p->key.bytes, p->key.len);
	}
	b = &p->rs->blobs[f->blob];
	if (f->needs_db_password && !p->db_password)
		return NULL;
	s = b->bytes;
	while (f->has_secret_placeholder && (hit = strstr(s, "@clusterctl:"))) {
		strbuf_add(&out, s, (size_t)(hit - s));
		if ((v = plan_placeholder_value(p, hit, &phl))) {
			strbuf_addstr(&out, v);
			s = hit + phl;
		} else {
			/* not ours: the text stays as the template wrote it */
			strbuf_addch(&out, '@');
			s = hit + 1;
		}
	}
	strbuf_add(&out, s, b->len - (size_t)(s - b->bytes));
	return strbuf_detach(&out, len);
}

/* ---- the restart classification (docs/restart-classification.md) ---- */

struct plan_key_class {
	const char *key;
	unsigned bits;
	/*
	 * Still a restart on 23.11+, whose "scontrol reconfigure" starts new
	 * slurmctld/slurmd processes that re-read everything but cannot change
	 * listening ports or authentication (scontrol(1) 24.11); the identities
	 * and pid files the service manager tracks, the controller's place and
	 * the cluster's name stay restarts too.
	 */
	bool restart_on_reexec;
};

#define BOTH (PLAN_RESTART_CTLD | PLAN_RESTART_SLURMD)
static const struct plan_key_class plan_slurm_keys[] = {
	{ "AccountingStorageEnforce", PLAN_RESTART_CTLD, false },
	{ "AccountingStorageHost", PLAN_RESTART_CTLD, false },
	{ "AccountingStoragePort", PLAN_RESTART_CTLD, false },
	{ "AccountingStorageTRES", PLAN_RESTART_CTLD, false },
	{ "AccountingStorageType", PLAN_RESTART_CTLD, false },
	{ "AuthAltParameters", BOTH, true },
	{ "AuthAltTypes", BOTH, true },
	{ "AuthInfo", BOTH, true },
	{ "AuthType", BOTH, true },
	{ "BackupAddr", BOTH, true },
	{ "BackupController", BOTH, true },
	{ "ClusterName", BOTH, true },
	{ "ControlAddr", BOTH, true },
	{ "ControlMachine", BOTH, true },
	{ "CoreSpecPlugin", PLAN_RESTART_SLURMD, false },
	{ "CredType", BOTH, true },
	{ "GresTypes", BOTH, false },
	{ "JobAcctGatherType", PLAN_RESTART_SLURMD, false },
	{ "JobContainerType", BOTH, false },
	{ "LaunchType", BOTH, false },
	{ "MaxJobCount", PLAN_RESTART_CTLD, false },
	{ "MaxNodeCount", PLAN_RESTART_CTLD, false },
	{ "NodeName", BOTH, true },
	{ "PluginDir", BOTH, true },
	{ "PowerPlugin", PLAN_RESTART_CTLD, false },
	{ "ProctrackType", BOTH, false },
	{ "SchedulerType", PLAN_RESTART_CTLD, false },
	{ "SelectType", BOTH, false },
	{ "SelectTypeParameters", PLAN_RESTART_CTLD, false },
	{ "SlurmUser", BOTH, true },
	{ "SlurmctldHost", BOTH, true },
	{ "SlurmctldParameters", PLAN_RESTART_CTLD, false },
	{ "SlurmctldPidFile", PLAN_RESTART_CTLD, true },
	{ "SlurmctldPort", BOTH, true },
	{ "SlurmdPidFile", PLAN_RESTART_SLURMD, true },
	{ "SlurmdPort", BOTH, true },
	{ "SlurmdSpoolDir", PLAN_RESTART_SLURMD, false },
	{ "SlurmdUser", PLAN_RESTART_SLURMD, true },
	{ "StateSaveLocation", PLAN_RESTART_CTLD, false },
	{ "SwitchType", BOTH, false },
	{ "TaskPlugin", PLAN_RESTART_SLURMD, false },
	{ "TopologyPlugin", PLAN_RESTART_CTLD, false },
};
#undef BOTH

static const char *plan_basename(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

bool plan_is_node_config(const char *path)
{
	const char *name = plan_basename(path);

	return !strcmp(name, "slurm.conf") || !strcmp(name, "gres.conf") ||
	       !strcmp(name, "cgroup.conf");
}

/* Normalised, non-empty lines (comments and edge blanks dropped), sorted. */
static char **plan_conf_lines(const char *s, size_t len, size_t *n)
{
	char **lines = NULL;
	size_t alloc = 0, i = 0;

	*n = 0;
	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (s + i)) : len - i;
		const char *hash = memchr(s + i, '#', l);
		size_t a = i, b = hash ? (size_t)(hash - s) : i + l;

		while (a < b && isspace((unsigned char)s[a]))
			a++;
		while (b > a && isspace((unsigned char)s[b - 1]))
			b--;
		if (b > a) {
			XGROW(lines, alloc, *n + 1);
			lines[(*n)++] = xstrndup(s + a, b - a);
		}
		i += l + 1;
	}
	return lines;
}

static int plan_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bits one changed line needs; *key_out (borrowed) names its key. */
static unsigned plan_line_class(const char *name, const char *line, bool reexec,
				const char **key_out)
{
	size_t kl = strcspn(line, "= \t"), i;

	*key_out = NULL;
	if (!strcmp(name, "gres.conf")) {
		/* every gres.conf line defines node resources (gres.conf(5)) */
		*key_out = "gres";
		return PLAN_RESTART_CTLD | PLAN_RESTART_SLURMD;
	}
	for (i = 0; i < ARRAY_SIZE(plan_slurm_keys); i++) {
		if (strlen(plan_slurm_keys[i].key) == kl &&
		    !strncasecmp(line, plan_slurm_keys[i].key, kl)) {
			*key_out = plan_slurm_keys[i].key;
			if (reexec && !plan_slurm_keys[i].restart_on_reexec)
				return PLAN_RECONFIGURE;
			return plan_slurm_keys[i].bits;
		}
	}
	return PLAN_RECONFIGURE;
}

static unsigned plan_classify_lines(const char *name, const char *old,
				    size_t old_len, const char *new,
				    size_t new_len, bool reexec, char **why)
{
	size_t na, nb, i = 0, j = 0;
	char **a = plan_conf_lines(old, old_len, &na);
	char **b = plan_conf_lines(new, new_len, &nb);
	unsigned bits = 0;

	if (na)
		xqsort(a, na, sizeof(*a), plan_cmp_str);
	if (nb)
		xqsort(b, nb, sizeof(*b), plan_cmp_str);
	while (i < na || j < nb) {
		int c = i == na ? 1 : j == nb ? -1 : strcmp(a[i], b[j]);
		const char *line = c < 0 ? a[i] : b[j], *key;
		unsigned lb;

		if (!c) {
			i++, j++;
			continue;
		}
		lb = plan_line_class(name, line, reexec, &key);
		if ((lb & ~PLAN_RECONFIGURE) && why && !*why)
			*why = xasprintf("%s: %s", name, key);
		bits |= lb;
		c < 0 ? i++ : j++;
	}
	for (i = 0; i < na; i++)
		free(a[i]);
	for (j = 0; j < nb; j++)
		free(b[j]);
	free(a);
	free(b);
	return bits;
}

unsigned plan_classify(const char *path, const char *old, size_t old_len,
		       const char *new, size_t new_len, char **why)
{
	return plan_classify_release(path, old, old_len, new, new_len, false, why);
}

bool plan_reconfigure_reexecs(const char *slurm_version)
{
	return slurmkeys_has(slurm_version, SLURM_RECONFIGURE_REEXECS);
}

unsigned plan_classify_release(const char *path, const char *old, size_t old_len,
			       const char *new, size_t new_len, bool reexec,
			       char **why)
{
	const char *name = plan_basename(path);

	if (why)
		*why = NULL;
	if (old_len == new_len && (!old_len || !memcmp(old, new, old_len)))
		return 0;
	if (!strcmp(name, "munge.key"))
		return PLAN_RESTART_MUNGE;
	/* slurmd's start arguments (--conf-server), its unit's drop-in */
	if (!strcmp(path, RENDER_SLURMD_DEFAULTS) || !strcmp(path, RENDER_SLURMD_DROPIN)) {
		if (why)
			*why = xstrdup(path);
		return PLAN_RESTART_SLURMD;
	}
	if (!strcmp(path, RENDER_SACKD_DEFAULTS) || !strcmp(path, RENDER_SACKD_DROPIN)) {
		if (why)
			*why = xstrdup(path);
		return PLAN_RESTART_SACKD;
	}
	if (!strcmp(name, "slurmdbd.conf"))
		return PLAN_RESTART_DBD;
	if (!strcmp(name, "slurm.conf") || !strcmp(name, "gres.conf"))
		return plan_classify_lines(name, old, old_len, new, new_len, reexec, why);
	/* cgroup.conf and the rest: "scontrol reconfigure" re-reads them */
	return PLAN_RECONFIGURE;
}

/* ---- compute ---- */

static struct plan_file *plan_add_file(struct plan *p, size_t host,
				       const struct rendered_file *f)
{
	struct plan_file *pf;

	XGROW(p->files, p->alloc_files, p->n_files + 1);
	pf = &p->files[p->n_files++];
	memset(pf, 0, sizeof(*pf));
	pf->host = host;
	pf->want = f;
	return pf;
}

/* ---- the diff cache: hosts with the same bytes share one diff ---- */

struct plan_diff {
	char *key;		/* path, observed sha256 (or "-"), wanted blob */
	char *text;		/* masked unified diff */
	unsigned restart;
	char *why;
};

static uint64_t plan_hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static void plan_diff_rehash(struct plan *p)
{
	size_t i, cap = p->diff_cap ? 2 * p->diff_cap : 64;

	free(p->diff_table);
	p->diff_table = xcalloc(cap, sizeof(*p->diff_table));
	p->diff_cap = cap;
	for (i = 0; i < p->n_diffs; i++) {
		size_t j = plan_hash_str(p->diffs[i].key) & (cap - 1);

		while (p->diff_table[j])
			j = (j + 1) & (cap - 1);
		p->diff_table[j] = i + 1;
	}
}

/* The cached entry for key, or NULL; *slot is where a new one goes. */
static struct plan_diff *plan_diff_find(struct plan *p, const char *key)
{
	size_t j;

	if (2 * (p->n_diffs + 1) > p->diff_cap)
		plan_diff_rehash(p);
	j = plan_hash_str(key) & (p->diff_cap - 1);
	for (; p->diff_table[j]; j = (j + 1) & (p->diff_cap - 1))
		if (!strcmp(p->diffs[p->diff_table[j] - 1].key, key))
			return &p->diffs[p->diff_table[j] - 1];
	XGROW(p->diffs, p->alloc_diffs, p->n_diffs + 1);
	p->diff_table[j] = p->n_diffs + 1;
	memset(&p->diffs[p->n_diffs], 0, sizeof(*p->diffs));
	p->diffs[p->n_diffs].key = xstrdup(key);
	return &p->diffs[p->n_diffs++];
}

/* Computes the masked diff and the restart class of one change. */
static void plan_diff_fill(const struct plan *p, struct plan_diff *d,
			   const char *path, const struct plan_obs_file *o,
			   const char *want, size_t wlen)
{
	bool had = o && o->exists;
	char *mo = plan_mask_secrets(had ? o->bytes : "", had ? o->len : 0,
				     p->db_password);
	char *mw = plan_mask_secrets(want, wlen, p->db_password);
	char *la = had ? xasprintf("a%s", path) : xstrdup("/dev/null");
	char *lb = xasprintf("b%s", path);
	struct strbuf sb = STRBUF_INIT;

	if (!diff_unified(mo, strlen(mo), mw, strlen(mw), la, lb, DIFF_CONTEXT,
			  &sb))
		strbuf_addstr(&sb, "(a secret value differs; not shown)\n");
	d->text = strbuf_detach(&sb, NULL);
	d->restart = plan_classify_release(path, had ? o->bytes : "", had ? o->len : 0,
					   want, wlen,
					   plan_reconfigure_reexecs(p->m->cluster.slurm_version),
					   &d->why);
	free(mo);
	free(mw);
	free(la);
	free(lb);
}

/* Sets pf's diff and restart class, computing them once per distinct change. */
static void plan_file_diff(struct plan *p, struct plan_file *pf,
			   const struct plan_obs_file *o, const char *want,
			   size_t wlen)
{
	char have[65] = "-", *key;
	struct plan_diff *d;

	if (o && o->exists)
		sha256_hex(o->bytes, o->len, have);
	key = xasprintf("%s\037%s\037%zu", pf->want->path, have, pf->want->blob);
	d = plan_diff_find(p, key);
	if (!d->text)
		plan_diff_fill(p, d, pf->want->path, o, want, wlen);
	pf->diff = d->text;
	pf->restart = d->restart;
	pf->restart_why = d->why;
	free(key);
}

static void plan_meta(const struct plan *p, const struct plan_obs_host *o,
		      const struct plan_obs_file *of, struct plan_file *pf)
{
	long long uid = plan_want_uid(p, o, pf->want->owner);
	long long gid = plan_want_gid(p, o, pf->want->group);

	pf->want_uid = uid < 0 ? 0 : (unsigned)uid;
	pf->want_gid = gid < 0 ? 0 : (unsigned)gid;
	if (!of || !of->exists)
		return;
	pf->have_mode = of->mode;
	pf->have_uid = of->uid;
	pf->have_gid = of->gid;
	pf->mode = of->mode != (pf->want->mode & 07777);
	pf->owner = (uid >= 0 && of->uid != (unsigned)uid) ||
		    (gid >= 0 && of->gid != (unsigned)gid);
}

static void plan_finish_file(struct plan *p, struct plan_file *pf, bool exists)
{
	p->n_files_total++;
	if (!pf->content && !pf->mode && !pf->owner) {
		p->n_files--;	/* it was the last one added */
		return;
	}
	pf->change = !exists ? PLAN_CREATE : pf->content ? PLAN_MODIFY : PLAN_FIX;
}

static void plan_key_file(struct plan *p, size_t host,
			  const struct rendered_file *f)
{
	const struct plan_obs_host *o = &p->obs[host];
	const struct plan_obs_file *of = plan_obs_find(o, f->path);
	struct plan_file *pf = plan_add_file(p, host, f);
	bool exists = of && of->exists;

	plan_meta(p, o, of, pf);
	if (exists)
		memcpy(pf->have_fp, of->fp, sizeof(pf->have_fp));
	pf->content = !exists || strcmp(of->fp, p->key_fp);
	if (pf->content) {
		pf->restart = PLAN_RESTART_MUNGE;
		pf->restart_why = "munge key";
	}
	plan_finish_file(p, pf, exists);
}

static void plan_content_file(struct plan *p, size_t host,
			      const struct rendered_file *f)
{
	const struct plan_obs_host *o = &p->obs[host];
	const struct plan_obs_file *of = plan_obs_find(o, f->path);
	struct plan_file *pf = plan_add_file(p, host, f);
	bool exists = of && of->exists;
	const struct rendered_blob *b = &p->rs->blobs[f->blob];
	size_t wlen = b->len;
	char *subst = f->has_secret_placeholder ? plan_file_bytes(p, f, &wlen) : NULL;
	const char *want = subst ? subst : b->bytes;

	/* without a password the placeholder text is compared (and warned about) */
	if (!subst)
		wlen = b->len;
	plan_meta(p, o, of, pf);
	pf->content = !exists || (!of->matches && (of->len != wlen ||
						   memcmp(of->bytes, want, wlen)));
	if (pf->content)
		plan_file_diff(p, pf, of, want, wlen);
	if (subst)
		xfree_secret(subst, wlen);
	plan_finish_file(p, pf, exists);
}

static void plan_add_ident(struct plan *p, const struct plan_ident *id)
{
	XGROW(p->idents, p->alloc_idents, p->n_idents + 1);
	p->idents[p->n_idents++] = *id;
}

static void plan_idents(struct plan *p, size_t host)
{
	const struct plan_obs_host *o = &p->obs[host];
	int w;

	for (w = 0; w < PLAN_N_IDENT; w++) {
		const struct svc_user *u = plan_svc_user(p->m, w);
		const struct plan_obs_ident *g = &o->groups[w], *us = &o->users[w];
		long long uid = p->ids[w].uid, gid = p->ids[w].gid;
		struct plan_ident id = { .host = host, .who = w, .group = true,
					 .have_id = g->id, .want_id = gid };

		if (!strcmp(u->name, "root") || p->ids[w].conflict)
			continue;	/* root: nothing to manage; conflict: reported */
		if (!g->exists || (gid >= 0 && g->id != gid)) {
			id.change = g->exists ? PLAN_FIX : PLAN_CREATE;
			plan_add_ident(p, &id);
		}
		id = (struct plan_ident){ .host = host, .who = w,
					  .have_id = us->id, .want_id = uid,
					  .have_gid = us->gid, .want_gid = gid };
		if (!us->exists || (uid >= 0 && us->id != uid) ||
		    (gid >= 0 && us->gid != gid)) {
			id.change = us->exists ? PLAN_FIX : PLAN_CREATE;
			plan_add_ident(p, &id);
		}
	}
}

struct observed_id {
	long long id;
	const char *host;
};

static int cmp_observed_id(const void *a, const void *b)
{
	const struct observed_id *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/* "uid 999 on gpu03; uid 64030 on ctl,gpu[01-02]": which host has which id. */
static void describe_ids(struct strbuf *sb, struct observed_id *v, size_t n,
			 const char *what)
{
	const char **names = xcalloc(n + 1, sizeof(*names));

	xqsort(v, n, sizeof(*v), cmp_observed_id);
	for (size_t i = 0; i < n;) {
		size_t k = 0, j = i;
		char *hl;

		while (j < n && v[j].id == v[i].id)
			names[k++] = v[j++].host;
		hl = hostlist_compress(names, k);
		strbuf_addf(sb, "%s%s %lld on %s", sb->len ? "; " : "", what, v[i].id, hl);
		free(hl);
		i = j;
	}
	free(names);
}

/*
 * The id every observed host that has the identity agrees on (who's uid,
 * or its group's gid), MODEL_UNSET when none has it; false when hosts
 * disagree (then *sb says how).
 */
static bool observed_agree(const struct plan *p, int who, bool group,
			   long long *out, struct strbuf *sb)
{
	struct observed_id *v = xcalloc(p->m->n_hosts + 1, sizeof(*v));
	size_t n = 0;
	bool agree = true;

	for (size_t h = 0; h < p->m->n_hosts; h++) {
		const struct plan_obs_ident *id = group ? &p->obs[h].groups[who] :
			&p->obs[h].users[who];

		if (!p->obs[h].ok || !id->exists)
			continue;
		v[n].id = id->id;
		v[n++].host = p->m->hosts[h].name;
		agree = agree && v[n - 1].id == v[0].id;
	}
	*out = n ? v[0].id : MODEL_UNSET;
	if (!agree)
		describe_ids(sb, v, n, group ? "gid" : "uid");
	free(v);
	return agree;
}

/*
 * Fills p->ids: where the inventory leaves a service user's uid or gid
 * open, a host that lacks the user gets the id the others already have,
 * so that every host ends up with the same (a node added to a running
 * cluster). Hosts that disagree are not renumbered on a guess.
 */
static void plan_agree_ids(struct plan *p)
{
	size_t alloc = 0;

	for (int w = 0; w < PLAN_N_IDENT; w++) {
		const struct svc_user *u = plan_svc_user(p->m, w);
		const char *key = w == PLAN_SLURM ? "slurm_user" : "munge_user";
		struct strbuf why = STRBUF_INIT;
		bool ok = true;

		p->ids[w].uid = u->uid;
		p->ids[w].gid = u->gid;
		if (u->uid < 0)
			ok = observed_agree(p, w, false, &p->ids[w].uid, &why);
		if (u->gid < 0 && !observed_agree(p, w, true, &p->ids[w].gid, &why))
			ok = false;
		if (!ok) {
			p->ids[w].conflict = true;
			XGROW(p->id_conflicts, alloc, p->n_id_conflicts + 1);
			p->id_conflicts[p->n_id_conflicts++] =
				xasprintf("user %s: %s (cluster.%s does not set the "
					  "id every host must have)", u->name, why.buf, key);
		}
		strbuf_release(&why);
	}
}

static void plan_ranges(const struct model *m, const struct rendered_file *files,
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

void plan_rendered_ranges(const struct model *m, const struct rendered_set *rs,
			  size_t *starts)
{
	plan_ranges(m, rs->files, rs->n_files, starts);
}

void plan_absent_ranges(const struct model *m, const struct rendered_set *rs,
			size_t *starts)
{
	plan_ranges(m, rs->absent, rs->n_absent, starts);
}

/*
 * A file of the absent set that the host has: moved aside, and slurmd
 * restarted so that it reads where its files now come from (fetched, or
 * local again).
 */
static void plan_absent_file(struct plan *p, size_t host,
			     const struct rendered_file *f)
{
	const struct plan_obs_file *of = plan_obs_find(&p->obs[host], f->path);
	struct plan_file *pf;

	p->n_files_total++;
	if (!of || !of->exists ||
	    (f->only_ours && !(of->bytes && strstr(of->bytes, RENDER_OURS_MARK))))
		return;
	pf = plan_add_file(p, host, f);
	pf->change = PLAN_REMOVE;
	pf->content = true;
	pf->restart = PLAN_RESTART_SLURMD;
	pf->restart_why = f->path;
}

static void plan_host_files(struct plan *p, size_t host, const size_t *starts,
			    const size_t *gone)
{
	size_t i;

	for (i = starts[host]; i < starts[host + 1] && p->obs[host].ok; i++) {
		const struct rendered_file *f = &p->rs->files[i];

		if (f->secret && (p->only & PLAN_ONLY_MUNGE))
			plan_key_file(p, host, f);
		else if (!f->secret && (p->only & PLAN_ONLY_FILES))
			plan_content_file(p, host, f);
	}
	for (i = gone[host]; i < gone[host + 1] && p->obs[host].ok &&
	     (p->only & PLAN_ONLY_FILES); i++)
		plan_absent_file(p, host, &p->rs->absent[i]);
}

/* ---- services ---- */

static void plan_add_service(struct plan *p, size_t host, enum service_kind k,
			     enum plan_svc_action a, const char *why)
{
	struct plan_service *s;

	XGROW(p->services, p->alloc_services, p->n_services + 1);
	s = &p->services[p->n_services++];
	s->host = host;
	s->kind = k;
	s->action = a;
	s->why = xstrdup(why);
}

/* The restart bits one host needs; why[bit index] is the first reason. */
static unsigned plan_host_restart(const struct plan *p, size_t host,
				  const char *why[PLAN_RESTART_NBITS])
{
	unsigned bits = 0, b;
	size_t i;

	for (b = 0; b < PLAN_RESTART_NBITS; b++)
		why[b] = NULL;
	for (i = p->file_start[host]; i < p->file_start[host + 1]; i++) {
		const struct plan_file *f = &p->files[i];

		if (!f->restart)
			continue;
		for (b = 0; b < PLAN_RESTART_NBITS; b++)
			if ((f->restart & (1u << b)) && !why[b])
				why[b] = f->restart_why ? f->restart_why :
					plan_basename(f->want->path);
		bits |= f->restart;
	}
	for (i = p->ident_start[host]; i < p->ident_start[host + 1]; i++) {
		const struct plan_ident *id = &p->idents[i];
		unsigned add;

		if (id->change != PLAN_FIX)
			continue;
		add = id->who == PLAN_MUNGE ? PLAN_RESTART_MUNGE :
			PLAN_RESTART_CTLD | PLAN_RESTART_DBD;
		for (b = 0; b < PLAN_RESTART_NBITS; b++)
			if ((add & (1u << b)) && !why[b])
				why[b] = id->who == PLAN_MUNGE ? "munge ids" : "slurm ids";
		bits |= add;
	}
	return bits;
}

/* Bit index of a single enum plan_restart bit. */
static unsigned plan_bit_index(unsigned bit)
{
	unsigned b = 0;

	while (bit > 1u) {
		bit >>= 1;
		b++;
	}
	return b;
}

/* Start order on a host: munge first (the others authenticate through it),
 * then slurmdbd, slurmctld (which registers with it), slurmd. */
static int plan_svc_rank(enum service_kind k)
{
	switch (k) {
	case SVC_MUNGE: return 0;
	case SVC_SLURMDBD: return 1;
	case SVC_SLURMCTLD: return 2;
	default: return 3;
	}
}

static int plan_cmp_service(const void *a, const void *b)
{
	const struct plan_service *x = a, *y = b;
	bool xr = x->action == PLAN_SVC_RECONFIGURE;
	bool yr = y->action == PLAN_SVC_RECONFIGURE;

	if (x->host != y->host)
		return x->host < y->host ? -1 : 1;
	if (xr != yr)	/* restarts and starts (by rank) before the reconfigure */
		return xr ? 1 : -1;
	return (plan_svc_rank(x->kind) > plan_svc_rank(y->kind)) -
	       (plan_svc_rank(x->kind) < plan_svc_rank(y->kind));
}

/* Sorts services host by host (in execution order) and fills service_start. */
static void plan_services_by_host(struct plan *p)
{
	size_t h, i = 0;

	if (p->n_services)
		xqsort(p->services, p->n_services, sizeof(*p->services),
		      plan_cmp_service);
	for (h = 0; h < p->m->n_hosts; h++) {
		p->service_start[h] = i;
		while (i < p->n_services && p->services[i].host == h)
			i++;
	}
	p->service_start[p->m->n_hosts] = i;
}

/*
 * Whether sackd of this release learns of a changed slurm.conf only when it
 * starts (before slurmctld pushes to it: SLURM_SACKD_PUSHED, slurmkeys.c).
 */
static bool plan_sackd_fetches_at_start_only(const char *slurm_version)
{
	return !slurmkeys_has(slurm_version, SLURM_SACKD_PUSHED);
}

static void plan_fetch_reset(struct plan *p)
{
	free(p->fetch_hosts);
	free(p->fetch_files);
	free(p->fetch_why);
	free(p->sackd_stale_hosts);
	p->fetch_hosts = p->fetch_files = p->fetch_why = NULL;
	p->sackd_stale_hosts = NULL;
	p->fetch_restart = false;
}

/*
 * The hosts that fetch the controller's changed configs: those slurmctld
 * hands them to (fetch_hosts; outside --limit too: slurmctld reaches every
 * slurmd), and those outside --limit whose sackd would have to restart for
 * them (sackd_stale_hosts; plan_sackd_stale() sees to the others).
 */
static void plan_fetch_hosts(struct plan *p, bool client_conf_changed)
{
	size_t h, n = 0, n_stale = 0, n_decl = model_n_declared(p->m);
	const char **names = xcalloc(n_decl + 1, sizeof(*names));
	const char **stale = xcalloc(n_decl + 1, sizeof(*stale));
	bool at_start = plan_sackd_fetches_at_start_only(p->m->cluster.slurm_version);

	for (h = 0; h < n_decl; h++) {
		const struct host *hp = &p->m->hosts[h];

		if (hp->scope == HOST_DECLARED || !model_host_fetches(p->m, hp))
			continue;
		if (!model_host_runs(p->m, hp, SVC_SACKD) || !at_start)
			names[n++] = hp->name;
		else if (client_conf_changed && hp->scope == HOST_OUTSIDE_LIMIT)
			stale[n_stale++] = hp->name;
	}
	if (n)
		p->fetch_hosts = hostlist_compress(names, n);
	if (n_stale)
		p->sackd_stale_hosts = hostlist_compress(stale, n_stale);
	free(names);
	free(stale);
}

/*
 * Configless: what the controller's changed configs (the ones slurmctld
 * serves) ask of the slurmd that fetch them, as enum plan_restart bits;
 * fills p->fetch_* and p->sackd_* for the plan's reader.
 */
static unsigned plan_fetched(struct plan *p)
{
	size_t i, ctl = model_controller(p->m);
	struct strbuf files = STRBUF_INIT;
	bool client_conf = false;
	unsigned bits = 0;

	plan_fetch_reset(p);
	if (p->m->cluster.config_mode != CONFIG_CONFIGLESS || ctl == SIZE_MAX)
		return 0;
	for (i = p->file_start[ctl]; i < p->file_start[ctl + 1]; i++) {
		const struct plan_file *f = &p->files[i];
		const char *name = plan_basename(f->want->path);

		if (!f->content || f->want->absent || !plan_is_node_config(name))
			continue;
		strbuf_addf(&files, "%s%s", files.len ? ", " : "", name);
		/* of these, the client commands (and so sackd) take slurm.conf */
		client_conf |= !strcmp(name, "slurm.conf");
		if ((f->restart & PLAN_RESTART_SLURMD) && !p->fetch_why)
			p->fetch_why = xstrdup(f->restart_why ? f->restart_why : name);
		bits |= f->restart & (PLAN_RESTART_SLURMD | PLAN_RECONFIGURE);
	}
	if (files.len)
		plan_fetch_hosts(p, client_conf);
	if (p->fetch_hosts) {
		p->fetch_files = strbuf_detach(&files, NULL);
		p->fetch_restart = bits & PLAN_RESTART_SLURMD;
	}
	strbuf_release(&files);
	return p->fetch_hosts ? bits : 0;
}

/*
 * Whether sackd's cached bytes (they came back: the controller's slurm.conf
 * holds a secret put in at push time) are what slurmctld serves, secrets
 * in place.
 */
static bool plan_cache_is_served(const struct plan *p, const struct plan_obs_file *cache)
{
	size_t ctl = model_controller(p->m), len = 0;
	const struct rendered_file *f;
	char *want;
	bool same;

	if (ctl == SIZE_MAX || !cache->bytes)
		return false;
	f = rendered_host_conf(p->m, p->rs, p->m->hosts[ctl].name, "slurm.conf");
	if (!f || !(want = plan_file_bytes(p, f, &len)))
		return false;
	same = len == cache->len && !memcmp(want, cache->bytes, len);
	xfree_secret(want, len);
	return same;
}

/*
 * A running sackd on host h whose cached slurm.conf is not the one the
 * controller gets (a release whose sackd fetches only when it starts): the
 * controller's file changes now, or changed by an apply that did not reach
 * h (--limit).
 */
static bool plan_sackd_stale(const struct plan *p, size_t h)
{
	const struct plan_obs_file *cache;

	if (!model_host_runs(p->m, &p->m->hosts[h], SVC_SACKD) ||
	    !plan_sackd_fetches_at_start_only(p->m->cluster.slurm_version) ||
	    !p->obs[h].ok || p->obs[h].svc[SVC_SACKD] != PLAN_OBS_SVC_RUNNING)
		return false;
	cache = plan_obs_find(&p->obs[h], RENDER_SACKD_CACHE);
	return !cache || !cache->exists ||
	       (!cache->matches && !plan_cache_is_served(p, cache));
}

static void plan_services(struct plan *p)
{
	static const struct { unsigned bit; enum service_kind k; } map[] = {
		{ PLAN_RESTART_MUNGE, SVC_MUNGE },
		{ PLAN_RESTART_DBD, SVC_SLURMDBD },
		{ PLAN_RESTART_CTLD, SVC_SLURMCTLD },
		{ PLAN_RESTART_SLURMD, SVC_SLURMD },
		{ PLAN_RESTART_SACKD, SVC_SACKD },
	};
	size_t h, j, ctl = model_controller(p->m);
	bool reconfigure = false;
	unsigned fetched = plan_fetched(p);

	for (h = 0; h < p->m->n_hosts; h++) {
		const char *why[PLAN_RESTART_NBITS];
		unsigned bits = plan_host_restart(p, h, why);

		/* what slurmctld hands this slurmd may still need its restart */
		if (model_host_fetches(p->m, &p->m->hosts[h]) && (fetched & PLAN_RESTART_SLURMD) &&
		    !(bits & PLAN_RESTART_SLURMD)) {
			bits |= PLAN_RESTART_SLURMD;
			why[plan_bit_index(PLAN_RESTART_SLURMD)] = p->fetch_why;
		}
		if (!(bits & PLAN_RESTART_SACKD) && plan_sackd_stale(p, h)) {
			bits |= PLAN_RESTART_SACKD;
			why[plan_bit_index(PLAN_RESTART_SACKD)] =
				"cached slurm.conf is not the controller's; "
				"this sackd fetches only when it starts";
		}
		bool slurmd = model_host_runs(p->m, &p->m->hosts[h], SVC_SLURMD);
		bool ctld = model_host_runs(p->m, &p->m->hosts[h], SVC_SLURMCTLD);

		for (j = 0; j < ARRAY_SIZE(map); j++) {
			if (!model_host_runs(p->m, &p->m->hosts[h], map[j].k))
				continue;
			if (bits & map[j].bit) {
				plan_add_service(p, h, map[j].k, PLAN_SVC_RESTART,
						 why[plan_bit_index(map[j].bit)]);
			} else if (p->obs[h].ok &&
				   p->obs[h].svc[map[j].k] == PLAN_OBS_SVC_STOPPED) {
				/* a restart starts it too; else it must be started */
				plan_add_service(p, h, map[j].k, PLAN_SVC_START,
						 "not running");
				bits |= map[j].bit;	/* it reads its files afresh */
			}
		}
		/* a Slurm daemon here that is not (re)started must re-read its files */
		if ((bits & PLAN_RECONFIGURE) &&
		    ((slurmd && !(bits & PLAN_RESTART_SLURMD)) ||
		     (ctld && !(bits & PLAN_RESTART_CTLD))))
			reconfigure = true;
	}
	if (reconfigure && ctl != SIZE_MAX && p->obs[ctl].ok)
		plan_add_service(p, ctl, SVC_SLURMCTLD, PLAN_SVC_RECONFIGURE,
				 "configuration changed");
	plan_services_by_host(p);
}

const char *plan_svc_action_name(enum plan_svc_action a)
{
	return a == PLAN_SVC_RESTART ? "restart" : a == PLAN_SVC_START ? "start" :
		"reconfigure";
}

/* ---- the plan value ---- */

/*
 * What slurmd finds against the inventory, per observed host; a host with
 * an error (slurmd would not start, slurmctld would drain it) is refused
 * like a host of another release: nothing is planned there.
 */
static void plan_check_hardware(struct plan *p)
{
	size_t h;

	p->hw = xcalloc(p->m->n_hosts + 1, sizeof(*p->hw));
	/* accounting alone changes nothing on a host: nothing to refuse */
	if (!(p->only & ~(unsigned)PLAN_ONLY_ACCOUNTING))
		return;
	for (h = 0; h < p->m->n_hosts; h++) {
		if (!p->obs[h].ok)
			continue;
		hwtruth_check(p->m, h, &p->obs[h].hw, &p->hw[h]);
		if (hwtruth_has_error(&p->hw[h])) {
			p->obs[h].ok = false;
			p->obs[h].refused = true;
		}
	}
}

struct plan *plan_compute(const struct model *m, const struct rendered_set *rs,
			  const struct plan_inputs *in)
{
	struct plan *p = xcalloc(1, sizeof(*p));
	size_t *starts = xcalloc(m->n_hosts + 1, sizeof(*starts));
	size_t *gone = xcalloc(m->n_hosts + 1, sizeof(*gone));
	size_t h;

	p->m = m;
	p->rs = rs;
	p->obs = in->obs;
	p->only = in->only ? in->only : PLAN_ONLY_ALL;
	p->key_source = in->key_source;
	if (in->key && in->key->bytes) {
		mungekey_set(&p->key, in->key->bytes, in->key->len);
		mungekey_fingerprint(&p->key, p->key_fp);
	}
	p->db_password = in->db_password ? xstrdup(in->db_password) : NULL;
	p->acct_wanted = m->db.host != NULL && (p->only & PLAN_ONLY_ACCOUNTING);
	p->file_start = xcalloc(m->n_hosts + 1, sizeof(*p->file_start));
	p->ident_start = xcalloc(m->n_hosts + 1, sizeof(*p->ident_start));
	p->service_start = xcalloc(m->n_hosts + 1, sizeof(*p->service_start));
	plan_rendered_ranges(m, rs, starts);
	plan_absent_ranges(m, rs, gone);
	/* a host of another release is reported, like one not reached */
	for (h = 0; h < m->n_hosts; h++)
		if (p->obs[h].ok && p->obs[h].version_error) {
			p->obs[h].ok = false;
			free(p->obs[h].error);
			p->obs[h].error = p->obs[h].version_error;
			p->obs[h].version_error = NULL;
		}
	plan_check_hardware(p);
	/* what slurmctld would lose (capacity.h), as its controller saw it */
	if ((p->only & PLAN_ONLY_FILES) && (h = model_controller(m)) < m->n_hosts)
		p->n_cap_losses = capacity_model_losses(m, &p->obs[h].cap,
							&p->cap_losses);
	if (p->only & PLAN_ONLY_USERS)
		plan_agree_ids(p);
	for (h = 0; h < m->n_hosts; h++) {
		p->file_start[h] = p->n_files;
		p->ident_start[h] = p->n_idents;
		plan_host_files(p, h, starts, gone);
		if (p->obs[h].ok && (p->only & PLAN_ONLY_USERS))
			plan_idents(p, h);
	}
	p->file_start[m->n_hosts] = p->n_files;
	p->ident_start[m->n_hosts] = p->n_idents;
	free(starts);
	free(gone);
	if (p->only & PLAN_ONLY_SERVICES)
		plan_services(p);
	return p;
}

void plan_set_accounting(struct plan *p, struct acct_plan *acct, char *error)
{
	acct_plan_free(p->acct);
	free(p->acct_error);
	p->acct = acct;
	p->acct_error = error;
}

/*
 * A password the database refuses would be refused to slurmdbd too: the
 * files holding it stay as they are on every host, and the daemons that
 * changed only for them keep running (services are planned again).
 */
void plan_hold_password_files(struct plan *p, const char *refusal)
{
	struct strbuf sb = STRBUF_INIT;
	size_t h, i, n = 0, from = 0;

	for (h = 0; h < p->m->n_hosts; h++) {
		size_t to = p->file_start[h + 1];

		p->file_start[h] = n;
		for (i = from; i < to; i++) {
			const struct plan_file *f = &p->files[i];

			if (f->content && f->want->has_secret_placeholder)
				strbuf_addf(&sb, "held: %s: %s not written, slurmdbd not restarted: "
					    "the database refused the inventory's password "
					    "(%s)\n", p->m->hosts[h].name, f->want->path,
					    refusal);
			else
				p->files[n++] = *f;
		}
		from = to;
	}
	p->file_start[h] = p->n_files = n;
	if (!sb.len)
		return;
	free(p->held);
	p->held = strbuf_detach(&sb, NULL);
	if (!(p->only & PLAN_ONLY_SERVICES))
		return;
	for (i = 0; i < p->n_services; i++)
		free(p->services[i].why);
	p->n_services = 0;
	plan_services(p);
}

size_t plan_count(const struct plan *p)
{
	return p->n_files + p->n_idents + p->n_services +
	       (p->acct ? acct_plan_count(p->acct) : 0);
}

/* Hosts not ok that are refused (want 1), not refused (0) or either (-1). */
static char *plan_hosts_not_ok(const struct plan *p, int want)
{
	const char **names = xcalloc(p->m->n_hosts + 1, sizeof(*names));
	size_t h, n = 0;
	char *res = NULL;

	for (h = 0; h < p->m->n_hosts; h++)
		if (!p->obs[h].ok && (want < 0 || p->obs[h].refused == (want == 1)))
			names[n++] = p->m->hosts[h].name;
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

char *plan_unobserved(const struct plan *p)
{
	return plan_hosts_not_ok(p, -1);
}

char *plan_refused(const struct plan *p)
{
	return plan_hosts_not_ok(p, 1);
}

char *plan_unreached(const struct plan *p)
{
	return plan_hosts_not_ok(p, 0);
}

char *plan_hosts_left_alone(const struct plan *p, enum host_scope scope)
{
	const struct model *m = p->m;
	const char **names;
	char *res = NULL;
	size_t i, n = 0;

	if (!m->n_unmanaged)
		return NULL;
	names = xcalloc(m->n_unmanaged, sizeof(*names));
	for (i = m->n_hosts; i < model_n_declared(m); i++)
		if (m->hosts[i].scope == scope)
			names[n++] = m->hosts[i].name;
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

void plan_free(struct plan *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->n_diffs; i++) {
		free(p->diffs[i].key);
		free(p->diffs[i].text);
		free(p->diffs[i].why);
	}
	free(p->diffs);
	free(p->diff_table);
	free(p->files);
	free(p->idents);
	for (i = 0; i < p->n_id_conflicts; i++)
		free(p->id_conflicts[i]);
	free(p->id_conflicts);
	free(p->file_start);
	free(p->ident_start);
	free(p->service_start);
	for (i = 0; i < p->n_services; i++)
		free(p->services[i].why);
	free(p->services);
	mungekey_release(&p->key);
	free(p->key_note);
	if (p->db_password)
		xfree_secret(p->db_password, strlen(p->db_password));
	acct_plan_free(p->acct);
	free(p->acct_error);
	capacity_list_free(p->cap_losses, p->n_cap_losses);
	free(p->held);
	for (i = 0; p->hw && i < p->m->n_hosts; i++)
		hwtruth_findings_release(&p->hw[i]);
	free(p->hw);
	plan_fetch_reset(p);
	free(p);
}
