/*
 * exec.h: the parallel executor. Runs one task per host on a pool of
 * worker threads, at most `fanout` hosts at once, each host on its own
 * transport (one SSH session per host, kept open across phases). Knows
 * nothing about Slurm. Tasks never print: they collect per-host text in
 * their cookie, so outputs never interleave. Per-host failures are
 * results (exec_pool_result), never crashes.
 *
 * Timeouts: targets[i].connect_timeout bounds connecting (libssh enforces
 * it), targets[i].command_timeout bounds each transport_run() (the host
 * ends EXEC_TIMED_OUT, its session kept) and, with one second of grace,
 * each task run on a host: past that a watchdog aborts the host's
 * transport, the host ends EXEC_TIMED_OUT and reconnects in a later phase.
 */
#ifndef CLUSTERCTL_EXEC_H
#define CLUSTERCTL_EXEC_H

#include "base/compat.h"

#include "transport/transport.h"
#include "transport/transport_exec.h"
#include "transport/transport_ssh.h"

#define EXEC_DEFAULT_FANOUT 64

enum exec_state {
	EXEC_PENDING,		/* not started in this phase (yet) */
	EXEC_CONNECTING,
	EXEC_RUNNING,
	EXEC_DONE,		/* last task returned 0 */
	EXEC_FAILED,		/* connect or task failed; error says why */
	EXEC_TIMED_OUT,		/* the watchdog aborted it */
	EXEC_CANCELED,		/* exec_pool_cancel() before it started */
};

struct exec_result {
	enum exec_state state;
	char *error;		/* owned by the pool; NULL unless failed */
	/*
	 * 0, or the kind of the failure (enum transport_err): what the
	 * connection or the task's transport call returned; a task's own
	 * failure of no such kind is TRANSPORT_ERR_FAILED, a timeout
	 * TRANSPORT_ERR_TIMEOUT.
	 */
	int err;
};

struct exec_pool;

/*
 * A new pool for n hosts; targets (and the strings in them) are borrowed
 * and must outlive the pool. fanout 0 means EXEC_DEFAULT_FANOUT. Nothing
 * connects until the first exec_pool_run().
 */
struct exec_pool *exec_pool_new(const struct transport_target *targets,
				size_t n, size_t fanout);

/*
 * The connection step, called on a worker thread for a host with no
 * session yet. Returns 0 with *out set (a NULL *out is allowed: the task
 * then gets tr == NULL), or -1 with *cause (newly allocated).
 */
typedef int (*exec_connect_fn)(size_t idx, const struct transport_target *t,
			       struct transport **out, void *cookie,
			       char **cause);

/*
 * Names the phases that follow ("observe", "stage", ...) in the progress
 * lines written when stderr is not a TTY; NULL (the default) writes none.
 * phase is borrowed.
 */
void exec_pool_set_phase(struct exec_pool *p, const char *phase);

/* Replaces the default (transport_connect) connection step. */
void exec_pool_set_connect(struct exec_pool *p, exec_connect_fn fn,
			   void *cookie);

/*
 * The work for one host: 0, or -1 with *cause (newly allocated; may be
 * left NULL). Called on a worker thread, once per host per phase, never
 * concurrently for the same host; tasks of different hosts run in parallel
 * and must only touch their own slot in the cookie.
 */
typedef int (*exec_task_fn)(size_t idx, struct transport *tr, void *cookie,
			    char **cause);

/*
 * One phase: runs task on every host (connecting first where needed),
 * skipping hosts whose earlier phases failed when skip_failed is set
 * (their results keep the earlier failure). Returns when every host is
 * finished. A progress line "done/total" is drawn on stderr when it is a
 * TTY; when it is not (CI logs), a phase named by exec_pool_set_phase()
 * prints plain lines "clusterctl: PHASE: 3/8 hosts done" at each quarter
 * of a large phase, after 30 s of silence, and at its end (with the
 * failures and the time taken).
 */
void exec_pool_run(struct exec_pool *p, exec_task_fn task, void *cookie,
		   bool skip_failed);

/*
 * A step for one host: runs task on host idx alone (connecting it first
 * when needed), under the same watchdog, with no progress line; every
 * other host keeps its session and its result. skip_failed as above.
 */
void exec_pool_run_one(struct exec_pool *p, size_t idx, exec_task_fn task,
		       void *cookie, bool skip_failed);

/*
 * A command on host idx alone (exec_pool_run_one, skipping a host that
 * failed before): 0 with its stdout appended to out, or -1 with *cause
 * (newly allocated): the host's connection or watchdog error, or "exit
 * status N: STDERR" when the command exits non-zero (out keeps what it
 * printed).
 */
int exec_pool_run_cmd(struct exec_pool *p, size_t idx, const char *cmd,
		      struct strbuf *out, char **cause);

/* Result of host idx after the last phase it took part in (borrowed). */
const struct exec_result *exec_pool_result(const struct exec_pool *p,
					   size_t idx);

/* Number of hosts whose result is not EXEC_DONE. */
size_t exec_pool_failed_count(const struct exec_pool *p);

/* Largest number of hosts in flight at once so far (for tests, benches). */
size_t exec_pool_max_active(const struct exec_pool *p);

/*
 * Async-signal-safe: hosts not yet started in the current and later phases
 * end EXEC_CANCELED; running ones finish their task.
 */
void exec_pool_cancel(struct exec_pool *p);

/* "pending", "connecting", ... (static string). */
const char *exec_state_name(enum exec_state s);

/* Closes every session and frees the pool. NULL-safe. */
void exec_pool_free(struct exec_pool *p);

#endif
