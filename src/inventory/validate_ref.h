/*
 * validate_ref.h: the validation context that the checks of validate.c
 * and validate_acct.c share (the model, the diagnostics, the release), the
 * sorted name indexes over the model's arrays in it, and the reports of
 * names defined twice or referred to but not defined (validate_ref.c).
 * Private to the validate module.
 */
#ifndef CLUSTERCTL_VALIDATE_REF_H
#define CLUSTERCTL_VALIDATE_REF_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"

/*
 * A sorted view of a model array by name. Every model element type starts
 * with `const char *name`, so one index type serves them all.
 */
struct name_index {
	const char **names;	/* sorted; each points at an element's name field */
	size_t n;
};

struct nodes_check;

struct vctx {
	struct model *m;
	struct diag_list *dl;
	int version;		/* slurmkeys index; -1 unknown */
	struct name_index types, parts, qos, accounts, users;
	const struct host **host_set;	/* hash table of host names */
	size_t host_set_mask;
	struct nodes_check *nodes_checks;	/* one per distinct nodes expr */
	size_t n_nodes_checks, alloc_nodes_checks;
};

/* Builds a sorted index of n elements of arr (stride bytes apart). */
void validate_index_build(struct name_index *ix, const void *arr, size_t n,
			  size_t stride);
/* The element named name (its first definition), or NULL. Borrowed. */
const void *validate_index_find(const struct name_index *ix, const char *name);
void validate_index_release(struct name_index *ix);

/*
 * Reports every name defined twice: "duplicate KIND 'x'" at the later one
 * with a note at the first; loc_off is the element's struct src_loc.
 */
void validate_report_dups(struct vctx *v, const struct name_index *ix,
			  const char *kind, size_t loc_off);

/* Reports "OWNER: unknown KIND 'name' (did you mean ...)"; ix may be NULL. */
void validate_unknown_ref(struct vctx *v, const struct src_loc *loc,
			  const char *owner, const char *kind, const char *name,
			  const struct name_index *ix);

/* validate_unknown_ref() for each item of l missing from ix. */
void validate_list_refs(struct vctx *v, const struct str_list *l,
			const char *owner, const char *kind,
			const struct name_index *ix);

/* A name that goes on a Slurm config line: no blanks, '=', ',', '#', ... */
bool validate_conf_name_ok(const char *name);

#endif
