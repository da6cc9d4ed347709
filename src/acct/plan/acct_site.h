/*
 * acct_site.h: internal to the acct*.c files. One cluster's accounting
 * plan among the other clusters of its database and of its site
 * (inventory/site.h): QoS, accounts, users, coordinators and federations
 * are rows of the whole database, associations and a cluster's membership
 * of a federation each cluster's own. What another
 * cluster uses is never pruned from this one, a change of such a row is
 * marked site-wide in the plan, and the sql method, which writes behind
 * slurmdbd's back, is not used where another cluster's running slurmctld
 * would keep the old rows (acct_site.c).
 *
 * Ownership: struct acct_site_view belongs to its plan;
 * acct_site_release() frees it.
 */
#ifndef CLUSTERCTL_ACCT_SITE_H
#define CLUSTERCTL_ACCT_SITE_H

#include "base/compat.h"

#include "acct/rows/acct_db.h"
#include "acct/rows/acct_state.h"
#include "inventory/model.h"

/* One site-wide row and the other clusters that use it. */
struct acct_site_use {
	enum acct_kind kind;	/* ACCT_QOS, ACCT_ACCOUNT, ACCT_USER or ACCT_FEDERATION */
	char *name;
	char *clusters;		/* "b, c" */
	bool in_db;		/* one of them has a live association with it */
};

struct acct_site_view {
	struct acct_site_use *uses;	/* sorted by kind and name */
	size_t n;
	char **running;		/* other clusters whose slurmctld is registered */
	size_t n_running, n_running_alloc;
	char *dbd_elsewhere;	/* the cluster whose host runs slurmdbd, or NULL */
	char *method_why;	/* why the plan goes through slurmdbd, or NULL */
};

/*
 * Reads, for the plan p of cluster m (diffed already), which of the
 * site-wide rows its changes name the other clusters use: those of the
 * database (their live associations, the QoS those list, the federation
 * they are in; and whether their slurmctld is registered) and those of
 * m's site (the rows their inventories want). A plan of a few rows reads those few, whatever the
 * other clusters hold. 0, or -1 + *cause.
 */
int acct_site_observe(struct db *db, const struct model *m, struct acct_plan *p,
		      char **cause);

/* The uses of site-wide row o (kind and name), or NULL. Borrowed. */
const struct acct_site_use *acct_site_find(const struct acct_plan *p,
					   const struct acct_obj *o);

/*
 * True when --prune must keep o: a QoS another cluster uses or wants, a
 * federation another cluster is a member of or wants, an account or user
 * with a live association on another cluster (without one, Slurm drops it
 * with this cluster's last association whatever any plan says).
 */
bool acct_site_keeps(const struct acct_plan *p, const struct acct_obj *o);

/* Moves p's removals of rows acct_site_keeps() keeps to p->kept. */
void acct_site_keep(struct acct_plan *p);

/* After the diff: decides acct_site_method_why() from p's changes. */
void acct_site_decide(struct acct_plan *p);

/*
 * Why p must go through slurmdbd rather than sql, or NULL: slurmdbd runs
 * on another cluster's host, which this cluster's apply does not stop; or
 * a registered slurmctld of another cluster caches a site-wide row the
 * plan changes, or a federation or membership (slurmdbd tells it; rows
 * written behind its back it would not see until restarted). Set by
 * acct_site_observe(); borrowed.
 */
const char *acct_site_method_why(const struct acct_plan *p);

void acct_site_release(struct acct_site_view *v);

#endif
