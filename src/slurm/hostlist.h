/*
 * hostlist.h: Slurm hostlist expressions ("gpu[01-16],login1"), expanded to
 * names and folded back into the fewest ranges.
 *
 * Expansion follows Slurm 22.05 (src/common/hostlist.c), checked against
 * "scontrol show hostnames": zero padding takes the width of the range's
 * start ("n[001-3]" -> n001..n003, "n[1-003]" -> n1..n3), several ranges
 * and singles share one bracket, several bracket groups expand to their
 * cartesian product in Slurm's order, duplicates are kept.
 *
 * Two deliberate differences from Slurm, both stricter or a strict
 * superset of what Slurm accepts:
 *   - text after the last bracket group ("n[1-2]-ib") is accepted as a
 *     suffix; Slurm 22.05 rejects such expressions. hostlist_compress()
 *     never produces one, so its output always parses in Slurm.
 *   - malformed input that Slurm silently guesses at ("n[1-", "n[1-]",
 *     blanks inside brackets) is an error here.
 */
#ifndef CLUSTERCTL_HOSTLIST_H
#define CLUSTERCTL_HOSTLIST_H

#include "base/compat.h"

/* The most hosts one range may hold (Slurm's MAX_RANGE). */
#define HOSTLIST_MAX_RANGE 65536
/* The most hosts one call to hostlist_expand() may produce. */
#define HOSTLIST_MAX_HOSTS 1000000

struct hostlist {
	char **names;	/* owned, each owned */
	size_t n, alloc;
};

#define HOSTLIST_INIT { NULL, 0, 0 }

void hostlist_init(struct hostlist *hl);
/* Appends a copy of name. */
void hostlist_push(struct hostlist *hl, const char *name);
/* Frees every name and leaves hl empty and reusable. NULL-safe. */
void hostlist_release(struct hostlist *hl);

/*
 * Appends the expansion of a Slurm hostlist expression to out, in Slurm's
 * order (= scontrol show hostnames). Names are separated by commas or
 * blanks outside brackets. Returns 0, or -1 with *cause set (newly
 * allocated; caller frees) and out unchanged.
 */
int hostlist_expand(const char *expr, struct hostlist *out, char **cause);

/* As hostlist_expand(), naming at most max hosts ("expands to more than"). */
int hostlist_expand_max(const char *expr, size_t max, struct hostlist *out,
			char **cause);

/*
 * The number of names expr expands to, without making them (duplicates
 * counted), or max + 1 when it names more than max (found as soon as it
 * does): 0 with *n, or hostlist_expand()'s -1 and *cause.
 */
int hostlist_count(const char *expr, size_t max, size_t *n, char **cause);

/*
 * Folds names into the fewest ranges, Slurm style ("gpu[001-128],login1"),
 * deterministic whatever the input order: names are grouped by the text
 * before their last run of digits, groups sorted in natural order, numbers
 * sorted, duplicates removed; zero-padded and plain numbers only share a
 * range where Slurm would print them identically ("n[08-11]", "n[9-10,011]").
 * Names without a trailing number, or holding characters that cannot appear
 * in a hostlist ("[],", blanks), are listed as they are. O(n log n).
 * Returns a newly allocated string ("" for no names); caller frees.
 */
char *hostlist_compress(const char *const *names, size_t n);

#endif
