/*
 * slurmvalues.c: the value types of Slurm's configuration keys per release
 * (see slurmvalues.h for where they come from), as rows of one table, and
 * the readers that check a value the way Slurm's own reads it: the integer
 * parsers of parse_value.c (strtoul in base 0, a k suffix on 32- and 64-bit
 * values, UNLIMITED and INFINITE, a minus sign refused), the booleans (yes,
 * no, true, false, 1, 0, up, down), Slurm's time strings (slurmtime.h),
 * slurmdbd's purge periods, the log levels, and word lists split at commas.
 */
#include "base/compat.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "slurm/slurmtime.h"
#include "base/xalloc.h"
#include "slurm/slurmvalues.h"
#include "slurm/slurmvalues_rows.h"

static const char *const bool_words = "yes,no,true,false,1,0,up,down";
static const char *const level_words =
	"quiet,fatal,error,info,verbose,debug,debug2,debug3,debug4,debug5";

static const struct slurmvalue_row *find_row(enum slurmkeys_table table, const char *key,
				  int version)
{
	size_t n;
	const struct slurmvalue_row *rows = slurmvalue_rows(&n);

	for (size_t i = 0; i < n; i++) {
		const struct slurmvalue_row *r = &rows[i];

		if (r->table == table && version >= r->from && version < r->to &&
		    !strcasecmp(r->key, key))
			return r;
	}
	return NULL;
}

static unsigned long long type_max(const struct slurmvalue_row *r)
{
	switch (r->kind) {
	case SV_U16:
		return 0xffffULL;
	case SV_U32:
		return 0xffffffffULL;
	default:
		return ~0ULL;
	}
}

static unsigned long long row_max(const struct slurmvalue_row *r)
{
	return r->max ? r->max : type_max(r);
}

/* ------------------------------------------------------------------ */
/* words                                                               */

/*
 * Copies the word of list that starts at *p (its marker dropped) to buf and
 * moves *p past it; false at the end. *group is its marker, or 0.
 */
static bool next_word(const char **p, char *buf, size_t size, int *group)
{
	size_t n;

	if (!**p)
		return false;
	*group = **p == '!' || **p == '^' ? **p : 0;
	if (*group)
		(*p)++;
	n = strcspn(*p, ",");
	snprintf(buf, size, "%.*s", (int)n, *p);
	*p += n + ((*p)[n] == ',');
	return true;
}

/* The marker of word in list (any case), 0 without one, -1 when absent. */
static int word_group(const char *list, const char *word, size_t n)
{
	char w[64];
	int group;

	while (next_word(&list, w, sizeof(w), &group))
		if (strlen(w) == n && !strncasecmp(w, word, n))
			return group;
	return -1;
}

/* word_group(), where a plugin word may also be written without its "type/". */
static int plugin_group(const struct slurmvalue_row *r, const char *word, size_t n)
{
	const char *p = r->words;
	char w[64];
	int group;

	if (!(r->flags & SV_BARE) || memchr(word, '/', n))
		return word_group(r->words, word, n);
	while (next_word(&p, w, sizeof(w), &group)) {
		const char *bare = strchr(w, '/');

		if (bare && strlen(bare + 1) == n && !strncasecmp(bare + 1, word, n))
			return group;
	}
	return -1;
}

/* True when one item of value (a comma-separated list) is word. */
static bool has_item(const char *value, const char *word, size_t n)
{
	while (*value) {
		size_t len = strcspn(value, ",");

		if (len == n && !strncasecmp(value, word, n))
			return true;
		value += len + (value[len] == ',');
	}
	return false;
}

/* "a, b or c" of a word list, markers dropped, to sb. */
static void add_words(struct strbuf *sb, const char *list, const char *last_join)
{
	char w[64];
	int group;
	bool first = true;

	while (next_word(&list, w, sizeof(w), &group)) {
		if (!first)
			strbuf_addstr(sb, *list ? ", " : last_join);
		strbuf_addstr(sb, w);
		first = false;
	}
}

static void set_item(struct slurmvalue_check *out, const char *s, size_t n)
{
	snprintf(out->item, sizeof(out->item), "%.*s", (int)n, s);
}

/* Rules "A+B" and "A-B" against the items of value: the first broken one. */
static bool check_rules(const char *rules, const char *value,
			struct slurmvalue_check *out)
{
	while (rules && *rules) {
		size_t n = strcspn(rules, ",");
		size_t a = strcspn(rules, "+-");
		const char *b = rules + a + 1;
		size_t bn = n - a - 1;
		bool has_a = has_item(value, rules, a), has_b = has_item(value, b, bn);

		if (has_a && (rules[a] == '+' ? !has_b : has_b)) {
			set_item(out, rules, a);
			snprintf(out->why, sizeof(out->why), "%.*s %s %.*s", (int)a,
				 rules, rules[a] == '+' ? "needs" : "excludes", (int)bn, b);
			return false;
		}
		rules += n + (rules[n] == ',');
	}
	return true;
}

/* A second item of an exclusive group: reported, true. */
static bool group_clash(const char **first, int group, const char *p, size_t n,
			struct slurmvalue_check *out)
{
	const char **seen = &first[group == '^'];
	size_t seen_n;

	if (!group)
		return false;
	if (!*seen) {
		*seen = p;
		return false;
	}
	seen_n = strcspn(*seen, ",");
	set_item(out, p, n);
	snprintf(out->why, sizeof(out->why), "it takes only one of %.*s and %.*s",
		 (int)seen_n, *seen, (int)n, p);
	return true;
}

/* Items of value against the row's words; exclusive groups; rules. */
static enum slurmvalue_verdict check_list(const struct slurmvalue_row *r, const char *value,
					  struct slurmvalue_check *out)
{
	const char *p = value, *first[2] = { NULL, NULL };

	while (*p) {
		size_t n = strcspn(p, ",");
		int group = n ? plugin_group(r, p, n) : 0;

		if (group < 0) {
			set_item(out, p, n);
			return SLURMVALUE_ERROR;
		}
		if (group_clash(first, group, p, n, out))
			return SLURMVALUE_ERROR;
		p += n + (p[n] == ',');
	}
	return check_rules(r->rules, value, out) ? SLURMVALUE_OK : SLURMVALUE_ERROR;
}

/* Each item holds one of the words (Slurm looks them up with xstrcasestr). */
static enum slurmvalue_verdict check_substr(const struct slurmvalue_row *r, const char *value,
					    struct slurmvalue_check *out)
{
	const char *p = value;

	while (*p) {
		size_t n = strcspn(p, ",");
		const char *w = r->words;
		char word[64], item[128];
		int group;
		bool found = false;

		snprintf(item, sizeof(item), "%.*s", (int)n, p);
		while (!found && next_word(&w, word, sizeof(word), &group))
			found = strcasestr(item, word) != NULL;
		if (!found) {
			set_item(out, p, n);
			return SLURMVALUE_ERROR;
		}
		p += n + (p[n] == ',');
	}
	return SLURMVALUE_OK;
}

/* ------------------------------------------------------------------ */
/* numbers and times                                                   */

static enum slurmvalue_verdict in_range(const struct slurmvalue_row *r, long double v)
{
	if (v < (long double)r->min)
		return r->flags & SV_SOFT_LOW ? SLURMVALUE_WARN : SLURMVALUE_ERROR;
	if (v > (long double)row_max(r))
		return r->flags & SV_SOFT_HIGH ? SLURMVALUE_WARN : SLURMVALUE_ERROR;
	return SLURMVALUE_OK;
}

static bool is_unlimited(const char *s)
{
	return !strcasecmp(s, "UNLIMITED") || !strcasecmp(s, "INFINITE");
}

/*
 * An unsigned integer as parse_value.c reads one: base 0 (0x1f, 017), an
 * optional '+', a k or K suffix (x 1024) on 32- and 64-bit values,
 * UNLIMITED and INFINITE for the type's largest; a '-' is refused.
 */
static bool parse_uint(const struct slurmvalue_row *r, const char *s, unsigned long long *n)
{
	char *end;

	if (is_unlimited(s)) {
		*n = type_max(r);
		return true;
	}
	if (*s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*n = strtoull(s, &end, 0);
	if (errno)
		return false;
	if (r->kind != SV_U16 && (*end == 'k' || *end == 'K')) {
		if (*n > type_max(r) / 1024)
			return false;
		*n *= 1024;
		end++;
	}
	return !*end && *n <= type_max(r);
}

static enum slurmvalue_verdict check_uint(const struct slurmvalue_row *r, const char *value)
{
	unsigned long long n;

	if (!parse_uint(r, value, &n))
		return SLURMVALUE_ERROR;
	return in_range(r, (long double)n);
}

static enum slurmvalue_verdict check_float(const struct slurmvalue_row *r, const char *value)
{
	char *end;
	double d;

	if (is_unlimited(value))
		return in_range(r, INFINITY);
	errno = 0;
	d = strtod(value, &end);
	if (end == value || *end || errno || isnan(d))
		return SLURMVALUE_ERROR;
	return in_range(r, d);
}

static enum slurmvalue_verdict check_time(const struct slurmvalue_row *r, const char *value)
{
	long long t;
	int rc = r->kind == SV_MINS ? slurmtime_minutes(value, &t) :
		 slurmtime_seconds(value, &t);

	if (rc < 0)
		return SLURMVALUE_ERROR;
	return t == SLURMTIME_INFINITE ? SLURMVALUE_OK : in_range(r, (long double)t);
}

/* Digits, then nothing or the start of months, hours or days. */
static enum slurmvalue_verdict check_purge(const char *value)
{
	static const char *const units[] = { "months", "hours", "days" };
	const char *p = value;
	size_t n;

	while (isdigit((unsigned char)*p))
		p++;
	n = strlen(p);
	if (p == value)
		return SLURMVALUE_ERROR;
	if (!n)
		return SLURMVALUE_OK;
	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (n <= strlen(units[i]) && !strncasecmp(p, units[i], n))
			return SLURMVALUE_OK;
	return SLURMVALUE_ERROR;
}

/* A level word, or a number 0-9 (log_string2num reads a number with atoi). */
static enum slurmvalue_verdict check_level(const char *value)
{
	const char *p = value;

	if (word_group(level_words, value, strlen(value)) >= 0)
		return SLURMVALUE_OK;
	while (isdigit((unsigned char)*p))
		p++;
	if (p == value || *p)
		return SLURMVALUE_ERROR;
	/* above debug5 Slurm logs "Normalizing debug level" and uses debug5 */
	return atoi(value) > 9 ? SLURMVALUE_WARN : SLURMVALUE_OK;
}

static enum slurmvalue_verdict check_numword(const struct slurmvalue_row *r, const char *value)
{
	const char *p = value + (*value == '-');
	char *end;
	long long n;

	if (word_group(r->words, value, strlen(value)) >= 0)
		return SLURMVALUE_OK;
	if (!isdigit((unsigned char)*p))
		return SLURMVALUE_ERROR;
	errno = 0;
	n = strtoll(value, &end, 10);
	if (*end || errno)
		return SLURMVALUE_ERROR;
	return in_range(r, (long double)n);
}

/* Each item TRES=NUMBER, with a unit K, M, G, T or P after it. */
static enum slurmvalue_verdict check_weights(const char *value,
					     struct slurmvalue_check *out)
{
	for (const char *p = value; *p;) {
		size_t n = strcspn(p, ","), eq = strcspn(p, "=");
		char *end;

		errno = 0;
		if (eq == 0 || eq >= n || (strtod(p + eq + 1, &end), errno) ||
		    end == p + eq + 1 ||
		    (end < p + n && (end + 1 != p + n || !strchr("KMGTPkmgtp", *end)))) {
			set_item(out, p, n);
			return SLURMVALUE_ERROR;
		}
		p += n + (p[n] == ',');
	}
	return SLURMVALUE_OK;
}

/* ------------------------------------------------------------------ */
/* what a release takes, in words                                      */

static void add_range(struct strbuf *sb, const struct slurmvalue_row *r)
{
	unsigned long long hi = row_max(r);

	if (hi == type_max(r) && (r->kind == SV_U16 || r->kind == SV_U32 || r->kind == SV_U64))
		strbuf_addf(sb, "an integer from %lld to %llu, or UNLIMITED", r->min, hi);
	else if (r->kind == SV_FLOAT && hi == type_max(r))
		strbuf_addf(sb, "a number of %lld or more", r->min);
	else if (r->kind == SV_FLOAT)
		strbuf_addf(sb, "a number from %lld to %llu", r->min, hi);
	else
		strbuf_addf(sb, "an integer from %lld to %llu", r->min, hi);
}

static void add_time(struct strbuf *sb, const struct slurmvalue_row *r)
{
	strbuf_addstr(sb, "a time (MM, MM:SS, HH:MM:SS, D-HH[:MM[:SS]] or UNLIMITED)");
	if (r->min > 0)
		strbuf_addf(sb, " of %lld %s or more", r->min,
			    r->kind == SV_MINS ? "minute(s)" : "second(s)");
}

static char *accepts(const struct slurmvalue_row *r)
{
	struct strbuf sb;

	strbuf_init(&sb);
	switch (r->kind) {
	case SV_BOOL:
		strbuf_addstr(&sb, "yes or no (or true, false, 1, 0, up, down)");
		break;
	case SV_MINS:
	case SV_SECS:
		add_time(&sb, r);
		break;
	case SV_PURGE:
		strbuf_addstr(&sb, "a number of months, or of hours, days or months "
			      "with the unit (12months, 720hours, 30days)");
		break;
	case SV_LEVEL:
		strbuf_addstr(&sb, "quiet, fatal, error, info, verbose, debug, debug2 to "
			      "debug5, or 0 to 9");
		break;
	case SV_WORD:
		strbuf_addstr(&sb, "one of ");
		add_words(&sb, r->words, " or ");
		break;
	case SV_LIST:
	case SV_SUBSTR:
		strbuf_addstr(&sb, "a comma-separated list of ");
		add_words(&sb, r->words, " and ");
		break;
	case SV_NUMWORD:
		add_range(&sb, r);
		strbuf_addstr(&sb, ", or ");
		add_words(&sb, r->words, " or ");
		break;
	case SV_WEIGHTS:
		strbuf_addstr(&sb, "a comma-separated list of TRES=weight (CPU=1.0,"
			      "Mem=0.25G,GRES/gpu=2.0)");
		break;
	default:
		add_range(&sb, r);
	}
	return strbuf_detach(&sb, NULL);
}

/* ------------------------------------------------------------------ */
/* entry points                                                        */

static enum slurmvalue_verdict check_row(const struct slurmvalue_row *r, const char *value,
					 struct slurmvalue_check *out)
{
	switch (r->kind) {
	case SV_U16:
	case SV_U32:
	case SV_U64:
		return check_uint(r, value);
	case SV_FLOAT:
		return check_float(r, value);
	case SV_BOOL:
		return word_group(bool_words, value, strlen(value)) < 0 ?
		       SLURMVALUE_ERROR : SLURMVALUE_OK;
	case SV_MINS:
	case SV_SECS:
		return check_time(r, value);
	case SV_PURGE:
		return check_purge(value);
	case SV_LEVEL:
		return check_level(value);
	case SV_WORD:
		return plugin_group(r, value, strlen(value)) < 0 ?
		       SLURMVALUE_ERROR : SLURMVALUE_OK;
	case SV_LIST:
		return check_list(r, value, out);
	case SV_SUBSTR:
		return check_substr(r, value, out);
	case SV_WEIGHTS:
		return check_weights(value, out);
	default:
		return check_numword(r, value);
	}
}

enum slurmvalue_verdict slurmvalues_check(enum slurmkeys_table table, const char *key,
					  const char *value, int version,
					  struct slurmvalue_check *out)
{
	const struct slurmvalue_row *r;

	memset(out, 0, sizeof(*out));
	if (version < 0 || version >= SV_NREL)
		version = SV_NREL - 1;
	r = find_row(table, key, version);
	if (!r || !value)
		return SLURMVALUE_OK;
	out->verdict = check_row(r, value, out);
	if (out->verdict != SLURMVALUE_OK)
		out->accepts = accepts(r);
	return out->verdict;
}

void slurmvalue_check_release(struct slurmvalue_check *out)
{
	if (!out)
		return;
	free(out->accepts);
	out->accepts = NULL;
}

const char *slurmvalues_autodetect(const char *value, int version)
{
	/* gres.conf's AutoDetect: _handle_autodetect_flags's names per release */
	static const struct { const char *words, *text; } sets[] = {
		{ "nvml,rsmi,oneapi,off", "nvml, rsmi, oneapi or off" },
		{ "nvml,nvidia,rsmi,oneapi,nrt,off", "nvml, nvidia, rsmi, oneapi, nrt or off" },
		{ "nvml,nvidia,rsmi,oneapi,nrt,off,full",
		  "nvml, nvidia, rsmi, oneapi, nrt, off or full" },
	};
	int i = version >= SV_2605 || version < 0 ? 2 : version >= SV_2411 ? 1 : 0;
	char *words = xstrdup(sets[i].words), *save = NULL;
	const char *res = sets[i].text;

	/*
	 * As _handle_autodetect_flags() reads it: off and full are the whole
	 * value, a library's name is found anywhere in it, in any case
	 * ("nvml:" is nvml); anything else is logged as an error and detects
	 * nothing
	 */
	for (char *w = strtok_r(words, ",", &save); w && res; w = strtok_r(NULL, ",", &save))
		if (!strcmp(w, "off") || !strcmp(w, "full") ? !strcasecmp(value, w) :
		    strcasestr(value, w) != NULL)
			res = NULL;
	free(words);
	return res;
}
