/*
 * acct_sql.c: the sql method. Writes the rows slurmdbd 22.05 writes for the
 * equivalent sacctmgr commands (lab captures: upserts "ON DUPLICATE KEY
 * UPDATE deleted=0", nested-set lft/rgt with new children leftmost,
 * "id=count" TRES strings, ",id," QoS lists, is_def, txn_table audit rows
 * with slurmdbd's RPC numbers) in a single transaction, with every value a
 * prepared-statement parameter. Identifiers (the per-cluster table prefix)
 * are validated by db_cluster_name_ok() before they reach any SQL text.
 *
 * What differs between slurmdbd releases (22.05's nested set, 23.11's
 * lineage, 25.05's end of lft/rgt, new columns and tables) sits behind
 * struct sqlw_gen, one file per schema generation (acct_sql_2205.c ...), and
 * so does the release policy other files ask of a database (acct_sql.h).
 *
 * This file holds the table of generations, the schema check, the batches
 * and the order of the steps; the statements they share are acct_sqlw.c's,
 * QoS, users and accounts are in acct_sql_entity.c, the federation in
 * acct_sql_fed.c, associations in acct_sql_assoc.c, removals in
 * acct_sql_remove.c over the row sets of acct_sql_rset.c.
 */
#include "base/compat.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acct/sql/acct_sql.h"
#include "acct/sql/acct_sql_assoc.h"
#include "acct/sql/acct_sql_entity.h"
#include "acct/sql/acct_sql_fed.h"
#include "acct/sql/acct_sql_2205.h"
#include "acct/sql/acct_sql_2311.h"
#include "acct/sql/acct_sql_2505.h"
#include "acct/sql/acct_sql_remove.h"
#include "acct/sql/acct_sql_rset.h"
#include "acct/sql/acct_sqlw.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_db.h"
#include "acct/rows/acct_nset.h"
#include "transport/db.h"
#include "acct/rows/acct_obj.h"
#include "acct/read/acct_observe.h"

static void batches_init(struct sqlw *w)
{
	char *head;

	acct_batch_init(&w->txn, w->db, "insert into txn_table (timestamp, action, name, "
			"actor, info) values ", NULL, 5);
	acct_batch_init(&w->txn_cl, w->db, "insert into txn_table (timestamp, action, name, "
			"actor, info, cluster) values ", NULL, 6);
	/* the audit rows go in last, just before COMMIT */
	w->txn.deferred = w->txn_cl.deferred = true;
	acct_batch_init(&w->users, w->db, "insert into user_table (creation_time, mod_time, "
			"name, admin_level) values ", w->gen->user_upsert, 4);
	acct_batch_init(&w->accounts, w->db, "insert into acct_table (creation_time, mod_time, "
			"name, description, organization) values ", " on duplicate key update "
			"deleted=0, mod_time=VALUES(mod_time), description=VALUES(description), "
			"organization=VALUES(organization)", 5);
	/* lft/rgt of existing rows by primary key: the row exists, so this updates */
	head = xasprintf("insert into \"%s_assoc_table\" (id_assoc, creation_time, acct, "
			 "lft, rgt) values ", w->c);
	acct_batch_init(&w->moves, w->db, head, " on duplicate key update "
			"lft=VALUES(lft), rgt=VALUES(rgt)", 5);
	free(head);
}

static void batches_release(struct sqlw *w)
{
	acct_batch_release(&w->txn);
	acct_batch_release(&w->txn_cl);
	acct_batch_release(&w->users);
	acct_batch_release(&w->accounts);
	acct_batch_release(&w->assocs);
	acct_batch_release(&w->moves);
}

/* ---- schema ---- */

/* Oldest first: a new slurmdbd schema is a new file and a row here. */
static const struct sqlw_gen *const gens[] = {
	&sqlw_gen_2205, &sqlw_gen_2311, &sqlw_gen_2505,
};

static const struct sqlw_gen *gen_of(const struct acct_dbinfo *info)
{
	for (size_t i = 0; i < ARRAY_SIZE(gens); i++)
		if (gens[i]->knows(info))
			return gens[i];
	return NULL;
}

const char *acct_sql_release(const struct acct_dbinfo *info)
{
	const struct sqlw_gen *g = gen_of(info);

	return g ? g->release : NULL;
}

bool acct_sql_writes_release(const char *slurm_version)
{
	for (size_t i = 0; i < ARRAY_SIZE(gens); i++)
		if (sqlw_release_cmp(slurm_version, gens[i]->first) >= 0 &&
		    sqlw_release_cmp(slurm_version, gens[i]->last) <= 0)
			return true;
	return false;
}

bool acct_sql_commands_via_slurmdbd(const struct acct_dbinfo *info)
{
	const struct sqlw_gen *g = gen_of(info);

	return !g || g->commands_via_slurmdbd;
}

bool acct_sql_load_via_slurmdbd(const struct acct_dbinfo *info)
{
	const struct sqlw_gen *g = gen_of(info);

	return !g || g->load_via_slurmdbd;
}

/* a database slurmdbd has made no tables in yet gets its first cluster by load */
bool acct_sql_load_carries_accounts(const struct acct_dbinfo *info)
{
	const struct sqlw_gen *g = gen_of(info);

	return g ? g->load_carries_accounts : !info->has_schema;
}

static void known_releases(struct strbuf *sb)
{
	for (size_t i = 0; i < ARRAY_SIZE(gens); i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", gens[i]->release);
}

int acct_sql_check_schema(const struct acct_dbinfo *info, char **cause)
{
	struct strbuf sb = STRBUF_INIT;

	if (!info->has_schema) {
		*cause = xstrdup("the accounting database has no Slurm schema yet: "
				 "start slurmdbd once so that it creates its tables");
		return -1;
	}
	if (gen_of(info))
		return 0;
	known_releases(&sb);
	*cause = xasprintf("the accounting database has schema version %ld "
			   "(convert_version_table)%s%s, which the sql method does not know "
			   "(it writes the schemas of Slurm %s) and refuses to write: use "
			   "db.method: sacctmgr", info->version,
			   info->has_lineage ? ", lineage" : "",
			   info->has_lft ? ", lft/rgt" : "", sb.buf);
	strbuf_release(&sb);
	return -1;
}

static int create_cluster_tables(struct sqlw *w, char **cause)
{
	size_t n;
	const char *const *t = w->gen->tables(w->info.version, &n);

	for (size_t i = 0; i < n; i++) {
		char *sql = xasprintf("CREATE TABLE IF NOT EXISTS \"%s_%s\" LIKE \"%s_%s\"",
				      w->c, t[i], w->info.template_cluster, t[i]);
		int rc = db_exec(w->db, sql, cause);

		free(sql);
		if (rc < 0)
			return -1;
	}
	w->info.cluster_tables = true;
	return 0;
}

static void sqlw_release(struct sqlw *w)
{
	for (size_t i = 0; i < w->n_cache; i++) {
		db_stmt_free(w->cache[i].st);
		free(w->cache[i].sql);
	}
	for (size_t i = 0; w->new_info && i < w->ns.n; i++)
		free(w->new_info[i]);
	free(w->new_info);
	sqlw_clusters_release(w);
	acct_nset_release(&w->ns);
	acct_dbinfo_release(&w->info);
	acct_objset_release(&w->extra);
	free(w->newobj);
	batches_release(w);
}

static void actor_name(char *buf, size_t len)
{
	struct passwd *pw = getpwuid(geteuid());

	snprintf(buf, len, "%s", pw ? pw->pw_name : "root");
}

static int write_all(struct sqlw *w, char **cause)
{
	batches_init(w);
	if (db_begin(w->db, cause) < 0 || sqlw_write_qos(w, cause) < 0 ||
	    sqlw_write_entities(w, cause) < 0 ||
	    (!w->info.cluster_exists && w->gen->add_cluster_row(w, cause) < 0) ||
	    sqlw_write_federation(w, cause) < 0 ||
	    sqlw_write_assocs(w, cause) < 0 || sqlw_write_removals(w, cause) < 0 ||
	    acct_batch_flush(&w->txn, cause) < 0 || acct_batch_flush(&w->txn_cl, cause) < 0)
		return -1;
	return db_commit(w->db, cause);
}

int acct_sql_write(struct db *db, const struct acct_plan *p, bool *need_cluster,
		   char **cause)
{
	struct sqlw w;
	int rc = -1;

	memset(&w, 0, sizeof(w));
	w.db = db;
	w.p = p;
	w.c = p->cluster;
	*need_cluster = false;
	snprintf(w.now, sizeof(w.now), "%lld", (long long)time(NULL));
	actor_name(w.actor, sizeof(w.actor));
	if (acct_observe_info(db, w.c, &w.info, cause) < 0 || acct_sql_check_schema(&w.info, cause) < 0)
		goto out;
	w.gen = gen_of(&w.info);
	if (!w.info.cluster_tables) {
		if (!w.info.template_cluster) {
			*need_cluster = true;
			*cause = xasprintf("cluster '%s' has no tables and there is no other "
					   "cluster to copy them from", w.c);
			goto out;
		}
		if (create_cluster_tables(&w, cause) < 0)
			goto out;
	}
	rc = write_all(&w, cause);
out:
	if (rc < 0)
		db_rollback(db);
	sqlw_release(&w);
	return rc;
}
