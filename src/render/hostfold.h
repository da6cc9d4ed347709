/*
 * hostfold.h: the compute hosts folded into the fewest NodeName lines
 * (hostfold.c). Hosts that share a node type and per-host keys form a
 * group; a group splits into runs that one line can carry (names and
 * addresses counting up together). Used by the slurm.conf and gres.conf
 * views.
 */
#ifndef CLUSTERCTL_HOSTFOLD_H
#define CLUSTERCTL_HOSTFOLD_H

#include "base/compat.h"

#include "inventory/model.h"

/* Index of the hosts of one NodeName definition, in model order. */
struct host_group {
	const char *sig;	/* borrowed from the signature array */
	size_t *idx;
	size_t n, alloc;
	size_t first_seq;	/* inventory position of its first host */
};

/* One folded line: hosts idx[0..n) of the model. */
struct fold_run {
	size_t first;		/* position in the group */
	size_t n;
	bool addressed;
};

/*
 * Groups the compute hosts of m by what their NodeName line says (by type
 * alone when by_type_only), ordered by each group's first host in the
 * model. sigs must hold model_n_declared(m) entries, zeroed: sigs[i] is
 * filled for each compute host. Free all with hostfold_groups_free().
 */
struct host_group *hostfold_group(const struct model *m, char **sigs,
				  bool by_type_only, size_t *n_groups);
void hostfold_groups_free(struct host_group *groups, size_t n, char **sigs,
			  size_t n_sigs);

/* The runs of group g one NodeName line each can carry. Caller frees. */
struct fold_run *hostfold_runs(const struct model *m,
			       const struct host_group *g, size_t *n_runs);

/* The folded names (and addresses, or NULL) of run r; caller frees both. */
void hostfold_run_names(const struct model *m, const struct host_group *g,
			const struct fold_run *r, char **names, char **addrs);

#endif
