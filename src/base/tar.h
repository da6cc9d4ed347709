/*
 * tar.h: a reader of GNU tar streams in memory (tar.c).
 */
#ifndef CLUSTERCTL_TAR_H
#define CLUSTERCTL_TAR_H

#include "base/compat.h"

#include <stddef.h>

#define TAR_BLOCK 512

/* One member of the archive. */
struct tar_entry {
	char *name;		/* owned */
	char type;
	unsigned mode, uid, gid;
	const char *data;	/* borrowed from the output */
	size_t size;
};

/*
 * The member at buf[*off] of a stream of len bytes, GNU long names folded
 * in; a member larger than max_size is refused. 1 with *e set (e->name
 * newly allocated: caller frees; e->data points into buf), 0 at the end of
 * the archive (*off past it), -1 with *cause (caller frees) for a
 * truncated stream or a bad header.
 */
int tar_next(const char *buf, size_t len, size_t *off, size_t max_size,
	     struct tar_entry *e, char **cause);

#endif
