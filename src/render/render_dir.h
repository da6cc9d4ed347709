/*
 * render_dir.h: "clusterctl render"'s output directory. A rendered set is
 * written to DIR/<host>/<path> offline, with DIR/manifest.json (one line
 * per file: host, path, owner, group, mode, sha256; the munge key listed
 * as secret, without bytes). Identical files are written once and
 * hard-linked. A previous render in DIR is replaced cleanly (unchanged
 * files kept, vanished ones removed), so `diff -r` between two renders
 * shows only what changed; a non-empty DIR without a manifest is refused,
 * never clobbered.
 */
#ifndef CLUSTERCTL_RENDER_DIR_H
#define CLUSTERCTL_RENDER_DIR_H

#include "base/compat.h"

#include "render/render.h"

struct model;
struct strbuf;

/*
 * Writes set (m's render) into dir, creating it when absent, and
 * dir/manifest.json last. 0, or -1 with *cause.
 */
int render_dir_write(const struct model *m, const struct rendered_set *set,
		     const char *dir, char **cause);

#endif
