/*
 * inventory_scalar.h: the scalar syntaxes an inventory writes that are
 * not plain YAML types (inventory_scalar.c).
 */
#ifndef CLUSTERCTL_INVENTORY_SCALAR_H
#define CLUSTERCTL_INVENTORY_SCALAR_H

#include "base/compat.h"

/*
 * Parses a memory size as the inventory writes it: a plain number is MB,
 * or a number (fraction allowed) with a K, M, G, T or P suffix (binary
 * units, optional "B"/"iB"). Returns 0 and sets *mb (rounded down), or -1.
 */
int inventory_parse_memory(const char *s, long long *mb);

/*
 * True if s is a time Slurm takes (slurmtime.h): UNLIMITED, INFINITE, -1,
 * MM, MM:SS, HH:MM:SS, D-, D-HH, D-HH:MM or D-HH:MM:SS, no field bound by
 * its clock's range.
 */
bool inventory_valid_time(const char *s);

#endif
