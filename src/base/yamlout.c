/*
 * yamlout.c: YAML scalars and flow lists for hand-laid-out YAML. A scalar
 * is written plain only when it has nothing YAML could read as syntax or
 * as another type (null, booleans of YAML 1.1, leading '-', ':', '#', ...).
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "base/yamlout.h"

bool yamlout_plain_ok(const char *s)
{
	static const char *const words[] = { "null", "~", "true", "false", "yes",
					     "no", "on", "off", "y", "n" };

	if (!*s || *s == '-' || *s == ' ' || s[strlen(s) - 1] == ' ')
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (!strcasecmp(s, words[i]))
			return false;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_./ -+@", *p))
			return false;
	return true;
}

void yamlout_scalar(struct strbuf *out, const char *s)
{
	if (yamlout_plain_ok(s)) {
		strbuf_addstr(out, s);
		return;
	}
	strbuf_addch(out, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_addf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			strbuf_addf(out, "\\x%02x", (unsigned char)*s);
		else
			strbuf_addch(out, *s);
	}
	strbuf_addch(out, '"');
}

void yamlout_list(struct strbuf *out, const char *csv)
{
	strbuf_addch(out, '[');
	for (const char *p = csv; *p;) {
		size_t n = strcspn(p, ",");
		char *item = xstrndup(p, n);

		if (p != csv)
			strbuf_addstr(out, ", ");
		yamlout_scalar(out, item);
		free(item);
		p += n + (p[n] == ',');
	}
	strbuf_addch(out, ']');
}
