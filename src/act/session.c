/*
 * session.c: the rounds of a plan or apply run over the executor, one SSH
 * session per host reused by each (session.h): the lock, the observation
 * round (one observe.h script per host) handed to plan_decide, and the
 * verify round after apply.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "transport/exec.h"
#include "transport/hosttarget.h"
#include "transport/lock.h"
#include "observe/observe.h"
#include "observe/observe_include.h"
#include "act/session.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmkeys.h"
#include "base/xalloc.h"
#include "slurm/hostpaths.h"
#include "decide/plan.h"
#include "decide/plan_decide.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "render/render.h"
#include "slurm/mungekey.h"

/* ---- session ---- */

static void session_targets(struct session *s)
{
	const struct model *m = s->m;
	size_t i;

	s->targets = xcalloc(m->n_hosts + 1, sizeof(*s->targets));
	for (i = 0; i < m->n_hosts; i++)
		host_target(m, &m->hosts[i], s->opt.accept_new_host_keys,
			    &s->targets[i]);
}

/* The database password (model.h); NULL if none: the plan warns. */
static char *session_db_password(const struct model *m)
{
	char *cause = NULL, *pass = db_password(&m->db, &cause);

	free(cause);
	return pass;
}

/* The last value of key in the first rendered file named base; NULL if none. */
static char *session_setting(const struct session *s, const char *base,
			     const char *key)
{
	const struct rendered_file *f = NULL;
	struct slurmconf c = { 0 };
	char *cause = NULL, *val = NULL;

	for (size_t h = 0; h < s->m->n_hosts && (!f || f->blob == SIZE_MAX); h++)
		f = rendered_conf_file(s->m, s->rs, s->rs_start[h], s->rs_start[h + 1], base);
	if (!f || f->blob == SIZE_MAX ||
	    slurmconf_parse(f->path, s->rs->blobs[f->blob].bytes,
			    s->rs->blobs[f->blob].len, false, &c, &cause)) {
		free(cause);
		return NULL;
	}
	for (size_t i = 0; i < c.n; i++)
		if (!strcasecmp(c.lines[i].kv[0].key, key)) {
			free(val);
			val = xstrdup(c.lines[i].kv[0].value);
		}
	slurmconf_release(&c);
	return val;
}

/*
 * Each Slurm daemon's pid file (the rendered setting, else Slurm's
 * default) and log file (the rendered setting, else none: syslog).
 */
static void session_daemon_files(struct session *s)
{
	static const struct {
		enum service_kind k;
		const char *file, *pid_key, *pid_default, *log_key;
	} df[] = {
		{ SVC_SLURMCTLD, "slurm.conf", "SlurmctldPidFile", "/var/run/slurmctld.pid",
		  "SlurmctldLogFile" },
		{ SVC_SLURMD, "slurm.conf", "SlurmdPidFile", "/var/run/slurmd.pid",
		  "SlurmdLogFile" },
		{ SVC_SLURMDBD, "slurmdbd.conf", "PidFile", "/var/run/slurmdbd.pid",
		  "LogFile" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(df); i++) {
		s->pidfile[df[i].k] = session_setting(s, df[i].file, df[i].pid_key);
		if (!s->pidfile[df[i].k])
			s->pidfile[df[i].k] = xstrdup(df[i].pid_default);
		s->logfile[df[i].k] = session_setting(s, df[i].file, df[i].log_key);
	}
}

/*
 * Where sackd caches each file of the controller's that slurmctld serves
 * it: a running sackd compares them with the controller's (plan_sackd_stale).
 */
static void session_sackd_caches(struct session *s)
{
	size_t from, n;

	if (s->controller == SIZE_MAX)
		return;
	from = s->rs_start[s->controller];
	n = s->rs_start[s->controller + 1] - from;
	s->sackd_cache = xcalloc(n + 1, sizeof(*s->sackd_cache));
	for (size_t i = 0; i < n; i++)
		s->sackd_cache[i] = rendered_sackd_cache(s->m, &s->rs->files[from + i]);
}

void session_init(struct session *s, const struct model *m,
		  const struct rendered_set *rs,
		  const struct session_options *opt)
{
	size_t fanout;

	memset(s, 0, sizeof(*s));
	s->lock_fd = -1;
	s->m = m;
	s->rs = rs;
	s->opt = *opt;
	session_targets(s);
	fanout = opt->fanout ? opt->fanout :
		m->ssh.fanout > 0 ? (size_t)m->ssh.fanout : 0;
	s->pool = exec_pool_new(s->targets, m->n_hosts, fanout);
	s->obs = xcalloc(m->n_hosts + 1, sizeof(*s->obs));
	s->failed = xcalloc(m->n_hosts + 1, sizeof(*s->failed));
	s->rs_start = xcalloc(m->n_hosts + 1, sizeof(*s->rs_start));
	rendered_ranges(m, rs, s->rs_start);
	s->absent_start = xcalloc(m->n_hosts + 1, sizeof(*s->absent_start));
	rendered_absent_ranges(m, rs, s->absent_start);
	s->controller = model_controller(m);
	s->db_password = session_db_password(m);
	session_daemon_files(s);
	session_sackd_caches(s);
}

static void session_obs_reset(struct session *s)
{
	size_t i;

	for (i = 0; i < s->m->n_hosts; i++)
		obs_host_release(&s->obs[i]);
}

void session_release(struct session *s)
{
	if (!s || !s->m)
		return;
	exec_pool_free(s->pool);
	session_obs_reset(s);
	free(s->obs);
	free(s->failed);
	for (size_t i = 0; s->sackd_cache && s->controller != SIZE_MAX &&
			   i < s->rs_start[s->controller + 1] - s->rs_start[s->controller]; i++)
		free(s->sackd_cache[i]);
	free(s->sackd_cache);
	free(s->rs_start);
	free(s->absent_start);
	free(s->targets);
	for (int k = 0; k < SVC_COUNT; k++) {
		free(s->pidfile[k]);
		free(s->logfile[k]);
	}
	mungekey_release(&s->controller_key);
	if (s->db_password)
		xfree_secret(s->db_password, strlen(s->db_password));
	/* the remote lock ended with the pool's sessions */
	if (s->lock_fd >= 0)
		close(s->lock_fd);
	memset(s, 0, sizeof(*s));
}

const char *session_host_error(const char *host, const char *error)
{
	size_t n = strlen(host);

	if (error && error[0] == '\'' && !strncmp(error + 1, host, n) &&
	    !strncmp(error + 1 + n, "': ", 3))
		return error + n + 4;
	return error;
}

/* ---- the observation round ---- */

/*
 * Bytes equal to f's rendered ones need not come back. A file with a
 * secret put in at push time never equals them: its bytes come back, and
 * the plan compares them with the secret in place.
 */
static void want_rendered(struct observe_file *of, const struct rendered_set *rs,
			  const struct rendered_file *f)
{
	if (f->secret || f->has_secret_placeholder)
		return;
	of->want = rs->blobs[f->blob].bytes;
	of->want_len = rs->blobs[f->blob].len;
}

/*
 * What observing host idx asks (observe.h): its rendered files (the munge
 * key by fingerprint, its bytes kept on the controller: the cluster's
 * key) and the files it must not have, the service users and groups, the release, the hardware, and with the services
 * section the status of every daemon the host runs (otherwise every
 * daemon stays UNKNOWN and nothing is started). rq->files is allocated.
 */
/*
 * The sackd cache of host idx (if it runs sackd): the slurm.conf and the
 * served files it fetched, each against the controller's rendered one
 * (plan_sackd_stale), appended to rq's files.
 */
static void request_sackd_cache(const struct session *s, size_t idx,
				struct observe_request *rq, struct observe_file *files)
{
	size_t ctl = s->controller;
	const struct rendered_file *ctl_conf;

	if (!model_host_runs(s->m, &s->m->hosts[idx], SVC_SACKD) || ctl == SIZE_MAX ||
	    !(ctl_conf = rendered_conf_file(s->m, s->rs, s->rs_start[ctl],
					    s->rs_start[ctl + 1], "slurm.conf")))
		return;
	files[rq->n_files].path = SLURM_SACKD_CACHE;
	want_rendered(&files[rq->n_files++], s->rs, ctl_conf);
	for (size_t i = 0; i < s->rs_start[ctl + 1] - s->rs_start[ctl]; i++) {
		if (!s->sackd_cache[i])
			continue;
		files[rq->n_files].path = s->sackd_cache[i];
		want_rendered(&files[rq->n_files++], s->rs,
			      &s->rs->files[s->rs_start[ctl] + i]);
	}
}

/* The files host idx must hold (rendered) and must not (absent), and sackd's cache. */
static void request_files(const struct session *s, size_t idx, unsigned only,
			  struct observe_request *rq)
{
	size_t n = s->rs_start[idx + 1] - s->rs_start[idx];
	size_t n_absent = s->absent_start[idx + 1] - s->absent_start[idx];
	size_t n_ctl = s->controller == SIZE_MAX ? 0 :
		s->rs_start[s->controller + 1] - s->rs_start[s->controller];
	struct observe_file *files = xcalloc(n + n_absent + 1 + n_ctl, sizeof(*files));

	for (size_t i = 0; i < n; i++) {
		const struct rendered_file *f = &s->rs->files[s->rs_start[idx] + i];

		files[i].path = f->path;
		files[i].secret = f->secret;
		want_rendered(&files[i], s->rs, f);
	}
	/* files the host must not have: whether it has them, and their bytes */
	for (size_t i = 0; i < n_absent; i++)
		files[n + i].path = s->rs->absent[s->absent_start[idx] + i].path;
	rq->files = files;
	rq->n_files = n + n_absent;
	if (only & PLAN_ONLY_SERVICES)
		request_sackd_cache(s, idx, rq, files);
}

static void session_observe_request(const struct session *s, size_t idx,
				    struct observe_request *rq)
{
	unsigned only = s->opt.only ? s->opt.only : PLAN_ONLY_ALL;
	int w, k;

	memset(rq, 0, sizeof(*rq));
	request_files(s, idx, only, rq);
	for (w = 0; w < N_IDENT; w++) {
		rq->user[w] = model_svc_user(s->m, w)->name;
		rq->group[w] = svc_user_group(model_svc_user(s->m, w));
	}
	for (k = 0; k < SVC_COUNT && (only & PLAN_ONLY_SERVICES); k++)
		if (model_host_runs(s->m, &s->m->hosts[idx], k))
			rq->status[k] = observe_status_cmd(s->m, k);
	rq->slurm_version = s->m->cluster.slurm_version;
	rq->clients = s->m->hosts[idx].roles & ROLE_LOGIN;
	for (k = SVC_SLURMCTLD; k < SVC_COUNT; k++)
		if (model_host_runs(s->m, &s->m->hosts[idx], k)) {
			rq->pidfile[k] = s->pidfile[k];
			rq->logfile[k] = s->logfile[k];
		}
	rq->capacity = idx == s->controller && (only & PLAN_ONLY_FILES);
	/* hardware as slurmd sees it, with this host's rendered files */
	rq->hw_model = s->m;
	rq->hw_rs = s->rs;
	rq->hw_host = idx;
	rq->hw_from = s->rs_start[idx];
	rq->hw_to = s->rs_start[idx + 1];
}

/*
 * Apply's verification asks less: apply changes no Slurm binary and no
 * hardware (the releases and slurmd's view found before stand: a host of
 * another release, refused for a key an older daemon would reject, or for
 * its hardware, stays so), and
 * a host where no user or group was changed keeps the ids found before.
 * Takes what it keeps out of old.
 */
static void session_verify_request(const struct session *s, size_t idx,
				   struct observe_request *rq)
{
	rq->slurm_version = NULL;
	rq->hw_model = NULL;
	if (rq->capacity)	/* a slurmctld just restarted may not answer yet */
		rq->capacity = 5;
	if (s->verify_keep_ids[idx])
		for (int w = 0; w < N_IDENT; w++)
			rq->user[w] = rq->group[w] = NULL;
}

static void session_verify_keep(const struct session *s, size_t idx,
				struct obs_host *old, struct obs_host *h)
{
	if (s->verify_keep_ids[idx]) {
		memcpy(h->users, old->users, sizeof(h->users));
		memcpy(h->groups, old->groups, sizeof(h->groups));
	}
	h->hw = old->hw;	/* taken: a refused host stays refused */
	memcpy(h->rel, old->rel, sizeof(h->rel));	/* and its releases stand */
	memset(&old->hw, 0, sizeof(old->hw));
	/*
	 * A host of another release, or not observed before, is still not
	 * planned for (its version_error stands for the reason): what was
	 * not applied there is not left over.
	 */
	if (old->version_error) {
		h->version_error = old->version_error;
		old->version_error = NULL;
	} else if (!old->ok && old->error) {
		h->version_error = old->error;
		old->error = NULL;
	}
}

static int session_observe_task(size_t idx, struct transport *tr, void *cookie,
				char **cause)
{
	struct session *s = cookie;
	struct obs_host old = s->obs[idx];
	struct observe_request rq;
	struct mungekey key = MUNGEKEY_INIT;
	char *why = NULL;
	int r;

	memset(&s->obs[idx], 0, sizeof(s->obs[idx]));
	session_observe_request(s, idx, &rq);
	if (s->verify_keep_ids)
		session_verify_request(s, idx, &rq);
	if (idx == s->controller)
		rq.key = &key;
	r = observe_host(tr, &rq, &s->obs[idx], cause);
	/*
	 * What the host's slurm.conf and gres.conf include, for the plan; one
	 * it cannot read (a symbolic link) leaves those files compared as text.
	 */
	if (!r && observe_includes(tr, &s->obs[idx], &why) < 0)
		free(why);
	if (!r && s->verify_keep_ids)
		session_verify_keep(s, idx, &old, &s->obs[idx]);
	/* this task is the only one touching the controller's slot */
	if (!r && key.bytes)
		mungekey_set(&s->controller_key, key.bytes, key.len);
	mungekey_release(&key);
	obs_host_release(&old);
	free((void *)rq.files);
	return r;
}

static void session_observe(struct session *s)
{
	size_t i;

	mungekey_release(&s->controller_key);
	exec_pool_set_phase(s->pool, s->verify_keep_ids ? "verify" : "observe");
	exec_pool_run(s->pool, session_observe_task, s, false);
	for (i = 0; i < s->m->n_hosts; i++) {
		const struct exec_result *r = exec_pool_result(s->pool, i);

		if (r->state != EXEC_DONE)	/* not observed, or not this time */
			obs_host_release(&s->obs[i]);
		s->obs[i].ok = r->state == EXEC_DONE;
		s->obs[i].error_kind = s->obs[i].ok ? 0 : r->err;
		if (!s->obs[i].ok)
			s->obs[i].error = xstrdup(r->error ?
				session_host_error(s->m->hosts[i].name, r->error) :
				exec_state_name(r->state));
	}
}

/* ---- observe, then decide ---- */

struct plan *session_plan(struct session *s, char **cause)
{
	struct plan_round r = { .only = s->opt.only, .prune = s->opt.prune,
				.accept_new = s->opt.accept_new_host_keys, .obs = s->obs, .controller_key = &s->controller_key,
				.db_password = s->db_password };

	*cause = NULL;
	session_observe(s);
	return plan_decide(s->m, s->rs, &r, cause);
}

/* ---- the lock ---- */

struct session_lock_cookie {
	struct session *s;
	char *why;		/* lock_remote_answer's refusal */
};

/* On the controller alone: the holder command stays running on its session. */
static int session_lock_task(size_t idx, struct transport *tr, void *cookie,
			     char **cause)
{
	struct session_lock_cookie *lc = cookie;
	bool refused;
	int ret;

	(void)idx;
	ret = lock_remote_hold(tr, &refused, cause);
	if (ret && refused)
		lc->why = xstrdup(*cause);
	return ret;
}

int session_lock(struct session *s, char **cause)
{
	struct session_lock_cookie lc = { .s = s };
	const struct exec_result *res;
	const char *ctl;

	*cause = NULL;
	lock_catch_signals();
	if (s->lock_fd < 0 &&
	    (s->lock_fd = lock_local_take(s->m->cluster.name, cause)) < 0)
		return -1;
	if (s->controller == SIZE_MAX)
		return 0;
	exec_pool_run_one(s->pool, s->controller, session_lock_task, &lc, false);
	res = exec_pool_result(s->pool, s->controller);
	if (res->state == EXEC_DONE) {
		free(lc.why);
		return 0;
	}
	ctl = s->m->hosts[s->controller].name;
	if (lc.why)
		*cause = lc.why;
	else
		*cause = xasprintf("cannot take the lock on the controller '%s', "
				   "nothing was changed: %s", ctl,
				   res->error ? session_host_error(ctl, res->error) :
				   exec_state_name(res->state));
	return -1;
}

/*
 * What the re-observed plan still holds on hosts that did not fail: files
 * and ids in *fixed, daemons down again in *starts.
 */
static void session_left(const struct session *s, const struct plan *again,
			 size_t *fixed, size_t *starts)
{
	size_t i;

	*fixed = *starts = 0;
	/* the accounting read-back is acct_plan_apply's own check */
	for (i = 0; i < again->n_files; i++)
		*fixed += !s->failed[again->files[i].host];
	for (i = 0; i < again->n_idents; i++)
		*fixed += !s->failed[again->idents[i].host];
	/* a daemon started here that is down again did not come up to stay */
	for (i = 0; i < again->n_services; i++)
		*starts += again->services[i].action == PLAN_SVC_START &&
			   !s->failed[again->services[i].host];
}

size_t session_verify(struct session *s, const struct plan *p)
{
	/* a re-executing daemon (23.11+) may be between its two processes */
	int tries = slurmkeys_has(s->m->cluster.slurm_version,
				       SLURM_RECONFIGURE_REEXECS) ? 5 : 1;
	size_t fixed = 0, starts = 0, left = 0;
	bool *keep_ids = xcalloc(s->m->n_hosts + 1, sizeof(*keep_ids));

	for (size_t i = 0; i < s->m->n_hosts; i++)
		keep_ids[i] = p->ident_start[i] == p->ident_start[i + 1];
	s->verify_keep_ids = keep_ids;

	for (int t = 0; t < tries; t++) {
		char *cause = NULL;
		struct plan *again = session_plan(s, &cause);

		if (!again) {
			free(cause);
			left = SIZE_MAX;
			break;
		}
		session_left(s, again, &fixed, &starts);
		plan_free(again);
		if (fixed || !starts)
			break;
		if (t + 1 < tries)
			sleep(1);
	}
	if (left != SIZE_MAX)
		left = fixed + starts;
	s->verify_keep_ids = NULL;
	free(keep_ids);
	return left;
}

/* ---- one run: render, observe, decide ---- */

enum session_start session_job_start(struct session_job *j, const struct model *m,
				     const struct apply_cli *cli,
				     struct diag_list *dl, char **cause)
{
	memset(j, 0, sizeof(*j));
	*cause = NULL;
	j->m = m;
	if (render_cluster(j->m, &j->rs, dl))
		return SESSION_RENDER_FAILED;
	session_init(&j->s, j->m, &j->rs, &cli->opt);
	/* apply plans under the lock: the plan it carries out is fresh */
	if (cli->write && session_lock(&j->s, cause))
		return SESSION_FAILED;
	j->p = session_plan(&j->s, cause);
	return j->p ? SESSION_PLANNED : SESSION_FAILED;
}

void session_job_finish(struct session_job *j)
{
	plan_free(j->p);
	session_release(&j->s);
	rendered_set_release(&j->rs);
	memset(j, 0, sizeof(*j));
}
