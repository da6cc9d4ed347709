/*
 * diag.h: diagnostics with source locations. Library modules add to a
 * diag_list and never print; only commands print, through diag_print()
 * (text) or diag_to_json() (machine output).
 *
 * Text format, one problem per line:
 *   inventories/skynet.yaml:14:9: error: partition 'overcap': unknown node 'gpu17'
 *   inventories/skynet.yaml:3:5: note: first defined here
 */
#ifndef CLUSTERCTL_DIAG_H
#define CLUSTERCTL_DIAG_H

#include "compat.h"

#include <stdio.h>

/* 1-based line and column; file is borrowed (model pool or a literal). */
struct src_loc {
	const char *file;
	unsigned line, col;
};

enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

struct diag {
	enum diag_level level;
	struct src_loc loc;	/* loc.file NULL: no location */
	char *msg;		/* owned */
	char *file;		/* owned copy of loc.file */
};

struct diag_list {
	struct diag *items;
	size_t n, alloc;
};

#define DIAG_LIST_INIT { NULL, 0, 0 }

/* Adds a diagnostic; loc may be NULL. The location's file is copied. */
ATTR_PRINTF(4, 5) void diag_add(struct diag_list *dl, enum diag_level level,
				 const struct src_loc *loc, const char *fmt, ...);
ATTR_PRINTF(3, 4) void diag_error(struct diag_list *dl,
				   const struct src_loc *loc, const char *fmt, ...);
ATTR_PRINTF(3, 4) void diag_note(struct diag_list *dl,
				  const struct src_loc *loc, const char *fmt, ...);
ATTR_PRINTF(3, 4) void diag_warning(struct diag_list *dl,
				     const struct src_loc *loc, const char *fmt, ...);

size_t diag_errors(const struct diag_list *dl);

/*
 * Sorts errors and warnings by file, line and column, keeping every note
 * right after the diagnostic it belongs to. Stable.
 */
void diag_sort(struct diag_list *dl);

/* Prints every diagnostic as "file:line:col: level: msg" lines. */
void diag_print(const struct diag_list *dl, FILE *out);

/* Formats one diagnostic into a newly allocated string; caller frees. */
char *diag_format(const struct diag *d);

void diag_release(struct diag_list *dl);

/*
 * "did you mean": returns the candidate closest to word by edit distance
 * when it is close enough to be a likely typo, else NULL. Borrowed.
 */
const char *diag_suggest(const char *word, const char *const *candidates,
			 size_t n);

#endif
