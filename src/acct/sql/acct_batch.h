/*
 * acct_batch.h: multi-row INSERTs for the sql method (acct_batch.c).
 */
#ifndef CLUSTERCTL_ACCT_BATCH_H
#define CLUSTERCTL_ACCT_BATCH_H

#include "base/compat.h"

#include <stdbool.h>
#include <stddef.h>

#include "transport/db.h"

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
