/*
 * review_items.h: what the inventory itself adds, removes or changes
 * (hosts folded by hostlist, node types, partitions, files: entries, the
 * cluster's keys): the first section of a review (review.h).
 */
#ifndef CLUSTERCTL_REVIEW_ITEMS_H
#define CLUSTERCTL_REVIEW_ITEMS_H

#include "base/compat.h"

#include "inventory/model.h"

enum review_op { REVIEW_ADDED, REVIEW_REMOVED, REVIEW_CHANGED };

/* What an inventory names that the other does not, or names otherwise. */
enum review_kind {
	REVIEW_CLUSTER,		/* a cluster key (slurm_version, config_mode ...) */
	REVIEW_HOST,		/* hosts, folded by hostlist */
	REVIEW_NODE_TYPE,
	REVIEW_PARTITION,
	REVIEW_FILE,		/* a files: entry, by path */
};

struct review_item {
	enum review_kind kind;
	enum review_op op;
	char *name;		/* host list, type, partition, path or cluster key */
	char *old, *new;	/* described ("type fake2; roles compute"); NULL: none */
};

struct review_itemset {
	struct review_item *v;
	size_t n, alloc;
};

/* What head adds, removes or changes against base, appended to out. */
void review_items_build(const struct model *base, const struct model *head,
			struct review_itemset *out);

/* Frees what s holds; s is left empty. */
void review_items_release(struct review_itemset *s);

#endif
