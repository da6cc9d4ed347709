/*
 * acct_showqos.c: "sacctmgr show qos -P" rows as flat-file QOS lines
 * (acct_showqos.h).
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acct/read/acct_showqos.h"
#include "base/xalloc.h"
#include "base/strbuf.h"

/* The '|'-separated fields of line (modified in place), at most max. */
static size_t split(char *line, char **f, size_t max)
{
	size_t n = 0;

	for (char *p = line; n < max; p++) {
		f[n++] = p;
		if (!(p = strchr(p, '|')))
			break;
		*p = '\0';
	}
	return n;
}

/* "[D-]HH:MM:SS", "MM:SS" or "MM" as seconds; -1 when it is not one. */
static long long clock_seconds(const char *s)
{
	long long d = 0, v[3] = { 0 };
	int n = 0;
	const char *dash = strchr(s, '-');
	char *end;

	if (dash) {
		d = strtoll(s, &end, 10);
		if (end != dash)
			return -1;
		s = dash + 1;
	}
	for (; n < 3; n++) {
		v[n] = strtoll(s, &end, 10);
		if (end == s)
			return -1;
		if (*end != ':')
			break;
		s = end + 1;
	}
	if (*end || n == 3)
		return -1;
	/* HH:MM:SS; MM:SS; MM (a day count needs hours) */
	if (n == 2)
		return d * 86400 + v[0] * 3600 + v[1] * 60 + v[2];
	if (n == 1)
		return d * 86400 + (dash ? v[0] * 3600 + v[1] * 60 : v[0] * 60 + v[1]);
	return d * 86400 + (dash ? v[0] * 3600 : v[0] * 60);
}

/* A TRES list with memory as sacctmgr shows it ("mem=1.50G") in MB. */
static void add_tres(struct strbuf *out, const char *v)
{
	static const char units[] = "MGTPE";
	char *copy = xstrdup(v), *save = NULL;
	bool first = true;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '='), *end, *u;
		double mb;

		strbuf_addstr(out, first ? "" : ",");
		first = false;
		if (!eq || (strncmp(t, "mem=", 4) && strncmp(t, "bb/", 3))) {
			strbuf_addstr(out, t);
			continue;
		}
		mb = strtod(eq + 1, &end);
		u = *end ? strchr(units, *end) : (char *)units;
		if (end == eq + 1 || !u || (*end && end[1])) {
			strbuf_addstr(out, t);	/* the dump reader names it */
			continue;
		}
		for (const char *k = units; k < u; k++)
			mb *= 1024;
		strbuf_addf(out, "%.*s%lld", (int)(eq + 1 - t), t, (long long)(mb + 0.5));
	}
	free(copy);
}

/*
 * The columns the flat file's QOS lines take (acct_dump.c reads them);
 * any other with a value is named, never glued to its neighbour.
 */
static const char *const known_columns[] = {
	"Description", "Priority", "GraceTime", "Preempt", "PreemptMode", "Flags",
	"UsageFactor", "GrpTRES", "GrpJobs", "GrpSubmit", "GrpSubmitJobs", "GrpWall",
	"MaxTRES", "MaxTRESPerJob", "MaxTRESPerNode", "MaxWall", "MaxTRESPU",
	"MaxTRESPerUser", "MaxJobsPU", "MaxJobsPerUser", "MaxSubmitPU",
	"MaxSubmitJobsPerUser", "MaxTRESPA", "MaxTRESPerAccount", "MaxJobsPA",
	"MaxJobsPerAccount", "MaxSubmitPA", "MaxSubmitJobsPerAccount", "MinTRES",
	"MinTRESPerJob",
};

static bool known_column(const char *column)
{
	for (size_t i = 0; i < ARRAY_SIZE(known_columns); i++)
		if (!strcasecmp(column, known_columns[i]))
			return true;
	return false;
}

/* Column names the flat file spells otherwise. */
static const char *flat_key(const char *column)
{
	return !strcasecmp(column, "GrpSubmit") ? "GrpSubmitJobs" : column;
}

/* Appends ":Key='value'" for one field, in the flat file's units; skips unset ones. */
static int add_field(struct strbuf *out, const char *column, const char *v)
{
	struct strbuf val = STRBUF_INIT;
	long long secs = 0;
	int rc = 0;

	if (!*v || !strcmp(v, "0") || !strcasecmp(column, "Name"))
		return 0;
	if (!strcasecmp(column, "GraceTime")) {
		if ((secs = clock_seconds(v)) > 0)
			strbuf_addf(&val, "%lld", secs);
	} else if (strstr(column, "TRES")) {
		add_tres(&val, v);
	} else if (!strcasecmp(column, "UsageFactor")) {
		strbuf_addf(&val, "%g", strtod(v, NULL));
	} else {
		strbuf_addstr(&val, v);
	}
	if (secs < 0 || strchr(val.buf, '\''))
		rc = -1;
	else if (val.len)
		strbuf_addf(out, ":%s='%s'", flat_key(column), val.buf);
	strbuf_release(&val);
	return rc;
}

#define MAX_COLUMNS 64

int acct_showqos_lines(const char *path, const char *text, size_t len, struct strbuf *out,
		       struct strbuf *problems, char **cause)
{
	char *copy = xstrndup(text, len), *save = NULL, *head[MAX_COLUMNS], *row[MAX_COLUMNS];
	char *line = strtok_r(copy, "\n", &save);
	size_t n_head = line ? split(line, head, MAX_COLUMNS) : 0, lineno = 1, name = n_head;
	int rc = 0, n_problems = 0;

	for (size_t i = 0; i < n_head; i++)
		if (!strcasecmp(head[i], "Name"))
			name = i;
	if (name == n_head) {
		*cause = xasprintf("%s:1: no 'Name' column: give 'sacctmgr show qos -P' "
				   "output with its header line (no -n)", path);
		free(copy);
		return -1;
	}
	while (rc == 0 && (line = strtok_r(NULL, "\n", &save))) {
		size_t n;

		lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (!*line)
			continue;
		n = split(line, row, MAX_COLUMNS);
		if (n != n_head || !*row[name] || strchr(row[name], '\'')) {
			*cause = xasprintf("%s:%zu: %zu fields where the header has %zu, or no "
					   "QoS name", path, lineno, n, n_head);
			rc = -1;
			break;
		}
		strbuf_addf(out, "QOS - '%s'", row[name]);
		for (size_t i = 0; i < n && rc == 0; i++) {
			if (i != name && !known_column(head[i])) {
				if (*row[i] && strcmp(row[i], "0") && ++n_problems)
					strbuf_addf(problems, "%s:%zu: QoS '%s': %s='%s' has no key "
						    "in the schema: left out\n", path, lineno,
						    row[name], head[i], row[i]);
				continue;
			}
			if (add_field(out, head[i], row[i]) < 0) {
				*cause = xasprintf("%s:%zu: %s='%s': cannot read the value", path,
						   lineno, head[i], row[i]);
				rc = -1;
			}
		}
		strbuf_addch(out, '\n');
	}
	free(copy);
	return rc < 0 ? -1 : n_problems;
}
