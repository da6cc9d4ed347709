/*
 * validate_acct.h: the checks of the accounting part of an inventory
 * (validate_acct.c), run by validate_model() (validate.h).
 */
#ifndef CLUSTERCTL_VALIDATE_ACCT_H
#define CLUSTERCTL_VALIDATE_ACCT_H

#include "base/compat.h"

#include "inventory/validate_ref.h"

/* QoS, accounts, users, TRES and the limits Slurm enforces. */
void validate_accounting(struct vctx *v);

#endif
