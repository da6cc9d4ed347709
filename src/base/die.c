/*
 * die.c: fatal error reporting for the few conditions that end the process.
 * Everything the user can fix is reported through diag.c instead.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/die.h"

static void vreport(const char *prefix, const char *fmt, va_list ap,
		    const char *suffix)
{
	fprintf(stderr, "clusterctl: %s", prefix);
	vfprintf(stderr, fmt, ap);
	if (suffix)
		fprintf(stderr, ": %s", suffix);
	fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap, NULL);
	va_end(ap);
	exit(1);
}

void die_errno(const char *fmt, ...)
{
	const char *err = strerror(errno);
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap, err);
	va_end(ap);
	exit(1);
}

void bug_fl(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "clusterctl: BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
