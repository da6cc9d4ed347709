/*
 * gresmerge.c: slurm.conf's Gres= for a node merged with gres.conf's
 * records for it, as slurmd merges them (gresmerge.h).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/gresmerge.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

int gresmerge_item_parse(const char *s, struct gresmerge_item *g)
{
	const char *c1 = strchr(s, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

	memset(g, 0, sizeof(*g));
	g->name = xstrndup(s, c1 ? (size_t)(c1 - s) : strlen(s));
	g->count = 1;
	if (!*g->name || (c2 && strchr(c2 + 1, ':')))
		return -1;
	if (c1 && !c2 && slurmread_count(c1 + 1, &g->count) < 0) {
		/* gpu:a100 is type a100, one of it */
		g->type = xstrdup(c1 + 1);
		return *g->type && !strchr(g->type, '(') ? 0 : -1;
	}
	if (c2) {
		g->type = xstrndup(c1 + 1, (size_t)(c2 - c1 - 1));
		if (!*g->type || slurmread_count(c2 + 1, &g->count) < 0)
			return -1;
	}
	return 0;
}

void gresmerge_item_release(struct gresmerge_item *g)
{
	free(g->name);
	free(g->type);
	memset(g, 0, sizeof(*g));
}

bool gresmerge_cut(const struct gresmerge_dev *d)
{
	return d->rec && d->count < d->rec->count;
}

static bool same_opt(const char *a, const char *b)
{
	return a ? b && !strcasecmp(a, b) : !b;
}

/* The records of item's name (and type, unless untyped) for node, in file order, until count. */
static void merge_one(const struct slurmgres *g, const char *node, struct gresmerge *m,
		      size_t item, const char *type, uint64_t count, bool *taken)
{
	const char *name = m->items[item].name;

	for (size_t i = 0; count && i < g->n; i++) {
		const struct slurmgres_rec *r = &g->recs[i];
		struct gresmerge_dev *d;

		if (taken[i] || !r->name || strcasecmp(r->name, name) || !r->count ||
		    !slurmgres_for_node(r, node) || (type && !same_opt(r->type, type)))
			continue;
		taken[i] = true;
		XGROW(m->devs, m->alloc_devs, m->n_devs + 1);
		d = &m->devs[m->n_devs++];
		d->item = item;
		d->rec = r;
		d->count = r->count < count ? r->count : count;
		/* _set_file_subset(): a cut record keeps its first files */
		d->files = d->count < r->count && d->count < r->files.n ? d->count : r->files.n;
		count -= d->count;
	}
	if (count) {
		XGROW(m->devs, m->alloc_devs, m->n_devs + 1);
		m->devs[m->n_devs++] = (struct gresmerge_dev){ item, NULL, count, 0 };
	}
}

/* The sum of the counts of the items of name and type (untyped: all of name) from item on. */
static uint64_t items_count(const struct gresmerge *m, size_t item, bool any_type)
{
	const struct gresmerge_item *a = &m->items[item];
	uint64_t n = 0;

	for (size_t k = item; k < m->n_items; k++) {
		const struct gresmerge_item *b = &m->items[k];

		if (!strcasecmp(a->name, b->name) && (any_type || same_opt(a->type, b->type)))
			n += b->count;
	}
	return n;
}

/* True when an item before k has item k's name and type (untyped: its name). */
static bool merged_before(const struct gresmerge *m, size_t k, bool any_type)
{
	for (size_t j = 0; j < k; j++)
		if (!strcasecmp(m->items[j].name, m->items[k].name) &&
		    (any_type || same_opt(m->items[j].type, m->items[k].type)))
			return true;
	return false;
}

static bool name_typed(const struct gresmerge *m, const char *name)
{
	for (size_t k = 0; k < m->n_items; k++)
		if (!strcasecmp(m->items[k].name, name) && m->items[k].type)
			return true;
	return false;
}

static int parse_items(const char *gres, struct gresmerge *m, char **cause)
{
	char *copy = xstrdup(gres ? gres : ""), *save = NULL;
	int rc = 0;

	for (char *s = strtok_r(copy, ",", &save); rc == 0 && s; s = strtok_r(NULL, ",", &save)) {
		XGROW(m->items, m->alloc_items, m->n_items + 1);
		if (gresmerge_item_parse(s, &m->items[m->n_items]) < 0) {
			*cause = xasprintf("Gres item '%s' is not name[:type][:count]", s);
			gresmerge_item_release(&m->items[m->n_items]);
			rc = -1;
		} else {
			m->n_items++;
		}
	}
	free(copy);
	return rc;
}

int gresmerge_node(const struct slurmgres *g, const char *node, const char *gres,
		   struct gresmerge *out, char **cause)
{
	bool *taken;

	memset(out, 0, sizeof(*out));
	if (parse_items(gres, out, cause) < 0) {
		gresmerge_release(out);
		return -1;
	}
	taken = xcalloc(g->n + 1, sizeof(*taken));
	for (size_t k = 0; k < out->n_items; k++) {
		const struct gresmerge_item *it = &out->items[k];
		bool typed = name_typed(out, it->name);

		/* an untyped item beside typed ones of its name: _merge_gres() merges the types only */
		if ((typed && !it->type) || merged_before(out, k, !typed))
			continue;
		merge_one(g, node, out, k, it->type, items_count(out, k, !typed), taken);
	}
	out->ignored = xcalloc(g->n + 1, sizeof(*out->ignored));
	for (size_t i = 0; i < g->n; i++)
		if (!taken[i] && g->recs[i].name && slurmgres_for_node(&g->recs[i], node))
			out->ignored[out->n_ignored++] = &g->recs[i];
	free(taken);
	return 0;
}

void gresmerge_release(struct gresmerge *m)
{
	for (size_t k = 0; k < m->n_items; k++)
		gresmerge_item_release(&m->items[k]);
	free(m->items);
	free(m->devs);
	free(m->ignored);
	memset(m, 0, sizeof(*m));
}

/* ---- the kinds a node registers ---- */

/* A per-device value as runs of equal values (gresmerge.h). */
struct runs {
	struct strbuf sb;
	const char *last;
	uint64_t n;
	size_t written;
	bool any;
};

static void runs_flush(struct runs *r)
{
	if (!r->n)
		return;
	strbuf_addf(&r->sb, "%s%s", r->written++ ? ";" : "", r->last);
	if (r->n > 1)
		strbuf_addf(&r->sb, "*%llu", (unsigned long long)r->n);
	r->n = 0;
}

static void runs_add(struct runs *r, const char *v, uint64_t devices)
{
	v = v ? v : "";
	r->any |= *v != 0;
	if (r->n && strcmp(r->last, v))
		runs_flush(r);
	r->last = v;
	r->n += devices;
}

/* The runs as text (newly allocated): "" when no device had a value. */
static char *runs_text(struct runs *r)
{
	runs_flush(r);
	if (!r->any) {
		strbuf_release(&r->sb);
		return xstrdup("");
	}
	return strbuf_detach(&r->sb, NULL);
}

/* Items of one name and type (both untyped, or the same type), in any case. */
static bool same_kind(const struct gresmerge_item *a, const struct gresmerge_item *b)
{
	return !strcasecmp(a->name, b->name) && same_opt(a->type, b->type);
}

/* True when slurmd registers device record d (a GPU needs a file, or AutoDetect). */
static bool registered(const struct gresmerge *m, const struct gresmerge_dev *d, bool detects)
{
	return detects || strcasecmp(m->items[d->item].name, "gpu") ||
	       (d->rec && (d->rec->file || d->rec->multiple_files));
}

/* The kind of m->devs[i] and every later device of it; marks them done. */
static void kind_of(const struct gresmerge *m, size_t i, bool detects, bool *done,
		    struct gresmerge_kind *k)
{
	struct strbuf files = STRBUF_INIT;
	struct runs cores = { .sb = STRBUF_INIT }, links = { .sb = STRBUF_INIT },
		    flags = { .sb = STRBUF_INIT }, mfiles = { .sb = STRBUF_INIT };

	k->item = &m->items[m->devs[i].item];
	k->count = 0;
	for (size_t j = i; j < m->n_devs; j++) {
		const struct gresmerge_dev *d = &m->devs[j];
		const struct slurmgres_rec *r = d->rec;

		if (!same_kind(&m->items[d->item], k->item))
			continue;
		done[j] = true;
		if (!registered(m, d, detects))
			continue;
		k->count += d->count;
		for (size_t f = 0; r && f < d->files; f++)
			strbuf_addf(&files, "%s%s", files.len ? "," : "", r->files.names[f]);
		/* a line's Cores=, Links=, Flags= hold for each of its devices */
		runs_add(&cores, r ? r->cores : NULL, d->count);
		runs_add(&links, r ? r->links : NULL, d->count);
		runs_add(&flags, r ? r->flags : NULL, d->count);
		runs_add(&mfiles, r ? r->multiple_files : NULL, d->count);
	}
	k->files = strbuf_detach(&files, NULL);
	k->cores = runs_text(&cores);
	k->links = runs_text(&links);
	k->flags = runs_text(&flags);
	k->multiple_files = runs_text(&mfiles);
}

size_t gresmerge_kinds(const struct gresmerge *m, bool detects, struct gresmerge_kind **out)
{
	bool *done = xcalloc(m->n_devs + 1, sizeof(*done));
	size_t n = 0;

	*out = xcalloc(m->n_devs + 1, sizeof(**out));
	for (size_t i = 0; i < m->n_devs; i++)
		if (!done[i])
			kind_of(m, i, detects, done, &(*out)[n++]);
	free(done);
	return n;
}

void gresmerge_kinds_release(struct gresmerge_kind *k, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(k[i].files);
		free(k[i].cores);
		free(k[i].links);
		free(k[i].flags);
		free(k[i].multiple_files);
	}
	free(k);
}
