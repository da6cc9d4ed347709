/*
 * review.h: what a change of the inventory means, offline ("clusterctl
 * diff BASE HEAD"): no host, no database. BASE stands for what the
 * cluster runs: its rendered files are what each host holds (review_obs.c
 * makes them an observation), its accounting rows what the database
 * holds, its nodes and partitions what slurmctld runs. The plan of HEAD
 * against that observation (plan_compute: the same comparison, restart
 * classification and capacity guard as "plan") is the review's core;
 * around it:
 *   - the inventory's own additions and removals: hosts, node types,
 *     partitions, files: entries, cluster keys;
 *   - every Slurm setting that changes, as Slurm reads it (slurmdiff.h),
 *     each with what it needs from the daemons on HEAD's release
 *     (plan_classify_setting), folded by hostlist; a node HEAD adds
 *     reads as one line;
 *   - the accounting rows to add, change or remove (acct_plan_between);
 *   - the munge key, by fingerprint only, and only where it is readable
 *     inside the inventory's tree (docs/security.md: diff, like validate
 *     and render, opens no credential path an inventory names).
 * No secret reaches the review: rendered files hold placeholders, the
 * plan masks secret keys, slurmdiff keeps no secret value.
 *
 * Ownership: struct review owns everything but the two models (borrowed;
 * they must outlive it). review_free().
 */
#ifndef CLUSTERCTL_REVIEW_H
#define CLUSTERCTL_REVIEW_H

#include "base/compat.h"

#include <jansson.h>

#include "decide/plan.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "render/render.h"
#include "review/review_items.h"
#include "base/strbuf.h"

/* ---- the value ---- */

/* One Slurm setting that changes, with what it needs from the daemons. */
struct review_setting {
	char *text;		/* "partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00" */
	unsigned restart;	/* enum restart_need bits */
	const char *key;	/* the key that decides it (borrowed), or NULL */
	/* as slurmdiff.h has it (scope "node", "partition" ...): all owned */
	const char *scope;	/* "global", "node", "partition", "record", "gres",
				 * "new node" (where's every key on one line) */
	char *where, *setting, *old, *new;
};

/* One change of a file, the same on every host of hosts. */
struct review_file {
	size_t first;		/* its plan_file (r->plan->files[first]) */
	char *hosts;		/* folded hostlist */
	bool new_hosts;		/* every host of hosts is new in HEAD */
	char *same_as;		/* a created file others get too: their hosts; or NULL */
	struct review_setting *settings;	/* read by meaning (f->settings) */
	size_t n_settings;
	unsigned restart;	/* the plan's bits for the change */
};

/* The munge key: the inventory names a source (or none), readable or not. */
struct review_munge {
	bool changed;
	char base_fp[MUNGEKEY_FP_LEN], head_fp[MUNGEKEY_FP_LEN];	/* "": not read */
	char *note;		/* why it was not compared, or NULL */
};

struct review {
	const struct model *base, *head;	/* borrowed */
	char *base_label, *head_label;		/* how each is named (a path, REF:path) */
	bool reexec;				/* HEAD's reconfigure re-executes (23.11+) */
	struct rendered_set brs, hrs;
	struct obs_host *obs;			/* head->n_hosts: BASE as observed */
	struct plan *plan;			/* HEAD against obs */
	struct review_itemset items;		/* the inventory's own changes */
	struct review_file *files;		/* one per group of r->plan->files */
	size_t n_files;
	struct acct_plan *acct;			/* BASE's rows to HEAD's */
	struct review_munge munge;
};

/*
 * Reviews HEAD against BASE (both validated models; labels name them in
 * the output). 0 with *out, or -1 with *cause (newly allocated: a side
 * that does not render, says which; accounting rows that do not build).
 */
int review_compute(const struct model *base, const char *base_label,
		   const struct model *head, const char *head_label,
		   struct review **out, char **cause);

/* The number of changes: items, files, users, services, rows, key. */
size_t review_count(const struct review *r);

/* True when HEAD takes capacity away (plan's guard: r->plan->cap_losses). */
bool review_capacity_lost(const struct review *r);

void review_free(struct review *r);

#endif
