/*
 * slurmconf.c: Slurm configuration text into Key=Value words the way
 * Slurm's parse_config.c reads it: comments, continuation lines and
 * escapes first, then words (blanks around '=', quoted values), record
 * keys taking the rest of their line.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/slurmconf.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

static bool record_key(const char *key, size_t n, bool gres)
{
	static const char *const keys[] = { "NodeName", "PartitionName", "NodeSet",
					    "DownNodes", "FrontendName", "SwitchName" };

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (strlen(keys[i]) == n && !strncasecmp(key, keys[i], n))
			return true;
	return gres && n == 4 && !strncasecmp(key, "Name", 4);
}

void slurmconf_line_add(struct slurmconf_line *l, const char *key, const char *value)
{
	XGROW(l->kv, l->alloc, l->n + 1);
	l->kv[l->n].key = xstrdup(key);
	l->kv[l->n++].value = xstrdup(value);
}

void slurmconf_line_release(struct slurmconf_line *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->kv[i].key);
		free(l->kv[i].value);
	}
	free(l->kv);
	free(l->path);
	memset(l, 0, sizeof(*l));
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static bool key_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/*
 * One word "Key = Value" at *p (blanks skipped before); *key and *value
 * newly allocated, *p advanced past it. -1 when it is not one.
 */
static int next_word(const char **p, char **key, char **value)
{
	const char *s = *p, *k, *v;
	size_t kn, vn;

	while (blank(*s))
		s++;
	for (k = s; key_char(*s); s++)
		;
	kn = (size_t)(s - k);
	while (blank(*s))
		s++;
	if (!kn || *s != '=')
		return -1;
	for (s++; blank(*s); s++)
		;
	if (*s == '"') {
		v = ++s;
		s = strchr(v, '"');
		if (!s)
			return -1;
		vn = (size_t)(s++ - v);
	} else {
		for (v = s; *s && !blank(*s); s++)
			;
		vn = (size_t)(s - v);
		if (!vn)
			return -1;
	}
	if (*s && !blank(*s))
		return -1;
	*key = xstrndup(k, kn);
	*value = xstrndup(v, vn);
	*p = s;
	return 0;
}

/* "include PATH": true, and *path newly allocated. */
static bool include_line(const char *s, char **path)
{
	size_t n;

	if (strncasecmp(s, "include", 7) || !blank(s[7]))
		return false;
	for (s += 7; blank(*s); s++)
		;
	n = strcspn(s, " \t\r\n\v\f");
	*path = xstrndup(s, n);
	return true;
}

static struct slurmconf_line *new_line(struct slurmconf *out, const char *path,
				       unsigned lineno, bool site)
{
	struct slurmconf_line *l;

	XGROW(out->lines, out->alloc, out->n + 1);
	l = &out->lines[out->n++];
	memset(l, 0, sizeof(*l));
	l->path = xstrdup(path);
	l->lineno = lineno;
	l->site = site;
	return l;
}

/* The words of one logical line s into out. -1 at a word that is not Key=Value. */
static int parse_logical(const char *s, const char *path, unsigned lineno, bool site,
			 bool gres, struct slurmconf *out)
{
	struct slurmconf_line *rec = NULL;
	char *key, *value;

	while (blank(*s))
		s++;
	if (include_line(s, &value)) {
		slurmconf_line_add(new_line(out, path, lineno, site), "Include", value);
		free(value);
		return 0;
	}
	while (*s) {
		if (next_word(&s, &key, &value) < 0)
			return -1;
		if (!rec) {
			struct slurmconf_line *l = new_line(out, path, lineno, site);

			slurmconf_line_add(l, key, value);
			if (record_key(key, strlen(key), gres))
				rec = l;
		} else {
			slurmconf_line_add(rec, key, value);
		}
		free(key);
		free(value);
		while (blank(*s))
			s++;
	}
	return 0;
}

/* Cuts a physical line at its first unescaped '#'. */
static void strip_comment(char *s)
{
	unsigned bs = 0;

	for (; *s; s++) {
		if (*s == '#' && bs % 2 == 0) {
			*s = '\0';
			return;
		}
		bs = *s == '\\' ? bs + 1 : 0;
	}
}

/*
 * True when s (comment already cut) continues on the next line: an odd
 * number of backslashes at its end, blanks after them allowed; the last
 * backslash and what follows it are cut.
 */
static bool strip_continuation(char *s)
{
	size_t n = strlen(s), bs = 0;
	char *p;

	for (p = s + n; p > s; p--) {
		if (p[-1] == '\\')
			bs++;
		else if (!(blank(p[-1]) && bs == 0))
			break;
	}
	if (bs % 2 == 0)
		return false;
	p[bs - 1] = '\0';
	return true;
}

/* Every backslash escapes the character after it. */
static void strip_escapes(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (*s == '\\' && !*++s)
			break;
		*d++ = *s;
	}
	*d = '\0';
}

int slurmconf_parse(const char *path, const char *text, size_t len, bool gres,
		    struct slurmconf *out, char **cause)
{
	char *copy = xstrndup(text, len), *nl;
	struct strbuf logical = STRBUF_INIT;
	size_t first = out->n;
	unsigned lineno = 0, start = 0;
	bool site = false, cont = false;
	int rc = 0;

	for (char *s = copy; s && rc == 0; s = nl) {
		nl = strchr(s, '\n');
		if (nl)
			*nl++ = '\0';
		lineno++;
		if (!cont && !strncmp(s, "# ---- site settings", 20))
			site = true;
		else if (!cont && !strncmp(s, "# ---- ", 7))
			site = false;
		if (!cont)
			start = lineno;
		strip_comment(s);
		cont = strip_continuation(s);
		strbuf_addstr(&logical, s);
		if (cont && nl)
			continue;
		cont = false;
		strip_escapes(logical.buf);
		if (parse_logical(logical.buf, path, start, site, gres, out) < 0) {
			*cause = xasprintf("%s:%u: not a Key=Value line: '%s'", path, start,
					   logical.buf + strspn(logical.buf, " \t"));
			rc = -1;
		}
		strbuf_reset(&logical);
	}
	while (rc < 0 && out->n > first)
		slurmconf_line_release(&out->lines[--out->n]);
	if (rc < 0 && first == 0)
		slurmconf_release(out);
	strbuf_release(&logical);
	free(copy);
	return rc;
}

const char *slurmconf_get(const struct slurmconf_line *l, const char *key)
{
	for (size_t i = l->n; i-- > 0;)
		if (!strcasecmp(l->kv[i].key, key))
			return l->kv[i].value;
	return NULL;
}

void slurmconf_release(struct slurmconf *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		slurmconf_line_release(&c->lines[i]);
	free(c->lines);
	memset(c, 0, sizeof(*c));
}
