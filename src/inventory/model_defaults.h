/*
 * model_defaults.h: what clusterctl writes where the inventory says nothing
 * and the answer depends on the rest of the model: the task plugin that
 * makes cgroup.conf's device confinement real, and a default memory per
 * CPU where memory is a consumable resource. One owner for these facts:
 * the renderer writes them (view.c), validate checks against them.
 * With `defaults: slurm` (an adopted cluster) there are none.
 */
#ifndef CLUSTERCTL_MODEL_DEFAULTS_H
#define CLUSTERCTL_MODEL_DEFAULTS_H

#include "base/compat.h"

#include "inventory/model.h"

/*
 * Whether the rendered cgroup.conf says ConstrainDevices=yes: its
 * cluster.cgroup_conf value (a boolean as Slurm reads it), else yes where
 * clusterctl's defaults hold (view.c's cgroup.conf table), else Slurm's no.
 */
bool model_constrains_devices(const struct model *m);

/*
 * slurm.conf TaskPlugin as rendered: the inventory's, else
 * "task/cgroup,task/affinity" where clusterctl's defaults hold and devices
 * are constrained (without task/cgroup nothing applies cgroup.conf's
 * confinement, and every job may open every GPU of its node), else NULL
 * (Slurm's own task/none). Borrowed.
 */
const char *model_task_plugin(const struct model *m);

/* True when model_task_plugin() is clusterctl's default, not the inventory's. */
bool model_task_plugin_is_default(const struct model *m);

/*
 * slurm.conf SelectTypeParameters as rendered: the inventory's, else
 * CR_Core_Memory where clusterctl's defaults hold, else NULL. Borrowed.
 */
const char *model_select_type_parameters(const struct model *m);

/*
 * DefMemPerCPU clusterctl writes: where its defaults hold, memory is a
 * consumable (SelectTypeParameters with Memory) and the inventory sets none
 * of DefMemPerCPU, DefMemPerNode and DefMemPerGPU, the smallest MB per CPU
 * of the node types in use (each with its memory and CPUs given), so that
 * a job that asks for no memory gets its CPUs' share and not the whole
 * node, which would keep every other job (and GPU) of the node idle.
 * MODEL_UNSET when none is written.
 */
long long model_default_mem_per_cpu(const struct model *m);

#endif
