/*
 * capacity.h: the capacity guard. What slurmctld reports now (`scontrol
 * show node -o`, `scontrol show partition -o`, read on the controller in
 * the observe round) and what apply would leave (the model's nodes and
 * partitions) as the same plain data, and the comparison of the two: every
 * loss named (`removes 4 GPUs on gpu[01-02] (gpu:a100: 2 -> 0 each)`,
 * `node n3 loses 32 CPUs (64 -> 32)`, `partition long loses DefaultTime
 * (01:00:00)`, `partition debug removed`). Plan prints the losses and apply
 * refuses a plan with any unless --allow-capacity-loss; after apply, the
 * same view is compared with the inventory (capacity_mismatches): a node
 * slurmctld runs with 1 CPU where the inventory says 64 fails the apply.
 *
 * Pure: no I/O, no printing. Ownership: a struct cap_view owns everything
 * in it (capacity_view_release); loss and mismatch lists are arrays of
 * newly allocated strings (capacity_list_free).
 */
#ifndef CLUSTERCTL_CAPACITY_H
#define CLUSTERCTL_CAPACITY_H

#include "base/compat.h"

#include "inventory/model.h"
#include "base/strbuf.h"

/* One generic resource of a node: "gpu:a100:2" is {gpu, a100, 2}. */
struct cap_gres {
	char *name;		/* owned */
	char *type;		/* owned; NULL when untyped */
	long long count;
};

struct cap_node {
	char *name;		/* owned */
	long long cpus, memory_mb;
	struct cap_gres *gres;	/* owned, n_gres */
	size_t n_gres;
	char **features;	/* owned, n_features */
	size_t n_features;
};

/* The partition limits compared, in this order (capacity.c). */
#define CAP_N_LIMITS 9
extern const char *const capacity_limit_keys[CAP_N_LIMITS];

struct cap_part {
	char *name;			/* owned */
	char **nodes;			/* owned, expanded, n_nodes */
	size_t n_nodes;
	char *limits[CAP_N_LIMITS];	/* owned; NULL: not set (Slurm's default) */
};

struct cap_view {
	bool seen;		/* slurmctld answered (or: built from a model) */
	char *error;		/* owned: why it was not seen, or NULL */
	struct cap_node *nodes;	/* owned */
	size_t n_nodes;
	struct cap_part *parts;	/* owned */
	size_t n_parts;
};

void capacity_view_release(struct cap_view *v);

/*
 * `scontrol show node -o` output (one NodeName= line per node; other
 * lines are skipped) into v's nodes. 0, or -1 with *cause (newly
 * allocated) for a line whose CPUTot, RealMemory or Gres does not read.
 */
int capacity_parse_nodes(const char *text, struct cap_view *v, char **cause);

/*
 * `scontrol show partition -o` output into v's partitions (Nodes=
 * expanded). 0, or -1 with *cause.
 */
int capacity_parse_partitions(const char *text, struct cap_view *v,
			      char **cause);

/*
 * The shell text that prints both, on the controller, between "@@C"
 * marker lines; it always exits 0 (scontrol's failure is said inside).
 * A slurmctld that apply just restarted may not answer at once: it is
 * asked up to tries times, a second apart.
 */
void capacity_script(struct strbuf *sb, int tries);

/* Reads capacity_script's output (a whole section body) into v. */
void capacity_parse(const char *body, struct cap_view *v);

/* What apply would leave slurmctld with: the model's nodes and partitions. */
void capacity_from_model(const struct model *m, struct cap_view *v);

/*
 * What have (slurmctld now) holds that want (after apply) does not, each
 * a line of text, folded by hostlist. Returns the count; *out (NULL when
 * none) is owned by the caller (capacity_list_free).
 */
size_t capacity_losses(const struct cap_view *have, const struct cap_view *want,
		       char ***out);

/*
 * The nodes of want (the inventory) that have (slurmctld after apply)
 * lacks or shows with other CPUs, memory, GRES or features, folded.
 * Returns the count; *out as above.
 */
size_t capacity_mismatches(const struct cap_view *want,
			   const struct cap_view *have, char ***out);

/*
 * capacity_losses() of have against what apply leaves for model m
 * (capacity_from_model); 0 when have was not seen.
 */
size_t capacity_model_losses(const struct model *m, const struct cap_view *have,
			     char ***out);

/*
 * capacity_mismatches() of model m against have (slurmctld after apply).
 * Where have was not seen but before was (slurmctld answered before
 * apply), that is the one mismatch.
 */
size_t capacity_model_mismatches(const struct model *m,
				 const struct cap_view *have, bool before,
				 char ***out);

void capacity_list_free(char **list, size_t n);

#endif
