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

/* fmt's text, cut at DIAG_MSG_MAX bytes (not inside a UTF-8 character). */
static char *bounded_msg(const char *fmt, va_list ap)
{
	char msg[DIAG_MSG_MAX + 4];
	int n = vsnprintf(msg, DIAG_MSG_MAX + 1, fmt, ap);
	size_t end = DIAG_MSG_MAX;

	if (n < 0)
		msg[0] = '\0';
	if (n > (int)DIAG_MSG_MAX) {
		while (end && ((unsigned char)msg[end] & 0xc0) == 0x80)
			end--;
		memcpy(msg + end, "...", 4);
	}
	return xstrdup(msg);
}

/* Counts an error or warning; false when it, or the note's, is not kept. */
static bool diag_keep(struct diag_list *dl, enum diag_level level)
{
	if (level == DIAG_NOTE)
		return !dl->dropping;
	if (level == DIAG_ERROR)
		dl->errors++;
	else
		dl->warnings++;
	dl->dropping = dl->kept >= DIAG_KEEP;
	dl->kept += !dl->dropping;
	return !dl->dropping;
}

/* ---- knock-ons: quiet places ---- */

void diag_quiet(struct diag_list *dl, const struct src_loc *from,
		const struct src_loc *to)
{
	XGROW(dl->quiet, dl->alloc_quiet, dl->n_quiet + 1);
	dl->quiet[dl->n_quiet++] = (struct diag_span){ xstrdup(from->file),
		from->line, from->col, to->line, to->col };
}

void diag_take(struct diag_list *dst, struct diag_list *src)
{
	diag_quiet_copy(dst, src);
	for (size_t i = 0; i < src->n; i++)
		diag_add(dst, src->items[i].level,
			 src->items[i].loc.file ? &src->items[i].loc : NULL, "%s",
			 src->items[i].msg);
	diag_release(src);
}

void diag_quiet_copy(struct diag_list *dst, const struct diag_list *src)
{
	for (size_t i = 0; i < src->n_quiet; i++) {
		const struct diag_span *q = &src->quiet[i];

		diag_quiet(dst, &(struct src_loc){ q->file, q->line1, q->col1 },
			   &(struct src_loc){ q->file, q->line2, q->col2 });
	}
}

/* <0, 0, >0: (line, col) a before, at or after b */
static int pos_cmp(unsigned la, unsigned ca, unsigned lb, unsigned cb)
{
	return la != lb ? (la < lb ? -1 : 1) : (ca > cb) - (ca < cb);
}

static int span_cmp(const void *a, const void *b)
{
	const struct diag_span *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : pos_cmp(x->line1, x->col1, y->line1, y->col1);
}

/* Sorted, and nested or overlapping places merged: one search finds it. */
void diag_quiet_start(struct diag_list *dl)
{
	size_t i, k = 0;

	xqsort(dl->quiet, dl->n_quiet, sizeof(*dl->quiet), span_cmp);
	for (i = 0; i < dl->n_quiet; i++) {
		struct diag_span *last = k ? &dl->quiet[k - 1] : NULL, *s = &dl->quiet[i];

		if (last && !strcmp(last->file, s->file) &&
		    pos_cmp(s->line1, s->col1, last->line2, last->col2) <= 0) {
			if (pos_cmp(s->line2, s->col2, last->line2, last->col2) > 0) {
				last->line2 = s->line2;
				last->col2 = s->col2;
			}
			free(s->file);
			continue;
		}
		dl->quiet[k++] = *s;
	}
	dl->n_quiet = k;
	dl->quiet_on = true;
}

static bool in_quiet_place(const struct diag_list *dl, const struct src_loc *loc)
{
	size_t lo = 0, hi = dl->n_quiet;
	const struct diag_span *s;

	if (!dl->quiet_on || !loc || !loc->file || !loc->line)
		return false;
	while (lo < hi) {	/* the first place starting after loc */
		size_t mid = lo + (hi - lo) / 2;
		struct diag_span key = { (char *)loc->file, loc->line, loc->col, 0, 0 };

		if (span_cmp(&dl->quiet[mid], &key) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return false;
	s = &dl->quiet[lo - 1];
	return !strcmp(s->file, loc->file) &&
	       pos_cmp(loc->line, loc->col, s->line2, s->col2) <= 0;
}

static void diag_vadd(struct diag_list *dl, enum diag_level level,
		      const struct src_loc *loc, const char *fmt, va_list ap)
{
	struct diag *d;

	if (level != DIAG_NOTE && in_quiet_place(dl, loc)) {
		dl->dropping = true;	/* its notes with it */
		return;
	}
	if (!diag_keep(dl, level))
		return;
	XGROW(dl->items, dl->alloc, dl->n + 1);
	d = &dl->items[dl->n++];
	d->level = level;
	d->msg = bounded_msg(fmt, ap);
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
	return dl->errors;
}

size_t diag_warnings(const struct diag_list *dl)
{
	return dl->warnings;
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

/*
 * Line lineno (1-based) of s without its end of line; false past the end.
 * Only every DIAG_LINE_STEP-th line's offset is kept: a 64 MB file of
 * empty lines must not take 8 bytes a line.
 */
static bool source_line(struct diag_source *s, unsigned lineno,
			const char **line, size_t *len)
{
	const char *end, *p;
	size_t i, alloc = 0, left;

	if (!s->lines) {
		XGROW(s->lines, alloc, 1);
		s->lines[0] = 0;
		for (i = 0; i < s->len; i++) {
			if (i && s->text[i - 1] == '\n' && !(s->n_lines % DIAG_LINE_STEP)) {
				XGROW(s->lines, alloc, s->n_lines / DIAG_LINE_STEP + 1);
				s->lines[s->n_lines / DIAG_LINE_STEP] = i;
			}
			s->n_lines += i == 0 || s->text[i - 1] == '\n';
		}
	}
	if (lineno == 0 || lineno > s->n_lines)
		return false;
	p = s->text + s->lines[(lineno - 1) / DIAG_LINE_STEP];
	for (i = (lineno - 1) % DIAG_LINE_STEP; i; i--)
		p = (const char *)memchr(p, '\n', s->len - (size_t)(p - s->text)) + 1;
	*line = p;
	left = s->len - (size_t)(p - s->text);
	end = memchr(p, '\n', left);
	*len = end ? (size_t)(end - p) : left;
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
	    !source_line(s, d->loc.line, &line, &len) || len > DIAG_EXCERPT_MAX_LINE)
		return;
	diag_excerpt(sb, d->loc.line, d->loc.col, line, len);
}

/* "and N more errors and M more warnings", for what was not printed. */
static void print_rest(FILE *out, size_t errors, size_t warnings)
{
	if (errors)
		fprintf(out, "and %zu more error%s", errors, errors == 1 ? "" : "s");
	if (warnings)
		fprintf(out, "%s %zu more warning%s", errors ? " and" : "and",
			warnings, warnings == 1 ? "" : "s");
	if (errors || warnings)
		fputc('\n', out);
}

void diag_print(struct diag_list *dl, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, shown[2] = { 0, 0 };	/* errors, warnings */
	bool skip = false;		/* the notes of what is not printed */

	for (i = 0; i < dl->n; i++) {
		const struct diag *d = &dl->items[i];
		char *line;

		if (d->level != DIAG_NOTE) {
			size_t *k = &shown[d->level == DIAG_WARNING];

			skip = *k >= DIAG_PRINT_MAX;
			*k += !skip;
		}
		if (skip)
			continue;
		line = diag_format(d);
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s\n", line);
		add_excerpt(dl, d, &sb);
		fwrite(sb.buf, 1, sb.len, out);
		free(line);
	}
	strbuf_release(&sb);
	print_rest(out, dl->errors - shown[0], dl->warnings - shown[1]);
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
	dl->errors = dl->warnings = dl->kept = 0;
	dl->dropping = false;
	for (i = 0; i < dl->n_quiet; i++)
		free(dl->quiet[i].file);
	free(dl->quiet);
	dl->quiet = NULL;
	dl->n_quiet = dl->alloc_quiet = 0;
	dl->quiet_on = false;
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
	size_t i, best_d = SIZE_MAX, len = strnlen(word, DIAG_SUGGEST_MAX + 1);
	/* A typo changes at most a third of a word, and at least one letter. */
	size_t limit = len / 3 > 1 ? len / 3 : 2;

	if (len > DIAG_SUGGEST_MAX)
		return NULL;
	for (i = 0; i < n; i++) {
		size_t clen = strnlen(candidates[i], len + limit + 1), d;

		/* the distance is at least the difference of the lengths */
		if (clen > len + limit || clen + limit < len)
			continue;
		d = edit_distance(word, candidates[i]);

		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
	}
	return best_d <= limit && best_d > 0 ? best : NULL;
}
