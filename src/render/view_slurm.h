/*
 * view_slurm.h: the model seen through slurm.conf (view_slurm.c).
 */
#ifndef CLUSTERCTL_VIEW_SLURM_H
#define CLUSTERCTL_VIEW_SLURM_H

#include "base/compat.h"

#include <jansson.h>

#include "inventory/model.h"

/*
 * slurm.conf: sections of key/value settings (control, scheduling, timers,
 * accounting, logging, site), then folded "nodes" and "partitions".
 * configless adds SlurmctldParameters=enable_configless.
 * Returns a new reference, or NULL with *cause set (newly allocated;
 * caller frees) when a hostlist in the model cannot be expanded.
 */
json_t *view_slurm_conf(const struct model *m, char **cause);

/*
 * The effective AccountingStorageTRES: every TRES of the pass-through value
 * (in its order) followed by gres/gpu and gres/gpu:<type> for each GPU type
 * of the compute hosts' node types, without duplicates (case-insensitive).
 * Newly allocated, caller frees; NULL when the list is empty.
 */
char *view_accounting_tres(const struct model *m);

/*
 * A node type's Gres= as slurm.conf gets it ("gpu:a100:4,shard:8"; ""
 * when it has none): one item per GPU type, its entries summed, then one
 * per other GRES name and type. Newly allocated.
 */
char *view_node_gres(const struct node_type *nt);

#endif
