/*
 * fuzz_hostlist.c: libFuzzer target for hostlist.c. Two round trips must
 * hold for any input, else the target aborts:
 *   - the input as an expression: when it expands, compressing the names
 *     and expanding the result gives the same set, sorted, without
 *     duplicates;
 *   - the input as names, one per line (names with characters a hostlist
 *     cannot hold dropped): the same through compress then expand.
 * No crash, leak or ASan/UBSan report either way.
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "base/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts names and drops duplicates in place; returns the new count. */
static size_t sort_unique(char **names, size_t n)
{
	size_t i, k = 0;

	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++)
		if (!k || strcmp(names[k - 1], names[i]))
			names[k++] = names[i];
	return k;
}

/* compress(names) expanded back must be exactly the sorted unique names. */
static void round_trip(char **names, size_t n)
{
	char **want = xcalloc(n + 1, sizeof(*want));
	struct hostlist back = HOSTLIST_INIT;
	char *folded = hostlist_compress((const char *const *)names, n);
	char *cause = NULL;
	size_t i, k;

	if (n)
		memcpy(want, names, n * sizeof(*names));
	k = sort_unique(want, n);
	if (hostlist_expand(folded, &back, &cause)) {
		fprintf(stderr, "compress gave '%s', which does not expand: %s\n",
			folded, cause);
		abort();
	}
	if (back.n)
		qsort(back.names, back.n, sizeof(*back.names), cmp_str);
	if (back.n != k) {
		fprintf(stderr, "'%s': %zu names back, %zu unique in\n", folded,
			back.n, k);
		abort();
	}
	for (i = 0; i < k; i++) {
		if (strcmp(back.names[i], want[i])) {
			fprintf(stderr, "'%s': got '%s', want '%s'\n", folded,
				back.names[i], want[i]);
			abort();
		}
	}
	hostlist_release(&back);
	free(folded);
	free(want);
}

static void as_expression(const char *s)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;

	if (hostlist_expand(s, &hl, &cause) == 0) {
		if (cause)
			abort();	/* success leaves no cause */
		/* Big lists prove nothing more and slow the fuzzer down. */
		if (hl.n <= 20000)
			round_trip(hl.names, hl.n);
	} else if (!cause || hl.n) {
		abort();		/* failure: a cause, and out untouched */
	}
	free(cause);
	hostlist_release(&hl);
}

static void as_names(char *s)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *line, *save = NULL;

	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (*line && !strpbrk(line, "[], \t"))
			hostlist_push(&hl, line);
	round_trip(hl.names, hl.n);
	hostlist_release(&hl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size > 1024)	/* keeps expansions (up to 10^6 names) quick */
		return 0;
	s = xstrndup((const char *)data, size);
	as_expression(s);
	as_names(s);
	free(s);
	return 0;
}
