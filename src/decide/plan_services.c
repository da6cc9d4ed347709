/*
 * plan_services.c: the services section of a plan (plan_services.h): which
 * daemon on which host restarts, reconfigures or starts, in what order,
 * and in configless mode what the hosts that fetch their configs receive
 * through slurmctld.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "slurm/hostlist.h"
#include "slurm/passfile.h"
#include "decide/plan_services.h"
#include "slurm/slurmdiff.h"
#include "slurm/slurmkeys.h"
#include "base/xalloc.h"
#include "slurm/hostpaths.h"
#include "base/strbuf.h"
#include "decide/plan_classify.h"
#include "decide/plan_secret.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "render/render.h"

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
				  const char *why[RESTART_NBITS])
{
	unsigned bits = 0, b;
	size_t i;

	for (b = 0; b < RESTART_NBITS; b++)
		why[b] = NULL;
	for (i = p->file_start[host]; i < p->file_start[host + 1]; i++) {
		const struct plan_file *f = &p->files[i];

		if (!f->restart)
			continue;
		for (b = 0; b < RESTART_NBITS; b++)
			if ((f->restart & (1u << b)) && !why[b])
				why[b] = f->restart_why ? f->restart_why :
					fileio_basename(f->want->path);
		bits |= f->restart;
	}
	for (i = p->ident_start[host]; i < p->ident_start[host + 1]; i++) {
		const struct plan_ident *id = &p->idents[i];
		unsigned add;

		if (id->change != PLAN_FIX)
			continue;
		add = id->who == IDENT_MUNGE ? RESTART_MUNGE :
			RESTART_CTLD | RESTART_DBD;
		for (b = 0; b < RESTART_NBITS; b++)
			if ((add & (1u << b)) && !why[b])
				why[b] = id->who == IDENT_MUNGE ? "munge ids" : "slurm ids";
		bits |= add;
	}
	return bits;
}

/* Bit index of a single enum restart_need bit. */
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

/* Clears the configless fields (fetch_*, sackd_stale_hosts). */
static void fetch_reset(struct plan *p)
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
static void plan_fetch_hosts(struct plan *p, unsigned changed_for)
{
	size_t h, n = 0, n_stale = 0, n_decl = model_n_declared(p->m);
	const char **names = xcalloc(n_decl + 1, sizeof(*names));
	const char **stale = xcalloc(n_decl + 1, sizeof(*stale));
	bool at_start = plan_sackd_fetches_at_start_only(p->m->cluster.slurm_version);

	for (h = 0; h < n_decl; h++) {
		const struct host *hp = &p->m->hosts[h];
		unsigned fetcher = model_host_fetcher(p->m, hp);

		if (hp->scope == HOST_DECLARED || !(fetcher & changed_for))
			continue;
		if (fetcher == PASSFILE_SLURMD || !at_start)
			names[n++] = hp->name;
		else if (hp->scope == HOST_OUTSIDE_LIMIT)
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
 * serves) ask of the slurmd that fetch them, as enum restart_need bits;
 * fills p->fetch_* and p->sackd_* for the plan's reader.
 */
static unsigned plan_fetched(struct plan *p)
{
	size_t i, ctl = model_controller(p->m);
	struct strbuf files = STRBUF_INIT;
	unsigned bits = 0, changed_for = 0;

	fetch_reset(p);
	if (p->m->cluster.config_mode != CONFIG_CONFIGLESS || ctl == SIZE_MAX)
		return 0;
	for (i = p->file_start[ctl]; i < p->file_start[ctl + 1]; i++) {
		const struct plan_file *f = &p->files[i];
		const char *name = fileio_basename(f->want->path);
		unsigned to = plan_is_node_config(name) || f->want->passthrough ?
			passfile_served(p->m->cluster.slurm_version, name) : 0;

		/* a change of form only is not pushed: nothing reconfigures */
		if (!f->content || f->want->absent || !to ||
		    (f->settings && !*f->settings))
			continue;
		strbuf_addf(&files, "%s%s", files.len ? ", " : "", name);
		changed_for |= to;
		if ((f->restart & RESTART_SLURMD) && !p->fetch_why)
			p->fetch_why = xstrdup(f->restart_why ? f->restart_why : name);
		/* slurmctld serves what it read when it started or last
		 * reconfigured: a slurmd that restarts before it re-reads
		 * fetches the old file */
		bits |= (f->restart & RESTART_SLURMD) | RESTART_RECONFIGURE;
	}
	if (files.len)
		plan_fetch_hosts(p, changed_for);
	if (p->fetch_hosts) {
		p->fetch_files = strbuf_detach(&files, NULL);
		p->fetch_restart = bits & RESTART_SLURMD;
	}
	strbuf_release(&files);
	return p->fetch_hosts ? bits : 0;
}

/*
 * Whether sackd's cached bytes (they came back: the controller's slurm.conf
 * holds a secret put in at push time, or its form alone changed) are what
 * slurmctld serves, secrets in place, or mean the same (slurmdiff.h).
 */
/* True when the cached copy of path says what want does, in another form. */
static bool plan_same_meaning(const char *path, const struct obs_file *cache,
			      const char *want, size_t len)
{
	struct slurmdiff d = { 0 };
	char *cause = NULL;
	bool same = slurmdiff_compute(path, cache->bytes, cache->len, want, len, NULL,
				      NULL, &d, &cause) == 0 && d.n == 0;

	free(cause);
	slurmdiff_release(&d);
	return same;
}

static bool plan_cache_is_served(const struct plan *p, const struct obs_file *cache)
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
	if (!same)
		same = plan_same_meaning(f->path, cache, want, len);
	xfree_secret(want, len);
	return same;
}

/*
 * Whether sackd on host h cached the controller's pass-through files that
 * slurmctld serves it (plugstack.conf, topology.conf ...) as the controller
 * gets them: observe compared each with the controller's bytes (the
 * session asks for rendered_sackd_cache() of each); the name of the first
 * that differs, or NULL.
 */
static const char *plan_sackd_stale_passfile(const struct plan *p, size_t h)
{
	static const char dir[] = SLURM_SACKD_CACHE_DIR "/";

	for (size_t i = 0; i < p->obs[h].n_files; i++) {
		const struct obs_file *cache = &p->obs[h].files[i];

		/* slurm.conf is plan_sackd_stale()'s; what it includes is no copy */
		if (!cache->included && !strncmp(cache->path, dir, sizeof(dir) - 1) &&
		    strcmp(cache->path, SLURM_SACKD_CACHE) &&
		    (!cache->exists || !cache->matches))
			return fileio_basename(cache->path);
	}
	return NULL;
}

/*
 * A running sackd on host h whose cached slurm.conf, or a pass-through
 * file served with it, is not the one the controller gets (a release whose
 * sackd fetches only when it starts): the controller's file changes now,
 * or changed by an apply that did not reach h (--limit). The name of that
 * file, or NULL.
 */
static const char *plan_sackd_stale(const struct plan *p, size_t h)
{
	const struct obs_file *cache;

	if (!model_host_runs(p->m, &p->m->hosts[h], SVC_SACKD) ||
	    !plan_sackd_fetches_at_start_only(p->m->cluster.slurm_version) ||
	    !p->hosts[h].ok || p->obs[h].svc[SVC_SACKD] != OBS_SVC_RUNNING)
		return NULL;
	cache = obs_find(&p->obs[h], SLURM_SACKD_CACHE);
	if (!cache || !cache->exists ||
	    (!cache->matches && !plan_cache_is_served(p, cache)))
		return "slurm.conf";
	return plan_sackd_stale_passfile(p, h);
}

/*
 * What host h's daemons need (RESTART_* bits, the reason of each in
 * why[]): its own files' changes, what slurmctld serves it, and a sackd
 * whose cache is stale (its reason written into stale_why).
 */
static unsigned host_restart_bits(const struct plan *p, size_t h, unsigned fetched,
				  const char **why, char *stale_why, size_t n)
{
	unsigned bits = plan_host_restart(p, h, why);
	const char *stale;

	/* what slurmctld hands this slurmd may still need its restart */
	if (model_host_fetches(p->m, &p->m->hosts[h]) && (fetched & RESTART_SLURMD) &&
	    !(bits & RESTART_SLURMD)) {
		bits |= RESTART_SLURMD;
		why[plan_bit_index(RESTART_SLURMD)] = p->fetch_why;
	}
	if (!(bits & RESTART_SACKD) && (stale = plan_sackd_stale(p, h))) {
		bits |= RESTART_SACKD;
		snprintf(stale_why, n, "cached %s is not the controller's; this "
			 "sackd fetches only when it starts", stale);
		why[plan_bit_index(RESTART_SACKD)] = stale_why;
	}
	return bits;
}

bool plan_svc_runs_unseen(const struct obs_host *o, enum service_kind k)
{
	/* the process behind its pid file runs the daemon's binary */
	return o->svc[k] == OBS_SVC_STOPPED &&
		(o->rel[k].run == OBS_RUN_INSTALLED || o->rel[k].run == OBS_RUN_OTHER);
}

bool plan_svc_stopped(const struct obs_host *o, enum service_kind k)
{
	return o->svc[k] == OBS_SVC_STOPPED && !plan_svc_runs_unseen(o, k);
}

/*
 * Host h's restarts for bits, and starts for its daemons that are not
 * running; returns bits with what a start makes read its files afresh.
 */
static unsigned add_host_services(struct plan *p, size_t h, unsigned bits,
				  const char *const *why)
{
	static const struct { unsigned bit; enum service_kind k; } map[] = {
		{ RESTART_MUNGE, SVC_MUNGE },
		{ RESTART_DBD, SVC_SLURMDBD },
		{ RESTART_CTLD, SVC_SLURMCTLD },
		{ RESTART_SLURMD, SVC_SLURMD },
		{ RESTART_SACKD, SVC_SACKD },
	};

	for (size_t j = 0; j < ARRAY_SIZE(map); j++) {
		if (!model_host_runs(p->m, &p->m->hosts[h], map[j].k))
			continue;
		if (bits & map[j].bit) {
			plan_add_service(p, h, map[j].k, PLAN_SVC_RESTART,
					 why[plan_bit_index(map[j].bit)]);
		} else if (p->hosts[h].ok &&
			   plan_svc_stopped(&p->obs[h], map[j].k)) {
			/* a restart starts it too; else it must be started */
			plan_add_service(p, h, map[j].k, PLAN_SVC_START, "not running");
			bits |= map[j].bit;	/* it reads its files afresh */
		}
	}
	return bits;
}

/* Whether a Slurm daemon of host h that is not (re)started must re-read its files. */
static bool host_needs_reconfigure(const struct plan *p, size_t h, unsigned bits)
{
	bool slurmd = model_host_runs(p->m, &p->m->hosts[h], SVC_SLURMD);
	bool ctld = model_host_runs(p->m, &p->m->hosts[h], SVC_SLURMCTLD);

	return (bits & RESTART_RECONFIGURE) &&
	       ((slurmd && !(bits & RESTART_SLURMD)) ||
		(ctld && !(bits & RESTART_CTLD)));
}

void plan_services(struct plan *p)
{
	size_t h, ctl = model_controller(p->m);
	bool reconfigure = false, ctld_restarts = false;
	unsigned fetched = plan_fetched(p);

	for (h = 0; h < p->m->n_hosts; h++) {
		const char *why[RESTART_NBITS];
		char stale_why[256];
		unsigned bits = host_restart_bits(p, h, fetched, why, stale_why,
						  sizeof(stale_why));

		bits = add_host_services(p, h, bits, why);
		if (h == ctl)
			ctld_restarts = bits & RESTART_CTLD;
		if (host_needs_reconfigure(p, h, bits))
			reconfigure = true;
	}
	/* the controller's served files changed: slurmctld re-reads them first
	 * (apply reconfigures the controller before any slurmd restarts) */
	if ((fetched & RESTART_RECONFIGURE) && !ctld_restarts)
		reconfigure = true;
	if (reconfigure && ctl != SIZE_MAX && p->hosts[ctl].ok)
		plan_add_service(p, ctl, SVC_SLURMCTLD, PLAN_SVC_RECONFIGURE,
				 "configuration changed");
	plan_services_by_host(p);
}

const char *plan_svc_action_name(enum plan_svc_action a)
{
	return a == PLAN_SVC_RESTART ? "restart" : a == PLAN_SVC_START ? "start" :
		"reconfigure";
}
