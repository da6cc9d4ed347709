/*
 * review.c: HEAD against BASE, offline (review.h). Both sides are
 * rendered; BASE becomes what the hosts hold (review_obs.c) and HEAD is
 * planned against it by plan_compute(), so files, users, daemons and the
 * capacity guard follow plan's own rules; the plan's groups of identical
 * file changes then get their settings one by one, each classified on
 * HEAD's release; the accounting rows come from the two desired sets.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "acct/plan/acct_plan.h"
#include "base/fileio.h"
#include "base/pathtrust.h"
#include "base/xalloc.h"
#include "observe/observe_include.h"
#include "review/review.h"
#include "review/review_items.h"
#include "review/review_obs.h"
#include "slurm/hostlist.h"
#include "slurm/mungekey.h"
#include "slurm/slurmdiff.h"
#include "slurm/slurmkeys.h"
#include "decide/plan_classify.h"
#include "decide/plan_compute.h"
#include "decide/plan_print.h"

/* ---- rendering ---- */

static int render_side(const struct model *m, const char *label,
		       struct rendered_set *out, char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	int rc = render_cluster(m, out, &dl);

	if (rc < 0) {
		char *first = dl.n ? diag_format(&dl.items[0]) : xstrdup("render failed");

		*cause = xasprintf("%s does not render: %s", label, first);
		free(first);
	}
	diag_release(&dl);
	return rc;
}

/* ---- the munge key ---- */

/*
 * The fingerprint of m's munge_key_source into fp ("" when it names none
 * or it is not read): read only inside the inventory's tree (or a
 * directory --allow-path allows), like an include: diff opens no
 * credential path an inventory names elsewhere. *note says why not read.
 */
static void key_fingerprint(const struct model *m, const char *label,
			    char fp[MUNGEKEY_FP_LEN], char **note)
{
	struct mungekey k = MUNGEKEY_INIT;
	char *real, *why = NULL;
	struct stat st;

	fp[0] = '\0';
	if (!m->cluster.munge_key_source)
		return;
	real = pathtrust_resolve(m->dir, m->cluster.munge_key_source, &why);
	/* a FIFO or a device would be waited on, or read for ever */
	if (real && (stat(real, &st) < 0 || !S_ISREG(st.st_mode)))
		why = xasprintf("%s is no regular file", real);
	else if (real && mungekey_load_file(&k, real, &why) == 0)
		mungekey_fingerprint(&k, fp);
	if (!fp[0]) {
		char *more = xasprintf("%s%s%s's munge_key_source not read (%s)",
				       *note ? *note : "", *note ? "; " : "", label, why);

		free(*note);
		*note = more;
	}
	mungekey_release(&k);
	free(real);
	free(why);
}

/* True when HEAD's controller is a host BASE manages: it keeps its key. */
static bool controller_kept(const struct model *base, const struct model *head)
{
	size_t c = model_controller(head);
	const struct host *bh = c < head->n_hosts ?
		model_find_host(base, head->hosts[c].name) : NULL;

	return bh && (size_t)(bh - base->hosts) < base->n_hosts;
}

/*
 * What the key does (plan_decide's choice: the controller's key, else
 * munge_key_source, else a new one) and the stand-ins the plan compares
 * (no key's bytes are known offline): the same on both sides when the
 * controller keeps its key, else every host BASE manages gets another.
 */
static void review_munge(struct review *r, struct mungekey *key, char obs_fp[MUNGEKEY_FP_LEN])
{
	unsigned char kept[MUNGEKEY_MIN_SIZE], fresh[MUNGEKEY_MIN_SIZE];
	struct review_munge *mk = &r->munge;

	key_fingerprint(r->base, r->base_label, mk->base_fp, &mk->note);
	key_fingerprint(r->head, r->head_label, mk->head_fp, &mk->note);
	memset(kept, 'k', sizeof(kept));
	memset(fresh, 'n', sizeof(fresh));
	mk->changed = !controller_kept(r->base, r->head);
	mungekey_set(key, mk->changed ? fresh : kept, sizeof(kept));
	mungekey_fingerprint_of(kept, sizeof(kept), obs_fp);
}

/* ---- settings, one by one ---- */

/* True when every node of where (a hostlist) is a host m does not declare. */
static bool nodes_absent(const struct model *m, const char *where)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;
	bool absent = where && hostlist_expand(where, &hl, &cause) == 0 && hl.n;

	for (size_t i = 0; absent && i < hl.n; i++)
		absent = !model_find_host(m, hl.names[i]);
	free(cause);
	hostlist_release(&hl);
	return absent;
}

static const char *scope_name(enum slurmdiff_scope s)
{
	static const char *const names[] = { "global", "node", "partition", "record",
					     "gres" };

	return names[s];
}

static struct review_setting *add_setting(struct review_file *rf)
{
	rf->settings = xrealloc(rf->settings, (rf->n_settings + 1) * sizeof(*rf->settings));
	memset(&rf->settings[rf->n_settings], 0, sizeof(*rf->settings));
	return &rf->settings[rf->n_settings++];
}

/*
 * The setting of a node HEAD adds (or BASE had): all of the node's keys
 * on one line, "gpu04: new node: CPUs=2 Gres=gpu:fake:2 ...".
 */
static bool folds_whole_node(const struct review *r, const struct slurmdiff_item *it,
			     bool *added)
{
	if (it->secret || (it->scope != SLURMDIFF_NODE && it->scope != SLURMDIFF_GRES))
		return false;
	*added = !it->old && nodes_absent(r->base, it->where);
	return *added || (!it->new && nodes_absent(r->head, it->where));
}

static void fold_node_item(struct review_file *rf, const struct slurmdiff_item *it,
			   bool added, unsigned bits, const char *key)
{
	const char *what = added ? "new node" : "node removed";
	struct review_setting *s = NULL;

	for (size_t i = 0; i < rf->n_settings && !s; i++)
		if (!strcmp(rf->settings[i].scope, what) &&
		    !strcmp(rf->settings[i].where, it->where))
			s = &rf->settings[i];
	if (!s) {
		s = add_setting(rf);
		s->scope = what;
		s->where = xstrdup(it->where);
		s->text = xasprintf("%s: %s", it->where, what);
		s->key = key;
	}
	s->restart |= bits;
	if (added) {
		char *t = xasprintf("%s%s %s=%s", s->text, s->new ? "" : ":", it->key, it->new);
		char *v = xasprintf("%s%s%s=%s", s->new ? s->new : "", s->new ? " " : "",
				    it->key, it->new);

		free(s->text);
		free(s->new);
		s->text = t;
		s->new = v;
	}
}

/* Each setting of d, as review_settings of rf, classified on r's release. */
static void add_settings(const struct review *r, struct review_file *rf,
			 const char *path, const struct slurmdiff *d)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct slurmdiff_item *it = &d->v[i];
		const char *key;
		unsigned bits = plan_classify_setting(path, it, r->reexec, &key);
		struct review_setting *s;
		bool added;

		if (folds_whole_node(r, it, &added)) {
			fold_node_item(rf, it, added, bits, key);
			continue;
		}
		s = add_setting(rf);
		s->text = slurmdiff_item_text(it);
		s->restart = bits;
		s->key = key;
		s->scope = scope_name(it->scope);
		s->where = it->where ? xstrdup(it->where) : NULL;
		s->setting = xstrdup(it->key);
		s->old = it->old ? xstrdup(it->old) : NULL;
		s->new = it->new ? xstrdup(it->new) : NULL;
	}
}

/* The settings of a modified Slurm config, read as the plan read them. */
static void file_settings(const struct review *r, struct review_file *rf)
{
	const struct plan_file *f = &r->plan->files[rf->first];
	const struct obs_host *o = &r->obs[f->host];
	const struct obs_file *of = obs_find(o, f->want->path);
	const struct rendered_blob *b = rendered_file_blob(&r->hrs, f->want);
	struct slurmdiff d = { 0 };
	char *cause = NULL;

	struct plan_readers rd = { 0 };

	if (!f->settings || !of || !of->bytes || !b)
		return;
	/* a gres.conf as the plan read it: by the slurmd that read it */
	if (!strcmp(fileio_basename(f->want->path), "gres.conf"))
		plan_gres_readers(r->plan, f->host, &rd);
	if (slurmdiff_compute_gres(f->want->path, of->bytes, of->len, b->bytes, b->len,
				   observe_include_read, (void *)o, rd.v, rd.n, &d, &cause) == 0)
		add_settings(r, rf, f->want->path, &d);
	plan_readers_release(&rd);
	free(cause);
	slurmdiff_release(&d);
}

/* ---- groups of file changes ---- */

/* Hosts other than those of hl whose HEAD file at path has blob's bytes. */
static char *same_bytes(const struct review *r, const struct rendered_file *f,
			const char *hl)
{
	struct hostlist mine = HOSTLIST_INIT;
	const char **names = xcalloc(r->hrs.n_files + 1, sizeof(*names));
	char *cause = NULL, *res = NULL;
	size_t n = 0;

	hostlist_expand(hl, &mine, &cause);
	for (size_t i = 0; i < r->hrs.n_files; i++) {
		const struct rendered_file *o = &r->hrs.files[i];
		bool in = false;

		if (o->secret || o->blob != f->blob || strcmp(o->path, f->path))
			continue;
		for (size_t k = 0; k < mine.n && !in; k++)
			in = !strcmp(mine.names[k], o->host);
		if (!in)
			names[n++] = o->host;
	}
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	free(cause);
	hostlist_release(&mine);
	return res;
}

static void review_files(struct review *r)
{
	size_t ng;
	struct plan_group *g = plan_file_groups(r->plan, &ng);

	r->files = xcalloc(ng + 1, sizeof(*r->files));
	r->n_files = ng;
	for (size_t i = 0; i < ng; i++) {
		struct review_file *rf = &r->files[i];
		const struct plan_file *f = &r->plan->files[g[i].first];

		rf->first = g[i].first;
		rf->hosts = g[i].hosts;
		g[i].hosts = NULL;
		rf->restart = f->restart;
		rf->new_hosts = nodes_absent(r->base, rf->hosts);
		if (f->change == PLAN_CREATE && !f->want->secret)
			rf->same_as = same_bytes(r, f->want, rf->hosts);
		file_settings(r, rf);
	}
	plan_groups_free(g, ng);
}

/* ---- the whole ---- */

static void review_plan(struct review *r)
{
	struct mungekey key = MUNGEKEY_INIT;
	char obs_fp[MUNGEKEY_FP_LEN];
	struct plan_inputs in = {
		.only = PLAN_ONLY_FILES | PLAN_ONLY_USERS | PLAN_ONLY_MUNGE |
			PLAN_ONLY_SERVICES,
		.key = &key, .key_source = PLAN_KEY_CONTROLLER,
	};

	review_munge(r, &key, obs_fp);
	r->obs = review_observe(r->base, &r->brs, r->head, &r->hrs, obs_fp);
	in.obs = r->obs;
	r->plan = plan_compute(r->head, &r->hrs, &in);
	mungekey_release(&key);
}

int review_compute(const struct model *base, const char *base_label,
		   const struct model *head, const char *head_label,
		   struct review **out, char **cause)
{
	struct review *r = xcalloc(1, sizeof(*r));
	char *why = NULL;

	*out = NULL;
	r->base = base;
	r->head = head;
	r->base_label = xstrdup(base_label);
	r->head_label = xstrdup(head_label);
	r->reexec = slurmkeys_has(head->cluster.slurm_version, SLURM_RECONFIGURE_REEXECS);
	if (render_side(base, base_label, &r->brs, cause) < 0 ||
	    render_side(head, head_label, &r->hrs, cause) < 0) {
		review_free(r);
		return -1;
	}
	if (acct_plan_between(base, head, &r->acct, &why) < 0) {
		/* a valid inventory's rows build: this is no reviewer's matter */
		*cause = xasprintf("the accounting rows do not build: %s", why);
		free(why);
		review_free(r);
		return -1;
	}
	review_plan(r);
	review_items_build(base, head, &r->items);
	review_files(r);
	*out = r;
	return 0;
}

size_t review_count(const struct review *r)
{
	size_t n = r->items.n + r->n_files + r->plan->n_idents + r->plan->n_services;

	n += acct_plan_count(r->acct);
	/* the key's change is in its files; a note alone is none */
	return n;
}

bool review_capacity_lost(const struct review *r)
{
	return r->plan && r->plan->n_cap_losses > 0;
}

static void review_file_release(struct review_file *rf)
{
	for (size_t i = 0; i < rf->n_settings; i++) {
		struct review_setting *s = &rf->settings[i];

		free(s->text);
		free(s->where);
		free(s->setting);
		free(s->old);
		free(s->new);
	}
	free(rf->settings);
	free(rf->hosts);
	free(rf->same_as);
}

void review_free(struct review *r)
{
	if (!r)
		return;
	review_items_release(&r->items);
	for (size_t i = 0; i < r->n_files; i++)
		review_file_release(&r->files[i]);
	free(r->files);
	plan_free(r->plan);
	review_observe_release(r->obs, r->head->n_hosts);
	rendered_set_release(&r->brs);
	rendered_set_release(&r->hrs);
	acct_plan_free(r->acct);
	free(r->munge.note);
	free(r->base_label);
	free(r->head_label);
	free(r);
}
