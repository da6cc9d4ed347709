/*
 * apply.c: execute a plan over the session's executor (session.h), one
 * SSH session per host reused by every phase. Apply is two-phase so no node
 * ever runs with a slurm.conf that differs from the controller's: every
 * host stages its changed files (apply_files.c), and only if the controller
 * staged cleanly are they swapped in. Then the service actions in waves
 * (apply_services.c, apply_run.c), accounting, and the session's verify
 * round. This file is the order of those phases and the summary.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "act/apply.h"
#include "act/apply_files.h"
#include "act/apply_run.h"
#include "act/apply_services.h"
#include "observe/capacity.h"
#include "base/die.h"
#include "transport/exec.h"
#include "slurm/hostlist.h"
#include "act/keeporig.h"
#include "transport/lock.h"
#include "observe/observe.h"
#include "base/xalloc.h"
#include "transport/transport_sftp.h"
#include "transport/transport_exec.h"
#include "act/session.h"
#include "base/strbuf.h"
#include "decide/plan.h"
#include "decide/plan_release.h"
#include "acct/apply/acct_apply.h"
#include "acct/plan/acct_plan.h"

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
