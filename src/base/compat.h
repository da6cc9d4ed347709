/*
 * compat.h: the first include of every source file. Feature macros and the
 * attributes the rest of the code relies on, in one place.
 */
#ifndef CLUSTERCTL_COMPAT_H
#define CLUSTERCTL_COMPAT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ATTR_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#define ATTR_NORETURN __attribute__((noreturn))
#define ATTR_UNUSED __attribute__((unused))

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
