/*
 * acct_sql_fed.c: the sql method's federation rows (acct_sql_fed.h): what
 * slurmdbd writes (as_mysql_federation.c, as_mysql_cluster.c; the same
 * from 22.05 to 26.05, and so in the lab's general query log) for the
 * commands the sacctmgr method runs (acct_sacctmgr_fed.c):
 *   add federation F      insert into federation_table (creation_time,
 *                         mod_time, name) ... on duplicate key update
 *                         deleted=0, mod_time; txn 1493 "mod_time=T"
 *   modify cluster C set  update cluster_table set mod_time, federation,
 *                         [fed_state,] fed_id, [fed_state,] features where
 *                         name=C; txn 1430 "name='C'" with the set list
 *   delete federation F   every member's federation, fed_id and fed_state
 *                         cleared; the row deleted (a day old: marked
 *                         deleted); txn 1497 "name='F'"
 * A member's fed_id is slurmdbd's: the one it had in F, else the lowest
 * number no other member of F has (as_mysql_get_fed_cluster_id()).
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_sql_fed.h"
#include "acct/read/acct_fed.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_value.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "transport/db.h"

/* slurmdbd's MAX_FED_CLUSTERS */
#define FED_MAX_ID 63

static int fed_add(struct sqlw *w, const char *name, char **cause)
{
	const char *params[] = { w->now, w->now, name, w->now };
	char *info = xasprintf("mod_time=%s", w->now);
	int rc = sqlw_run(w, "insert into federation_table (creation_time, mod_time, name) "
			  "values (?, ?, ?) on duplicate key update deleted=0, mod_time=?",
			  params, 4, NULL, cause);

	if (rc == 0)
		rc = sqlw_txn(w, TXN_ADD_FEDERATIONS, name, info, false, cause);
	free(info);
	return rc;
}

static int fed_remove(struct sqlw *w, const char *name, char **cause)
{
	char day_old[24], *tn = xasprintf("name='%s'", name);
	const char *dparams[] = { day_old, name }, *uparams[] = { w->now, name };
	int rc;

	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	rc = sqlw_run(w, "update cluster_table set federation='', fed_id=0, fed_state=0 "
		      "where federation=? and deleted=0", &name, 1, NULL, cause);
	if (rc == 0)
		rc = sqlw_run(w, "delete from federation_table where creation_time>? && (name=?)",
			      dparams, 2, NULL, cause);
	if (rc == 0)
		rc = sqlw_run(w, "update federation_table set mod_time=?, deleted=1, "
			      "flags=DEFAULT where deleted=0 && (name=?)", uparams, 2, NULL, cause);
	if (rc == 0)
		rc = sqlw_txn(w, TXN_REMOVE_FEDERATIONS, tn, NULL, false, cause);
	free(tn);
	return rc;
}

/* The fed_id slurmdbd gives cluster joining federation fed. */
static int fed_id_for(struct sqlw *w, const char *fed, long *id, char **cause)
{
	const char *params[] = { w->c, fed };
	struct db_rows r = DB_ROWS_INIT;
	int rc = sqlw_run(w, "select fed_id from cluster_table where deleted=0 && name=? && "
			  "federation=?", params, 2, &r, cause);

	*id = rc == 0 && r.n_rows ? strtol(r.rows[0][0], NULL, 10) : 0;
	db_rows_release(&r);
	if (rc < 0 || *id)
		return rc;
	rc = sqlw_run(w, "select fed_id from cluster_table where name!=? && federation=? && "
		      "fed_id > -1 && deleted=0 order by fed_id", params, 2, &r, cause);
	*id = 1;
	for (size_t i = 0; rc == 0 && i < r.n_rows && strtol(r.rows[i][0], NULL, 10) == *id; i++)
		(*id)++;
	db_rows_release(&r);
	if (rc == 0 && *id > FED_MAX_ID) {
		*cause = xasprintf("federation '%s' has %d clusters already: slurmdbd "
				   "federates no more", fed, FED_MAX_ID);
		rc = -1;
	}
	return rc;
}

/* One "col=?" of the update, its value, and its text in the audit row. */
struct setlist {
	struct strbuf sql, info;
	const char *params[8];
	char *owned[8];
	size_t n, n_owned;
};

static void set_col(struct setlist *s, const char *col, const char *v, bool quote)
{
	strbuf_addf(&s->sql, ", %s=?", col);
	s->params[s->n++] = v;
	sqlw_info_add(&s->info, col, v, quote);
}

static void set_num(struct setlist *s, const char *col, long v)
{
	char *text = xasprintf("%ld", v);

	s->owned[s->n_owned++] = text;
	set_col(s, col, text, false);
}

/*
 * What "modify cluster C set ..." of c sets (acct_fed_member_sets()), in
 * slurmdbd's order: the set list, then fed_id and the state a join gives.
 */
static int member_cols(struct sqlw *w, const struct acct_change *c, struct setlist *s,
		       char **cause)
{
	const char *fed = acct_obj_get(c->want, "federation");
	const char *features = acct_obj_get(c->want, "features");
	struct acct_fed_sets set;
	long id = 0;

	acct_fed_member_sets(c, &set);
	if (set.federation)
		set_col(s, "federation", fed, true);
	if (set.state)
		set_num(s, "fed_state", acct_fed_state_value(acct_obj_get(c->want, "state")));
	if (set.federation && fed_id_for(w, fed, &id, cause) < 0)
		return -1;
	if (set.federation)
		set_num(s, "fed_id", id);
	/* joining another federation without FedState= makes the cluster active */
	if (set.federation && !set.state)
		set_num(s, "fed_state", acct_fed_state_value("active"));
	if (set.features)
		set_col(s, "features", features ? features : "", true);
	return 0;
}

/* "modify cluster C set ..." of c (an add or change: c->want; a removal: leaving). */
static int member_write(struct sqlw *w, const struct acct_change *c, char **cause)
{
	struct setlist s = { STRBUF_INIT, STRBUF_INIT, { 0 }, { 0 }, 0, 0 };
	char *tn = xasprintf("name='%s'", w->c);
	int rc = 0;

	s.params[s.n++] = w->now;
	strbuf_addstr(&s.sql, "update cluster_table set mod_time=?");
	if (c->op == ACCT_REMOVE) {
		set_col(&s, "federation", "", true);
		set_num(&s, "fed_id", 0);
		set_num(&s, "fed_state", 0);
	} else {
		rc = member_cols(w, c, &s, cause);
	}
	strbuf_addstr(&s.sql, " where deleted=0 && name=?");
	s.params[s.n++] = w->c;
	if (rc == 0 && s.info.len)
		rc = sqlw_run(w, s.sql.buf, s.params, s.n, NULL, cause);
	if (rc == 0 && s.info.len)
		rc = sqlw_txn(w, TXN_MODIFY_CLUSTERS, tn, s.info.buf, false, cause);
	for (size_t i = 0; i < s.n_owned; i++)
		free(s.owned[i]);
	strbuf_release(&s.sql);
	strbuf_release(&s.info);
	free(tn);
	return rc;
}

int sqlw_write_federation(struct sqlw *w, char **cause)
{
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];
		const struct acct_obj *o = c->want ? c->want : c->have;
		int rc = 0;

		if (o->kind == ACCT_FEDMEMBER)
			rc = member_write(w, c, cause);
		else if (o->kind == ACCT_FEDERATION && c->op == ACCT_ADD)
			rc = fed_add(w, o->name, cause);
		else if (o->kind == ACCT_FEDERATION && c->op == ACCT_REMOVE)
			rc = fed_remove(w, o->name, cause);
		if (rc < 0)
			return -1;
	}
	return 0;
}
