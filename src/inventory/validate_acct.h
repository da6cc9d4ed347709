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

/*
 * True if name is a TRES Slurm knows: cpu, mem, node, billing, energy,
 * fs/disk, vmem, pages, fs/lustre, ic/ofed, gres/NAME[:TYPE], license/NAME,
 * bb/NAME.
 */
bool validate_tres_name(const char *name);

/*
 * The effective value of a slurm.conf key for m: the pass-through value if
 * set (keys compare case-insensitively), else what the renderer writes by
 * default (AccountingStorageTRES gets gres/gpu when some host's node type
 * has GPUs, as view_accounting_tres() does;
 * AccountingStorageEnforce defaults to associations,limits,qos). Newly
 * allocated or NULL; caller frees.
 */
char *validate_effective_slurm_conf(const struct model *m, const char *key);

#endif
