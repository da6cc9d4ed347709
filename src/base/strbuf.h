/*
 * strbuf.h: a growable, always NUL-terminated byte string (after git's
 * strbuf). Embedded by value: strbuf_init() / strbuf_release().
 */
#ifndef CLUSTERCTL_STRBUF_H
#define CLUSTERCTL_STRBUF_H

#include "base/compat.h"

#include <stdarg.h>

struct strbuf {
	char *buf;	/* NUL-terminated; never NULL after strbuf_init */
	size_t len;	/* bytes used, excluding the NUL */
	size_t alloc;	/* bytes allocated; 0 means buf points at a static "" */
};

#define STRBUF_INIT { strbuf_empty, 0, 0 }
extern char strbuf_empty[];

void strbuf_init(struct strbuf *sb);
/* Frees the buffer and leaves sb empty and reusable. NULL-safe. */
void strbuf_release(struct strbuf *sb);
/* Empties sb, keeping its allocation. */
void strbuf_reset(struct strbuf *sb);
/* Hands the buffer to the caller (who frees it) and leaves sb empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);

void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
ATTR_PRINTF(2, 3) void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Shortens sb to len bytes (len <= sb->len). */
void strbuf_setlen(struct strbuf *sb, size_t len);

/*
 * Appends text from another host (file contents, stderr) so that printing
 * it cannot drive a terminal: control characters other than tab and
 * newline, DEL, the C1 controls (U+0080..U+009F) and bytes that are not
 * UTF-8 become "\xNN" (each byte); valid UTF-8 is kept.
 */
void strbuf_add_printable(struct strbuf *sb, const void *data, size_t len);

#endif
