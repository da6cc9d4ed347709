/*
 * validate_gres.h: the checks of a node type's GRES other than its GPUs
 * (gres:, validate_gres.c), and the Flags= words of every gres.conf line,
 * run by validate_model() (validate.h).
 */
#ifndef CLUSTERCTL_VALIDATE_GRES_H
#define CLUSTERCTL_VALIDATE_GRES_H

#include "base/compat.h"

#include "inventory/model.h"
#include "inventory/validate_ref.h"

/*
 * Reports each word of flags (a gres.conf Flags= value, at loc) that no
 * Slurm release knows; what names the entry's kind ("gpu", "gres").
 */
void validate_gres_flags(struct vctx *v, const struct node_type *nt,
			 const char *what, const char *flags,
			 const struct src_loc *loc);

/*
 * What slurmd or slurmctld refuses of nt's gres: entries: names (gpu is
 * gpus:), types, flags, counts against files; one name's lines together;
 * shard and mps without GPUs to share or with files that are not GPUs'.
 * And, once for the cluster, shared GRES with a SelectType other than
 * cons_tres.
 */
void validate_gres(struct vctx *v);

#endif
