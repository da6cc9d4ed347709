/*
 * pathtrust.h: which local files an inventory may make clusterctl read.
 * An inventory names files whose content the safe commands (validate,
 * render) read into their output: include: files and cluster.template_dir
 * with the templates in it (credential paths are read by the trusted
 * commands only and are not confined: docs/security.md). Those paths must
 * lie, after every symlink is resolved,
 * inside the inventory's own directory tree, or inside a directory the
 * caller allows (--allow-path DIR, or the environment's
 * CLUSTERCTL_ALLOW_PATH, colon-separated): which files of this machine an
 * inventory may reach is the caller's decision, never the inventory's
 * (docs/security.md).
 *
 * The allowed directories are process-wide, like the umask: a command
 * sets them from its options before it loads an inventory; the
 * environment's are read at the first check.
 */
#ifndef CLUSTERCTL_PATHTRUST_H
#define CLUSTERCTL_PATHTRUST_H

#include "base/compat.h"

/*
 * Allows files under dir (resolved now). 0, or -1 with *cause (newly
 * allocated; caller frees) when dir is not a directory that exists.
 */
int pathtrust_allow(const char *dir, char **cause);

/* Forgets every allowed directory (tests); the environment is read again. */
void pathtrust_reset(void);

/*
 * The real path of path (symlinks resolved; newly allocated, caller frees)
 * when it lies inside root (the inventory's directory, as given) or an
 * allowed directory. NULL with *cause (caller frees) when it does not, or
 * cannot be resolved (missing file: the reason is strerror's).
 */
char *pathtrust_resolve(const char *root, const char *path, char **cause);

#endif
