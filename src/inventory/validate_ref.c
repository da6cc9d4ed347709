/*
 * validate_ref.c: sorted name indexes over the model's arrays and the
 * reports of names defined twice or referred to but not defined
 * (validate_ref.h), for the checks of validate.c and validate_acct.c.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "inventory/validate_ref.h"
#include "base/xalloc.h"

static int name_ptr_cmp(const void *a, const void *b)
{
	const char *const *pa = *(const char *const *const *)a;
	const char *const *pb = *(const char *const *const *)b;
	int c = strcmp(*pa, *pb);

	return c ? c : (pa < pb ? -1 : pa > pb);
}

void validate_index_build(struct name_index *ix, const void *arr, size_t n,
			size_t stride)
{
	size_t i;

	ix->names = xcalloc(n ? n : 1, sizeof(*ix->names));
	ix->n = 0;
	for (i = 0; i < n; i++) {
		const char *const *name = (const void *)((const char *)arr + i * stride);

		if (*name)
			ix->names[ix->n++] = (const char *)name;
	}
	xqsort(ix->names, ix->n, sizeof(*ix->names), name_ptr_cmp);
}

/* The element named name (its first definition), or NULL. */
const void *validate_index_find(const struct name_index *ix, const char *name)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(*(const char *const *)ix->names[mid], name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < ix->n && !strcmp(*(const char *const *)ix->names[lo], name))
		return ix->names[lo];
	return NULL;
}

/* A suggestion among the indexed names (borrowed), or NULL. */
static const char *index_suggest(const struct name_index *ix, const char *word)
{
	const char **cands = xcalloc(ix->n ? ix->n : 1, sizeof(*cands));
	const char *res;
	size_t i;

	for (i = 0; i < ix->n; i++)
		cands[i] = *(const char *const *)ix->names[i];
	res = diag_suggest(word, cands, ix->n);
	free(cands);
	return res;
}

/*
 * Reports every name defined twice: "duplicate KIND 'x'" at the later one
 * with a note at the first.
 */
void validate_report_dups(struct vctx *v, const struct name_index *ix,
			      const char *kind, size_t loc_off)
{
	size_t i;

	for (i = 1; i < ix->n; i++) {
		const char *a = *(const char *const *)ix->names[i - 1];
		const char *b = *(const char *const *)ix->names[i];
		size_t first = i - 1;

		if (strcmp(a, b))
			continue;
		while (first && !strcmp(*(const char *const *)ix->names[first - 1], b))
			first--;
		diag_error(v->dl, (const void *)((const char *)ix->names[i] + loc_off),
			   "duplicate %s '%s'", kind, b);
		diag_note(v->dl, (const void *)((const char *)ix->names[first] + loc_off),
			  "first defined here");
	}
}

void validate_index_release(struct name_index *ix)
{
	free(ix->names);
	ix->names = NULL;
	ix->n = 0;
}

/* Reports "OWNER: unknown KIND 'name' (did you mean ...)". */
void validate_unknown_ref(struct vctx *v, const struct src_loc *loc,
			const char *owner, const char *kind, const char *name,
			const struct name_index *ix)
{
	const char *hint = ix ? index_suggest(ix, name) : NULL;

	if (hint)
		diag_error(v->dl, loc, "%s: unknown %s '%s' (did you mean '%s'?)",
			   owner, kind, name, hint);
	else
		diag_error(v->dl, loc, "%s: unknown %s '%s'", owner, kind, name);
}

void validate_list_refs(struct vctx *v, const struct str_list *l,
			    const char *owner, const char *kind,
			    const struct name_index *ix)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!validate_index_find(ix, l->items[i]))
			validate_unknown_ref(v, &l->locs[i], owner, kind, l->items[i], ix);
}

/* Host and partition names go on slurm.conf lines: no blanks, '=', ','. */
bool validate_conf_name_ok(const char *name)
{
	const char *p;

	if (!*name)
		return false;
	for (p = name; *p; p++)
		if (isspace((unsigned char)*p) || strchr("=,#[]\"'", *p))
			return false;
	return true;
}
