/*
 * transport_sftp.h: files on a host over the session's SFTP channel
 * (transport_sftp.c): read, stat, and the atomic write in two steps
 * (stage beside the target, then commit by rename).
 */
#ifndef CLUSTERCTL_TRANSPORT_SFTP_H
#define CLUSTERCTL_TRANSPORT_SFTP_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "transport/transport.h"

/*
 * Reads a whole regular file into content (appended). st (may be NULL)
 * receives its mode/owner/size. An absent file is not an error: returns 0
 * with st->exists = false and content untouched. A symlink (or anything
 * but a regular file) at path is refused, never followed, and so is a
 * file whose attributes changed between lstat and open.
 */
int transport_read_file(struct transport *tr, const char *path,
			struct strbuf *content, struct remote_stat *st,
			char **cause);

/* Stats path (following symlinks); absent => 0 with st->exists = false. */
int transport_stat(struct transport *tr, const char *path,
		   struct remote_stat *st, char **cause);

/*
 * Stages data as a new temp file ".<name>.clusterctl-XXXXXX" in path's
 * directory, or in its parent when path's directory can be changed by a
 * user other than root (/etc/munge is munge's: that user could swap the
 * temp file for a symlink between our steps); deeper than that is refused.
 * The file is created O_EXCL mode 0600, written, then mode and uid/gid set
 * on the open handle (SSH_FXP_FSETSTAT: fchown/fchmod, never by path;
 * chown needs root on the far side), fsynced (fsync@openssh.com), and
 * verified by reading it back (size, mode, owner and every byte). On
 * success *staged is the newly allocated temp path (caller frees); on any
 * failure the temp file is removed and path was never touched. A full
 * disk is reported as "no space left on device".
 */
int transport_stage_file(struct transport *tr, const char *path,
			 const void *data, size_t len, unsigned mode,
			 unsigned uid, unsigned gid, char **staged,
			 char **cause);

/*
 * Atomically renames staged over path (posix-rename@openssh.com): a
 * symlink at path is replaced, never followed. If
 * backup_path is not NULL and path exists, path is first hard-linked to
 * backup_path (replacing an older backup), so the old bytes survive under
 * that name. On failure staged is removed and path is left as it was.
 */
int transport_commit_file(struct transport *tr, const char *staged,
			  const char *path, const char *backup_path,
			  char **cause);

/* Removes a file; an absent file is not an error. */
int transport_remove(struct transport *tr, const char *path, char **cause);

/* Creates dir and its missing parents with mode (existing ones untouched). */
int transport_mkdir_p(struct transport *tr, const char *dir, unsigned mode,
		      char **cause);

#endif
