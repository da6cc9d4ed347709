/*
 * ixhash.c: the open-addressing index of ixhash.h, linear probing.
 */
#include "base/compat.h"

#include <stdlib.h>

#include "base/ixhash.h"
#include "base/xalloc.h"

void ixhash_reserve(struct ixhash *h, size_t n, ixhash_of *hash_of,
		    const void *cookie)
{
	size_t i, k;

	if (h->mask && 2 * (n + 1) <= h->mask)
		return;
	free(h->slot);
	h->mask = h->mask ? 2 * h->mask + 1 : 63;
	while (2 * (n + 1) > h->mask)
		h->mask = 2 * h->mask + 1;
	h->slot = xcalloc(h->mask + 1, sizeof(*h->slot));
	for (i = 0; i < n; i++) {
		for (k = hash_of(i, cookie) & h->mask; h->slot[k]; k = (k + 1) & h->mask)
			;
		h->slot[k] = i + 1;
	}
}

size_t *ixhash_find(struct ixhash *h, uint64_t hash,
		    bool (*eq)(size_t i, const void *cookie), const void *cookie)
{
	size_t k;

	for (k = hash & h->mask; h->slot[k]; k = (k + 1) & h->mask)
		if (eq(h->slot[k] - 1, cookie))
			break;
	return &h->slot[k];
}

void ixhash_release(struct ixhash *h)
{
	free(h->slot);
	h->slot = NULL;
	h->mask = 0;
}

uint64_t ixhash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}
