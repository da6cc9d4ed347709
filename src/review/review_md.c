/*
 * review_md.c: the review as a merge-request comment (review.h): the
 * summary and the inventory's changes in the open, then one collapsed
 * <details> per hostlist group with its files' settings and diffs, then
 * the daemons, accounting, capacity and the munge key. The comment keeps
 * under a byte limit (GitHub takes 65,536 characters): a group whose
 * diffs do not fit is shown without them, then groups are left out with
 * a line that says how many.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/plan/acct_plan.h"
#include "acct/plan/acct_print.h"
#include "review/review_md.h"
#include "review/review_text.h"
#include "base/xalloc.h"
#include "decide/plan_print.h"
#include "decide/plan_services.h"

/* The inventory's changes shown at most (hosts fold, cluster keys are few). */
#define MD_MAX_ITEMS 50

/* s in a code span: a backtick would end it. */
static void add_code(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '`');
	for (; *s; s++)
		strbuf_addch(out, *s == '`' ? '\'' : *s);
	strbuf_addch(out, '`');
}

/* s as HTML text (inside <summary>). */
static void add_html(struct strbuf *out, const char *s)
{
	for (; *s; s++)
		if (*s == '<')
			strbuf_addstr(out, "&lt;");
		else if (*s == '>')
			strbuf_addstr(out, "&gt;");
		else if (*s == '&')
			strbuf_addstr(out, "&amp;");
		else
			strbuf_addch(out, *s);
}

/*
 * A fenced block, after a blank line: four backticks, which no line of a
 * diff or a plan opens.
 */
static void add_block(struct strbuf *out, const char *lang, const char *text)
{
	strbuf_addf(out, "````%s\n%s%s````\n\n", lang, text,
		    *text && text[strlen(text) - 1] != '\n' ? "\n" : "");
}

static void md_head(const struct review *r, struct strbuf *out)
{
	struct strbuf sum = STRBUF_INIT;

	review_summary(r, &sum);
	strbuf_addstr(out, "### clusterctl diff: cluster ");
	add_code(out, r->head->cluster.name);
	strbuf_addf(out, ", Slurm %s\n\n", r->head->cluster.slurm_version);
	add_code(out, r->base_label);
	strbuf_addstr(out, " → ");
	add_code(out, r->head_label);
	strbuf_addf(out, " (offline: no host, no database)\n\n**%s**\n", sum.buf);
	strbuf_release(&sum);
	if (r->items.n)
		strbuf_addstr(out, "\n#### Inventory\n\n");
	for (size_t i = 0; i < r->items.n && i < MD_MAX_ITEMS; i++) {
		struct strbuf t = STRBUF_INIT;

		review_item_text(&r->items.v[i], &t);
		strbuf_addstr(out, "- ");
		add_code(out, t.buf);
		strbuf_addch(out, '\n');
		strbuf_release(&t);
	}
	if (r->items.n > MD_MAX_ITEMS)
		strbuf_addf(out, "- and %zu more: run `clusterctl diff`\n",
			    r->items.n - MD_MAX_ITEMS);
}

/* ---- one <details> per hostlist ---- */

/* The <summary> of the files of hosts: their settings and what they need. */
static void group_summary(const struct review *r, const char *hosts, size_t from,
			  struct strbuf *out)
{
	size_t settings = 0, files = 0;
	unsigned needs = 0;

	for (size_t i = from; i < r->n_files; i++) {
		if (strcmp(r->files[i].hosts, hosts))
			continue;
		files++;
		settings += r->files[i].n_settings;
		needs |= r->files[i].restart;
	}
	strbuf_addstr(out, "<details><summary><code>");
	add_html(out, hosts);
	strbuf_addf(out, "</code>: %zu file%s", files, files == 1 ? "" : "s");
	/* a new host's files are all new: what it runs is the daemons' section */
	if (r->files[from].new_hosts) {
		strbuf_addstr(out, " of a new host</summary>\n\n");
		return;
	}
	strbuf_addf(out, ", %zu setting%s; ", settings, settings == 1 ? "" : "s");
	review_restart_text(needs, out);
	strbuf_addstr(out, "</summary>\n\n");
}

static void group_file(const struct review *r, const struct review_file *rf,
		       bool diffs, struct strbuf *out)
{
	const struct plan_file *f = &r->plan->files[rf->first];
	struct strbuf t = STRBUF_INIT;

	add_code(out, f->want->path);
	strbuf_addstr(out, ": ");
	if (f->settings && !rf->n_settings)
		strbuf_addstr(out, "formatting only, nothing restarts");
	else if (f->settings)
		strbuf_addf(out, "%zu setting%s", rf->n_settings, rf->n_settings == 1 ? "" : "s");
	else {
		review_describe_file(r, rf, &t);
		strbuf_addstr(&t, ": ");
		review_restart_text(f->restart, &t);
	}
	add_html(out, t.buf);
	strbuf_addstr(out, "\n\n");
	strbuf_reset(&t);
	for (size_t k = 0; k < rf->n_settings; k++) {
		strbuf_reset(&t);
		review_restart_text(rf->settings[k].restart, &t);
		strbuf_addstr(out, "- ");
		add_code(out, rf->settings[k].text);
		strbuf_addf(out, ": %s\n", t.buf);
	}
	if (rf->n_settings)
		strbuf_addch(out, '\n');
	if (diffs && f->diff && !f->want->secret && !rf->same_as && !rf->new_hosts)
		add_block(out, "diff", f->diff);
	strbuf_release(&t);
}

static void group_block(const struct review *r, size_t from, bool diffs,
			struct strbuf *out)
{
	const char *hosts = r->files[from].hosts;

	group_summary(r, hosts, from, out);
	for (size_t i = from; i < r->n_files; i++)
		if (!strcmp(r->files[i].hosts, hosts))
			group_file(r, &r->files[i], diffs, out);
	strbuf_addstr(out, "</details>\n");
}

/* True when the i-th group's hosts came before (their block is printed). */
static bool hosts_seen(const struct review *r, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(r->files[k].hosts, r->files[i].hosts))
			return true;
	return false;
}

/*
 * Every group's block, with diffs or without, into out as long as it
 * stays within budget bytes; how many did not fit.
 */
static size_t add_groups(const struct review *r, bool diffs, size_t budget,
			 struct strbuf *out)
{
	struct strbuf b = STRBUF_INIT;
	size_t left = 0, start = out->len;

	for (size_t i = 0; i < r->n_files; i++) {
		if (hosts_seen(r, i))
			continue;
		strbuf_reset(&b);
		group_block(r, i, diffs, &b);
		if (out->len - start + b.len > budget)
			left++;
		else
			strbuf_add(out, b.buf, b.len);
	}
	strbuf_release(&b);
	return left;
}

/* The groups within budget bytes: the diffs go first, then whole groups. */
static void md_groups(const struct review *r, size_t budget, struct strbuf *out)
{
	static const char title[] = "\n#### Files, by the hosts that get them\n\n";
	struct strbuf g = STRBUF_INIT;
	bool diffs = true;
	size_t left;

	if (!r->n_files)
		return;
	budget = budget > sizeof(title) + 200 ? budget - sizeof(title) - 200 : 0;
	left = add_groups(r, true, SIZE_MAX, &g);
	if (g.len > budget) {
		strbuf_reset(&g);
		diffs = false;
		left = add_groups(r, false, budget, &g);
	}
	strbuf_addstr(out, title);
	strbuf_add(out, g.buf, g.len);
	if (!diffs)
		strbuf_addstr(out, "\nThe diffs are left out (too long for a comment): "
			      "`clusterctl diff --files` shows them.\n");
	if (left)
		strbuf_addf(out, "\n%zu more group%s left out (too long for a comment): "
			    "run `clusterctl diff`\n", left, left == 1 ? "" : "s");
	strbuf_release(&g);
}

/* ---- the rest ---- */

static void md_services(const struct review *r, struct strbuf *out)
{
	size_t ng;
	struct plan_group *g = plan_service_groups(r->plan, &ng);

	if (ng)
		strbuf_addf(out, "\n#### Daemons (Slurm %s)\n\n", r->head->cluster.slurm_version);
	for (size_t i = 0; i < ng; i++) {
		const struct plan_service *s = &r->plan->services[g[i].first];

		strbuf_addstr(out, "- ");
		add_code(out, g[i].hosts);
		strbuf_addf(out, ": %s %s (", plan_svc_action_name(s->action),
			    service_kind_name(s->kind));
		add_html(out, s->why);
		strbuf_addstr(out, ")\n");
	}
	plan_groups_free(g, ng);
}

/* Accounting, capacity and the key; the accounting rows at most budget bytes. */
static void md_tail(const struct review *r, size_t budget, struct strbuf *out)
{
	struct strbuf a = STRBUF_INIT;

	md_services(r, out);
	strbuf_addstr(out, "\n#### Accounting\n\n");
	if (!acct_plan_count(r->acct))
		strbuf_addstr(out, "no change\n");
	else {
		acct_plan_print(r->acct, &a);
		strbuf_addf(out, "<details><summary>%zu row%s (removals only with "
			    "<code>--prune</code>)</summary>\n\n", acct_plan_count(r->acct),
			    acct_plan_count(r->acct) == 1 ? "" : "s");
		if (a.len > budget)
			strbuf_addstr(out, "too many to show here: run `clusterctl diff`\n\n");
		else
			add_block(out, "text", a.buf);
		strbuf_addstr(out, "</details>\n");
	}
	strbuf_addstr(out, "\n#### Capacity\n\n");
	for (size_t i = 0; i < r->plan->n_cap_losses; i++) {
		strbuf_addstr(out, "- **lost**: ");
		add_code(out, r->plan->cap_losses[i]);
		strbuf_addch(out, '\n');
	}
	if (!r->plan->n_cap_losses)
		strbuf_addstr(out, "no loss\n");
	strbuf_release(&a);
	strbuf_reset(&a);
	review_munge_text(r, &a);
	strbuf_addstr(out, "\n**munge key**: ");
	add_html(out, a.buf);
	strbuf_addch(out, '\n');
	strbuf_release(&a);
}

void review_print_markdown(const struct review *r, size_t limit, struct strbuf *out)
{
	struct strbuf tail = STRBUF_INIT;
	size_t used;

	md_head(r, out);
	md_tail(r, limit / 4, &tail);
	used = out->len + tail.len;
	md_groups(r, used < limit ? limit - used : 0, out);
	strbuf_add(out, tail.buf, tail.len);
	strbuf_release(&tail);
}
