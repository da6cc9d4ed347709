/*
 * mungekey.c: create, load and fingerprint the MUNGE key. Every buffer that
 * held key bytes is wiped before it is freed (explicit_bzero), the way
 * MUNGE's own memburn() does, so the key never lingers in freed heap; the
 * only thing that ever leaves this module for display is the fingerprint.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "slurm/mungekey.h"
#include "base/sha256.h"
#include "base/xalloc.h"

static void mungekey_take(struct mungekey *k, unsigned char *bytes, size_t len)
{
	mungekey_release(k);
	k->bytes = bytes;
	k->len = len;
}

int mungekey_generate(struct mungekey *k, char **cause)
{
	unsigned char *buf = xmalloc(MUNGEKEY_SIZE);
	size_t got = 0;

	while (got < MUNGEKEY_SIZE) {
		ssize_t n = getrandom(buf + got, MUNGEKEY_SIZE - got, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*cause = xasprintf("cannot generate a munge key: getrandom: %s",
					   strerror(errno));
			xfree_secret(buf, MUNGEKEY_SIZE);
			return -1;
		}
		got += (size_t)n;
	}
	mungekey_take(k, buf, MUNGEKEY_SIZE);
	return 0;
}

bool mungekey_size_ok(size_t len)
{
	return len >= MUNGEKEY_MIN_SIZE && len <= MUNGEKEY_MAX_SIZE;
}

/* Reads at most MUNGEKEY_MAX_SIZE + 1 bytes, so an oversized file is seen. */
static ssize_t mungekey_read_fd(int fd, unsigned char *buf, size_t cap)
{
	size_t got = 0;

	while (got < cap) {
		ssize_t n = read(fd, buf + got, cap - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

int mungekey_load_file(struct mungekey *k, const char *path, char **cause)
{
	size_t cap = MUNGEKEY_MAX_SIZE + 1;
	unsigned char *buf;
	ssize_t n;
	/* a FIFO is refused, not waited on (fileio.h) */
	int fd = fileio_open_regular(path, NULL);

	if (fd < 0) {
		*cause = xasprintf("cannot open munge key '%s': %s", path,
				   fileio_strerror(errno));
		return -1;
	}
	buf = xmalloc(cap);
	n = mungekey_read_fd(fd, buf, cap);
	if (n < 0)
		*cause = xasprintf("cannot read munge key '%s': %s", path,
				   strerror(errno));
	else if (!mungekey_size_ok((size_t)n))
		*cause = xasprintf("munge key '%s' has %s bytes; munged needs %d to %d",
				   path, (size_t)n > MUNGEKEY_MAX_SIZE ? "too many" :
				   "too few", MUNGEKEY_MIN_SIZE, MUNGEKEY_MAX_SIZE);
	close(fd);
	if (n < 0 || !mungekey_size_ok((size_t)n)) {
		xfree_secret(buf, cap);
		return -1;
	}
	/* keep the exact length: shrink into a right-sized buffer, wipe the old */
	mungekey_set(k, buf, (size_t)n);
	xfree_secret(buf, cap);
	return 0;
}

void mungekey_set(struct mungekey *k, const void *data, size_t len)
{
	unsigned char *copy = xmalloc(len ? len : 1);

	memcpy(copy, data, len);
	mungekey_take(k, copy, len);
}

static void base64_nopad(const unsigned char *in, size_t len, char *out)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;

	for (i = 0; i + 2 < len; i += 3) {
		unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];

		*out++ = tab[v >> 18 & 63];
		*out++ = tab[v >> 12 & 63];
		*out++ = tab[v >> 6 & 63];
		*out++ = tab[v & 63];
	}
	if (len - i == 1) {
		*out++ = tab[in[i] >> 2];
		*out++ = tab[(in[i] & 3) << 4];
	} else if (len - i == 2) {
		unsigned v = (unsigned)in[i] << 8 | in[i + 1];

		*out++ = tab[v >> 10 & 63];
		*out++ = tab[v >> 4 & 63];
		*out++ = tab[(v & 15) << 2];
	}
	*out = '\0';
}

void mungekey_fingerprint_of(const void *data, size_t len,
			     char fp[MUNGEKEY_FP_LEN])
{
	unsigned char digest[32];

	sha256(data, len, digest);
	memcpy(fp, "SHA256:", 7);
	base64_nopad(digest, sizeof(digest), fp + 7);
}

void mungekey_fingerprint(const struct mungekey *k, char fp[MUNGEKEY_FP_LEN])
{
	if (!k->bytes) {
		fp[0] = '\0';
		return;
	}
	mungekey_fingerprint_of(k->bytes, k->len, fp);
}

void mungekey_release(struct mungekey *k)
{
	if (!k)
		return;
	xfree_secret(k->bytes, k->len);
	k->bytes = NULL;
	k->len = 0;
}
