/*
 * keeporig.h: the site's own files, kept for good. The first time apply
 * replaces, re-owns or moves aside a file on a host that clusterctl did
 * not write (its bytes lack RENDER_OURS_MARK), a copy of it is kept as
 * FILE.clusterctl-orig beside it, with its mode and owner, and never
 * written again: FILE.clusterctl-old is only the previous generation,
 * overwritten by every apply, so after two applies the site's file would
 * be gone. The way back to the pre-clusterctl cluster is to move each
 * FILE.clusterctl-orig over FILE (README, "Going back").
 *
 * Not for the munge key (no second copy of a secret; the key is kept as
 * it is anyway). Nothing here prints.
 */
#ifndef CLUSTERCTL_KEEPORIG_H
#define CLUSTERCTL_KEEPORIG_H

#include "base/compat.h"

#include "decide/plan.h"
#include "base/strbuf.h"
#include "transport/transport.h"

#define KEEPORIG_SUFFIX ".clusterctl-orig"

/*
 * Whether apply must keep the file f of plan p replaces (or moves aside):
 * it exists on the host, is not the munge key, and its bytes as observed
 * (or, when they equal the rendered ones, those) lack RENDER_OURS_MARK.
 */
bool keeporig_wanted(const struct plan *p, const struct plan_file *f);

/*
 * Appends to cmd the shell command that copies path to
 * path.clusterctl-orig (mode, owner and times kept, through a temp name
 * renamed into place) unless that name exists already, as anything.
 */
void keeporig_cmd(const char *path, struct strbuf *cmd);

/*
 * Keeps f's file on the host of tr when keeporig_wanted() says so. 0
 * (also when nothing was to be kept), or -1 with *cause (newly allocated;
 * caller frees): the file must then not be replaced.
 */
int keeporig_keep(struct transport *tr, const struct plan *p,
		  const struct plan_file *f, char **cause);

#endif
