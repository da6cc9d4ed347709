/*
 * inventory_cluster.h: the schema of the cluster-wide sections (inventory_cluster.c):
 * cluster (with the service users and services), ssh, database. The ref
 * array ends with an empty section.
 */
#ifndef CLUSTERCTL_INVENTORY_CLUSTER_H
#define CLUSTERCTL_INVENTORY_CLUSTER_H

#include "base/compat.h"

#include "inventory/keytable.h"

extern const struct key_table inv_cluster_table, inv_ssh_table, inv_db_table;
extern const struct inv_ref_section inv_cluster_ref[];

#endif
