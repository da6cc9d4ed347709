/*
 * acct_readback.c: after an apply, what Slurm itself reports. The check
 * goes through sacctmgr on the accounting host rather than the database so
 * that it also proves slurmdbd is up and reads the rows as intended.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct_sacctmgr.h"
#include "transport.h"
#include "xalloc.h"

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
	if (want)
		strbuf_addf(&r->msg, " is '%s', expected '%s'", got ? got : "", want);
}

static void check_assoc(const struct acct_obj *o, const struct lines *l,
			struct report *r)
{
	char *key = xasprintf("%s|%s|", o->name, o->user);
	const char *line = find_line(l, key);
	char *what = *o->user ? xasprintf("association '%s' in '%s'", o->user, o->name) :
		xasprintf("association of account '%s'", o->name);
	const char *fs = acct_obj_get(o, "fairshare");
	const char *qos = acct_obj_get(o, "qos");
	char *got;

	if (!line) {
		differ(r, what, NULL, NULL);
		strbuf_addstr(&r->msg, r->n <= MAX_REPORTED ? " is missing" : "");
		goto out;
	}
	got = field(line, 2);
	if (!*o->user && strcmp(got, acct_obj_get(o, "parent")))
		differ(r, what, acct_obj_get(o, "parent"), got);
	free(got);
	got = field(line, 3);
	if (strcmp(got, strcmp(fs, "2147483647") ? fs : "parent"))
		differ(r, what, fs, got);
	free(got);
	if (qos) {
		char *raw = field(line, 4);

		got = sorted_csv(raw);
		if (strcmp(got, qos))
			differ(r, what, qos, got);
		free(raw);
		free(got);
	}
out:
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
		differ(r, what, NULL, NULL);
		strbuf_addstr(&r->msg, r->n <= MAX_REPORTED ? " is missing" : "");
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

static int show(acct_remote_fn remote, void *cookie, const char *host,
		const char *cmd, struct strbuf *out, char **cause)
{
	char *why = NULL;

	if (remote(cookie, host, cmd, out, &why) < 0) {
		*cause = xasprintf("cannot read back with '%s' on '%s': %s", cmd, host,
				   why ? why : "failed");
		free(why);
		return -1;
	}
	return 0;
}

int acct_readback(const struct model *m, const struct acct_plan *p,
		  acct_remote_fn remote, void *cookie, char **cause)
{
	const char *host = acct_dbd_host(m);
	struct strbuf a = STRBUF_INIT, u = STRBUF_INIT, cmd = STRBUF_INIT;
	struct lines la = { 0 }, lu = { 0 };
	struct report r = { STRBUF_INIT, 0 };
	struct acct_index ix = { 0 };
	char *ucmd = NULL;
	const char **sample = NULL;
	size_t n_sample = 0;
	int rc = -1;

	strbuf_addstr(&cmd, "sacctmgr -n -P show assoc format=Account,User,ParentName,"
		      "Share,QOS,DefaultQOS cluster=");
	transport_shell_quote(&cmd, p->cluster);
	ucmd = user_command(p, &sample, &n_sample);
	if (show(remote, cookie, host, cmd.buf, &a, cause) < 0 ||
	    (ucmd && show(remote, cookie, host, ucmd, &u, cause) < 0))
		goto out;
	split_lines(a.buf, &la);
	split_lines(u.buf, &lu);
	acct_index_build(&ix, &p->want);
	for (size_t i = 0; i < p->want.n; i++) {
		const struct acct_obj *o = &p->want.items[i];

		if (o->kind == ACCT_ASSOC)
			check_assoc(o, &la, &r);
		else if (o->kind == ACCT_USER &&
			 bsearch(&o->name, sample, n_sample, sizeof(*sample), cmp_str))
			check_user(acct_index_default(&ix, o->name), o, &lu, &r);
	}
	if (r.n) {
		*cause = xasprintf("read back from sacctmgr on '%s' differs (%zu): %s%s",
				   host, r.n, r.msg.buf, r.n > MAX_REPORTED ? "; ..." : "");
		goto out;
	}
	rc = 0;
out:
	acct_index_release(&ix);
	free(ucmd);
	free(sample);
	free(la.v);
	free(lu.v);
	strbuf_release(&a);
	strbuf_release(&u);
	strbuf_release(&cmd);
	strbuf_release(&r.msg);
	return rc;
}
