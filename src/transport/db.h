/*
 * db.h: the accounting database connection (MariaDB Connector/C behind
 * it; db.c is the only file that includes <mysql.h>). It opens a session the
 * way slurmdbd does (autocommit off, sql_mode ANSI_QUOTES), runs plain
 * queries whose only variable parts are validated identifiers, and runs
 * every statement that carries a value as a prepared statement.
 *
 * Ownership: struct db and struct db_stmt are opaque; db_close() and
 * db_stmt_free() release them (NULL-safe). Rows returned in struct db_rows
 * are owned by it until db_rows_release(). Strings set through char **cause
 * are newly allocated; the caller frees them. Passwords are never part of a
 * message.
 */
#ifndef CLUSTERCTL_DB_H
#define CLUSTERCTL_DB_H

#include "base/compat.h"

#include "inventory/model.h"

struct transport_target;

struct db;
struct db_stmt;

/* A query result as strings; a NULL column is a NULL pointer. */
struct db_rows {
	char ***rows;		/* rows[i][j] */
	size_t n_rows, n_cols;
};
#define DB_ROWS_INIT { NULL, 0, 0 }

/*
 * Connects with s (host, port, name, user; the password comes from
 * s->password_file or the environment variable s->password_env and is
 * wiped after use), sets slurmdbd's session sql_mode and turns autocommit
 * off. via: NULL to reach s->host directly, else the SSH target of
 * database.tunnel's host, through which s->host:port is reached as that
 * host reaches it (tunnel.h; db_close() ends it). 0, or -1 + *cause
 * ("cannot connect to MariaDB at H:P as 'U': ...", "cannot reach MariaDB
 * at H:P through 'dbd' (database.tunnel): ..."); DB_REFUSED (also < 0)
 * when the server answered and refused the user or password ("Access
 * denied").
 */
#define DB_REFUSED (-2)
int db_connect(const struct db_settings *s, const struct transport_target *via,
	       struct db **out, char **cause);
void db_close(struct db *db);

/* Runs a statement without values (DDL, COMMIT, ...). 0 or -1 + *cause. */
int db_exec(struct db *db, const char *sql, char **cause);

/* Runs a query without values and stores every row. 0 or -1 + *cause. */
int db_query(struct db *db, const char *sql, struct db_rows *out, char **cause);
void db_rows_release(struct db_rows *r);

/* Prepares sql with '?' placeholders. NULL + *cause on error. */
struct db_stmt *db_prepare(struct db *db, const char *sql, char **cause);
/*
 * Executes with n string parameters (NULL = SQL NULL; MariaDB converts
 * them to the column types). If out is not NULL the result rows are stored
 * there. 0 or -1 + *cause.
 */
int db_stmt_exec(struct db_stmt *st, const char *const *params, size_t n,
		 struct db_rows *out, char **cause);
/* AUTO_INCREMENT value of the last INSERT through st. */
unsigned long long db_stmt_insert_id(struct db_stmt *st);
void db_stmt_free(struct db_stmt *st);

int db_begin(struct db *db, char **cause);
int db_commit(struct db *db, char **cause);
/* Never fails visibly: used on error paths. */
void db_rollback(struct db *db);

/* True when name is a safe per-cluster table prefix: [a-z0-9_]{1,64}. */
bool db_cluster_name_ok(const char *name);

#endif
