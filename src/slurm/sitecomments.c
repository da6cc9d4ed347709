/*
 * sitecomments.c: a site's comments by the line they stood beside
 * (sitecomments.h). Each file's comments are appended in line order, so a
 * lookup is a binary search within that file's run (a 10,000-node
 * slurm.conf with a comment per node stays linear).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "slurm/sitecomments.h"
#include "base/xalloc.h"
#include "base/strbuf.h"

/* Where the comment on s (len bytes, after any leading blanks) starts: len when none. */
static size_t comment_start(const char *s, size_t len)
{
	size_t backslashes = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '#' && backslashes % 2 == 0)
			return i;
		backslashes = s[i] == '\\' ? backslashes + 1 : 0;
	}
	return len;
}

/* True when the setting text s (len bytes) ends in an odd number of backslashes. */
static bool continues(const char *s, size_t len)
{
	size_t n = 0;

	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	while (n < len && s[len - 1 - n] == '\\')
		n++;
	return n % 2 == 1;
}

/* One comment (len bytes from '#'), trailing blanks dropped, as a line of sb. */
static void add_comment(struct strbuf *sb, const char *s, size_t len)
{
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	strbuf_add_printable(sb, s, len);
	strbuf_addch(sb, '\n');
}

static void add_entry(struct sitecomments *sc, const char *path, unsigned lineno,
		      struct strbuf *text)
{
	if (!text->len)
		return;
	XGROW(sc->v, sc->alloc, sc->n + 1);
	sc->v[sc->n++] = (struct sitecomment){ .path = xstrdup(path), .lineno = lineno,
					       .text = strbuf_detach(text, NULL) };
}

void sitecomments_scan(struct sitecomments *sc, const char *path, const char *text, size_t len)
{
	struct strbuf pending = STRBUF_INIT;
	unsigned ln = 0, start = 0;	/* start: the first line of a continued one */

	if (sitecomments_scanned(sc, path))
		return;
	XGROW(sc->files, sc->alloc_files, sc->n_files + 1);
	sc->files[sc->n_files] = (struct sitecomments_file){ .path = xstrdup(path),
							     .first = sc->n };
	for (size_t off = 0; off < len;) {
		const char *s = text + off, *nl = memchr(s, '\n', len - off);
		size_t n = nl ? (size_t)(nl - s) : len - off, c;

		off += n + (nl != NULL);
		ln++;
		while (n && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		if (!start && (!n || *s == '\r' || *s == '#')) {
			/* a comment line (or a blank one) waits for the next setting */
			if (n && *s == '#')
				add_comment(&pending, s, n);
			continue;
		}
		c = comment_start(s, n);
		if (c < n)
			add_comment(&pending, s + c, n - c);
		if (!start)
			start = ln;
		if (!continues(s, c)) {
			add_entry(sc, path, start, &pending);
			start = 0;
		}
	}
	add_entry(sc, path, 0, &pending);
	sc->files[sc->n_files++].end = sc->n;
	strbuf_release(&pending);
}

bool sitecomments_scanned(const struct sitecomments *sc, const char *path)
{
	for (size_t i = 0; i < sc->n_files; i++)
		if (!strcmp(sc->files[i].path, path))
			return true;
	return false;
}

/* The entry of path:lineno (0: the end of the file), or NULL. */
static struct sitecomment *find(struct sitecomments *sc, const char *path, unsigned lineno)
{
	for (size_t f = 0; f < sc->n_files; f++) {
		size_t lo = sc->files[f].first, hi = sc->files[f].end, end;
		bool has_end = hi > lo && !sc->v[hi - 1].lineno;

		if (strcmp(sc->files[f].path, path))
			continue;
		/* lines ascend; the end-of-file entry, line 0, is last */

		if (!lineno)
			return has_end ? &sc->v[hi - 1] : NULL;
		end = hi -= has_end;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (sc->v[mid].lineno < lineno)
				lo = mid + 1;
			else
				hi = mid;
		}
		return lo < end && sc->v[lo].lineno == lineno ? &sc->v[lo] : NULL;
	}
	return NULL;
}

/* Appends text's lines to out, each after indent. */
static void add_indented(const char *text, const char *indent, struct strbuf *out)
{
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");

		strbuf_addf(out, "%s%.*s\n", indent, (int)n, p);
		p += n + (p[n] == '\n');
	}
}

void sitecomments_take(struct sitecomments *sc, const char *path, unsigned lineno,
		       const char *indent, struct strbuf *out)
{
	struct sitecomment *c = find(sc, path, lineno);

	if (c && !c->used) {
		add_indented(c->text, indent, out);
		c->used = true;
	}
}

void sitecomments_rest(struct sitecomments *sc, struct strbuf *out)
{
	bool any = false;

	for (size_t i = 0; i < sc->n; i++) {
		if (sc->v[i].used)
			continue;
		if (!any)
			strbuf_addstr(out, "\n# The site's comments beside lines the inventory says "
				      "in its own way\n# (or that clusterctl writes by default), "
				      "with their file and line:\n");
		any = true;
		if (sc->v[i].lineno)
			strbuf_addf(out, "# %s:%u:\n", sc->v[i].path, sc->v[i].lineno);
		else
			strbuf_addf(out, "# %s (end):\n", sc->v[i].path);
		add_indented(sc->v[i].text, "", out);
		sc->v[i].used = true;
	}
}

void sitecomments_release(struct sitecomments *sc)
{
	for (size_t i = 0; i < sc->n; i++) {
		free(sc->v[i].path);
		free(sc->v[i].text);
	}
	for (size_t i = 0; i < sc->n_files; i++)
		free(sc->files[i].path);
	free(sc->v);
	free(sc->files);
	memset(sc, 0, sizeof(*sc));
}
