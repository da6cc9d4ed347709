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
#include "base/ixhash.h"
#include "inventory/model.h"
#include "inventory/name_index.h"

struct nodes_check;

struct vctx {
	const struct model *m;
	struct diag_list *dl;
	int version;		/* slurmkeys index; -1 unknown */
	struct name_index types, parts, qos, accounts, users;
	const struct host **host_set;	/* hash table of host names */
	size_t host_set_mask;
	struct nodes_check *nodes_checks;	/* one per distinct nodes expr */
	size_t n_nodes_checks, alloc_nodes_checks;
	struct ixhash nodes_check_ix;	/* of nodes_checks, by expr */
	size_t hints_left;	/* "did you mean" comparisons still allowed */
	size_t names_left;	/* hostlist names still allowed (validate_expand) */
};

/*
 * The names the hostlists of one inventory (partitions' nodes, files:
 * hosts, GPU and GRES files) may expand to in all: 2,000 partitions
 * naming 100,000 hosts each would take minutes to check one by one. One
 * of them names no more hosts than an inventory may hold (65,536,
 * inventory_nodes.c): its names are made, then let go, one at a time.
 */
#define VALIDATE_NAMES 2000000u
#define VALIDATE_EXPR_NAMES 65536u

struct hostlist;

/*
 * hostlist_expand() within v's budget of names; -1 with *cause (caller
 * frees) when expr is not a hostlist or would spend more than is left.
 */
int validate_expand(struct vctx *v, const char *expr, struct hostlist *out,
		    char **cause);

/*
 * The comparisons all "did you mean" hints of one validation may make:
 * 15,000 unknown names among 15,000 accounts would take minutes, and past
 * the first errors a hint helps no one. Both hints below spend it.
 */
#define VALIDATE_HINTS 2000000u

/*
 * Reports every name defined twice: "duplicate KIND 'x'" at the later one
 * with a note at the first; loc_off is the element's struct src_loc.
 */
void validate_report_dups(struct vctx *v, const struct name_index *ix,
			  const char *kind, size_t loc_off);

/*
 * True when some entity of kind (enum model_failed) failed to load: a
 * name missing among them, or a count short of them, may be its, so it
 * is not reported (the cause first; the loader said why it failed).
 */
bool validate_knock_on(const struct vctx *v, unsigned kind);

/*
 * Reports "OWNER: unknown KIND 'name' (did you mean ...)"; ix may be NULL.
 * Nothing when the entities of ix's kind have a failed one.
 */
void validate_unknown_ref(struct vctx *v, const struct src_loc *loc,
			  const char *owner, const char *kind, const char *name,
			  const struct name_index *ix);

/* validate_unknown_ref() for each item of l missing from ix. */
void validate_list_refs(struct vctx *v, const struct str_list *l,
			const char *owner, const char *kind,
			const struct name_index *ix);

/* " (did you mean 'x'?)" for a host name among the model's, or "". Caller frees. */
char *validate_host_hint(struct vctx *v, const char *name);

/* A name that goes on a Slurm config line: no blanks, '=', ',', '#', ... */
bool validate_conf_name_ok(const char *name);

#endif
