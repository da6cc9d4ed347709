/*
 * validate_files.h: the checks of an inventory's pass-through files
 * (files:, validate_files.c), run by validate_model() (validate.h).
 */
#ifndef CLUSTERCTL_VALIDATE_FILES_H
#define CLUSTERCTL_VALIDATE_FILES_H

#include "base/compat.h"

#include "inventory/validate_ref.h"

/*
 * Each files: entry's path, source, owner and hosts; no host given two
 * files at one path; a warning for each file slurm.conf names that no
 * entry provides.
 */
void validate_files(struct vctx *v);

#endif
