/*
 * acct_method.h: how an accounting plan is carried out (acct_method.c).
 */
#ifndef CLUSTERCTL_ACCT_METHOD_H
#define CLUSTERCTL_ACCT_METHOD_H

#include "base/compat.h"

#include "acct/rows/acct.h"
#include "inventory/model.h"

/*
 * The method acct_plan_apply() uses for p: m->db.method when it is sql or
 * sacctmgr; for auto, sacctmgr (live, no restart) unless the plan takes
 * more than 10 sacctmgr commands on 22.05's schema, or adds by "sacctmgr
 * load" with more than 4,000 changed rows on 22.05's or 25.05+'s schema:
 * then sql. So 23.11-24.11 (slurmdbd's start is sql's cost there) and a
 * schema the sql writer refuses always take sacctmgr; a cold database
 * of a release the sql writer knows takes sql (bench/acct/RESULTS.md).
 */
enum db_method acct_plan_method(const struct model *m, const struct acct_plan *p);

#endif
