/*
 * fileio.c: whole-file reads, exact-mode creation, atomic replacement and
 * mkdir -p (fileio.h). Loops on EINTR and short writes; never prints.
 */
#include "base/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

const char *fileio_strerror(int err)
{
	switch (err) {
	case FILEIO_EFIFO:
		return "a FIFO, not a regular file";
	case FILEIO_ESOCK:
		return "a socket, not a regular file";
	case FILEIO_EDEV:
		return "a device, not a regular file";
	}
	return strerror(err);
}

/* 0 for a regular file, else the errno that says what it is. */
static int regular_or_why(mode_t mode)
{
	if (S_ISREG(mode))
		return 0;
	if (S_ISDIR(mode))
		return EISDIR;
	if (S_ISFIFO(mode))
		return FILEIO_EFIFO;
	if (S_ISSOCK(mode))
		return FILEIO_ESOCK;
	return FILEIO_EDEV;
}

int fileio_check_regular(const char *path)
{
	struct stat st;
	int e;

	if (stat(path, &st) < 0)
		return -1;
	if ((e = regular_or_why(st.st_mode))) {
		errno = e;
		return -1;
	}
	return 0;
}

int fileio_open_regular(const char *path, struct stat *st)
{
	struct stat own;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), e;

	if (!st)
		st = &own;
	if (fd < 0) {
		/* open() of a socket is ENXIO: say what it is */
		if (errno == ENXIO && stat(path, st) == 0 &&
		    (e = regular_or_why(st->st_mode)))
			errno = e;
		return -1;
	}
	if (fstat(fd, st) < 0)
		e = errno;
	else if ((e = regular_or_why(st->st_mode)) == 0 &&
		 fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0)
		e = errno;
	if (e) {
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* The rest of fd; size: what it is expected to hold, to allocate once. */
static char *read_rest(int fd, size_t size, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	ssize_t n;

	if (size)
		strbuf_grow(&sb, size);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		int e = EFBIG;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || sb.len + (size_t)n > FILEIO_MAX_READ) {
			if (n < 0)
				e = errno;
			strbuf_release(&sb);
			errno = e;
			return NULL;
		}
		strbuf_add(&sb, buf, (size_t)n);
	}
	return strbuf_detach(&sb, len);
}

char *fileio_read_fd(int fd, size_t *len)
{
	return read_rest(fd, 0, len);
}

char *fileio_read(const char *path, size_t *len, struct stat *st)
{
	struct stat own;
	int fd, e = EFBIG;
	char *text = NULL;

	if (!st)
		st = &own;
	if ((fd = fileio_open_regular(path, st)) < 0)
		return NULL;
	/* refused before a byte is read */
	if (st->st_size <= (off_t)FILEIO_MAX_READ) {
		text = read_rest(fd, (size_t)st->st_size, len);
		e = errno;
	}
	close(fd);
	errno = e;
	return text;
}

/* Writes all of data to fd; -1 with errno set. */
static int write_fd(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Closes fd keeping errno; returns -1 for the caller's failure path. */
static int close_failed(int fd)
{
	int e = errno;

	close(fd);
	errno = e;
	return -1;
}

int fileio_write_new(const char *path, const void *data, size_t len,
		     unsigned mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	/* the exact mode, whatever the umask */
	if (write_fd(fd, data, len) < 0 || fchmod(fd, mode) < 0)
		return close_failed(fd);
	return close(fd);
}

const char *fileio_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

char *fileio_join(const char *dir, const char *file)
{
	size_t len = strlen(dir);

	while (len > 1 && dir[len - 1] == '/')
		len--;
	return xasprintf("%.*s/%s", (int)len, dir, file);
}

bool fileio_in_dir(const char *path, const char *dir)
{
	const char *slash = strrchr(path, '/');
	size_t len = strlen(dir);

	while (len > 1 && dir[len - 1] == '/')
		len--;
	return slash && (size_t)(slash - path) == len && !strncmp(path, dir, len);
}

/* The temp file's name for path: ".NAME.clusterctl-XXXXXX" beside it. */
static char *temp_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return xasprintf("%.*s.%s.clusterctl-XXXXXX",
			 slash ? (int)(slash - path + 1) : 0, path,
			 slash ? slash + 1 : path);
}

int fileio_stream_open(struct fileio_stream *s, const char *path,
		       unsigned mode, uid_t uid, gid_t gid)
{
	s->path = path;
	s->tmp = temp_name(path);
	s->err = 0;
	if ((s->fd = mkstemp(s->tmp)) < 0 ||
	    fchmod(s->fd, mode & 07777) < 0 ||
	    /* keep the owner when we can (root editing someone's file) */
	    (fchown(s->fd, uid, gid) < 0 && geteuid() == 0))
		s->err = errno;
	return s->err ? -1 : 0;
}

void fileio_stream_write(struct fileio_stream *s, const void *data, size_t len)
{
	if (!s->err && write_fd(s->fd, data, len) < 0)
		s->err = errno;
}

int fileio_stream_commit(struct fileio_stream *s)
{
	int e;

	if (s->fd >= 0) {
		if (!s->err && fsync(s->fd) < 0)
			s->err = errno;
		if (close(s->fd) < 0 && !s->err)
			s->err = errno;
		if (!s->err && rename(s->tmp, s->path) < 0)
			s->err = errno;
		if (s->err)
			unlink(s->tmp);
	}
	e = s->err;
	free(s->tmp);
	s->tmp = NULL;
	errno = e;
	return e ? -1 : 0;
}

int fileio_replace(const char *path, const void *data, size_t len,
		   unsigned mode, uid_t uid, gid_t gid)
{
	struct fileio_stream s;

	if (fileio_stream_open(&s, path, mode, uid, gid) == 0)
		fileio_stream_write(&s, data, len);
	return fileio_stream_commit(&s);
}

/* Creates dir's components after its first skip bytes, top-down. */
static int mkdir_from(char *dir, size_t skip)
{
	size_t i;

	for (i = skip + 1;; i++) {
		char c = dir[i];

		if (c != '/' && c != '\0')
			continue;
		dir[i] = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
			dir[i] = c;
			return -1;
		}
		dir[i] = c;
		if (!c)
			return 0;
	}
}

int fileio_mkdir_below(char *dir, struct strbuf *known)
{
	size_t common = 0;

	while (common < known->len && dir[common] &&
	       dir[common] == known->buf[common])
		common++;
	/* only whole components of *known are known to exist */
	if (!(common == known->len || known->buf[common] == '/') ||
	    !(dir[common] == '/' || !dir[common])) {
		while (common && dir[common - 1] != '/')
			common--;
		if (common)
			common--;
	}
	if (!dir[common])
		return 0;
	if (mkdir_from(dir, common) < 0)
		return -1;
	strbuf_reset(known);
	strbuf_addstr(known, dir);
	return 0;
}

int fileio_mkdir_p(const char *dir)
{
	char *copy;
	int r;

	if (!*dir) {
		errno = ENOENT;
		return -1;
	}
	/* the common case first: the parent is there */
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -1;
	copy = xstrdup(dir);
	r = mkdir_from(copy, 0);
	if (r < 0) {
		int e = errno;

		free(copy);
		errno = e;
		return -1;
	}
	free(copy);
	return 0;
}
