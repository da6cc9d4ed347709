/*
 * site.c: a site file and its clusters (site.h): loading every cluster's
 * inventory with the site's part grafted in (inventory_site.c), giving
 * each cluster the site's one slurmdbd, validating each cluster, and the
 * checks only the site can make (site_check.c). Diagnostics the clusters
 * share (a bad QoS of the site file is in every cluster's model) are
 * reported once.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "inventory/inventory.h"
#include "inventory/site.h"
#include "inventory/site_check.h"
#include "inventory/site_fed.h"
#include "inventory/site_rows.h"
#include "inventory/validate.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

bool model_is_site(const struct model *m)
{
	return m && m->site.clusters.n > 0;
}

void site_free(struct site *s)
{
	if (!s)
		return;
	/* the clusters borrow from the site file's pool: they go first */
	for (size_t i = 0; i < s->n; i++)
		model_free(s->clusters[i].m);
	free(s->clusters);
	model_free(s->shared);
	free(s);
}

struct site *site_of_model(struct model *m)
{
	struct site *s = xcalloc(1, sizeof(*s));

	s->clusters = xcalloc(1, sizeof(*s->clusters));
	s->n = 1;
	s->clusters[0].m = m;
	s->clusters[0].name = m->cluster.name;
	s->clusters[0].path = m->path;
	s->clusters[0].loc = m->file_loc;
	s->name = m->cluster.name;
	return s;
}

/* ---- one diagnostic the clusters share, once ---- */

static bool same_loc(const struct src_loc *a, const struct src_loc *b)
{
	if (!a->file || !b->file)
		return a->file == b->file;
	return a->line == b->line && a->col == b->col && !strcmp(a->file, b->file);
}

static bool seen_diag(const struct diag_list *dl, const struct diag *d)
{
	for (size_t i = 0; i < dl->n; i++)
		if (dl->items[i].level == d->level && same_loc(&dl->items[i].loc, &d->loc) &&
		    !strcmp(dl->items[i].msg, d->msg))
			return true;
	return false;
}

/* Moves src's diagnostics (each with its notes) to dst, those dst has not. */
static void merge_unique(struct diag_list *dst, struct diag_list *src)
{
	bool skip = false;

	/* what the loader found failed stays quiet when the cluster is validated */
	diag_quiet_copy(dst, src);
	for (size_t i = 0; i < src->n; i++) {
		const struct diag *d = &src->items[i];

		if (d->level != DIAG_NOTE)
			skip = seen_diag(dst, d);
		if (!skip)
			diag_add(dst, d->level, d->loc.file ? &d->loc : NULL, "%s", d->msg);
	}
	diag_release(src);
}

/* ---- loading ---- */

/* The site's name: site.name, else the file's base name without .yaml. */
static const char *site_name(struct model *shared)
{
	const char *base = strrchr(shared->path, '/');
	size_t n;

	if (shared->site.name)
		return shared->site.name;
	base = base ? base + 1 : shared->path;
	n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".yaml"))
		n -= 5;
	return pool_strndup(&shared->pool, base, n);
}

/* Loads the cluster inventories; a path listed twice is an error. */
static void load_clusters(struct site *s, struct diag_list *dl)
{
	const struct str_list *l = &s->shared->site.clusters;

	s->clusters = xcalloc(l->n + 1, sizeof(*s->clusters));
	for (size_t i = 0; i < l->n; i++) {
		struct diag_list own = DIAG_LIST_INIT;
		struct site_cluster *c = &s->clusters[s->n];
		bool twice = false;

		for (size_t j = 0; j < i && !twice; j++)
			twice = !strcmp(l->items[j], l->items[i]);
		if (twice) {
			diag_error(dl, &l->locs[i], "cluster inventory '%s' is listed twice",
				   l->items[i]);
			continue;
		}
		if (diag_read_source(&own, l->items[i]) == 0)
			c->m = inventory_load_in_site(l->items[i], s->shared, &own);
		merge_unique(dl, &own);
		if (!c->m)
			continue;
		c->m->in_site = s;
		c->name = c->m->cluster.name;
		c->path = l->items[i];
		c->loc = l->locs[i];
		s->n++;
	}
}

static void validate_clusters(struct site *s, struct diag_list *dl)
{
	for (size_t i = 0; i < s->n; i++) {
		struct diag_list own = DIAG_LIST_INIT;

		diag_quiet_copy(&own, dl);
		validate_model(s->clusters[i].m, &own);
		merge_unique(dl, &own);
	}
}

struct site *site_load_from(struct model *shared, struct diag_list *dl)
{
	struct site *s = xcalloc(1, sizeof(*s));

	s->shared = shared;
	s->name = site_name(shared);
	s->cross_cluster = shared->site.cross_cluster;
	site_check_shape(shared, dl);
	load_clusters(s, dl);
	/* the site's slurmdbd goes into each cluster before it is validated */
	site_share_dbd(s, dl);
	validate_clusters(s, dl);
	site_check(s, dl);
	site_check_federation(s, dl);
	diag_sort(dl);
	if (diag_errors(dl)) {
		site_free(s);
		return NULL;
	}
	return s;
}

struct site *site_load_valid(const char *path, struct diag_list *dl)
{
	struct model *shared = inventory_load_site_file(path, dl);

	if (!shared) {
		diag_sort(dl);
		return NULL;
	}
	if (!model_is_site(shared)) {
		struct src_loc top = { path, 1, 1 };

		diag_error(dl, &top, "'%s' is no site file: it lists no clusters:", path);
		model_free(shared);
		return NULL;
	}
	return site_load_from(shared, dl);
}
