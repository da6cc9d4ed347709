/*
 * import_files.h: the files slurm.conf names (its scripts, its plugins'
 * files) carried into the inventory's repository (import_files.c).
 */
#ifndef CLUSTERCTL_IMPORT_FILES_H
#define CLUSTERCTL_IMPORT_FILES_H

#include "base/compat.h"

#include <stddef.h>

#include "base/strbuf.h"
#include "import/import_ctx.h"
#include "import/import_source.h"

/*
 * Carries the file slurm.conf names for key (a setting,
 * or the file's name for one read whenever it is there), at host_path on
 * the hosts, read from read_path (text, len: already read; NULL: read it
 * now) into im->src->carry. False when there is no carry, the path is not
 * a clean absolute one, or the file cannot be read: the caller names it.
 */
bool imp_carry(struct imp *im, const char *key, const char *host_path,
	       const char *read_path, const char *text, size_t len);

/*
 * Every file slurm.conf names (a script, a plugin's file) and the files
 * Slurm reads when they are there: carried (imp_carry()), else named: a
 * note without --files-dir (the file stays on the hosts), a problem when
 * it could not be read to carry.
 */
void imp_files_not_carried(struct imp *im);

/* The files: section of what was carried (nothing when nothing was). */
void imp_emit_files(const struct imp *im, struct strbuf *out);

/*
 * Writes each carried file to carry->dir + its path (directories made as
 * needed, the file with its mode): a file already there is refused, so a
 * second import never overwrites the repository's copy. 0, or -1 with
 * *cause (newly allocated; caller frees).
 */
int import_carry_write(const struct import_carry *carry, char **cause);

/* Frees what carry owns (not dir). NULL-safe. */
void import_carry_release(struct import_carry *carry);

#endif
