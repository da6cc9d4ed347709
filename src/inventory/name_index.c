/*
 * name_index.c: sorted views of the model's arrays by name (name_index.h),
 * so that lookups over 10,000 hosts or 1,000 users stay O(log n).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/xalloc.h"
#include "inventory/name_index.h"

static int name_ptr_cmp(const void *a, const void *b)
{
	const char *const *pa = *(const char *const *const *)a;
	const char *const *pb = *(const char *const *const *)b;
	int c = strcmp(*pa, *pb);

	return c ? c : (pa < pb ? -1 : pa > pb);
}

void name_index_build(struct name_index *ix, const void *arr, size_t n,
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

const void *name_index_find(const struct name_index *ix, const char *name)
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

const char *name_index_suggest(const struct name_index *ix, const char *word)
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

void name_index_release(struct name_index *ix)
{
	free(ix->names);
	ix->names = NULL;
	ix->n = 0;
}
