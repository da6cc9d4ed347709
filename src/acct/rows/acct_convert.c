/*
 * acct_convert.c: column values <-> canonical values. The database keeps
 * TRES as "id=count" and QoS lists as ",id,id," with ids that differ from
 * one database to the next (QoS ids are not even dense: every slurmdbd
 * start burns one), so comparisons go through names.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct_db.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/rows/acct_idmap.h"
#include "acct/rows/acct_state.h"
#include "acct/rows/acct_value.h"
#include "acct/rows/acct_convert.h"

struct pair {
	unsigned long id;
	const char *name;
	const char *count;	/* TRES only; points into a copy */
};

static int cmp_pair_id(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* "1=4,1001=2" -> "cpu=4,gres/gpu=2" (sorted by name). */
static char *tres_from_db(const struct acct_idmap *tres, const char *col)
{
	char *copy = xstrdup(col), *save = NULL;
	const char **parts = NULL;
	size_t n = 0, alloc = 0;
	char *out;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		const char *name;

		if (!eq)
			continue;
		*eq = '\0';
		name = acct_idmap_name(tres, strtoul(t, NULL, 10));
		XGROW(parts, alloc, n + 1);
		parts[n++] = name ? xasprintf("%s=%s", name, eq + 1) :
			xasprintf("#%s=%s", t, eq + 1);
	}
	out = acct_names_join(parts, n);
	while (n)
		free((char *)parts[--n]);
	free(parts);
	free(copy);
	return out;
}

/* ",1,2," -> "a,b"; delta: ",+2,-3," -> "+a,-b". */
static char *qos_from_db(const struct acct_idmap *qos, const char *col)
{
	char *copy = xstrdup(col), *save = NULL;
	const char **parts = NULL;
	size_t n = 0, alloc = 0;
	char *out;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		const char *sign = (*t == '+' || *t == '-') ? t : NULL;
		const char *name = acct_idmap_name(qos, strtoul(t + !!sign, NULL, 10));

		XGROW(parts, alloc, n + 1);
		parts[n++] = xasprintf("%.*s%s%s", sign ? 1 : 0, sign ? sign : "",
				       name ? name : "#", name ? "" : t + !!sign);
	}
	out = acct_names_join(parts, n);
	while (n)
		free((char *)parts[--n]);
	free(parts);
	free(copy);
	return out;
}

static char *bits_from_db(enum acct_ftype t, const char *col)
{
	unsigned bits = (unsigned)strtoul(col, NULL, 10);

	return t == F_QFLAGS ? acct_qos_flags_from_bits(bits) : acct_pmode_from_bits(bits);
}

char *acct_value_from_db(const struct acct_dbinfo *info, enum acct_ftype t,
			 const char *col)
{
	char buf[64];

	if (!col)
		return NULL;
	switch (t) {
	case F_TRES:
		return *col ? tres_from_db(&info->tres, col) : NULL;
	case F_QOSLIST:
	case F_DELTA:
		return *col ? qos_from_db(&info->qos, col) : NULL;
	case F_QOSID: {
		const char *n = acct_idmap_name(&info->qos, strtoul(col, NULL, 10));
		return n ? xstrdup(n) : strcmp(col, "0") ? xasprintf("#%s", col) : NULL;
	}
	case F_DOUBLE:
		snprintf(buf, sizeof(buf), "%g", strtod(col, NULL));
		return xstrdup(buf);
	case F_QFLAGS:
	case F_PMODE:
		return bits_from_db(t, col);
	case F_ADMIN:
		return xstrdup(acct_admin_name((int)strtol(col, NULL, 10)));
	case F_STR:
		return *col ? xstrdup(col) : NULL;
	case F_INT0:
		return strtol(col, NULL, 10) ? xstrdup(col) : NULL;
	default:
		return xstrdup(col);
	}
}

/*
 * Splits "a,b" (QoS) or "a=1,b=2" (TRES) into (id, name, count) pairs sorted
 * by id; -1 + *cause for a name the map does not have. Pairs point into
 * *copy (caller frees both).
 */
static int pairs_by_id(const struct acct_idmap *m, const char *canon, bool tres,
		       char **copy, struct pair **out, size_t *n, char **cause)
{
	char *save = NULL;
	size_t alloc = 0;

	*copy = xstrdup(canon);
	*out = NULL;
	*n = 0;
	for (char *t = strtok_r(*copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = tres ? strchr(t, '=') : NULL;

		if (eq)
			*eq = '\0';
		XGROW(*out, alloc, *n + 1);
		(*out)[*n].id = acct_idmap_id(m, t);
		(*out)[*n].name = t;
		(*out)[*n].count = eq ? eq + 1 : NULL;
		if (!(*out)[*n].id) {
			*cause = tres ? xasprintf("TRES '%s' is not known to the database", t) :
				xasprintf("QoS '%s' does not exist in the database", t);
			return -1;
		}
		(*n)++;
	}
	xqsort(*out, *n, sizeof(**out), cmp_pair_id);
	return 0;
}

/* "cpu=4,gres/gpu=2" -> "1=4,1001=2"; "a,b" -> ",1,2," (both by id, as slurmdbd) */
static int list_to_db(const struct acct_idmap *m, const char *canon, bool tres,
		      char **out, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	struct pair *p;
	char *copy;
	size_t n;
	int rc = pairs_by_id(m, canon, tres, &copy, &p, &n, cause);

	if (rc == 0) {
		if (!tres)
			strbuf_addch(&sb, ',');
		for (size_t i = 0; i < n; i++) {
			if (tres)
				strbuf_addf(&sb, "%s%lu=%s", i ? "," : "", p[i].id, p[i].count);
			else
				strbuf_addf(&sb, "%lu,", p[i].id);
		}
		*out = strbuf_detach(&sb, NULL);
	}
	free(p);
	free(copy);
	return rc;
}

int acct_value_to_db(const struct acct_dbinfo *info, enum acct_ftype t,
		     const char *canon, char **out, char **cause)
{
	*out = NULL;
	switch (t) {
	case F_TRES:
		if (!canon)
			return (*out = xstrdup("")), 0;
		return list_to_db(&info->tres, canon, true, out, cause);
	case F_QOSLIST:
		if (!canon)
			return (*out = xstrdup("")), 0;
		return list_to_db(&info->qos, canon, false, out, cause);
	case F_DELTA:
		*out = xstrdup("");
		return 0;
	case F_QOSID:
		if (!canon)
			return 0;
		if (!acct_idmap_id(&info->qos, canon)) {
			*cause = xasprintf("QoS '%s' does not exist in the database", canon);
			return -1;
		}
		*out = xasprintf("%lu", acct_idmap_id(&info->qos, canon));
		return 0;
	case F_QFLAGS:
		*out = xasprintf("%u", acct_qos_flags_bits(canon));
		return 0;
	case F_PMODE:
		*out = xasprintf("%u", acct_pmode_bits(canon));
		return 0;
	case F_ADMIN:
		*out = xasprintf("%d", acct_admin_level(canon));
		return 0;
	case F_STR:
		*out = xstrdup(canon ? canon : "");
		return 0;
	case F_INT0:
		*out = xstrdup(canon ? canon : "0");
		return 0;
	default:
		*out = canon ? xstrdup(canon) : NULL;
		return 0;
	}
}
