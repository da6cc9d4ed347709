/*
 * apply.h: the act floor. Carries out a plan made by a session
 * (session.h) on the session's SSH connections: stage every changed file
 * on every host, swap them in with users/groups fixed first, act on
 * services, apply accounting, then the session's verify round. It reads
 * the plan and decides nothing again. Nothing here prints.
 *
 * Guarantees and choices, in the order apply runs:
 * - Locks: the session's (session.h), taken before observing.
 *   SIGINT/SIGTERM stop apply between phases (before staging, before
 *   swapping: nothing changed; after swapping the services are still
 *   restarted).
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
 *   a secret); an owner/mode-only change is staged and renamed the same way
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

#include "base/compat.h"

#include "decide/plan.h"
#include "act/session.h"
#include "base/strbuf.h"

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
	char *release_refused;			/* owned: hosts whose older daemon
						 * would reject their files
						 * (plan_release_refused), or NULL */
	struct strbuf errors;			/* "host: why" lines of failed hosts */
	size_t verify_left;			/* changes a fresh plan still sees */
	/* verify: nodes slurmctld runs otherwise than the inventory says
	 * (capacity_model_mismatches), one line each, owned */
	char **cap_mismatch;
	size_t n_cap_mismatch;
};

/*
 * Executes p (computed by session_plan on this session, after
 * session_lock) as it stands, deciding nothing again: stage, swap,
 * services, accounting, then the session's verify round. Hosts that fail are named in sum->failed;
 * the others are still applied. Returns 0 (possibly with failed hosts), or
 * -1 with *cause when nothing could be done (lock held, controller failed
 * to stage: nothing was swapped anywhere).
 */
int apply_execute(struct session *s, const struct plan *p,
		  struct apply_summary *sum, char **cause);

/*
 * The summary line "apply: 8 hosts, ..." (no newline; ", N starts" only
 * when there were some). Newly allocated.
 */
char *apply_summary_line(const struct apply_summary *sum);
void apply_summary_release(struct apply_summary *sum);

#endif
