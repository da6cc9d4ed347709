/*
 * xalloc.h: allocation that cannot fail. Out of memory ends the process;
 * that is safe because every remote write is temp-file-then-rename and every
 * database change runs in one transaction (DESIGN.md §2).
 */
#ifndef CLUSTERCTL_XALLOC_H
#define CLUSTERCTL_XALLOC_H

#include "base/compat.h"

#include <stdarg.h>

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
/* Grows an array of nmemb elements of size bytes, checking for overflow. */
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a newly allocated formatted string; caller frees. */
ATTR_PRINTF(1, 2) char *xasprintf(const char *fmt, ...);
char *xvasprintf(const char *fmt, va_list ap);

/*
 * Ensures an array *arr with capacity *cap can hold need elements of size
 * elem_size, doubling as it grows.
 */
void xgrow(void **arr, size_t *cap, size_t need, size_t elem_size);
#define XGROW(arr, cap, need) \
	xgrow((void **)&(arr), &(cap), (need), sizeof(*(arr)))

/*
 * qsort() that accepts an empty array given as NULL (qsort(NULL, 0, ...)
 * is undefined behaviour, and UBSan says so).
 */
void xqsort(void *base, size_t nmemb, size_t size,
	    int (*cmp)(const void *, const void *));

/* Wipes then frees a secret buffer of len bytes (NULL-safe). */
void xfree_secret(void *p, size_t len);

#endif
