/*
 * exec.c: the parallel executor (after pdsh's per-host states and watchdog,
 * and git's run_processes_parallel). A phase hands host indices to at most
 * `fanout` worker threads; each worker connects its host if it has no
 * session yet, then runs the task on it. The calling thread is the
 * watchdog: it wakes every 100 ms, aborts the transport of any host past
 * its timeout (shutting the socket down is the one thing another thread
 * may do to a libssh session) and redraws the TTY progress line. Sessions
 * stay open between phases, so a host costs one handshake per apply.
 */
#include "base/compat.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/die.h"
#include "transport/exec.h"
#include "base/xalloc.h"
#include "transport/transport_ssh.h"
#include "transport/transport_exec.h"
#include "base/strbuf.h"

#define WATCHDOG_TICK_MS 100
#define DEFAULT_CONNECT_TIMEOUT 10
/*
 * libssh enforces the connect timeout itself and transport_run() its
 * command timeout (keeping the session usable); the watchdog is the
 * backstop for everything else (a stalled SFTP request, a stuck task), so
 * it waits a little longer before it kills the session.
 */
#define CONNECT_GRACE_MS 2000
#define COMMAND_GRACE_MS 1000

struct exec_host {
	struct transport *tr;	/* NULL until connected (or by a custom connect) */
	bool connected;
	bool failed;		/* the last phase it took part in failed */
	bool timed_out;		/* set by the watchdog in this phase */
	long long since_ms;	/* when res.state was entered */
	struct exec_result res;
};

struct exec_pool {
	const struct transport_target *targets;	/* borrowed */
	size_t n, fanout;
	struct exec_host *hosts;
	exec_connect_fn connect;
	void *connect_cookie;
	atomic_bool canceled;
	pthread_mutex_t lock;	/* guards hosts[] states and the counters */
	pthread_cond_t changed;	/* a host finished */
	/* the current phase */
	const char *phase;	/* borrowed; NULL: no plain progress lines */
	exec_task_fn task;
	void *cookie;
	bool skip_failed;
	bool quiet;		/* a one-host step: no progress line */
	size_t next, last;	/* hosts next .. last-1 are still to claim */
	size_t count;		/* hosts in the phase */
	size_t done, active, max_active;
};

static long long exec_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const char *exec_state_name(enum exec_state s)
{
	static const char *const names[] = {
		"pending", "connecting", "running", "done", "failed",
		"timed out", "canceled",
	};

	return (size_t)s < ARRAY_SIZE(names) ? names[s] : "unknown";
}

static int exec_default_connect(size_t idx, const struct transport_target *t,
				struct transport **out, void *cookie,
				char **cause)
{
	(void)idx;
	(void)cookie;
	return transport_connect(t, out, cause);
}

struct exec_pool *exec_pool_new(const struct transport_target *targets,
				size_t n, size_t fanout)
{
	struct exec_pool *p = xcalloc(1, sizeof(*p));

	p->targets = targets;
	p->n = n;
	p->fanout = fanout ? fanout : EXEC_DEFAULT_FANOUT;
	p->hosts = xcalloc(n ? n : 1, sizeof(*p->hosts));
	p->connect = exec_default_connect;
	atomic_init(&p->canceled, false);
	if (pthread_mutex_init(&p->lock, NULL) ||
	    pthread_cond_init(&p->changed, NULL))
		die("cannot initialise executor locks");
	return p;
}

void exec_pool_set_phase(struct exec_pool *p, const char *phase)
{
	p->phase = phase;
}

void exec_pool_set_connect(struct exec_pool *p, exec_connect_fn fn,
			   void *cookie)
{
	p->connect = fn ? fn : exec_default_connect;
	p->connect_cookie = fn ? cookie : NULL;
}

/* Caller holds p->lock. Takes ownership of error. */
static void host_set_state(struct exec_host *h, enum exec_state s, char *error)
{
	free(h->res.error);
	h->res.error = error;
	h->res.state = s;
	h->since_ms = exec_now_ms();
}

static void host_enter(struct exec_pool *p, struct exec_host *h,
		       enum exec_state s)
{
	pthread_mutex_lock(&p->lock);
	host_set_state(h, s, NULL);
	pthread_mutex_unlock(&p->lock);
}

/* "'h': timed out after N s (what the task saw)", the host named once. */
static char *exec_timeout_message(const char *host, int secs, const char *cause)
{
	size_t hl = strlen(host);
	const char *why = cause;

	if (!cause)
		return xasprintf("'%s': timed out after %d s", host, secs);
	if (cause[0] == '\'' && !strncmp(cause + 1, host, hl) &&
	    !strncmp(cause + 1 + hl, "': ", 3))
		why = cause + hl + 4;
	return xasprintf("'%s': timed out after %d s (%s)", host, secs, why);
}

/*
 * Records how a host's turn ended. A timed-out host's session was shut
 * down by the watchdog, so it is closed here and reconnected if a later
 * phase wants it.
 */
static void host_finish(struct exec_pool *p, size_t idx, int rc, char *cause)
{
	struct exec_host *h = &p->hosts[idx];
	struct transport *dead = NULL;
	bool ok = rc == 0;
	enum exec_state s = ok ? EXEC_DONE : EXEC_FAILED;

	pthread_mutex_lock(&p->lock);
	if (!ok && !h->timed_out && transport_timed_out(h->tr)) {
		/* transport_run's own deadline: the session is still usable */
		s = EXEC_TIMED_OUT;
	} else if (h->timed_out) {
		const struct transport_target *t = &p->targets[idx];
		int secs = h->res.state == EXEC_CONNECTING ?
			(t->connect_timeout > 0 ? t->connect_timeout : DEFAULT_CONNECT_TIMEOUT) :
			t->command_timeout;
		char *msg = exec_timeout_message(t->host, secs, cause);

		free(cause);
		cause = msg;
		s = EXEC_TIMED_OUT;
		dead = h->tr;
		h->tr = NULL;
		h->connected = false;
	}
	if (!ok && !cause)
		cause = xasprintf("'%s': failed", p->targets[idx].host);
	if (s == EXEC_DONE) {
		free(cause);	/* a task may leave a note on success: dropped */
		cause = NULL;
	}
	host_set_state(h, s, cause);
	/* a task's own failure that is none of the transport's kinds: failed */
	h->res.err = ok ? 0 : s == EXEC_TIMED_OUT ? TRANSPORT_ERR_TIMEOUT :
		rc < TRANSPORT_ERR_FAILED && rc >= TRANSPORT_ERR_TIMEOUT ? rc :
		TRANSPORT_ERR_FAILED;
	h->failed = s != EXEC_DONE;
	pthread_mutex_unlock(&p->lock);
	transport_close(dead);
}

static void host_run(struct exec_pool *p, size_t idx)
{
	struct exec_host *h = &p->hosts[idx];
	char *cause = NULL;
	int rc;

	if (!h->connected) {
		struct transport *tr = NULL;

		host_enter(p, h, EXEC_CONNECTING);
		rc = p->connect(idx, &p->targets[idx], &tr, p->connect_cookie,
				&cause);
		if (rc) {
			host_finish(p, idx, rc < 0 ? rc : TRANSPORT_ERR_FAILED, cause);
			return;
		}
		pthread_mutex_lock(&p->lock);
		h->tr = tr;
		h->connected = true;
		rc = h->timed_out;
		pthread_mutex_unlock(&p->lock);
		if (rc) {
			host_finish(p, idx, TRANSPORT_ERR_TIMEOUT, NULL);
			return;
		}
	}
	host_enter(p, h, EXEC_RUNNING);
	rc = p->task(idx, h->tr, p->cookie, &cause);
	host_finish(p, idx, rc > 0 ? TRANSPORT_ERR_FAILED : rc, cause);
}

/* Under p->lock: claims the next host to run, or returns false when none. */
static bool claim_next(struct exec_pool *p, size_t *idx)
{
	while (p->next < p->last) {
		struct exec_host *h = &p->hosts[p->next];

		*idx = p->next++;
		if (p->skip_failed && h->failed) {
			p->done++;
			continue;
		}
		if (atomic_load(&p->canceled)) {
			host_set_state(h, EXEC_CANCELED,
				       xasprintf("'%s': canceled", p->targets[*idx].host));
			h->failed = true;
			p->done++;
			continue;
		}
		h->timed_out = false;
		p->active++;
		if (p->active > p->max_active)
			p->max_active = p->active;
		return true;
	}
	return false;
}

static void *exec_worker(void *arg)
{
	struct exec_pool *p = arg;
	size_t idx;

	for (;;) {
		pthread_mutex_lock(&p->lock);
		if (!claim_next(p, &idx)) {
			pthread_cond_broadcast(&p->changed);
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		pthread_mutex_unlock(&p->lock);
		host_run(p, idx);
		pthread_mutex_lock(&p->lock);
		p->active--;
		p->done++;
		pthread_cond_broadcast(&p->changed);
		pthread_mutex_unlock(&p->lock);
	}
}

/* Under p->lock: aborts hosts past their deadline. */
static void watchdog_check(struct exec_pool *p)
{
	long long now = exec_now_ms();

	for (size_t i = 0; i < p->n; i++) {
		struct exec_host *h = &p->hosts[i];
		const struct transport_target *t = &p->targets[i];
		long long limit;

		if (h->timed_out)
			continue;
		if (h->res.state == EXEC_CONNECTING)
			limit = (t->connect_timeout > 0 ? t->connect_timeout :
				 DEFAULT_CONNECT_TIMEOUT) * 1000LL + CONNECT_GRACE_MS;
		else if (h->res.state == EXEC_RUNNING && t->command_timeout > 0)
			limit = t->command_timeout * 1000LL + COMMAND_GRACE_MS;
		else
			continue;
		if (now - h->since_ms < limit)
			continue;
		h->timed_out = true;
		if (h->res.state == EXEC_RUNNING)
			transport_abort(h->tr);
	}
}

/*
 * Progress on stderr. A TTY gets one line redrawn in place. Anything else
 * (a CI log, a file) gets plain lines, and only for a named phase: one
 * when a phase of PROGRESS_QUARTER_MIN hosts or more passes each quarter,
 * one after PROGRESS_QUIET_MS without any, and one when the phase ends.
 */
#define PROGRESS_QUARTER_MIN 8
#define PROGRESS_QUIET_MS 30000

struct progress {
	bool tty;
	size_t shown;		/* p->done when last drawn; SIZE_MAX: never */
	size_t quarter;		/* quarters reported so far */
	long long start_ms, last_ms;
};

static void progress_init(struct progress *pr)
{
	pr->tty = isatty(STDERR_FILENO);
	pr->shown = SIZE_MAX;
	pr->quarter = 0;
	pr->start_ms = pr->last_ms = exec_now_ms();
}

/* Under p->lock. */
static void progress_update(const struct exec_pool *p, struct progress *pr)
{
	long long now = exec_now_ms();
	size_t q = p->n ? p->done * 4 / p->n : 0;

	if (p->quiet)
		return;
	if (pr->tty) {
		if (pr->shown != p->done) {
			fprintf(stderr, "\r%zu/%zu hosts done", p->done, p->n);
			fflush(stderr);
			pr->shown = p->done;
		}
		return;
	}
	if (!p->phase || p->done >= p->n)
		return;
	if ((p->n >= PROGRESS_QUARTER_MIN && q > pr->quarter && q < 4) ||
	    now - pr->last_ms >= PROGRESS_QUIET_MS) {
		fprintf(stderr, "clusterctl: %s: %zu/%zu hosts done\n", p->phase,
			p->done, p->n);
		pr->last_ms = now;
		pr->shown = p->done;
	}
	if (q > pr->quarter)
		pr->quarter = q;
}

static void progress_end(const struct exec_pool *p, struct progress *pr)
{
	size_t failed;

	if (p->quiet)
		return;
	if (pr->tty) {
		if (pr->shown != SIZE_MAX)
			fputs("\r\033[K", stderr);
		fflush(stderr);
		return;
	}
	if (!p->phase)
		return;
	failed = exec_pool_failed_count(p);
	fprintf(stderr, "clusterctl: %s: %zu/%zu hosts done", p->phase, p->n - failed,
		p->n);
	if (failed)
		fprintf(stderr, ", %zu failed", failed);
	fprintf(stderr, " (%.1f s)\n", (double)(exec_now_ms() - pr->start_ms) / 1000);
}

/* The calling thread's part of a phase: watchdog + progress. */
static void exec_supervise(struct exec_pool *p)
{
	struct progress pr;

	progress_init(&pr);
	pthread_mutex_lock(&p->lock);
	while (p->done < p->count || p->active > 0) {
		struct timespec ts;

		watchdog_check(p);
		progress_update(p, &pr);
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += WATCHDOG_TICK_MS / 1000;
		ts.tv_nsec += (WATCHDOG_TICK_MS % 1000) * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&p->changed, &p->lock, &ts);
	}
	pthread_mutex_unlock(&p->lock);
	progress_end(p, &pr);
}

/* Runs task on hosts first .. last-1 (the others keep their results). */
static void exec_phase(struct exec_pool *p, size_t first, size_t last,
		       exec_task_fn task, void *cookie, bool skip_failed)
{
	size_t count = last - first;
	size_t nthreads = count < p->fanout ? count : p->fanout, started = 0;
	pthread_t *threads = xcalloc(nthreads ? nthreads : 1, sizeof(*threads));

	p->task = task;
	p->cookie = cookie;
	p->skip_failed = skip_failed;
	p->next = first;
	p->last = last;
	p->count = count;
	p->done = p->active = 0;
	for (size_t i = first; i < last; i++)
		if (!(skip_failed && p->hosts[i].failed))
			host_set_state(&p->hosts[i], EXEC_PENDING, NULL);
	for (; started < nthreads; started++)
		if (pthread_create(&threads[started], NULL, exec_worker, p))
			break;
	if (started == 0)
		exec_worker(p);	/* no thread available: run inline */
	else
		exec_supervise(p);
	for (size_t i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
}

void exec_pool_run(struct exec_pool *p, exec_task_fn task, void *cookie,
		   bool skip_failed)
{
	p->quiet = false;
	exec_phase(p, 0, p->n, task, cookie, skip_failed);
}

void exec_pool_run_one(struct exec_pool *p, size_t idx, exec_task_fn task,
		       void *cookie, bool skip_failed)
{
	if (idx >= p->n)
		BUG("exec_pool_run_one: host %zu of %zu", idx, p->n);
	p->quiet = true;
	exec_phase(p, idx, idx + 1, task, cookie, skip_failed);
}

struct exec_cmd {
	const char *cmd;
	struct strbuf *out;
};

static int exec_cmd_task(size_t idx, struct transport *tr, void *cookie,
			 char **cause)
{
	struct exec_cmd *c = cookie;
	struct strbuf err = STRBUF_INIT;
	int status = 0, ret;

	(void)idx;
	ret = transport_run(tr, c->cmd, c->out, &err, &status, cause);
	if (!ret && status) {
		while (err.len && err.buf[err.len - 1] == '\n')
			strbuf_setlen(&err, err.len - 1);
		*cause = xasprintf("exit status %d%s%s", status, err.len ? ": " : "",
				   err.buf);
		ret = -1;
	}
	strbuf_release(&err);
	return ret;
}

int exec_pool_run_cmd(struct exec_pool *p, size_t idx, const char *cmd,
		      struct strbuf *out, char **cause)
{
	struct exec_cmd c = { cmd, out };
	const struct exec_result *res;

	exec_pool_run_one(p, idx, exec_cmd_task, &c, true);
	res = exec_pool_result(p, idx);
	if (res->state == EXEC_DONE)
		return 0;
	*cause = xstrdup(res->error ? res->error : exec_state_name(res->state));
	return -1;
}

const struct exec_result *exec_pool_result(const struct exec_pool *p,
					   size_t idx)
{
	if (idx >= p->n)
		BUG("exec_pool_result: host %zu of %zu", idx, p->n);
	return &p->hosts[idx].res;
}

size_t exec_pool_failed_count(const struct exec_pool *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n; i++)
		n += p->hosts[i].res.state != EXEC_DONE;
	return n;
}

size_t exec_pool_max_active(const struct exec_pool *p)
{
	return p->max_active;
}

void exec_pool_cancel(struct exec_pool *p)
{
	atomic_store(&p->canceled, true);
}

void exec_pool_free(struct exec_pool *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++) {
		transport_close(p->hosts[i].tr);
		free(p->hosts[i].res.error);
	}
	free(p->hosts);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->changed);
	free(p);
}
