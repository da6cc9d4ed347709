/*
 * apply_files.c: staging, swapping and putting back an apply's files, and
 * the service users' ids (apply_files.h). Every changed file is first
 * staged beside its target on every host (checksum verified there by the
 * transport); only if the controller staged cleanly are files swapped in
 * (atomic rename, previous file kept as <path>.clusterctl-old), after
 * users and groups got the inventory's ids.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "act/apply_files.h"
#include "act/apply_run.h"
#include "act/keeporig.h"
#include "base/compat.h"
#include "base/xalloc.h"
#include "observe/capacity.h"
#include "observe/observe.h"
#include "transport/exec.h"
#include "transport/lock.h"
#include "transport/transport_exec.h"
#include "transport/transport_sftp.h"
#include "base/strbuf.h"
#include "decide/plan_secret.h"
#include "inventory/model.h"

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

int apply_stage_task(size_t idx, struct transport *tr, void *cookie,
		     char **cause)
{
	struct apply_run *r = cookie;
	size_t i;
	int rc;

	/*
	 * An owner/mode-only change is staged too (the same bytes, new owner
	 * and mode) and renamed over: never chown/chmod by path, which would
	 * follow a symlink a service user put there. A failure keeps its kind
	 * (transport.h) for the summary.
	 */
	for (i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++)
		if (r->p->files[i].change != PLAN_REMOVE &&
		    (rc = apply_stage_file(r, i, tr, cause)))
			return rc;
	return 0;
}

/* Removes what was staged on a host that will not swap. */
int apply_unstage_task(size_t idx, struct transport *tr, void *cookie,
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
int apply_sh_fail(const char *what, int status, const char *err,
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

int apply_swap_task(size_t idx, struct transport *tr, void *cookie,
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

/* The changes that daemon k reads its files for (enum restart_need bits). */
static unsigned apply_daemon_bits(enum service_kind k)
{
	switch (k) {
	case SVC_SLURMCTLD: return RESTART_CTLD | RESTART_RECONFIGURE;
	case SVC_SLURMD: return RESTART_SLURMD | RESTART_RECONFIGURE;
	case SVC_SLURMDBD: return RESTART_DBD;
	case SVC_SACKD: return RESTART_SACKD;
	default: return 0;
	}
}

/*
 * Whether this run changed, created or moved aside a systemd unit file on
 * host idx (the configless slurmd drop-in): systemd reads unit files again
 * only on "systemctl daemon-reload".
 */
bool apply_units_changed(const struct apply_run *r, size_t idx)
{
	static const char units[] = "/etc/systemd/";

	for (size_t i = r->p->file_start[idx]; i < r->p->file_start[idx + 1]; i++)
		if (r->swapped[i] &&
		    !strncmp(r->p->files[i].want->path, units, sizeof(units) - 1))
			return true;
	return false;
}

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
void apply_roll_back(struct apply_run *r, size_t idx, struct transport *tr,
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
