/*
 * acct_desired.c: the accounting rows the inventory asks for, with the
 * defaults sacctmgr would fill in (description = name, organization =
 * parent or name, both lowercased; fairshare 1, "parent" = 2147483647;
 * QoS priority 0, grace time 0, usage factor 1), so that a database seeded
 * by sacctmgr from the same inventory diffs as empty.
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct_state.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/model.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_value.h"
#include "acct/read/acct_desired.h"
#include "acct/read/acct_fed.h"

#define FAIRSHARE_PARENT "2147483647"

static void set_ll(struct acct_obj *o, const char *field, long long v)
{
	char buf[32];

	if (v == MODEL_UNSET || v < 0) {
		acct_obj_set(o, field, NULL);
		return;
	}
	snprintf(buf, sizeof(buf), "%lld", v);
	acct_obj_set(o, field, buf);
}

static void set_own(struct acct_obj *o, const char *field, char *v)
{
	acct_obj_set(o, field, v);
	free(v);
}

static int set_tres(struct acct_obj *o, const char *field,
		    const struct kv_list *kv, char **cause)
{
	char *v;

	if (acct_tres_from_kv(kv, &v, cause) < 0)
		return -1;
	set_own(o, field, v);
	return 0;
}

static int set_time(struct acct_obj *o, const char *field, const char *t,
		    char **cause)
{
	long long min;

	if (!t) {
		acct_obj_set(o, field, NULL);
		return 0;
	}
	if (acct_time_minutes(t, &min) < 0) {
		*cause = xasprintf("bad time limit '%s'", t);
		return -1;
	}
	set_ll(o, field, min);
	return 0;
}

static void set_list(struct acct_obj *o, const char *field,
		     const struct str_list *l)
{
	set_own(o, field, acct_names_join(l->items, l->n));
}

/*
 * sacctmgr lowercases descriptions and organizations and turns every ' and "
 * inside a value into ` (strip_quotes in sacctmgr/common.c; seen on the lab
 * with 22.05 and 24.11). Both methods write what sacctmgr would.
 */
static void set_lower(struct acct_obj *o, const char *field, const char *v)
{
	char *s = acct_lower(xstrdup(v));

	for (char *p = s; *p; p++)
		if (*p == '\'' || *p == '"')
			*p = '`';
	set_own(o, field, s);
}

static int qos_tres(struct acct_obj *o, const struct qos *q, char **cause)
{
	if (set_tres(o, "max_tres_per_user", &q->max_tres_per_user, cause) < 0 ||
	    set_tres(o, "max_tres_per_job", &q->max_tres_per_job, cause) < 0 ||
	    set_tres(o, "max_tres_per_account", &q->max_tres_per_account, cause) < 0 ||
	    set_tres(o, "max_tres_per_node", &q->max_tres_per_node, cause) < 0 ||
	    set_tres(o, "min_tres_per_job", &q->min_tres_per_job, cause) < 0 ||
	    set_tres(o, "grp_tres", &q->grp_tres, cause) < 0)
		return -1;
	return 0;
}

const char *acct_qos_default_description(const char *name)
{
	return strcmp(name, "normal") ? name : ACCT_NORMAL_QOS_DESCRIPTION;
}

static int add_qos(struct acct_objset *s, const struct qos *q, char **cause)
{
	struct acct_obj *o = acct_objset_add(s, ACCT_QOS, q->name, NULL);
	char *v = NULL;
	char buf[64];

	/* the QoS slurmdbd makes keeps slurmdbd's description unless asked */
	if (!q->description && !strcmp(q->name, "normal"))
		acct_obj_set(o, "description", ACCT_NORMAL_QOS_DESCRIPTION);
	else
		set_lower(o, "description", q->description ? q->description : q->name);
	set_ll(o, "priority", q->priority > 0 ? q->priority : MODEL_UNSET);
	if (acct_qos_flags_canon(&q->flags, &v, cause) < 0)
		return -1;
	set_own(o, "flags", v);
	set_ll(o, "grace_time", q->grace_time > 0 ? q->grace_time : MODEL_UNSET);
	set_list(o, "preempt", &q->preempt);
	if (acct_pmode_canon(q->preempt_mode, &v, cause) < 0)
		return -1;
	set_own(o, "preempt_mode", v);
	snprintf(buf, sizeof(buf), "%g", q->usage_factor ? strtod(q->usage_factor, NULL) : 1.0);
	acct_obj_set(o, "usage_factor", buf);
	if (qos_tres(o, q, cause) < 0 ||
	    set_time(o, "max_wall", q->max_wall, cause) < 0 ||
	    set_time(o, "grp_wall", q->grp_wall, cause) < 0)
		return -1;
	set_ll(o, "max_jobs_per_user", q->max_jobs_per_user);
	set_ll(o, "max_submit_jobs_per_user", q->max_submit_jobs_per_user);
	set_ll(o, "max_jobs_per_account", q->max_jobs_per_account);
	set_ll(o, "max_submit_jobs_per_account", q->max_submit_jobs_per_account);
	set_ll(o, "grp_jobs", q->grp_jobs);
	set_ll(o, "grp_submit_jobs", q->grp_submit_jobs);
	return 0;
}

static void set_fairshare(struct acct_obj *o, const char *fs)
{
	if (!fs)
		acct_obj_set(o, "fairshare", "1");
	else if (!strcmp(fs, "parent"))
		acct_obj_set(o, "fairshare", FAIRSHARE_PARENT);
	else
		acct_obj_set(o, "fairshare", fs);
}

/* Limits shared by account and user associations. */
struct assoc_limits {
	const char *fairshare;
	const struct kv_list *grp_tres, *max_tres_per_job, *max_tres_per_node;
	long long grp_jobs, grp_submit_jobs, max_jobs, max_submit_jobs;
	const char *grp_wall, *max_wall, *default_qos;
	const struct str_list *qos;
};

static int set_assoc(struct acct_obj *o, const struct assoc_limits *l,
		     char **cause)
{
	set_fairshare(o, l->fairshare);
	if (set_tres(o, "grp_tres", l->grp_tres, cause) < 0 ||
	    set_tres(o, "max_tres_per_job", l->max_tres_per_job, cause) < 0 ||
	    (l->max_tres_per_node &&
	     set_tres(o, "max_tres_per_node", l->max_tres_per_node, cause) < 0) ||
	    set_time(o, "grp_wall", l->grp_wall, cause) < 0 ||
	    set_time(o, "max_wall", l->max_wall, cause) < 0)
		return -1;
	set_ll(o, "grp_jobs", l->grp_jobs);
	set_ll(o, "grp_submit_jobs", l->grp_submit_jobs);
	set_ll(o, "max_jobs", l->max_jobs);
	set_ll(o, "max_submit_jobs", l->max_submit_jobs);
	acct_obj_set(o, "default_qos", l->default_qos);
	set_list(o, "qos", l->qos);
	return 0;
}

static int add_account(struct acct_objset *s, const struct account *a,
		       char **cause)
{
	const char *parent = a->parent ? a->parent : "root";
	struct acct_obj *o = acct_objset_add(s, ACCT_ACCOUNT, a->name, NULL);
	struct assoc_limits l = {
		a->fairshare, &a->grp_tres, &a->max_tres_per_job,
		&a->max_tres_per_node, a->grp_jobs, a->grp_submit_jobs,
		a->max_jobs, a->max_submit_jobs, a->grp_wall, a->max_wall,
		a->default_qos, &a->qos,
	};

	set_lower(o, "description", a->description ? a->description : a->name);
	set_lower(o, "organization", a->organization ? a->organization :
		  strcmp(parent, "root") ? parent : a->name);
	set_list(o, "coordinators", &a->coordinators);
	o = acct_objset_add(s, ACCT_ASSOC, a->name, "");
	acct_obj_set(o, "parent", parent);
	acct_obj_set(o, "is_def", "0");
	return set_assoc(o, &l, cause);
}

/*
 * The association that carries is_def: the default account's one without
 * a partition, else its first with one. sacctmgr marks only the
 * association that creates the user (or one named in DefaultAccount=), so
 * partition associations added later keep is_def 0.
 */
static size_t default_assoc(const struct user *u)
{
	const char *def = user_default_account(u);
	size_t first = SIZE_MAX;

	for (size_t i = 0; def && i < u->accounts.n; i++) {
		if (strcmp(u->accounts.items[i], def))
			continue;
		if (!u->assocs || !u->assocs[i].partition)
			return i;
		if (first == SIZE_MAX)
			first = i;
	}
	return first;
}

static int add_user(struct acct_objset *s, const struct user *u, char **cause)
{
	size_t def = default_assoc(u);
	struct acct_obj *o = acct_objset_add(s, ACCT_USER, u->name, NULL);

	acct_obj_set(o, "admin_level",
		     acct_admin_name(u->admin_level ? (int)u->admin_level : 1));
	for (size_t i = 0; i < u->accounts.n; i++) {
		struct user_assoc a;
		struct assoc_limits l;

		user_assoc_resolve(u, i, &a);
		l = (struct assoc_limits){
			a.fairshare, &a.grp_tres, &a.max_tres_per_job, NULL,
			a.grp_jobs, a.grp_submit_jobs, a.max_jobs, a.max_submit_jobs,
			NULL, a.max_wall, a.default_qos, &a.qos,
		};
		o = acct_objset_add(s, ACCT_ASSOC, a.account, u->name);
		acct_obj_set_part(o, a.partition);
		acct_obj_set(o, "is_def", i == def ? "1" : "0");
		if (set_assoc(o, &l, cause) < 0)
			return -1;
	}
	return 0;
}

static void add_tres_names(struct acct_objset *s, const char *canon,
			   struct strbuf *seen)
{
	while (canon && *canon) {
		size_t len = strcspn(canon, "=");
		char *name = xstrndup(canon, len);
		struct strbuf key = STRBUF_INIT;

		strbuf_addf(&key, "\n%s\n", name);
		if (!strstr(seen->buf, key.buf)) {
			strbuf_addstr(seen, key.buf + 1);
			acct_objset_add(s, ACCT_TRES, name, NULL);
		}
		strbuf_release(&key);
		free(name);
		canon += strcspn(canon, ",");
		canon += *canon == ',';
	}
}

/* One ACCT_TRES object per TRES name any limit uses. */
static void add_tres(struct acct_objset *s)
{
	struct strbuf seen = STRBUF_INIT;
	size_t n = s->n;

	strbuf_addch(&seen, '\n');
	for (size_t i = 0; i < n; i++) {
		size_t nf;
		const struct acct_field *f = acct_fields(s->items[i].kind, &nf);

		for (size_t j = 0; j < nf; j++)
			if (f[j].type == F_TRES)
				add_tres_names(s, s->items[i].vals[j], &seen);
	}
	strbuf_release(&seen);
}

int acct_desired_build(const struct model *m, struct acct_objset *out,
		       char **cause)
{
	acct_objset_add(out, ACCT_CLUSTER, m->cluster.name, NULL);
	for (size_t i = 0; i < m->n_qos; i++)
		if (add_qos(out, &m->qos[i], cause) < 0)
			goto fail;
	for (size_t i = 0; i < m->n_accounts; i++)
		if (add_account(out, &m->accounts[i], cause) < 0)
			goto fail;
	for (size_t i = 0; i < m->n_users; i++)
		if (add_user(out, &m->users[i], cause) < 0)
			goto fail;
	add_tres(out);
	acct_fed_desired(m, out);
	return 0;
fail:
	acct_objset_release(out);
	return -1;
}
