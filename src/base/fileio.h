/*
 * fileio.h: whole files in and out, the way every command wants them:
 * read a file (or a descriptor) into memory, create a new file with an
 * exact mode, replace a file atomically (temp file beside it, mode and
 * owner, fsync, rename: a reader sees the old bytes or the new, never a
 * part), and mkdir -p. Each returns -1 with errno set on failure; the
 * caller words the message, since only it knows what the file is for.
 */
#ifndef CLUSTERCTL_FILEIO_H
#define CLUSTERCTL_FILEIO_H

#include "base/compat.h"

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

struct strbuf;

/* The most any file is read whole: inventories, templates, dumps, stdin. */
#define FILEIO_MAX_READ (64u << 20)

/*
 * errno values of our own, beyond the system's, for a path that is not a
 * regular file: fileio_strerror() words them (strerror() does not).
 */
enum {
	FILEIO_EFIFO = 0x7f00,
	FILEIO_ESOCK,
	FILEIO_EDEV,
};

/* strerror(), and the words for FILEIO_E*. */
const char *fileio_strerror(int err);

/*
 * How every file a command line or an inventory names is opened to be
 * read: O_NONBLOCK, so that opening a FIFO with no writer does not wait
 * for one, then fstat() (into st when not NULL), and refused unless it is
 * a regular file: a FIFO, socket or device would be waited on, or read
 * without end. The descriptor (blocking again), or -1 with errno set:
 * FILEIO_E* for those, EISDIR for a directory.
 */
int fileio_open_regular(const char *path, struct stat *st);

/*
 * 0 when path is a regular file (after symlinks), else -1 with errno as
 * fileio_open_regular() sets it; never opens it.
 */
int fileio_check_regular(const char *path);

/*
 * The whole of path, a regular file (fileio_open_regular()) of at most
 * FILEIO_MAX_READ bytes (else EFBIG), NUL-terminated; *len, when len is
 * not NULL, is its length; with st not NULL, the file's fstat() too.
 * NULL with errno set (fileio_strerror() words it). Caller frees.
 */
char *fileio_read(const char *path, size_t *len, struct stat *st);

/*
 * The rest of fd (not closed; a pipe is fine, standard input), as
 * fileio_read(): at most FILEIO_MAX_READ bytes, else NULL with EFBIG.
 */
char *fileio_read_fd(int fd, size_t *len);

/*
 * Creates path (which must not exist) holding data, with exactly mode
 * whatever the umask. -1 with errno set.
 */
int fileio_write_new(const char *path, const void *data, size_t len,
		     unsigned mode);

/*
 * Replaces path with data atomically: a temp file in path's directory
 * (".NAME.clusterctl-XXXXXX"), mode, owner uid:gid (when that fails it
 * only matters to root, who could have kept it), fsync, rename over path.
 * A symlink at path is replaced, not followed: pass realpath() to edit
 * the file a link points at. -1 with errno set, the temp file removed.
 */
int fileio_replace(const char *path, const void *data, size_t len,
		   unsigned mode, uid_t uid, gid_t gid);

/*
 * fileio_replace() in pieces, for a file too large to hold whole first:
 * open makes the temp file (mode, owner), write appends (the first error
 * is kept), commit fsyncs and renames it over path, or removes it after
 * any error; -1 with errno set. Commit always, to release s.
 */
struct fileio_stream {
	const char *path;	/* borrowed */
	char *tmp;
	int fd, err;
};

int fileio_stream_open(struct fileio_stream *s, const char *path,
		       unsigned mode, uid_t uid, gid_t gid);
void fileio_stream_write(struct fileio_stream *s, const void *data, size_t len);
int fileio_stream_commit(struct fileio_stream *s);

/* mkdir -p dir, new directories 0755 (less the umask). -1 with errno set. */
int fileio_mkdir_p(const char *dir);

/*
 * fileio_mkdir_p() for many directories in a row: *known is the deepest
 * directory known to exist (from the caller, then from the last call),
 * so sorted directories cost only their own new components. dir is
 * written into and restored. -1 with errno set.
 */
int fileio_mkdir_below(char *dir, struct strbuf *known);

/* The file name of path (after its last '/'). Borrowed from path. */
const char *fileio_basename(const char *path);

/* "dir/file", without doubling dir's trailing slashes. Caller frees. */
char *fileio_join(const char *dir, const char *file);

/* True when path names a file directly in dir (not below a subdirectory). */
bool fileio_in_dir(const char *path, const char *dir);

#endif
