/*
 * name_index.h: a sorted view of a model array by name (name_index.c),
 * for the loader's completion of the model and for validate's lookups.
 */
#ifndef CLUSTERCTL_NAME_INDEX_H
#define CLUSTERCTL_NAME_INDEX_H

#include "base/compat.h"

#include <stddef.h>

/*
 * A sorted view of a model array by name. Every model element type starts
 * with `const char *name`, so one index type serves them all.
 */
struct name_index {
	const char **names;	/* sorted; each points at an element's name field */
	size_t n;
};

/* Builds a sorted index of n elements of arr (stride bytes apart). */
void name_index_build(struct name_index *ix, const void *arr, size_t n,
		      size_t stride);
/* The element named name (its first definition), or NULL. Borrowed. */
const void *name_index_find(const struct name_index *ix, const char *name);
/* A name among the indexed ones close to word ("did you mean"), or NULL. Borrowed. */
const char *name_index_suggest(const struct name_index *ix, const char *word);

void name_index_release(struct name_index *ix);

#endif
