/*
 * plan_print.c: the plan for people and for machines. Identical changes on
 * many hosts are grouped under one folded hostlist (a 128-node change reads
 * as one line), then printed as text (unified diffs, optional colour) or
 * built as JSON with the same grouping. Only masked diffs and fingerprints
 * reach the output: plan.c never keeps a secret in a printable field.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "slurm/hostlist.h"
#include "decide/plan.h"
#include "decide/plan_print.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "decide/plan_classify.h"
#include "decide/plan_release.h"
#include "decide/plan_services.h"
#include "inventory/model.h"
#include "observe/hwtruth.h"
#include "observe/obs.h"
#include "acct/plan/acct_plan.h"
#include "acct/plan/acct_print.h"
#include "transport/transport.h"

/* ---- grouping: identical changes on many hosts print once ---- */

struct plan_gitem {
	char *key;	/* everything the printed entry shows except the host */
	size_t item;	/* index in the section's array */
	size_t host;
};

static int plan_cmp_gitem(const void *a, const void *b)
{
	const struct plan_gitem *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->item > y->item) - (x->item < y->item);
}

static int plan_cmp_group(const void *a, const void *b)
{
	const struct plan_group *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

/* Groups n items by key (keys are taken and freed); *ng groups, in item order. */
static struct plan_group *plan_group(const struct model *m,
				     struct plan_gitem *it, size_t n,
				     size_t *ng)
{
	struct plan_group *g = xcalloc(n ? n : 1, sizeof(*g));
	const char **names = xcalloc(n ? n : 1, sizeof(*names));
	size_t i = 0, j, k;

	if (n)
		xqsort(it, n, sizeof(*it), plan_cmp_gitem);
	*ng = 0;
	while (i < n) {
		for (j = i; j < n && !strcmp(it[j].key, it[i].key); j++)
			names[j - i] = m->hosts[it[j].host].name;
		g[*ng].first = it[i].item;	/* sorted by item within a key */
		g[*ng].hosts = hostlist_compress(names, j - i);
		(*ng)++;
		i = j;
	}
	for (k = 0; k < n; k++)
		free(it[k].key);
	free(it);
	free(names);
	if (*ng)
		xqsort(g, *ng, sizeof(*g), plan_cmp_group);
	return g;
}

void plan_groups_free(struct plan_group *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(g[i].hosts);
	free(g);
}

static const char *plan_change_name(enum plan_change c)
{
	static const char *const names[] = { "unchanged", "create", "modify", "fix",
					     "remove" };

	return names[c];
}

static void plan_file_key_fields(const struct plan_file *f, struct strbuf *k)
{
	strbuf_addf(k, "%s\037%d\037%d%d%d\037", f->want->path, f->change,
		    f->content, f->mode, f->owner);
	if (f->mode)
		strbuf_addf(k, "%o>%o\037", f->have_mode, f->want->mode);
	if (f->owner)
		strbuf_addf(k, "%u:%u>%u:%u\037", f->have_uid, f->have_gid,
			    f->want_uid, f->want_gid);
	/* equal diffs are one cached string: its address identifies it */
	strbuf_addf(k, "%s\037%p", f->have_fp, (const void *)f->diff);
}

struct plan_group *plan_file_groups(const struct plan *p, size_t *ng)
{
	struct plan_gitem *it = xcalloc(p->n_files + 1, sizeof(*it));
	size_t i;

	for (i = 0; i < p->n_files; i++) {
		struct strbuf k = STRBUF_INIT;

		plan_file_key_fields(&p->files[i], &k);
		it[i] = (struct plan_gitem){ strbuf_detach(&k, NULL), i,
					     p->files[i].host };
	}
	return plan_group(p->m, it, p->n_files, ng);
}

struct plan_group *plan_ident_groups(const struct plan *p, size_t *ng)
{
	struct plan_gitem *it = xcalloc(p->n_idents + 1, sizeof(*it));
	size_t i;

	for (i = 0; i < p->n_idents; i++) {
		const struct plan_ident *d = &p->idents[i];

		it[i] = (struct plan_gitem){
			xasprintf("%d\037%d\037%d\037%lld>%lld\037%lld>%lld",
				  d->who, d->group, d->change, d->have_id,
				  d->want_id, d->have_gid, d->want_gid),
			i, d->host };
	}
	return plan_group(p->m, it, p->n_idents, ng);
}

struct plan_group *plan_service_groups(const struct plan *p, size_t *ng)
{
	struct plan_gitem *it = xcalloc(p->n_services + 1, sizeof(*it));
	size_t i;

	for (i = 0; i < p->n_services; i++) {
		const struct plan_service *s = &p->services[i];

		it[i] = (struct plan_gitem){
			xasprintf("%d\037%d\037%s", s->kind, s->action, s->why),
			i, s->host };
	}
	return plan_group(p->m, it, p->n_services, ng);
}

/* Hardware findings, grouped by level and text over hosts. */
static struct plan_group *plan_hw_groups(const struct plan *p,
					 const struct hw_finding ***first,
					 size_t *ng)
{
	size_t h, i, n = 0, k = 0;
	struct plan_gitem *it;
	struct plan_group *g;

	for (h = 0; p->hw && h < p->m->n_hosts; h++)
		n += p->hw[h].n;
	it = xcalloc(n + 1, sizeof(*it));
	*first = xcalloc(n + 1, sizeof(**first));
	for (h = 0; p->hw && h < p->m->n_hosts; h++)
		for (i = 0; i < p->hw[h].n; i++, k++) {
			const struct hw_finding *f = &p->hw[h].items[i];

			/* errors first, then by text */
			it[k] = (struct plan_gitem){
				xasprintf("%d\037%s", HW_ERROR - (int)f->level, f->text),
				k, h };
			(*first)[k] = f;
		}
	g = plan_group(p->m, it, n, ng);
	return g;
}

/* ---- text ---- */

#define C_RED "\033[31m"
#define C_GREEN "\033[32m"
#define C_CYAN "\033[36m"
#define C_BOLD "\033[1m"
#define C_OFF "\033[0m"

static void plan_print_diff(const char *diff, bool color, struct strbuf *out)
{
	const char *p = diff;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p) : strlen(p);
		const char *c = !color ? NULL :
			(!strncmp(p, "+++", 3) || !strncmp(p, "---", 3)) ? C_BOLD :
			*p == '+' ? C_GREEN : *p == '-' ? C_RED :
			*p == '@' ? C_CYAN : NULL;

		strbuf_addstr(out, "    ");
		if (c)
			strbuf_addstr(out, c);
		strbuf_add(out, p, l);
		if (c)
			strbuf_addstr(out, C_OFF);
		strbuf_addch(out, '\n');
		p += l + (nl != NULL);
	}
}

static void plan_describe_file(const struct plan *p, const struct plan_file *f,
			       struct strbuf *out)
{
	const char *sep = "";

	if (f->want->secret) {
		strbuf_addf(out, "munge key %s", f->change == PLAN_CREATE ?
			    "missing" : f->content ? "differs" : "unchanged");
		if (f->content && f->have_fp[0])
			strbuf_addf(out, " (has %s)", f->have_fp);
		sep = ", ";
	} else {
		strbuf_addstr(out, plan_change_name(f->change));
		if (f->change == PLAN_REMOVE)
			strbuf_addf(out, " (moved to %s" PLAN_REMOVED_SUFFIX ")",
				    f->want->path);
		sep = ", ";
	}
	if (f->mode)
		strbuf_addf(out, "%smode %04o -> %04o", sep, f->have_mode,
			    f->want->mode);
	if (f->owner)
		strbuf_addf(out, "%sowner %u:%u -> %s:%s (%u:%u)", sep,
			    f->have_uid, f->have_gid, f->want->owner,
			    f->want->group, f->want_uid, f->want_gid);
	if (f->settings && !*f->settings)
		strbuf_addf(out, "%sformatting only", sep);
	else if (f->settings)
		strbuf_addf(out, "%ssettings:", sep);
	(void)p;
}

/* The settings that change, one an indented line. */
static void plan_print_settings(const char *settings, struct strbuf *out)
{
	for (const char *s = settings; *s;) {
		size_t l = strcspn(s, "\n");

		strbuf_addstr(out, "    ");
		strbuf_add(out, s, l);
		strbuf_addch(out, '\n');
		s += l + (s[l] == '\n');
	}
}

static void plan_print_files(const struct plan *p, bool color,
			     struct strbuf *out)
{
	size_t ng, i;
	struct plan_group *g = plan_file_groups(p, &ng);

	if (ng)
		strbuf_addstr(out, "files:\n");
	for (i = 0; i < ng; i++) {
		const struct plan_file *f = &p->files[g[i].first];

		strbuf_addf(out, "  %s: %s: ", g[i].hosts, f->want->path);
		plan_describe_file(p, f, out);
		strbuf_addch(out, '\n');
		if (f->settings)
			plan_print_settings(f->settings, out);
		if (f->diff && !f->want->secret)
			plan_print_diff(f->diff, color, out);
	}
	plan_groups_free(g, ng);
}

static void plan_describe_ident(const struct plan *p, const struct plan_ident *d,
				struct strbuf *out)
{
	const struct svc_user *u = model_svc_user(p->m, d->who);
	const char *name = d->group ? svc_user_group(u) : u->name;

	if (d->change == PLAN_CREATE) {
		strbuf_addf(out, "create %s '%s'", d->group ? "group" : "user", name);
		if (d->want_id >= 0)
			strbuf_addf(out, " (%s %lld)", d->group ? "gid" : "uid",
				    d->want_id);
		return;
	}
	strbuf_addf(out, "fix %s '%s':", d->group ? "group" : "user", name);
	if (d->have_id != d->want_id)
		strbuf_addf(out, " %s %lld -> %lld", d->group ? "gid" : "uid",
			    d->have_id, d->want_id);
	if (!d->group && d->want_gid >= 0 && d->have_gid != d->want_gid)
		strbuf_addf(out, " gid %lld -> %lld", d->have_gid, d->want_gid);
	strbuf_addf(out, "; re-owns files of %s %lld", d->group ? "gid" : "uid",
		    d->have_id);
}

static void plan_print_idents(const struct plan *p, struct strbuf *out)
{
	size_t ng, i;
	struct plan_group *g = plan_ident_groups(p, &ng);

	if (ng)
		strbuf_addstr(out, "users and groups:\n");
	for (i = 0; i < ng; i++) {
		strbuf_addf(out, "  %s: ", g[i].hosts);
		plan_describe_ident(p, &p->idents[g[i].first], out);
		strbuf_addch(out, '\n');
	}
	plan_groups_free(g, ng);
}

static const char *plan_key_source_name(enum plan_key_source s)
{
	return s == PLAN_KEY_CONTROLLER ? "reused from the controller" :
		s == PLAN_KEY_FILE ? "from munge_key_source" : "newly generated";
}

static void plan_print_services(const struct plan *p, struct strbuf *out)
{
	size_t ng, i;
	struct plan_group *g = plan_service_groups(p, &ng);

	if (ng)
		strbuf_addstr(out, "services:\n");
	for (i = 0; i < ng; i++) {
		const struct plan_service *s = &p->services[g[i].first];

		strbuf_addf(out, "  %s: %s %s (%s)\n", g[i].hosts,
			    plan_svc_action_name(s->action),
			    service_kind_name(s->kind), s->why);
	}
	plan_groups_free(g, ng);
}

static void plan_print_accounting(const struct plan *p, struct strbuf *out)
{
	if (!p->acct_wanted)
		return;
	if (p->acct_error) {
		strbuf_addf(out, "accounting: not observed: %s\n", p->acct_error);
		return;
	}
	if (p->acct && acct_plan_count(p->acct)) {
		strbuf_addstr(out, "accounting:\n");
		acct_plan_print(p->acct, out);
	}
}

static void plan_print_id_conflicts(const struct plan *p, struct strbuf *out)
{
	if (p->n_id_conflicts)
		strbuf_addstr(out, "left alone, ids differ between hosts:\n");
	for (size_t i = 0; i < p->n_id_conflicts; i++)
		strbuf_addf(out, "  %s\n", p->id_conflicts[i]);
}

static json_t *plan_json_id_conflicts(const struct plan *p)
{
	json_t *a = json_array();

	for (size_t i = 0; i < p->n_id_conflicts; i++)
		json_array_append_new(a, json_string(p->id_conflicts[i]));
	return a;
}

/*
 * What slurmd finds that the inventory does not say, then the hosts refused
 * for it: apply leaves them as they are.
 */
static void plan_print_hardware(const struct plan *p, struct strbuf *out)
{
	const struct hw_finding **first;
	size_t ng, i;
	struct plan_group *g = plan_hw_groups(p, &first, &ng);
	char *refused = plan_refused(p);

	if (ng)
		strbuf_addstr(out, "hardware (slurmd -C, slurmd -G):\n");
	for (i = 0; i < ng; i++)
		strbuf_addf(out, "  %s: %s: %s\n", g[i].hosts,
			    hwtruth_level_name(first[g[i].first]->level),
			    first[g[i].first]->text);
	if (refused)
		strbuf_addf(out, "refused: %s: Slurm would not run %s as declared, "
			    "nothing is planned there\n", refused,
			    strpbrk(refused, ",[") ? "them" : "it");
	free(refused);
	free(first);
	plan_groups_free(g, ng);
}

/*
 * What apply would take away from slurmctld (capacity.h), or why that
 * could not be checked where the plan changes files.
 */
static void plan_print_capacity(const struct plan *p, struct strbuf *out)
{
	size_t c = model_controller(p->m);
	const struct cap_view *v = c < p->m->n_hosts ? &p->obs[c].cap : NULL;

	for (size_t i = 0; i < p->n_cap_losses; i++)
		strbuf_addf(out, "capacity: %s\n", p->cap_losses[i]);
	if (p->n_cap_losses)
		strbuf_addstr(out, "capacity: apply refuses these losses unless "
			      "--allow-capacity-loss is given\n");
	else if (v && v->error && p->n_files)
		strbuf_addf(out, "capacity: not checked: %s\n", v->error);
}

/* ---- releases: each daemon's, grouped ---- */

static const char *plan_run_state(enum obs_run r)
{
	return r == OBS_RUN_STOPPED ? "stopped" : r == OBS_RUN_OTHER ? "replaced" :
		"running";
}

/*
 * One group per daemon (or the client commands), release and state;
 * item = host * OBS_REL_COUNT + k. Hosts not observed and daemons not
 * installed have none.
 */
static struct plan_group *plan_release_groups(const struct plan *p, size_t *ng)
{
	size_t n = 0, cap = p->m->n_hosts * OBS_REL_COUNT + 1;
	struct plan_gitem *it = xcalloc(cap, sizeof(*it));

	for (size_t h = 0; h < p->m->n_hosts; h++)
		for (int k = SVC_SLURMCTLD; k < OBS_REL_COUNT; k++) {
			const struct obs_release *r = &p->obs[h].rel[k];

			if (!p->obs[h].ok || !r->installed[0])
				continue;
			it[n].key = xasprintf("%d\037%s\037%d\037%s\037%d", k, r->installed,
					      r->run, r->running, k < SVC_COUNT &&
					      plan_svc_runs_unseen(&p->obs[h], k));
			it[n].item = h * OBS_REL_COUNT + (size_t)k;
			it[n++].host = h;
		}
	return plan_group(p->m, it, n, ng);
}

/*
 * "releases:" each daemon's release (its -V) on its hosts, and whether the
 * process runs it; then an upgrade under way: Slurm's order, the next
 * step, daemons out of order.
 */
static void plan_print_releases(const struct plan *p, struct strbuf *out)
{
	size_t ng;
	struct plan_group *g = plan_release_groups(p, &ng);

	if (ng)
		strbuf_addstr(out, "releases (DAEMON -V, and the binary its process runs):\n");
	for (size_t i = 0; i < ng; i++) {
		const struct obs_host *o = &p->obs[g[i].first / OBS_REL_COUNT];
		int k = (int)(g[i].first % OBS_REL_COUNT);
		const struct obs_release *r = &o->rel[k];

		strbuf_addf(out, "  %s %s: %s%s%s%s%s%s%s\n", obs_release_name(k),
			    r->installed, g[i].hosts,
			    k < SVC_COUNT && plan_svc_runs_unseen(o, k) ? " (runs, though its "
			    "status command says it does not: started outside its service "
			    "manager?)" : "",
			    r->run == OBS_RUN_STOPPED ? " (stopped)" :
			    r->run == OBS_RUN_OTHER ? " (installed; the process runs "
			    "another binary" : "", r->running[0] ? ", " : "", r->running,
			    r->running[0] ? " by its log" : "",
			    r->run == OBS_RUN_OTHER ? ": not restarted since its package "
			    "changed)" : "");
	}
	for (size_t i = 0; i < p->n_upgrade; i++)
		strbuf_addf(out, "upgrade: %s\n", p->upgrade[i]);
	plan_groups_free(g, ng);
}

static json_t *plan_json_releases(const struct plan *p)
{
	size_t ng;
	struct plan_group *g = plan_release_groups(p, &ng);
	json_t *a = json_array();

	for (size_t i = 0; i < ng; i++) {
		int k = (int)(g[i].first % OBS_REL_COUNT);
		const struct obs_release *r = &p->obs[g[i].first / OBS_REL_COUNT].rel[k];
		/* the client commands run no process: what is installed runs */
		json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "hosts", g[i].hosts,
			"daemon", obs_release_name(k), "installed", r->installed,
			"state", k == OBS_REL_CLIENTS ? "installed" : plan_run_state(r->run));

		if (plan_release_running(r))
			json_object_set_new(o, "running",
					    json_string(plan_release_running(r)));
		json_array_append_new(a, o);
	}
	plan_groups_free(g, ng);
	return a;
}

/*
 * Why host h was not observed, as a word machines branch on: the
 * transport's kind of failure (enum transport_err), or "release" for a
 * host whose older daemon would reject its files.
 */
static const char *plan_unobserved_kind(const struct plan *p, size_t h)
{
	if (p->obs[h].ok)
		return "release";
	return transport_err_name(p->obs[h].error_kind ? p->obs[h].error_kind :
				  TRANSPORT_ERR_FAILED);
}

static bool host_key_unknown(const struct plan *p, size_t h)
{
	return !p->obs[h].ok && p->obs[h].error_kind == TRANSPORT_ERR_HOST_KEY_UNKNOWN;
}

static void plan_print_unobserved(const struct plan *p, struct strbuf *out)
{
	char *hl = plan_unreached(p), *unknown;
	size_t h;

	if (!hl)
		return;
	strbuf_addf(out, "not observed: %s\n", hl);
	for (h = 0; h < p->m->n_hosts; h++)
		if (!p->hosts[h].ok && !p->hosts[h].refused)
			strbuf_addf(out, "  %s: %s\n", p->m->hosts[h].name,
				    p->hosts[h].error ? p->hosts[h].error : "not reached");
	/* the one refusal a flag mends; a changed key never is */
	if ((unknown = plan_fold_hosts(p, host_key_unknown)))
		strbuf_addf(out, "hint: %s showed host keys not in known_hosts: check "
			    "their fingerprints, then run again with "
			    "--accept-new-host-keys to record them\n", unknown);
	free(unknown);
	free(hl);
}

/* True when a host outside --limit reads Slurm's configs from its own copy. */
static bool plan_outside_reads_local(const struct plan *p)
{
	size_t h;

	for (h = 0; h < model_n_declared(p->m); h++)
		if (p->m->hosts[h].scope == HOST_OUTSIDE_LIMIT &&
		    !model_host_fetches(p->m, &p->m->hosts[h]))
			return true;
	return false;
}

/*
 * The path of a changed Slurm config (slurm.conf, gres.conf, cgroup.conf)
 * that hosts outside --limit keep their old copy of (push mode, or a login
 * host without sackd in configless mode), or NULL.
 */
static const char *plan_changed_node_config(const struct plan *p)
{
	size_t i;

	if (!plan_outside_reads_local(p))
		return NULL;
	for (i = 0; i < p->n_files; i++)
		if (p->files[i].content && plan_is_node_config(p->files[i].want->path))
			return p->files[i].want->path;
	return NULL;
}

static void plan_print_left_alone(const struct plan *p, struct strbuf *out)
{
	const char *stale;
	char *declared = plan_hosts_left_alone(p, HOST_DECLARED);
	char *outside = plan_hosts_left_alone(p, HOST_OUTSIDE_LIMIT);
	char *site = plan_site_hosts(p);

	if (declared)
		strbuf_addf(out, "not managed: %s (managed: false: in slurm.conf, "
			    "never contacted)\n", declared);
	if (site)
		strbuf_addf(out, "not managed: %s: another cluster's, in slurm.conf, "
			    "never contacted\n", site);
	if (outside)
		strbuf_addf(out, "outside --limit: %s (not observed, left as "
			    "they are)\n", outside);
	if (outside && (stale = plan_changed_node_config(p)))
		strbuf_addf(out, "warning: hosts outside --limit keep their old %s "
			    "until an apply reaches them (slurmctld logs that their "
			    "configuration differs)\n", stale);
	/* slurmctld hands them the files, but only a restart would load them */
	if (outside && p->fetch_restart)
		strbuf_addf(out, "warning: slurmd outside --limit keep the old "
			    "configuration until they restart (%s)\n",
			    p->fetch_why ? p->fetch_why : "a restart is needed");
	if (p->sackd_stale_hosts)
		strbuf_addf(out, "warning: sackd on %s (outside --limit) keeps the "
			    "old slurm.conf until it restarts (before Slurm 25.05 "
			    "sackd fetches it only when it starts)\n",
			    p->sackd_stale_hosts);
	free(declared);
	free(outside);
	free(site);
}

/* True when some file needs the database password and none is known. */
static bool plan_lacks_password(const struct plan *p)
{
	size_t i;

	for (i = 0; i < p->n_files && !p->db_password; i++)
		if (p->files[i].want->needs_db_password)
			return true;
	return false;
}

/*
 * The last line. "no changes" only of what was seen: hosts not reached
 * are unknown, not in place, and a plan that reached none says so.
 */
static void plan_print_total(const struct plan *p, size_t n, struct strbuf *out)
{
	size_t h, seen = 0, hosts = p->m->n_hosts;

	for (h = 0; h < hosts; h++)
		seen += p->hosts[h].ok || p->hosts[h].refused;
	if (hosts && !seen)
		strbuf_addf(out, "plan: no host reached (%zu host%s not observed): "
			    "nothing was compared\n", hosts, hosts == 1 ? "" : "s");
	else if (n)
		strbuf_addf(out, "plan: %zu change%s pending on %zu host%s\n", n,
			    n == 1 ? "" : "s", hosts, hosts == 1 ? "" : "s");
	else if (seen < hosts)
		strbuf_addf(out, "plan: no changes on the %zu host%s observed (%zu "
			    "files checked); %zu host%s not observed\n", seen,
			    seen == 1 ? "" : "s", p->n_files_total, hosts - seen,
			    hosts - seen == 1 ? "" : "s");
	else
		strbuf_addf(out, "plan: no changes (%zu files on %zu hosts checked)\n",
			    p->n_files_total, hosts);
}

void plan_print(const struct plan *p, unsigned flags, struct strbuf *out)
{
	size_t n = plan_count(p);

	if (plan_lacks_password(p))
		strbuf_addstr(out, "warning: the database password is unknown "
			      "(database.password_file, password_env): "
			      "slurmdbd.conf was compared with a placeholder\n");

	if (p->key_fp[0] && (p->only & PLAN_ONLY_MUNGE))
		strbuf_addf(out, "munge key: %s (%s)\n", p->key_fp,
			    plan_key_source_name(p->key_source));
	if (p->key_note)
		strbuf_addf(out, "munge key: %s\n", p->key_note);
	if (p->held)
		strbuf_addstr(out, p->held);
	plan_print_files(p, flags & PLAN_PRINT_COLOR, out);
	plan_print_idents(p, out);
	plan_print_id_conflicts(p, out);
	plan_print_services(p, out);
	if (p->fetch_hosts)
		strbuf_addf(out, "configless: %s receive%s %s through slurmctld "
			    "(scontrol reconfigure); slurmd restart: %s%s%s\n",
			    p->fetch_hosts, strpbrk(p->fetch_hosts, ",[") ? "" : "s",
			    p->fetch_files, p->fetch_restart ? "yes (" : "no",
			    p->fetch_restart ? p->fetch_why : "",
			    p->fetch_restart ? ")" : "");
	plan_print_accounting(p, out);
	plan_print_hardware(p, out);
	plan_print_capacity(p, out);
	plan_print_releases(p, out);
	plan_print_unobserved(p, out);
	plan_print_left_alone(p, out);
	plan_print_total(p, n, out);
}

/* ---- JSON ---- */

/*
 * Modes are "0644" strings in every JSON output (docs/json-format.md):
 * the octal admins read in chmod and stat, where a JSON number could only
 * be decimal (420).
 */
static const char *plan_json_mode(char buf[8], unsigned mode)
{
	snprintf(buf, 8, "%04o", mode & 07777);
	return buf;
}

/* Lines "a\nb\n" as ["a", "b"]. */
static json_t *plan_json_lines(const char *s)
{
	json_t *a = json_array();

	while (*s) {
		size_t l = strcspn(s, "\n");

		json_array_append_new(a, json_stringn(s, l));
		s += l + (s[l] == '\n');
	}
	return a;
}

static json_t *plan_json_files(const struct plan *p)
{
	char have[8], want[8];
	size_t ng, i;
	struct plan_group *g = plan_file_groups(p, &ng);
	json_t *a = json_array();

	for (i = 0; i < ng; i++) {
		const struct plan_file *f = &p->files[g[i].first];
		json_t *o = json_pack("{s:s, s:s, s:s, s:b}", "hosts", g[i].hosts,
				      "path", f->want->path, "change",
				      plan_change_name(f->change), "content",
				      f->content);

		if (f->mode)
			json_object_set_new(o, "mode", json_pack("[s,s]",
					    plan_json_mode(have, f->have_mode),
					    plan_json_mode(want, f->want->mode)));
		if (f->owner)
			json_object_set_new(o, "owner", json_pack("{s:[i,i],s:[i,i]}",
					    "uid", (int)f->have_uid, (int)f->want_uid,
					    "gid", (int)f->have_gid, (int)f->want_gid));
		if (f->want->secret && f->have_fp[0])
			json_object_set_new(o, "fingerprint", json_string(f->have_fp));
		if (f->diff && !f->want->secret)
			json_object_set_new(o, "diff", json_string(f->diff));
		if (f->settings)
			json_object_set_new(o, "settings", plan_json_lines(f->settings));
		json_array_append_new(a, o);
	}
	plan_groups_free(g, ng);
	return a;
}

json_t *plan_idents_to_json(const struct plan *p)
{
	size_t ng, i;
	struct plan_group *g = plan_ident_groups(p, &ng);
	json_t *a = json_array();

	for (i = 0; i < ng; i++) {
		const struct plan_ident *d = &p->idents[g[i].first];
		const struct svc_user *u = model_svc_user(p->m, d->who);

		json_array_append_new(a, json_pack(
			"{s:s, s:s, s:s, s:s, s:[I,I], s:[I,I]}",
			"hosts", g[i].hosts, "kind", d->group ? "group" : "user",
			"name", d->group ? svc_user_group(u) : u->name,
			"change", plan_change_name(d->change),
			"id", (json_int_t)d->have_id, (json_int_t)d->want_id,
			"gid", (json_int_t)d->have_gid, (json_int_t)d->want_gid));
	}
	plan_groups_free(g, ng);
	return a;
}

json_t *plan_services_to_json(const struct plan *p)
{
	size_t ng, i;
	struct plan_group *g = plan_service_groups(p, &ng);
	json_t *a = json_array();

	for (i = 0; i < ng; i++) {
		const struct plan_service *s = &p->services[g[i].first];

		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}",
			"hosts", g[i].hosts, "service", service_kind_name(s->kind),
			"action", plan_svc_action_name(s->action), "why", s->why));
	}
	plan_groups_free(g, ng);
	return a;
}

static json_t *plan_json_unobserved(const struct plan *p)
{
	json_t *a = json_array();
	size_t h;

	for (h = 0; h < p->m->n_hosts; h++)
		if (!p->hosts[h].ok && !p->hosts[h].refused)
			json_array_append_new(a, json_pack("{s:s, s:s, s:s}", "host",
				p->m->hosts[h].name, "kind", plan_unobserved_kind(p, h),
				"error", p->hosts[h].error ? p->hosts[h].error : "not reached"));
	return a;
}

static json_t *plan_json_hardware(const struct plan *p)
{
	const struct hw_finding **first;
	size_t ng, i;
	struct plan_group *g = plan_hw_groups(p, &first, &ng);
	json_t *a = json_array();

	for (i = 0; i < ng; i++)
		json_array_append_new(a, json_pack("{s:s, s:s, s:s}",
			"hosts", g[i].hosts,
			"level", hwtruth_level_name(first[g[i].first]->level),
			"finding", first[g[i].first]->text));
	free(first);
	plan_groups_free(g, ng);
	return a;
}

/* n strings as a JSON array */
static json_t *plan_json_strings(char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

json_t *plan_to_json(const struct plan *p)
{
	char *hl = plan_unreached(p), *refused = plan_refused(p);
	char *unmanaged = plan_hosts_left_alone(p, HOST_DECLARED);
	char *outside = plan_hosts_left_alone(p, HOST_OUTSIDE_LIMIT);
	char *site = plan_site_hosts(p);
	json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:s?, s:s?, s:s?, s:s?, s:I, s:I}",
			      "files", plan_json_files(p),
			      "users", plan_idents_to_json(p),
			      "services", plan_services_to_json(p),
			      "unobserved", plan_json_unobserved(p),
			      "unobserved_hosts", hl,
			      "unmanaged_hosts", unmanaged,
			      "outside_limit_hosts", outside,
			      "other_cluster_hosts", site,
			      "changes", (json_int_t)plan_count(p),
			      "hosts", (json_int_t)p->m->n_hosts);

	if (p->key_fp[0] && (p->only & PLAN_ONLY_MUNGE))
		json_object_set_new(o, "munge_key", json_pack("{s:s, s:s}",
			"fingerprint", p->key_fp, "source",
			plan_key_source_name(p->key_source)));
	if (p->key_note)
		json_object_set_new(o, "munge_key", json_pack("{s:s}", "error",
							      p->key_note));
	if (p->n_id_conflicts)
		json_object_set_new(o, "id_conflicts", plan_json_id_conflicts(p));
	json_object_set_new(o, "hardware", plan_json_hardware(p));
	json_object_set_new(o, "capacity_losses", plan_json_strings(p->cap_losses, p->n_cap_losses));
	json_object_set_new(o, "releases", plan_json_releases(p));
	if (p->n_upgrade)
		json_object_set_new(o, "upgrade", plan_json_strings(p->upgrade, p->n_upgrade));
	if (refused)
		json_object_set_new(o, "refused_hosts", json_string(refused));
	free(refused);
	if (p->fetch_hosts)
		json_object_set_new(o, "configless", json_pack("{s:s, s:s, s:b, s:s?}",
			"hosts", p->fetch_hosts, "files", p->fetch_files,
			"slurmd_restart", p->fetch_restart, "why", p->fetch_why));
	if (p->acct_wanted)
		json_object_set_new(o, "accounting", p->acct_error ?
			json_pack("{s:s}", "error", p->acct_error) :
			p->acct ? acct_plan_to_json(p->acct) : json_null());
	free(hl);
	free(unmanaged);
	free(outside);
	free(site);
	return o;
}
