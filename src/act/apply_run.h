/*
 * apply_run.h: one apply's state, shared by its phases (apply_run.c):
 * what was staged and swapped on each host, the log of each, and which
 * wave of service actions runs now; and the questions that put a host's
 * services in a wave.
 */
#ifndef CLUSTERCTL_APPLY_RUN_H
#define CLUSTERCTL_APPLY_RUN_H

#include "base/compat.h"

#include "act/session.h"
#include "base/strbuf.h"
#include "decide/plan.h"

/* The previous bytes of a swapped file stay beside it under this suffix. */
#define APPLY_BACKUP_SUFFIX ".clusterctl-old"

/* Reloads systemd's units where systemd runs (a host booted with it). */
#define APPLY_UNITS_RELOAD \
	"if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi"

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

/* Whether host idx runs slurmctld or slurmdbd (their wave comes first). */
bool apply_central(const struct model *m, size_t idx);

/*
 * Whether service action sv is slurmctld's (re)start that waits for the
 * sql accounting phase (see apply_run.c for why).
 */
bool apply_ctld_after_accounting(const struct apply_run *r,
				 const struct plan_service *sv);

/* Whether host idx fetches its configuration and so waits for that phase too. */
bool apply_fetch_waits(const struct apply_run *r, size_t idx);

#endif
