/*
 * acct_sql_2205.h: the sql method's generation for slurmdbd 22.05's schema
 * (acct_sql_2205.c). A new slurmdbd schema is a new file like it and a row
 * in acct_sql.c's table.
 */
#ifndef CLUSTERCTL_ACCT_SQL_2205_H
#define CLUSTERCTL_ACCT_SQL_2205_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

extern const struct sqlw_gen sqlw_gen_2205;

#endif
