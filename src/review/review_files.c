/*
 * review_files.c: "diff --files" (review.h): the unified diffs of the
 * files that change. The plan already shares one diff among the hosts
 * whose file changes alike; here a hunk that several such groups have
 * (the same lines, wherever the file's other hunks put them) is shown
 * once, under the hostlist of every host that has it, and a new host's
 * file with the bytes other hosts get is named rather than shown whole.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "review/review_files.h"
#include "review/review_text.h"
#include "base/xalloc.h"

/* One hunk of one file: its "@@" line and the lines after it. */
struct hunk {
	const char *at;		/* the "@@ ... @@" line (in the plan's diff) */
	const char *body;	/* the lines after it, to the next hunk */
	size_t at_len, body_len;
	struct hostlist hosts;	/* every host whose file has this hunk */
	const char *head;	/* the "--- ...\n+++ ...\n" lines of its diff */
	size_t head_len;
};

struct hunks {
	struct hunk *v;
	size_t n, alloc;
};

static const char *next_line(const char *s)
{
	const char *nl = strchr(s, '\n');

	return nl ? nl + 1 : s + strlen(s);
}

static void add_hosts(struct hostlist *hl, const char *expr)
{
	char *cause = NULL;

	if (hostlist_expand(expr, hl, &cause) < 0)
		hostlist_push(hl, expr);
	free(cause);
}

/* Adds the hunks of diff (for hosts) to h, merging identical bodies. */
static void add_hunks(struct hunks *h, const char *diff, const char *hosts)
{
	const char *p = diff, *head = diff;

	while (*p && strncmp(p, "@@", 2))
		p = next_line(p);
	while (*p) {
		const char *at = p, *body = next_line(p), *end = body;
		size_t k;

		while (*end && strncmp(end, "@@", 2))
			end = next_line(end);
		for (k = 0; k < h->n; k++)
			if (h->v[k].body_len == (size_t)(end - body) &&
			    !memcmp(h->v[k].body, body, (size_t)(end - body)))
				break;
		if (k == h->n) {
			XGROW(h->v, h->alloc, h->n + 1);
			h->v[h->n++] = (struct hunk){ at, body, (size_t)(body - at),
						      (size_t)(end - body), HOSTLIST_INIT,
						      head, 0 };
			h->v[k].head_len = (size_t)(strstr(head, "\n@@") - head) + 1;
		}
		add_hosts(&h->v[k].hosts, hosts);
		p = end;
	}
}

static void print_hunks(const struct hunks *h, const char *path, struct strbuf *out)
{
	char *last = NULL;

	for (size_t k = 0; k < h->n; k++) {
		const struct hunk *u = &h->v[k];
		char *hl = hostlist_compress((const char *const *)u->hosts.names,
					     u->hosts.n);

		if (!last || strcmp(last, hl)) {
			strbuf_addf(out, "# %s: %s\n", hl, path);
			strbuf_add(out, u->head, u->head_len);
			free(last);
			last = hl;
		} else {
			free(hl);
		}
		strbuf_add(out, u->at, u->at_len + u->body_len);
	}
	free(last);
}

/* A group whose change is not shown as a diff: one line saying what it is. */
static bool print_other(const struct review *r, const struct review_file *rf,
			struct strbuf *out)
{
	const struct plan_file *f = &r->plan->files[rf->first];

	bool hunks = f->diff && strstr(f->diff, "\n@@");

	if (hunks && !f->want->secret && !rf->same_as)
		return false;
	strbuf_addf(out, "# %s: %s: ", rf->hosts, f->want->path);
	if (f->want->secret)
		strbuf_addstr(out, f->change == PLAN_CREATE ? "the munge key (never shown)" :
			      "another munge key (never shown)");
	else if (rf->same_as)
		strbuf_addf(out, "new, the same bytes as %s get", rf->same_as);
	else if (f->diff && !hunks)
		strbuf_add(out, f->diff, strcspn(f->diff, "\n"));
	else
		review_describe_file(r, rf, out);
	strbuf_addch(out, '\n');
	return true;
}

/* Every group of path from the i-th on; *done marks them. */
static void print_path(const struct review *r, size_t i, bool *done, struct strbuf *out)
{
	const char *path = r->plan->files[r->files[i].first].want->path;
	struct strbuf others = STRBUF_INIT;
	struct hunks h = { 0 };

	for (size_t k = i; k < r->n_files; k++) {
		const struct review_file *rf = &r->files[k];
		const struct plan_file *f = &r->plan->files[rf->first];

		if (done[k] || strcmp(f->want->path, path))
			continue;
		done[k] = true;
		if (!print_other(r, rf, &others))
			add_hunks(&h, f->diff, rf->hosts);
	}
	print_hunks(&h, path, out);
	strbuf_add(out, others.buf, others.len);
	strbuf_release(&others);
	for (size_t k = 0; k < h.n; k++)
		hostlist_release(&h.v[k].hosts);
	free(h.v);
}

void review_print_files(const struct review *r, struct strbuf *out)
{
	bool *done = xcalloc(r->n_files + 1, sizeof(*done));

	for (size_t i = 0; i < r->n_files; i++)
		if (!done[i])
			print_path(r, i, done, out);
	free(done);
}
