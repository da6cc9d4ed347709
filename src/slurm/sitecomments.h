/*
 * sitecomments.h: the comments of a site's Slurm files (slurm.conf and what
 * it includes, gres.conf, cgroup.conf, slurmdbd.conf), kept by the line
 * they stood beside, so that an import prints each above the inventory
 * entry that line became. A block of comment lines (blank lines between
 * them allowed) belongs to the next setting line; a comment after a
 * setting on the same line ("CPUs=8  # rack 4") to that line; comments
 * after the last setting to line 0 of the file. Lines are counted as
 * slurmconf.h counts them: a continued line is its first physical line.
 * Comments no entry took are printed together at the end, each with its
 * file and line: none is lost.
 *
 * Ownership: struct sitecomments owns its copies; sitecomments_release().
 */
#ifndef CLUSTERCTL_SITECOMMENTS_H
#define CLUSTERCTL_SITECOMMENTS_H

#include "base/compat.h"

#include <stddef.h>

#include "base/strbuf.h"

struct sitecomment {
	char *path;
	unsigned lineno;	/* the line it stands beside; 0: the end of the file */
	char *text;		/* "# ..." lines, each ending in '\n', printable */
	bool used;
};

struct sitecomments {
	struct sitecomment *v;
	size_t n, alloc;
	struct sitecomments_file {
		char *path;
		size_t first, end;	/* its comments: v[first] .. v[end - 1] */
	} *files;		/* every path scanned, with comments or not */
	size_t n_files, alloc_files;
};

/* Adds the comments of len bytes of text (path names the file); once per path. */
void sitecomments_scan(struct sitecomments *sc, const char *path, const char *text, size_t len);

/* True when path was scanned. */
bool sitecomments_scanned(const struct sitecomments *sc, const char *path);

/*
 * Appends the comments of path:lineno not yet taken to out, each line
 * after indent, and marks them taken.
 */
void sitecomments_take(struct sitecomments *sc, const char *path, unsigned lineno,
		       const char *indent, struct strbuf *out);

/* Appends every comment not taken, under a heading, "# path:line:" before each. */
void sitecomments_rest(struct sitecomments *sc, struct strbuf *out);

void sitecomments_release(struct sitecomments *sc);

#endif
