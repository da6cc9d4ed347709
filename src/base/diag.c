/*
 * diag.c: the diagnostics list and its one text printer (with the source
 * line and a caret under each error), the source files behind those
 * excerpts, read once per list, and the edit distance behind "did you mean".
 */
#include "base/compat.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

static void diag_vadd(struct diag_list *dl, enum diag_level level,
		      const struct src_loc *loc, const char *fmt, va_list ap)
{
	struct diag *d;

	XGROW(dl->items, dl->alloc, dl->n + 1);
	d = &dl->items[dl->n++];
	d->level = level;
	d->msg = xvasprintf(fmt, ap);
	d->file = NULL;
	d->loc.file = NULL;
	d->loc.line = d->loc.col = 0;
	if (loc && loc->file) {
		d->file = xstrdup(loc->file);
		d->loc = *loc;
		d->loc.file = d->file;
	}
}

void diag_add(struct diag_list *dl, enum diag_level level,
	      const struct src_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vadd(dl, level, loc, fmt, ap);
	va_end(ap);
}

void diag_error(struct diag_list *dl, const struct src_loc *loc,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vadd(dl, DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
}

void diag_note(struct diag_list *dl, const struct src_loc *loc,
	       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vadd(dl, DIAG_NOTE, loc, fmt, ap);
	va_end(ap);
}

void diag_warning(struct diag_list *dl, const struct src_loc *loc,
		  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vadd(dl, DIAG_WARNING, loc, fmt, ap);
	va_end(ap);
}

size_t diag_errors(const struct diag_list *dl)
{
	size_t i, n = 0;

	for (i = 0; i < dl->n; i++)
		n += dl->items[i].level == DIAG_ERROR;
	return n;
}

static const char *level_name(enum diag_level level)
{
	switch (level) {
	case DIAG_ERROR:
		return "error";
	case DIAG_WARNING:
		return "warning";
	case DIAG_NOTE:
		return "note";
	}
	return "error";
}

char *diag_format(const struct diag *d)
{
	struct strbuf sb = STRBUF_INIT;

	if (d->loc.file) {
		strbuf_addstr(&sb, d->loc.file);
		if (d->loc.line)
			strbuf_addf(&sb, ":%u:%u", d->loc.line, d->loc.col);
		strbuf_addstr(&sb, ": ");
	}
	strbuf_addf(&sb, "%s: %s", level_name(d->level), d->msg);
	return strbuf_detach(&sb, NULL);
}

/* ---- source files for excerpts ---- */

/*
 * Reads a regular file whole into *text (caller frees) and returns NULL, or
 * returns why it cannot (fileio.h: a FIFO is refused, not waited on; the
 * loader refuses larger inventories, so no excerpt needs more).
 */
static const char *source_read_file(const char *path, char **text, size_t *len)
{
	*text = fileio_read(path, len, NULL);
	return *text ? NULL : fileio_strerror(errno);
}

static struct diag_source *source_find(struct diag_list *dl, const char *path)
{
	size_t i;

	for (i = 0; i < dl->n_sources; i++)
		if (!strcmp(dl->sources[i].path, path))
			return &dl->sources[i];
	return NULL;
}

/* The entry of path, emptied, or a new empty one. */
static struct diag_source *source_entry(struct diag_list *dl, const char *path)
{
	struct diag_source *s = source_find(dl, path);

	if (s) {
		free(s->text);
		free(s->lines);
	} else {
		XGROW(dl->sources, dl->alloc_sources, dl->n_sources + 1);
		s = &dl->sources[dl->n_sources++];
		s->path = xstrdup(path);
	}
	s->text = NULL;
	s->len = 0;
	s->lines = NULL;
	s->n_lines = 0;
	return s;
}

int diag_read_source(struct diag_list *dl, const char *path)
{
	struct diag_source *s = source_entry(dl, path);
	struct src_loc loc = { path, 0, 0 };
	const char *why = source_read_file(path, &s->text, &s->len);

	if (!why)
		return 0;
	diag_error(dl, &loc, "cannot read: %s", why);
	return -1;
}

void diag_set_source(struct diag_list *dl, const char *path, const char *text,
		     size_t len)
{
	struct diag_source *s = source_entry(dl, path);

	s->text = xmalloc(len + 1);
	memcpy(s->text, text, len);
	s->text[len] = '\0';
	s->len = len;
}

/* The source of path, read now if it was not yet; NULL if unreadable. */
static struct diag_source *source_get(struct diag_list *dl, const char *path)
{
	struct diag_source *s = source_find(dl, path);

	if (!s) {
		s = source_entry(dl, path);
		/* "-" is standard input, long consumed by now */
		if (strcmp(path, "-"))
			source_read_file(path, &s->text, &s->len);
	}
	return s->text ? s : NULL;
}

/* Line lineno (1-based) of s without its end of line; false past the end. */
static bool source_line(struct diag_source *s, unsigned lineno,
			const char **line, size_t *len)
{
	const char *end;
	size_t i, alloc = 0;

	if (!s->lines) {
		for (i = 0; i < s->len; i++) {
			if (i == 0 || s->text[i - 1] == '\n') {
				XGROW(s->lines, alloc, s->n_lines + 1);
				s->lines[s->n_lines++] = i;
			}
		}
	}
	if (lineno == 0 || lineno > s->n_lines)
		return false;
	*line = s->text + s->lines[lineno - 1];
	end = memchr(*line, '\n', s->len - s->lines[lineno - 1]);
	*len = end ? (size_t)(end - *line) : s->len - s->lines[lineno - 1];
	if (*len && (*line)[*len - 1] == '\r')
		(*len)--;
	return true;
}

/* ---- excerpts ---- */

/* The offset of the character after the one at byte i (UTF-8). */
static size_t next_char(const char *s, size_t len, size_t i)
{
	for (i++; i < len && ((unsigned char)s[i] & 0xc0) == 0x80; i++)
		;
	return i;
}

/* The byte offset of character k (0-based) of s, or len. */
static size_t char_offset(const char *s, size_t len, size_t k)
{
	size_t i = 0;

	while (k-- && i < len)
		i = next_char(s, len, i);
	return i;
}

static size_t char_count(const char *s, size_t len)
{
	size_t i = 0, n = 0;

	for (; i < len; i = next_char(s, len, i))
		n++;
	return n;
}

/* Bytes [from, to) of s, control characters but tab shown as '?'. */
static void add_shown(struct strbuf *sb, const char *s, size_t from, size_t to)
{
	for (; from < to; from++) {
		unsigned char c = (unsigned char)s[from];

		strbuf_addch(sb, (c < 0x20 && c != '\t') || c == 0x7f ? '?' : c);
	}
}

void diag_excerpt(struct strbuf *sb, unsigned lineno, unsigned col,
		  const char *line, size_t len)
{
	size_t n = char_count(line, len), caret = col ? col - 1 : 0;
	size_t first = 0, last = n, from, to, i, at, width;
	char num[16];

	if (caret > n)
		caret = n;
	/* a long line: the first part if the caret is in it, else around it */
	if (n > DIAG_EXCERPT_WIDTH) {
		if (caret < DIAG_EXCERPT_WIDTH - DIAG_EXCERPT_WIDTH / 4) {
			last = DIAG_EXCERPT_WIDTH;
		} else {
			first = caret - DIAG_EXCERPT_WIDTH / 2;
			last = first + DIAG_EXCERPT_WIDTH;
			if (last > n) {
				last = n;
				first = n - DIAG_EXCERPT_WIDTH;
			}
		}
	}
	from = char_offset(line, len, first);
	to = char_offset(line, len, last);
	width = (size_t)snprintf(num, sizeof(num), "%4u", lineno);
	strbuf_addf(sb, " %s |", num);
	if (len) {
		strbuf_addstr(sb, first ? " ..." : " ");
		add_shown(sb, line, from, to);
		if (to < len)
			strbuf_addstr(sb, "...");
	}
	strbuf_addch(sb, '\n');
	if (!col)
		return;
	strbuf_addf(sb, " %*s | %s", (int)width, "", first ? "   " : "");
	at = char_offset(line, len, caret);
	for (i = from; i < at; i = next_char(line, len, i))
		strbuf_addch(sb, line[i] == '\t' ? '\t' : ' ');
	strbuf_addstr(sb, "^\n");
}

/* The excerpt under an error or a warning, when there is one to show. */
static void add_excerpt(struct diag_list *dl, const struct diag *d,
			struct strbuf *sb)
{
	struct diag_source *s;
	const char *line;
	size_t len;

	if (d->level == DIAG_NOTE || !d->loc.file || !d->loc.line)
		return;
	if (!(s = source_get(dl, d->loc.file)) ||
	    !source_line(s, d->loc.line, &line, &len))
		return;
	diag_excerpt(sb, d->loc.line, d->loc.col, line, len);
}

void diag_print(struct diag_list *dl, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < dl->n; i++) {
		char *line = diag_format(&dl->items[i]);

		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s\n", line);
		add_excerpt(dl, &dl->items[i], &sb);
		fwrite(sb.buf, 1, sb.len, out);
		free(line);
	}
	strbuf_release(&sb);
}

/* A group is one error or warning followed by its notes. */
struct diag_group {
	size_t start, len, seq;
};

static int loc_cmp(const struct src_loc *a, const struct src_loc *b)
{
	int c;

	if (!a->file || !b->file)
		return (a->file != NULL) - (b->file != NULL);
	c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return 0;
}

static const struct diag *sort_items;

static int group_cmp(const void *pa, const void *pb)
{
	const struct diag_group *a = pa, *b = pb;
	int c = loc_cmp(&sort_items[a->start].loc, &sort_items[b->start].loc);

	if (c)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void diag_sort(struct diag_list *dl)
{
	struct diag_group *groups;
	struct diag *sorted;
	size_t i, ng = 0, k = 0;

	if (dl->n < 2)
		return;
	groups = xcalloc(dl->n, sizeof(*groups));
	for (i = 0; i < dl->n; i++) {
		if (dl->items[i].level != DIAG_NOTE || ng == 0) {
			groups[ng].start = i;
			groups[ng].seq = ng;
			ng++;
		}
		groups[ng - 1].len++;
	}
	sort_items = dl->items;
	xqsort(groups, ng, sizeof(*groups), group_cmp);
	sorted = xcalloc(dl->n, sizeof(*sorted));
	for (i = 0; i < ng; i++) {
		memcpy(&sorted[k], &dl->items[groups[i].start],
		       groups[i].len * sizeof(*sorted));
		k += groups[i].len;
	}
	free(dl->items);
	dl->items = sorted;
	dl->alloc = dl->n;
	free(groups);
}

void diag_release(struct diag_list *dl)
{
	size_t i;

	if (!dl)
		return;
	for (i = 0; i < dl->n; i++) {
		free(dl->items[i].msg);
		free(dl->items[i].file);
	}
	free(dl->items);
	dl->items = NULL;
	dl->n = dl->alloc = 0;
	for (i = 0; i < dl->n_sources; i++) {
		free(dl->sources[i].path);
		free(dl->sources[i].text);
		free(dl->sources[i].lines);
	}
	free(dl->sources);
	dl->sources = NULL;
	dl->n_sources = dl->alloc_sources = 0;
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, res;
	size_t *row = xcalloc(lb + 1, sizeof(*row));

	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag_prev = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = diag_prev + cost;

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag_prev = up;
		}
	}
	res = row[lb];
	free(row);
	return res;
}

const char *diag_suggest(const char *word, const char *const *candidates,
			 size_t n)
{
	const char *best = NULL;
	size_t i, best_d = SIZE_MAX, len = strlen(word);
	/* A typo changes at most a third of a word, and at least one letter. */
	size_t limit = len / 3 > 1 ? len / 3 : 2;

	for (i = 0; i < n; i++) {
		size_t d = edit_distance(word, candidates[i]);

		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
	}
	return best_d <= limit && best_d > 0 ? best : NULL;
}
