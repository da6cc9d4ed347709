/*
 * acct_plan.c: the accounting plan: desired objects merged against the
 * observed ones, printed as the accounting section of "plan" and as JSON.
 * Removals are only planned with --prune and never touch root, root's user
 * association, the "normal" QoS, TRES rows or the cluster, nor a row of
 * the whole database another cluster uses (acct_site.h); a membership of
 * a federation removed leaves the cluster in none.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acct/rows/acct.h"
#include "acct/rows/acct_db.h"
#include "acct/plan/acct_site.h"
#include "base/xalloc.h"
#include "acct/rows/acct_state.h"
#include "inventory/model.h"
#include "transport/db.h"
#include "transport/hosttarget.h"
#include "acct/read/acct_desired.h"
#include "acct/rows/acct_obj.h"
#include "acct/read/acct_observe.h"
#include "acct/plan/acct_plan.h"

static bool obj_differs(const struct acct_obj *want, const struct acct_obj *have)
{
	size_t n;

	acct_fields(want->kind, &n);
	for (size_t j = 0; j < n; j++)
		if (acct_field_differs(want, have, j))
			return true;
	return false;
}

static void push(struct acct_plan *p, enum acct_op op, const struct acct_obj *want,
		 const struct acct_obj *have)
{
	XGROW(p->changes, p->alloc_changes, p->n_changes + 1);
	p->changes[p->n_changes].op = op;
	p->changes[p->n_changes].want = want;
	p->changes[p->n_changes].have = have;
	p->n_changes++;
}

static bool prunable(const struct acct_obj *o)
{
	switch (o->kind) {
	case ACCT_QOS:
		return strcmp(o->name, "normal") != 0;
	case ACCT_ACCOUNT:
	case ACCT_USER:
	case ACCT_ASSOC:
	case ACCT_FEDERATION:
	case ACCT_FEDMEMBER:
		return true;
	default:
		return false;
	}
}

void acct_plan_diff(struct acct_plan *p)
{
	struct acct_index w, h;

	acct_index_build(&w, &p->want);
	acct_index_build(&h, &p->have);
	for (size_t i = 0; i < p->want.n; i++) {
		const struct acct_obj *want = &p->want.items[i];
		const struct acct_obj *have = acct_index_find_obj(&h, want);

		if (!have)
			push(p, ACCT_ADD, want, NULL);
		else if (obj_differs(want, have))
			push(p, ACCT_CHANGE, want, have);
	}
	/* removals children first: users' associations, then accounts deepest last */
	for (size_t i = p->have.n; p->prune && i-- > 0;) {
		const struct acct_obj *have = &p->have.items[i];

		if (prunable(have) && !acct_index_find_obj(&w, have))
			push(p, ACCT_REMOVE, NULL, have);
	}
	acct_index_release(&w);
	acct_index_release(&h);
}

size_t acct_plan_count(const struct acct_plan *p)
{
	return p ? p->n_changes : 0;
}

void acct_plan_free(struct acct_plan *p)
{
	if (!p)
		return;
	acct_objset_release(&p->want);
	acct_objset_release(&p->have);
	acct_dbinfo_release(&p->info);
	acct_site_release(p->site);
	free(p->kept);
	free(p->changes);
	free(p->cluster);
	free(p->release);
	free(p->where);
	free(p);
}

enum acct_plan_result acct_plan_compute(const struct model *m, bool prune, bool accept_new,
					struct acct_plan **out, char **cause)
{
	struct acct_plan *p = xcalloc(1, sizeof(*p));
	struct transport_target via;
	struct db *db = NULL;
	enum acct_plan_result rc = ACCT_PLAN_FAILED;
	int crc;

	*out = NULL;
	p->prune = prune;
	p->accept_new = accept_new;
	p->cluster = xstrdup(m->cluster.name ? m->cluster.name : "");
	p->release = m->cluster.slurm_version ? xstrdup(m->cluster.slurm_version) : NULL;
	p->where = xasprintf("%s at %s:%lld", db_name(&m->db),
			     m->db.host ? m->db.host : "localhost", db_port(&m->db));
	if (!m->db.host) {
		*cause = xstrdup("the inventory has no database: section (database.host)");
		goto out;
	}
	if (!db_cluster_name_ok(p->cluster)) {
		*cause = xasprintf("cluster name '%s' cannot name Slurm tables "
				   "(lowercase letters, digits and '_' only)", p->cluster);
		goto out;
	}
	if (acct_desired_build(m, &p->want, cause) < 0)
		goto out;
	if ((crc = db_connect(&m->db, db_tunnel_target(m, accept_new, &via), &db, cause)) < 0) {
		rc = crc == DB_REFUSED ? ACCT_DB_REFUSED : ACCT_PLAN_FAILED;
		goto out;
	}
	if (acct_observe(db, p->cluster, &p->have, &p->info, cause) < 0)
		goto out;
	acct_plan_diff(p);
	/* what the other clusters do with the rows the diff names */
	if (acct_site_observe(db, m, p, cause) < 0)
		goto out;
	db_rollback(db);
	acct_site_keep(p);
	acct_site_decide(p);
	*out = p;
	p = NULL;
	rc = ACCT_PLANNED;
out:
	db_close(db);
	acct_plan_free(p);
	return rc;
}

int acct_plan_between(const struct model *base, const struct model *head,
		      struct acct_plan **out, char **cause)
{
	struct acct_plan *p = xcalloc(1, sizeof(*p));

	*out = NULL;
	p->prune = true;
	p->cluster = xstrdup(head->cluster.name ? head->cluster.name : "");
	p->release = head->cluster.slurm_version ?
		xstrdup(head->cluster.slurm_version) : NULL;
	if (acct_desired_build(base, &p->have, cause) < 0 ||
	    acct_desired_build(head, &p->want, cause) < 0) {
		acct_plan_free(p);
		return -1;
	}
	acct_plan_diff(p);
	*out = p;
	return 0;
}
