/*
 * plan_compute.h: desired against observed, per host (plan_compute.c)
 */
#ifndef CLUSTERCTL_PLAN_COMPUTE_H
#define CLUSTERCTL_PLAN_COMPUTE_H

#include "base/compat.h"

#include "decide/plan.h"
#include "slurm/slurmdiff.h"

/* Everything plan_compute() needs besides the model and the rendered set. */
struct plan_inputs {
	unsigned only;				/* enum plan_only bits; 0 = all */
	const struct obs_host *obs;		/* borrowed; one per model host */
	const struct mungekey *key;		/* the key to install; copied */
	enum plan_key_source key_source;
	const char *key_note;			/* why the key was not checked; copied */
	const char *db_password;		/* copied; NULL: none known */
	/*
	 * The accounting section: the plan takes acct or acct_error (both
	 * NULL: not computed); db_refusal, when set, is the database's
	 * refusal of the inventory's password (acct_plan_compute's
	 * ACCT_DB_REFUSED), which holds the files that carry it back.
	 */
	struct acct_plan *acct;
	char *acct_error;
	const char *db_refusal;
};

/*
 * Compares desired and observed state. Hosts that were not observed get no
 * changes (they are listed by plan_unobserved()). With the services
 * section, a daemon a host runs (model_host_runs) that was observed stopped
 * is started unless a restart is planned for it. With in->db_refusal, no
 * content change of a file holding the database password (slurmdbd.conf)
 * is planned, nor the restarts only it would cause: p->held names each.
 * Returns the new plan (caller frees with plan_free()); it borrows m, rs
 * and in->obs, and takes in->acct and in->acct_error.
 */
struct plan *plan_compute(const struct model *m, const struct rendered_set *rs,
			  const struct plan_inputs *in);

/* The slurmds that read a host's gres.conf (plan_gres_readers()); owned. */
struct plan_readers {
	struct slurmdiff_reader *v;
	size_t n;
	bool all;		/* every compute node's */
};

/*
 * The slurmds that read host i's gres.conf (the plan compares it as they
 * make it out: slurmdiff_compute_gres()): its own, when it is a compute
 * node; every compute node's when the controller serves it (configless)
 * or the host runs no slurmd. Each with its Gres= as slurm.conf renders
 * it. Release with plan_readers_release().
 */
void plan_gres_readers(const struct plan *p, size_t i, struct plan_readers *r);
void plan_readers_release(struct plan_readers *r);

#endif
