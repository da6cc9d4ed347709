/*
 * plan_release.c: an upgrade under way. Each Slurm daemon's release is
 * observed (observe.c: what DAEMON -V says, and whether the process runs
 * that binary); when some run a release older than the inventory's
 * cluster.slurm_version, the plan names Slurm's order (slurmdbd, then
 * slurmctld, then slurmd and the client commands), the step that comes
 * next and any daemon already out of that order, and checks the rendered
 * files against the release each older daemon really runs (slurmkeys.h):
 * a key it would reject refuses its host by name, so apply leaves it as it
 * is. A host whose daemons would accept everything is planned as usual: the
 * admin pushes the configuration the newer release needs while the older
 * one still runs it.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/fileio.h"
#include "slurm/hostlist.h"
#include "observe/observe.h"
#include "decide/plan.h"
#include "decide/plan_release.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "render/render.h"

/* Slurm's order: what an upgrade moves, first to last (obs_host.rel indexes). */
static const int upgrade_order[] = { SVC_SLURMDBD, SVC_SLURMCTLD, SVC_SLURMD,
				     OBS_REL_CLIENTS };

const char *plan_release_running(const struct obs_release *r)
{
	if (r->run == OBS_RUN_OTHER)
		return r->running[0] ? r->running : NULL;
	/* a stopped daemon starts from the installed binary */
	return r->installed[0] ? r->installed : NULL;
}

/* ---- the files each daemon reads ---- */

/* Whether daemon k (or the client commands) reads the config file named base. */
static bool plan_release_reads(int k, const char *base)
{
	switch (k) {
	case SVC_SLURMCTLD:
	case OBS_REL_CLIENTS:
		return !strcmp(base, "slurm.conf");
	case SVC_SLURMD:
		return !strcmp(base, "slurm.conf") || !strcmp(base, "cgroup.conf");
	case SVC_SLURMDBD:
		return !strcmp(base, "slurmdbd.conf");
	default:
		return false;
	}
}

static enum slurmkeys_table plan_release_table(const char *base, const char *record)
{
	if (!strcmp(base, "slurmdbd.conf"))
		return SLURMKEYS_SLURMDBD;
	if (!strcmp(base, "cgroup.conf"))
		return SLURMKEYS_CGROUP;
	if (record && !strcasecmp(record, "NodeName"))
		return SLURMKEYS_NODE;
	return record && !strcasecmp(record, "PartitionName") ?
		SLURMKEYS_PARTITION : SLURMKEYS_CONF;
}

/* One key of file f that release v (an index) rejects, added to sb. */
static void plan_release_key(struct strbuf *sb, const struct rendered_file *f,
			     const char *base, const char *record, const char *key,
			     int k, const char *release, int v)
{
	struct slurmkey_check ck;

	slurmkeys_check(plan_release_table(base, record), key, v, &ck);
	if (ck.status != SLURMKEY_TOO_NEW && ck.status != SLURMKEY_REMOVED)
		return;
	strbuf_addf(sb, "%s%s: key '%s' %s Slurm %s, and %s here run%s %s: %s would "
		    "refuse the file", sb->len ? "; " : "", f->path, ck.canonical,
		    ck.status == SLURMKEY_TOO_NEW ? "needs" : "was removed in",
		    ck.since, k == OBS_REL_CLIENTS ? "the client commands" :
		    obs_release_name(k), k == OBS_REL_CLIENTS ? "" : "s", release,
		    k == OBS_REL_CLIENTS ? "they" : "it");
}

/* The keys of rendered file f that daemon k, on release `release`, rejects. */
static void plan_release_file(const struct rendered_set *rs,
			      const struct rendered_file *f, int k,
			      const char *release, struct strbuf *sb)
{
	const char *base = fileio_basename(f->path);
	int v = slurmkeys_version_index(release);
	struct slurmconf c = { 0 };
	char *cause = NULL;

	if (v < 0 || f->blob == SIZE_MAX || !plan_release_reads(k, base))
		return;
	/* clusterctl rendered it: a file that does not parse is render's bug,
	 * and validate's checks stand for it */
	if (slurmconf_parse(f->path, rs->blobs[f->blob].bytes, rs->blobs[f->blob].len,
			    false, &c, &cause)) {
		free(cause);
		return;
	}
	for (size_t i = 0; i < c.n; i++) {
		const struct slurmconf_line *l = &c.lines[i];
		/* a node's or partition's words are keys of their own table */
		bool record = !strcmp(base, "slurm.conf") &&
			      plan_release_table(base, l->kv[0].key) != SLURMKEYS_CONF;

		if (strcasecmp(l->kv[0].key, "Include"))
			plan_release_key(sb, f, base, NULL, l->kv[0].key, k, release, v);
		for (size_t j = 1; record && j < l->n; j++)
			plan_release_key(sb, f, base, l->kv[0].key, l->kv[j].key, k,
					 release, v);
	}
	slurmconf_release(&c);
}

/*
 * Host h's files (and, for a host that fetches its configuration, the
 * controller's) against each of its daemons older than the inventory's
 * release; the refusal text, or NULL.
 */
static char *plan_release_check_host(const struct plan *p, size_t h,
				     const size_t *starts)
{
	const struct model *m = p->m;
	const char *want = m->cluster.slurm_version;
	size_t ctl = model_controller(m);
	struct strbuf sb = STRBUF_INIT;

	for (int k = SVC_SLURMCTLD; k < OBS_REL_COUNT; k++) {
		const char *run = plan_release_running(&p->obs[h].rel[k]);

		if (!run || observe_release_cmp(run, want) >= 0)
			continue;
		for (size_t i = starts[h]; i < starts[h + 1]; i++)
			plan_release_file(p->rs, &p->rs->files[i], k, run, &sb);
		if (ctl < m->n_hosts && ctl != h && model_host_fetches(m, &m->hosts[h]))
			for (size_t i = starts[ctl]; i < starts[ctl + 1]; i++)
				plan_release_file(p->rs, &p->rs->files[i], k, run, &sb);
	}
	if (!sb.len)
		return NULL;
	strbuf_addf(&sb, ": nothing is planned here until it runs Slurm %s "
		    "(or the inventory leaves those keys out)", want);
	return strbuf_detach(&sb, NULL);
}

/* ---- Slurm's order ---- */

/* The lowest and highest release daemon k runs among observed hosts. */
static void plan_release_span(const struct plan *p, int k,
			      const char **lo, const char **hi, size_t *lo_host,
			      size_t *hi_host)
{
	*lo = *hi = NULL;
	for (size_t h = 0; h < p->m->n_hosts; h++) {
		const char *r = p->obs[h].ok ? plan_release_running(&p->obs[h].rel[k]) : NULL;

		if (!r)
			continue;
		if (!*lo || observe_release_cmp(r, *lo) < 0) {
			*lo = r;
			*lo_host = h;
		}
		if (!*hi || observe_release_cmp(r, *hi) > 0) {
			*hi = r;
			*hi_host = h;
		}
	}
}

/*
 * Hosts where daemon k is behind the inventory (older, or not restarted
 * since its package changed; with unknown, also those whose -V printed no
 * release: slurmdbd's does not without its slurmdbd.conf), folded; NULL
 * when none. *installed: every one of them has the inventory's release
 * installed.
 */
static char *plan_release_behind(const struct plan *p, int k,
				 bool unknown, bool *installed)
{
	const char **names = xcalloc(p->m->n_hosts + 1, sizeof(*names));
	const char *want = p->m->cluster.slurm_version;
	size_t n = 0;
	char *res = NULL;

	for (size_t h = 0; h < p->m->n_hosts; h++) {
		const struct obs_release *r = &p->obs[h].rel[k];
		/* a binary without a release: run is set, installed is not */
		int c = r->installed[0] ? observe_release_cmp(r->installed, want) :
			unknown && r->run != OBS_RUN_UNKNOWN ? -1 : 1;

		/* newer is the host's error (observe.c) */
		if (p->obs[h].ok && (c < 0 || (c == 0 && r->run == OBS_RUN_OTHER))) {
			names[n++] = p->m->hosts[h].name;
			*installed = n == 1 ? c == 0 : *installed && c == 0;
		}
	}
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

static void plan_release_add(struct plan *p, char *line)
{
	p->upgrade = xreallocarray(p->upgrade, p->n_upgrade + 1, sizeof(*p->upgrade));
	p->upgrade[p->n_upgrade++] = line;
}

/* "slurmctld on ctl runs 26.05.5, newer than slurmdbd on ctl (24.11.5)" */
static void plan_release_order_pair(struct plan *p, int first, int then)
{
	const char *lo, *hi, *lo2, *hi2;
	size_t lo_h = 0, hi_h = 0, lo2_h = 0, hi2_h = 0;

	plan_release_span(p, first, &lo, &hi, &lo_h, &hi_h);
	plan_release_span(p, then, &lo2, &hi2, &lo2_h, &hi2_h);
	if (lo && hi2 && observe_release_cmp(hi2, lo) > 0)
		plan_release_add(p, xasprintf("out of order: %s on %s runs %s, newer "
					      "than %s on %s (%s): Slurm upgrades %s "
					      "first", obs_release_name(then),
					      p->m->hosts[hi2_h].name, hi2,
					      obs_release_name(first),
					      p->m->hosts[lo_h].name, lo,
					      obs_release_name(first)));
}

/* A daemon older than the oldest release the inventory's upgrades from. */
static void plan_release_window(struct plan *p, int k)
{
	const char *want = p->m->cluster.slurm_version, *lo, *hi;
	const char *from = slurmkeys_upgrades_from(want);
	size_t lo_h = 0, hi_h = 0;

	plan_release_span(p, k, &lo, &hi, &lo_h, &hi_h);
	if (from && lo && observe_release_cmp(lo, from) < 0)
		plan_release_add(p, xasprintf("too far: %s on %s runs %s; Slurm %s "
					      "upgrades in place from %s or later only "
					      "(older state is lost): go through a "
					      "release in between", obs_release_name(k),
					      p->m->hosts[lo_h].name, lo, want, from));
}

/* "next: slurmdbd on ctl (install Slurm 26.05, then restart it)" */
static char *plan_release_next(int k, const char *hosts, const char *want,
			       bool installed)
{
	if (k == OBS_REL_CLIENTS)	/* no process: nothing to restart */
		return xasprintf("next: the client commands on %s (install Slurm %s)",
				 hosts, want);
	if (installed)
		return xasprintf("next: %s on %s (Slurm %s is installed: restart it)",
				 obs_release_name(k), hosts, want);
	return xasprintf("next: %s on %s (install Slurm %s, then restart it)",
			 obs_release_name(k), hosts, want);
}

void plan_release_check(struct plan *p)
{
	const char *want = p->m->cluster.slurm_version;
	size_t *starts = xcalloc(p->m->n_hosts + 1, sizeof(*starts));
	bool next_named = false, under_way = false;

	if (!want)
		goto out;
	rendered_ranges(p->m, p->rs, starts);
	for (size_t i = 0; i < ARRAY_SIZE(upgrade_order); i++) {
		bool installed = false;
		char *behind = plan_release_behind(p, upgrade_order[i], false, &installed);

		under_way = under_way || behind;
		free(behind);
	}
	for (size_t i = 0; under_way && i < ARRAY_SIZE(upgrade_order); i++) {
		int k = upgrade_order[i];
		bool installed = false;
		char *behind = plan_release_behind(p, k, true, &installed);

		if (behind && !next_named) {
			plan_release_add(p, xasprintf("the inventory names Slurm %s; Slurm's "
						      "order: slurmdbd first, then slurmctld, "
						      "then slurmd and the client commands",
						      want));
			plan_release_add(p, plan_release_next(k, behind, want, installed));
			next_named = true;
		}
		free(behind);
	}
	for (size_t i = 0; under_way && i < ARRAY_SIZE(upgrade_order); i++)
		plan_release_window(p, upgrade_order[i]);
	plan_release_order_pair(p, SVC_SLURMDBD, SVC_SLURMCTLD);
	plan_release_order_pair(p, SVC_SLURMCTLD, SVC_SLURMD);
	/* a newer client cannot talk to an older slurmctld */
	plan_release_order_pair(p, SVC_SLURMCTLD, OBS_REL_CLIENTS);
	p->release_refusal = xcalloc(p->m->n_hosts + 1, sizeof(*p->release_refusal));
	/* accounting alone writes no file: nothing to refuse */
	for (size_t h = 0; h < p->m->n_hosts && (p->only & ~(unsigned)PLAN_ONLY_ACCOUNTING);
	     h++) {
		if (!p->hosts[h].ok)
			continue;
		p->release_refusal[h] = plan_release_check_host(p, h, starts);
		if (p->release_refusal[h]) {
			p->hosts[h].ok = false;
			p->hosts[h].error = p->release_refusal[h];
		}
	}
out:
	free(starts);
}

static bool host_release_refused(const struct plan *p, size_t h)
{
	return p->release_refusal && p->release_refusal[h];
}

char *plan_release_refused(const struct plan *p)
{
	return plan_fold_hosts(p, host_release_refused);
}
