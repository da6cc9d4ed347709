/*
 * validate_values.h: the values an inventory hands to Slurm, checked the
 * way the inventory's Slurm release reads them (slurmvalues.h): the
 * pass-through keys of slurm.conf, cgroup.conf, slurmdbd.conf and the
 * NodeName= and PartitionName= lines, and what the model renders where
 * Slurm would refuse or misread it: a partition's DefaultTime above its
 * MaxTime or without nodes, memory 0, one device file under two GPU
 * entries, names Slurm or DNS cannot carry, gres.conf AutoDetect, the
 * slurm.conf keys that only work together, and devices constrained by
 * cgroup.conf without task/cgroup to do it.
 */
#ifndef CLUSTERCTL_VALIDATE_VALUES_H
#define CLUSTERCTL_VALIDATE_VALUES_H

#include "base/compat.h"

#include "inventory/model.h"
#include "inventory/validate_ref.h"
#include "slurm/slurmkeys.h"

/*
 * Checks the value of pass-through entry e, a key of table that the release
 * knows; reports at e's value, "WHAT KEY=VALUE: ..." (what: "slurm.conf",
 * "PartitionName", ...).
 */
void validate_value(struct vctx *v, const struct kv *e, enum slurmkeys_table table,
		    const char *what);

/*
 * Checks value, which the model renders as key of table, reporting at loc
 * as "OWNER: NAME 'VALUE': ..." (name: the inventory's key).
 */
void validate_value_at(struct vctx *v, enum slurmkeys_table table, const char *key,
		       const char *value, const struct src_loc *loc, const char *owner,
		       const char *name);

/* The model's own checks listed above; after the partitions' and hosts'. */
void validate_values(struct vctx *v);

#endif
