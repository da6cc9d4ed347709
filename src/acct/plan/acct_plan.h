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

/*
 * The plan of m's accounting against the database m->db names (through
 * database.tunnel's host when it names one, trusting an unknown host key
 * there when accept_new); prune: also what the inventory lacks.
 */
enum acct_plan_result acct_plan_compute(const struct model *m, bool prune, bool accept_new,
					struct acct_plan **out, char **cause);

/*
 * The accounting rows that change between two inventories, offline (no
 * database: "clusterctl diff"): base's desired rows stand for what the
 * database holds, head's for what it should hold; rows head no longer
 * names are planned as removals (what "apply --prune" removes), never
 * root, root's user association, "normal", TRES rows or the cluster.
 * The plan names no database (acct_plan_print and acct_plan_to_json say
 * nothing of one). 0 with *out, or -1 with *cause.
 */
int acct_plan_between(const struct model *base, const struct model *head,
		      struct acct_plan **out, char **cause);

/* Number of changes (added + changed + removed objects). */
size_t acct_plan_count(const struct acct_plan *p);

void acct_plan_free(struct acct_plan *p);

#endif
