/*
 * inventory_accounts.h: the schema of the accounting side (inventory_accounts.c): QoS,
 * the account tree and users, loaded from the top level.
 */
#ifndef CLUSTERCTL_INVENTORY_ACCOUNTS_H
#define CLUSTERCTL_INVENTORY_ACCOUNTS_H

#include "base/compat.h"

#include "inventory/keytable.h"

key_fn inv_load_qos, inv_load_accounts, inv_load_users;

extern const struct inv_ref_section inv_accounts_ref[];

#endif
