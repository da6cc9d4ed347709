/*
 * acct_obj.h: the accounting objects and the object sets both sides
 * of the diff are built of (acct_obj.c): field tables, labels, order,
 * and the index by key.
 */
#ifndef CLUSTERCTL_ACCT_OBJ_H
#define CLUSTERCTL_ACCT_OBJ_H

#include "base/compat.h"

#include "acct/rows/acct_state.h"
#include <stddef.h>

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

/* True when field j of the two objects differs. */
bool acct_field_differs(const struct acct_obj *want, const struct acct_obj *have,
			size_t j);

#endif
