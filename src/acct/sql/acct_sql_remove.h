/*
 * acct_sql_remove.h: the sql method's removals (--prune) and coordinator
 * removals (acct_sql_remove.c).
 */
#ifndef CLUSTERCTL_ACCT_SQL_REMOVE_H
#define CLUSTERCTL_ACCT_SQL_REMOVE_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

int sqlw_write_removals(struct sqlw *w, char **cause);	/* --prune */

/*
 * as_mysql_remove_coord() for the users in the comma-separated list users
 * (NULL: any) of account acct (NULL: any).
 */
int sqlw_coord_remove(struct sqlw *w, const char *users, const char *acct,
		      char **cause);

#endif
