/*
 * ixhash.h: an open-addressing index over the elements of an array the
 * caller owns, by a hash of their keys: each slot holds an element's
 * index + 1, or 0. For lookups that must not walk the whole array
 * (20,000 partitions' expressions, the blobs of 40,000 files).
 */
#ifndef CLUSTERCTL_IXHASH_H
#define CLUSTERCTL_IXHASH_H

#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>

struct ixhash {
	size_t *slot;
	size_t mask;		/* slots - 1; 0 before the first reserve */
};

#define IXHASH_INIT { NULL, 0 }

/* The hash of element i's key; cookie is the caller's (its array). */
typedef uint64_t ixhash_of(size_t i, const void *cookie);

/*
 * Room for one more element when n are indexed, the slots at most half
 * full: when there is not, they grow and elements 0..n-1 are indexed again.
 */
void ixhash_reserve(struct ixhash *h, size_t n, ixhash_of *hash_of,
		    const void *cookie);

/*
 * The slot of the element whose key hashes to hash and that eq(index,
 * cookie) says is the one, or the empty slot where it goes (*slot == 0:
 * store index + 1 there).
 */
size_t *ixhash_find(struct ixhash *h, uint64_t hash,
		    bool (*eq)(size_t i, const void *cookie), const void *cookie);

void ixhash_release(struct ixhash *h);

/* FNV-1a of a string, the hash the callers use for names. */
uint64_t ixhash_str(const char *s);

#endif
