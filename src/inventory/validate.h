/*
 * validate.h: the semantic checks of an inventory (model -> diagnostics),
 * kept apart from loading so one run reports every problem: references
 * (node types, partition nodes, QoS, accounts, users) with "did you mean",
 * duplicates, account cycles, names Slurm would reject, UID/GID collisions,
 * controller roles, GPU counts against device files, TRES names, the
 * cross-checks that make limits real (GPU tracking and enforcement), and
 * pass-through slurm.conf keys against the inventory's Slurm version.
 *
 * Naming rule (documented in docs/inventory-keys.md): user, account and QoS
 * names with uppercase letters are errors, because sacctmgr stores them
 * lowercased and the plan would never converge.
 */
#ifndef CLUSTERCTL_VALIDATE_H
#define CLUSTERCTL_VALIDATE_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"

/*
 * Checks m, a model the loader completed (model_complete.h): adds every
 * problem to dl and returns the number of errors added. m is only read.
 */
size_t validate_model(const struct model *m, struct diag_list *dl);

/*
 * inventory_load() + validate_model() + diag_sort(): the model only when
 * there were no errors (warnings are fine); else NULL, problems in dl.
 * Caller frees with model_free().
 */
struct model *validate_load(const char *path, struct diag_list *dl);

#endif
