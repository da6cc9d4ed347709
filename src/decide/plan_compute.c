/*
 * plan_compute.c: desired vs observed (plan_compute.h). For every observed
 * host it compares each rendered file (bytes, mode, owner), the munge key
 * (by fingerprint only), and the slurm/munge users and groups, then
 * derives the service actions those changes need (plan_services.c) from
 * the restart classification (plan_classify.c,
 * docs/restart-classification.md). Secrets never reach a diff: the
 * database password is masked on both sides before diffing
 * (plan_secret.c).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "base/diff.h"
#include "base/fileio.h"
#include "base/sha256.h"
#include "base/xalloc.h"
#include "decide/plan.h"
#include "decide/plan_classify.h"
#include "decide/plan_compute.h"
#include "decide/plan_release.h"
#include "decide/plan_secret.h"
#include "decide/plan_services.h"
#include "observe/observe_include.h"
#include "slurm/hostlist.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "inventory/model.h"
#include "observe/capacity.h"
#include "observe/hwtruth.h"
#include "observe/obs.h"
#include "render/render.h"
#include "render/view_slurm.h"
#include "slurm/mungekey.h"
#include "acct/plan/acct_method.h"

/* ---- ids ---- */

/* The id to own files with on host h: the inventory's, else the host's. */
static long long plan_want_uid(const struct plan *p,
			       const struct obs_host *o, const char *owner)
{
	long long id = model_uid_of(p->m, owner);
	int w;

	for (w = 0; id < 0 && w < N_IDENT; w++)
		if (!strcmp(owner, model_svc_user(p->m, w)->name) &&
		    o->users[w].exists)
			id = o->users[w].id;
	return id;
}

static long long plan_want_gid(const struct plan *p,
			       const struct obs_host *o, const char *group)
{
	long long id = model_gid_of(p->m, group);
	int w;

	for (w = 0; id < 0 && w < N_IDENT; w++)
		if (!strcmp(group, svc_user_group(model_svc_user(p->m, w))) &&
		    o->groups[w].exists)
			id = o->groups[w].id;
	return id;
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

static void plan_readers_add(struct plan_readers *r, const struct host *h)
{
	r->v[r->n].node = h->name;
	r->v[r->n++].gres = view_node_gres(h->type);
}

/* A host without slurmd reads its copy for nobody in particular: all, so no meaning is missed. */
void plan_gres_readers(const struct plan *p, size_t i, struct plan_readers *r)
{
	const struct model *m = p->m;
	const struct host *h = &m->hosts[i];
	bool node = (h->roles & ROLE_COMPUTE) && h->type;

	r->all = !node || ((h->roles & ROLE_CONTROLLER) &&
			   m->cluster.config_mode == CONFIG_CONFIGLESS);
	r->n = 0;
	r->v = xcalloc(r->all ? model_n_declared(m) + 1 : 1, sizeof(*r->v));
	if (!r->all) {
		plan_readers_add(r, h);
		return;
	}
	for (size_t k = 0; k < model_n_declared(m); k++)
		if ((m->hosts[k].roles & ROLE_COMPUTE) && m->hosts[k].type)
			plan_readers_add(r, &m->hosts[k]);
}

void plan_readers_release(struct plan_readers *r)
{
	for (size_t k = 0; k < r->n; k++)
		free((char *)r->v[k].gres);
	free(r->v);
}

/*
 * Computes the masked diff and the restart class of one change; what the
 * host's Include lines name is read from its observation (host), a
 * gres.conf compared as its readers' slurmd make it out.
 */
static void plan_diff_fill(const struct plan *p, struct plan_diff *d,
			   const struct obs_host *host, const struct plan_readers *rd,
			   const struct rendered_file *f, const struct obs_file *o,
			   const char *want, size_t wlen)
{
	const char *path = f->path;
	bool reexec = slurmkeys_has(p->m->cluster.slurm_version,
				    SLURM_RECONFIGURE_REEXECS);
	bool had = o && o->exists;
	char *mo = plan_mask_secrets(had ? o->bytes : "", had ? o->len : 0,
				     p->db_password);
	char *mw = plan_mask_secrets(want, wlen, p->db_password);
	char *la = had ? xasprintf("a%s", path) : xstrdup("/dev/null");
	char *lb = xasprintf("b%s", path);
	char *settings = NULL;
	struct strbuf sb = STRBUF_INIT;

	if (!diff_unified(mo, strlen(mo), mw, strlen(mw), la, lb, DIFF_CONTEXT,
			  &sb))
		strbuf_addstr(&sb, "(a secret value differs; not shown)\n");
	d->text = strbuf_detach(&sb, NULL);
	if (f->passthrough)
		d->restart = plan_classify_passthrough(path, reexec, &d->why);
	else
		d->restart = plan_classify_settings(path, had ? o->bytes : "",
						    had ? o->len : 0, want, wlen, reexec,
						    observe_include_read, (void *)host,
						    rd ? rd->v : NULL, rd ? rd->n : 0,
						    &d->why, &settings);
	/* a new file's settings would be all of them: its diff says it */
	if (settings && had)
		d->settings = plan_mask_secrets(settings, strlen(settings), p->db_password);
	if (settings)
		xfree_secret(settings, strlen(settings));
	free(mo);
	free(mw);
	free(la);
	free(lb);
}

/*
 * The entry hosts share for a gres.conf change computed per reader (d):
 * one per outcome (the same bytes, restart, reason and settings), so that
 * hosts whose slurmd make the same of it are one change in the plan.
 */
static struct plan_diff *plan_diff_shared(struct plan *p, const struct plan_diff *d,
					  const struct rendered_file *f, const char *have,
					  const char *incs)
{
	char *key = xasprintf("%s\037%s\037%s\037%zu\037=%u\037%s\037%s", f->path, have,
			      incs, f->blob, d->restart, d->why ? d->why : "",
			      d->settings ? d->settings : "-");
	size_t at = (size_t)(d - p->diffs);
	struct plan_diff *s = plan_diff_find(p, key);

	d = &p->diffs[at];	/* the find may have moved the array */
	if (!s->text) {
		s->text = xstrdup(d->text);
		s->restart = d->restart;
		s->why = d->why ? xstrdup(d->why) : NULL;
		s->settings = d->settings ? xstrdup(d->settings) : NULL;
	}
	free(key);
	return s;
}

/*
 * Sets pf's diff and restart class, computing them once per distinct
 * change (the same bytes, and the same files included: host's; for a
 * gres.conf, the same slurmd reading it).
 */
static void plan_file_diff(struct plan *p, struct plan_file *pf,
			   const struct obs_host *host, const struct obs_file *o,
			   const char *want, size_t wlen)
{
	char have[65] = "-", incs[65], *key;
	struct plan_diff *d;
	struct plan_readers rd = { 0 };
	bool gres = !strcmp(fileio_basename(pf->want->path), "gres.conf");

	if (o && o->exists && o->sha256[0])
		memcpy(have, o->sha256, sizeof(have));
	else if (o && o->exists)
		sha256_hex(o->bytes, o->len, have);
	observe_include_digest(host, incs);
	if (gres)
		plan_gres_readers(p, (size_t)(host - p->obs), &rd);
	/* a gres.conf means what its readers make of it: theirs is the change */
	key = xasprintf("%s\037%s\037%s\037%zu\037%s", pf->want->path, have, incs,
			pf->want->blob, !gres || rd.all ? "*" : rd.v[0].node);
	d = plan_diff_find(p, key);
	if (!d->text)
		plan_diff_fill(p, d, host, gres ? &rd : NULL, pf->want, o, want, wlen);
	plan_readers_release(&rd);
	if (gres)
		d = plan_diff_shared(p, d, pf->want, have, incs);
	pf->diff = d->text;
	pf->restart = d->restart;
	pf->restart_why = d->why;
	pf->settings = d->settings;
	free(key);
}

static void plan_meta(const struct plan *p, const struct obs_host *o,
		      const struct obs_file *of, struct plan_file *pf)
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
	const struct obs_host *o = &p->obs[host];
	const struct obs_file *of = obs_find(o, f->path);
	struct plan_file *pf = plan_add_file(p, host, f);
	bool exists = of && of->exists;

	plan_meta(p, o, of, pf);
	if (exists)
		memcpy(pf->have_fp, of->fp, sizeof(pf->have_fp));
	pf->content = !exists || strcmp(of->fp, p->key_fp);
	if (pf->content) {
		pf->restart = RESTART_MUNGE;
		pf->restart_why = "munge key";
	}
	plan_finish_file(p, pf, exists);
}

static void plan_content_file(struct plan *p, size_t host,
			      const struct rendered_file *f)
{
	const struct obs_host *o = &p->obs[host];
	const struct obs_file *of = obs_find(o, f->path);
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
		plan_file_diff(p, pf, o, of, want, wlen);
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
	const struct obs_host *o = &p->obs[host];
	int w;

	for (w = 0; w < N_IDENT; w++) {
		const struct svc_user *u = model_svc_user(p->m, w);
		const struct obs_ident *g = &o->groups[w], *us = &o->users[w];
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
		const struct obs_ident *id = group ? &p->obs[h].groups[who] :
			&p->obs[h].users[who];

		if (!p->hosts[h].ok || !id->exists)
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

	for (int w = 0; w < N_IDENT; w++) {
		const struct svc_user *u = model_svc_user(p->m, w);
		const char *key = w == IDENT_SLURM ? "slurm_user" : "munge_user";
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

/*
 * A file of the absent set that the host has: moved aside, and slurmd
 * restarted so that it reads where its files now come from (fetched, or
 * local again).
 */
static void plan_absent_file(struct plan *p, size_t host,
			     const struct rendered_file *f)
{
	const struct obs_file *of = obs_find(&p->obs[host], f->path);
	struct plan_file *pf;

	p->n_files_total++;
	if (!of || !of->exists ||
	    (f->only_ours && !render_is_ours(of->bytes, of->len)))
		return;
	pf = plan_add_file(p, host, f);
	pf->change = PLAN_REMOVE;
	pf->content = true;
	pf->restart = RESTART_SLURMD;
	pf->restart_why = f->path;
}

static void plan_host_files(struct plan *p, size_t host, const size_t *starts,
			    const size_t *gone)
{
	size_t i;

	for (i = starts[host]; i < starts[host + 1] && p->hosts[host].ok; i++) {
		const struct rendered_file *f = &p->rs->files[i];

		if (f->secret && (p->only & PLAN_ONLY_MUNGE))
			plan_key_file(p, host, f);
		else if (!f->secret && (p->only & PLAN_ONLY_FILES))
			plan_content_file(p, host, f);
	}
	for (i = gone[host]; i < gone[host + 1] && p->hosts[host].ok &&
	     (p->only & PLAN_ONLY_FILES); i++)
		plan_absent_file(p, host, &p->rs->absent[i]);
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
		if (!p->hosts[h].ok)
			continue;
		hwtruth_check(p->m, h, &p->obs[h].hw, &p->hw[h]);
		if (hwtruth_has_error(&p->hw[h])) {
			p->hosts[h].ok = false;
			p->hosts[h].refused = true;
		}
	}
}

/*
 * A password the database refuses would be refused to slurmdbd too: the
 * files holding it stay as they are on every host, and the daemons that
 * changed only for them keep running (services are planned after).
 */
static void plan_hold_password_files(struct plan *p, const char *refusal)
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
	if (sb.len)
		p->held = strbuf_detach(&sb, NULL);
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
	p->key_note = in->key_note ? xstrdup(in->key_note) : NULL;
	if (in->key && in->key->bytes) {
		mungekey_set(&p->key, in->key->bytes, in->key->len);
		mungekey_fingerprint(&p->key, p->key_fp);
	}
	p->db_password = in->db_password ? xstrdup(in->db_password) : NULL;
	p->acct_wanted = m->db.host != NULL && (p->only & PLAN_ONLY_ACCOUNTING);
	p->file_start = xcalloc(m->n_hosts + 1, sizeof(*p->file_start));
	p->ident_start = xcalloc(m->n_hosts + 1, sizeof(*p->ident_start));
	p->service_start = xcalloc(m->n_hosts + 1, sizeof(*p->service_start));
	rendered_ranges(m, rs, starts);
	rendered_absent_ranges(m, rs, gone);
	/* a host of another release is reported, like one not reached */
	p->hosts = xcalloc(m->n_hosts + 1, sizeof(*p->hosts));
	for (h = 0; h < m->n_hosts; h++) {
		p->hosts[h].ok = p->obs[h].ok && !p->obs[h].version_error;
		p->hosts[h].error = p->obs[h].ok ? p->obs[h].version_error :
			p->obs[h].error;
	}
	plan_check_hardware(p);
	plan_release_check(p);
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
		if (p->hosts[h].ok && (p->only & PLAN_ONLY_USERS))
			plan_idents(p, h);
	}
	p->file_start[m->n_hosts] = p->n_files;
	p->ident_start[m->n_hosts] = p->n_idents;
	free(starts);
	free(gone);
	if (in->db_refusal)
		plan_hold_password_files(p, in->db_refusal);
	if (p->only & PLAN_ONLY_SERVICES)
		plan_services(p);
	p->acct = in->acct;
	p->acct_error = in->acct_error;
	if (p->acct)
		p->acct_method = acct_plan_method(m, p->acct);
	return p;
}
