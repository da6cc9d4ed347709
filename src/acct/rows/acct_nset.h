/*
 * acct_nset.h: internal. The association nested set (lft/rgt) simulated in
 * memory with slurmdbd 22.05's own rule, so that ten thousand new
 * associations cost one pass of shifts in memory instead of three UPDATEs
 * over the whole table each: a new association becomes the leftmost child
 * of its parent (lft = parent.lft + 1) and every row right of parent.lft,
 * soft-deleted ones included, moves right by two.
 *
 * Slurm 23.11+ keeps the tree in id_parent and lineage ("/physics/hep/",
 * "/physics/hep/0-alice/" for a user, "/" for root) and leaves lft/rgt at
 * 0 on clusters registered by a 23.11+ slurmctld: a flat set (flat) places
 * new rows there without any shift. Rows carry their lineage when the
 * caller set one; a child of a row with a lineage gets its own.
 *
 * Ownership: struct acct_nset owns its rows and strings.
 */
#ifndef CLUSTERCTL_ACCT_NSET_H
#define CLUSTERCTL_ACCT_NSET_H

#include "base/compat.h"

struct acct_nrow {
	unsigned long id;	/* id_assoc; 0 for rows not inserted yet */
	char *acct, *user, *part;
	long lft, rgt;
	int deleted;
	long long ctime;	/* creation_time (0 unless the caller sets it) */
	char *lineage;		/* NULL unless set (22.05 has none) */
	bool moved;		/* lft/rgt differ from the database's */
	bool gone;		/* removed by acct_nset_remove_subtree() */
};

struct acct_nset {
	struct acct_nrow *rows;
	size_t n, alloc;
	/* indices of the account rows (user ''): the parents children look up */
	size_t *accts, n_accts, alloc_accts;
	bool flat;		/* lft/rgt not maintained (23.11+ registered cluster) */
};

void acct_nset_push(struct acct_nset *s, unsigned long id, const char *acct,
		    const char *user, const char *part, long lft, long rgt,
		    int deleted);
/* Sets row idx's lineage (copied). */
void acct_nset_set_lineage(struct acct_nset *s, size_t idx, const char *lineage);
/*
 * The account row (user '') of acct that a child hangs under, as slurmdbd
 * picks it (the smallest lft; a live row first in a flat set); SIZE_MAX.
 */
size_t acct_nset_parent(const struct acct_nset *s, const char *acct);
/* Row index of (acct, user, partition ''), not deleted; SIZE_MAX if none. */
size_t acct_nset_find(const struct acct_nset *s, const char *acct,
		      const char *user);
/* The same for (acct, user, part); part "" is none. */
size_t acct_nset_find_part(const struct acct_nset *s, const char *acct,
			   const char *user, const char *part);
/*
 * Adds (acct, user) as the leftmost child of account `parent` (flat: with
 * lft = rgt = 0 and no shift), with its lineage when the parent has one;
 * returns its index, or SIZE_MAX when the parent has no row.
 */
size_t acct_nset_add_child(struct acct_nset *s, const char *parent,
			   const char *acct, const char *user);
/*
 * Removes row idx and every row inside it (soft-deleted ones too) the way
 * slurmdbd 22.05 removes an association of less than a day: "delete ...
 * where lft between L and R", then every rgt > R and every lft > R moves
 * left by the width R - L + 1. Removed rows stay in the array with gone
 * (and moved) set; gone rows are skipped by every other function. Returns
 * how many rows were removed (0 when idx is already gone).
 */
size_t acct_nset_remove_subtree(struct acct_nset *s, size_t idx);
/*
 * Marks row idx gone the way slurmdbd 23.11+ removes a young association of
 * a flat set: by id, nothing else moves (the caller's row list already
 * holds the subtree). Returns 1, or 0 when already gone.
 */
size_t acct_nset_remove_row(struct acct_nset *s, size_t idx);
/* True when lft/rgt of the rows form a valid nested set (tests, read back). */
bool acct_nset_valid(const struct acct_nset *s);
void acct_nset_release(struct acct_nset *s);

#endif
