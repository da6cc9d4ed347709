/*
 * validate_keys.h: pass-through keys against the release (validate_keys.c).
 * Private to the validate module.
 */
#ifndef CLUSTERCTL_VALIDATE_KEYS_H
#define CLUSTERCTL_VALIDATE_KEYS_H

#include "base/compat.h"

#include "inventory/validate_ref.h"
#include "slurm/slurmkeys.h"

/*
 * Checks each key of kv (what names the file or line in messages:
 * "slurm.conf", "NodeName") against table for v's release; nothing when
 * the release is unknown (check_version() reports that).
 */
void validate_passthrough(struct vctx *v, const struct kv_list *kv,
			  enum slurmkeys_table table, const char *what);

#endif
