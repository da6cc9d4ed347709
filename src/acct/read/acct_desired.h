/*
 * acct_desired.h: the accounting rows the inventory asks for (acct_desired.c).
 */
#ifndef CLUSTERCTL_ACCT_DESIRED_H
#define CLUSTERCTL_ACCT_DESIRED_H

#include "base/compat.h"

#include "acct/rows/acct_state.h"
#include "inventory/model.h"

const char *acct_qos_default_description(const char *name);

/* Fills out from a validated model. 0, or -1 + *cause. */
int acct_desired_build(const struct model *m, struct acct_objset *out,
		       char **cause);

#endif
