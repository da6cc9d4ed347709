/*
 * acct_convert.h: column values <-> canonical values (acct_convert.c).
 */
#ifndef CLUSTERCTL_ACCT_CONVERT_H
#define CLUSTERCTL_ACCT_CONVERT_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"

/* Column value -> canonical value (newly allocated or NULL). */
char *acct_value_from_db(const struct acct_dbinfo *info, enum acct_ftype t,
			 const char *col);

/*
 * Canonical value -> column value (newly allocated; NULL for SQL NULL).
 * -1 + *cause when a TRES or QoS name has no id.
 */
int acct_value_to_db(const struct acct_dbinfo *info, enum acct_ftype t,
		     const char *canon, char **out, char **cause);

#endif
