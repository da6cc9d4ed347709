/*
 * apply_services.c: restarts, reconfigures and starts, one script per host
 * (apply_services.h): munge, slurmdbd, slurmctld, slurmd, sackd in that
 * order, the reconfigure last, each step's failure reported with what its
 * daemon said.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "act/apply_files.h"
#include "act/apply_run.h"
#include "act/apply_services.h"
#include "act/keeporig.h"
#include "base/compat.h"
#include "base/xalloc.h"
#include "observe/capacity.h"
#include "observe/observe.h"
#include "slurm/slurmkeys.h"
#include "transport/exec.h"
#include "transport/lock.h"
#include "transport/transport_exec.h"
#include "transport/transport_sftp.h"
#include "base/strbuf.h"
#include "decide/plan_services.h"
#include "inventory/model.h"

static const char *apply_service_cmd(const struct service_cmds *c,
				     const struct plan_service *sv)
{
	return sv->action == PLAN_SVC_RESTART ? c->restart :
		sv->action == PLAN_SVC_START ? c->start :
		c->reconfigure ? c->reconfigure : c->restart;
}

/*
 * Before a reconfigure that re-executes the daemon (23.11+): the pid in
 * its pid file (p0) and how long its log is (l0), which the wait after it
 * compares against. A daemon run attached (-D, not under systemd) execs
 * in place, keeping its pid: p0 stays empty and the wait is skipped.
 */
static void apply_reexec_before(const char *pidfile, const char *logfile,
				struct strbuf *sb)
{
	strbuf_addstr(sb, "p0=; { read -r p0 <");
	transport_shell_quote(sb, pidfile);
	strbuf_addstr(sb, "; } 2>/dev/null; a=$(tr '\\0' '\\n' </proc/$p0/cmdline "
		      "2>/dev/null); if printf '%s\\n' \"$a\" | grep -qx -- '-[a-zA-Z]*D[a-zA-Z]*' "
		      "&& ! printf '%s\\n' \"$a\" | grep -qx -- --systemd; then p0=; fi; l0=0");
	if (logfile) {
		strbuf_addstr(sb, "; l0=$(wc -c <");
		transport_shell_quote(sb, logfile);
		strbuf_addstr(sb, " 2>/dev/null) || l0=0");
	}
	strbuf_addch(sb, '\n');
}

/*
 * After it: "scontrol reconfigure" returns 0 before the new process runs,
 * and when that process exits (a StateSaveLocation it cannot create, say)
 * the old one logs "Resuming operation, reconfigure failed." and runs on
 * with the old files, pid unchanged. So wait (up to 30 s) for a new pid
 * in the pid file that is alive and answers the status command; the log
 * saying the reconfigure failed, or the time running out, fails the step
 * with that cause, which rolls the files back like a failed restart. A
 * daemon the reconfigure fell back to restarting (w=1) is past this.
 */
static void apply_reexec_wait(const char *pidfile, const char *logfile,
			      const char *status, const char *name,
			      const char *nonce, size_t i, struct strbuf *sb)
{
	strbuf_addstr(sb, "if [ $w = 0 ] && [ -n \"$p0\" ]; then n=0; ok=0; "
		      "while [ $n -lt 150 ]; do p=; { read -r p <");
	transport_shell_quote(sb, pidfile);
	strbuf_addf(sb, "; } 2>/dev/null; if [ -n \"$p\" ] && [ \"$p\" != \"$p0\" ] && "
		    "[ -e \"/proc/$p\" ] && (\n%s\n) </dev/null >/dev/null 2>&1; then "
		    "ok=1; break; fi; ", status);
	if (logfile) {
		strbuf_addstr(sb, "tail -c +$((l0 + 1)) ");
		transport_shell_quote(sb, logfile);
		strbuf_addstr(sb, " 2>/dev/null | grep -aq 'reconfigure failed' && break; ");
	}
	strbuf_addf(sb, "n=$((n + 1)); sleep 0.2; done; if [ $ok = 0 ]; then "
		    "echo '%s did not take the new files: the process \"scontrol "
		    "reconfigure\" started exited, and the old one runs on with the "
		    "old files (see its log)' >&2; echo \"@@%s failed %zu 0 1\"; exit 0; "
		    "fi; fi\n", name, nonce, i);
}

/*
 * One action of the services script: its stderr starts after a "step"
 * marker; a reconfigure that fails because the daemon is not running
 * (it cannot re-read) restarts it instead (w=1 says so); the first action
 * that fails ends the script with "failed I W STATUS". From 23.11
 * "scontrol reconfigure" starts a new daemon process and returns before
 * it runs: the script waits until the new process runs (above), or, with
 * no pid file to read, (up to 30 s) until the status command sees it
 * again, so that what follows (the next host's reconfigure, apply's own
 * verification) does not meet a daemon between its two lives.
 */
static void apply_service_script(const struct apply_run *r, size_t i,
				 const char *nonce, struct strbuf *sb)
{
	const struct plan_service *sv = &r->p->services[i];
	const struct service_cmds *c = &r->s->m->cluster.services[sv->kind];
	const char *cmd = apply_service_cmd(c, sv);
	const char *status = observe_status_cmd(r->s->m, sv->kind);
	const char *pidfile = r->s->pidfile[sv->kind];
	bool reexec = sv->action == PLAN_SVC_RECONFIGURE && status &&
		slurmkeys_has(r->s->m->cluster.slurm_version, SLURM_RECONFIGURE_REEXECS);

	if (reexec && pidfile)
		apply_reexec_before(pidfile, r->s->logfile[sv->kind], sb);
	strbuf_addf(sb, "w=0; echo '@@%s step' >&2; (\n%s\n) </dev/null >/dev/null",
		    nonce, cmd);
	if (sv->action == PLAN_SVC_RECONFIGURE && c->restart && strcmp(cmd, c->restart))
		strbuf_addf(sb, " || { w=1; echo '@@%s step' >&2; (\n%s\n) "
			    "</dev/null >/dev/null; }", nonce, c->restart);
	strbuf_addf(sb, " || { echo \"@@%s failed %zu $w $?\"; exit 0; }\n", nonce, i);
	if (reexec && pidfile)
		apply_reexec_wait(pidfile, r->s->logfile[sv->kind], status,
				  service_kind_name(sv->kind), nonce, i, sb);
	else if (reexec)
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
int apply_services_task(size_t idx, struct transport *tr, void *cookie,
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
