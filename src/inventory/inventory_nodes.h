/*
 * inventory_nodes.h: the schema of what slurm.conf says about machines
 * (inventory_nodes.c): node types, hosts, partitions, loaded from the top
 * level.
 */
#ifndef CLUSTERCTL_INVENTORY_NODES_H
#define CLUSTERCTL_INVENTORY_NODES_H

#include "base/compat.h"

#include "inventory/keytable.h"

key_fn inv_load_node_types, inv_load_hosts, inv_load_partitions;

/* A role name, or a list of them, as enum host_role bits; errors for others. */
unsigned inv_load_role_bits(struct loader *ld, yaml_node_t *val);

extern const struct inv_ref_section inv_nodes_ref[];

#endif
