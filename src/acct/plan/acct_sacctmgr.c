/*
 * acct_sacctmgr.c: the sacctmgr side. The same plan as "sacctmgr -i"
 * commands (method sacctmgr, for sites that do not let anything but
 * slurmdbd write their database), and the desired state as a "sacctmgr
 * load" flat file. Every argument is shell-quoted as one word, so a name or
 * description can never become shell syntax.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "acct/rows/acct_db.h"
#include "acct/plan/acct_sacctmgr.h"
#include "acct/plan/acct_sacctmgr_fed.h"
#include "acct/sql/acct_sql.h"
#include "transport/transport_exec.h"
#include "base/xalloc.h"
#include "acct/rows/acct_state.h"
#include "base/strbuf.h"
#include "acct/read/acct_desired.h"
#include "acct/rows/acct_obj.h"
#include "acct/plan/acct_plan.h"

static void arg(struct strbuf *out, const char *key, const char *val)
{
	struct strbuf tok = STRBUF_INIT;

	if (key)
		strbuf_addf(&tok, "%s=", key);
	strbuf_addstr(&tok, val);
	strbuf_addch(out, ' ');
	transport_shell_quote(out, tok.buf);
	strbuf_release(&tok);
}

static bool tres_has(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; p && *p;) {
		size_t l = strcspn(p, ",");

		if (l > len && p[len] == '=' && !strncmp(p, name, len))
			return true;
		p += l + (p[l] == ',');
	}
	return false;
}

/* new TRES list plus "name=-1" for every TRES only old has (unsets it). */
static char *tres_value(const char *old, const char *new)
{
	struct strbuf sb = STRBUF_INIT;
	char *copy = xstrdup(old ? old : ""), *save = NULL;

	if (new)
		strbuf_addstr(&sb, new);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		*strchr(t, '=') = '\0';
		if (!tres_has(new, t))
			strbuf_addf(&sb, "%s%s=-1", sb.len ? "," : "", t);
	}
	free(copy);
	return strbuf_detach(&sb, NULL);
}

/* The sacctmgr spelling of field f going from old to new (NULL = skip). */
static char *sacct_value(const struct acct_field *f, const char *old, const char *new)
{
	switch (f->type) {
	case F_TRES:
		return (old || new) ? tres_value(old, new) : NULL;
	case F_PMODE:
		return xstrdup(new ? new : "off");
	case F_QOSLIST:
		return xstrdup(new ? new : "");
	case F_STR:
	case F_ADMIN:
	case F_DOUBLE:
		return new ? xstrdup(new) : NULL;
	case F_INT0:
		return xstrdup(new ? new : "0");
	default:
		return xstrdup(new ? new : "-1");
	}
}

/* Appends Key=Value for fields of want (changed vs have, or all set when have is NULL). */
static void set_args(struct strbuf *out, const struct acct_obj *want,
		     const struct acct_obj *have, const char *skip)
{
	size_t n;
	const struct acct_field *f = acct_fields(want->kind, &n);

	for (size_t j = 0; j < n; j++) {
		const char *old = have ? have->vals[j] : NULL;
		char *v;

		if (!f[j].sacctmgr || (skip && strstr(skip, f[j].name)))
			continue;
		if (have ? !acct_field_differs(want, have, j) : !want->vals[j])
			continue;
		v = sacct_value(&f[j], old, want->vals[j]);
		if (v)
			arg(out, f[j].sacctmgr, v);
		free(v);
	}
}

static void cmd_start(struct strbuf *out, const char *verb, const char *what)
{
	strbuf_addf(out, "sacctmgr -i %s %s", verb, what);
}

static void qos_cmds(struct strbuf *out, const struct acct_change *c)
{
	/* slurmdbd creates "normal" itself: an added "normal" is a modify */
	if (c->op == ACCT_ADD && strcmp(c->want->name, "normal")) {
		cmd_start(out, "add", "qos");
		arg(out, NULL, c->want->name);
		set_args(out, c->want, NULL, "preempt ");
	} else {
		cmd_start(out, "modify", "qos where");
		arg(out, "name", c->want->name);
		strbuf_addstr(out, " set");
		set_args(out, c->want, c->have, "preempt ");
	}
	strbuf_addch(out, '\n');
}

static void qos_preempt(struct strbuf *out, const struct acct_change *c)
{
	size_t pi = acct_field_index(ACCT_QOS, "preempt");
	const char *old = c->have ? c->have->vals[pi] : NULL;
	const char *new = c->want->vals[pi];

	if ((!old && !new) || (old && new && !strcmp(old, new)))
		return;
	cmd_start(out, "modify", "qos where");
	arg(out, "name", c->want->name);
	strbuf_addstr(out, " set");
	arg(out, "Preempt", new ? new : "");
	strbuf_addch(out, '\n');
}

static void coord_cmds(struct strbuf *out, const struct acct_change *c)
{
	size_t ci = acct_field_index(ACCT_ACCOUNT, "coordinators");
	const char *want = c->want ? c->want->vals[ci] : NULL;
	const char *have = c->have ? c->have->vals[ci] : NULL;

	if ((!want && !have) || (want && have && !strcmp(want, have)))
		return;
	if (have) {
		cmd_start(out, "remove", "coordinator");
		arg(out, "account", c->want->name);
		arg(out, "names", have);
		strbuf_addch(out, '\n');
	}
	if (want) {
		cmd_start(out, "add", "coordinator");
		arg(out, "account", c->want->name);
		arg(out, "names", want);
		strbuf_addch(out, '\n');
	}
}

static void account_add(struct strbuf *out, const struct acct_plan *p,
			const struct acct_index *ix, const struct acct_obj *assoc)
{
	const struct acct_obj *a = acct_index_find(ix, ACCT_ACCOUNT, assoc->name, NULL);

	cmd_start(out, "add", "account");
	arg(out, NULL, assoc->name);
	arg(out, "Cluster", p->cluster);
	if (a) {
		arg(out, "Description", acct_obj_get(a, "description"));
		arg(out, "Organization", acct_obj_get(a, "organization"));
	}
	set_args(out, assoc, NULL, NULL);
	strbuf_addch(out, '\n');
}

/* The arguments of "sacctmgr add user NAME ..." after the name. */
static char *user_add_args(const struct acct_plan *p, const struct acct_index *ix,
			   const struct acct_obj *assoc)
{
	const struct acct_obj *u = acct_index_find(ix, ACCT_USER, assoc->user, NULL);
	struct strbuf out = STRBUF_INIT;

	arg(&out, "Account", assoc->name);
	if (assoc->part)
		arg(&out, "Partition", assoc->part);
	arg(&out, "Cluster", p->cluster);
	if (u && strcmp(acct_obj_get(u, "admin_level"), "None"))
		arg(&out, "AdminLevel", acct_obj_get(u, "admin_level"));
	set_args(&out, assoc, NULL, "parent ");
	return strbuf_detach(&out, NULL);
}

/*
 * "sacctmgr -i VERB user where name=U account=A cluster=C" for a user
 * association, "... account where name=A cluster=C" for an account's.
 */
static void assoc_where(struct strbuf *out, const char *verb,
			const struct acct_plan *p, const struct acct_obj *o)
{
	if (*o->user) {
		cmd_start(out, verb, "user where");
		arg(out, "name", o->user);
		arg(out, "account", o->name);
		if (o->part)
			arg(out, "partition", o->part);
	} else {
		cmd_start(out, verb, "account where");
		arg(out, "name", o->name);
	}
	arg(out, "cluster", p->cluster);
}

/*
 * "modify user where name=U account=A" changes U's partition associations
 * in A too (sacctmgr cannot say "no partition"): set each field the change
 * of c touched back to what the partition association sib wants.
 */
static void partition_restore(struct strbuf *out, const struct acct_plan *p,
			      const struct acct_change *c, const struct acct_obj *sib)
{
	size_t n;
	const struct acct_field *f = acct_fields(ACCT_ASSOC, &n);
	struct strbuf set = STRBUF_INIT;

	for (size_t j = 0; j < n; j++) {
		char *touched, *v;

		if (!f[j].sacctmgr || !strcmp(f[j].name, "is_def") ||
		    !acct_field_differs(c->want, c->have, j))
			continue;
		/* TRES: every name the change set or unset, unset unless sib has it */
		touched = xasprintf("%s,%s", c->have->vals[j] ? c->have->vals[j] : "",
				    c->want->vals[j] ? c->want->vals[j] : "");
		v = f[j].type == F_TRES ? tres_value(touched, sib->vals[j]) :
			sacct_value(&f[j], NULL, sib->vals[j]);
		if (v)
			arg(&set, f[j].sacctmgr, v);
		free(v);
		free(touched);
	}
	if (set.len) {
		assoc_where(out, "modify", p, sib);
		strbuf_addf(out, " set%s\n", set.buf);
	}
	strbuf_release(&set);
}

/* partition_restore() for each partition association of c's user in c's account. */
static void restore_partitions(struct strbuf *out, const struct acct_plan *p,
			       const struct acct_index *ix, const struct acct_change *c)
{
	const struct acct_obj **slot = acct_index_slot(ix, c->want);
	const struct acct_obj **end = ix->v + ix->n;

	/* in index order they follow the association without a partition */
	for (const struct acct_obj **sib = slot ? slot + 1 : end; sib < end; sib++) {
		if ((*sib)->kind != ACCT_ASSOC || strcmp((*sib)->name, c->want->name) ||
		    strcmp((*sib)->user, c->want->user))
			break;
		partition_restore(out, p, c, *sib);
	}
}

static void assoc_change(struct strbuf *out, const struct acct_plan *p,
			 const struct acct_index *ix, const struct acct_change *c)
{
	const struct acct_obj *o = c->want;
	size_t di = acct_field_index(ACCT_ASSOC, "is_def");

	assoc_where(out, "modify", p, o);
	strbuf_addstr(out, " set");
	set_args(out, o, c->have, "is_def ");
	strbuf_addch(out, '\n');
	if (*o->user && !o->part)
		restore_partitions(out, p, ix, c);
	if (*o->user && acct_field_differs(o, c->have, di) && !strcmp(o->vals[di], "1")) {
		cmd_start(out, "modify", "user where");
		arg(out, "name", o->user);
		arg(out, "cluster", p->cluster);
		strbuf_addstr(out, " set");
		arg(out, "DefaultAccount", o->name);
		strbuf_addch(out, '\n');
	}
}

static void entity_change(struct strbuf *out, const struct acct_change *c)
{
	const struct acct_obj *o = c->want;

	if (o->kind == ACCT_USER) {
		cmd_start(out, "modify", "user where");
		arg(out, "name", o->name);
		strbuf_addstr(out, " set");
		set_args(out, o, c->have, NULL);
		strbuf_addch(out, '\n');
		return;
	}
	if (acct_field_differs(o, c->have, 0) || acct_field_differs(o, c->have, 1)) {
		cmd_start(out, "modify", "account where");
		arg(out, "name", o->name);
		strbuf_addstr(out, " set");
		set_args(out, o, c->have, NULL);
		strbuf_addch(out, '\n');
	}
	coord_cmds(out, c);
}

static void removal(struct strbuf *out, const struct acct_plan *p,
		    const struct acct_obj *o)
{
	switch (o->kind) {
	case ACCT_FEDERATION:
	case ACCT_FEDMEMBER:
		acct_sacctmgr_fed_remove(out, o);
		return;
	case ACCT_QOS:
		cmd_start(out, "delete", "qos where");
		arg(out, "name", o->name);
		break;
	case ACCT_ACCOUNT:
	case ACCT_USER:
		/* sacctmgr drops a user or account with its last association */
		strbuf_addf(out, "if sacctmgr -n -P show %s", acct_kind_name(o->kind));
		arg(out, NULL, o->name);
		strbuf_addf(out, " format=%s | grep -q .; then ",
			    o->kind == ACCT_USER ? "user" : "account");
		cmd_start(out, "delete", o->kind == ACCT_USER ? "user where" : "account where");
		arg(out, "name", o->name);
		strbuf_addstr(out, "; fi");
		break;
	default:
		/* deleting U's association in A without a partition took this one too */
		if (o->part) {
			strbuf_addstr(out, "if sacctmgr -n -P show assoc where");
			arg(out, "users", o->user);
			arg(out, "accounts", o->name);
			arg(out, "partitions", o->part);
			arg(out, "cluster", p->cluster);
			strbuf_addstr(out, " format=user | grep -q .; then ");
		}
		assoc_where(out, "delete", p, o);
		if (o->part)
			strbuf_addstr(out, "; fi");
	}
	strbuf_addch(out, '\n');
}

struct user_add {
	char *args;
	const char *name;
	size_t order;
};

static int cmp_user_add(const void *a, const void *b)
{
	const struct user_add *x = a, *y = b;
	int c = strcmp(x->args, y->args);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* Users that get the same association settings share one command. */
#define USERS_PER_COMMAND 100

static void emit_user_adds(struct strbuf *out, struct user_add *v, size_t n)
{
	xqsort(v, n, sizeof(*v), cmp_user_add);
	for (size_t i = 0; i < n;) {
		struct strbuf names = STRBUF_INIT;
		size_t k = i;

		while (k < n && k - i < USERS_PER_COMMAND && !strcmp(v[k].args, v[i].args)) {
			strbuf_addf(&names, "%s%s", k > i ? "," : "", v[k].name);
			k++;
		}
		cmd_start(out, "add", "user");
		arg(out, NULL, names.buf);
		strbuf_addf(out, "%s\n", v[i].args);
		strbuf_release(&names);
		i = k;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].args);
}

/*
 * Users' first association must be the default one (sacctmgr makes the
 * first is_def), so defaults go first, then the others.
 */
static void user_assocs(struct strbuf *out, const struct acct_plan *p,
			const struct acct_index *ix, bool defaults)
{
	size_t di = acct_field_index(ACCT_ASSOC, "is_def");
	struct user_add *v = xcalloc(p->n_changes + 1, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		if (c->op != ACCT_ADD || c->want->kind != ACCT_ASSOC || !*c->want->user)
			continue;
		if (!strcmp(c->want->vals[di], "1") != defaults)
			continue;
		v[n].args = user_add_args(p, ix, c->want);
		v[n].name = c->want->user;
		v[n].order = n;
		n++;
	}
	emit_user_adds(out, v, n);
	free(v);
}

static bool qos_is_new(const struct acct_change *c)
{
	return c->op == ACCT_ADD && c->want->kind == ACCT_QOS && strcmp(c->want->name, "normal");
}

/*
 * The QoS for an apply: one "add qos A,B,..." (ids in plan order, as
 * one command each would give them), then each one's settings, preempt
 * lists included, as a "modify", side by side. On 22.05 every sacctmgr command costs ~0.45 s of
 * slurmdbd's request latency (bench/acct/RESULTS.md), so five QoS took
 * 2.1 s one after the other.
 */
static void qos_side_by_side(const struct acct_plan *p, struct strbuf *out)
{
	struct strbuf names = STRBUF_INIT, set = STRBUF_INIT;
	size_t jobs = 0;

	for (size_t i = 0; i < p->n_changes; i++)
		if (qos_is_new(&p->changes[i]))
			strbuf_addf(&names, "%s%s", names.len ? "," : "", p->changes[i].want->name);
	if (names.len) {
		cmd_start(out, "add", "qos");
		arg(out, NULL, names.buf);
		strbuf_addch(out, '\n');
	}
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		if (!c->want || c->want->kind != ACCT_QOS)
			continue;
		strbuf_reset(&set);
		/* every QoS a preempt list may name exists after the add */
		set_args(&set, c->want, qos_is_new(c) ? NULL : c->have, NULL);
		if (!set.len)
			continue;
		cmd_start(out, "modify", "qos where");
		arg(out, "name", c->want->name);
		strbuf_addf(out, " set%s & p%zu=$!\n", set.buf, jobs++);
	}
	if (jobs) {
		strbuf_addstr(out, "rc=0;");
		for (size_t j = 0; j < jobs; j++)
			strbuf_addf(out, " wait $p%zu || rc=1;", j);
		strbuf_addstr(out, " test $rc = 0\n");
	}
	strbuf_release(&names);
	strbuf_release(&set);
}

/*
 * The cluster, its federation and the QoS: what the adds may name. side_by_side: the
 * QoS as qos_side_by_side() runs them (an apply), else one command each
 * (a script for a human).
 */
static void cmds_head(const struct acct_plan *p, struct strbuf *out, bool side_by_side)
{
	bool cluster_new = false;

	for (size_t i = 0; i < p->n_changes; i++)
		if (p->changes[i].op == ACCT_ADD && p->changes[i].want->kind == ACCT_CLUSTER)
			cluster_new = true;
	if (cluster_new) {
		/* slurmctld 23.11+ adds its cluster itself when it registers, and
		 * sacctmgr then exits 1 ("already exists"): that is done too */
		cmd_start(out, "add", "cluster");
		arg(out, NULL, p->cluster);
		strbuf_addstr(out, " || sacctmgr -n -P show cluster format=cluster | grep -Fqx");
		arg(out, NULL, p->cluster);
		strbuf_addch(out, '\n');
	}
	/* the federation and this cluster's membership: the cluster exists now */
	for (size_t i = 0; i < p->n_changes; i++)
		if (p->changes[i].want && (p->changes[i].want->kind == ACCT_FEDERATION ||
					   p->changes[i].want->kind == ACCT_FEDMEMBER))
			acct_sacctmgr_fed_change(out, &p->changes[i]);
	if (side_by_side)
		qos_side_by_side(p, out);
	for (size_t i = 0; !side_by_side && i < p->n_changes; i++)
		if (p->changes[i].want && p->changes[i].want->kind == ACCT_QOS)
			qos_cmds(out, &p->changes[i]);
	for (size_t i = 0; !side_by_side && i < p->n_changes; i++)
		if (p->changes[i].want && p->changes[i].want->kind == ACCT_QOS)
			qos_preempt(out, &p->changes[i]);
}

/* New accounts' associations, parents first (the plan's order). */
static void cmds_accounts(const struct acct_plan *p, const struct acct_index *ix,
			  struct strbuf *out)
{
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		if (c->op == ACCT_ADD && c->want->kind == ACCT_ASSOC && !*c->want->user)
			account_add(out, p, ix, c->want);
	}
}

/* New accounts' and users' associations, parents first. */
static void cmds_adds(const struct acct_plan *p, const struct acct_index *ix,
		      struct strbuf *out)
{
	cmds_accounts(p, ix, out);
	user_assocs(out, p, ix, true);
	user_assocs(out, p, ix, false);
}

/* Coordinators, changes, then removals. */
static void cmds_tail(const struct acct_plan *p, const struct acct_index *ix,
		      struct strbuf *out)
{
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_change *c = &p->changes[i];

		if (!c->want)
			continue;
		if (c->op == ACCT_ADD && c->want->kind == ACCT_ACCOUNT)
			coord_cmds(out, c);
		else if (c->op == ACCT_CHANGE && c->want->kind == ACCT_ASSOC)
			assoc_change(out, p, ix, c);
		else if (c->op == ACCT_CHANGE && (c->want->kind == ACCT_ACCOUNT ||
						  c->want->kind == ACCT_USER))
			entity_change(out, c);
	}
	for (size_t i = 0; i < p->n_changes; i++)
		if (p->changes[i].op == ACCT_REMOVE)
			removal(out, p, p->changes[i].have);
}

void acct_sacctmgr_commands(const struct acct_plan *p, struct strbuf *out)
{
	struct acct_index ix;

	acct_index_build(&ix, &p->want);
	cmds_head(p, out, false);
	cmds_adds(p, &ix, out);
	cmds_tail(p, &ix, out);
	acct_index_release(&ix);
}

/* ---- sacctmgr load flat file ---- */

static void flat_quoted(struct strbuf *out, const char *key, const char *v)
{
	strbuf_addf(out, ":%s='", key);
	for (; *v; v++) {
		unsigned char c = (unsigned char)*v;

		/*
		 * The flat file has no escape. The loader keeps control
		 * characters out of the model; this keeps a line one line
		 * whatever a caller hands in.
		 */
		if (c == ':' || c < 0x20 || c == 0x7f)
			strbuf_addch(out, '_');
		else
			strbuf_addch(out, *v);
	}
	strbuf_addch(out, '\'');
}

/* Association fields a flat file line carries as Key=value (QoS apart). */
static const char *const flat_keys[][2] = {
	{ "fairshare", "Fairshare" }, { "grp_tres", "GrpTRES" },
	{ "max_tres_per_job", "MaxTRESPerJob" }, { "max_tres_per_node", "MaxTRESPerNode" },
	{ "grp_jobs", "GrpJobs" }, { "grp_submit_jobs", "GrpSubmitJobs" },
	{ "max_jobs", "MaxJobs" }, { "max_submit_jobs", "MaxSubmitJobs" },
	{ "grp_wall", "GrpWall" }, { "max_wall", "MaxWallDurationPerJob" },
};

static void flat_limits(struct strbuf *out, const struct acct_obj *assoc)
{
	for (size_t i = 0; i < ARRAY_SIZE(flat_keys); i++) {
		const char *v = acct_obj_get(assoc, flat_keys[i][0]);

		if (v)
			strbuf_addf(out, ":%s=%s", flat_keys[i][1], v);
	}
	if (acct_obj_get(assoc, "qos"))
		flat_quoted(out, "QOS", acct_obj_get(assoc, "qos"));
	if (acct_obj_get(assoc, "default_qos"))
		flat_quoted(out, "DefaultQOS", acct_obj_get(assoc, "default_qos"));
}

static void flat_user_line(struct strbuf *out, const struct acct_index *ix,
			   const struct acct_obj *o)
{
	const struct acct_obj *u = acct_index_find(ix, ACCT_USER, o->user, NULL);
	const char *def = acct_index_default(ix, o->user);

	strbuf_addf(out, "User - '%s'", o->user);
	if (def)
		flat_quoted(out, "DefaultAccount", def);
	if (u && strcmp(acct_obj_get(u, "admin_level"), "None"))
		flat_quoted(out, "AdminLevel", acct_obj_get(u, "admin_level"));
	if (o->part)
		flat_quoted(out, "Partition", o->part);
	flat_limits(out, o);
	strbuf_addch(out, '\n');
}

static void flat_users(struct strbuf *out, const struct acct_objset *s,
		       const struct acct_index *ix, const char *acct)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct acct_obj *o = &s->items[i];

		if (o->kind == ACCT_ASSOC && *o->user && !strcmp(o->name, acct))
			flat_user_line(out, ix, o);
	}
}

/* The account rows whose parent is `parent`, in model order. */
static size_t child_accounts(const struct acct_objset *s, const struct acct_index *ix,
			     const char *parent, const struct acct_obj **acct,
			     const struct acct_obj **assoc)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct acct_obj *a = &s->items[i], *as;

		if (a->kind != ACCT_ACCOUNT)
			continue;
		as = acct_index_find(ix, ACCT_ASSOC, a->name, "");
		if (!as || strcmp(acct_obj_get(as, "parent"), parent))
			continue;
		acct[n] = a;
		assoc[n++] = as;
	}
	return n;
}

static void flat_children(struct strbuf *out, const struct acct_objset *s,
			  const struct acct_index *ix, const char *parent, bool header)
{
	const struct acct_obj **acct = xcalloc(s->n + 1, sizeof(*acct));
	const struct acct_obj **assoc = xcalloc(s->n + 1, sizeof(*assoc));
	size_t n = child_accounts(s, ix, parent, acct, assoc);

	if (n && !header)
		strbuf_addf(out, "Parent - '%s'\n", parent);
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(out, "Account - '%s'", acct[i]->name);
		flat_quoted(out, "Description", acct_obj_get(acct[i], "description"));
		flat_quoted(out, "Organization", acct_obj_get(acct[i], "organization"));
		flat_limits(out, assoc[i]);
		strbuf_addch(out, '\n');
	}
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(out, "Parent - '%s'\n", acct[i]->name);
		flat_users(out, s, ix, acct[i]->name);
		flat_children(out, s, ix, acct[i]->name, true);
	}
	free(acct);
	free(assoc);
}

int acct_export_flat(const struct model *m, struct strbuf *out, char **cause)
{
	struct acct_index ix;
	struct acct_plan p;
	int rc;

	memset(&p, 0, sizeof(p));
	if (acct_desired_build(m, &p.want, cause) < 0)
		return -1;
	p.cluster = (char *)m->cluster.name;
	strbuf_addstr(out, "# sacctmgr load flat file written by clusterctl export-sacctmgr.\n"
		      "# Slurm 22.05 flat files cannot define QoS: run these first.\n");
	for (size_t i = 0; i < p.want.n; i++) {
		if (p.want.items[i].kind != ACCT_QOS)
			continue;
		strbuf_addstr(out, "#   ");
		qos_cmds(out, &(struct acct_change){ ACCT_ADD, &p.want.items[i], NULL });
		if (acct_obj_get(&p.want.items[i], "preempt")) {
			strbuf_addstr(out, "#   ");
			qos_preempt(out, &(struct acct_change){ ACCT_ADD, &p.want.items[i], NULL });
		}
	}
	strbuf_addf(out, "Cluster - '%s':Fairshare=1:QOS='normal'\n", m->cluster.name);
	acct_index_build(&ix, &p.want);
	flat_children(out, &p.want, &ix, "root", false);
	acct_index_release(&ix);
	for (size_t i = 0; i < p.want.n; i++) {
		const struct acct_obj *a = &p.want.items[i];
		const char *co = a->kind == ACCT_ACCOUNT ? acct_obj_get(a, "coordinators") : NULL;

		if (co)
			strbuf_addf(out, "# coordinators of '%s': sacctmgr -i add coordinator "
				    "account='%s' names='%s'\n", a->name, a->name, co);
		/* nor a federation: its commands, to run after the load */
		if (a->kind == ACCT_FEDERATION || a->kind == ACCT_FEDMEMBER) {
			strbuf_addstr(out, "# federation: ");
			acct_sacctmgr_fed_change(out, &(struct acct_change){ ACCT_ADD, a, NULL });
		}
	}
	rc = 0;
	acct_objset_release(&p.want);
	return rc;
}

int acct_export_commands(const struct model *m, struct strbuf *out, char **cause)
{
	struct acct_plan p;

	memset(&p, 0, sizeof(p));
	if (acct_desired_build(m, &p.want, cause) < 0)
		return -1;
	p.cluster = (char *)m->cluster.name;
	acct_plan_diff(&p);
	acct_sacctmgr_commands(&p, out);
	free(p.changes);
	acct_objset_release(&p.want);
	return 0;
}

/* ---- bulk adds as one "sacctmgr load" ---- */

size_t acct_count_lines(const struct strbuf *sb)
{
	size_t n = 0;

	for (size_t i = 0; i < sb->len; i++)
		n += sb->buf[i] == '\n';
	return n;
}

/* A flat file has no escape: text with ':' or a quote, or a field it has no key for, takes the commands. */
static bool flat_text_ok(const char *s)
{
	return !s || !strpbrk(s, ":'\"\n");
}

static bool flat_can_carry(const struct acct_obj *assoc, const struct acct_obj *acct)
{
	size_t n;
	const struct acct_field *f = acct_fields(ACCT_ASSOC, &n);

	for (size_t j = 0; j < n; j++) {
		bool known = !f[j].sacctmgr || !strcmp(f[j].name, "parent") ||
			!strcmp(f[j].name, "qos") || !strcmp(f[j].name, "default_qos");

		for (size_t k = 0; !known && k < ARRAY_SIZE(flat_keys); k++)
			known = !strcmp(f[j].name, flat_keys[k][0]);
		if (!known && assoc->vals[j])
			return false;
	}
	if (!flat_text_ok(assoc->name) || !flat_text_ok(assoc->user))
		return false;
	return !acct || (flat_text_ok(acct_obj_get(acct, "description")) &&
			 flat_text_ok(acct_obj_get(acct, "organization")));
}

struct flat_user {
	const struct acct_obj *assoc;
	size_t order;
};

static int cmp_flat_user(const void *a, const void *b)
{
	const struct flat_user *x = a, *y = b;
	int c = strcmp(x->assoc->name, y->assoc->name);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/*
 * The plan's new associations as a flat file: new accounts under their
 * parents (the plan lists parents first), then users grouped by account.
 * false when one of them cannot be carried (flat_can_carry).
 */
static bool flat_adds(const struct acct_plan *p, const struct acct_index *ix,
		      bool accounts, struct strbuf *out)
{
	struct flat_user *v = xcalloc(p->n_changes + 1, sizeof(*v));
	size_t n = 0;
	bool ok = true;

	strbuf_addf(out, "Cluster - '%s'\n", p->cluster);
	for (size_t i = 0; ok && i < p->n_changes; i++) {
		const struct acct_obj *o = p->changes[i].want;
		const struct acct_obj *a;

		if (p->changes[i].op != ACCT_ADD || o->kind != ACCT_ASSOC)
			continue;
		if (*o->user) {
			/*
			 * "sacctmgr load" marks is_def on every association of
			 * the default account, partition ones included, where
			 * "add user" marks one: partition associations go by
			 * commands (t3030 compares the rows)
			 */
			ok = flat_can_carry(o, NULL) && !o->part;
			v[n].assoc = o;
			v[n].order = n;
			n++;
			continue;
		}
		if (!accounts)
			continue;
		a = acct_index_find(ix, ACCT_ACCOUNT, o->name, NULL);
		ok = flat_can_carry(o, a);
		strbuf_addf(out, "Parent - '%s'\nAccount - '%s'", acct_obj_get(o, "parent"),
			    o->name);
		if (a) {
			flat_quoted(out, "Description", acct_obj_get(a, "description"));
			flat_quoted(out, "Organization", acct_obj_get(a, "organization"));
		}
		flat_limits(out, o);
		strbuf_addch(out, '\n');
	}
	xqsort(v, n, sizeof(*v), cmp_flat_user);
	for (size_t i = 0; ok && i < n; i++) {
		if (!i || strcmp(v[i].assoc->name, v[i - 1].assoc->name))
			strbuf_addf(out, "Parent - '%s'\n", v[i].assoc->name);
		flat_user_line(out, ix, v[i].assoc);
	}
	free(v);
	return ok;
}

bool acct_sacctmgr_split(const struct acct_plan *p, struct strbuf *head,
			 struct strbuf *flat, struct strbuf *tail)
{
	struct acct_index ix;
	struct strbuf adds = STRBUF_INIT, accounts = STRBUF_INIT;
	/*
	 * On 23.11 to 24.11 "sacctmgr load" writes account associations with
	 * is_def=0 where "add account" (and the sql method, which writes what
	 * it does) leaves 127: there the accounts go by commands before the
	 * load, which carries the users (some milliseconds a command there;
	 * on 22.05 half a second, so the file carries the accounts too)
	 */
	bool file_accounts = acct_sql_load_carries_accounts(&p->info);
	bool load;

	acct_index_build(&ix, &p->want);
	cmds_head(p, head, true);
	cmds_adds(p, &ix, &adds);
	if (!file_accounts)
		cmds_accounts(p, &ix, &accounts);
	load = acct_count_lines(&adds) >= ACCT_LOAD_MIN_COMMANDS &&
	       flat_adds(p, &ix, file_accounts, flat) &&
	       (file_accounts || strstr(flat->buf, "\nUser - "));
	if (load) {
		strbuf_add(head, accounts.buf, accounts.len);
	} else {
		strbuf_reset(flat);
		strbuf_add(head, adds.buf, adds.len);
	}
	cmds_tail(p, &ix, tail);
	strbuf_release(&adds);
	strbuf_release(&accounts);
	acct_index_release(&ix);
	return load;
}
