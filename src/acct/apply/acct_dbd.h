/*
 * acct_dbd.h: the host the accounting commands run on (acct_dbd.c).
 */
#ifndef CLUSTERCTL_ACCT_DBD_H
#define CLUSTERCTL_ACCT_DBD_H

#include "base/compat.h"

#include "inventory/model.h"

/*
 * The accounting host (cluster.accounting_host, else the first host with
 * the dbd role, else the controller). Borrowed from the model.
 */
const char *acct_dbd_host(const struct model *m);

#endif
