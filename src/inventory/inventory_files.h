/*
 * inventory_files.h: the schema of files:, the pass-through files
 * (inventory_files.c), loaded from the top level.
 */
#ifndef CLUSTERCTL_INVENTORY_FILES_H
#define CLUSTERCTL_INVENTORY_FILES_H

#include "base/compat.h"

#include "inventory/keytable.h"

key_fn inv_load_files;

extern const struct inv_ref_section inv_files_ref[];

#endif
