/*
 * slurmtime.h: Slurm's time strings (a partition's MaxTime= and
 * DefaultTime=, a QoS's or an association's MaxWall and GrpWall) read as
 * Slurm reads them: UNLIMITED, INFINITE or -1 (any case); else digits
 * with at most one '-' (before any ':') and at most two ':', as
 * D-[HH[:MM[:SS]]], HH:MM:SS or MM[:SS], where no field is bound by its
 * clock's range (1:90 is 150 seconds, 7-0:00:99 a week and 99 seconds).
 * One parser for the inventory's validation, the accounting's minutes and
 * the capacity guard.
 */
#ifndef CLUSTERCTL_SLURMTIME_H
#define CLUSTERCTL_SLURMTIME_H

#include "base/compat.h"

#define SLURMTIME_INFINITE (-1LL)

/*
 * The seconds s stands for, SLURMTIME_INFINITE for no limit: 0 and
 * *secs, or -1 (*secs untouched) when Slurm refuses s: not that shape,
 * a negative time, or more than Slurm's int holds.
 */
int slurmtime_seconds(const char *s, long long *secs);

/* The same in minutes, rounded up as Slurm does (-1: no limit). */
int slurmtime_minutes(const char *s, long long *mins);

#endif
