/*
 * acct_sql.h: internal. Writes an accounting plan into the database the
 * way slurmdbd 22.05 does (acct_sql.c), in one transaction.
 */
#ifndef CLUSTERCTL_ACCT_SQL_H
#define CLUSTERCTL_ACCT_SQL_H

#include "compat.h"

#include "acct_db.h"

/*
 * Checks the schema (version 12, no 23.11 lineage), creates missing
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

/* The Slurm releases whose schema version is version ("22.05"), or NULL. */
const char *acct_sql_release(long version);

/*
 * Multi-row INSERTs (acct_batch.c): rows are collected and sent 500 at a
 * time as one prepared "INSERT ... VALUES (?,..),(?,..) <tail>", which turns
 * tens of thousands of round trips into a few dozen; a deferred batch keeps
 * every row until acct_batch_flush(). Values are copied.
 */
struct acct_batch {
	struct db *db;
	char *head;		/* "insert into t (a, b) values " */
	char *tail;		/* "" or " on duplicate key update ..." */
	size_t ncols, rows, alloc;
	char **vals;		/* rows * ncols */
	struct db_stmt *full;	/* prepared for a full batch */
	bool deferred;		/* keep every row until acct_batch_flush() */
};
#define ACCT_BATCH_ROWS 500

void acct_batch_init(struct acct_batch *b, struct db *db, const char *head,
		     const char *tail, size_t ncols);
int acct_batch_add(struct acct_batch *b, const char *const *vals, char **cause);
int acct_batch_flush(struct acct_batch *b, char **cause);
void acct_batch_release(struct acct_batch *b);

#endif
