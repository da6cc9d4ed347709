/*
 * acct_observe.c: reads what the accounting database holds for one
 * cluster into the canonical object shape, plus the facts the writer needs
 * (schema version, 23.11 lineage, 25.05's end of lft/rgt, the cluster's
 * rpc_version, TRES and QoS ids). Root's rows are left out: clusterctl
 * never changes them.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct_db.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/rows/acct_idmap.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"
#include "acct/rows/acct_convert.h"
#include "acct/rows/acct_obj.h"
#include "acct/read/acct_observe.h"
#include "acct/read/acct_fed.h"

void acct_dbinfo_release(struct acct_dbinfo *info)
{
	if (!info)
		return;
	acct_idmap_release(&info->tres);
	acct_idmap_release(&info->qos);
	free(info->template_cluster);
	info->template_cluster = NULL;
}

void acct_tres_split(const char *full, char **type, char **name)
{
	const char *slash = strchr(full, '/');

	*type = slash ? xstrndup(full, (size_t)(slash - full)) : xstrdup(full);
	*name = xstrdup(slash ? slash + 1 : "");
}

static int read_tables(struct db *db, const char *cluster,
		       struct acct_dbinfo *info, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	size_t cl = strlen(cluster);

	if (db_query(db, "SELECT table_name FROM information_schema.tables "
		     "WHERE table_schema=DATABASE()", &r, cause) < 0)
		return -1;
	for (size_t i = 0; i < r.n_rows; i++) {
		const char *t = r.rows[i][0];
		size_t tl = t ? strlen(t) : 0;

		if (!t)
			continue;
		if (!strcmp(t, "convert_version_table"))
			info->has_schema = true;
		if (tl > 12 && !strcmp(t + tl - 12, "_assoc_table")) {
			if (tl - 12 == cl && !strncmp(t, cluster, cl))
				info->cluster_tables = true;
			else if (!info->template_cluster)
				info->template_cluster = xstrndup(t, tl - 12);
		}
	}
	db_rows_release(&r);
	return 0;
}

static int read_version(struct db *db, struct acct_dbinfo *info, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;

	info->version = -1;
	if (db_query(db, "SELECT MAX(version) FROM convert_version_table", &r, cause) < 0)
		return -1;
	if (r.n_rows && r.rows[0][0])
		info->version = strtol(r.rows[0][0], NULL, 10);
	db_rows_release(&r);
	return 0;
}

static int read_maps(struct db *db, const char *cluster,
		     struct acct_dbinfo *info, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;

	if (db_query(db, "SELECT id, type, name FROM tres_table WHERE deleted=0 ORDER BY id",
		     &r, cause) < 0)
		return -1;
	for (size_t i = 0; i < r.n_rows; i++) {
		char *full = r.rows[i][2] && *r.rows[i][2] ?
			xasprintf("%s/%s", r.rows[i][1], r.rows[i][2]) : xstrdup(r.rows[i][1]);
		acct_idmap_add(&info->tres, strtoul(r.rows[i][0], NULL, 10), full);
		free(full);
	}
	db_rows_release(&r);
	if (db_query(db, "SELECT id, name FROM qos_table WHERE deleted=0 ORDER BY id",
		     &r, cause) < 0)
		return -1;
	for (size_t i = 0; i < r.n_rows; i++)
		acct_idmap_add(&info->qos, strtoul(r.rows[i][0], NULL, 10), r.rows[i][1]);
	db_rows_release(&r);
	if (db_query(db, "SELECT name, rpc_version FROM cluster_table WHERE deleted=0",
		     &r, cause) < 0)
		return -1;
	for (size_t i = 0; i < r.n_rows; i++) {
		if (!r.rows[i][0] || strcmp(r.rows[i][0], cluster))
			continue;
		info->cluster_exists = true;
		info->rpc_version = r.rows[i][1] ? strtol(r.rows[i][1], NULL, 10) : 0;
	}
	db_rows_release(&r);
	return 0;
}

/*
 * The tree columns of the cluster's association table (or, before its
 * tables exist, of the cluster they will be copied from): 23.11's lineage,
 * and lft/rgt, which 25.05 dropped.
 */
static int read_tree_columns(struct db *db, const char *cluster,
			     struct acct_dbinfo *info, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	const char *from = info->cluster_tables ? cluster : info->template_cluster;
	char *sql;
	int rc;

	if (!from)
		return 0;
	sql = xasprintf("SHOW COLUMNS FROM \"%s_assoc_table\" WHERE Field IN ('lineage', 'lft')",
			from);
	rc = db_query(db, sql, &r, cause);
	free(sql);
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		if (!strcmp(r.rows[i][0], "lineage"))
			info->has_lineage = true;
		else
			info->has_lft = true;
	}
	db_rows_release(&r);
	return rc;
}

int acct_observe_info(struct db *db, const char *cluster,
		      struct acct_dbinfo *info, char **cause)
{
	memset(info, 0, sizeof(*info));
	info->version = -1;
	if (!db_cluster_name_ok(cluster)) {
		*cause = xasprintf("cluster name '%s' cannot name Slurm tables "
				   "(lowercase letters, digits and '_' only)", cluster);
		return -1;
	}
	if (read_tables(db, cluster, info, cause) < 0)
		return -1;
	if (!info->has_schema)
		return 0;
	if (read_version(db, info, cause) < 0 || read_maps(db, cluster, info, cause) < 0)
		return -1;
	if (read_tree_columns(db, cluster, info, cause) < 0)
		return -1;
	return 0;
}

/* Fills o's fields from row columns first..first+n-1 (table order). */
static void fill_fields(const struct acct_dbinfo *info, struct acct_obj *o,
			char **cols)
{
	size_t n, c = 0;
	const struct acct_field *f = acct_fields(o->kind, &n);

	for (size_t j = 0; j < n; j++) {
		if (!f[j].column)
			continue;
		o->vals[j] = acct_value_from_db(info, f[j].type, cols[c++]);
	}
}

static char *select_list(enum acct_kind k, const char *keys)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n;
	const struct acct_field *f = acct_fields(k, &n);

	strbuf_addf(&sb, "SELECT %s", keys);
	for (size_t j = 0; j < n; j++)
		if (f[j].column)
			strbuf_addf(&sb, ", \"%s\"", f[j].column);
	return strbuf_detach(&sb, NULL);
}

static int read_objects(struct db *db, const struct acct_dbinfo *info,
			enum acct_kind k, const char *keys, const char *from,
			struct acct_objset *out, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *cols = select_list(k, keys);
	char *sql = xasprintf("%s FROM %s", cols, from);
	bool assoc = k == ACCT_ASSOC;
	int rc = db_query(db, sql, &r, cause);

	free(cols);
	free(sql);
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		char **row = r.rows[i];
		struct acct_obj *o;

		if (!strcmp(row[0], "root") && (k != ACCT_ASSOC || !*row[1] ||
						!strcmp(row[1], "root")))
			continue;
		o = acct_objset_add(out, k, row[0], assoc ? row[1] : NULL);
		if (assoc)
			acct_obj_set_part(o, row[2]);
		fill_fields(info, o, row + (assoc ? 3 : 1));
		/* is_def means nothing on an account's row: slurmdbd 22.05
		 * writes 0 there, 24.11 writes 127 (NO_VAL8) */
		if (assoc && !*row[1])
			acct_obj_set(o, "is_def", "0");
	}
	db_rows_release(&r);
	return rc;
}

static int read_coords(struct db *db, struct acct_objset *out, size_t first,
		       char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	size_t ci = acct_field_index(ACCT_ACCOUNT, "coordinators");

	if (db_query(db, "SELECT acct, user FROM acct_coord_table WHERE deleted=0 "
		     "ORDER BY acct, user", &r, cause) < 0)
		return -1;
	for (size_t i = first; i < out->n; i++) {
		struct acct_obj *o = &out->items[i];
		struct strbuf sb = STRBUF_INIT;

		if (o->kind != ACCT_ACCOUNT)
			continue;
		for (size_t j = 0; j < r.n_rows; j++) {
			if (strcmp(r.rows[j][0], o->name))
				continue;
			if (sb.len)
				strbuf_addch(&sb, ',');
			strbuf_addstr(&sb, r.rows[j][1]);
		}
		o->vals[ci] = sb.len ? strbuf_detach(&sb, NULL) : NULL;
		strbuf_release(&sb);
	}
	db_rows_release(&r);
	return 0;
}

int acct_observe(struct db *db, const char *cluster, struct acct_objset *out,
		 struct acct_dbinfo *info, char **cause)
{
	char *from;
	size_t first = out->n;
	int rc;

	if (acct_observe_info(db, cluster, info, cause) < 0)
		return -1;
	if (!info->has_schema)
		return 0;
	if (info->cluster_exists)
		acct_objset_add(out, ACCT_CLUSTER, cluster, NULL);
	for (size_t i = 0; i < info->tres.n; i++)
		acct_objset_add(out, ACCT_TRES, info->tres.names[i], NULL);
	if (read_objects(db, info, ACCT_QOS, "name", "qos_table WHERE deleted=0", out, cause) < 0 ||
	    read_objects(db, info, ACCT_ACCOUNT, "name", "acct_table WHERE deleted=0", out, cause) < 0 ||
	    read_coords(db, out, first, cause) < 0 ||
	    read_objects(db, info, ACCT_USER, "name", "user_table WHERE deleted=0", out, cause) < 0 ||
	    acct_fed_observe(db, cluster, out, cause) < 0)
		return -1;
	if (!info->cluster_tables)
		return 0;
	from = xasprintf("\"%s_assoc_table\" WHERE deleted=0 ORDER BY %sid_assoc", cluster,
			 info->has_lft ? "lft, " : "");
	rc = read_objects(db, info, ACCT_ASSOC, "acct, user, `partition`", from, out, cause);
	free(from);
	return rc;
}
