/*
 * acct_plan.h: the accounting plan: desired rows merged against the
 * observed ones (acct_plan.c).
 */
#ifndef CLUSTERCTL_ACCT_PLAN_H
#define CLUSTERCTL_ACCT_PLAN_H

#include "base/compat.h"

#include "acct/rows/acct.h"
#include "acct/rows/acct_db.h"
#include "inventory/model.h"

/* Diffs want against have into p->changes (both sets already in p). */
void acct_plan_diff(struct acct_plan *p);

enum acct_plan_result acct_plan_compute(const struct model *m, bool prune, struct acct_plan **out,
		      char **cause);

/* Number of changes (added + changed + removed objects). */
size_t acct_plan_count(const struct acct_plan *p);

void acct_plan_free(struct acct_plan *p);

#endif
