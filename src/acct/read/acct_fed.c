/*
 * acct_fed.c: a site's federation as accounting rows (acct_fed.h): the
 * federation_table row every cluster of the site wants, and this
 * cluster's membership, which slurmdbd keeps on the cluster's own
 * cluster_table row (federation, fed_id, fed_state, features) and which
 * only this cluster's plan writes. slurmdbd numbers the members itself
 * (fed_id): the plan leaves the number to it.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/read/acct_fed.h"
#include "acct/rows/acct_obj.h"
#include "acct/rows/acct_value.h"
#include "base/xalloc.h"

/* The inventory's state (enum fed_state; 0: active) by its canonical name. */
static const char *fed_state_of(int state)
{
	switch (state) {
	case FED_STATE_INACTIVE:
		return "inactive";
	case FED_STATE_DRAIN:
		return "drain";
	default:
		return "active";
	}
}

void acct_fed_desired(const struct model *m, struct acct_objset *out)
{
	const struct fed_member *fm;
	struct acct_obj *o;
	char *features;

	if (!m->federation.name)
		return;
	acct_objset_add(out, ACCT_FEDERATION, m->federation.name, NULL);
	fm = m->cluster.name ? model_fed_member(m, m->cluster.name) : NULL;
	if (!fm)
		return;
	o = acct_objset_add(out, ACCT_FEDMEMBER, m->cluster.name, NULL);
	acct_obj_set(o, "federation", m->federation.name);
	/* slurmdbd stores them sorted (slurm_char_list_to_xstr) */
	features = acct_names_join(fm->features.items, fm->features.n);
	acct_obj_set(o, "features", features);
	free(features);
	acct_obj_set(o, "state", fed_state_of(fm->state));
}

static bool field_differs(const struct acct_obj *want, const struct acct_obj *have,
			  const char *field)
{
	const char *a = acct_obj_get(want, field), *b = have ? acct_obj_get(have, field) : NULL;

	return (!a || !b) ? a != b : strcmp(a, b) != 0;
}

void acct_fed_member_sets(const struct acct_change *c, struct acct_fed_sets *out)
{
	const char *state = acct_obj_get(c->want, "state");

	out->federation = field_differs(c->want, c->have, "federation");
	out->features = out->federation || field_differs(c->want, c->have, "features");
	out->state = out->federation ? !state || strcmp(state, "active") != 0 :
		field_differs(c->want, c->have, "state");
}

/* The state of a row by name; a state sacctmgr cannot set by its number. */
static char *state_text(const char *col)
{
	long v = col ? strtol(col, NULL, 10) : 0;
	const char *name = acct_fed_state_name(v);

	return name ? xstrdup(name) : xasprintf("%ld", v);
}

int acct_fed_observe(struct db *db, const char *cluster, struct acct_objset *out,
		     char **cause)
{
	struct db_rows r = DB_ROWS_INIT;
	const char *params[] = { cluster };
	struct db_stmt *st;
	int rc = db_query(db, "SELECT name FROM federation_table WHERE deleted=0 ORDER BY name",
			  &r, cause);

	for (size_t i = 0; rc == 0 && i < r.n_rows; i++)
		if (r.rows[i][0] && *r.rows[i][0])
			acct_objset_add(out, ACCT_FEDERATION, r.rows[i][0], NULL);
	db_rows_release(&r);
	if (rc < 0)
		return -1;
	st = db_prepare(db, "SELECT federation, features, fed_state FROM cluster_table "
			"WHERE deleted=0 AND name=? AND federation<>''", cause);
	if (!st || db_stmt_exec(st, params, 1, &r, cause) < 0)
		rc = -1;
	for (size_t i = 0; rc == 0 && i < r.n_rows; i++) {
		struct acct_obj *o = acct_objset_add(out, ACCT_FEDMEMBER, cluster, NULL);
		size_t si = acct_field_index(ACCT_FEDMEMBER, "state");

		acct_obj_set(o, "federation", r.rows[i][0]);
		acct_obj_set(o, "features", r.rows[i][1] && *r.rows[i][1] ? r.rows[i][1] : NULL);
		o->vals[si] = state_text(r.rows[i][2]);
	}
	db_stmt_free(st);
	db_rows_release(&r);
	return rc;
}
