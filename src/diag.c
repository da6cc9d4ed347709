/*
 * diag.c: the diagnostics list and its one text printer, plus the edit
 * distance behind "did you mean".
 */
#include "compat.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "strbuf.h"
#include "xalloc.h"

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

void diag_print(const struct diag_list *dl, FILE *out)
{
	size_t i;

	for (i = 0; i < dl->n; i++) {
		char *line = diag_format(&dl->items[i]);

		fprintf(out, "%s\n", line);
		free(line);
	}
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
