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
	char *name;	/* cluster/tres/qos/account/user name; assoc: account */
	char *user;	/* assoc: user name, "" for account rows; else NULL */
	char *part;	/* assoc: partition; NULL (or "") for none */
	char **vals;	/* one per field of the kind */
};

struct acct_objset {
	struct acct_obj *items;
	size_t n, alloc;
};

const struct acct_field *acct_fields(enum acct_kind k, size_t *n);
const char *acct_kind_name(enum acct_kind k);

struct acct_obj *acct_objset_add(struct acct_objset *s, enum acct_kind k,
				 const char *name, const char *user);
void acct_objset_release(struct acct_objset *s);
/* Sets o's partition (an association's); NULL or "" for none. */
void acct_obj_set_part(struct acct_obj *o, const char *part);
/* o's partition, "" for none. */
const char *acct_obj_part(const struct acct_obj *o);
/*
 * How messages name o: "association 'u' in 'a'" (with " partition 'p'"),
 * "association of account 'a'", or "<kind> 'name'". Caller frees.
 */
char *acct_obj_label(const struct acct_obj *o);
/* Orders by kind, name, user, partition (for merging); strcmp order. */
int acct_obj_cmp(const void *a, const void *b);
/* Index of field `name` in kind k; BUG if absent. */
size_t acct_field_index(enum acct_kind k, const char *name);
void acct_obj_set(struct acct_obj *o, const char *field, const char *val);
const char *acct_obj_get(const struct acct_obj *o, const char *field);

/* Sorted views of a set for O(log n) lookups; borrows the set. */
struct acct_index {
	const struct acct_obj **v;	/* all objects, acct_obj_cmp order */
	const struct acct_obj **defs;	/* is_def=1 user associations, by user */
	size_t n, n_defs;
};

void acct_index_build(struct acct_index *ix, const struct acct_objset *s);
/* user: NULL for kinds without one. Associations: the one without a partition. */
const struct acct_obj *acct_index_find(const struct acct_index *ix,
				       enum acct_kind k, const char *name,
				       const char *user);
/*
 * The slot in ix->v of the object with o's kind, name, user and partition,
 * or NULL. The partition associations of a user in an account follow the
 * one without a partition.
 */
const struct acct_obj **acct_index_slot(const struct acct_index *ix,
					const struct acct_obj *o);
const struct acct_obj *acct_index_find_obj(const struct acct_index *ix,
					   const struct acct_obj *o);
/* The default account of user, or NULL. */
const char *acct_index_default(const struct acct_index *ix, const char *user);
void acct_index_release(struct acct_index *ix);

/* ---- canonical values (acct_value.c) ---- */

/* kv TRES map -> "name=count,..." sorted by name (mem in MB); NULL if empty. */
int acct_tres_from_kv(const struct kv_list *kv, char **out, char **cause);
/* Slurm time ("1-00:00:00", "2:00:00", "90", "UNLIMITED") -> minutes; -1 unlimited
 * (slurmtime_minutes(): rounded up, as Slurm reads it). */
int acct_time_minutes(const char *s, long long *out);
/* Sorted, de-duplicated, comma-joined; NULL if n == 0. */
char *acct_names_join(const char *const *names, size_t n);
/* QoS flag names (any case) -> canonical names; -1 + *cause on unknown. */
int acct_qos_flags_canon(const struct str_list *flags, char **out, char **cause);
unsigned acct_qos_flags_bits(const char *canon);
char *acct_qos_flags_from_bits(unsigned bits);
/* Preempt mode words ("cancel", "requeue,gang") -> canonical; NULL = off. */
int acct_pmode_canon(const char *mode, char **out, char **cause);
unsigned acct_pmode_bits(const char *canon);
char *acct_pmode_from_bits(unsigned bits);
const char *acct_admin_name(int level);
int acct_admin_level(const char *name);
/* Lowercases in place and returns s. */
char *acct_lower(char *s);
/* True when TRES name is one Slurm knows (cpu, mem, gres/..., ...). */
bool acct_tres_name_ok(const char *name);

/* ---- the desired state (acct_desired.c) ---- */

/*
 * The description a QoS has when the inventory gives none: its name, or
 * for slurmdbd's own "normal" the description slurmdbd gave it.
 */
#define ACCT_NORMAL_QOS_DESCRIPTION "Normal QOS default"
const char *acct_qos_default_description(const char *name);

/* Fills out from a validated model. 0, or -1 + *cause. */
int acct_desired_build(const struct model *m, struct acct_objset *out,
		       char **cause);

#endif
