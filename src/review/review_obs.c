/*
 * review_obs.c: BASE as the hosts would hold it (review.h), so that
 * "diff" asks plan_compute() the question "plan" asks of real hosts:
 * each host BASE manages has BASE's rendered files with their modes and
 * owners, the slurm and munge users with BASE's ids, and runs the daemons
 * BASE gives it; a host only HEAD has holds nothing and runs nothing, as
 * a machine before its first apply. What no inventory says (a service
 * user's id where neither sets one, the munge key's bytes) is the same on
 * both sides, so it is no change.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "observe/capacity.h"
#include "review/review_obs.h"
#include "base/xalloc.h"

/*
 * The id a host has for a service user or group: BASE's, else HEAD's
 * (a site that starts to write the id down renumbers nothing), else
 * MODEL_UNSET: nobody says, nothing is compared.
 */
static long long id_of(long long base_id, long long head_id)
{
	return base_id >= 0 ? base_id : head_id;
}

static long long owner_uid(const struct model *base, const struct model *head,
			   const char *owner)
{
	long long id = id_of(model_uid_of(base, owner), model_uid_of(head, owner));

	return id < 0 ? 0 : id;
}

static long long owner_gid(const struct model *base, const struct model *head,
			   const char *group)
{
	long long id = id_of(model_gid_of(base, group), model_gid_of(head, group));

	return id < 0 ? 0 : id;
}

/* Where each host's rendered files start, in both sets (rendered_ranges). */
struct ranges {
	size_t *base, *head;
};

/* HEAD's file at path on head host h, or NULL. */
static const struct rendered_file *head_file(const struct rendered_set *hrs,
					     const struct ranges *rg, size_t h,
					     const char *path)
{
	for (size_t i = rg->head[h]; i < rg->head[h + 1]; i++)
		if (!strcmp(hrs->files[i].path, path))
			return &hrs->files[i];
	return NULL;
}

/*
 * BASE's rendered files of base host bi, as observed on head host h. The
 * bytes are the base set's, borrowed (review_observe_release() hands them
 * back before it frees): a cluster of thousands of hosts holds one
 * slurm.conf, not one a host. A file whose bytes HEAD keeps matches, as
 * observe marks it; the others carry their digest, so the plan does not
 * hash the same bytes once per host.
 */
static void observe_files(const struct model *base, const struct rendered_set *brs,
			  const struct model *head, const struct rendered_set *hrs,
			  const struct ranges *rg, size_t bi, size_t h,
			  const char *key_fp, struct obs_host *o)
{
	for (size_t i = rg->base[bi]; i < rg->base[bi + 1]; i++) {
		const struct rendered_file *f = &brs->files[i], *hf;
		const struct rendered_blob *b = rendered_file_blob(brs, f), *hb;
		struct obs_file *of = obs_add_file(o, f->path, true, f->mode,
						   (unsigned)owner_uid(base, head, f->owner),
						   (unsigned)owner_gid(base, head, f->group),
						   NULL, 0);

		if (f->secret)
			memcpy(of->fp, key_fp, sizeof(of->fp));
		if (!b)
			continue;
		hf = head_file(hrs, rg, h, f->path);
		hb = hf ? rendered_file_blob(hrs, hf) : NULL;
		of->matches = hb && !strcmp(hb->sha256, b->sha256);
		if (!of->matches) {
			of->bytes = b->bytes;
			of->len = b->len;
			memcpy(of->sha256, b->sha256, sizeof(of->sha256));
		}
	}
}

/*
 * Before Slurm 25.05 a configless login host's sackd keeps the slurm.conf
 * it fetched when it started: BASE's controller's.
 */
static void observe_sackd_cache(const struct model *base,
				const struct rendered_set *brs,
				const struct host *bh, struct obs_host *o)
{
	size_t c = model_controller(base);
	const struct rendered_file *f;
	const struct rendered_blob *b;
	struct obs_file *of;

	if (c >= base->n_hosts || !model_host_runs(base, bh, SVC_SACKD))
		return;
	f = rendered_host_conf(base, brs, base->hosts[c].name, "slurm.conf");
	b = f ? rendered_file_blob(brs, f) : NULL;
	if (!b)
		return;
	/* borrowed like the other files' (review_observe_release()) */
	of = obs_add_file(o, SLURM_SACKD_CACHE, true, 0644, 0, 0, NULL, 0);
	of->bytes = b->bytes;
	of->len = b->len;
	memcpy(of->sha256, b->sha256, sizeof(of->sha256));
}

static void observe_idents(const struct model *base, const struct model *head,
			   struct obs_host *o)
{
	for (int w = 0; w < N_IDENT; w++) {
		const struct svc_user *bu = model_svc_user(base, w);
		const struct svc_user *hu = model_svc_user(head, w);
		long long gid = id_of(bu->gid, hu->gid);

		o->users[w] = (struct obs_ident){ true, id_of(bu->uid, hu->uid), gid };
		o->groups[w] = (struct obs_ident){ true, gid, MODEL_UNSET };
	}
}

/* Host h of HEAD as BASE leaves it. */
static void observe_host(const struct model *base, const struct rendered_set *brs,
			 const struct model *head, const struct rendered_set *hrs,
			 const struct ranges *rg, size_t h, const char *key_fp,
			 struct obs_host *o)
{
	const struct host *bh = model_find_host(base, head->hosts[h].name);
	size_t bi = bh ? (size_t)(bh - base->hosts) : SIZE_MAX;

	o->ok = true;
	for (int k = 0; k < SVC_COUNT; k++)
		o->svc[k] = OBS_SVC_STOPPED;
	/* a host BASE only declares (managed: false) was never written to */
	if (bi >= base->n_hosts)
		return;
	observe_files(base, brs, head, hrs, rg, bi, h, key_fp, o);
	observe_sackd_cache(base, brs, bh, o);
	observe_idents(base, head, o);
	for (int k = 0; k < SVC_COUNT; k++)
		if (model_host_runs(base, bh, k))
			o->svc[k] = OBS_SVC_RUNNING;
}

struct obs_host *review_observe(const struct model *base,
				const struct rendered_set *brs,
				const struct model *head, const struct rendered_set *hrs,
				const char *key_fp)
{
	struct obs_host *obs = xcalloc(head->n_hosts + 1, sizeof(*obs));
	struct ranges rg = { xcalloc(base->n_hosts + 1, sizeof(size_t)),
			     xcalloc(head->n_hosts + 1, sizeof(size_t)) };
	size_t c = model_controller(head);

	rendered_ranges(base, brs, rg.base);
	rendered_ranges(head, hrs, rg.head);
	for (size_t h = 0; h < head->n_hosts; h++)
		observe_host(base, brs, head, hrs, &rg, h, key_fp, &obs[h]);
	free(rg.base);
	free(rg.head);
	/* what slurmctld runs: BASE's nodes and partitions */
	if (c < head->n_hosts)
		capacity_from_model(base, &obs[c].cap);
	return obs;
}

void review_observe_release(struct obs_host *obs, size_t n)
{
	for (size_t h = 0; obs && h < n; h++) {
		/* the bytes are the base set's: not obs_host_release()'s to wipe */
		for (size_t i = 0; i < obs[h].n_files; i++)
			obs[h].files[i].bytes = NULL;
		obs_host_release(&obs[h]);
	}
	free(obs);
}
