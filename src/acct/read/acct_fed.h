/*
 * acct_fed.h: a site's federation as accounting rows (acct_fed.c): the
 * federation (ACCT_FEDERATION, a row of the whole database) and this
 * cluster's membership (ACCT_FEDMEMBER: its federation, its features
 * sorted, its state by name).
 */
#ifndef CLUSTERCTL_ACCT_FED_H
#define CLUSTERCTL_ACCT_FED_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"
#include "acct/rows/acct_state.h"
#include "inventory/model.h"
#include "transport/db.h"

/* The rows m's federation asks for (none when its site declares none). */
void acct_fed_desired(const struct model *m, struct acct_objset *out);

/*
 * What "sacctmgr modify cluster C set ..." of a membership added or
 * changed (c) sets: Federation= where it changes (the federation the
 * cluster is in already makes sacctmgr drop the cluster from the
 * request: "Nothing to change"); Features= then too (whatever the cluster
 * kept from before goes), else where they change; FedState= where another
 * than joining's "active" is wanted, else where it changes.
 */
struct acct_fed_sets {
	bool federation, features, state;
};
void acct_fed_member_sets(const struct acct_change *c, struct acct_fed_sets *out);

/*
 * Every live federation of the database, and cluster's membership when
 * it is in one. 0, or -1 + *cause.
 */
int acct_fed_observe(struct db *db, const char *cluster, struct acct_objset *out,
		     char **cause);

#endif
