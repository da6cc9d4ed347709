/*
 * validate_addr.h: the checks of the addresses Slurm reaches the
 * controllers and slurmdbd by where the site gives them apart from the
 * hosts' (cluster.controller_address, backup_controller_address,
 * accounting_address; validate_addr.c), run by validate_model().
 */
#ifndef CLUSTERCTL_VALIDATE_ADDR_H
#define CLUSTERCTL_VALIDATE_ADDR_H

#include "base/compat.h"

#include "inventory/validate_ref.h"

/*
 * Each address is one word SlurmctldHost= and AccountingStorageHost= take,
 * belongs to a service the inventory has, and is not another host's name
 * or address (a warning: Slurm takes it, and reaches that host).
 */
void validate_addresses(struct vctx *v);

#endif
