/*
 * acct_sql_entity.h: the sql method's TRES, QoS, accounts and users (acct_sql_entity.c).
 */
#ifndef CLUSTERCTL_ACCT_SQL_ENTITY_H
#define CLUSTERCTL_ACCT_SQL_ENTITY_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

int sqlw_write_qos(struct sqlw *w, char **cause);	/* TRES, QoS */
int sqlw_write_entities(struct sqlw *w, char **cause);	/* accounts, users */

#endif
