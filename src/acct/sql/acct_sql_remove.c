/*
 * acct_sql_remove.c: the sql method's removals, for --prune.
 *
 * What slurmdbd writes (22.05; 23.11-24.11: the same, with subtrees by
 * lineage and nothing shifted on a flat set, no usage rows touched, comment
 * and flags reset too) for the commands the sacctmgr method runs for
 * a pruned object, in the plan's order (associations deepest first, then
 * users, accounts, QoS):
 *   user association   "delete user where name=U account=A cluster=C", and
 *                      when U has no association left anywhere, U itself
 *   account assoc.     "delete account where name=A cluster=C"
 *   user, account      "delete user|account where name=N" (if still there)
 *   QoS                "delete qos where name=Q"
 * slurmdbd (remove_common()) hard-deletes what was created less than a day
 * ago (DELETE_SEC_BACK) and nobody ran a job under, soft-deletes the rest
 * with its limits reset, marks the usage rows deleted and writes one
 * txn_table row per cluster and object set. The association nested set is
 * updated in memory (acct_nset_remove_subtree()); removed rows are deleted
 * by id at once, the moved ones written once at the end.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct/sql/acct_sql_remove.h"
#include "acct/sql/acct_sql_rset.h"
#include "acct/sql/acct_sqlw.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/sql/acct_batch.h"
#include "acct/rows/acct_nset.h"
#include "transport/db.h"

static void txn_on(struct sqlw *w, int action, const char *name, const char *cluster,
		   int *rc, char **cause)
{
	char act[16];
	const char *params[] = { w->now, act, name, w->actor, NULL, cluster };

	if (*rc)
		return;
	snprintf(act, sizeof(act), "%d", action);
	*rc = acct_batch_add(cluster ? &w->txn_cl : &w->txn, params, cause);
}

/*
 * as_mysql_remove_coord() for the users in the comma-separated list users
 * (NULL: any) of account acct (NULL: any): rows younger than a day are
 * deleted, the others marked deleted, one audit row with slurmdbd's
 * condition text, "(user='a' || user='b') && (acct='A')".
 */
int sqlw_coord_remove(struct sqlw *w, const char *users, const char *acct, char **cause)
{
	struct strbuf where = STRBUF_INIT, tn = STRBUF_INIT;
	char *copy = xstrdup(users ? users : ""), *save = NULL, day_old[24];
	const char **params = xcalloc(strlen(copy) + 3, sizeof(*params));
	size_t np = 1;
	char *sql;
	int rc;

	for (char *u = strtok_r(copy, ",", &save); u; u = strtok_r(NULL, ",", &save)) {
		strbuf_addstr(&where, np == 1 ? "(user=?" : " || user=?");
		strbuf_addf(&tn, "%suser='%s'", np == 1 ? "(" : " || ", u);
		params[np++] = u;
	}
	if (np > 1) {
		strbuf_addch(&where, ')');
		strbuf_addch(&tn, ')');
	}
	if (acct) {
		strbuf_addf(&where, "%s(acct=?)", np > 1 ? " && " : "");
		strbuf_addf(&tn, "%s(acct='%s')", np > 1 ? " && " : "", acct);
		params[np++] = acct;
	}
	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	params[0] = day_old;
	sql = xasprintf("delete from acct_coord_table where creation_time>? && (%s)", where.buf);
	rc = sqlw_run(w, sql, params, np, NULL, cause);
	free(sql);
	params[0] = w->now;
	sql = xasprintf("update acct_coord_table set mod_time=?, deleted=1 where deleted=0 && (%s)",
			where.buf);
	if (rc == 0)
		rc = sqlw_run(w, sql, params, np, NULL, cause);
	if (rc == 0)
		rc = sqlw_txn(w, TXN_REMOVE_COORDS, tn.buf, NULL, false, cause);
	free(sql);
	free(copy);
	free(params);
	strbuf_release(&where);
	strbuf_release(&tn);
	return rc;
}

/*
 * 1 when a job of cluster cl ran (running: runs) under one of rows v[],
 * 0 when none did, -1 on error. slurmdbd counts every row of the subtrees,
 * soft-deleted ones included.
 */
static int jobs_under(struct sqlw *w, const struct sqlw_cluster *cl, const size_t *v,
		      size_t n, bool running, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *ids, *sql;
	int rc;

	if (!n)
		return 0;
	ids = sqlw_id_list(cl->ns, v, n, "id_assoc", " || ");
	sql = xasprintf("select id_assoc from \"%s_job_table\" where (%s)%s limit 1", cl->name,
			ids, running ? " && time_end=0 && state<3" : "");
	rc = db_query(w->db, sql, &r, cause);
	if (rc == 0)
		rc = r.n_rows > 0;
	if (rc == 1 && running)
		*cause = xasprintf("jobs are running under associations being removed on "
				   "cluster '%s' (job id_assoc %s); slurmdbd refuses to remove "
				   "them", cl->name, r.rows[0][0]);
	free(ids);
	free(sql);
	db_rows_release(&r);
	return rc;
}

/* has_jobs of remove_common(), refusing when a job still runs. -1 on error. */
static int jobs_check(struct sqlw *w, const struct sqlw_cluster *cl, const size_t *v,
		      size_t n, bool *has_jobs, char **cause)
{
	int rc = jobs_under(w, cl, v, n, true, cause);

	if (rc != 0)
		return -1;
	rc = jobs_under(w, cl, v, n, false, cause);
	*has_jobs = rc == 1;
	return rc < 0 ? -1 : 0;
}

/*
 * slurmdbd refuses to remove a user's default association while it removes
 * another, non-default one of the same request. Its check (22.05
 * _check_is_def_acct_before_remove) never resets between users: any
 * default row after a non-default one, in user order, refuses. where is
 * "id_assoc=..." or "acct=?" with param.
 */
static int default_check(struct sqlw *w, const struct sqlw_cluster *cl, const char *where,
			 const char *param, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select is_def, user, acct from \"%s_assoc_table\" where "
			      "deleted=0 && user!='' && (%s) order by user, is_def asc",
			      cl->name, where);
	const char *params[] = { param };
	bool other = false;
	int rc = param ? sqlw_run(w, sql, params, 1, &r, cause) : db_query(w->db, sql, &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		if (r.rows[i][0][0] == '0') {
			other = true;
		} else if (other) {
			*cause = xasprintf("'%s' is the default account of user '%s' on cluster "
					   "'%s'; slurmdbd refuses to remove it in this request",
					   r.rows[i][2], r.rows[i][1], cl->name);
			rc = -1;
		}
	}
	free(sql);
	db_rows_release(&r);
	return rc;
}

/*
 * The association part of remove_common() for the live rows v[] of cl:
 * usage rows marked deleted, rows younger than a day hard-deleted with
 * their subtree unless jobs ran, the others soft-deleted, limits reset.
 */
static int drop_assocs(struct sqlw *w, const struct sqlw_cluster *cl, const size_t *v,
		       size_t n, bool has_jobs, char **cause)
{
	static const char *const usage[] = { "day", "hour", "month" };
	long long day_old = strtoll(w->now, NULL, 10) - DAY_SECS;
	size_t *live, nl = 0;
	char *ids, *sql;
	int rc = 0;

	if (!n)
		return 0;
	ids = sqlw_id_list(cl->ns, v, n, "id", " || ");
	for (size_t i = 0; rc == 0 && w->gen->usage_on_remove && i < ARRAY_SIZE(usage); i++) {
		sql = xasprintf("update \"%s_assoc_usage_%s_table\" set mod_time=%s, deleted=1 "
				"where (%s)", cl->name, usage[i], w->now, ids);
		rc = db_exec(w->db, sql, cause);
		free(sql);
	}
	free(ids);
	for (size_t i = 0; !has_jobs && i < n; i++)
		if (cl->ns->rows[v[i]].ctime > day_old) {
			if (cl->ns->flat)
				acct_nset_remove_row(cl->ns, v[i]);
			else
				acct_nset_remove_subtree(cl->ns, v[i]);
		}
	live = xcalloc(n, sizeof(*live));
	for (size_t i = 0; i < n; i++)
		if (!cl->ns->rows[v[i]].gone)
			live[nl++] = v[i];
	ids = sqlw_id_list(cl->ns, live, nl, "id_assoc", " || ");
	sql = xasprintf("update \"%s_assoc_table\" as t1 set mod_time=%s, deleted=1, "
			"def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, "
			"max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, "
			"max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, "
			"max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, "
			"grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, "
			"grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, "
			"grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, "
			"priority=DEFAULT, is_def=DEFAULT%s where (%s)", cl->name, w->now,
			w->gen->assoc_reset_extra, ids);
	if (rc == 0 && nl)
		rc = db_exec(w->db, sql, cause);
	for (size_t i = 0; i < nl; i++)
		cl->ns->rows[live[i]].deleted = 1;
	free(sql);
	free(ids);
	free(live);
	return rc == 0 ? sqlw_flush_cluster(w, cl, false, cause) : -1;
}

/* The plan's release removes the subtrees of what a request matches. */
static bool subtrees_since(const struct sqlw *w)
{
	const char *since = w->gen->rm_subtrees_since;

	return since && w->p->release && sqlw_release_cmp(w->p->release, since) >= 0;
}

/* "delete user|account where name=N account=A cluster=C" (user: NULL = any). */
static int rm_assocs(struct sqlw *w, const struct sqlw_cluster *cl, const char *acct,
		     const char *user, const char *part, char **cause)
{
	struct sqlw_rset r;
	char *ids;
	bool has_jobs = false;
	int rc = 0;

	if (w->gen->rm_matches_only && (part || !subtrees_since(w)))
		sqlw_rset_matches(cl->ns, acct, user, part, &r);
	else
		sqlw_rset_build(cl->ns, acct, user, part, true, &r);
	ids = sqlw_id_list(cl->ns, r.set, r.n_set, "id_assoc", " || ");
	if (r.n_set) {
		rc = default_check(w, cl, ids, NULL, cause) ||
			jobs_check(w, cl, r.all, r.n_all, &has_jobs, cause) ? -1 : 0;
		txn_on(w, TXN_REMOVE_ASSOCS, ids, cl->name, &rc, cause);
		if (rc == 0)
			rc = drop_assocs(w, cl, r.set, r.n_set, has_jobs, cause);
	}
	free(ids);
	sqlw_rset_release(&r);
	return rc;
}

static int name_exists(struct sqlw *w, const char *table, const char *name,
		       char **id, char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	char *sql = xasprintf("select %s from %s where deleted=0 && name=?",
			      id ? "id" : "name", table);
	const char *params[] = { name };
	int rc = sqlw_run(w, sql, params, 1, &r, cause);

	if (rc == 0)
		rc = r.n_rows > 0;
	if (rc == 1 && id)
		*id = xstrdup(r.rows[0][0]);
	free(sql);
	db_rows_release(&r);
	return rc;
}

/*
 * remove_common() for a user or an account on cluster cl: key is the
 * assoc column (user, acct), table the entity's table (by name).
 */
static int rm_entity_on(struct sqlw *w, const struct sqlw_cluster *cl, const char *table,
			const char *key, const char *name, int action, char **cause)
{
	bool user = !strcmp(key, "user");
	struct sqlw_rset r;
	char day_old[24], *sql, *tn;
	const char *dparams[] = { day_old, name }, *uparams[] = { w->now, name };
	bool has_jobs = false;
	int rc = 0;

	tn = xasprintf("%s%s%s", w->gen->rm_txn_open, name, w->gen->rm_txn_close);
	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	sqlw_rset_build(cl->ns, user ? NULL : name, user ? name : NULL, NULL, false, &r);
	if (!user)
		rc = default_check(w, cl, "acct=?", name, cause);
	if (rc == 0)
		rc = jobs_check(w, cl, r.all, r.n_all, &has_jobs, cause);
	sql = xasprintf("delete from %s where creation_time>? && (name=?)", table);
	if (rc == 0 && !has_jobs)
		rc = sqlw_run(w, sql, dparams, 2, NULL, cause);
	free(sql);
	sql = xasprintf("update %s set mod_time=?, deleted=1 where deleted=0 && (name=?)", table);
	if (rc == 0)
		rc = sqlw_run(w, sql, uparams, 2, NULL, cause);
	free(sql);
	txn_on(w, action, tn, NULL, &rc, cause);
	if (rc == 0)
		rc = drop_assocs(w, cl, r.set, r.n_set, has_jobs, cause);
	free(tn);
	sqlw_rset_release(&r);
	return rc;
}

/*
 * "sacctmgr -i delete user|account where name=N": as_mysql_remove_users()
 * (key "user") or as_mysql_remove_accts() (key "acct"): the coordinator
 * rows, then remove_common() on every cluster; a user's coordinator rows
 * are marked once more at the end.
 */
static int rm_entity(struct sqlw *w, const char *key, const char *name, char **cause)
{
	bool user = !strcmp(key, "user");
	const char *table = user ? "user_table" : "acct_table";
	const char *params[] = { w->now, name };
	int rc = name_exists(w, table, name, NULL, cause);

	if (rc <= 0)
		return rc;
	rc = user ? sqlw_coord_remove(w, name, NULL, cause) : sqlw_coord_remove(w, NULL, name, cause);
	for (size_t i = 0; rc == 0 && i < w->n_cls; i++)
		rc = rm_entity_on(w, &w->cls[i], table, key, name,
				  user ? TXN_REMOVE_USERS : TXN_REMOVE_ACCOUNTS, cause);
	if (rc == 0 && user)
		rc = sqlw_run(w, "update acct_coord_table as t2 set deleted=1, mod_time=? "
			      "where t2.user=?", params, 2, NULL, cause);
	return rc;
}

/* remove_common() for qos_table: no association rows, jobs by id_qos. */
static int rm_qos_on(struct sqlw *w, const char *cluster, const char *id, char **cause)
{
	char day_old[24], *sql, *tn = xasprintf("id='%s'", id);
	const char *dparams[] = { day_old, id }, *uparams[] = { w->now, id };
	struct db_rows r = DB_ROWS_INIT;
	int rc = 0;

	snprintf(day_old, sizeof(day_old), "%lld", strtoll(w->now, NULL, 10) - DAY_SECS);
	if (cluster) {
		sql = xasprintf("select id_assoc from \"%s_job_table\" where (id_qos=?) limit 1",
				cluster);
		rc = sqlw_run(w, sql, &id, 1, &r, cause);
		free(sql);
	}
	if (rc == 0 && !r.n_rows)
		rc = sqlw_run(w, "delete from qos_table where creation_time>? && (id=?)",
			      dparams, 2, NULL, cause);
	if (rc == 0)
		rc = sqlw_run(w, "update qos_table set mod_time=?, deleted=1, grace_time=DEFAULT, "
			      "max_jobs_pa=DEFAULT, max_jobs_per_user=DEFAULT, max_jobs_accrue_pa=DEFAULT, "
			      "max_jobs_accrue_pu=DEFAULT, min_prio_thresh=DEFAULT, "
			      "max_submit_jobs_pa=DEFAULT, max_submit_jobs_per_user=DEFAULT, "
			      "max_tres_pa=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, "
			      "max_tres_pu=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins_pa=DEFAULT, "
			      "max_tres_run_mins_pu=DEFAULT, min_tres_pj=DEFAULT, "
			      "max_wall_duration_per_job=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, "
			      "grp_jobs_accrue=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, "
			      "grp_tres_run_mins=DEFAULT, grp_wall=DEFAULT, preempt=DEFAULT, "
			      "preempt_exempt_time=DEFAULT, priority=DEFAULT, usage_factor=DEFAULT, "
			      "usage_thres=DEFAULT, limit_factor=DEFAULT where deleted=0 && (id=?)",
			      uparams, 2, NULL, cause);
	txn_on(w, TXN_REMOVE_QOS, tn, NULL, &rc, cause);
	db_rows_release(&r);
	free(tn);
	return rc;
}

/*
 * "sacctmgr -i delete qos where name=Q": as_mysql_remove_qos(). On every
 * cluster the id leaves the associations' lists the way slurmdbd does it,
 * replace(qos, ',ID,', '') (",1,2,3," becomes ",13,": 22.05's own text).
 */
static int rm_qos(struct sqlw *w, const char *name, char **cause)
{
	char *id = NULL, *sql, *q = NULL, *dp = NULL, *dm = NULL;
	int rc = name_exists(w, "qos_table", name, &id, cause);

	if (rc <= 0)
		return rc;
	q = xasprintf(",%s,", id);
	dp = xasprintf(",+%s,", id);
	dm = xasprintf(",-%s,", id);
	rc = w->gen->unlist_preempt ? w->gen->unlist_preempt(w, id, cause) : 0;
	for (size_t i = 0; rc == 0 && i < w->n_cls; i++) {
		const char *params[] = { w->now, q, dp, dm };
		const char *keep[] = { w->now, q, q, dp, dp, dm, dm };

		if (w->gen->unlist_keeps_comma)
			sql = xasprintf("update \"%s_assoc_table\" set mod_time=?, qos=replace(qos, ?, "
					"if(qos=?, '', ',')), delta_qos=replace(delta_qos, ?, "
					"if(delta_qos=?, '', ',')), delta_qos=replace(delta_qos, ?, "
					"if(delta_qos=?, '', ',')) where deleted=0", w->cls[i].name);
		else
			sql = xasprintf("update \"%s_assoc_table\" set mod_time=?, qos=replace(qos, ?, ''), "
					"delta_qos=replace(delta_qos, ?, ''), delta_qos=replace(delta_qos, ?, '') "
					"where deleted=0", w->cls[i].name);
		rc = w->gen->unlist_keeps_comma ? sqlw_run(w, sql, keep, 7, NULL, cause) :
			sqlw_run(w, sql, params, 4, NULL, cause);
		free(sql);
		if (rc == 0)
			rc = rm_qos_on(w, w->cls[i].name, id, cause);
	}
	if (rc == 0 && !w->n_cls)
		rc = rm_qos_on(w, NULL, id, cause);
	free(id);
	free(q);
	free(dp);
	free(dm);
	return rc;
}

static bool user_has_assocs(const struct sqlw *w, const char *user)
{
	for (size_t i = 0; i < w->n_cls; i++) {
		const struct acct_nset *ns = w->cls[i].ns;

		for (size_t j = 0; j < ns->n; j++)
			if (!ns->rows[j].gone && !ns->rows[j].deleted &&
			    !strcmp(ns->rows[j].user, user))
				return true;
	}
	return false;
}

static int remove_one(struct sqlw *w, const struct acct_obj *o, char **cause)
{
	const struct sqlw_cluster *cl = NULL;

	switch (o->kind) {
	case ACCT_QOS:
		return rm_qos(w, o->name, cause);
	case ACCT_ACCOUNT:
		return rm_entity(w, "acct", o->name, cause);
	case ACCT_USER:
		return rm_entity(w, "user", o->name, cause);
	case ACCT_FEDERATION:
	case ACCT_FEDMEMBER:
		return 0;	/* acct_sql_fed.c's */
	default:
		break;
	}
	for (size_t i = 0; i < w->n_cls; i++)
		if (!strcmp(w->cls[i].name, w->c))
			cl = &w->cls[i];
	if (!cl)
		return 0;
	if (!*o->user)
		return rm_assocs(w, cl, o->name, NULL, NULL, cause);
	/* like "delete user where name=U account=A [partition=P]": no partition, all */
	if (rm_assocs(w, cl, o->name, o->user, o->part, cause) < 0)
		return -1;
	/* sacctmgr removes a user left without associations */
	return user_has_assocs(w, o->user) ? 0 : rm_entity(w, "user", o->user, cause);
}

int sqlw_write_removals(struct sqlw *w, char **cause)
{
	bool any = false;

	for (size_t i = 0; i < w->p->n_changes; i++)
		any = any || w->p->changes[i].op == ACCT_REMOVE;
	if (any && sqlw_load_clusters(w, cause) < 0)
		return -1;
	for (size_t i = 0; i < w->p->n_changes; i++) {
		const struct acct_change *c = &w->p->changes[i];

		if (c->op == ACCT_REMOVE && remove_one(w, c->have, cause) < 0)
			return -1;
	}
	for (size_t i = 0; i < w->n_cls; i++)
		if (sqlw_flush_cluster(w, &w->cls[i], true, cause) < 0)
			return -1;
	return 0;
}
