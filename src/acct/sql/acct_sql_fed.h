/*
 * acct_sql_fed.h: the sql method's federation rows (acct_sql_fed.c).
 */
#ifndef CLUSTERCTL_ACCT_SQL_FED_H
#define CLUSTERCTL_ACCT_SQL_FED_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

/*
 * The federations the plan adds and removes and this cluster's
 * membership, in the plan's order, as slurmdbd writes them. 0, or -1 +
 * *cause.
 */
int sqlw_write_federation(struct sqlw *w, char **cause);

#endif
