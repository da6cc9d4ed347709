/*
 * inventory_accounts.c: the schema of the accounting side: QoS, the
 * account tree and users. Accounts may nest under children:, so the loader
 * flattens the tree here, giving each account its parent, and bounds the
 * nesting (MAX_DEPTH) against hostile input.
 */
#include "base/compat.h"

#include <string.h>
#include <yaml.h>

#include "base/diag.h"
#include "inventory/inventory_keys.h"
#include "inventory/model.h"
#include "base/xalloc.h"
#include "inventory/inventory_node.h"
#include "inventory/inventory_accounts.h"
#include "inventory/inventory_overlay.h"

/* ------------------------------------------------------------------ */
/* qos                                                                 */

#define QS(field) F(struct qos, field)
#define QS_INT(n, field, doc_) { n, K_INT, QS(field), .min = -1, .max = 1LL << 40, .doc = doc_ }
static const struct key_spec qos_keys[] = {
	{ "name", K_STR, QS(name), L(struct qos, loc), .required = true,
	  .doc = "QoS name (lowercase)" },
	{ "description", K_STR, QS(description), .doc = "Description" },
	QS_INT("priority", priority, "Priority"),
	{ "max_tres_per_user", K_KV, QS(max_tres_per_user),
	  .doc = "MaxTRESPerUser, e.g. {gres/gpu: 4, cpu: 32}" },
	{ "max_tres_per_job", K_KV, QS(max_tres_per_job), .doc = "MaxTRESPerJob" },
	{ "max_tres_per_account", K_KV, QS(max_tres_per_account),
	  .doc = "MaxTRESPerAccount" },
	{ "max_tres_per_node", K_KV, QS(max_tres_per_node), .doc = "MaxTRESPerNode" },
	{ "min_tres_per_job", K_KV, QS(min_tres_per_job), .doc = "MinTRESPerJob" },
	{ "grp_tres", K_KV, QS(grp_tres), .doc = "GrpTRES" },
	{ "max_wall", K_TIME, QS(max_wall), .doc = "MaxWall (per job)" },
	{ "grp_wall", K_TIME, QS(grp_wall), .doc = "GrpWall" },
	QS_INT("max_jobs_per_user", max_jobs_per_user, "MaxJobsPerUser"),
	QS_INT("max_submit_jobs_per_user", max_submit_jobs_per_user,
	       "MaxSubmitJobsPerUser"),
	QS_INT("max_jobs_per_account", max_jobs_per_account, "MaxJobsPerAccount"),
	QS_INT("max_submit_jobs_per_account", max_submit_jobs_per_account,
	       "MaxSubmitJobsPerAccount"),
	QS_INT("grp_jobs", grp_jobs, "GrpJobs"),
	QS_INT("grp_submit_jobs", grp_submit_jobs, "GrpSubmitJobs"),
	{ "preempt", K_STRLIST, QS(preempt), .doc = "QoS names this one preempts" },
	{ "preempt_mode", K_STR, QS(preempt_mode), L(struct qos, preempt_mode_loc),
	  .doc = "PreemptMode: OFF, CANCEL, GANG, REQUEUE, SUSPEND, WITHIN, PRIORITY" },
	{ "flags", K_STRLIST, QS(flags), .doc = "Flags, e.g. [DenyOnLimit]" },
	{ "usage_factor", K_STR, QS(usage_factor), L(struct qos, usage_factor_loc),
	  .doc = "UsageFactor, e.g. 1.5" },
	QS_INT("grace_time", grace_time, "GraceTime in seconds"),
};
static const struct key_table qos_table = TABLE("qos", qos_keys);

static void load_one_qos(struct loader *ld, yaml_node_t *n)
{
	struct qos q = { 0 }, *old;

	old = INV_OVERLAY_FIND(ld, n, ld->qos, ld->n_qos, struct qos);
	if (old) {
		inv_load_mapping(ld, n, &qos_table, old);
		return;
	}
	q.priority = q.max_jobs_per_user = q.max_submit_jobs_per_user = MODEL_UNSET;
	q.max_jobs_per_account = q.max_submit_jobs_per_account = MODEL_UNSET;
	q.grp_jobs = q.grp_submit_jobs = q.grace_time = MODEL_UNSET;
	q.loc = inv_node_loc(ld, n);
	ld->adding++;
	inv_load_mapping(ld, n, &qos_table, &q);
	ld->adding--;
	if (!q.name)
		return;
	XGROW(ld->qos, ld->alloc_qos, ld->n_qos + 1);
	ld->qos[ld->n_qos++] = q;
}

void inv_load_qos(struct loader *ld, void *obj, yaml_node_t *val,
		  const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->qos_loc.file)
		ld->m->qos_loc = *kloc;
	inv_for_each_item(ld, val, load_one_qos, MODEL_FAILED_QOS);
}

/* ------------------------------------------------------------------ */
/* accounts and users                                                  */

static const char *const admin_levels[] = { "none", "operator",
					    "administrator", NULL };

static void keep_children(struct loader *ld, void *obj, yaml_node_t *val,
			  const struct src_loc *kloc)
{
	(void)obj;
	(void)kloc;
	ld->children = val;
}

#define AC(field) F(struct account, field)
#define AC_INT(n, field, doc_) { n, K_INT, AC(field), .min = -1, .max = 1LL << 40, .doc = doc_ }
static const struct key_spec account_keys[] = {
	{ "name", K_STR, AC(name), L(struct account, loc), .required = true,
	  .doc = "account name (lowercase)" },
	{ "parent", K_STR, AC(parent), L(struct account, parent_loc),
	  .def = "root, or the enclosing account",
	  .doc = "parent account (for flat lists)" },
	{ "description", K_STR, AC(description), .def = "the name",
	  .doc = "Description" },
	{ "organization", K_STR, AC(organization), .doc = "Organization" },
	{ "fairshare", K_STR, AC(fairshare), L(struct account, fairshare_loc), .def = "1",
	  .doc = "Fairshare: an integer or parent" },
	{ "grp_tres", K_KV, AC(grp_tres), .doc = "GrpTRES" },
	{ "max_tres_per_job", K_KV, AC(max_tres_per_job), .doc = "MaxTRES (per job)" },
	{ "max_tres_per_node", K_KV, AC(max_tres_per_node), .doc = "MaxTRESPerNode" },
	AC_INT("grp_jobs", grp_jobs, "GrpJobs"),
	AC_INT("grp_submit_jobs", grp_submit_jobs, "GrpSubmitJobs"),
	AC_INT("max_jobs", max_jobs, "MaxJobs"),
	AC_INT("max_submit_jobs", max_submit_jobs, "MaxSubmitJobs"),
	{ "grp_wall", K_TIME, AC(grp_wall), .doc = "GrpWall" },
	{ "max_wall", K_TIME, AC(max_wall), .doc = "MaxWall" },
	{ "default_qos", K_STR, AC(default_qos), L(struct account, default_qos_loc),
	  .doc = "DefaultQOS" },
	{ "qos", K_STRLIST, AC(qos), .def = "inherited", .doc = "QoS list" },
	{ "coordinators", K_STRLIST, AC(coordinators), .doc = "coordinator users" },
	{ "clusters", K_STRLIST, AC(clusters), .def = "the parent's: every cluster",
	  .doc = "a site file's (docs/site.md): the clusters the account has an "
		 "association on; its children follow" },
	{ "children", K_FN, 0, .fn = keep_children, .type_doc = "list of accounts",
	  .doc = "sub-accounts, same keys (parent is implied)" },
};
static const struct key_table account_table = TABLE("account", account_keys);

static void load_account_under(struct loader *ld, yaml_node_t *n,
			       const char *parent, const struct src_loc *ploc);

static void load_children(struct loader *ld, yaml_node_t *children,
			  const struct account *a)
{
	yaml_node_item_t *it;

	if (children->type != YAML_SEQUENCE_NODE) {
		inv_type_error(ld, children, "a list of accounts");
		return;
	}
	if (++ld->depth > MAX_DEPTH) {
		struct src_loc loc = inv_node_loc(ld, children);

		diag_error(ld->dl, &loc, "accounts nested too deeply");
		ld->depth--;
		return;
	}
	for (it = children->data.sequence.items.start;
	     it < children->data.sequence.items.top; it++) {
		yaml_node_t *e = inv_node_get(ld, *it);
		struct inv_entity ent;

		if (!e)
			continue;
		inv_entity_begin(ld, &ent);
		load_account_under(ld, e, a->name, &a->loc);
		inv_entity_end(ld, &ent, MODEL_FAILED_ACCOUNTS, e);
	}
	ld->depth--;
}

/*
 * An overlay's account of a name the inventory has: merged into it; its
 * children: merge (or add) under it. False when n is no such account.
 */
static bool overlay_account(struct loader *ld, yaml_node_t *n)
{
	struct account *old, a;
	yaml_node_t *children;

	old = INV_OVERLAY_FIND(ld, n, ld->accounts, ld->n_accounts, struct account);
	if (!old)
		return false;
	ld->children = NULL;
	inv_load_mapping(ld, n, &account_table, old);
	children = ld->children;
	ld->children = NULL;
	a = *old;	/* loading children may move ld->accounts */
	if (children && !inv_node_is_null(children))
		load_children(ld, children, &a);
	return true;
}

static void load_account_under(struct loader *ld, yaml_node_t *n,
			       const char *parent, const struct src_loc *ploc)
{
	struct account a = { 0 };
	yaml_node_t *children;

	if (overlay_account(ld, n))
		return;
	a.grp_jobs = a.grp_submit_jobs = a.max_jobs = a.max_submit_jobs = MODEL_UNSET;
	a.loc = inv_node_loc(ld, n);
	ld->children = NULL;
	ld->adding++;
	inv_load_mapping(ld, n, &account_table, &a);
	ld->adding--;
	children = ld->children;
	ld->children = NULL;
	if (!a.name)
		return;
	if (parent && a.parent && strcmp(a.parent, parent))
		diag_error(ld->dl, &a.parent_loc,
			   "account '%s': parent '%s' conflicts with its place "
			   "under '%s'", a.name, a.parent, parent);
	if (parent) {
		a.parent = parent;
		a.parent_loc = *ploc;
	} else if (!a.parent) {
		a.parent = "root";
		a.parent_loc = a.loc;
	}
	XGROW(ld->accounts, ld->alloc_accounts, ld->n_accounts + 1);
	ld->accounts[ld->n_accounts++] = a;
	if (children && !inv_node_is_null(children))
		load_children(ld, children, &a);
}

static void load_top_account(struct loader *ld, yaml_node_t *n)
{
	load_account_under(ld, n, NULL, NULL);
}

void inv_load_accounts(struct loader *ld, void *obj, yaml_node_t *val,
		       const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->accounts_loc.file)
		ld->m->accounts_loc = *kloc;
	inv_for_each_item(ld, val, load_top_account, MODEL_FAILED_ACCOUNTS);
}

/*
 * A user's accounts: a list whose entries are account names (the user's
 * settings apply) or mappings {account: NAME, SETTING: ...} whose settings
 * replace the user's for that one association.
 */
#define UA(field) F(struct user_assoc, field)
#define UA_INT(n, field, doc_) { n, K_INT, UA(field), .min = -1, .max = 1LL << 40, \
				 .def = "the user's", .doc = doc_ }
static const struct key_spec user_assoc_keys[] = {
	{ "account", K_STR, UA(account), L(struct user_assoc, account_loc),
	  .required = true, .doc = "the account of this association" },
	{ "partition", K_STR, UA(partition), L(struct user_assoc, partition_loc),
	  .def = "none: all partitions",
	  .doc = "a partition: the association holds in this partition only" },
	{ "fairshare", K_STR, UA(fairshare), L(struct user_assoc, fairshare_loc),
	  .def = "the user's", .doc = "Fairshare in this account" },
	{ "qos", K_STRLIST, UA(qos), .def = "the user's", .doc = "QoS list" },
	{ "default_qos", K_STR, UA(default_qos), L(struct user_assoc, default_qos_loc),
	  .def = "the user's", .doc = "DefaultQOS (one of the QoS list)" },
	{ "grp_tres", K_KV, UA(grp_tres), .def = "the user's", .doc = "GrpTRES" },
	{ "max_tres_per_job", K_KV, UA(max_tres_per_job), .def = "the user's",
	  .doc = "MaxTRES (per job)" },
	UA_INT("grp_jobs", grp_jobs, "GrpJobs"),
	UA_INT("grp_submit_jobs", grp_submit_jobs, "GrpSubmitJobs"),
	UA_INT("max_jobs", max_jobs, "MaxJobs"),
	UA_INT("max_submit_jobs", max_submit_jobs, "MaxSubmitJobs"),
	{ "max_wall", K_TIME, UA(max_wall), .def = "the user's", .doc = "MaxWall" },
	{ "clusters", K_STRLIST, UA(clusters), .def = "the user's",
	  .doc = "a site file's (docs/site.md): the clusters this association is on" },
};
static const struct key_table user_assoc_table = TABLE("association", user_assoc_keys);

static void load_user_assoc(struct loader *ld, yaml_node_t *e, struct user *u)
{
	struct user_assoc *a = &u->assocs[u->accounts.n];

	a->grp_jobs = a->grp_submit_jobs = a->max_jobs = a->max_submit_jobs = MODEL_UNSET;
	a->loc = inv_node_loc(ld, e);
	if (e->type == YAML_MAPPING_NODE) {
		ld->adding++;	/* in an overlay too, an entry is whole: account required */
		inv_load_mapping(ld, e, &user_assoc_table, a);
		ld->adding--;
	} else if ((a->account = inv_scalar_str(ld, e, "an account name or a mapping"))) {
		a->account_loc = a->loc;
	}
	if (!a->account)
		return;
	u->accounts.items[u->accounts.n] = a->account;
	u->accounts.locs[u->accounts.n++] = a->account_loc;
}

static void load_user_accounts(struct loader *ld, void *obj, yaml_node_t *val,
			       const struct src_loc *kloc)
{
	struct user *u = obj;
	size_t n = val->type == YAML_SEQUENCE_NODE ? inv_seq_len(val) : 1;

	(void)kloc;
	u->accounts.n = 0;	/* an overlay's list replaces the inventory's */
	u->accounts.items = pool_alloc(&ld->m->pool, (n + 1) * sizeof(*u->accounts.items));
	u->accounts.locs = pool_alloc(&ld->m->pool, (n + 1) * sizeof(*u->accounts.locs));
	u->assocs = pool_alloc(&ld->m->pool, (n + 1) * sizeof(*u->assocs));
	if (val->type != YAML_SEQUENCE_NODE) {
		load_user_assoc(ld, val, u);
		return;
	}
	for (yaml_node_item_t *it = val->data.sequence.items.start;
	     it < val->data.sequence.items.top; it++) {
		yaml_node_t *e = inv_node_get(ld, *it);

		if (e)
			load_user_assoc(ld, e, u);
	}
}

#define US(field) F(struct user, field)
#define US_INT(n, field, doc_) { n, K_INT, US(field), .min = -1, .max = 1LL << 40, .doc = doc_ }
static const struct key_spec user_keys[] = {
	{ "name", K_STR, US(name), L(struct user, loc), .required = true,
	  .doc = "user name (lowercase, as sacctmgr stores it)" },
	{ "accounts", K_FN, 0, .fn = load_user_accounts, .required = true,
	  .type_doc = "list of account names or associations",
	  .doc = "the user's associations: an account name, or a mapping "
	  "(users[].accounts[] below) whose settings replace the user's in that account" },
	{ "default_account", K_STR, US(default_account),
	  L(struct user, default_account_loc), .def = "the first of accounts",
	  .doc = "DefaultAccount (one of accounts)" },
	{ "qos", K_STRLIST, US(qos), .def = "inherited", .doc = "QoS list" },
	{ "default_qos", K_STR, US(default_qos), L(struct user, default_qos_loc),
	  .doc = "DefaultQOS" },
	{ "admin_level", K_ENUM, US(admin_level), .choices = admin_levels,
	  .base = ADMIN_NONE, .def = "none", .doc = "none, operator or administrator" },
	{ "fairshare", K_STR, US(fairshare), L(struct user, fairshare_loc),
	  .def = "1", .doc = "Fairshare" },
	{ "grp_tres", K_KV, US(grp_tres), .doc = "GrpTRES" },
	{ "max_tres_per_job", K_KV, US(max_tres_per_job), .doc = "MaxTRES (per job)" },
	US_INT("grp_jobs", grp_jobs, "GrpJobs"),
	US_INT("grp_submit_jobs", grp_submit_jobs, "GrpSubmitJobs"),
	US_INT("max_jobs", max_jobs, "MaxJobs"),
	US_INT("max_submit_jobs", max_submit_jobs, "MaxSubmitJobs"),
	{ "max_wall", K_TIME, US(max_wall), .doc = "MaxWall" },
	{ "clusters", K_STRLIST, US(clusters), .def = "every cluster of the site",
	  .doc = "a site file's (docs/site.md): the clusters the user's "
		 "associations are on" },
};
static const struct key_table user_table = TABLE("user", user_keys);

static void load_user(struct loader *ld, yaml_node_t *n)
{
	struct user u = { 0 }, *old;

	old = INV_OVERLAY_FIND(ld, n, ld->users, ld->n_users, struct user);
	if (old) {
		inv_load_mapping(ld, n, &user_table, old);
		return;
	}
	u.admin_level = ADMIN_NONE;
	u.grp_jobs = u.grp_submit_jobs = u.max_jobs = u.max_submit_jobs = MODEL_UNSET;
	u.loc = inv_node_loc(ld, n);
	ld->adding++;
	inv_load_mapping(ld, n, &user_table, &u);
	ld->adding--;
	if (!u.name)
		return;
	XGROW(ld->users, ld->alloc_users, ld->n_users + 1);
	ld->users[ld->n_users++] = u;
}

void inv_load_users(struct loader *ld, void *obj, yaml_node_t *val,
		    const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->users_loc.file)
		ld->m->users_loc = *kloc;
	inv_for_each_item(ld, val, load_user, MODEL_FAILED_USERS);
}

const struct inv_ref_section inv_accounts_ref[] = {
	{ "qos[]", "A QoS. TRES maps take Slurm TRES names: cpu, mem, node, "
	  "billing, energy, fs/disk, vmem, pages, gres/NAME[:TYPE], "
	  "license/NAME, bb/NAME; limiting gres/gpu needs GPUs tracked "
	  "(GPUs defined, or AccountingStorageTRES with gres/gpu), and any "
	  "limit needs AccountingStorageEnforce with limits (or safe) and "
	  "qos. Names must be lowercase: sacctmgr stores them so.", &qos_table },
	{ "accounts[]", "An account; `children` nest, top-level accounts "
	  "hang under root (which is implicit). Names must be lowercase.",
	  &account_table },
	{ "users[]", "A user and its associations. Names must be lowercase: "
	  "sacctmgr stores them so.", &user_table },
	{ "users[].accounts[]", "One association of a user, written as a mapping "
	  "instead of an account name when its settings differ from the user's "
	  "or when it holds in one partition only (user x account x partition). "
	  "A key given here replaces the user's value (a QoS list or a TRES map "
	  "as a whole); a key left out is the user's. An account may be listed "
	  "once without a partition and once per partition.", &user_assoc_table },
	{ 0 }
};
