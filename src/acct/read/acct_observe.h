/*
 * acct_observe.h: what the accounting database holds for one cluster
 * (acct_observe.c).
 */
#ifndef CLUSTERCTL_ACCT_OBSERVE_H
#define CLUSTERCTL_ACCT_OBSERVE_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"
#include "transport/db.h"

void acct_dbinfo_release(struct acct_dbinfo *info);

/* Reads schema facts, id maps and every object of the cluster. 0 or -1. */
int acct_observe(struct db *db, const char *cluster, struct acct_objset *out,
		 struct acct_dbinfo *info, char **cause);

/* Only the schema facts and id maps (used again inside the apply txn). */
int acct_observe_info(struct db *db, const char *cluster,
		      struct acct_dbinfo *info, char **cause);

/* "gres/gpu" -> type "gres", name "gpu"; "cpu" -> "cpu", "". Newly allocated. */
void acct_tres_split(const char *full, char **type, char **name);

#endif
