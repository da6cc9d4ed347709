/*
 * db.c: the only user of MariaDB Connector/C. slurmdbd opens every session
 * with autocommit off and sql_mode 'ANSI_QUOTES,NO_ENGINE_SUBSTITUTION', so
 * we do the same: the SQL we write is then read exactly as slurmdbd's
 * (double quotes around per-cluster table names). Values only ever travel
 * as prepared-statement parameters; text queries carry identifiers that the
 * caller has validated (db_cluster_name_ok).
 */
#include "base/compat.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mysql.h>

#include "transport/db.h"
#include "transport/tunnel.h"
#include "base/die.h"
#include "base/xalloc.h"
#include "inventory/model.h"

struct db {
	MYSQL *conn;
	struct tunnel *tunnel;	/* database.tunnel's, closed after conn */
};

struct db_stmt {
	struct db *db;
	MYSQL_STMT *st;
	char *sql;
};

/* The password (model.h), "" when none is set; wipe with xfree_secret. */
static char *get_password(const struct db_settings *s, char **cause)
{
	char *pass = db_password(s, cause);

	return pass || *cause ? pass : xstrdup("");
}

/*
 * TLS, when the inventory asks for it, is never opportunistic: the
 * connection fails unless the server presents a certificate that chains to
 * the CA and names the host. Without TLS, only authentication plugins that
 * never hand the server the password itself are allowed: a server that is
 * not who database.host says (or a hostile inventory's choice) must not get
 * it by asking for mysql_clear_password or dialog.
 */
static void set_transport_options(MYSQL *conn, const struct db_settings *s)
{
	my_bool on = 1;

	if (s->tls || s->tls_ca) {
		mysql_options(conn, MYSQL_OPT_SSL_ENFORCE, &on);
		mysql_options(conn, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &on);
		if (s->tls_ca)
			mysql_options(conn, MYSQL_OPT_SSL_CA, s->tls_ca);
	} else {
		mysql_options(conn, MARIADB_OPT_RESTRICTED_AUTH,
			      "mysql_native_password,client_ed25519");
	}
}

static int session_setup(struct db *db, char **cause)
{
	if (db_exec(db, "SET autocommit=0", cause) < 0)
		return -1;
	return db_exec(db, "SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION'",
		       cause);
}

/* "127.x.y.z" */
static bool loopback4(const char *h)
{
	struct in_addr a;

	return !strncmp(h, "127.", 4) && inet_pton(AF_INET, h, &a) == 1;
}

/*
 * Through database.tunnel (via: its host's SSH target), Connector/C
 * connects to the tunnel's end on this machine: on database.host itself
 * when that is a 127.x address, else on 127.0.0.1, by the name
 * "localhost" when database.host says so (TLS checks the certificate
 * against the name connected to: validate allows TLS through a tunnel only
 * for these). *host and *port are then the tunnel's end.
 */
static int db_route(struct db *db, const struct db_settings *s,
		    const struct transport_target *via, const char **host,
		    unsigned *port, char **cause)
{
	unsigned tcp = MYSQL_PROTOCOL_TCP;
	const char *bind = loopback4(*host) ? *host : "127.0.0.1";
	char *why = NULL;
	int local = 0;

	if (!via)
		return 0;
	if (tunnel_open(via, *host, (int)*port, bind, &db->tunnel, &local, &why) < 0) {
		*cause = xasprintf("cannot reach MariaDB at %s:%u through '%s' "
				   "(database.tunnel): %s", *host, *port, s->tunnel, why);
		free(why);
		return -1;
	}
	mysql_options(db->conn, MYSQL_OPT_PROTOCOL, &tcp);
	*host = !strcmp(*host, "localhost") ? "localhost" : bind;
	*port = (unsigned)local;
	return 0;
}

/* "cannot connect ..." for a refused mysql_real_connect; DB_REFUSED or -1. */
static int connect_failed(struct db *db, const struct db_settings *s, const char *host,
			  unsigned port, char **cause)
{
	/* 1044/1045: the server answered and refused these credentials */
	unsigned err = mysql_errno(db->conn);
	char *through = db->tunnel ? xasprintf(" through '%s' (database.tunnel)", s->tunnel) :
		xstrdup("");

	*cause = xasprintf("cannot connect to MariaDB at %s:%u%s as '%s'%s: %s", host, port,
			   through, db_user(s), s->tls || s->tls_ca ? " over TLS" : "",
			   mysql_error(db->conn));
	free(through);
	return err == 1044 || err == 1045 ? DB_REFUSED : -1;
}

int db_connect(const struct db_settings *s, const struct transport_target *via,
	       struct db **out, char **cause)
{
	const char *host = s->host ? s->host : "localhost", *to = host;
	unsigned port = (unsigned)db_port(s), to_port = port;
	unsigned timeout = 10;
	int rc = -1;
	char *pass;
	struct db *db;
	MYSQL *ok;

	*out = NULL;
	pass = get_password(s, cause);
	if (!pass)
		return -1;
	db = xcalloc(1, sizeof(*db));
	db->conn = mysql_init(NULL);
	if (!db->conn)
		die("out of memory");
	mysql_options(db->conn, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
	set_transport_options(db->conn, s);
	if (db_route(db, s, via, &to, &to_port, cause) < 0)
		goto out;
	ok = mysql_real_connect(db->conn, to, db_user(s), pass, db_name(s), to_port, NULL, 0);
	if (!ok)
		rc = connect_failed(db, s, host, port, cause);
	else if (session_setup(db, cause) == 0)
		rc = 0;
out:
	xfree_secret(pass, strlen(pass));
	if (rc == 0)
		*out = db;
	else
		db_close(db);
	return rc;
}

void db_close(struct db *db)
{
	if (!db)
		return;
	if (db->conn)
		mysql_close(db->conn);
	tunnel_close(db->tunnel);
	free(db);
}

int db_exec(struct db *db, const char *sql, char **cause)
{
	MYSQL_RES *res;

	if (mysql_query(db->conn, sql)) {
		*cause = xasprintf("database error: %s", mysql_error(db->conn));
		return -1;
	}
	/* drain a result a statement may have produced */
	res = mysql_store_result(db->conn);
	if (res)
		mysql_free_result(res);
	return 0;
}

static void rows_push(struct db_rows *r, size_t *alloc, char **row)
{
	XGROW(r->rows, *alloc, r->n_rows + 1);
	r->rows[r->n_rows++] = row;
}

int db_query(struct db *db, const char *sql, struct db_rows *out, char **cause)
{
	MYSQL_RES *res;
	MYSQL_ROW row;
	size_t alloc = 0;

	out->rows = NULL;
	out->n_rows = 0;
	out->n_cols = 0;
	if (mysql_query(db->conn, sql) || !(res = mysql_store_result(db->conn))) {
		*cause = xasprintf("database error: %s", mysql_error(db->conn));
		return -1;
	}
	out->n_cols = mysql_num_fields(res);
	while ((row = mysql_fetch_row(res))) {
		unsigned long *len = mysql_fetch_lengths(res);
		char **copy = xcalloc(out->n_cols ? out->n_cols : 1, sizeof(*copy));

		for (size_t j = 0; j < out->n_cols; j++)
			copy[j] = row[j] ? xstrndup(row[j], len[j]) : NULL;
		rows_push(out, &alloc, copy);
	}
	mysql_free_result(res);
	return 0;
}

void db_rows_release(struct db_rows *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_rows; i++) {
		for (size_t j = 0; j < r->n_cols; j++)
			free(r->rows[i][j]);
		free(r->rows[i]);
	}
	free(r->rows);
	r->rows = NULL;
	r->n_rows = r->n_cols = 0;
}

struct db_stmt *db_prepare(struct db *db, const char *sql, char **cause)
{
	struct db_stmt *st = xcalloc(1, sizeof(*st));

	st->db = db;
	st->st = mysql_stmt_init(db->conn);
	if (!st->st)
		die("out of memory");
	if (mysql_stmt_prepare(st->st, sql, strlen(sql))) {
		*cause = xasprintf("database error preparing a statement: %s",
				   mysql_stmt_error(st->st));
		db_stmt_free(st);
		return NULL;
	}
	st->sql = xstrdup(sql);
	return st;
}

static int stmt_fail(struct db_stmt *st, char **cause)
{
	*cause = xasprintf("database error: %s", mysql_stmt_error(st->st));
	return -1;
}

/* Fetches every row of an executed statement as strings. */
static int stmt_fetch_all(struct db_stmt *st, struct db_rows *out, char **cause)
{
	MYSQL_RES *meta = mysql_stmt_result_metadata(st->st);
	my_bool upd = 1;
	size_t n, alloc = 0;
	MYSQL_BIND *b;
	unsigned long *len;
	my_bool *isnull;
	int rc = 0, f;

	if (!meta)
		return 0;
	n = mysql_num_fields(meta);
	out->n_cols = n;
	mysql_stmt_attr_set(st->st, STMT_ATTR_UPDATE_MAX_LENGTH, &upd);
	if (mysql_stmt_store_result(st->st)) {
		mysql_free_result(meta);
		return stmt_fail(st, cause);
	}
	b = xcalloc(n, sizeof(*b));
	len = xcalloc(n, sizeof(*len));
	isnull = xcalloc(n, sizeof(*isnull));
	for (size_t j = 0; j < n; j++) {
		MYSQL_FIELD *fl = mysql_fetch_field_direct(meta, (unsigned)j);
		b[j].buffer_type = MYSQL_TYPE_STRING;
		b[j].buffer_length = fl->max_length + 1;
		b[j].buffer = xmalloc(b[j].buffer_length);
		b[j].length = &len[j];
		b[j].is_null = &isnull[j];
	}
	if (mysql_stmt_bind_result(st->st, b))
		rc = stmt_fail(st, cause);
	while (!rc && (f = mysql_stmt_fetch(st->st)) != MYSQL_NO_DATA) {
		char **row;

		if (f == 1) {
			rc = stmt_fail(st, cause);
			break;
		}
		row = xcalloc(n ? n : 1, sizeof(*row));
		for (size_t j = 0; j < n; j++)
			row[j] = isnull[j] ? NULL : xstrndup(b[j].buffer, len[j]);
		rows_push(out, &alloc, row);
	}
	for (size_t j = 0; j < n; j++)
		free(b[j].buffer);
	free(b);
	free(len);
	free(isnull);
	mysql_free_result(meta);
	mysql_stmt_free_result(st->st);
	return rc;
}

int db_stmt_exec(struct db_stmt *st, const char *const *params, size_t n,
		 struct db_rows *out, char **cause)
{
	MYSQL_BIND *b = NULL;
	unsigned long *len = NULL;
	my_bool *isnull = NULL;
	int rc = 0;

	if (mysql_stmt_param_count(st->st) != n)
		BUG("statement wants %lu parameters, got %zu: %s",
		    mysql_stmt_param_count(st->st), n, st->sql);
	if (n) {
		b = xcalloc(n, sizeof(*b));
		len = xcalloc(n, sizeof(*len));
		isnull = xcalloc(n, sizeof(*isnull));
	}
	for (size_t i = 0; i < n; i++) {
		b[i].buffer_type = MYSQL_TYPE_STRING;
		isnull[i] = params[i] == NULL;
		b[i].is_null = &isnull[i];
		b[i].buffer = (void *)(params[i] ? params[i] : "");
		len[i] = params[i] ? strlen(params[i]) : 0;
		b[i].buffer_length = len[i];
		b[i].length = &len[i];
	}
	if ((n && mysql_stmt_bind_param(st->st, b)) || mysql_stmt_execute(st->st))
		rc = stmt_fail(st, cause);
	else if (out)
		rc = stmt_fetch_all(st, out, cause);
	else {
		while (mysql_stmt_fetch(st->st) == 0)
			;
		mysql_stmt_free_result(st->st);
	}
	free(b);
	free(len);
	free(isnull);
	return rc;
}

unsigned long long db_stmt_insert_id(struct db_stmt *st)
{
	return mysql_stmt_insert_id(st->st);
}

void db_stmt_free(struct db_stmt *st)
{
	if (!st)
		return;
	if (st->st)
		mysql_stmt_close(st->st);
	free(st->sql);
	free(st);
}

int db_begin(struct db *db, char **cause)
{
	/* autocommit is off: a ROLLBACK starts from a clean transaction, as slurmdbd does */
	return db_exec(db, "ROLLBACK", cause);
}

int db_commit(struct db *db, char **cause)
{
	if (mysql_commit(db->conn)) {
		*cause = xasprintf("database error at commit: %s", mysql_error(db->conn));
		return -1;
	}
	return 0;
}

void db_rollback(struct db *db)
{
	if (db && db->conn)
		mysql_rollback(db->conn);
}

bool db_cluster_name_ok(const char *name)
{
	size_t n = 0;

	if (!name)
		return false;
	for (const char *p = name; *p; p++, n++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return n > 0 && n <= 64;
}
