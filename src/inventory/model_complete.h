/*
 * model_complete.h: what the loader adds to a model once it has read every
 * file (model_complete.c), so that validate only reads a model and every
 * later step finds it whole.
 */
#ifndef CLUSTERCTL_MODEL_COMPLETE_H
#define CLUSTERCTL_MODEL_COMPLETE_H

#include "base/compat.h"

#include "inventory/model.h"

/*
 * Builds the sorted host index (model_index_hosts()), points each host
 * with a type_name at its node type (the first of that name; NULL when
 * none: validate reports it), and orders the accounts parents first
 * (stable) when every parent resolves and no account is its own ancestor,
 * so the accounting layer creates them in array order. Idempotent; call
 * again after changing hosts, node types or accounts.
 */
void model_complete(struct model *m);

#endif
