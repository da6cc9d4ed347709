/*
 * validate_parts.h: the partitions' checks (validate_parts.c). Private to
 * the validate module.
 */
#ifndef CLUSTERCTL_VALIDATE_PARTS_H
#define CLUSTERCTL_VALIDATE_PARTS_H

#include "base/compat.h"

#include "inventory/validate_ref.h"

void validate_partitions(struct vctx *v);

#endif
