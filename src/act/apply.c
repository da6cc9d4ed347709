/*
 * apply.c: execute a plan over the session's executor (session.h), one
 * SSH session per host reused by every phase. Apply is two-phase so no node
 * ever runs with a slurm.conf that differs from the controller's: every
 * changed file is first staged beside its target on every host (checksum
 * verified there by the transport); only if the controller staged cleanly
 * are files swapped in (atomic rename, previous file kept as
 * <path>.clusterctl-old), after users and groups got the inventory's ids.
 * Then services, accounting, and the session's verify round.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/acct.h"
#include "act/apply.h"
#include "observe/capacity.h"
#include "base/die.h"
#include "transport/exec.h"
#include "slurm/hostlist.h"
#include "act/keeporig.h"
#include "transport/lock.h"
#include "observe/observe.h"
#include "slurm/slurmkeys.h"
#include "base/xalloc.h"
#include "transport/transport_sftp.h"
#include "transport/transport_exec.h"

#define APPLY_BACKUP_SUFFIX ".clusterctl-old"

/* ---- execute ---- */

struct apply_run {
	struct session *s;
	const struct plan *p;	/* read, never changed */
	char **staged;		/* per plan file: the staged temp path */
	struct strbuf *log;	/* per host: what was done (not printed here) */
	bool *changed_key;	/* per host */
	bool *swapped;		/* per plan file: swapped in (previous kept) or created */
	bool *rolled_back;	/* per host: a daemon failed, files put back */
	int wave;		/* services: 0 = controller/dbd hosts, 1 = the rest,
				 * 2 = after accounting (apply_fetch_waits) */
};

static int apply_stage_file(struct apply_run *r, size_t i, struct transport *tr,
			    char **cause)
{
	const struct plan_file *f = &r->p->files[i];
	const struct rendered_file *w = f->want;
	bool plain = !w->secret && !w->has_secret_placeholder;
	size_t len = plain ? r->p->rs->blobs[w->blob].len : 0;
	/* only secrets are copied (and wiped): plain files go out from the blob */
	char *secret = plain ? NULL : plan_file_bytes(r->p, w, &len), *dir;
	const char *bytes = plain ? r->p->rs->blobs[w->blob].bytes : secret;
	int ret;

	if (!bytes) {
		*cause = xasprintf("no bytes for '%s' (database password or "
				   "munge key unknown)", f->want->path);
		return -1;
	}
	dir = xstrndup(f->want->path, (size_t)(strrchr(f->want->path, '/') -
					       f->want->path));
	ret = transport_mkdir_p(tr, *dir ? dir : "/", 0755, cause);
	if (!ret)
		ret = transport_stage_file(tr, f->want->path, bytes, len,
					   f->want->mode, f->want_uid, f->want_gid,
					   &r->staged[i], cause);
	if (secret)
		xfree_secret(secret, len);
	free(dir);
	return ret;
}

static int apply_stage_task(size_t idx, struct transport *tr, void *cookie,
			    char **cause)
{
	struct apply_run *r = cookie;
	size_t i;

	/*
	 * An owner/mode-only change is staged too (the same bytes, new owner
	 * and mode) and renamed over: never chown/chmod by path, which would
	 * follow a symlink a service user put there.
	 */
	for (i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++)
		if (r->p->files[i].change != PLAN_REMOVE &&
		    apply_stage_file(r, i, tr, cause))
			return -1;
	return 0;
}

/* Removes what was staged on a host that will not swap. */
static int apply_unstage_task(size_t idx, struct transport *tr, void *cookie,
			      char **cause)
{
	struct apply_run *r = cookie;
	size_t i;

	(void)cause;
	for (i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++) {
		char *ignored = NULL;

		if (!r->staged[i])
			continue;
		transport_remove(tr, r->staged[i], &ignored);
		free(ignored);
		free(r->staged[i]);
		r->staged[i] = NULL;
	}
	return 0;
}

/* *cause = "WHAT failed (exit N): <the start of its stderr>"; returns -1. */
static int apply_sh_fail(const char *what, int status, const char *err,
			 size_t len, char **cause)
{
	if (len > 400)
		len = 400;
	while (len && err[len - 1] == '\n')
		len--;
	*cause = xasprintf("%s failed (exit %d)%s%.*s", what, status,
			   len ? ": " : "", (int)len, err);
	return -1;
}

static int apply_sh(struct transport *tr, const char *cmd, const char *what,
		    char **cause)
{
	struct strbuf err = STRBUF_INIT;
	int status = 0, ret = transport_run(tr, cmd, NULL, &err, &status, cause);

	if (!ret && status)
		ret = apply_sh_fail(what, status, err.buf, err.len, cause);
	strbuf_release(&err);
	return ret;
}

/* Directories the daemons own files in, re-owned when their ids change. */
static const char *const apply_reown_dirs =
	"/etc/slurm /etc/munge /var/spool/slurm /var/spool/slurmctld "
	"/var/spool/slurmd /var/lib/slurm /var/log/slurm /var/log/slurmctld "
	"/var/lib/munge /var/log/munge /run/munge /run/slurm";

static void apply_ident_cmd(const struct apply_run *r, const struct plan_ident *d,
			    struct strbuf *cmd)
{
	const struct svc_user *u = d->who == IDENT_SLURM ?
		&r->s->m->cluster.slurm_user : &r->s->m->cluster.munge_user;
	const char *group = svc_user_group(u);

	if (d->group && d->change == PLAN_CREATE) {
		strbuf_addstr(cmd, "groupadd -r");
		if (d->want_id >= 0)
			strbuf_addf(cmd, " -g %lld", d->want_id);
		strbuf_addch(cmd, ' ');
		transport_shell_quote(cmd, group);
	} else if (d->group) {
		strbuf_addf(cmd, "groupmod -g %lld ", d->want_id);
		transport_shell_quote(cmd, group);
	} else if (d->change == PLAN_CREATE) {
		strbuf_addstr(cmd, "useradd -r -M -d /nonexistent -s /usr/sbin/nologin");
		if (d->want_id >= 0)
			strbuf_addf(cmd, " -u %lld", d->want_id);
		strbuf_addstr(cmd, " -g ");
		transport_shell_quote(cmd, group);
		strbuf_addch(cmd, ' ');
		transport_shell_quote(cmd, u->name);
	} else {
		struct strbuf um = STRBUF_INIT;

		strbuf_addstr(&um, "usermod");
		if (d->want_id >= 0 && d->want_id != d->have_id)
			strbuf_addf(&um, " -u %lld", d->want_id);
		if (d->want_gid >= 0 && d->want_gid != d->have_gid)
			strbuf_addf(&um, " -g %lld", d->want_gid);
		strbuf_addch(&um, ' ');
		transport_shell_quote(&um, u->name);
		/*
		 * usermod refuses while any process it can see runs as the user;
		 * this host's daemons were stopped, so what is left belongs to
		 * other PID namespaces (containers): retry in a fresh one.
		 */
		strbuf_addf(cmd, "%s 2>/dev/null || unshare --pid --fork --mount-proc %s",
			    um.buf, um.buf);
		strbuf_release(&um);
	}
	/* usermod -u re-owns the home only: re-own the daemons' files too */
	if (d->change == PLAN_FIX && d->have_id >= 0 && d->have_id != d->want_id)
		strbuf_addf(cmd, " && for d in %s; do [ -e \"$d\" ] && "
			    "find \"$d\" -xdev -%s %lld -exec ch%s -h %lld {} +; "
			    "done; true", apply_reown_dirs, d->group ? "gid" : "uid",
			    d->have_id, d->group ? "grp" : "own", d->want_id);
}

/*
 * Stops the daemons that run as the re-numbered user on this host; phase 3
 * restarts them (the plan lists those restarts). Failures are ignored: a
 * daemon that was not running is fine.
 */
static void apply_stop_daemons_of(const struct apply_run *r, size_t idx,
				  enum svc_ident who, struct transport *tr)
{
	static const enum service_kind slurm[] = { SVC_SLURMCTLD, SVC_SLURMDBD };
	const struct model *m = r->s->m;
	size_t k;

	for (k = 0; k < (who == IDENT_SLURM ? ARRAY_SIZE(slurm) : 1); k++) {
		enum service_kind kind = who == IDENT_SLURM ? slurm[k] : SVC_MUNGE;
		const char *stop = m->cluster.services[kind].stop;
		char *cause = NULL;
		int status;

		if (stop && model_host_runs(m, &m->hosts[idx], kind))
			transport_run(tr, stop, NULL, NULL, &status, &cause);
		free(cause);
	}
}

static int apply_idents(struct apply_run *r, size_t idx, struct transport *tr,
			char **cause)
{
	size_t i;

	/* groups come first in the plan, so useradd -g finds its group */
	for (i = r->p->ident_start[idx]; i < r->p->ident_start[idx + 1]; i++) {
		const struct plan_ident *d = &r->p->idents[i];
		struct strbuf cmd = STRBUF_INIT;
		int ret;

		if (d->change == PLAN_FIX)
			apply_stop_daemons_of(r, idx, d->who, tr);
		apply_ident_cmd(r, d, &cmd);
		ret = apply_sh(tr, cmd.buf, d->group ? "group change" : "user change",
			       cause);
		strbuf_release(&cmd);
		if (ret)
			return -1;
		strbuf_addf(&r->log[idx], "%s %s\n", d->change == PLAN_CREATE ?
			    "created" : "fixed", d->group ? "group" : "user");
	}
	return 0;
}

/* A file of the host's absent set goes to its backup name (plan.h). */
static int apply_move_aside(struct transport *tr, const char *path,
			    const char *backup, char **cause)
{
	struct strbuf cmd = STRBUF_INIT;
	int ret;

	strbuf_addstr(&cmd, "mv -f ");
	transport_shell_quote(&cmd, path);
	strbuf_addch(&cmd, ' ');
	transport_shell_quote(&cmd, backup);
	ret = apply_sh(tr, cmd.buf, "moving aside", cause);
	strbuf_release(&cmd);
	return ret;
}

static int apply_swap_task(size_t idx, struct transport *tr, void *cookie,
			   char **cause)
{
	struct apply_run *r = cookie;
	size_t i;

	if (apply_idents(r, idx, tr, cause))
		return -1;
	for (i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++) {
		const struct plan_file *f = &r->p->files[i];
		char *backup;
		int ret;

		/* the site's own file first; if it cannot be kept, it stays
		 * (the clean-up phase removes what was staged) */
		if (keeporig_keep(tr, r->p, f, cause))
			return -1;
		backup = xasprintf("%s%s", f->want->path, APPLY_BACKUP_SUFFIX);
		if (f->change == PLAN_REMOVE)
			ret = apply_move_aside(tr, f->want->path, backup, cause);
		else
			ret = transport_commit_file(tr, r->staged[i], f->want->path,
						    f->want->secret ? NULL : backup,
						    cause);
		free(backup);
		free(r->staged[i]);
		r->staged[i] = NULL;
		if (ret)
			return -1;
		if (f->want->secret && f->content)
			r->changed_key[idx] = true;
		else
			r->swapped[i] = f->change == PLAN_MODIFY ||
				f->change == PLAN_REMOVE || f->change == PLAN_CREATE;
	}
	return 0;
}

/* The changes that daemon k reads its files for (enum plan_restart bits). */
static unsigned apply_daemon_bits(enum service_kind k)
{
	switch (k) {
	case SVC_SLURMCTLD: return PLAN_RESTART_CTLD | PLAN_RECONFIGURE;
	case SVC_SLURMD: return PLAN_RESTART_SLURMD | PLAN_RECONFIGURE;
	case SVC_SLURMDBD: return PLAN_RESTART_DBD;
	case SVC_SACKD: return PLAN_RESTART_SACKD;
	default: return 0;
	}
}

/*
 * Whether this run changed, created or moved aside a systemd unit file on
 * host idx (the configless slurmd drop-in): systemd reads unit files again
 * only on "systemctl daemon-reload".
 */
static bool apply_units_changed(const struct apply_run *r, size_t idx)
{
	static const char units[] = "/etc/systemd/";

	for (size_t i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++)
		if (r->swapped[i] &&
		    !strncmp(r->p->files[i].want->path, units, sizeof(units) - 1))
			return true;
	return false;
}

/* Reloads systemd's units where systemd runs (a host booted with it). */
#define APPLY_UNITS_RELOAD \
	"if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi"

/*
 * The command that undoes f: its previous bytes (kept as FILE.clusterctl-old
 * by the swap) back by a hard link renamed over the file, so the backup
 * stays; a file this run created is removed (there was none before: a
 * configless /etc/default/slurmd left behind would keep slurmd fetching).
 */
static void apply_put_back_cmd(const struct plan_file *f, struct strbuf *cmd)
{
	char *old, *tmp;

	if (f->change == PLAN_CREATE) {
		strbuf_addstr(cmd, "rm -f ");
		transport_shell_quote(cmd, f->want->path);
		return;
	}
	old = xasprintf("%s%s", f->want->path, APPLY_BACKUP_SUFFIX);
	tmp = xasprintf("%s.clusterctl-back", f->want->path);
	strbuf_addstr(cmd, "ln -f ");
	transport_shell_quote(cmd, old);
	strbuf_addch(cmd, ' ');
	transport_shell_quote(cmd, tmp);
	strbuf_addstr(cmd, " && mv -f ");
	transport_shell_quote(cmd, tmp);
	strbuf_addch(cmd, ' ');
	transport_shell_quote(cmd, f->want->path);
	free(old);
	free(tmp);
}

/*
 * Puts back what every file this run changed on the host for daemon k was
 * before (apply_put_back_cmd). Appends their names to names, a removed new
 * one as "PATH (new: removed)".
 */
static int apply_put_back(struct apply_run *r, size_t idx, struct transport *tr,
			  enum service_kind k, struct strbuf *names, char **cause)
{
	size_t i;

	for (i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++) {
		const struct plan_file *f = &r->p->files[i];
		struct strbuf cmd = STRBUF_INIT;
		int ret;

		if (!r->swapped[i] || !(f->restart & apply_daemon_bits(k)))
			continue;
		apply_put_back_cmd(f, &cmd);
		ret = apply_sh(tr, cmd.buf, "putting back the previous file", cause);
		strbuf_release(&cmd);
		if (ret)
			return -1;
		r->swapped[i] = false;
		strbuf_addf(names, "%s%s%s", names->len ? ", " : "", f->want->path,
			    f->change == PLAN_CREATE ? " (new: removed)" : "");
	}
	return 0;
}

/*
 * A daemon that did not come up on the new files: the previous ones go
 * back and the daemon is started on them. The host still fails (with
 * *cause saying all of it): the inventory's change is not in effect.
 */
static void apply_roll_back(struct apply_run *r, size_t idx, struct transport *tr,
			    const struct plan_service *sv, char **cause)
{
	const struct service_cmds *c = &r->s->m->cluster.services[sv->kind];
	const char *name = service_kind_name(sv->kind);
	const char *again = c->restart ? c->restart : c->start;
	bool units = apply_units_changed(r, idx);
	struct strbuf names = STRBUF_INIT;
	char *why = NULL, *what, *reload_again = NULL;

	if (!again || apply_put_back(r, idx, tr, sv->kind, &names, &why) || !names.len) {
		if (why) {
			char *both = xasprintf("%s; %s", *cause, why);

			free(*cause);
			*cause = both;
		}
		free(why);
		strbuf_release(&names);
		return;
	}
	what = xasprintf("restart %s on the previous files", name);
	if (units)	/* a unit file was put back: systemd must read it again */
		again = reload_again = xasprintf(APPLY_UNITS_RELOAD " && %s", again);
	if (apply_sh(tr, again, what, &why) == 0) {
		char *both = xasprintf("rolled back: %s did not come up on the new "
				       "files; previous %s put back, %s running again; %s",
				       name, names.buf, name, *cause);

		free(*cause);
		*cause = both;
		r->rolled_back[idx] = true;
	} else {
		char *both = xasprintf("%s did not come up on the new files; previous "
				       "%s put back, but %s; %s", name, names.buf, why,
				       *cause);

		free(*cause);
		*cause = both;
	}
	free(why);
	free(what);
	free(reload_again);
	strbuf_release(&names);
}

/* The command that carries out sv (NULL: the inventory gives none). */
static const char *apply_service_cmd(const struct service_cmds *c,
				     const struct plan_service *sv)
{
	return sv->action == PLAN_SVC_RESTART ? c->restart :
		sv->action == PLAN_SVC_START ? c->start :
		c->reconfigure ? c->reconfigure : c->restart;
}

/*
 * One action of the services script: its stderr starts after a "step"
 * marker; a reconfigure that fails because the daemon is not running
 * (it cannot re-read) restarts it instead (w=1 says so); the first action
 * that fails ends the script with "failed I W STATUS". From 23.11
 * "scontrol reconfigure" starts a new daemon process and returns before
 * it runs: the script waits (up to 30 s) until the status command sees it
 * again, so that what follows (the next host's reconfigure, apply's own
 * verification) does not meet a daemon between its two lives. Pacing
 * only: a daemon that stays down is what the verification reports.
 */
static void apply_service_script(const struct apply_run *r, size_t i,
				 const char *nonce, struct strbuf *sb)
{
	const struct plan_service *sv = &r->p->services[i];
	const struct service_cmds *c = &r->s->m->cluster.services[sv->kind];
	const char *cmd = apply_service_cmd(c, sv);
	const char *status = observe_status_cmd(r->s->m, sv->kind);

	strbuf_addf(sb, "w=0; echo '@@%s step' >&2; (\n%s\n) </dev/null >/dev/null",
		    nonce, cmd);
	if (sv->action == PLAN_SVC_RECONFIGURE && c->restart && strcmp(cmd, c->restart))
		strbuf_addf(sb, " || { w=1; echo '@@%s step' >&2; (\n%s\n) "
			    "</dev/null >/dev/null; }", nonce, c->restart);
	strbuf_addf(sb, " || { echo \"@@%s failed %zu $w $?\"; exit 0; }\n", nonce, i);
	if (sv->action == PLAN_SVC_RECONFIGURE && status &&
	    slurmkeys_has(r->s->m->cluster.slurm_version, SLURM_RECONFIGURE_REEXECS))
		strbuf_addf(sb, "(i=0; until (\n%s\n) </dev/null >/dev/null 2>&1; do "
			    "i=$((i + 1)); [ $i -lt 150 ] || exit 1; sleep 0.2; done)\n",
			    status);
}

/*
 * Reads what the services script printed: 0 when it got to its end, else
 * -1 with *failed (the plan's index of the action) and *cause named after
 * the action, with the stderr of its last command.
 */
static int apply_services_result(const struct apply_run *r, const char *nonce,
				 const struct strbuf *out, const struct strbuf *err,
				 size_t *failed, char **cause)
{
	char *end = xasprintf("@@%s end\n", nonce), *fail = xasprintf("@@%s failed ", nonce);
	char *step = xasprintf("@@%s step\n", nonce), *what;
	const char *f = strstr(out->buf, fail), *e = NULL, *p;
	unsigned long i;
	int w = 0, status = -1, ret = -1;

	if (!f && strstr(out->buf, end))
		ret = 0;
	else if (!f || sscanf(f + strlen(fail), "%lu %d %d", &i, &w, &status) != 3 ||
		 i >= r->p->n_services)
		*cause = xstrdup("the services script ended early");
	else {
		const struct plan_service *sv = &r->p->services[i];

		for (p = strstr(err->buf, step); p; p = strstr(p + 1, step))
			e = p + strlen(step);
		what = w ? xasprintf("restart %s", service_kind_name(sv->kind)) :
			xasprintf("%s %s", plan_svc_action_name(sv->action),
				  service_kind_name(sv->kind));
		apply_sh_fail(what, status, e ? e : "", e ? strlen(e) : 0, cause);
		free(what);
		*failed = i;
	}
	free(end);
	free(fail);
	free(step);
	return ret;
}

static bool apply_central(const struct model *m, size_t idx)
{
	return model_central_daemon(m, &m->hosts[idx]) != SVC_COUNT;
}

/*
 * The sql accounting phase restarts slurmctld after it wrote the rows; an
 * earlier (re)start would read a database without them, and a partition
 * QOS= that is not there yet is fatal to slurmctld (a cold cluster).
 * Not so with sacctmgr: it cannot add a QoS limiting gres/gpu before
 * slurmctld registered that TRES, so slurmctld starts first there.
 */
static bool apply_ctld_after_accounting(const struct apply_run *r,
					const struct plan_service *sv)
{
	return sv->kind == SVC_SLURMCTLD && sv->action != PLAN_SVC_RECONFIGURE &&
	       r->p->acct && acct_plan_count(r->p->acct) &&
	       r->p->acct_method == DB_METHOD_SQL;
}

/*
 * Configless: a slurmd or sackd that fetches its configuration cannot
 * start before slurmctld runs, and the sql accounting phase holds
 * slurmctld's start back: such a host waits for a third wave, after that
 * phase.
 */
static bool apply_fetch_waits(const struct apply_run *r, size_t idx)
{
	const struct model *m = r->s->m;
	size_t i;

	if (!model_host_fetches(m, &m->hosts[idx]))
		return false;
	for (i = 0; i < r->p->n_services; i++)
		if (apply_ctld_after_accounting(r, &r->p->services[i]))
			return true;
	return false;
}

/*
 * The services script's first step when unit files changed: the reload,
 * its failure reported as that of action first (and rolled back with it).
 */
static void apply_reload_step(const char *nonce, size_t first, struct strbuf *sb)
{
	strbuf_addf(sb, "echo '@@%s step' >&2; (\n" APPLY_UNITS_RELOAD
		    "\n) </dev/null >/dev/null || { echo \"@@%s failed %zu 0 $?\"; "
		    "exit 0; }\n", nonce, nonce, first);
}

/*
 * A host's service actions, in the plan's order (munge, slurmdbd,
 * slurmctld, slurmd restarts or starts: the others authenticate through
 * munge; the reconfigure last), as one script over one channel that stops
 * at the first failure; that action's daemon is then rolled back.
 */
static int apply_services_task(size_t idx, struct transport *tr, void *cookie,
			       char **cause)
{
	struct apply_run *r = cookie;
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
	char nonce[OBSERVE_NONCE_LEN + 1];
	size_t i, failed = SIZE_MAX;
	int status, ret = 0;

	/* slurmdbd and slurmctld come up before any slurmd registers with them */
	if (apply_central(r->s->m, idx) != (r->wave == 0) ||
	    (r->wave && apply_fetch_waits(r, idx) != (r->wave == 2)))
		return 0;
	observe_nonce(nonce);
	for (i = r->p->service_start[idx]; i < r->p->service_start[idx + 1]; i++)
		if (!apply_ctld_after_accounting(r, &r->p->services[i]) &&
		    apply_service_cmd(&r->s->m->cluster.services[r->p->services[i].kind],
				      &r->p->services[i])) {
			if (!sb.len && apply_units_changed(r, idx))
				apply_reload_step(nonce, i, &sb);
			apply_service_script(r, i, nonce, &sb);
		}
	if (sb.len) {
		strbuf_addf(&sb, "echo '@@%s end'\n", nonce);
		ret = transport_run(tr, sb.buf, &out, &err, &status, cause);
		if (!ret)
			ret = apply_services_result(r, nonce, &out, &err, &failed, cause);
		if (ret && failed != SIZE_MAX)
			apply_roll_back(r, idx, tr, &r->p->services[failed], cause);
	}
	strbuf_release(&sb);
	strbuf_release(&out);
	strbuf_release(&err);
	return ret;
}

/* ---- accounting: acct's remote commands run through the pool ---- */

static int apply_remote_cb(void *cookie, const char *host, const char *cmd,
			   struct strbuf *out, char **cause)
{
	struct session *s = cookie;

	for (size_t i = 0; i < s->m->n_hosts; i++)
		if (!strcmp(s->m->hosts[i].name, host))
			return exec_pool_run_cmd(s->pool, i, cmd, out, cause);
	*cause = xasprintf("unknown host '%s'", host);
	return -1;
}

/* ---- orchestration ---- */

static void apply_run_free(struct apply_run *r)
{
	size_t i;

	for (i = 0; i < r->p->n_files; i++)
		free(r->staged[i]);
	free(r->staged);
	for (i = 0; i < r->s->m->n_hosts; i++)
		strbuf_release(&r->log[i]);
	free(r->log);
	free(r->changed_key);
	free(r->swapped);
	free(r->rolled_back);
}

static char *apply_failed_hosts(struct session *s)
{
	const char **names = xcalloc(s->m->n_hosts + 1, sizeof(*names));
	size_t i, n = 0;
	char *res = NULL;

	for (i = 0; i < s->m->n_hosts; i++)
		if (exec_pool_result(s->pool, i)->state != EXEC_DONE)
			names[n++] = s->m->hosts[i].name;
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

/* Hosts where a daemon failed and the previous files were put back. */
static char *apply_rolled_back_hosts(const struct apply_run *r)
{
	const char **names = xcalloc(r->s->m->n_hosts + 1, sizeof(*names));
	size_t i, n = 0;
	char *res = NULL;

	for (i = 0; i < r->s->m->n_hosts; i++)
		if (r->rolled_back[i])
			names[n++] = r->s->m->hosts[i].name;
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

/*
 * Counts the service actions of hosts that came through: those of the
 * third wave (a configless slurmd that waits for the sql accounting phase,
 * apply_fetch_waits) when third is set, the others when it is not.
 */
static void apply_count_services(const struct apply_run *r,
				 struct apply_summary *sum, bool third)
{
	const struct plan *p = r->p;

	for (size_t i = 0; i < p->n_services; i++) {
		size_t h = p->services[i].host;

		if (apply_fetch_waits(r, h) != third ||
		    exec_pool_result(r->s->pool, h)->state != EXEC_DONE)
			continue;
		if (p->services[i].action == PLAN_SVC_RESTART)
			sum->restarts++;
		else if (p->services[i].action == PLAN_SVC_START)
			sum->starts++;
		else
			sum->reconfigures++;
	}
}

static void apply_count(const struct apply_run *r, struct apply_summary *sum)
{
	const struct plan *p = r->p;
	size_t i;

	sum->rolled_back = apply_rolled_back_hosts(r);
	for (i = 0; i < p->n_files; i++) {
		bool ok = exec_pool_result(r->s->pool, p->files[i].host)->state ==
			  EXEC_DONE;

		if (!ok)
			continue;
		if (p->files[i].want->secret)
			sum->key_hosts += p->files[i].content;
		else
			sum->files++;
	}
	sum->key_changed = sum->key_hosts > 0;
	for (i = 0; i < p->n_idents; i++) {
		if (exec_pool_result(r->s->pool, p->idents[i].host)->state != EXEC_DONE)
			continue;
		if (p->idents[i].change == PLAN_CREATE)
			sum->users_created++;
		else
			sum->users_fixed++;
	}
	apply_count_services(r, sum, false);
}

static bool apply_controller_ok(const struct session *s)
{
	return s->controller == SIZE_MAX ||
	       exec_pool_result(s->pool, s->controller)->state == EXEC_DONE;
}

/*
 * Whether verifying asks the hosts anything the transport did not check
 * already: a file was read back through its staged handle (bytes, mode,
 * owner) before rename(2) put that very inode at its path (a file moved
 * aside: mv's exit status), so a plan whose only changes are files (no id
 * changed, no daemon acted on or asked about) has nothing left to see.
 */
static bool apply_verify_needed(const struct plan *p)
{
	return (p->only & PLAN_ONLY_SERVICES) || p->n_idents;
}

/*
 * The session's verify round, then slurmctld's view of every node against
 * the inventory (capacity.h): a node that came back with fewer CPUs than
 * the inventory says is a failure, not a success.
 */
static void apply_verify(struct session *s, const struct plan *p,
			 struct apply_summary *sum)
{
	size_t c = s->controller;
	bool cap_before = c != SIZE_MAX && s->obs[c].cap.seen;

	sum->verify_left = session_verify(s, p);
	if (c != SIZE_MAX && (p->only & PLAN_ONLY_FILES))
		sum->n_cap_mismatch = capacity_model_mismatches(s->m, &s->obs[c].cap,
								cap_before,
								&sum->cap_mismatch);
}

static void apply_collect_failures(struct session *s,
				   struct apply_summary *sum)
{
	size_t i;

	free(sum->failed);
	sum->failed = apply_failed_hosts(s);
	strbuf_reset(&sum->errors);
	for (i = 0; i < s->m->n_hosts; i++) {
		const struct exec_result *res = exec_pool_result(s->pool, i);

		s->failed[i] = res->state != EXEC_DONE;
		if (s->failed[i])
			strbuf_addf(&sum->errors, "%s: %s\n", s->m->hosts[i].name,
				    res->error ? session_host_error(s->m->hosts[i].name,
								    res->error) :
				    exec_state_name(res->state));
	}
}

static int apply_accounting_phase(struct session *s, struct apply_run *r,
				  struct apply_summary *sum, char **cause)
{
	char *acause = NULL;

	if (!r->p->acct || !acct_plan_count(r->p->acct))
		return 0;
	if (acct_plan_apply(s->m, r->p->acct, apply_remote_cb, s, &acause)) {
		*cause = xasprintf("accounting: %s", acause ? acause : "failed");
		free(acause);
		return -1;
	}
	sum->acct_applied = true;
	sum->acct_changes = acct_plan_count(r->p->acct);
	return 0;
}

static int apply_phases(struct session *s, struct apply_run *r,
			struct apply_summary *sum, char **cause)
{
	int ret = 0;

	exec_pool_set_phase(s->pool, "stage");
	exec_pool_run(s->pool, apply_stage_task, r, true);
	if (lock_interrupted()) {
		*cause = xstrdup("interrupted: nothing was swapped");
		ret = -1;
	} else if (!apply_controller_ok(s)) {
		const struct exec_result *res = exec_pool_result(s->pool, s->controller);

		/* two-phase guarantee: nothing is swapped anywhere */
		*cause = xasprintf("staging failed on the controller, nothing "
				   "was changed: %s", res->error ? res->error : "?");
		ret = -1;
	} else {
		exec_pool_set_phase(s->pool, "swap");
		exec_pool_run(s->pool, apply_swap_task, r, true);
		exec_pool_set_phase(s->pool, "services");
		for (r->wave = 0; (r->p->only & PLAN_ONLY_SERVICES) && r->wave < 2;
		     r->wave++)
			exec_pool_run(s->pool, apply_services_task, r, true);
		apply_count(r, sum);
	}
	apply_collect_failures(s, sum);
	if (!ret)
		ret = apply_accounting_phase(s, r, sum, cause);
	if (!ret && (r->p->only & PLAN_ONLY_SERVICES) &&
	    s->m->cluster.config_mode == CONFIG_CONFIGLESS) {
		r->wave = 2;	/* apply_fetch_waits */
		exec_pool_run(s->pool, apply_services_task, r, true);
		apply_collect_failures(s, sum);
		apply_count_services(r, sum, true);
	}
	/* leftovers of hosts that did not swap; failed hosts are retried here */
	exec_pool_set_phase(s->pool, "clean up");
	exec_pool_run(s->pool, apply_unstage_task, r, false);
	return ret;
}

/* Refuses a plan whose files cannot be written as planned. */
static int apply_check(const struct session *s, const struct plan *p,
		       char **cause)
{
	size_t i;

	/* every host's slurm.conf follows the controller's: none moves without it */
	if (s->controller != SIZE_MAX && p->hosts[s->controller].refused) {
		*cause = xasprintf("the controller '%s' is refused for its hardware "
				   "(see the plan): nothing was changed",
				   s->m->hosts[s->controller].name);
		return -1;
	}

	for (i = 0; i < p->n_files; i++) {
		const struct plan_file *f = &p->files[i];

		/* owner/mode-only changes are re-staged: they need the bytes too */
		if (f->want->needs_db_password && !p->db_password) {
			*cause = xasprintf("'%s' needs the database password: set "
					   "database.password_file (readable here) or "
					   "database.password_env", f->want->path);
			return -1;
		}
		if (f->want->secret && !p->key.bytes) {
			*cause = xstrdup("no munge key to install");
			return -1;
		}
	}
	return 0;
}

int apply_execute(struct session *s, const struct plan *p,
		  struct apply_summary *sum, char **cause)
{
	struct apply_run r = { .s = s, .p = p };
	int ret;

	memset(sum, 0, sizeof(*sum));
	strbuf_init(&sum->errors);
	sum->hosts = s->m->n_hosts;
	*cause = NULL;
	if (apply_check(s, p, cause))
		return -1;
	if (s->lock_fd < 0)
		BUG("apply_execute without session_lock");
	if (lock_interrupted()) {
		*cause = xstrdup("interrupted: nothing was changed");
		return -1;
	}
	r.staged = xcalloc(p->n_files + 1, sizeof(*r.staged));
	r.log = xcalloc(s->m->n_hosts + 1, sizeof(*r.log));
	r.changed_key = xcalloc(s->m->n_hosts + 1, sizeof(*r.changed_key));
	r.swapped = xcalloc(p->n_files + 1, sizeof(*r.swapped));
	r.rolled_back = xcalloc(s->m->n_hosts + 1, sizeof(*r.rolled_back));
	for (size_t i = 0; i < s->m->n_hosts; i++)
		strbuf_init(&r.log[i]);
	ret = apply_phases(s, &r, sum, cause);
	sum->refused = plan_refused(p);
	sum->release_refused = plan_release_refused(p);
	apply_run_free(&r);
	if (!ret && !lock_interrupted() && apply_verify_needed(p))
		apply_verify(s, p, sum);
	return ret;
}

char *apply_summary_line(const struct apply_summary *sum)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "apply: %zu host%s, %zu file%s changed, %zu users/groups "
		    "created, %zu fixed, munge key %s", sum->hosts,
		    sum->hosts == 1 ? "" : "s", sum->files, sum->files == 1 ? "" : "s",
		    sum->users_created, sum->users_fixed,
		    sum->key_changed ? "installed" : "unchanged");
	if (sum->key_changed)
		strbuf_addf(&sb, " on %zu host%s", sum->key_hosts,
			    sum->key_hosts == 1 ? "" : "s");
	strbuf_addf(&sb, ", %zu restart%s", sum->restarts,
		    sum->restarts == 1 ? "" : "s");
	/* said only when there were some: the line stays as it was otherwise */
	if (sum->starts)
		strbuf_addf(&sb, ", %zu start%s", sum->starts,
			    sum->starts == 1 ? "" : "s");
	strbuf_addf(&sb, ", %zu reconfigure%s", sum->reconfigures,
		    sum->reconfigures == 1 ? "" : "s");
	if (sum->acct_applied)
		strbuf_addf(&sb, ", %zu accounting change%s", sum->acct_changes,
			    sum->acct_changes == 1 ? "" : "s");
	if (sum->failed)
		strbuf_addf(&sb, "; failed: %s", sum->failed);
	if (sum->rolled_back)
		strbuf_addf(&sb, "; rolled back: %s", sum->rolled_back);
	if (sum->refused)
		strbuf_addf(&sb, "; refused (hardware): %s", sum->refused);
	if (sum->release_refused)
		strbuf_addf(&sb, "; refused (release): %s", sum->release_refused);
	return strbuf_detach(&sb, NULL);
}

void apply_summary_release(struct apply_summary *sum)
{
	if (!sum)
		return;
	free(sum->failed);
	sum->failed = NULL;
	free(sum->rolled_back);
	sum->rolled_back = NULL;
	free(sum->refused);
	sum->refused = NULL;
	free(sum->release_refused);
	sum->release_refused = NULL;
	capacity_list_free(sum->cap_mismatch, sum->n_cap_mismatch);
	sum->cap_mismatch = NULL;
	sum->n_cap_mismatch = 0;
	strbuf_release(&sum->errors);
}
