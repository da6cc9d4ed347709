/*
 * slurmtime.c: Slurm's time strings, by the rules of Slurm's own reader
 * (time_str2secs and its shape check in src/common/parse_time.c, the same
 * from 22.05 to 26.05; read to learn them, not copied): the shape is
 * checked first (characters, separators, how many digit runs each form
 * needs), then the fields are read left to right.
 */
#include "base/compat.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/slurmtime.h"

/*
 * True when s has Slurm's shape: only digits, '-' and ':'; at most one
 * '-', none after a ':'; at most two ':'; a digit run for every field the
 * separators open (the days field of "D-" may stand alone). *dash is set
 * when s has a '-'.
 */
static bool shape_ok(const char *s, bool *dash)
{
	int runs = 0, dashes = 0, colons = 0;
	bool in_run = false;

	for (; *s; s++) {
		if (isdigit((unsigned char)*s)) {
			runs += !in_run;
			in_run = true;
			continue;
		}
		in_run = false;
		if (*s == '-' && !colons)
			dashes++;
		else if (*s == ':')
			colons++;
		else
			return false;
	}
	*dash = dashes > 0;
	return runs > 0 && dashes <= 1 && colons <= 2 &&
	       runs >= (colons ? colons + 1 + dashes : 1);
}

/*
 * Reads up to n ':'-separated fields of s into v (0 where s ends first);
 * a field is at most 9 digits, which keeps every product below in range.
 */
static bool read_fields(const char *s, long long *v, int n)
{
	for (int i = 0; i < n; i++) {
		char *end;

		v[i] = 0;
		if (!*s)
			continue;
		if (!isdigit((unsigned char)*s))
			return false;
		v[i] = strtoll(s, &end, 10);
		if (end - s > 9)
			return false;
		s = *end == ':' ? end + 1 : end;
	}
	return !*s;
}

int slurmtime_seconds(const char *s, long long *secs)
{
	long long d = 0, f[3], total;
	bool dash;

	if (!strcasecmp(s, "UNLIMITED") || !strcasecmp(s, "INFINITE") || !strcmp(s, "-1")) {
		*secs = SLURMTIME_INFINITE;
		return 0;
	}
	/* a leading '-' makes a negative day count: no limit Slurm takes */
	if (*s == '-' || !shape_ok(s, &dash))
		return -1;
	if (dash) {
		char *end;

		d = strtoll(s, &end, 10);
		if (end - s > 9 || !read_fields(end + 1, f, 3))
			return -1;
		total = d * 86400 + f[0] * 3600 + f[1] * 60 + f[2];
	} else if (!read_fields(s, f, 3)) {
		return -1;
	} else if (strchr(s, ':') != strrchr(s, ':')) {
		total = f[0] * 3600 + f[1] * 60 + f[2];	/* hours:minutes:seconds */
	} else {
		total = f[0] * 60 + f[1];		/* minutes[:seconds] */
	}
	if (total > INT_MAX)
		return -1;
	*secs = total;
	return 0;
}

int slurmtime_minutes(const char *s, long long *mins)
{
	long long secs;

	if (slurmtime_seconds(s, &secs) < 0)
		return -1;
	*mins = secs == SLURMTIME_INFINITE ? SLURMTIME_INFINITE : (secs + 59) / 60;
	return 0;
}
