/*
 * acct_sql_assoc.h: the sql method's new and changed associations of the
 * plan's cluster (acct_sql_assoc.c).
 */
#ifndef CLUSTERCTL_ACCT_SQL_ASSOC_H
#define CLUSTERCTL_ACCT_SQL_ASSOC_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

int sqlw_write_assocs(struct sqlw *w, char **cause);	/* w->c's associations */

#endif
