/*
 * gitrev.h: the files of a git revision, as a directory: "diff
 * --base-ref REF" reads the base inventory, its include: files, the
 * overlays, the files: sources and the templates it names from the
 * revision REF in one step, by loading it from a copy of REF's tree (what
 * "git archive REF" holds: tracked files only, so no secret a work tree
 * keeps untracked). git and tar are run directly (no shell), with stdin
 * closed.
 *
 * Ownership: struct gitrev owns its strings and the directory;
 * gitrev_release() removes the directory and frees them.
 */
#ifndef CLUSTERCTL_GITREV_H
#define CLUSTERCTL_GITREV_H

#include "base/compat.h"

struct gitrev {
	char *ref;	/* as given ("origin/main") */
	char *commit;	/* what it names (40 hex digits) */
	char *top;	/* the work tree's top directory (real path) */
	char *tmp;	/* the temporary directory (removed by gitrev_release) */
	char *tree;	/* tmp/tree: the revision's files */
};

#define GITREV_INIT { NULL, NULL, NULL, NULL, NULL }

/*
 * Puts the tree of revision ref of the git repository whose work tree
 * holds path (a file or directory; the directory part must exist) into a
 * new temporary directory ($TMPDIR, else /tmp). 0, or -1 with *cause
 * (newly allocated: not a repository, no such revision, git's own
 * message) and nothing left behind.
 */
int gitrev_checkout(const char *path, const char *ref, struct gitrev *out,
		    char **cause);

/*
 * Where path (relative to the current directory, or absolute; inside the
 * work tree) lies in the revision's copy: newly allocated. NULL with
 * *cause when path lies outside the work tree.
 */
char *gitrev_map(const struct gitrev *g, const char *path, char **cause);

/*
 * How a path of the copy is shown to people: "REF:relative/path" for a
 * path under g->tree, else NULL. Newly allocated.
 */
char *gitrev_label(const struct gitrev *g, const char *path);

/* Removes the copy and frees what g holds; g is left empty. NULL-safe. */
void gitrev_release(struct gitrev *g);

#endif
