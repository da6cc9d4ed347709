/*
 * acct_dump.c: reads a "sacctmgr dump" flat file (sacctmgr(1), FLAT FILE
 * DUMP AND LOAD) into canonical accounting objects (acct_dump.h).
 * Each line is "Title - 'name'" and ':'-separated Key=Value fields (values
 * quoted with '' or "" when they hold spaces); "Parent - 'x'" sets the
 * parent of the Account and User lines after it. A ':' splits fields only
 * where a known key follows it: sacctmgr writes TRES unquoted, and a typed
 * GRES ("gres/gpu:a100=2") has a ':' of its own. Keys the schema has no
 * place for are reported, not dropped.
 */
#include "base/compat.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acct/rows/acct_state.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_value.h"
#include "acct/read/acct_dump.h"

#define FAIRSHARE_PARENT "2147483647"

enum dshape { D_STR, D_INT, D_TRES, D_QOSLIST, D_MINUTES, D_FS, D_LOWER };

/* A dump key and the canonical field it fills (NULL: no place in the schema). */
struct dkey {
	const char *key;
	const char *field;
	enum dshape shape;
};

static const struct dkey assoc_dkeys[] = {
	{ "Fairshare", "fairshare", D_FS }, { "GrpTRES", "grp_tres", D_TRES },
	{ "GrpJobs", "grp_jobs", D_INT }, { "GrpSubmitJobs", "grp_submit_jobs", D_INT },
	{ "GrpWall", "grp_wall", D_MINUTES }, { "MaxTRES", "max_tres_per_job", D_TRES },
	{ "MaxTRESPerJob", "max_tres_per_job", D_TRES },
	{ "MaxTRESPerNode", "max_tres_per_node", D_TRES },
	{ "MaxJobs", "max_jobs", D_INT }, { "MaxSubmitJobs", "max_submit_jobs", D_INT },
	{ "MaxWallDurationPerJob", "max_wall", D_MINUTES },
	{ "MaxWall", "max_wall", D_MINUTES }, { "QOS", "qos", D_QOSLIST },
	{ "DefaultQOS", "default_qos", D_STR },
	{ "GrpTRESMins", NULL, D_STR }, { "GrpTRESRunMins", NULL, D_STR },
	{ "MaxTRESMins", NULL, D_STR }, { "MaxTRESMinsPerJob", NULL, D_STR },
	{ "MaxTRESRunMins", NULL, D_STR }, { "GrpJobsAccrue", NULL, D_STR },
	{ "MaxJobsAccrue", NULL, D_STR }, { "Priority", NULL, D_STR },
	{ "QOS+", NULL, D_STR }, { "QOS-", NULL, D_STR },
};

static const struct dkey account_dkeys[] = {
	{ "Description", "description", D_LOWER },
	{ "Organization", "organization", D_LOWER },
};

static const struct dkey user_dkeys[] = {
	{ "DefaultAccount", NULL, D_STR }, { "AdminLevel", NULL, D_STR },
	{ "Coordinator", NULL, D_STR }, { "WCKeys", NULL, D_STR },
	{ "DefaultWCKey", NULL, D_STR }, { "Partition", NULL, D_STR },
};

/* 25.05 dumps: QOS lines */
static const struct dkey qos_dkeys[] = {
	{ "Description", "description", D_LOWER }, { "Priority", "priority", D_INT },
	{ "Flags", "flags", D_STR }, { "GraceTime", "grace_time", D_INT },
	{ "Preempt", "preempt", D_QOSLIST }, { "PreemptMode", "preempt_mode", D_STR },
	{ "UsageFactor", "usage_factor", D_STR }, { "GrpTRES", "grp_tres", D_TRES },
	{ "MaxTRESPerUser", "max_tres_per_user", D_TRES },
	{ "MaxTRESPU", "max_tres_per_user", D_TRES },
	{ "MaxTRES", "max_tres_per_job", D_TRES },
	{ "MaxTRESPerJob", "max_tres_per_job", D_TRES },
	{ "MaxTRESPerAccount", "max_tres_per_account", D_TRES },
	{ "MaxTRESPA", "max_tres_per_account", D_TRES },
	{ "MaxTRESPerNode", "max_tres_per_node", D_TRES },
	{ "MinTRESPerJob", "min_tres_per_job", D_TRES },
	{ "MinTRES", "min_tres_per_job", D_TRES },
	{ "MaxWall", "max_wall", D_MINUTES },
	{ "MaxWallDurationPerJob", "max_wall", D_MINUTES },
	{ "GrpWall", "grp_wall", D_MINUTES },
	{ "MaxJobsPerUser", "max_jobs_per_user", D_INT },
	{ "MaxJobsPU", "max_jobs_per_user", D_INT },
	{ "MaxSubmitJobsPerUser", "max_submit_jobs_per_user", D_INT },
	{ "MaxSubmitPU", "max_submit_jobs_per_user", D_INT },
	{ "MaxJobsPerAccount", "max_jobs_per_account", D_INT },
	{ "MaxJobsPA", "max_jobs_per_account", D_INT },
	{ "MaxSubmitJobsPerAccount", "max_submit_jobs_per_account", D_INT },
	{ "MaxSubmitPA", "max_submit_jobs_per_account", D_INT },
	{ "GrpJobs", "grp_jobs", D_INT }, { "GrpSubmitJobs", "grp_submit_jobs", D_INT },
};

struct field {
	char *key;	/* as written, "QOS+" for "QOS+=" */
	char *val;	/* quotes removed */
};

struct line {
	char *title, *name;
	struct field *f;
	size_t n, alloc;
};

/* A QoS an association names first: where, and whether a QOS line gave it after. */
struct qos_ref {
	char *name;
	unsigned lineno;
	bool given;
};

struct dump {
	const char *path;
	unsigned lineno;
	struct acct_objset *set;
	struct strbuf *problems;
	char *parent, *cluster;
	char **def_of;		/* DefaultAccount= by set index of the user */
	size_t n_def_of;
	size_t *slots, mask, n_slots;	/* find_obj()'s table */
	int n;
	bool qos_lines;
	struct qos_ref *refs;	/* QoS named before any QOS line gave them */
	size_t n_refs, alloc_refs;
};

static void dproblem(struct dump *d, const char *fmt, ...) ATTR_PRINTF(2, 3);

static void dproblem(struct dump *d, const char *fmt, ...)
{
	va_list ap;

	strbuf_addf(d->problems, "%s:%u: ", d->path, d->lineno);
	va_start(ap, fmt);
	strbuf_vaddf(d->problems, fmt, ap);
	va_end(ap);
	strbuf_addch(d->problems, '\n');
	d->n++;
}

/* ---- one line ---- */

static bool known_key(const char *p, size_t len)
{
	const struct dkey *const tabs[] = { assoc_dkeys, account_dkeys, user_dkeys, qos_dkeys };
	const size_t lens[] = { ARRAY_SIZE(assoc_dkeys), ARRAY_SIZE(account_dkeys),
				ARRAY_SIZE(user_dkeys), ARRAY_SIZE(qos_dkeys) };

	for (size_t t = 0; t < ARRAY_SIZE(tabs); t++)
		for (size_t i = 0; i < lens[t]; i++)
			if (strlen(tabs[t][i].key) == len && !strncasecmp(tabs[t][i].key, p, len))
				return true;
	return false;
}

/* Where the field starting at p ends: a ':' outside quotes before a key. */
static const char *field_end(const char *p)
{
	char q = 0;

	for (; *p; p++) {
		if (q) {
			q = *p == q ? 0 : q;
			continue;
		}
		if (*p == '\'' || *p == '"') {
			q = *p;
			continue;
		}
		if (*p == ':') {
			size_t k = strcspn(p + 1, "=+-:");

			if (k && (p[1 + k] == '=' || p[1 + k] == '+' || p[1 + k] == '-') &&
			    known_key(p + 1, k))
				return p;
		}
	}
	return p;
}

static char *unquote(const char *p, size_t n)
{
	if (n >= 2 && (*p == '\'' || *p == '"') && p[n - 1] == *p)
		return xstrndup(p + 1, n - 2);
	return xstrndup(p, n);
}

static void line_release(struct line *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->f[i].key);
		free(l->f[i].val);
	}
	free(l->f);
	free(l->title);
	free(l->name);
	memset(l, 0, sizeof(*l));
}

/* "Title - 'name':K=V:..." -> l. 0, or -1 when it is not such a line. */
static int split_line(const char *s, struct line *l)
{
	const char *dash = strstr(s, " - "), *p, *end;

	if (!dash)
		return -1;
	l->title = xstrndup(s, (size_t)(dash - s));
	p = dash + 3;
	end = field_end(p);
	l->name = unquote(p, (size_t)(end - p));
	for (p = end; *p == ':'; p = end) {
		size_t k;

		p++;
		end = field_end(p);
		k = strcspn(p, "=");
		if (p + k >= end)
			return -1;
		XGROW(l->f, l->alloc, l->n + 1);
		l->f[l->n].key = xstrndup(p, k);	/* "QOS+" for QOS+= */
		l->f[l->n].val = unquote(p + k + 1, (size_t)(end - p - k - 1));
		l->n++;
	}
	return *p ? -1 : 0;
}

/* ---- values ---- */

static char *canon_tres(const char *v)
{
	char *copy = xstrdup(v), *save = NULL, *out;
	const char **parts = NULL;
	size_t n = 0, alloc = 0;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strrchr(t, '=');

		if (!eq || !strcmp(eq + 1, "-1"))
			continue;
		XGROW(parts, alloc, n + 1);
		parts[n++] = t;
	}
	out = acct_names_join(parts, n);
	free(parts);
	free(copy);
	return out;
}

static char *canon_list(const char *v)
{
	char *copy = acct_lower(xstrdup(v)), *save = NULL, *out;
	const char **parts = NULL;
	size_t n = 0, alloc = 0;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		XGROW(parts, alloc, n + 1);
		parts[n++] = t;
	}
	out = acct_names_join(parts, n);
	free(parts);
	free(copy);
	return out;
}

/* The canonical value of v, or NULL when it cannot be read (reported). */
static char *canon(struct dump *d, const struct dkey *k, const char *v)
{
	long long min;
	char *end;

	switch (k->shape) {
	case D_TRES:
		return canon_tres(v);
	case D_QOSLIST:
		return canon_list(v);
	case D_MINUTES:
		if (acct_time_minutes(v, &min) < 0)
			break;
		return min < 0 ? NULL : xasprintf("%lld", min);
	case D_FS:
		if (!strcasecmp(v, "parent"))
			return xstrdup(FAIRSHARE_PARENT);
		/* fall through */
	case D_INT:
		min = strtoll(v, &end, 10);
		if (end == v || *end)
			break;
		return min < 0 ? NULL : xstrdup(v);
	case D_LOWER:
		return *v ? acct_lower(xstrdup(v)) : NULL;
	default:
		return *v ? xstrdup(v) : NULL;
	}
	dproblem(d, "%s='%s': cannot read the value: left out", k->key, v);
	return NULL;
}

/* QoS flags and preempt modes as the database side writes them. */
static char *canon_qos_special(const char *field, const char *v)
{
	char *out = NULL, *cause = NULL;

	if (!strcmp(field, "flags")) {
		unsigned bits = acct_qos_flags_bits(v);

		return acct_qos_flags_from_bits(bits);
	}
	if (acct_pmode_canon(v, &out, &cause) < 0)
		free(cause);
	return out;
}

static const struct dkey *find_dkey(const struct dkey *tab, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcasecmp(tab[i].key, key))
			return &tab[i];
	return NULL;
}

/* Sets the fields of o from l's fields found in tab; returns how many matched. */
static void apply_fields(struct dump *d, struct acct_obj *o, const struct line *l,
			 const struct dkey *tab, size_t n, bool *used)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct dkey *k = find_dkey(tab, n, l->f[i].key);
		char *v;

		if (!k || used[i])
			continue;
		used[i] = true;
		if (!k->field) {
			if (o->kind != ACCT_USER)
				dproblem(d, "%s '%s': %s='%s' has no key in the schema: "
					 "left out", l->title, l->name, k->key, l->f[i].val);
			continue;
		}
		v = o->kind == ACCT_QOS && (!strcmp(k->field, "flags") ||
					    !strcmp(k->field, "preempt_mode")) ?
			canon_qos_special(k->field, l->f[i].val) : canon(d, k, l->f[i].val);
		acct_obj_set(o, k->field, v);
		free(v);
	}
}

static void unused_fields(struct dump *d, const struct line *l, const bool *used)
{
	for (size_t i = 0; i < l->n; i++)
		if (!used[i])
			dproblem(d, "%s '%s': unknown field '%s': left out", l->title,
				 l->name, l->f[i].key);
}

/* ---- line kinds ---- */

/*
 * QoS, accounts and users by kind and name: an open-addressing table of
 * set indexes + 1, so that a dump of 10,000 users is read in linear time.
 */
static size_t name_hash(enum acct_kind k, const char *name)
{
	size_t h = 2166136261u ^ (size_t)k;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return h;
}

static void table_put(struct dump *d, size_t idx)
{
	const struct acct_obj *o = &d->set->items[idx];
	size_t i = name_hash(o->kind, o->name) & d->mask;

	while (d->slots[i])
		i = (i + 1) & d->mask;
	d->slots[i] = idx + 1;
	d->n_slots++;
}

static struct acct_obj *find_obj(struct dump *d, enum acct_kind k, const char *name)
{
	size_t i;

	if (!d->slots)
		return NULL;
	for (i = name_hash(k, name) & d->mask; d->slots[i]; i = (i + 1) & d->mask) {
		struct acct_obj *o = &d->set->items[d->slots[i] - 1];

		if (o->kind == k && !strcmp(o->name, name))
			return o;
	}
	return NULL;
}

/* acct_objset_add() for a QoS, account or user, kept findable. */
static struct acct_obj *add_obj(struct dump *d, enum acct_kind k, const char *name)
{
	acct_objset_add(d->set, k, name, NULL);
	if (2 * (d->n_slots + 1) > d->mask) {
		size_t cap = d->mask ? 2 * (d->mask + 1) : 64;

		free(d->slots);
		d->slots = xcalloc(cap, sizeof(*d->slots));
		d->mask = cap - 1;
		d->n_slots = 0;
		for (size_t i = 0; i + 1 < d->set->n; i++)
			if (!d->set->items[i].user)
				table_put(d, i);
	}
	table_put(d, d->set->n - 1);
	return &d->set->items[d->set->n - 1];
}

/* Every QoS the associations name, when the dump has no QOS lines. */
static void note_qos(struct dump *d, const char *list)
{
	for (const char *p = list; p && *p;) {
		size_t n = strcspn(p, ",");
		char *name = xstrndup(p, n);

		if (!find_obj(d, ACCT_QOS, name)) {
			add_obj(d, ACCT_QOS, name);
			XGROW(d->refs, d->alloc_refs, d->n_refs + 1);
			d->refs[d->n_refs++] = (struct qos_ref){ xstrdup(name), d->lineno, false };
		}
		free(name);
		p += n + (p[n] == ',');
	}
}

/* as: the association just added; note_qos() may move the set's objects. */
static void assoc_line(struct dump *d, struct acct_obj *as, const struct line *l,
		       bool *used)
{
	char *qos, *def;

	acct_obj_set(as, "fairshare", "1");
	acct_obj_set(as, "is_def", "0");
	apply_fields(d, as, l, assoc_dkeys, ARRAY_SIZE(assoc_dkeys), used);
	qos = acct_obj_get(as, "qos") ? xstrdup(acct_obj_get(as, "qos")) : NULL;
	def = acct_obj_get(as, "default_qos") ? xstrdup(acct_obj_get(as, "default_qos")) : NULL;
	note_qos(d, qos);
	note_qos(d, def);
	free(qos);
	free(def);
}

static void account_line(struct dump *d, const struct line *l, bool *used)
{
	struct acct_obj *a, *as;

	if (find_obj(d, ACCT_ACCOUNT, l->name)) {
		dproblem(d, "account '%s' defined twice: the second left out", l->name);
		return;
	}
	a = add_obj(d, ACCT_ACCOUNT, l->name);
	apply_fields(d, a, l, account_dkeys, ARRAY_SIZE(account_dkeys), used);
	as = acct_objset_add(d->set, ACCT_ASSOC, l->name, "");
	acct_obj_set(as, "parent", d->parent);
	assoc_line(d, as, l, used);
}

static void add_coordinator(struct dump *d, const char *user, const char *accts)
{
	for (const char *p = accts; *p;) {
		size_t n = strcspn(p, ",");
		char *name = xstrndup(p, n);
		struct acct_obj *a = find_obj(d, ACCT_ACCOUNT, name);

		if (a) {
			const char *old = acct_obj_get(a, "coordinators");
			char *both = old ? xasprintf("%s,%s", old, user) : xstrdup(user);
			char *sorted = canon_list(both);

			acct_obj_set(a, "coordinators", sorted);
			free(both);
			free(sorted);
		} else {
			dproblem(d, "user '%s': coordinator of unknown account '%s': "
				 "left out", user, name);
		}
		free(name);
		p += n + (p[n] == ',');
	}
}

static void user_line(struct dump *d, const struct line *l, bool *used)
{
	struct acct_obj *u = find_obj(d, ACCT_USER, l->name), *as;
	const struct dkey *k;
	size_t ui, ai;

	if (!strcmp(d->parent, "root") && !strcmp(l->name, "root")) {
		memset(used, 1, l->n);
		return;	/* slurmdbd's own root user association */
	}
	if (!u) {
		u = add_obj(d, ACCT_USER, l->name);
		acct_obj_set(u, "admin_level", "None");
	}
	ui = (size_t)(u - d->set->items);
	as = acct_objset_add(d->set, ACCT_ASSOC, d->parent, l->name);
	u = &d->set->items[ui];	/* the add may have moved the objects */
	ai = (size_t)(as - d->set->items);
	for (size_t i = 0; i < l->n; i++) {
		const char *v = l->f[i].val;

		if (!strcasecmp(l->f[i].key, "Partition")) {
			acct_obj_set_part(&d->set->items[ai], v);
			used[i] = true;
			continue;
		}

		k = find_dkey(user_dkeys, ARRAY_SIZE(user_dkeys), l->f[i].key);
		if (!k)
			continue;
		used[i] = true;
		if (!strcasecmp(k->key, "AdminLevel"))
			acct_obj_set(u, "admin_level", acct_admin_name(acct_admin_level(v)));
		else if (!strcasecmp(k->key, "Coordinator"))
			add_coordinator(d, l->name, v);
		else if (strcasecmp(k->key, "DefaultAccount"))
			dproblem(d, "user '%s': %s='%s' has no key in the schema: left out",
				 l->name, k->key, v);
	}
	assoc_line(d, &d->set->items[ai], l, used);
	for (size_t i = 0; i < l->n; i++) {
		if (strcasecmp(l->f[i].key, "DefaultAccount"))
			continue;
		if (ui >= d->n_def_of) {
			size_t n = d->set->n + 1;

			d->def_of = xreallocarray(d->def_of, n, sizeof(*d->def_of));
			memset(d->def_of + d->n_def_of, 0, (n - d->n_def_of) * sizeof(*d->def_of));
			d->n_def_of = n;
		}
		free(d->def_of[ui]);
		d->def_of[ui] = xstrdup(l->f[i].val);
	}
}

/*
 * DefaultAccount= may be written on a user's first line only (sacctmgr
 * load takes it there): mark the association it names once all are read.
 */
static void mark_defaults(struct dump *d)
{
	for (size_t i = 0; i < d->set->n; i++) {
		struct acct_obj *o = &d->set->items[i];
		const struct acct_obj *u;
		size_t ui;

		if (o->kind != ACCT_ASSOC || !*o->user)
			continue;
		u = find_obj(d, ACCT_USER, o->user);
		ui = u ? (size_t)(u - d->set->items) : SIZE_MAX;
		if (ui < d->n_def_of && d->def_of[ui] && !strcmp(d->def_of[ui], o->name))
			acct_obj_set(o, "is_def", "1");
	}
}

static void qos_line(struct dump *d, const struct line *l, bool *used)
{
	struct acct_obj *q = find_obj(d, ACCT_QOS, l->name);

	if (!q)
		q = add_obj(d, ACCT_QOS, l->name);
	for (size_t i = 0; i < d->n_refs; i++)
		d->refs[i].given |= !strcmp(d->refs[i].name, l->name);
	d->qos_lines = true;
	acct_obj_set(q, "usage_factor", "1");
	apply_fields(d, q, l, qos_dkeys, ARRAY_SIZE(qos_dkeys), used);
}

/* The Cluster line's limits are root's association: not in the schema. */
static void cluster_line(struct dump *d, const struct line *l, bool *used)
{
	free(d->cluster);
	d->cluster = xstrdup(l->name);
	for (size_t i = 0; i < l->n; i++) {
		used[i] = true;
		if ((!strcasecmp(l->f[i].key, "Fairshare") && !strcmp(l->f[i].val, "1")) ||
		    (!strcasecmp(l->f[i].key, "QOS") && !strcmp(l->f[i].val, "normal")) ||
		    !strcasecmp(l->f[i].key, "Classification"))
			continue;
		dproblem(d, "cluster '%s': root association %s='%s' has no key in "
			 "the schema: left out", l->name, l->f[i].key, l->f[i].val);
	}
}

static int parse_line(struct dump *d, const char *s, char **cause)
{
	struct line l = { 0 };
	bool *used;

	if (split_line(s, &l) < 0) {
		line_release(&l);
		*cause = xasprintf("%s:%u: not a sacctmgr flat file line: '%s'",
				   d->path, d->lineno, s);
		return -1;
	}
	used = xcalloc(l.n + 1, sizeof(*used));
	if (!strcasecmp(l.title, "Cluster")) {
		cluster_line(d, &l, used);
	} else if (!strcasecmp(l.title, "Parent")) {
		if (strcmp(l.name, "root") && !find_obj(d, ACCT_ACCOUNT, l.name))
			dproblem(d, "parent '%s' is not an account defined before it", l.name);
		free(d->parent);
		d->parent = xstrdup(l.name);
	} else if (!strcasecmp(l.title, "Account")) {
		account_line(d, &l, used);
	} else if (!strcasecmp(l.title, "User")) {
		user_line(d, &l, used);
	} else if (!strcasecmp(l.title, "QOS")) {
		qos_line(d, &l, used);
	} else {
		dproblem(d, "unknown line '%s - %s': left out", l.title, l.name);
		memset(used, 1, l.n);
	}
	unused_fields(d, &l, used);
	free(used);
	line_release(&l);
	return 0;
}

/*
 * With QOS lines (a 25.05+ dump's, or --qos FILE's), a QoS the associations
 * name that none of them gives would be imported by name only, its limits
 * lost: named where first used. "normal" is slurmdbd's own: it creates it
 * on a new database.
 */
static void qos_not_given(struct dump *d)
{
	for (size_t i = 0; d->qos_lines && i < d->n_refs; i++) {
		if (d->refs[i].given || !strcmp(d->refs[i].name, "normal"))
			continue;
		d->lineno = d->refs[i].lineno;
		dproblem(d, "QoS '%s' is named here but no QOS line (nor the --qos file) "
			 "gives it: its limits are unknown and it is imported by name only; "
			 "add it to the --qos file ('sacctmgr show qos -P' output)",
			 d->refs[i].name);
	}
}

int acct_dump_read(const char *path, const char *text, size_t len,
		   struct acct_dump *out, struct strbuf *problems, char **cause)
{
	struct dump d = { .path = path, .set = &out->set, .problems = problems };
	char *copy = xstrndup(text, len), *save = NULL;
	int rc = 0;

	d.parent = xstrdup("root");
	for (char *s = copy, *nl; s && rc == 0; s = nl) {
		nl = strchr(s, '\n');
		if (nl)
			*nl++ = '\0';
		d.lineno++;
		s[strcspn(s, "\r")] = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s && *s != '#')
			rc = parse_line(&d, s, cause);
	}
	(void)save;
	if (rc == 0 && !d.cluster) {
		*cause = xasprintf("%s: no 'Cluster - ' line: not a sacctmgr dump", path);
		rc = -1;
	}
	if (rc == 0) {
		qos_not_given(&d);
		mark_defaults(&d);
		out->qos_lines = d.qos_lines;
		out->cluster = d.cluster;
		d.cluster = NULL;
		rc = (int)d.n;
	}
	free(d.parent);
	free(d.cluster);
	for (size_t i = 0; i < d.n_def_of; i++)
		free(d.def_of[i]);
	free(d.def_of);
	for (size_t i = 0; i < d.n_refs; i++)
		free(d.refs[i].name);
	free(d.refs);
	free(d.slots);
	free(copy);
	return rc;
}

void acct_dump_release(struct acct_dump *d)
{
	if (!d)
		return;
	acct_objset_release(&d->set);
	free(d->cluster);
	d->cluster = NULL;
}
