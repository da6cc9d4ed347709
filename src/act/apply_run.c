/*
 * apply_run.c: the waves of an apply's service actions (apply_run.h):
 * slurmdbd and slurmctld hosts first, then the rest, then what waits for
 * the accounting phase.
 */
#include "base/compat.h"

#include "act/apply_run.h"
#include "inventory/model.h"
#include "acct/plan/acct_plan.h"

bool apply_central(const struct model *m, size_t idx)
{
	return model_central_daemon(m, &m->hosts[idx]) != SVC_COUNT;
}

/*
 * The sql accounting phase restarts slurmctld after it wrote the rows; an
 * earlier (re)start would read a database without them, and a partition
 * QOS= that is not there yet is fatal to slurmctld (a cold cluster).
 * Not so with sacctmgr: it cannot add a QoS limiting gres/gpu before
 * slurmctld registered that TRES, so slurmctld starts first there.
 */
bool apply_ctld_after_accounting(const struct apply_run *r,
				 const struct plan_service *sv)
{
	return sv->kind == SVC_SLURMCTLD && sv->action != PLAN_SVC_RECONFIGURE &&
	       r->p->acct && acct_plan_count(r->p->acct) &&
	       r->p->acct_method == DB_METHOD_SQL;
}

/*
 * Configless: a slurmd or sackd that fetches its configuration cannot
 * start before slurmctld runs, and the sql accounting phase holds
 * slurmctld's start back: such a host waits for a third wave, after that
 * phase.
 */
bool apply_fetch_waits(const struct apply_run *r, size_t idx)
{
	const struct model *m = r->s->m;
	size_t i;

	if (!model_host_fetches(m, &m->hosts[idx]))
		return false;
	for (i = 0; i < r->p->n_services; i++)
		if (apply_ctld_after_accounting(r, &r->p->services[i]))
			return true;
	return false;
}
