/*
 * slurmconf.c: slurm.conf and gres.conf lines into Key=Value words, the
 * way Slurm's own parser reads them (comments from '#', words split on
 * whitespace outside double quotes, keys compared without case).
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurmconf.h"
#include "xalloc.h"

static bool multi_key(const char *s)
{
	static const char *const keys[] = { "NodeName=", "PartitionName=", "NodeSet=",
					    "DownNodes=", "FrontendName=" };

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (!strncasecmp(s, keys[i], strlen(keys[i])))
			return true;
	return false;
}

/* One word "Key=Value" starting at *p; advances *p. -1 when no '='. */
static int add_word(struct slurmconf_line *l, const char **p, bool to_end)
{
	const char *s = *p, *eq;
	char *val;
	size_t n;
	bool q = false;

	for (n = 0; s[n] && (to_end || q || (s[n] != ' ' && s[n] != '\t')); n++)
		if (s[n] == '"')
			q = !q;
	eq = memchr(s, '=', n);
	if (!eq || eq == s)
		return -1;
	while (to_end && n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	val = xstrndup(eq + 1, n - (size_t)(eq + 1 - s));
	if (val[0] == '"' && strlen(val) >= 2 && val[strlen(val) - 1] == '"') {
		memmove(val, val + 1, strlen(val) - 2);
		val[strlen(val) - 2] = '\0';
	}
	XGROW(l->kv, l->alloc, l->n + 1);
	l->kv[l->n].key = xstrndup(s, (size_t)(eq - s));
	l->kv[l->n++].value = val;
	*p = s + n;
	return 0;
}

static void line_free(struct slurmconf_line *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->kv[i].key);
		free(l->kv[i].value);
	}
	free(l->kv);
}

static int parse_one(const char *s, bool multi, struct slurmconf_line *l)
{
	bool words = multi || multi_key(s);

	while (*s) {
		if (add_word(l, &s, !words) < 0)
			return -1;
		while (*s == ' ' || *s == '\t')
			s++;
	}
	return 0;
}

int slurmconf_parse(const char *path, const char *text, size_t len, bool multi,
		    struct slurmconf *out, char **cause)
{
	char *copy = xstrndup(text, len), *nl;
	unsigned lineno = 0;
	bool site = false;
	int rc = 0;

	for (char *s = copy; s && rc == 0; s = nl) {
		struct slurmconf_line l = { 0 };

		nl = strchr(s, '\n');
		if (nl)
			*nl++ = '\0';
		lineno++;
		if (!strncmp(s, "# ---- site settings", 20))
			site = true;
		else if (!strncmp(s, "# ---- ", 7))
			site = false;
		s[strcspn(s, "#\r")] = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			continue;
		l.lineno = lineno;
		l.site = site;
		if (parse_one(s, multi, &l) < 0) {
			*cause = xasprintf("%s:%u: not a Key=Value line: '%s'", path,
					   lineno, s);
			line_free(&l);
			rc = -1;
			break;
		}
		XGROW(out->lines, out->alloc, out->n + 1);
		out->lines[out->n++] = l;
	}
	free(copy);
	if (rc < 0)
		slurmconf_release(out);
	return rc;
}

const char *slurmconf_get(const struct slurmconf_line *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcasecmp(l->kv[i].key, key))
			return l->kv[i].value;
	return NULL;
}

void slurmconf_release(struct slurmconf *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		line_free(&c->lines[i]);
	free(c->lines);
	memset(c, 0, sizeof(*c));
}
