/*
 * acct_readback.c: after an apply, what Slurm itself reports. The check
 * goes through sacctmgr on the accounting host rather than the database so
 * that it also proves slurmdbd is up and reads the rows as intended.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "acct/apply/acct_dbd.h"
#include "acct/plan/acct_sacctmgr.h"
#include "transport/transport_exec.h"
#include "base/xalloc.h"
#include "acct/rows/acct.h"
#include "acct/rows/acct_state.h"
#include "base/strbuf.h"
#include "acct/rows/acct_obj.h"
#include "acct/plan/acct_plan.h"
#include "acct/rows/acct_value.h"
#include "acct/apply/acct_readback.h"

#define MAX_REPORTED 5
/*
 * sacctmgr's DefaultAccount costs slurmdbd ~0.6 ms per user (6 s for
 * 10,000): users are read back for the changed ones, at most this many
 * (an even sample beyond).
 */
#define MAX_USERS_READ 1000

struct lines {
	char **v;	/* each "a|b|c" line, sorted */
	size_t n, alloc;
};

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void split_lines(char *buf, struct lines *l)
{
	char *save = NULL;

	for (char *t = strtok_r(buf, "\n", &save); t; t = strtok_r(NULL, "\n", &save)) {
		XGROW(l->v, l->alloc, l->n + 1);
		l->v[l->n++] = t;
	}
	xqsort(l->v, l->n, sizeof(*l->v), cmp_line);
}

/* The line whose first `keys` '|'-fields equal prefix ("a|b|"). */
static const char *find_line(const struct lines *l, const char *prefix)
{
	size_t lo = 0, hi = l->n, len = strlen(prefix);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(l->v[mid], prefix, len);

		if (!c)
			return l->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Field i of a '|' line, newly allocated. */
static char *field(const char *line, size_t i)
{
	while (i-- && line)
		line = strchr(line, '|') ? strchr(line, '|') + 1 : NULL;
	return line ? xstrndup(line, strcspn(line, "|")) : xstrdup("");
}

static char *sorted_csv(const char *csv)
{
	char *copy = xstrdup(csv), *save = NULL, *out;
	const char **v = NULL;
	size_t n = 0, alloc = 0;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		XGROW(v, alloc, n + 1);
		v[n++] = t;
	}
	out = acct_names_join(v, n);
	free(v);
	free(copy);
	return out ? out : xstrdup("");
}

struct report {
	struct strbuf msg;
	size_t n;
};

static void differ(struct report *r, const char *what, const char *want,
		   const char *got)
{
	if (r->n++ >= MAX_REPORTED)
		return;
	strbuf_addf(&r->msg, "%s%s", r->msg.len ? "; " : "", what);
	if (want) {
		/* got is sacctmgr's output on the far side: made printable */
		strbuf_addstr(&r->msg, " is '");
		strbuf_add_printable(&r->msg, got ? got : "", got ? strlen(got) : 0);
		strbuf_addf(&r->msg, "', expected '%s'", want);
	}
}

static void missing(struct report *r, const char *what)
{
	differ(r, what, NULL, NULL);
	strbuf_addstr(&r->msg, r->n <= MAX_REPORTED ? " is missing" : "");
}

/*
 * The columns read back after the keys (Name, or Account and User), each
 * a field of acct_obj.c's tables under sacctmgr's format name.
 */
struct shown_col {
	const char *field;
	const char *format;
};

static const struct shown_col assoc_cols[] = {
	{ "parent", "ParentName" }, { "fairshare", "Fairshare" },
	{ "qos", "QOS" }, { "default_qos", "DefaultQOS" },
	{ "grp_tres", "GrpTRES" }, { "max_tres_per_job", "MaxTRES" },
	{ "max_tres_per_node", "MaxTRESPerNode" }, { "grp_jobs", "GrpJobs" },
	{ "grp_submit_jobs", "GrpSubmitJobs" }, { "max_jobs", "MaxJobs" },
	{ "max_submit_jobs", "MaxSubmitJobs" }, { "grp_wall", "GrpWall" },
	{ "max_wall", "MaxWall" },
};

static const struct shown_col qos_cols[] = {
	{ "description", "Description" }, { "priority", "Priority" },
	{ "flags", "Flags" }, { "grace_time", "GraceTime" },
	{ "preempt", "Preempt" }, { "preempt_mode", "PreemptMode" },
	{ "usage_factor", "UsageFactor" },
	{ "max_tres_per_user", "MaxTRESPerUser" },
	{ "max_tres_per_job", "MaxTRESPerJob" },
	{ "max_tres_per_account", "MaxTRESPerAccount" },
	{ "max_tres_per_node", "MaxTRESPerNode" },
	{ "min_tres_per_job", "MinTRESPerJob" }, { "grp_tres", "GrpTRES" },
	{ "max_wall", "MaxWall" }, { "grp_wall", "GrpWall" },
	{ "max_jobs_per_user", "MaxJobsPerUser" },
	{ "max_submit_jobs_per_user", "MaxSubmitJobsPerUser" },
	{ "max_jobs_per_account", "MaxJobsPerAccount" },
	{ "max_submit_jobs_per_account", "MaxSubmitJobsPerAccount" },
	{ "grp_jobs", "GrpJobs" }, { "grp_submit_jobs", "GrpSubmitJobs" },
};

/* Slurm's duration display: [D-]HH:MM:SS. */
static char *clock_text(long long secs)
{
	long long d = secs / 86400, h = secs / 3600 % 24, m = secs / 60 % 60;

	return d ? xasprintf("%lld-%02lld:%02lld:%02lld", d, h, m, secs % 60) :
		xasprintf("%02lld:%02lld:%02lld", h, m, secs % 60);
}

/*
 * A memory count in MB as sacctmgr prints it: divided by 1024 while it
 * can be, two decimals when that is not whole ("mem=1.50G").
 */
static void add_mb(struct strbuf *sb, const char *mb)
{
	static const char units[] = "MGTPE";
	double v = strtod(mb, NULL);
	size_t u = 0;

	while (v >= 1024 && u + 1 < sizeof(units) - 1) {
		v /= 1024;
		u++;
	}
	if (v == (double)(long long)v)
		strbuf_addf(sb, "%lld%c", (long long)v, units[u]);
	else
		strbuf_addf(sb, "%.2f%c", v, units[u]);
}

/* Canonical "name=count,..." (mem in MB) as sacctmgr shows it. */
static char *tres_text(const char *canon)
{
	struct strbuf sb = STRBUF_INIT;
	char *copy = xstrdup(canon), *save = NULL, *out;

	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');

		if (sb.len)
			strbuf_addch(&sb, ',');
		if (eq && (!strncmp(t, "mem=", 4) || !strncmp(t, "bb/", 3))) {
			strbuf_add(&sb, t, (size_t)(eq + 1 - t));
			add_mb(&sb, eq + 1);
		} else {
			strbuf_addstr(&sb, t);
		}
	}
	free(copy);
	out = sorted_csv(sb.buf);
	strbuf_release(&sb);
	return out;
}

/* What sacctmgr shows for field f holding canonical value v (may be NULL). */
static char *shown_text(const struct acct_field *f, const char *v)
{
	switch (f->type) {
	case F_INT0:
		/* priority 0 shows as 0; grace time, in seconds, as a clock */
		if (!strcmp(f->name, "grace_time"))
			return clock_text(v ? strtoll(v, NULL, 10) : 0);
		return xstrdup(v ? v : "0");
	case F_INT:
		if (v && !strcmp(f->name, "fairshare") && !strcmp(v, "2147483647"))
			return xstrdup("parent");
		break;
	case F_DOUBLE:
		return xasprintf("%f", v ? strtod(v, NULL) : 1.0);
	case F_TRES:
		return v ? tres_text(v) : xstrdup("");
	case F_MINUTES:
		return v ? clock_text(strtoll(v, NULL, 10) * 60) : xstrdup("");
	case F_PMODE:
		return sorted_csv(v ? v : "cluster");
	case F_QOSLIST:
	case F_QFLAGS:
		return sorted_csv(v ? v : "");
	default:
		break;
	}
	return xstrdup(v ? v : "");
}

char *acct_shown_text(enum acct_kind k, const char *field, const char *v)
{
	size_t n;

	return shown_text(&acct_fields(k, &n)[acct_field_index(k, field)], v);
}

/* Lists come back in Slurm's own order (ids, bits): compare them sorted. */
static char *tidy_shown(const struct acct_field *f, const char *got)
{
	switch (f->type) {
	case F_TRES:
	case F_QOSLIST:
	case F_QFLAGS:
	case F_PMODE:
		return sorted_csv(got);
	default:
		return xstrdup(got);
	}
}

/* Compares the columns of o's line (after `keys` key fields) with o. */
static void check_cols(const struct acct_obj *o, const struct shown_col *cols,
		       size_t n, size_t keys, const char *line, const char *what,
		       struct report *r)
{
	const struct acct_field *fields;
	size_t n_fields;

	fields = acct_fields(o->kind, &n_fields);
	for (size_t i = 0; i < n; i++) {
		const struct acct_field *f = &fields[acct_field_index(o->kind, cols[i].field)];
		char *raw = field(line, keys + i), *got = tidy_shown(f, raw);
		char *want = shown_text(f, acct_obj_get(o, f->name));
		/* user associations have no parent account of their own */
		bool skip = o->kind == ACCT_ASSOC && *o->user && !strcmp(f->name, "parent");

		if (!skip && strcmp(got, want)) {
			char *label = xasprintf("%s %s", what, cols[i].format);

			differ(r, label, want, got);
			free(label);
		}
		free(raw);
		free(got);
		free(want);
	}
}

/* "Name,Col,Col..." for the shown columns. */
static void add_format(struct strbuf *cmd, const char *keys,
		       const struct shown_col *cols, size_t n)
{
	strbuf_addf(cmd, " format=%s", keys);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(cmd, ",%s", cols[i].format);
}

static void check_assoc(const struct acct_obj *o, const struct lines *l,
			struct report *r)
{
	char *key = xasprintf("%s|%s|%s|", o->name, o->user, acct_obj_part(o));
	const char *line = find_line(l, key);
	char *what = acct_obj_label(o);

	if (!line)
		missing(r, what);
	else
		check_cols(o, assoc_cols, ARRAY_SIZE(assoc_cols), 3, line, what, r);
	free(what);
	free(key);
}

static void check_qos(const struct acct_obj *o, const struct lines *l,
		      struct report *r)
{
	char *key = xasprintf("%s|", o->name);
	const char *line = find_line(l, key);
	char *what = xasprintf("QoS '%s'", o->name);

	if (!line)
		missing(r, what);
	else
		check_cols(o, qos_cols, ARRAY_SIZE(qos_cols), 1, line, what, r);
	free(what);
	free(key);
}

static void check_user(const char *def, const struct acct_obj *o,
		       const struct lines *l, struct report *r)
{
	char *key = xasprintf("%s|", o->name);
	const char *line = find_line(l, key);
	char *what = xasprintf("user '%s'", o->name);
	char *got;

	if (!line) {
		missing(r, what);
	} else {
		got = field(line, 1);
		if (def && strcmp(got, def))
			differ(r, what, def, got);
		free(got);
		got = field(line, 2);
		if (strcmp(got, acct_obj_get(o, "admin_level")))
			differ(r, what, acct_obj_get(o, "admin_level"), got);
		free(got);
	}
	free(what);
	free(key);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * "sacctmgr show user" for the users the plan touches (sampled), or NULL;
 * *sample (sorted, borrowed names; caller frees the array) is who it asks for.
 */
static char *user_command(const struct acct_plan *p, const char ***sample,
			  size_t *n_sample)
{
	const char **v = xcalloc(p->n_changes + 1, sizeof(*v));
	struct strbuf cmd = STRBUF_INIT, names = STRBUF_INIT;
	size_t n = 0, step, kept = 0;

	strbuf_addstr(&names, "name=");
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_obj *o = p->changes[i].want;

		if (o && o->kind == ACCT_USER)
			v[n++] = o->name;
		else if (o && o->kind == ACCT_ASSOC && *o->user)
			v[n++] = o->user;
	}
	xqsort(v, n, sizeof(*v), cmp_str);
	step = n > MAX_USERS_READ ? (n + MAX_USERS_READ - 1) / MAX_USERS_READ : 1;
	for (size_t i = 0; i < n; i += step) {
		if (kept && !strcmp(v[i], v[kept - 1]))
			continue;
		strbuf_addf(&names, "%s%s", kept ? "," : "", v[i]);	/* after "name=" */
		v[kept++] = v[i];
	}
	*sample = v;
	*n_sample = kept;
	if (!kept) {
		strbuf_release(&names);
		return NULL;
	}
	strbuf_addstr(&cmd, "sacctmgr -n -P show user format=User,DefaultAccount,AdminLevel where ");
	transport_shell_quote(&cmd, names.buf);
	strbuf_release(&names);
	return strbuf_detach(&cmd, NULL);
}

/*
 * Whether every association the plan touches is a user's and their users
 * are all in the (unsampled) read of users: then "show assoc" asks for
 * those users only, as slurmdbd answers in time with the rows it returns
 * (a live add of one user on a 10,000-user cluster).
 */
static bool users_only(const struct acct_plan *p, size_t n_users)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_obj *o = p->changes[i].want ? p->changes[i].want :
			p->changes[i].have;

		if (o->kind == ACCT_CLUSTER || (o->kind == ACCT_ASSOC && !*o->user))
			return false;
		n += o->kind == ACCT_USER || o->kind == ACCT_ASSOC;
	}
	return n_users && n <= MAX_USERS_READ;
}

/*
 * Whether the plan changes objects of kind k: kinds it leaves alone were
 * found as desired by the plan itself, and reading them back would cost a
 * live change a slurmdbd request.
 */
static bool plan_touches(const struct acct_plan *p, enum acct_kind k)
{
	for (size_t i = 0; i < p->n_changes; i++) {
		const struct acct_obj *o = p->changes[i].want ? p->changes[i].want :
			p->changes[i].have;

		if (o->kind == k || o->kind == ACCT_CLUSTER)
			return true;
	}
	return false;
}

#define SHOW_SEP "--clusterctl-readback--"
#define FED_SHOW "sacctmgr -n -P show federation format=Federation,Cluster,Features,FedState"

/* " users=a,b,..." (quoted) for a show command. */
static void add_users(struct strbuf *cmd, const char *const *names, size_t n)
{
	struct strbuf arg = STRBUF_INIT;

	strbuf_addstr(&arg, "users=");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&arg, "%s%s", i ? "," : "", names[i]);
	strbuf_addch(cmd, ' ');
	transport_shell_quote(cmd, arg.buf);
	strbuf_release(&arg);
}

/* The shows: associations, QoS, users, the federation. */
#define N_SHOWS 4

/*
 * Runs the shows side by side in one remote command: each sacctmgr request
 * costs slurmdbd ~0.2 s on 22.05 whatever its size, and a live change of
 * one user must stay under a second. out[i] gets show i's output (cmds[i]
 * NULL: nothing). -1 + *cause when any of them failed.
 */
static int show_all(acct_remote_fn remote, void *cookie, const char *host,
		    const char *const cmds[N_SHOWS], struct strbuf out[N_SHOWS], char **cause)
{
	struct strbuf script = STRBUF_INIT, all = STRBUF_INIT;
	char *why = NULL, *p;
	size_t i;
	int rc = 0;

	strbuf_addstr(&script, "d=$(mktemp -d) || exit 1\n");
	for (i = 0; i < N_SHOWS; i++)
		strbuf_addf(&script, "%s >\"$d/%zu\" & p%zu=$!\n", cmds[i] ? cmds[i] : ":",
			    i, i);
	strbuf_addstr(&script, "rc=0;");
	for (i = 0; i < N_SHOWS; i++)
		strbuf_addf(&script, " wait $p%zu || rc=1;", i);
	for (i = 0; i < N_SHOWS; i++)
		strbuf_addf(&script, "%s cat \"$d/%zu\";", i ? " echo " SHOW_SEP ";" : "\n", i);
	strbuf_addstr(&script, " rm -rf \"$d\"; exit $rc\n");
	if (remote(cookie, host, script.buf, &all, &why) < 0) {
		*cause = xasprintf("cannot read back with sacctmgr show on '%s': %s", host,
				   why ? why : "failed");
		free(why);
		rc = -1;
	}
	p = all.buf;
	for (i = 0; rc == 0 && i < N_SHOWS; i++) {
		char *sep = i + 1 < N_SHOWS ? strstr(p, SHOW_SEP "\n") : NULL;

		strbuf_add(&out[i], p, sep ? (size_t)(sep - p) : strlen(p));
		p = sep ? sep + strlen(SHOW_SEP) + 1 : p + strlen(p);
	}
	strbuf_release(&script);
	strbuf_release(&all);
	return rc;
}

/* The "show assoc" and "show qos" command lines of the read-back. */
static void show_commands(const struct acct_plan *p, struct strbuf *acmd,
			  struct strbuf *qcmd)
{
	/* WOPLimits: each row's own values, as the inventory gives them, not
	 * the QoS and Max* limits it inherits from its parents */
	strbuf_addstr(acmd, "sacctmgr -n -P show assoc WOPLimits");
	add_format(acmd, "Account,User,Partition", assoc_cols, ARRAY_SIZE(assoc_cols));
	strbuf_addstr(acmd, " cluster=");
	transport_shell_quote(acmd, p->cluster);
	strbuf_addstr(qcmd, "sacctmgr -n -P show qos");
	add_format(qcmd, "Name", qos_cols, ARRAY_SIZE(qos_cols));
}

/* The users the read-back looks at (sorted), and whether only they were shown. */
struct sample {
	const char **names;
	size_t n;
	bool only;
};

static bool in_sample(const struct sample *sm, const char *name)
{
	return bsearch(&name, sm->names, sm->n, sizeof(*sm->names), cmp_str) != NULL;
}

/*
 * A federation (its line "F|||", or a member's) and this cluster's
 * membership ("F|C|features|STATE") as "sacctmgr show federation" lists
 * them (its last line ends in one '|' more).
 */
static void check_fed(const struct acct_obj *o, const struct lines *l, struct report *r)
{
	char *what = acct_obj_label(o), *key, *got_f, *got_s, *want_s;
	const char *line, *want_f;

	key = o->kind == ACCT_FEDERATION ? xasprintf("%s|", o->name) :
		xasprintf("%s|%s|", acct_obj_get(o, "federation"), o->name);
	line = find_line(l, key);
	free(key);
	if (!line || o->kind == ACCT_FEDERATION) {
		if (!line)
			missing(r, what);
		free(what);
		return;
	}
	want_f = acct_obj_get(o, "features");
	got_f = field(line, 2);
	got_s = field(line, 3);
	want_s = xstrdup(acct_obj_get(o, "state"));
	for (char *c = want_s; *c; c++)
		*c = (char)toupper((unsigned char)*c);
	if (strcmp(got_f, want_f ? want_f : ""))
		differ(r, what, want_f ? want_f : "", got_f);
	/* a draining cluster's slurmctld makes it DRAINED once its jobs are done */
	else if (strcmp(got_s, want_s) && !(!strcmp(want_s, "DRAIN") && !strcmp(got_s, "DRAINED")))
		differ(r, what, want_s, got_s);
	free(got_f);
	free(got_s);
	free(want_s);
	free(what);
}

/* Each desired row of p against what sacctmgr showed (l: assoc, qos, user lines). */
static void compare_rows(const struct acct_plan *p, const struct lines *l,
			 const struct sample *sm, struct report *r)
{
	bool assocs = plan_touches(p, ACCT_ASSOC), qos = plan_touches(p, ACCT_QOS);
	bool fed = plan_touches(p, ACCT_FEDERATION) || plan_touches(p, ACCT_FEDMEMBER);
	struct acct_index ix = { 0 };

	acct_index_build(&ix, &p->want);
	for (size_t i = 0; i < p->want.n; i++) {
		const struct acct_obj *o = &p->want.items[i];

		if (o->kind == ACCT_ASSOC && assocs && (!sm->only || in_sample(sm, o->user)))
			check_assoc(o, &l[0], r);
		else if (o->kind == ACCT_QOS && qos)
			check_qos(o, &l[1], r);
		else if (o->kind == ACCT_USER && in_sample(sm, o->name))
			check_user(acct_index_default(&ix, o->name), o, &l[2], r);
		else if ((o->kind == ACCT_FEDERATION || o->kind == ACCT_FEDMEMBER) && fed)
			check_fed(o, &l[3], r);
	}
	acct_index_release(&ix);
}

int acct_readback(const struct model *m, const struct acct_plan *p,
		  acct_remote_fn remote, void *cookie, char **cause)
{
	const char *host = acct_dbd_host(m);
	struct strbuf out[N_SHOWS] = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT };
	struct strbuf acmd = STRBUF_INIT, qcmd = STRBUF_INIT;
	struct lines l[N_SHOWS] = { { 0 }, { 0 }, { 0 }, { 0 } };
	bool fed = plan_touches(p, ACCT_FEDERATION) || plan_touches(p, ACCT_FEDMEMBER);
	struct report r = { STRBUF_INIT, 0 };
	struct sample sm = { NULL, 0, false };
	char *ucmd = NULL;
	int rc = -1;

	show_commands(p, &acmd, &qcmd);
	ucmd = user_command(p, &sm.names, &sm.n);
	if ((sm.only = users_only(p, sm.n)))
		add_users(&acmd, sm.names, sm.n);
	if (show_all(remote, cookie, host,
		     (const char *const[N_SHOWS]){ plan_touches(p, ACCT_ASSOC) ? acmd.buf : NULL,
						   plan_touches(p, ACCT_QOS) ? qcmd.buf : NULL, ucmd,
						   fed ? FED_SHOW : NULL },
		     out, cause) < 0)
		goto out;
	for (size_t i = 0; i < N_SHOWS; i++)
		split_lines(out[i].buf, &l[i]);
	compare_rows(p, l, &sm, &r);
	if (r.n) {
		*cause = xasprintf("read back from sacctmgr on '%s' differs (%zu): %s%s",
				   host, r.n, r.msg.buf, r.n > MAX_REPORTED ? "; ..." : "");
		goto out;
	}
	rc = 0;
out:
	free(ucmd);
	free(sm.names);
	for (size_t i = 0; i < N_SHOWS; i++) {
		free(l[i].v);
		strbuf_release(&out[i]);
	}
	strbuf_release(&acmd);
	strbuf_release(&qcmd);
	strbuf_release(&r.msg);
	return rc;
}

int acct_readback_db(const struct model *m, const struct acct_plan *p, char **cause)
{
	struct acct_plan *again = NULL;
	struct strbuf msg = STRBUF_INIT;
	size_t n;

	if (acct_plan_compute(m, p->prune, p->accept_new, &again, cause) < 0)
		return -1;
	n = acct_plan_count(again);
	for (size_t i = 0; i < n && i < MAX_REPORTED; i++) {
		const struct acct_change *c = &again->changes[i];
		char *what = acct_obj_label(c->want ? c->want : c->have);

		strbuf_addf(&msg, "%s%s %s", i ? "; " : "", what,
			    c->op == ACCT_ADD ? "is missing" :
			    c->op == ACCT_CHANGE ? "differs" : "is still there");
		free(what);
	}
	if (n)
		*cause = xasprintf("read back from the accounting database %s differs (%zu): %s%s",
				   again->where, n, msg.buf, n > MAX_REPORTED ? "; ..." : "");
	strbuf_release(&msg);
	acct_plan_free(again);
	return n ? -1 : 0;
}
