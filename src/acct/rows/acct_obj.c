/*
 * acct_obj.c: the field tables of the accounting objects and the object
 * sets both sides of the diff are made of. One table per kind drives
 * reading the database, comparing, printing and writing, so a column is
 * described once.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acct/rows/acct_state.h"
#include "base/die.h"
#include "base/xalloc.h"
#include "acct/rows/acct_obj.h"

static const struct acct_field qos_fields[] = {
	{ "description", "description", F_STR, "Description" },
	{ "priority", "priority", F_INT0, "Priority" },
	{ "flags", "flags", F_QFLAGS, "Flags" },
	{ "grace_time", "grace_time", F_INT0, "GraceTime" },
	{ "preempt", "preempt", F_QOSLIST, "Preempt" },
	{ "preempt_mode", "preempt_mode", F_PMODE, "PreemptMode" },
	{ "usage_factor", "usage_factor", F_DOUBLE, "UsageFactor" },
	{ "max_tres_per_user", "max_tres_pu", F_TRES, "MaxTRESPerUser" },
	{ "max_tres_per_job", "max_tres_pj", F_TRES, "MaxTRESPerJob" },
	{ "max_tres_per_account", "max_tres_pa", F_TRES, "MaxTRESPerAccount" },
	{ "max_tres_per_node", "max_tres_pn", F_TRES, "MaxTRESPerNode" },
	{ "min_tres_per_job", "min_tres_pj", F_TRES, "MinTRESPerJob" },
	{ "grp_tres", "grp_tres", F_TRES, "GrpTRES" },
	{ "max_wall", "max_wall_duration_per_job", F_MINUTES, "MaxWall" },
	{ "grp_wall", "grp_wall", F_MINUTES, "GrpWall" },
	{ "max_jobs_per_user", "max_jobs_per_user", F_INT, "MaxJobsPerUser" },
	{ "max_submit_jobs_per_user", "max_submit_jobs_per_user", F_INT,
	  "MaxSubmitJobsPerUser" },
	{ "max_jobs_per_account", "max_jobs_pa", F_INT, "MaxJobsPerAccount" },
	{ "max_submit_jobs_per_account", "max_submit_jobs_pa", F_INT,
	  "MaxSubmitJobsPerAccount" },
	{ "grp_jobs", "grp_jobs", F_INT, "GrpJobs" },
	{ "grp_submit_jobs", "grp_submit_jobs", F_INT, "GrpSubmitJobs" },
};

static const struct acct_field account_fields[] = {
	{ "description", "description", F_STR, "Description" },
	{ "organization", "organization", F_STR, "Organization" },
	{ "coordinators", NULL, F_NAMES, NULL },
};

static const struct acct_field user_fields[] = {
	{ "admin_level", "admin_level", F_ADMIN, "AdminLevel" },
};

static const struct acct_field assoc_fields[] = {
	{ "parent", "parent_acct", F_STR, "Parent" },
	{ "fairshare", "shares", F_INT, "Fairshare" },
	{ "grp_tres", "grp_tres", F_TRES, "GrpTRES" },
	{ "max_tres_per_job", "max_tres_pj", F_TRES, "MaxTRES" },
	{ "max_tres_per_node", "max_tres_pn", F_TRES, "MaxTRESPerNode" },
	{ "grp_jobs", "grp_jobs", F_INT, "GrpJobs" },
	{ "grp_submit_jobs", "grp_submit_jobs", F_INT, "GrpSubmitJobs" },
	{ "max_jobs", "max_jobs", F_INT, "MaxJobs" },
	{ "max_submit_jobs", "max_submit_jobs", F_INT, "MaxSubmitJobs" },
	{ "grp_wall", "grp_wall", F_MINUTES, "GrpWall" },
	{ "max_wall", "max_wall_pj", F_MINUTES, "MaxWall" },
	{ "default_qos", "def_qos_id", F_QOSID, "DefaultQOS" },
	{ "qos", "qos", F_QOSLIST, "QOS" },
	{ "delta_qos", "delta_qos", F_DELTA, NULL },
	{ "is_def", "is_def", F_INT, NULL },
};

/*
 * A cluster's place in a federation (sacctmgr modify cluster C set
 * Federation= Features= FedState=): features sorted as slurmdbd stores
 * them, the state by name ("active"). Their own code reads and writes
 * them (acct_fed.c, acct_sql_fed.c, acct_sacctmgr_fed.c): fed_state is a
 * number in the database.
 */
static const struct acct_field fedmember_fields[] = {
	{ "federation", "federation", F_STR, "Federation" },
	{ "features", "features", F_STR, "Features" },
	{ "state", "fed_state", F_STR, "FedState" },
};

const struct acct_field *acct_fields(enum acct_kind k, size_t *n)
{
	switch (k) {
	case ACCT_QOS:
		*n = ARRAY_SIZE(qos_fields);
		return qos_fields;
	case ACCT_ACCOUNT:
		*n = ARRAY_SIZE(account_fields);
		return account_fields;
	case ACCT_USER:
		*n = ARRAY_SIZE(user_fields);
		return user_fields;
	case ACCT_ASSOC:
		*n = ARRAY_SIZE(assoc_fields);
		return assoc_fields;
	case ACCT_FEDMEMBER:
		*n = ARRAY_SIZE(fedmember_fields);
		return fedmember_fields;
	default:
		*n = 0;
		return NULL;
	}
}

const char *acct_kind_name(enum acct_kind k)
{
	static const char *const names[] = {
		"cluster", "tres", "qos", "account", "user", "association",
		"federation", "federation_member",
	};

	if ((size_t)k >= ARRAY_SIZE(names))
		BUG("bad acct kind %d", (int)k);
	return names[k];
}

struct acct_obj *acct_objset_add(struct acct_objset *s, enum acct_kind k,
				 const char *name, const char *user)
{
	struct acct_obj *o;
	size_t n;

	acct_fields(k, &n);
	XGROW(s->items, s->alloc, s->n + 1);
	o = &s->items[s->n++];
	o->kind = k;
	o->name = xstrdup(name);
	o->user = user ? xstrdup(user) : NULL;
	o->part = NULL;
	o->vals = xcalloc(n ? n : 1, sizeof(*o->vals));
	return o;
}

void acct_objset_release(struct acct_objset *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		struct acct_obj *o = &s->items[i];
		size_t n;

		acct_fields(o->kind, &n);
		for (size_t j = 0; j < n; j++)
			free(o->vals[j]);
		free(o->vals);
		free(o->name);
		free(o->user);
		free(o->part);
	}
	free(s->items);
	s->items = NULL;
	s->n = s->alloc = 0;
}

int acct_obj_cmp(const void *a, const void *b)
{
	const struct acct_obj *x = a, *y = b;
	int c;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	c = strcmp(x->name, y->name);
	if (c)
		return c;
	c = strcmp(x->user ? x->user : "", y->user ? y->user : "");
	return c ? c : strcmp(acct_obj_part(x), acct_obj_part(y));
}

char *acct_obj_label(const struct acct_obj *o)
{
	if (o->kind == ACCT_ASSOC && o->part)
		return xasprintf("association '%s' in '%s' partition '%s'", o->user,
				 o->name, o->part);
	if (o->kind == ACCT_ASSOC && o->user && *o->user)
		return xasprintf("association '%s' in '%s'", o->user, o->name);
	if (o->kind == ACCT_ASSOC)
		return xasprintf("association of account '%s'", o->name);
	if (o->kind == ACCT_FEDMEMBER)
		return xasprintf("cluster '%s' in federation '%s'", o->name,
				 acct_obj_get(o, "federation"));
	return xasprintf("%s '%s'", acct_kind_name(o->kind), o->name);
}

void acct_obj_set_part(struct acct_obj *o, const char *part)
{
	free(o->part);
	o->part = part && *part ? xstrdup(part) : NULL;
}

const char *acct_obj_part(const struct acct_obj *o)
{
	return o->part ? o->part : "";
}

size_t acct_field_index(enum acct_kind k, const char *name)
{
	size_t n;
	const struct acct_field *f = acct_fields(k, &n);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(f[i].name, name))
			return i;
	BUG("no field '%s' in %s", name, acct_kind_name(k));
}

void acct_obj_set(struct acct_obj *o, const char *field, const char *val)
{
	size_t i = acct_field_index(o->kind, field);

	free(o->vals[i]);
	o->vals[i] = val ? xstrdup(val) : NULL;
}

const char *acct_obj_get(const struct acct_obj *o, const char *field)
{
	return o->vals[acct_field_index(o->kind, field)];
}

static int cmp_ptr(const void *a, const void *b)
{
	return acct_obj_cmp(*(const struct acct_obj *const *)a,
			    *(const struct acct_obj *const *)b);
}

static int cmp_def(const void *a, const void *b)
{
	return strcmp((*(const struct acct_obj *const *)a)->user,
		      (*(const struct acct_obj *const *)b)->user);
}

void acct_index_build(struct acct_index *ix, const struct acct_objset *s)
{
	ix->v = xcalloc(s->n + 1, sizeof(*ix->v));
	ix->defs = xcalloc(s->n + 1, sizeof(*ix->defs));
	ix->n = s->n;
	ix->n_defs = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct acct_obj *o = &s->items[i];
		const char *def;

		ix->v[i] = o;
		if (o->kind != ACCT_ASSOC || !*o->user)
			continue;
		def = acct_obj_get(o, "is_def");
		if (def && !strcmp(def, "1"))
			ix->defs[ix->n_defs++] = o;
	}
	xqsort(ix->v, ix->n, sizeof(*ix->v), cmp_ptr);
	xqsort(ix->defs, ix->n_defs, sizeof(*ix->defs), cmp_def);
}

const struct acct_obj *acct_index_find(const struct acct_index *ix,
				       enum acct_kind k, const char *name,
				       const char *user)
{
	struct acct_obj key = { .kind = k, .name = (char *)name, .user = (char *)user };
	const struct acct_obj *kp = &key, **hit;

	hit = bsearch(&kp, ix->v, ix->n, sizeof(*ix->v), cmp_ptr);
	return hit ? *hit : NULL;
}

const struct acct_obj **acct_index_slot(const struct acct_index *ix,
					const struct acct_obj *o)
{
	return bsearch(&o, ix->v, ix->n, sizeof(*ix->v), cmp_ptr);
}

const struct acct_obj *acct_index_find_obj(const struct acct_index *ix,
					   const struct acct_obj *o)
{
	const struct acct_obj **hit = acct_index_slot(ix, o);

	return hit ? *hit : NULL;
}

const char *acct_index_default(const struct acct_index *ix, const char *user)
{
	struct acct_obj key = { .user = (char *)user };
	const struct acct_obj *kp = &key, **hit;

	hit = bsearch(&kp, ix->defs, ix->n_defs, sizeof(*ix->defs), cmp_def);
	return hit ? (*hit)->name : NULL;
}

void acct_index_release(struct acct_index *ix)
{
	if (!ix)
		return;
	free(ix->v);
	free(ix->defs);
	ix->v = ix->defs = NULL;
	ix->n = ix->n_defs = 0;
}

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

bool acct_field_differs(const struct acct_obj *want, const struct acct_obj *have,
			size_t j)
{
	size_t n;

	/* sacctmgr lowercases the descriptions it writes, slurmdbd keeps its
	 * own "Normal QOS default": their case is no change to make */
	if (want->vals[j] && have->vals[j] &&
	    !strcmp(acct_fields(want->kind, &n)[j].name, "description"))
		return strcasecmp(want->vals[j], have->vals[j]) != 0;
	return !str_eq(want->vals[j], have->vals[j]);
}
