/*
 * acct_state.h: internal to the acct*.c files. Accounting objects in one
 * canonical shape so that the desired state (from the model) and the
 * observed state (from the database) compare field by field: every value
 * is a string in a canonical form (TRES as "name=count" sorted by name,
 * QoS lists as sorted names, times in minutes, flags as names in bit
 * order), or NULL when unset.
 *
 * Ownership: a struct acct_objset owns its objects and their strings;
 * acct_objset_release() frees them.
 */
#ifndef CLUSTERCTL_ACCT_STATE_H
#define CLUSTERCTL_ACCT_STATE_H

#include "base/compat.h"

#include "inventory/model.h"

enum acct_kind {
	ACCT_CLUSTER,
	ACCT_TRES,
	ACCT_QOS,
	ACCT_ACCOUNT,
	ACCT_USER,
	ACCT_ASSOC,
	/* a site's federation (federation_table); read and written by acct_fed*.c */
	ACCT_FEDERATION,
	/* this cluster's membership: cluster_table's federation columns */
	ACCT_FEDMEMBER,
	ACCT_KIND_COUNT
};

enum acct_ftype {
	F_STR,		/* text (description, organization) */
	F_INT,		/* integer column */
	F_INT0,		/* integer column where 0 means unset (canonical NULL) */
	F_DOUBLE,	/* usage_factor */
	F_TRES,		/* "id=count" column, canonical "name=count" */
	F_QOSLIST,	/* ",id,id," column, canonical "a,b" */
	F_QOSID,	/* def_qos_id column, canonical QoS name */
	F_MINUTES,	/* int minutes; canonical decimal minutes */
	F_QFLAGS,	/* QoS flags bit mask; canonical names */
	F_PMODE,	/* preempt mode bits; canonical names */
	F_ADMIN,	/* admin_level 1..3; canonical None/Operator/Administrator */
	F_NAMES,	/* coordinators (acct_coord_table); canonical sorted names */
	F_DELTA,	/* delta_qos: only ever desired empty; drift when set */
};

struct acct_field {
	const char *name;	/* shown in the plan */
	const char *column;	/* SQL column; NULL for F_NAMES */
	enum acct_ftype type;
	const char *sacctmgr;	/* sacctmgr option; NULL: not set by sacctmgr */
};

struct acct_obj {
	enum acct_kind kind;
	char *name;	/* cluster/tres/qos/account/user/federation name; assoc:
			 * account; federation member: the cluster */
	char *user;	/* assoc: user name, "" for account rows; else NULL */
	char *part;	/* assoc: partition; NULL (or "") for none */
	char **vals;	/* one per field of the kind */
};

struct acct_objset {
	struct acct_obj *items;
	size_t n, alloc;
};

/* Sorted views of a set for O(log n) lookups; borrows the set. */
struct acct_index {
	const struct acct_obj **v;	/* all objects, acct_obj_cmp order */
	const struct acct_obj **defs;	/* is_def=1 user associations, by user */
	size_t n, n_defs;
};

/* ---- canonical values (acct_value.c) ---- */

/* ---- the desired state (acct_desired.c) ---- */

/*
 * The description a QoS has when the inventory gives none: its name, or
 * for slurmdbd's own "normal" the description slurmdbd gave it.
 */
#define ACCT_NORMAL_QOS_DESCRIPTION "Normal QOS default"
#endif
