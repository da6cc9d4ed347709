/*
 * acct_batch.c: multi-row INSERTs for the sql method (acct_batch.h). A
 * seed of 10,000 users is some 45,000 rows; one round trip per row costs
 * more than everything else together.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_batch.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "transport/db.h"

void acct_batch_init(struct acct_batch *b, struct db *db, const char *head,
		     const char *tail, size_t ncols)
{
	memset(b, 0, sizeof(*b));
	b->db = db;
	b->head = xstrdup(head);
	b->tail = xstrdup(tail ? tail : "");
	b->ncols = ncols;
}

static char *batch_sql(const struct acct_batch *b, size_t rows)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, b->head);
	for (size_t r = 0; r < rows; r++) {
		strbuf_addstr(&sb, r ? ", (" : "(");
		for (size_t c = 0; c < b->ncols; c++)
			strbuf_addstr(&sb, c ? ", ?" : "?");
		strbuf_addch(&sb, ')');
	}
	strbuf_addstr(&sb, b->tail);
	return strbuf_detach(&sb, NULL);
}

static void clear_rows(struct acct_batch *b)
{
	for (size_t i = 0; i < b->rows * b->ncols; i++) {
		free(b->vals[i]);
		b->vals[i] = NULL;
	}
	b->rows = 0;
}

/* Sends rows [first, first + n) as one statement. */
static int send(struct acct_batch *b, size_t first, size_t n, char **cause)
{
	struct db_stmt *st = n == ACCT_BATCH_ROWS ? b->full : NULL;
	int rc;

	if (!st) {
		char *sql = batch_sql(b, n);

		st = db_prepare(b->db, sql, cause);
		free(sql);
		if (!st)
			return -1;
		if (n == ACCT_BATCH_ROWS)
			b->full = st;
	}
	rc = db_stmt_exec(st, (const char *const *)b->vals + first * b->ncols,
			  n * b->ncols, NULL, cause);
	if (st != b->full)
		db_stmt_free(st);
	return rc;
}

int acct_batch_flush(struct acct_batch *b, char **cause)
{
	int rc = 0;

	for (size_t first = 0; rc == 0 && first < b->rows; first += ACCT_BATCH_ROWS) {
		size_t n = b->rows - first;

		rc = send(b, first, n < ACCT_BATCH_ROWS ? n : ACCT_BATCH_ROWS, cause);
	}
	clear_rows(b);
	return rc;
}

int acct_batch_add(struct acct_batch *b, const char *const *vals, char **cause)
{
	size_t need = (b->rows + 1) * b->ncols;

	XGROW(b->vals, b->alloc, need);
	for (size_t c = 0; c < b->ncols; c++)
		b->vals[b->rows * b->ncols + c] = vals[c] ? xstrdup(vals[c]) : NULL;
	b->rows++;
	if (!b->deferred && b->rows == ACCT_BATCH_ROWS)
		return acct_batch_flush(b, cause);
	return 0;
}

void acct_batch_release(struct acct_batch *b)
{
	if (!b || !b->head)
		return;
	clear_rows(b);
	db_stmt_free(b->full);
	free(b->vals);
	free(b->head);
	free(b->tail);
	memset(b, 0, sizeof(*b));
}
