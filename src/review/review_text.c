/*
 * review_text.c: the review for people (review.h). The order is the
 * reviewer's: what the inventory adds or removes, then each setting that
 * changes under the hosts whose file changes alike, each with what it
 * needs from the daemons; then the files without settings (a new host's
 * in one line), users, the daemons' actions, accounting, capacity, the
 * munge key, and one line that counts. Unified diffs are --files'.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/plan/acct_plan.h"
#include "acct/plan/acct_print.h"
#include "base/fileio.h"
#include "review/review_text.h"
#include "base/xalloc.h"
#include "decide/plan_print.h"
#include "decide/plan_services.h"

static const char *const op_signs = "+-~";

static const char *kind_name(enum review_kind k)
{
	static const char *const names[] = { "cluster", "host", "node type",
					     "partition", "file" };

	return names[k];
}

size_t review_restart_daemons(unsigned restart, const char *names[RESTART_NBITS])
{
	/* in the order apply restarts them */
	static const struct { unsigned bit; const char *name; } daemons[] = {
		{ RESTART_MUNGE, "munge" }, { RESTART_DBD, "slurmdbd" },
		{ RESTART_CTLD, "slurmctld" }, { RESTART_SLURMD, "slurmd" },
		{ RESTART_SACKD, "sackd" },
	};
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(daemons); i++)
		if (restart & daemons[i].bit)
			names[n++] = daemons[i].name;
	return n;
}

void review_restart_text(unsigned restart, struct strbuf *out)
{
	const char *names[RESTART_NBITS];
	size_t n = review_restart_daemons(restart, names);

	for (size_t i = 0; i < n; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "restart ", names[i]);
	if (restart == RESTART_RECONFIGURE)
		strbuf_addstr(out, "reconfigure");
	else if (!restart)
		strbuf_addstr(out, "nothing restarts");
}

void review_item_text(const struct review_item *it, struct strbuf *out)
{
	strbuf_addf(out, "%c %s %s", op_signs[it->op], kind_name(it->kind), it->name);
	if (it->op == REVIEW_CHANGED)
		strbuf_addf(out, ": %s -> %s", it->old ? it->old : "(none)",
			    it->new ? it->new : "(none)");
	else if (it->new || it->old)
		strbuf_addf(out, ": %s", it->new ? it->new : it->old);
}

static void print_items(const struct review *r, struct strbuf *out)
{
	if (r->items.n)
		strbuf_addstr(out, "inventory:\n");
	for (size_t i = 0; i < r->items.n; i++) {
		strbuf_addstr(out, "  ");
		review_item_text(&r->items.v[i], out);
		strbuf_addch(out, '\n');
	}
}

/* ---- files ---- */

/* A group shown by its settings: a Slurm config both sides of which read. */
static bool by_settings(const struct review *r, const struct review_file *rf)
{
	return r->plan->files[rf->first].settings != NULL;
}

/* A file a host new in HEAD gets: on the new hosts' one line. */
static bool new_host_file(const struct review *r, const struct review_file *rf)
{
	return rf->new_hosts && r->plan->files[rf->first].change == PLAN_CREATE;
}

/* "  [restart slurmd]": what a file's change needs. */
static void add_needs(unsigned restart, struct strbuf *out)
{
	strbuf_addstr(out, "  [");
	review_restart_text(restart, out);
	strbuf_addch(out, ']');
}

static void review_print_setting(const struct review_setting *s, struct strbuf *out)
{
	strbuf_addstr(out, s->text);
	add_needs(s->restart, out);
}

static void print_settings(const struct review *r, struct strbuf *out)
{
	bool any = false;

	for (size_t i = 0; i < r->n_files; i++) {
		const struct review_file *rf = &r->files[i];
		const struct plan_file *f = &r->plan->files[rf->first];

		if (!by_settings(r, rf))
			continue;
		if (!any)
			strbuf_addf(out, "settings (as Slurm reads them; what each needs "
				    "on Slurm %s):\n", r->head->cluster.slurm_version);
		any = true;
		strbuf_addf(out, "  %s: %s%s\n", rf->hosts, f->want->path,
			    rf->n_settings ? "" : ": formatting only [nothing restarts]");
		for (size_t k = 0; k < rf->n_settings; k++) {
			strbuf_addstr(out, "    ");
			review_print_setting(&rf->settings[k], out);
			strbuf_addch(out, '\n');
		}
	}
}

void review_describe_file(const struct review *r, const struct review_file *rf,
			  struct strbuf *out)
{
	const struct plan_file *f = &r->plan->files[rf->first];
	static const char *const change[] = { "unchanged", "new", "modified",
					      "mode or owner", "removed" };

	strbuf_addf(out, "%s", f->want->secret ? "munge key" : change[f->change]);
	if (f->change == PLAN_REMOVE)
		strbuf_addf(out, " (moved to %s" PLAN_REMOVED_SUFFIX ")", f->want->path);
	if (f->mode)
		strbuf_addf(out, ", mode %04o -> %04o", f->have_mode, f->want->mode);
	if (f->owner)
		strbuf_addf(out, ", owner -> %s:%s", f->want->owner, f->want->group);
	if (rf->same_as)
		strbuf_addf(out, ", the same bytes as %s get", rf->same_as);
}


/* True when the k-th group is one of the new hosts' line of rf. */
static bool on_line(const struct review *r, size_t k, const struct review_file *rf)
{
	return new_host_file(r, &r->files[k]) && !strcmp(r->files[k].hosts, rf->hosts);
}

/*
 * The files of hosts new in HEAD, one line per group of such hosts, and
 * the hosts that get the same bytes when every file agrees.
 */
static void print_new_hosts(const struct review *r, struct strbuf *out)
{
	for (size_t i = 0; i < r->n_files; i++) {
		const struct review_file *rf = &r->files[i];
		const char *same = NULL;
		bool seen = false, agree = true;

		if (!new_host_file(r, rf))
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = on_line(r, k, rf);
		if (seen)
			continue;
		strbuf_addf(out, "  %s (new host): ", rf->hosts);
		for (size_t k = i, n = 0; k < r->n_files; k++) {
			const struct review_file *o = &r->files[k];

			if (!on_line(r, k, rf))
				continue;
			/* the paths are --files' and the JSON's: the names fit a line */
			strbuf_addf(out, "%s%s", n++ ? ", " : "",
				    fileio_basename(r->plan->files[o->first].want->path));
			if (r->plan->files[o->first].want->secret)
				continue;
			agree = agree && o->same_as && (!same || !strcmp(same, o->same_as));
			same = o->same_as;
		}
		if (agree && same)
			strbuf_addf(out, " (as %s get them)", same);
		strbuf_addch(out, '\n');
	}
}

static void print_files(const struct review *r, struct strbuf *out)
{
	bool any = false;

	for (size_t i = 0; i < r->n_files && !any; i++)
		any = !by_settings(r, &r->files[i]);
	if (!any)
		return;
	strbuf_addstr(out, "files:\n");
	print_new_hosts(r, out);
	for (size_t i = 0; i < r->n_files; i++) {
		const struct review_file *rf = &r->files[i];

		if (by_settings(r, rf) || new_host_file(r, rf))
			continue;

		const struct plan_file *f = &r->plan->files[rf->first];

		strbuf_addf(out, "  %s: %s: ", rf->hosts, f->want->path);
		review_describe_file(r, rf, out);
		/* the lines of a file Slurm's reader does not know: --files' */
		if (f->content && f->change == PLAN_MODIFY && !f->want->secret)
			strbuf_addstr(out, " (diff --files shows it)");
		add_needs(f->restart, out);
		strbuf_addch(out, '\n');
	}
}

/* ---- users, daemons ---- */

static void ident_text(const struct review *r, const struct plan_ident *d,
		       struct strbuf *out)
{
	const struct svc_user *u = model_svc_user(r->head, d->who);

	strbuf_addf(out, "%s %s %s", d->change == PLAN_CREATE ? "create" : "renumber",
		    d->group ? "group" : "user", d->group ? svc_user_group(u) : u->name);
	if (d->change == PLAN_CREATE && d->want_id >= 0)
		strbuf_addf(out, " (%s %lld)", d->group ? "gid" : "uid", d->want_id);
	else if (d->change != PLAN_CREATE)
		strbuf_addf(out, " (%s %lld -> %lld)", d->group ? "gid" : "uid",
			    d->have_id, d->want_id);
}

/*
 * One identity's changes on a line: a user created with its group reads
 * "create slurm (uid 64030, gid 64030)".
 */
static void identity_text(const struct review *r, const struct plan_ident *user,
			  const struct plan_ident *group, struct strbuf *out)
{
	if (user && group && user->change == PLAN_CREATE && group->change == PLAN_CREATE &&
	    !strcmp(model_svc_user(r->head, user->who)->name,
		    svc_user_group(model_svc_user(r->head, user->who)))) {
		strbuf_addf(out, "%screate %s", out->len ? ", " : "",
			    model_svc_user(r->head, user->who)->name);
		if (user->want_id >= 0 && group->want_id >= 0)
			strbuf_addf(out, " (uid %lld, gid %lld)", user->want_id, group->want_id);
		return;
	}
	for (int i = 0; i < 2; i++) {
		const struct plan_ident *d = i ? user : group;

		if (!d)
			continue;
		strbuf_addstr(out, out->len ? ", " : "");
		ident_text(r, d, out);
	}
}

/* Users and groups, one line per hostlist. */
static void print_idents(const struct review *r, struct strbuf *out)
{
	size_t ng;
	struct plan_group *g = plan_ident_groups(r->plan, &ng);
	struct strbuf line = STRBUF_INIT;

	if (ng)
		strbuf_addstr(out, "users and groups:\n");
	for (size_t i = 0; i < ng; i++) {
		bool seen = false;

		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(g[k].hosts, g[i].hosts);
		if (seen)
			continue;
		strbuf_reset(&line);
		for (int w = 0; w < N_IDENT; w++) {
			const struct plan_ident *user = NULL, *group = NULL;

			for (size_t k = i; k < ng; k++) {
				const struct plan_ident *d = &r->plan->idents[g[k].first];

				if (!strcmp(g[k].hosts, g[i].hosts) && d->who == (enum svc_ident)w)
					*(d->group ? &group : &user) = d;
			}
			identity_text(r, user, group, &line);
		}
		strbuf_addf(out, "  %s: %s\n", g[i].hosts, line.buf);
	}
	strbuf_release(&line);
	plan_groups_free(g, ng);
}

static void print_services(const struct review *r, struct strbuf *out)
{
	const struct plan *p = r->plan;
	size_t ng;
	struct plan_group *g = plan_service_groups(p, &ng);

	if (ng)
		strbuf_addf(out, "daemons (on Slurm %s):\n", r->head->cluster.slurm_version);
	for (size_t i = 0; i < ng; i++) {
		const struct plan_service *s = &p->services[g[i].first];

		strbuf_addf(out, "  %s: %s %s (%s)\n", g[i].hosts,
			    plan_svc_action_name(s->action), service_kind_name(s->kind),
			    s->why);
	}
	if (p->fetch_hosts)
		strbuf_addf(out, "  configless: %s receive %s through slurmctld; "
			    "slurmd restart: %s%s%s\n", p->fetch_hosts, p->fetch_files,
			    p->fetch_restart ? "yes (" : "no",
			    p->fetch_restart ? p->fetch_why : "", p->fetch_restart ? ")" : "");
	plan_groups_free(g, ng);
}

/* ---- accounting, capacity, key, count ---- */

static void print_accounting(const struct review *r, struct strbuf *out)
{
	if (!acct_plan_count(r->acct))
		strbuf_addstr(out, "accounting: no change\n");
	else {
		strbuf_addstr(out, "accounting (rows apply writes; removals only with "
			      "--prune):\n");
		acct_plan_print(r->acct, out);
	}
}

static void print_capacity(const struct review *r, struct strbuf *out)
{
	const struct plan *p = r->plan;

	for (size_t i = 0; i < p->n_cap_losses; i++)
		strbuf_addf(out, "capacity: %s\n", p->cap_losses[i]);
	if (p->n_cap_losses)
		strbuf_addstr(out, "capacity: apply refuses these losses unless "
			      "--allow-capacity-loss is given\n");
	else
		strbuf_addstr(out, "capacity: no loss\n");
}

/* True when the munge key's text would say "unchanged" and nothing more. */
static bool munge_quiet(const struct review_munge *k)
{
	return !k->changed && !k->note && !strcmp(k->base_fp, k->head_fp);
}

/* Accounting, capacity and the key; one line when none of them changes. */
static void print_tail(const struct review *r, struct strbuf *out)
{
	if (!acct_plan_count(r->acct) && !r->plan->n_cap_losses && munge_quiet(&r->munge)) {
		strbuf_addstr(out, "accounting: no change; capacity: no loss; munge key: "
			      "unchanged\n");
		return;
	}
	print_accounting(r, out);
	print_capacity(r, out);
	strbuf_addstr(out, "munge key: ");
	review_munge_text(r, out);
	strbuf_addch(out, '\n');
}

void review_munge_text(const struct review *r, struct strbuf *out)
{
	const struct review_munge *k = &r->munge;

	if (k->changed)
		strbuf_addf(out, "a new key on every host: HEAD's controller is no "
			    "host BASE manages (%s)", k->head_fp[0] ? k->head_fp :
			    r->head->cluster.munge_key_source ? "munge_key_source" :
			    "generated");
	else
		strbuf_addstr(out, "unchanged (the controller keeps its key)");
	if (!k->changed && (k->base_fp[0] || k->head_fp[0]) &&
	    strcmp(k->base_fp, k->head_fp))
		strbuf_addf(out, " (munge_key_source %s -> %s seeds a new cluster only)",
			    k->base_fp[0] ? k->base_fp : "(none)",
			    k->head_fp[0] ? k->head_fp : "(none)");
	if (k->note)
		strbuf_addf(out, "; %s", k->note);
}

/* "N what(s)" after sep, when n is not 0. */
static void add_count(struct strbuf *out, size_t n, const char *what)
{
	if (n)
		strbuf_addf(out, "%s%zu %s%s", out->len ? ", " : "", n, what, n == 1 ? "" : "s");
}

/* True when p restarts (reconfigures, starts) daemon k on some host. */
static bool has_action(const struct plan *p, enum plan_svc_action a, enum service_kind k)
{
	for (size_t i = 0; i < p->n_services; i++)
		if (p->services[i].kind == k && p->services[i].action == a)
			return true;
	return false;
}

/* "; restart munge, slurmctld, slurmd; reconfigure slurmctld": each once. */
static void add_actions(const struct review *r, struct strbuf *out)
{
	static const enum plan_svc_action order[] = {
		PLAN_SVC_RESTART, PLAN_SVC_START, PLAN_SVC_RECONFIGURE,
	};

	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		const char *sep = "; ";

		for (int k = 0; k < SVC_COUNT; k++) {
			if (!has_action(r->plan, order[i], k))
				continue;
			strbuf_addstr(out, sep);
			if (*sep == ';')
				strbuf_addf(out, "%s ", plan_svc_action_name(order[i]));
			strbuf_addstr(out, service_kind_name(k));
			sep = ", ";
		}
	}
}

void review_summary(const struct review *r, struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t settings = 0, others = 0;

	for (size_t i = 0; i < r->n_files; i++)
		settings += r->files[i].n_settings;
	if (!review_count(r)) {
		strbuf_addstr(out, "no change");
		return;
	}
	add_count(&sb, r->items.n, "inventory change");
	add_count(&sb, settings, "setting");
	/* the files the settings or the new hosts do not already tell */
	for (size_t i = 0; i < r->n_files; i++)
		others += !by_settings(r, &r->files[i]) && !new_host_file(r, &r->files[i]);
	add_count(&sb, others, "other file change");
	add_count(&sb, acct_plan_count(r->acct), "accounting row");
	add_actions(r, &sb);
	strbuf_addstr(&sb, review_capacity_lost(r) ? "; capacity lost" : "; no capacity lost");
	strbuf_add(out, sb.buf, sb.len);
	strbuf_release(&sb);
}

void review_print_text(const struct review *r, struct strbuf *out)
{
	strbuf_addf(out, "diff %s -> %s: cluster %s, Slurm %s, offline\n",
		    r->base_label, r->head_label,
		    r->head->cluster.name, r->head->cluster.slurm_version);
	print_items(r, out);
	print_settings(r, out);
	print_files(r, out);
	print_idents(r, out);
	print_services(r, out);
	print_tail(r, out);
	strbuf_addstr(out, "diff: ");
	review_summary(r, out);
	strbuf_addch(out, '\n');
}
