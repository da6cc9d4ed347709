/*
 * diag.h: diagnostics with source locations. Library modules add to a
 * diag_list and never print; only commands print, through diag_print()
 * (text) or diag_to_json() (machine output).
 *
 * Text format, one problem per line; after an error or a warning whose
 * location has a line, that source line and a caret under the column (as
 * gcc and jq print them), when the file can be read:
 *   inventories/skynet.yaml:14:9: error: partition 'overcap': unknown node 'gpu17'
 *      14 |     nodes: gpu17
 *         |            ^
 *   inventories/skynet.yaml:3:5: note: first defined here
 */
#ifndef CLUSTERCTL_DIAG_H
#define CLUSTERCTL_DIAG_H

#include "base/compat.h"

#include <stdio.h>

struct strbuf;

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

/* The text of one source file, for excerpts. */
struct diag_source {
	char *path;		/* owned */
	char *text;		/* owned; NULL: the file cannot be read */
	size_t len;
	size_t *lines;		/* owned; offset of every DIAG_LINE_STEP-th line,
				   built on first use */
	size_t n_lines;		/* all of them */
};

/*
 * A list keeps the first DIAG_KEEP errors and warnings (with their notes)
 * and counts the rest: a hostile inventory can make hundreds of thousands,
 * and the printer shows DIAG_PRINT_MAX anyway. A message is cut at
 * DIAG_MSG_MAX bytes (a value echoed in it may be megabytes long).
 */
#define DIAG_KEEP 10000
#define DIAG_PRINT_MAX 100
#define DIAG_MSG_MAX 1024

/* A place whose later diagnostics are knock-ons (diag_quiet()). */
struct diag_span {
	char *file;		/* owned */
	unsigned line1, col1, line2, col2;
};

struct diag_list {
	struct diag *items;
	size_t n, alloc;
	/* each file read at most once per list, by diag_print() or below */
	struct diag_source *sources;
	size_t n_sources, alloc_sources;
	size_t errors, warnings;	/* added, kept or not */
	size_t kept;		/* errors and warnings in items */
	bool dropping;		/* the last error or warning was not kept */
	struct diag_span *quiet;	/* sorted, disjoint once quiet_on */
	size_t n_quiet, alloc_quiet;
	bool quiet_on;
};

#define DIAG_LIST_INIT { NULL, 0, 0, NULL, 0, 0, 0, 0, 0, false, NULL, 0, 0, false }

/*
 * Adds a diagnostic; loc may be NULL. The location's file is copied. Past
 * DIAG_KEEP errors and warnings, an error or warning is only counted, and
 * the notes after it are dropped with it.
 */
ATTR_PRINTF(4, 5) void diag_add(struct diag_list *dl, enum diag_level level,
				 const struct src_loc *loc, const char *fmt, ...);
ATTR_PRINTF(3, 4) void diag_error(struct diag_list *dl,
				   const struct src_loc *loc, const char *fmt, ...);
ATTR_PRINTF(3, 4) void diag_note(struct diag_list *dl,
				  const struct src_loc *loc, const char *fmt, ...);
ATTR_PRINTF(3, 4) void diag_warning(struct diag_list *dl,
				     const struct src_loc *loc, const char *fmt, ...);

/*
 * The cause first (issue 29): from..to (same file; a single place when
 * equal) is where something whose own definition already failed is, e.g.
 * a node type with a wrong value. Once diag_quiet_start() is called, a
 * diagnostic added with a location there is dropped, neither kept nor
 * counted: it could only follow from the failure already reported (the
 * loader reports causes; the checks after it, knock-ons).
 */
void diag_quiet(struct diag_list *dl, const struct src_loc *from,
		const struct src_loc *to);
void diag_quiet_start(struct diag_list *dl);

/*
 * Adds src's quiet places to dst: a loader's diagnostics and a later
 * validation's may be kept in two lists (a site's clusters are).
 */
void diag_quiet_copy(struct diag_list *dst, const struct diag_list *src);

/* Adds every diagnostic of src, and its quiet places, to dst; releases src. */
void diag_take(struct diag_list *dst, struct diag_list *src);

/* Every error (warning) added, kept in items or only counted. */
size_t diag_errors(const struct diag_list *dl);
size_t diag_warnings(const struct diag_list *dl);

/*
 * Sorts errors and warnings by file, line and column, keeping every note
 * right after the diagnostic it belongs to. Stable.
 */
void diag_sort(struct diag_list *dl);

/*
 * Prints the diagnostics as "file:line:col: level: msg" lines, each error
 * and warning followed by its source excerpt (see diag_excerpt()): at most
 * DIAG_PRINT_MAX errors and as many warnings, in the list's order, then
 * "and N more errors" (and warnings) for the rest, kept or not. The
 * files are read by the paths in the locations, once per list; one that
 * cannot be read (or "-", standard input) or a line past its end just
 * gets no excerpt. Without colour: nothing else in clusterctl colours
 * diagnostics.
 */
void diag_print(struct diag_list *dl, FILE *out);

/*
 * Reads the file at path (an inventory about to be loaded) as the source
 * of later excerpts. When it cannot be read (missing, permission denied,
 * a directory), adds the one error "path: error: cannot read: reason" and
 * returns -1; else returns 0. Commands call it before loading, so that an
 * unreadable file is that one line rather than a loader error.
 */
int diag_read_source(struct diag_list *dl, const char *path);

/*
 * Uses len bytes of text (copied) as the source of path's excerpts instead
 * of the file: for diagnostics about an edited text not yet written.
 */
void diag_set_source(struct diag_list *dl, const char *path, const char *text,
		     size_t len);

/*
 * Appends to sb the excerpt of source line number lineno, the len bytes at
 * line (without its end of line): "   12 | text", then a caret line
 * "      |     ^" under character col (1-based, counted in UTF-8
 * characters as libyaml counts its marks; 0: no caret line). Tabs before
 * the column are copied into the caret line so that the caret stays under
 * its character; other control characters show as '?'. A column past the
 * end of the line puts the caret just after it. A line longer than
 * DIAG_EXCERPT_WIDTH characters is cut to that many around the column,
 * with "..." where text was left out; diag_print() shows no excerpt of a
 * line longer than DIAG_EXCERPT_MAX_LINE bytes (finding a column in it
 * would cost more than it helps).
 */
void diag_excerpt(struct strbuf *sb, unsigned lineno, unsigned col,
		  const char *line, size_t len);

#define DIAG_EXCERPT_WIDTH 100
#define DIAG_LINE_STEP 64
#define DIAG_EXCERPT_MAX_LINE (1u << 20)

/* Formats one diagnostic into a newly allocated string; caller frees. */
char *diag_format(const struct diag *d);

void diag_release(struct diag_list *dl);

/*
 * "did you mean": returns the candidate closest to word by edit distance
 * when it is close enough to be a likely typo, else NULL. Borrowed. Words
 * and candidates longer than DIAG_SUGGEST_MAX bytes are never typos of
 * each other; a candidate whose length alone rules it out costs nothing.
 */
#define DIAG_SUGGEST_MAX 128

const char *diag_suggest(const char *word, const char *const *candidates,
			 size_t n);

#endif
