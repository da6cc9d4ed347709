/*
 * observe.c: one script per host, its output parsed in one place. The
 * script prints sections, each opened by a marker line "@@NONCE NAME ARGS"
 * whose nonce is fresh for every run (a file's bytes or a command's output
 * cannot forge a marker it does not know); text sections come first, each
 * with its parser in observe_sections[], then the files as one GNU tar
 * stream (a self-delimiting format with a checksum per header), then
 * "@@NONCE end STATUS" with tar's exit status. Anything else is a framing
 * error for the host.
 */
#include "base/tar.h"
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "observe/capacity.h"
#include "observe/hwtruth.h"
#include "observe/observe.h"
#include "base/xalloc.h"
#include "transport/transport_ssh.h"
#include "transport/transport_exec.h"
#include "base/strbuf.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "slurm/mungekey.h"

#define OBSERVE_FORMAT "1"
#define OBSERVE_FILE_MAX (256u << 20)

/* ---- text sections ---- */

/* Finds the "name:" line in getent output; returns its fields or NULL. */
static const char *observe_getent_line(const char *out, const char *name)
{
	size_t n = strlen(name);
	const char *p = out;

	while (p && *p) {
		if (!strncmp(p, name, n) && p[n] == ':')
			return p + n + 1;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* Reads the number after the field'th ':' of a getent line. */
static long long observe_getent_field(const char *fields, int field)
{
	const char *p = fields;
	char *end;
	long long v;

	while (field-- > 0 && p)
		p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL;
	if (!p)
		return -1;
	v = strtoll(p, &end, 10);
	return end == p ? -1 : v;
}

void observe_parse_passwd(const char *out, const char *name,
			  struct obs_ident *id)
{
	const char *f = observe_getent_line(out, name);

	/* name:x:uid:gid:... (fields after the name: x, uid, gid) */
	id->exists = f != NULL;
	id->id = f ? observe_getent_field(f, 1) : -1;
	id->gid = f ? observe_getent_field(f, 2) : -1;
}

void observe_parse_group(const char *out, const char *name,
			 struct obs_ident *id)
{
	const char *f = observe_getent_line(out, name);

	id->exists = f != NULL;
	id->id = f ? observe_getent_field(f, 1) : -1;
	id->gid = id->id;
}

/* True when s starts the daemon the way model.c's systemd defaults do. */
static bool starts_with_systemctl(const struct service_cmds *s,
				  enum service_kind k)
{
	static const char pre[] = "systemctl start ";

	return s->start && !strncmp(s->start, pre, sizeof(pre) - 1) &&
		!strcmp(s->start + sizeof(pre) - 1, service_kind_name(k));
}

const char *observe_status_cmd(const struct model *m, enum service_kind k)
{
	static const char *const is_active[SVC_COUNT] = {
		[SVC_MUNGE] = "systemctl is-active --quiet munge",
		[SVC_SLURMCTLD] = "systemctl is-active --quiet slurmctld",
		[SVC_SLURMD] = "systemctl is-active --quiet slurmd",
		[SVC_SLURMDBD] = "systemctl is-active --quiet slurmdbd",
		[SVC_SACKD] = "systemctl is-active --quiet sackd",
	};
	const struct service_cmds *s = &m->cluster.services[k];

	if (s->status)
		return s->status;
	/*
	 * A site that starts the daemon its own way without saying how to ask
	 * whether it runs gets no guess: systemctl would call it stopped on
	 * every run and plan a start each time.
	 */
	return starts_with_systemctl(s, k) ? is_active[k] : NULL;
}

void observe_parse_status(const char *out, struct obs_host *h)
{
	const char *p = out;
	int k;

	while (p && *p) {
		for (k = 0; k < SVC_COUNT; k++) {
			const char *name = service_kind_name(k);
			size_t n = strlen(name);
			char *end;
			long code;

			if (strncmp(p, name, n) || p[n] != ' ')
				continue;
			code = strtol(p + n + 1, &end, 10);
			/* 126, 127: the shell found no such command (a host
			 * without systemctl): that says nothing of the daemon */
			if (end != p + n + 1 && (*end == '\n' || !*end))
				h->svc[k] = code == 126 || code == 127 ? OBS_SVC_UNKNOWN :
					code ? OBS_SVC_STOPPED : OBS_SVC_RUNNING;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

/*
 * Each daemon the host runs, installed: its release (DAEMON -V, printed
 * into the line itself: no $(...), one fork less); running: whether the
 * process behind its pid file executes the installed binary (test -ef on
 * /proc/PID/exe: same file), another one (a package changed under a
 * daemon not restarted since: readlink names it), or none. Not a client
 * call to the daemon: a newer scontrol or sacctmgr cannot talk to an
 * older daemon (Slurm 26.05's, to 24.11's: "Protocol authentication
 * error", "Incompatible versions of client and server code"), which is
 * exactly the case to see.
 */
void observe_version_script(struct strbuf *sb, const char *daemon,
			    const char *pidfile, const char *logfile)
{
	struct strbuf q = STRBUF_INIT, l = STRBUF_INIT;

	transport_shell_quote(&q, pidfile);
	/* the process started before its binary was replaced: the last start
	 * in its log is its own (tail seeks: a long log costs nothing) */
	if (logfile) {
		strbuf_addstr(&l, " echo \"@@L $d $(tail -c 16777216 ");
		transport_shell_quote(&l, logfile);
		strbuf_addstr(&l, " 2>/dev/null | tac | grep -a -m1 -o \"$d version [0-9.]* "
			      "started\")\";");
	}
	strbuf_addf(sb, "d=%s; if b=$(command -v $d); then printf '@@V %%s ' $d; \"$b\" -V "
		    "2>/dev/null </dev/null; echo; p=; { read -r p <%s; } 2>/dev/null; "
		    "if [ -z \"$p\" ] || [ ! -e \"/proc/$p/exe\" ]; then echo \"@@R $d stopped\"; "
		    "elif [ \"/proc/$p/exe\" -ef \"$b\" ]; then echo \"@@R $d installed\"; "
		    "else echo \"@@R $d other $(readlink \"/proc/$p/exe\")\";%s fi; fi\n",
		    daemon, q.buf, l.len ? l.buf : "");
	strbuf_release(&q);
	strbuf_release(&l);
}

/* version's first len bytes as major.minor numbers; false when not that */
static bool observe_release_nums(const char *version, size_t len, int *a, int *b)
{
	char buf[OBS_RELEASE_LEN];

	if (!len || len >= sizeof(buf))
		return false;
	memcpy(buf, version, len);
	buf[len] = '\0';
	return sscanf(buf, "%d.%d", a, b) == 2;
}

int observe_release_cmp(const char *a, const char *b)
{
	int a1, a2, b1, b2;

	if (!observe_release_nums(a, strlen(a), &a1, &a2) ||
	    !observe_release_nums(b, strlen(b), &b1, &b2))
		return 0;
	return a1 != b1 ? (a1 > b1) - (a1 < b1) : (a2 > b2) - (a2 < b2);
}

/*
 * The obs_host.rel index named by the len bytes at name: a daemon's kind,
 * OBS_REL_CLIENTS for scontrol; OBS_REL_COUNT if none.
 */
static int observe_daemon_kind(const char *name, size_t len)
{
	for (int k = SVC_SLURMCTLD; k < SVC_COUNT; k++)
		if (strlen(service_kind_name(k)) == len &&
		    !memcmp(service_kind_name(k), name, len))
			return k;
	return len == 8 && !memcmp(name, "scontrol", 8) ? OBS_REL_CLIENTS : OBS_REL_COUNT;
}

/* "@@V DAEMON slurm-wlm 24.11.5": the release is the last word */
static void observe_installed(const char *name, const char *sp, const char *eol,
			      const char *want, struct obs_host *h)
{
	int k = observe_daemon_kind(name, (size_t)(sp - name));
	const char *v = eol;
	int a, b;

	while (v > sp + 1 && v[-1] != ' ')
		v--;
	if (k == OBS_REL_COUNT || !observe_release_nums(v, (size_t)(eol - v), &a, &b))
		return;
	snprintf(h->rel[k].installed, sizeof(h->rel[k].installed), "%.*s",
		 (int)(eol - v), v);
	/* an upgrade goes forward: Slurm does not run a daemon newer than the
	 * rest (older ones are the plan's, plan_release.c) */
	if (want && !h->version_error && observe_release_cmp(h->rel[k].installed, want) > 0)
		h->version_error = xasprintf("%.*s -V says Slurm %s, but the inventory's "
					     "cluster.slurm_version is %s: nothing is "
					     "planned here", (int)(sp - name), name,
					     h->rel[k].installed, want);
}

/* "@@R DAEMON installed|stopped|other PATH" */
static void observe_running(const char *name, const char *sp, const char *eol,
			    struct obs_host *h)
{
	size_t dlen = (size_t)(sp - name), wlen = (size_t)(eol - sp - 1);
	int k = observe_daemon_kind(name, dlen);
	const char *w = sp + 1;

	if (k == OBS_REL_COUNT)
		return;
	if (wlen == 9 && !memcmp(w, "installed", 9))
		h->rel[k].run = OBS_RUN_INSTALLED;
	else if (wlen == 7 && !memcmp(w, "stopped", 7))
		h->rel[k].run = OBS_RUN_STOPPED;
	else if (wlen > 6 && !memcmp(w, "other ", 6))
		/* a pid file left behind, its number now another program's */
		h->rel[k].run = memmem(w + 6, wlen - 6, name, dlen) ?
			OBS_RUN_OTHER : OBS_RUN_STOPPED;
}

/* "@@L DAEMON DAEMON version 24.11.5 started": the release is the third word */
static void observe_logged(const char *name, const char *sp, const char *eol,
			   struct obs_host *h)
{
	int k = observe_daemon_kind(name, (size_t)(sp - name));
	const char *v = sp + 1;
	int a, b, words = 0;
	size_t n;

	while (v < eol && words < 2)
		if (*v++ == ' ')
			words++;
	n = strcspn(v, " \n");
	if (k == OBS_REL_COUNT || v + n > eol || !observe_release_nums(v, n, &a, &b))
		return;
	snprintf(h->rel[k].running, sizeof(h->rel[k].running), "%.*s", (int)n, v);
}

void observe_parse_versions(const char *out, const char *want,
			    struct obs_host *h)
{
	for (const char *p = strstr(out, "@@"); p; p = strstr(p, "@@")) {
		bool installed = !strncmp(p, "@@V ", 4), running = !strncmp(p, "@@R ", 4);
		bool logged = !strncmp(p, "@@L ", 4);
		const char *name = p + 4, *eol = strchrnul(p + 2, '\n');
		const char *sp = memchr(name, ' ', (size_t)(eol > name ? eol - name : 0));

		p = eol;
		if (!(installed || running || logged) || !sp)
			continue;
		if (installed)
			observe_installed(name, sp, eol, want, h);
		else if (running)
			observe_running(name, sp, eol, h);
		else
			observe_logged(name, sp, eol, h);
	}
}

/* ---- the sections: what the script asks, and who reads the answer ---- */

/* Names not asked (NULL) are left out; none asked: no getent at all. */
static void observe_getent_script(struct strbuf *sb, const char *db,
				  const char *const names[N_IDENT])
{
	size_t start = sb->len;

	for (int w = 0; w < N_IDENT; w++) {
		if (!names[w])
			continue;
		if (sb->len == start)
			strbuf_addf(sb, "getent %s", db);
		strbuf_addch(sb, ' ');
		transport_shell_quote(sb, names[w]);
	}
	if (sb->len != start)
		strbuf_addch(sb, '\n');
}

static void script_passwd(const struct observe_request *rq, struct strbuf *sb)
{
	observe_getent_script(sb, "passwd", rq->user);
}

static void script_group(const struct observe_request *rq, struct strbuf *sb)
{
	observe_getent_script(sb, "group", rq->group);
}

static void script_version(const struct observe_request *rq, struct strbuf *sb)
{
	for (int k = SVC_SLURMCTLD; k < SVC_COUNT && rq->slurm_version; k++)
		if (rq->pidfile[k])
			observe_version_script(sb, service_kind_name(k), rq->pidfile[k],
					       rq->logfile[k]);
	/* no process to ask: the installed release is the one that runs */
	if (rq->clients && rq->slurm_version)
		strbuf_addstr(sb, "if b=$(command -v scontrol); then printf '@@V scontrol '; "
			      "\"$b\" -V 2>/dev/null </dev/null; echo; fi\n");
}

/*
 * Each status command runs in a subshell with its output dropped, so
 * whatever it prints never reaches a plan (nor the framing); newlines: a
 * comment in the command ends with its line.
 */
static void script_status(const struct observe_request *rq, struct strbuf *sb)
{
	for (int k = 0; k < SVC_COUNT; k++)
		if (rq->status[k])
			strbuf_addf(sb, "(\n%s\n) </dev/null >/dev/null 2>&1; "
				    "echo \"%s $?\"\n", rq->status[k],
				    service_kind_name(k));
}

static void parse_passwd(const struct observe_request *rq, const char *body,
			 struct obs_host *h)
{
	for (int w = 0; w < N_IDENT; w++)
		if (rq->user[w])
			observe_parse_passwd(body, rq->user[w], &h->users[w]);
}

static void parse_group(const struct observe_request *rq, const char *body,
			struct obs_host *h)
{
	for (int w = 0; w < N_IDENT; w++)
		if (rq->group[w])
			observe_parse_group(body, rq->group[w], &h->groups[w]);
}

static void parse_version(const struct observe_request *rq, const char *body,
			  struct obs_host *h)
{
	observe_parse_versions(body, rq->slurm_version, h);
}

static void parse_status(const struct observe_request *rq, const char *body,
			 struct obs_host *h)
{
	(void)rq;
	observe_parse_status(body, h);
}

static void script_hw(const struct observe_request *rq, struct strbuf *sb)
{
	if (rq->hw_model)
		hwtruth_probe(sb, rq->hw_model, rq->hw_host, rq->hw_rs,
			      rq->hw_from, rq->hw_to);
}

static void parse_hw(const struct observe_request *rq, const char *body,
		     struct obs_host *h)
{
	if (rq->hw_model)
		hwtruth_parse(body, &h->hw);
}

static void script_capacity(const struct observe_request *rq, struct strbuf *sb)
{
	if (rq->capacity)
		capacity_script(sb, rq->capacity);
}

static void parse_capacity(const struct observe_request *rq, const char *body,
			   struct obs_host *h)
{
	if (rq->capacity)
		capacity_parse(body, &h->cap);
}

/*
 * The text sections, in the order the script prints them. A new probe is
 * a new row: its script part, and the parser of what it printed (the body
 * up to the next marker, NUL-terminated).
 */
static const struct observe_section {
	const char *name;
	void (*script)(const struct observe_request *, struct strbuf *);
	void (*parse)(const struct observe_request *, const char *,
		      struct obs_host *);
} observe_sections[] = {
	{ "passwd", script_passwd, parse_passwd },
	{ "group", script_group, parse_group },
	{ "version", script_version, parse_version },
	{ "status", script_status, parse_status },
	{ "hw", script_hw, parse_hw },
	{ "capacity", script_capacity, parse_capacity },
};

/* ---- the script ---- */

static void script_marker(struct strbuf *sb, const char *nonce, const char *what)
{
	strbuf_addf(sb, "echo '@@%s %s'\n", nonce, what);
}

/*
 * The files: the ones that exist (or are a link) go to one tar, in
 * request order; the indices of the others are listed in "absent". tar
 * lstat()s each name and opens it O_NOFOLLOW: a link is archived as a
 * link (refused by the parser), never read through; --hard-dereference
 * keeps two names of one file from becoming a tar hard link.
 */
static void script_files(const struct observe_request *rq, const char *nonce,
			 struct strbuf *sb)
{
	strbuf_addstr(sb, "set --; a=\n");
	for (size_t i = 0; i < rq->n_files; i++) {
		struct strbuf q = STRBUF_INIT;

		transport_shell_quote(&q, rq->files[i].path);
		strbuf_addf(sb, "{ [ -e %s ] || [ -h %s ]; } && set -- \"$@\" %s "
			    "|| a=\"$a %zu\"\n", q.buf, q.buf, q.buf, i);
		strbuf_release(&q);
	}
	strbuf_addf(sb, "echo \"@@%s absent$a\"\n", nonce);
	script_marker(sb, nonce, "files");
	strbuf_addstr(sb, "r=0; [ $# -eq 0 ] || tar -c -b1 -H gnu -P --numeric-owner "
		      "--no-recursion --hard-dereference -f - -- \"$@\" || r=$?\n");
	strbuf_addf(sb, "echo \"@@%s end $r\"\n", nonce);
}

void observe_script(const struct observe_request *rq, const char *nonce,
		    struct strbuf *out)
{
	script_marker(out, nonce, "observe " OBSERVE_FORMAT);
	for (size_t i = 0; i < ARRAY_SIZE(observe_sections); i++) {
		script_marker(out, nonce, observe_sections[i].name);
		observe_sections[i].script(rq, out);
	}
	script_files(rq, nonce, out);
}

/* ---- parsing: markers ---- */

struct observe_cursor {
	const char *buf;
	size_t len, off;
	char marker[OBSERVE_NONCE_LEN + 4];	/* "@@NONCE " */
	size_t mlen;
};

/* At a marker line: its rest ("files", "end 0") in *what (len *wlen). */
static bool cursor_marker(struct observe_cursor *c, const char **what,
			  size_t *wlen)
{
	const char *p = c->buf + c->off, *nl;

	if (c->len - c->off < c->mlen || memcmp(p, c->marker, c->mlen))
		return false;
	nl = memchr(p + c->mlen, '\n', c->len - c->off - c->mlen);
	if (!nl)
		return false;
	*what = p + c->mlen;
	*wlen = (size_t)(nl - *what);
	c->off = (size_t)(nl + 1 - c->buf);
	return true;
}

/* The body up to the next marker at a line start (the marker is left). */
static char *cursor_body(struct observe_cursor *c)
{
	const char *p = c->buf + c->off, *end = c->buf + c->len, *q = p;

	for (;;) {
		const char *m = memmem(q, (size_t)(end - q), c->marker, c->mlen);

		if (!m) {
			q = end;
			break;
		}
		if (m == p || m[-1] == '\n') {
			q = m;
			break;
		}
		q = m + 1;
	}
	c->off = (size_t)(q - c->buf);
	return xstrndup(p, (size_t)(q - p));
}

static bool what_is(const char *what, size_t wlen, const char *word)
{
	size_t n = strlen(word);

	return wlen >= n && !memcmp(what, word, n) && (wlen == n || what[n] == ' ');
}

/* Records a regular file's bytes into of (request file rf). */
static void observe_take_file(const struct observe_request *rq,
			      const struct observe_file *rf,
			      const struct tar_entry *e, struct obs_file *of)
{
	of->exists = true;
	of->mode = e->mode;
	of->uid = e->uid;
	of->gid = e->gid;
	of->len = e->size;
	if (rf->secret) {
		mungekey_fingerprint_of(e->data, e->size, of->fp);
		if (rq->key && mungekey_size_ok(e->size))
			mungekey_set(rq->key, e->data, e->size);
		return;
	}
	/*
	 * Bytes equal to the rendered ones are not kept (10,000 hosts times a
	 * large slurm.conf would not fit in memory), only the fact.
	 */
	of->matches = rf->want && e->size == rf->want_len &&
		      !memcmp(e->data, rf->want, e->size);
	if (!of->matches) {
		of->bytes = xmalloc(e->size + 1);
		memcpy(of->bytes, e->data, e->size);
		of->bytes[e->size] = '\0';
	}
}

/* Index of the requested file named name, not seen yet; SIZE_MAX if none. */
static size_t observe_file_index(const struct observe_request *rq,
				 const bool *seen, const char *name)
{
	for (size_t i = 0; i < rq->n_files; i++)
		if (!seen[i] && !strcmp(rq->files[i].path, name))
			return i;
	return SIZE_MAX;
}

static int observe_one_entry(const struct observe_request *rq,
			     struct tar_entry *e, bool *seen,
			     struct obs_file *files, char **cause)
{
	size_t i = observe_file_index(rq, seen, e->name);

	if (i == SIZE_MAX) {
		*cause = xstrdup("the files' archive holds a file that was not asked for");
		return -1;
	}
	seen[i] = true;
	if (e->type == '2') {
		*cause = xasprintf("'%s' is a symbolic link: refusing to follow it",
				   rq->files[i].path);
		return -1;
	}
	if (e->type != '0' && e->type != '\0') {
		*cause = xasprintf("'%s' is not a regular file", rq->files[i].path);
		return -1;
	}
	observe_take_file(rq, &rq->files[i], e, &files[i]);
	return 0;
}

/* The absent indices ("absent 0 3") mark their files seen. */
static int observe_absent(const struct observe_request *rq, const char *what,
			  size_t wlen, bool *seen, char **cause)
{
	const char *p = what + strlen("absent"), *end = what + wlen;

	while (p < end) {
		char *stop;
		unsigned long i;

		if (*p++ != ' ' || p >= end || *p < '0' || *p > '9')
			goto bad;
		i = strtoul(p, &stop, 10);
		if (stop > end || i >= rq->n_files || seen[i])
			goto bad;
		seen[i] = true;
		p = stop;
	}
	return 0;
bad:
	*cause = xstrdup("bad list of absent files");
	return -1;
}

/*
 * From "absent" to "end": fills h's files (request order). The tar part
 * is parsed only after its end marker checked out: tar's exit status says
 * whether what it wrote is whole.
 */
static int observe_files(const struct observe_request *rq,
			 struct observe_cursor *c, const char *err,
			 struct obs_host *h, char **cause)
{
	bool *seen = xcalloc(rq->n_files + 1, sizeof(*seen));
	size_t base = h->n_files, wlen;
	const char *what;
	struct tar_entry e;
	int ret = -1, rc;

	for (size_t i = 0; i < rq->n_files; i++)
		obs_add_file(h, rq->files[i].path, false, 0, 0, 0, NULL, 0);
	if (!cursor_marker(c, &what, &wlen) || !what_is(what, wlen, "absent") ||
	    observe_absent(rq, what, wlen, seen, cause) ||
	    !cursor_marker(c, &what, &wlen) || !what_is(what, wlen, "files")) {
		if (!*cause)
			*cause = xstrdup("no files section in the output");
		goto out;
	}
	if (c->len - c->off >= c->mlen && !memcmp(c->buf + c->off, c->marker, c->mlen))
		rc = 0;		/* no archive: tar did not run or printed nothing */
	else
		while ((rc = tar_next(c->buf, c->len, &c->off, OBSERVE_FILE_MAX, &e, cause)) > 0) {
			int bad = observe_one_entry(rq, &e, seen, h->files + base, cause);

			free(e.name);
			if (bad)
				goto out;
		}
	if (rc < 0)
		goto out;
	if (!cursor_marker(c, &what, &wlen) || !what_is(what, wlen, "end")) {
		*cause = xstrdup("the files' archive does not end where it should");
		goto out;
	}
	if (wlen != 5 || what[4] != '0') {
		*cause = xasprintf("reading the files failed (tar: exit %.*s)%s%.*s",
				   (int)(wlen > 4 ? wlen - 4 : 0), what + 4,
				   err && *err ? ": " : "", 300, err ? err : "");
		goto out;
	}
	for (size_t i = 0; i < rq->n_files; i++)
		if (!seen[i]) {
			*cause = xasprintf("'%s' is missing from the output",
					   rq->files[i].path);
			goto out;
		}
	ret = 0;
out:
	free(seen);
	return ret;
}

static const struct observe_section *observe_section_named(const char *what,
							   size_t wlen)
{
	for (size_t i = 0; i < ARRAY_SIZE(observe_sections); i++)
		if (strlen(observe_sections[i].name) == wlen &&
		    !memcmp(observe_sections[i].name, what, wlen))
			return &observe_sections[i];
	return NULL;
}

/* The text sections, in the script's order, each read by its parser. */
static int observe_text(const struct observe_request *rq,
			struct observe_cursor *c, struct obs_host *h,
			char **cause)
{
	for (size_t i = 0; i < ARRAY_SIZE(observe_sections); i++) {
		const struct observe_section *s;
		const char *what;
		size_t wlen;
		char *body;

		if (!cursor_marker(c, &what, &wlen) ||
		    (s = observe_section_named(what, wlen)) != &observe_sections[i]) {
			*cause = xasprintf("the output lacks its '%s' section",
					   observe_sections[i].name);
			return -1;
		}
		body = cursor_body(c);
		s->parse(rq, body, h);
		free(body);
	}
	return 0;
}

int observe_parse(const struct observe_request *rq, const char *nonce,
		  const char *out, size_t len, const char *err,
		  struct obs_host *h, char **cause)
{
	struct observe_cursor c = { .buf = out, .len = len };
	const char *start, *what;
	size_t wlen;

	*cause = NULL;
	c.mlen = (size_t)snprintf(c.marker, sizeof(c.marker), "@@%.*s ",
				  OBSERVE_NONCE_LEN, nonce);
	/* what a login script printed before ours is skipped */
	start = memmem(out, len, c.marker, c.mlen);
	while (start && start != out && start[-1] != '\n')
		start = memmem(start + 1, len - (size_t)(start + 1 - out),
			       c.marker, c.mlen);
	if (start)
		c.off = (size_t)(start - out);
	if (!start || !cursor_marker(&c, &what, &wlen) ||
	    wlen != strlen("observe " OBSERVE_FORMAT) ||
	    memcmp(what, "observe " OBSERVE_FORMAT, wlen)) {
		*cause = xasprintf("the observation script did not run%s%.*s",
				   err && *err ? ": " : "", 300, err ? err : "");
		return -1;
	}
	if (observe_text(rq, &c, h, cause) || observe_files(rq, &c, err, h, cause)) {
		obs_host_release(h);
		return -1;
	}
	return 0;
}

/* ---- one host ---- */

void observe_nonce(char nonce[OBSERVE_NONCE_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char rnd[OBSERVE_NONCE_LEN / 2];

	if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd)) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		for (size_t i = 0; i < sizeof(rnd); i++)
			rnd[i] = (unsigned char)((unsigned long)ts.tv_nsec >> (i * 3) ^
						 (unsigned long)&ts >> i);
	}
	for (size_t i = 0; i < sizeof(rnd); i++) {
		nonce[2 * i] = hex[rnd[i] >> 4];
		nonce[2 * i + 1] = hex[rnd[i] & 15];
	}
	nonce[OBSERVE_NONCE_LEN] = '\0';
}

int observe_host(struct transport *tr, const struct observe_request *rq,
		 struct obs_host *h, char **cause)
{
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
	char nonce[OBSERVE_NONCE_LEN + 1], *why = NULL;
	int status, r;

	observe_nonce(nonce);
	observe_script(rq, nonce, &cmd);
	r = transport_run(tr, cmd.buf, &out, &err, &status, cause);
	if (!r && observe_parse(rq, nonce, out.buf, out.len, err.buf, h, &why)) {
		*cause = xasprintf("'%s': %s", transport_host(tr), why);
		free(why);
		r = -1;
	}
	/* the munge key and slurmdbd.conf's password went through out */
	explicit_bzero(out.buf, out.len);
	strbuf_release(&out);
	strbuf_release(&err);
	strbuf_release(&cmd);
	return r;
}
