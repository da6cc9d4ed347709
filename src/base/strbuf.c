/*
 * strbuf.c: growable strings. Used for diagnostics, rendered files, SQL text
 * and plan output, so that no fixed buffer ever truncates a long hostlist.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/die.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

char strbuf_empty[1];

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
}

void strbuf_release(struct strbuf *sb)
{
	if (!sb)
		return;
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *res;

	if (len)
		*len = sb->len;
	res = sb->alloc ? sb->buf : xstrdup("");
	strbuf_init(sb);
	return res;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - sb->len - 1)
		die("out of memory (string too long)");
	need = sb->len + extra + 1;
	if (need <= sb->alloc)
		return;
	if (!sb->alloc)
		sb->buf = NULL;
	XGROW(sb->buf, sb->alloc, need);
	if (sb->len == 0)
		sb->buf[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;

	strbuf_add(sb, &ch, 1);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		BUG("vsnprintf failed for format '%s'", fmt);
	strbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len > sb->len)
		BUG("strbuf_setlen beyond length");
	sb->len = len;
	if (sb->alloc)
		sb->buf[len] = '\0';
}

/* Length of the valid UTF-8 sequence at p (at most n bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *p, size_t n, unsigned *cp)
{
	size_t len = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
	unsigned min = len == 4 ? 0x10000 : len == 3 ? 0x800 : 0x80;

	if (p[0] < 0xc2 || p[0] > 0xf4 || len > n)
		return 0;
	*cp = p[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return len;
}

void strbuf_add_printable(struct strbuf *sb, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t i = 0;

	while (i < len) {
		unsigned cp = p[i];
		size_t n = p[i] < 0x80 ? 1 : utf8_len(p + i, len - i, &cp);
		bool control = n == 0 || (cp < 0x20 && cp != '\t' && cp != '\n') ||
			       (cp >= 0x7f && cp <= 0x9f);

		if (!control) {
			strbuf_add(sb, p + i, n);
			i += n;
			continue;
		}
		for (size_t k = 0; k < (n ? n : 1); k++)
			strbuf_addf(sb, "\\x%02x", p[i + k]);
		i += n ? n : 1;
	}
}
