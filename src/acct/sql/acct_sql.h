/*
 * acct_sql.h: internal. Writes an accounting plan into the database the
 * way slurmdbd does (acct_sql.c), in one transaction, for each schema
 * generation it knows, and answers the release policy that follows from
 * a database's schema.
 */
#ifndef CLUSTERCTL_ACCT_SQL_H
#define CLUSTERCTL_ACCT_SQL_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"

/*
 * Checks the schema (one of the generations), creates missing
 * per-cluster tables LIKE another cluster's (DDL: outside the transaction),
 * then writes every change of p in one transaction and commits. On any
 * error the transaction is rolled back and -1 returned with *cause.
 * *need_cluster is set (and -1 returned) when the cluster has no tables and
 * no other cluster's tables exist to copy: the caller creates the cluster
 * through slurmdbd ("sacctmgr add cluster") and calls again.
 */
int acct_sql_write(struct db *db, const struct acct_plan *p, bool *need_cluster,
		   char **cause);

/*
 * Refuses a database without slurmdbd's schema or with a schema version
 * (convert_version_table) the writer does not know, naming the version and
 * the method that works. 0 or -1 + *cause.
 */
int acct_sql_check_schema(const struct acct_dbinfo *info, char **cause);

/* The Slurm releases whose schema the database has ("22.05"), or NULL. */
const char *acct_sql_release(const struct acct_dbinfo *info);

/*
 * Release policy of the accounting writer, answered by the schema
 * generations: whether the sql method writes the schema of Slurm release
 * slurm_version ("24.11"); whether db.method auto sends any number of
 * sacctmgr commands, and a "sacctmgr load" of any size, to this database
 * through slurmdbd rather than sql (a database whose schema the writer
 * does not know: both); whether "sacctmgr load" may carry its accounts (it
 * writes their rows as "add account" does).
 */
bool acct_sql_writes_release(const char *slurm_version);
bool acct_sql_commands_via_slurmdbd(const struct acct_dbinfo *info);
bool acct_sql_load_via_slurmdbd(const struct acct_dbinfo *info);
bool acct_sql_load_carries_accounts(const struct acct_dbinfo *info);

#endif
