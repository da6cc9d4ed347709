/*
 * acct_sql_2505.h: the sql method's generation for slurmdbd 25.05 to 26.05
 * (acct_sql_2505.c).
 */
#ifndef CLUSTERCTL_ACCT_SQL_2505_H
#define CLUSTERCTL_ACCT_SQL_2505_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

extern const struct sqlw_gen sqlw_gen_2505;

#endif
