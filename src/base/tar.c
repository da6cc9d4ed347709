/*
 * tar.c: reading a GNU tar stream held in memory (tar.h): ustar headers
 * with their checksums, octal and GNU base-256 numbers, GNU long names.
 * Observe reads the files of a host as one tar over one exec channel;
 * nothing here trusts the stream: every number is bounded and every
 * header checked.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "base/tar.h"
#include "base/xalloc.h"

/* A numeric header field: octal (NUL/space padded) or GNU base-256. */
static long long tar_number(const unsigned char *f, size_t n)
{
	unsigned long long v = 0;
	size_t i = 0;

	if (f[0] & 0x80) {
		if (f[0] != 0x80)
			return -1;	/* negative or too large for us */
		for (i = 1; i < n; i++) {
			if (v >> 55)
				return -1;
			v = v << 8 | f[i];
		}
		return (long long)v;
	}
	while (i < n && f[i] == ' ')
		i++;
	if (i == n || f[i] < '0' || f[i] > '7')
		return -1;
	for (; i < n && f[i] >= '0' && f[i] <= '7'; i++) {
		if (v >> 60)
			return -1;
		v = v * 8 + (unsigned)(f[i] - '0');
	}
	for (; i < n; i++)
		if (f[i] != ' ' && f[i] != '\0')
			return -1;
	return (long long)v;
}

static bool tar_checksum_ok(const unsigned char *b)
{
	long long want = tar_number(b + 148, 8);
	unsigned long sum = 0;

	for (size_t i = 0; i < TAR_BLOCK; i++)
		sum += i >= 148 && i < 156 ? ' ' : b[i];
	return want >= 0 && (unsigned long)want == sum;
}

static bool tar_zero(const unsigned char *b)
{
	for (size_t i = 0; i < TAR_BLOCK; i++)
		if (b[i])
			return false;
	return true;
}

int tar_next(const char *buf, size_t len, size_t *off, size_t max_size,
	     struct tar_entry *e, char **cause)
{
	char *longname = NULL;

	for (;;) {
		const unsigned char *b = (const unsigned char *)buf + *off;
		long long size, mode, uid, gid;
		size_t padded;

		if (len - *off < 2 * TAR_BLOCK)
			goto truncated;
		if (tar_zero(b)) {
			if (!tar_zero(b + TAR_BLOCK))
				goto bad;
			*off += 2 * TAR_BLOCK;
			free(longname);
			return 0;
		}
		if (!tar_checksum_ok(b))
			goto bad;
		size = tar_number(b + 124, 12);
		mode = tar_number(b + 100, 8);
		uid = tar_number(b + 108, 8);
		gid = tar_number(b + 116, 8);
		if (size < 0 || mode < 0 || uid < 0 || gid < 0 ||
		    (unsigned long long)size > max_size || uid > 0xffffffffLL || gid > 0xffffffffLL)
			goto bad;
		padded = ((size_t)size + TAR_BLOCK - 1) / TAR_BLOCK * TAR_BLOCK;
		if (len - *off - TAR_BLOCK < padded)
			goto truncated;
		if (b[156] == 'L' || b[156] == 'K') {
			/* GNU long name (or long link target, not needed) */
			if (b[156] == 'L') {
				free(longname);
				longname = xstrndup((const char *)b + TAR_BLOCK, (size_t)size);
			}
			*off += TAR_BLOCK + padded;
			continue;
		}
		e->name = longname ? longname : xstrndup((const char *)b, 100);
		/* tar names a directory "dir/" */
		while (strlen(e->name) > 1 && e->name[strlen(e->name) - 1] == '/')
			e->name[strlen(e->name) - 1] = '\0';
		e->type = (char)b[156];
		e->mode = (unsigned)mode & 07777;
		e->uid = (unsigned)uid;
		e->gid = (unsigned)gid;
		e->data = (const char *)b + TAR_BLOCK;
		e->size = (size_t)size;
		*off += TAR_BLOCK + padded;
		return 1;
	}
truncated:
	free(longname);
	*cause = xstrdup("the files' archive is truncated");
	return -1;
bad:
	free(longname);
	*cause = xstrdup("the files' archive has a bad header");
	return -1;
}
