/*
 * plan_decide.h: the whole plan from one observation round (plan_decide.c)
 */
#ifndef CLUSTERCTL_PLAN_DECIDE_H
#define CLUSTERCTL_PLAN_DECIDE_H

#include "base/compat.h"

#include "decide/plan.h"

/* What one observation round found, for plan_decide(). */
struct plan_round {
	unsigned only;				/* enum plan_only bits; 0 = all */
	bool prune;				/* accounting: remove what the inventory lacks */
	bool accept_new;			/* database.tunnel: trust an unknown host key */
	const struct obs_host *obs;			/* borrowed; one per model host */
	const struct mungekey *controller_key;	/* the key found on the controller */
	const char *db_password;		/* NULL: none known */
};

/*
 * The whole plan from one observation round: the munge key (the
 * controller's when it has one, else munge_key_source, else a new one;
 * not judged when the controller was not observed), the accounting
 * section when the inventory has a database (acct_plan_compute reads it;
 * a refused password holds its files back), then plan_compute(). Returns
 * the plan, or NULL with *cause (e.g. an unreadable munge_key_source).
 */
struct plan *plan_decide(const struct model *m, const struct rendered_set *rs,
			 const struct plan_round *r, char **cause);

#endif
