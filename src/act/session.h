/*
 * session.h: one plan or apply run against the live cluster. A session
 * keeps one SSH connection per host (through an exec pool) for every
 * round: it takes the cluster lock, runs the observation round (observe.h:
 * files, users/groups, munge key fingerprint, the release, the hardware,
 * and with the services section the status of each daemon the host runs),
 * hands what it found to the decide floor (plan_decide, plan.h), and after
 * apply (apply.h) runs the verify round: a fresh observation and plan.
 *
 * plan = observe + decide; apply = observe + decide + act + verify.
 *
 * Ownership: struct session is embedded by value (session_init /
 * session_release) and borrows the model and the rendered set, which must
 * outlive it. It owns the observations, the pool and any munge key bytes
 * read from the controller (wiped on release). Nothing here prints;
 * progress lines come from the executor on a TTY.
 *
 * Locks (lock.h): a local flock, then a holder command on the controller
 * that keeps flock(1) on LOCK_REMOTE_PATH while clusterctl keeps its SSH
 * session; apply takes both before observing, so the plan carried out is
 * the one made under the lock. Without the controller nothing is applied.
 * SIGINT/SIGTERM stop apply between phases and the locks go with the
 * process.
 */
#ifndef CLUSTERCTL_SESSION_H
#define CLUSTERCTL_SESSION_H

#include "base/compat.h"

#include "inventory/model.h"
#include "slurm/mungekey.h"
#include "observe/obs.h"
#include "decide/plan.h"
#include "render/render.h"
#include "transport/transport.h"

struct exec_pool;

struct session_options {
	size_t fanout;			/* 0: inventory's ssh.fanout */
	bool accept_new_host_keys;	/* or the inventory's setting */
	unsigned only;			/* enum plan_only bits; 0 = all */
	bool prune;			/* accounting: remove what the inventory lacks */
	bool allow_capacity_loss;	/* apply a plan with capacity losses */
};

struct session {
	const struct model *m;			/* borrowed */
	const struct rendered_set *rs;		/* borrowed */
	struct session_options opt;
	struct transport_target *targets;	/* owned, one per model host */
	struct exec_pool *pool;			/* owned */
	struct obs_host *obs;			/* owned, one per model host */
	struct mungekey controller_key;		/* owned: the key found on the controller */
	size_t controller;			/* host index, SIZE_MAX if none */
	char *db_password;			/* owned, secret; NULL if unknown */
	bool *failed;				/* owned: hosts the last apply failed on */
	size_t *rs_start;			/* owned: rendered_ranges() of rs */
	size_t *absent_start;			/* owned: rendered_absent_ranges() of rs */
	int lock_fd;				/* the local lock, -1 until taken */
	/* owned: the pid file of each Slurm daemon (NULL for munge): where
	 * observe finds the process whose release it asks; and its log file
	 * (NULL: none), where a replaced binary's release is read */
	char *pidfile[SVC_COUNT], *logfile[SVC_COUNT];
	/* owned, one per file rendered for the controller: where sackd caches
	 * it (rendered_sackd_cache()), or NULL */
	char **sackd_cache;
	/* borrowed, set while verifying: hosts whose ids stand */
	const bool *verify_keep_ids;
};

void session_init(struct session *s, const struct model *m,
		  const struct rendered_set *rs, const struct session_options *opt);
void session_release(struct session *s);

/*
 * Takes the cluster lock (lock.h: local, then the controller's through the
 * pool, held until the session is released) and catches SIGINT/SIGTERM.
 * 0, or -1 with *cause ("another apply holds the lock on 'ctl' (...)").
 */
int session_lock(struct session *s, char **cause);

/*
 * The observation round, then the plan (plan_decide). Returns the plan
 * (caller frees; it borrows s), or NULL with *cause on a fatal error
 * (e.g. unreadable munge_key_source).
 */
struct plan *session_plan(struct session *s, char **cause);

/*
 * The verify round after p was applied: a fresh observation (no DAEMON -V,
 * getent only where p changed ids) and plan, up to 5 times on a release
 * whose reconfigure re-executes the daemons while only started daemons
 * are down again. Returns the changes still left on the hosts that did not
 * fail (s->failed), or SIZE_MAX when the round could not be made.
 */
size_t session_verify(struct session *s, const struct plan *p);

/*
 * A host's error without the "'host': " prefix the transport puts in front,
 * since every line we print starts with the host name already. Borrowed.
 */
const char *session_host_error(const char *host, const char *error);

/* Command-line options shared by plan and apply (cmd_plan_options()). */
struct apply_cli {
	const char *inventory;		/* borrowed from argv */
	const char *limit;		/* --limit HOSTLIST; NULL: every host */
	bool json, dry_run;
	bool write;			/* apply: lock before observing */
	struct session_options opt;
};

/* Everything one plan or apply run holds, from the inventory to the plan. */
struct session_job {
	const struct model *m;		/* borrowed */
	struct rendered_set rs;		/* owned */
	struct session s;
	struct plan *p;			/* owned */
};

/* What session_job_start() got to. */
enum session_start {
	SESSION_PLANNED = 0,	/* j->p holds the plan */
	SESSION_RENDER_FAILED,	/* the problems are in dl */
	SESSION_FAILED,		/* lock or observation: *cause says why */
};

/*
 * Renders m (a valid inventory, which must outlive j), observes every
 * host (under the lock when cli->write) and computes the plan into j.
 * dl may hold warnings on success too.
 * session_job_finish() releases j in every case.
 */
enum session_start session_job_start(struct session_job *j, const struct model *m,
		      const struct apply_cli *cli, struct diag_list *dl,
		      char **cause);
void session_job_finish(struct session_job *j);

#endif
