/*
 * die.h: the last-resort reporters. die() is for conditions the program
 * cannot continue from (out of memory, broken invariants); user-facing
 * problems go through diag.h instead.
 */
#ifndef CLUSTERCTL_DIE_H
#define CLUSTERCTL_DIE_H

#include "base/compat.h"

/* Prints "clusterctl: fatal: ..." to stderr and exits with status 1. */
ATTR_NORETURN ATTR_PRINTF(1, 2) void die(const char *fmt, ...);

/* As die(), appending ": strerror(errno)". */
ATTR_NORETURN ATTR_PRINTF(1, 2) void die_errno(const char *fmt, ...);

/* Internal invariant violated: prints file:line and aborts. */
#define BUG(...) bug_fl(__FILE__, __LINE__, __VA_ARGS__)
ATTR_NORETURN ATTR_PRINTF(3, 4) void bug_fl(const char *file, int line,
					    const char *fmt, ...);

#endif
