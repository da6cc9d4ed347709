/*
 * apply.h: the remote side of plan and apply. A session keeps one SSH
 * connection per host (through an exec pool) for every phase: observe
 * (files, users/groups, munge key fingerprint, and with the services section
 * the status command of each daemon the host runs), then, for apply, stage
 * every changed file on every host, swap them in with users/groups fixed
 * first, act on services, apply accounting, and observe again to verify.
 *
 * Ownership: struct apply_session is embedded by value (apply_session_init
 * / apply_session_release) and borrows the model and the rendered set,
 * which must outlive it. It owns the observations, the pool and any munge
 * key bytes read from the controller (wiped on release). Nothing here
 * prints; progress lines come from the executor on a TTY. Observing a
 * host is observe.h's one script over one exec channel.
 *
 * Guarantees and choices, in the order apply runs:
 * - Locks (lock.h): a local flock, then a holder command on the controller
 *   that keeps flock(1) on LOCK_REMOTE_PATH while clusterctl keeps its SSH
 *   session; both are taken before observing, so the plan carried out is
 *   the one made under the lock. Without the controller nothing is
 *   applied. SIGINT/SIGTERM stop apply between phases (before staging,
 *   before swapping: nothing changed; after swapping the services are
 *   still restarted) and the locks go with the process.
 * - Stage: every changed file is written beside its target with its final
 *   mode and owner and verified there (transport_stage_file). If the
 *   controller fails to stage, nothing is swapped anywhere; a host that
 *   fails to stage is failed and nothing is swapped on it.
 * - Swap: users/groups first (groupadd/useradd -r with the inventory ids;
 *   a re-numbered user or group gets usermod/groupmod after its daemons on
 *   that host are stopped, then its files under the daemons' directories
 *   (/etc/slurm, /etc/munge, /var/spool/slurm*, /var/lib/slurm, /var/log/slurm*,
 *   /var/lib/munge, /var/log/munge, /run/munge, /run/slurm) are re-owned
 *   with find -xdev), then each file is renamed over its target, the old one
 *   kept as <path>.clusterctl-old (not for the munge key: no second copy of
 *   a secret), and a file clusterctl did not write kept for good as
 *   <path>.clusterctl-orig first (keeporig.h); an owner/mode-only change is staged and renamed the same way
 *   (never chown/chmod by path). A symlink at a target is refused at observe.
 * - Services: controller and accounting hosts first, then the others; on a
 *   host munge, slurmdbd, slurmctld, slurmd restarts (or starts, with the
 *   start command, for a daemon observed stopped), then the reconfigure
 *   (a reconfigure that fails because the daemon is down starts it).
 * - Accounting: acct_plan_apply(), its commands run through the pool.
 * - Verify: a fresh observation (no DAEMON -V, and getent only where ids
 *   changed); changes left on hosts that did not fail (files, users,
 *   daemons still stopped) are reported. Not when the plan covers no
 *   services and changes no id: each file was verified on its staged
 *   inode before the rename put that inode in place.
 */
#ifndef CLUSTERCTL_APPLY_H
#define CLUSTERCTL_APPLY_H

#include "compat.h"

#include "model.h"
#include "mungekey.h"
#include "plan.h"
#include "render.h"
#include "strbuf.h"
#include "transport.h"

struct exec_pool;

struct apply_options {
	size_t fanout;			/* 0: inventory's ssh.fanout */
	bool accept_new_host_keys;	/* or the inventory's setting */
	unsigned only;			/* enum plan_only bits; 0 = all */
	bool prune;			/* accounting: remove what the inventory lacks */
	bool allow_capacity_loss;	/* apply a plan with capacity losses */
};

struct apply_session {
	const struct model *m;			/* borrowed */
	const struct rendered_set *rs;		/* borrowed */
	struct apply_options opt;
	struct transport_target *targets;	/* owned, one per model host */
	struct exec_pool *pool;			/* owned */
	struct plan_obs_host *obs;		/* owned, one per model host */
	struct mungekey controller_key;		/* owned: the key found on the controller */
	size_t controller;			/* host index, SIZE_MAX if none */
	char *db_password;			/* owned, secret; NULL if unknown */
	bool *failed;				/* owned: hosts the last apply failed on */
	size_t *rs_start;			/* owned: plan_rendered_ranges() of rs */
	size_t *absent_start;			/* owned: plan_absent_ranges() of rs */
	int lock_fd;				/* the local lock, -1 until taken */
	/* borrowed, set while apply verifies: hosts whose ids stand */
	const bool *verify_keep_ids;
};

/* What apply did, for the summary line. */
struct apply_summary {
	size_t hosts, files, users_created, users_fixed, restarts, reconfigures;
	size_t starts;				/* daemons found stopped, started */
	bool key_changed;
	size_t key_hosts;			/* hosts that got the key */
	bool acct_applied;
	size_t acct_changes;
	char *failed;				/* owned: folded hostlist or NULL */
	char *rolled_back;			/* owned: hosts whose daemon failed on
						 * the new files, put back; or NULL */
	char *refused;				/* owned: hosts refused for their
						 * hardware (plan_refused), or NULL */
	struct strbuf errors;			/* "host: why" lines of failed hosts */
	size_t verify_left;			/* changes a fresh plan still sees */
	/* verify: nodes slurmctld runs otherwise than the inventory says
	 * (capacity_model_mismatches), one line each, owned */
	char **cap_mismatch;
	size_t n_cap_mismatch;
};

void apply_session_init(struct apply_session *s, const struct model *m,
			const struct rendered_set *rs,
			const struct apply_options *opt);
void apply_session_release(struct apply_session *s);

/*
 * Observes every host (connecting as needed) and computes the plan: the
 * munge key is the controller's when present, else munge_key_source, else a
 * new one; accounting is computed when the inventory has a database.
 * Returns the plan (caller frees; it borrows s), or NULL with *cause on a
 * fatal error (e.g. unreadable munge_key_source).
 */
struct plan *apply_plan(struct apply_session *s, char **cause);

/*
 * Takes the cluster lock (lock.h: local, then the controller's through the
 * pool, held until the session is released) and catches SIGINT/SIGTERM.
 * 0, or -1 with *cause ("another apply holds the lock on 'ctl' (...)").
 */
int apply_session_lock(struct apply_session *s, char **cause);

/*
 * Executes p (computed by apply_plan on this session, after
 * apply_session_lock): stage, swap,
 * services, accounting, verify. Hosts that fail are named in sum->failed;
 * the others are still applied. Returns 0 (possibly with failed hosts), or
 * -1 with *cause when nothing could be done (lock held, controller failed
 * to stage: nothing was swapped anywhere).
 */
int apply_execute(struct apply_session *s, struct plan *p,
		  struct apply_summary *sum, char **cause);

/*
 * The summary line "apply: 8 hosts, ..." (no newline; ", N starts" only
 * when there were some). Newly allocated.
 */
char *apply_summary_line(const struct apply_summary *sum);
void apply_summary_release(struct apply_summary *sum);

struct apply_cli;

/* Everything one plan or apply run holds, from the inventory to the plan. */
struct apply_job {
	const struct model *m;		/* borrowed */
	struct rendered_set rs;		/* owned */
	struct apply_session s;
	struct plan *p;			/* owned */
};

/*
 * Renders m (a valid inventory, which must outlive j), observes every
 * host and computes the plan into j. Returns 0; -2 when rendering failed
 * (problems in dl; dl may hold warnings on success too); -3 on a fatal
 * error (*cause set). apply_job_finish() releases j in every case.
 */
int apply_job_start(struct apply_job *j, const struct model *m,
		    const struct apply_cli *cli, struct diag_list *dl, char **cause);
void apply_job_finish(struct apply_job *j);

/* Command-line options shared by plan and apply (cmd_plan_options()). */
struct apply_cli {
	const char *inventory;		/* borrowed from argv */
	const char *limit;		/* --limit HOSTLIST; NULL: every host */
	bool json, dry_run;
	bool write;			/* apply: lock before observing */
	struct apply_options opt;
};

#endif
