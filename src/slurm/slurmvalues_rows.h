/*
 * slurmvalues_rows.h: the rows of slurmvalues.c's tables, one per key and
 * span of releases: the value's kind, its range, its words (the data read
 * from Slurm's source, in slurmvalues_rows.c). Private to slurmvalues.c.
 */
#ifndef CLUSTERCTL_SLURMVALUES_ROWS_H
#define CLUSTERCTL_SLURMVALUES_ROWS_H

#include "base/compat.h"

enum slurmvalue_kind {
	SV_U16, SV_U32, SV_U64,	/* s_p_handle_uint16/32/64 */
	SV_FLOAT,		/* s_p_handle_float */
	SV_BOOL,			/* s_p_handle_boolean */
	SV_MINS,			/* time_str2mins: a time, read in minutes */
	SV_SECS,			/* time_str2secs */
	SV_PURGE,		/* slurmdb_parse_purge */
	SV_LEVEL,		/* log_string2num */
	SV_WORD,			/* one of words */
	SV_LIST,			/* a comma-separated list of words */
	SV_SUBSTR,		/* a list Slurm searches for words (xstrcasestr) */
	SV_NUMWORD,		/* an integer, or one of words */
	SV_WEIGHTS,		/* TRES=weight[unit],... (slurm_get_tres_weight_array) */
};

enum slurmvalue_flags {
	SV_SOFT_LOW = 1 << 0,	/* below min: Slurm logs an error, uses another value */
	SV_SOFT_HIGH = 1 << 1,	/* above max: the same */
	SV_BARE = 1 << 2,	/* plugin words may drop their "type/" (TaskPlugin) */
};

/* Release indexes (slurmkeys.c's versions[]) of the releases read. */
enum { SV_2205 = 3, SV_2311 = 5, SV_2411 = 7, SV_2605 = 10, SV_NREL = 11 };

/*
 * One key's value in releases [from, to). words: comma-separated; the words
 * marked '!' (or '^') are a group of which Slurm takes one at most. rules:
 * "A+B" (A needs B) and "A-B" (not A with B), comma-separated.
 */
struct slurmvalue_row {
	const char *key;
	unsigned char table, from, to, kind, flags;
	long long min;
	unsigned long long max;	/* 0: the type's own */
	const char *words, *rules;
};

/* The rows, and their count in *n. Static. */
const struct slurmvalue_row *slurmvalue_rows(size_t *n);

#endif
