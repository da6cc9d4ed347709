/*
 * site_fed.c: the checks of a site's federation (site_fed.h). Slurm keeps
 * a federation as one federation_table row and, on each member's
 * cluster_table row, its name, the cluster's features and its state; what
 * slurmdbd or sacctmgr would refuse, or silently merge, is refused here
 * with the place it is written (and the other place, where there is one).
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "inventory/site_fed.h"
#include "inventory/site_rows.h"
#include "base/xalloc.h"

/* slurmdbd's MAX_FED_CLUSTERS: a federated job id keeps the cluster in 6 bits */
#define FED_MAX_CLUSTERS 63

/*
 * A federation name or a feature as sacctmgr passes it on whole: letters,
 * digits, '_', '.', '-', not first a '+' or '-' (which sacctmgr reads as
 * "add" or "remove"). A ',' splits, a quote or space would be cut.
 */
static bool fed_word_ok(const char *s)
{
	if (!s || !*s || *s == '-' || *s == '+')
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.' && *s != '-')
			return false;
	return true;
}

static void check_features(const struct fed_member *fm, struct diag_list *dl)
{
	const struct str_list *l = &fm->features;

	for (size_t i = 0; i < l->n; i++) {
		bool twice = false;
		size_t j;

		if (!fed_word_ok(l->items[i])) {
			diag_error(dl, &l->locs[i], "federation cluster '%s': feature '%s': a "
				   "cluster feature is letters, digits, '_', '.' and '-' (not "
				   "first)", fm->name, l->items[i]);
			continue;
		}
		/* Slurm keeps one of two features that differ in case only */
		for (j = 0; j < i && !twice; j++)
			twice = !strcasecmp(l->items[j], l->items[i]);
		if (twice) {
			diag_error(dl, &l->locs[i], "federation cluster '%s': feature '%s' is "
				   "listed twice", fm->name, l->items[i]);
			diag_note(dl, &l->locs[j - 1], "it is first listed here");
		}
	}
}

static void check_member(const struct site *s, size_t i, struct diag_list *dl)
{
	const struct model *sh = s->shared;
	const struct fed_member *fm = &sh->fed_members[i];
	char *names;

	for (size_t j = 0; j < i; j++)
		if (!strcmp(sh->fed_members[j].name, fm->name)) {
			diag_error(dl, &fm->loc, "federation '%s': cluster '%s' is listed "
				   "twice", sh->federation.name, fm->name);
			diag_note(dl, &sh->fed_members[j].loc, "it is first listed here");
			return;
		}
	if (!site_find(s, fm->name)) {
		names = site_cluster_names(s);
		diag_error(dl, &fm->loc, "federation '%s': '%s' is no cluster of the site "
			   "(its clusters: %s)", sh->federation.name, fm->name, names);
		diag_note(dl, &sh->site.clusters_loc, "the site's clusters are listed here");
		free(names);
	}
	check_features(fm, dl);
}

void site_check_federation(const struct site *s, struct diag_list *dl)
{
	const struct model *sh = s->shared;
	const struct federation *f = &sh->federation;

	if (!f->name)
		return;
	if (!fed_word_ok(f->name))
		diag_error(dl, &f->name_loc, "federation name '%s': letters, digits, '_', "
			   "'.' and '-' (not first)", f->name);
	if (!sh->n_fed_members && f->clusters_loc.file)
		diag_error(dl, &f->clusters_loc, "federation '%s' lists no cluster", f->name);
	if (sh->n_fed_members > FED_MAX_CLUSTERS)
		diag_error(dl, &sh->fed_members[FED_MAX_CLUSTERS].loc, "federation '%s' has "
			   "%zu clusters: Slurm federates %d at most", f->name,
			   sh->n_fed_members, FED_MAX_CLUSTERS);
	for (size_t i = 0; i < sh->n_fed_members; i++)
		check_member(s, i, dl);
}
