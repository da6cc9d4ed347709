/*
 * acct_batch.c: multi-row INSERTs for the sql method (see acct_sql.h). A
 * seed of 10,000 users is some 45,000 rows; one round trip per row costs
 * more than everything else together.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct_sql.h"
#include "strbuf.h"
#include "xalloc.h"

void acct_batch_init(struct acct_batch *b, struct db *db, const char *head,
		     const char *tail, size_t ncols)
{
	memset(b, 0, sizeof(*b));
	b->db = db;
	b->head = xstrdup(head);
	b->tail = xstrdup(tail ? tail : "");
	b->ncols = ncols;
	b->vals = xcalloc(ACCT_BATCH_ROWS * ncols, sizeof(*b->vals));
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

int acct_batch_flush(struct acct_batch *b, char **cause)
{
	struct db_stmt *st = b->full;
	int rc;

	if (!b->rows)
		return 0;
	if (b->rows < ACCT_BATCH_ROWS || !st) {
		char *sql = batch_sql(b, b->rows);

		st = db_prepare(b->db, sql, cause);
		free(sql);
		if (!st)
			return -1;
		if (b->rows == ACCT_BATCH_ROWS)
			b->full = st;
	}
	rc = db_stmt_exec(st, (const char *const *)b->vals, b->rows * b->ncols, NULL, cause);
	if (st != b->full)
		db_stmt_free(st);
	clear_rows(b);
	return rc;
}

int acct_batch_add(struct acct_batch *b, const char *const *vals, char **cause)
{
	for (size_t c = 0; c < b->ncols; c++)
		b->vals[b->rows * b->ncols + c] = vals[c] ? xstrdup(vals[c]) : NULL;
	b->rows++;
	return b->rows == ACCT_BATCH_ROWS ? acct_batch_flush(b, cause) : 0;
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
