/*
 * hostlist_test.c: expansion against outputs taken from Slurm 22.05's
 * "scontrol show hostnames" (the shell test t0100 cross-checks hundreds
 * more against the real binary), every error path with its message, and
 * compression: fewest ranges, determinism, and the round trip
 * expand(compress(x)) == sorted unique x on random name sets.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

/* Expands expr and returns the names joined by blanks; caller frees. */
static char *expand_joined(const char *expr)
{
	struct hostlist hl = HOSTLIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *cause = NULL;
	size_t i;

	cr_assert_eq(hostlist_expand(expr, &hl, &cause), 0, "'%s': %s", expr,
		     cause ? cause : "");
	cr_assert_null(cause);
	for (i = 0; i < hl.n; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", hl.names[i]);
	hostlist_release(&hl);
	return strbuf_detach(&sb, NULL);
}

static void check_expand(const char *expr, const char *want)
{
	char *got = expand_joined(expr);

	cr_assert_str_eq(got, want, "expand '%s'", expr);
	free(got);
}

static void check_error(const char *expr, const char *want)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;

	hostlist_push(&hl, "kept");
	cr_assert_eq(hostlist_expand(expr, &hl, &cause), -1, "'%s' accepted", expr);
	cr_assert_not_null(cause);
	cr_assert_str_eq(cause, want);
	/* On error the list is left as it was. */
	cr_assert_eq(hl.n, 1);
	cr_assert_str_eq(hl.names[0], "kept");
	free(cause);
	hostlist_release(&hl);
}

static void check_compress(const char *const *names, size_t n, const char *want)
{
	char *got = hostlist_compress(names, n);

	cr_assert_str_eq(got, want);
	free(got);
}

Test(hostlist, expand_plain_names_and_top_level_separators)
{
	check_expand("login1", "login1");
	check_expand("a,b,a", "a b a");
	check_expand(",a,,b, c\td\n", "a b c d");
	check_expand("", "");
}

Test(hostlist, expand_zero_padding_takes_width_of_start)
{
	check_expand("gpu[01-03],login1", "gpu01 gpu02 gpu03 login1");
	check_expand("n[001-3]", "n001 n002 n003");
	check_expand("n[1-003]", "n1 n2 n3");
	check_expand("n[8-11]", "n8 n9 n10 n11");
	check_expand("n[08-11]", "n08 n09 n10 n11");
	check_expand("n[00-02]", "n00 n01 n02");
	check_expand("[1-2]", "1 2");
}

Test(hostlist, expand_several_ranges_in_one_bracket)
{
	check_expand("n[1-3,7,10-12]", "n1 n2 n3 n7 n10 n11 n12");
	check_expand("n[1,1,2]", "n1 n1 n2");	/* duplicates kept, as Slurm */
	check_expand("n[1-2],m[3-4]", "n1 n2 m3 m4");
}

Test(hostlist, expand_bracket_groups_in_slurm_order)
{
	check_expand("rack[1-2]-n[01-03]",
		     "rack1-n01 rack1-n02 rack1-n03 rack2-n01 rack2-n02 rack2-n03");
	check_expand("n[1-2][3-4]", "n13 n14 n23 n24");
	/* Slurm: last group fastest, then the first, the middle slowest. */
	check_expand("a[1-2]b[3-4]c[5-6]",
		     "a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 a1b4c6 a2b4c5 a2b4c6");
	check_expand("n[1-2]x[01-02]y[1-2]z[5-6]",
		     "n1x01y1z5 n1x01y1z6 n2x01y1z5 n2x01y1z6 "
		     "n1x02y1z5 n1x02y1z6 n2x02y1z5 n2x02y1z6 "
		     "n1x01y2z5 n1x01y2z6 n2x01y2z5 n2x01y2z6 "
		     "n1x02y2z5 n1x02y2z6 n2x02y2z5 n2x02y2z6");
}

Test(hostlist, expand_suffix_after_brackets)
{
	/* An extension: Slurm 22.05 rejects text after the last group. */
	check_expand("n[1-2]-ib", "n1-ib n2-ib");
	check_expand("a[1-2]b[3-4]c", "a1b3c a1b4c a2b3c a2b4c");
}

Test(hostlist, expand_errors_name_the_problem)
{
	check_error("n[3-1]", "bad hostlist 'n[3-1]': range '3-1' ends before it starts");
	check_error("n[1-", "bad hostlist 'n[1-': '[' at column 2 is never closed");
	check_error("n[]", "bad hostlist 'n[]': empty range at column 3");
	check_error("a,n[1,]", "bad hostlist 'a,n[1,]': empty range at column 7");
	check_error("n[,1]", "bad hostlist 'n[,1]': empty range at column 3");
	check_error("n[1-]", "bad hostlist 'n[1-]': range '1-' is not N or N-M");
	check_error("n[-2]", "bad hostlist 'n[-2]': range '-2' is not N or N-M");
	check_error("n[1--2]", "bad hostlist 'n[1--2]': range '1--2' is not N or N-M");
	check_error("n[a-b]", "bad hostlist 'n[a-b]': range 'a-b' is not N or N-M");
	check_error("n[ 1]", "bad hostlist 'n[ 1]': range ' 1' is not N or N-M");
	check_error("x n]", "bad hostlist 'x n]': ']' without '[' at column 4");
	check_error("n[[1]]", "bad hostlist 'n[[1]]': '[' inside brackets at column 3");
	check_error("n[99999999999999999999]",
		    "bad hostlist 'n[99999999999999999999]': number "
		    "'99999999999999999999' is too large");
}

Test(hostlist, expand_limits)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;

	cr_assert_eq(hostlist_expand("a[1-65536]", &hl, &cause), 0);
	cr_assert_eq(hl.n, 65536);
	cr_assert_str_eq(hl.names[65535], "a65536");
	hostlist_release(&hl);
	check_error("n[0-65536]",
		    "bad hostlist 'n[0-65536]': range '0-65536' holds more than 65536 hosts");
	check_error("a[0-999]b[0-1000]",
		    "bad hostlist 'a[0-999]b[0-1000]': expands to more than 1000000 hosts");
	/* Refused at the second group, before the others are even read. */
	check_error("[0-60000][0-60000][0-60000][0-60000][0-60000][0-60000]",
		    "bad hostlist '[0-60000][0-60000][0-60000][0-60000][0-60000]"
		    "[0-60000]': expands to more than 1000000 hosts");
	/* One plain name past a full budget. */
	check_error("a[0-999]b[0-999],x",
		    "bad hostlist 'a[0-999]b[0-999],x': expands to more than 1000000 hosts");
	check_error("a[0-60000],b[0-60000],c[0-60000],d[0-60000],e[0-60000],"
		    "f[0-60000],g[0-60000],h[0-60000],i[0-60000],j[0-60000],"
		    "k[0-60000],l[0-60000],m[0-60000],n[0-60000],o[0-60000],"
		    "p[0-60000],q[0-60000]",
		    "bad hostlist 'a[0-60000],b[0-60000],c[0-60000],d[0-60000],"
		    "e[0-60000],f[0-60000],g[0-60000],h[0-60000],i[0-60000],"
		    "j[0-60000],k[0-60000],l[0-60000],m[0-60000],n[0-60000],"
		    "o[0-60000],p[0-60000],q[0-60000]': expands to more than "
		    "1000000 hosts");
}

/* Counting makes no name, and stops at max: validate's budget (issue 29). */
Test(hostlist, count_without_expanding_and_stop_past_max)
{
	size_t n = 0;
	char *cause = NULL;

	cr_assert_eq(hostlist_count("n[01-16],login1,n[1-2]x[1-3]", 100, &n, &cause), 0);
	cr_expect_eq(n, 16 + 1 + 6);
	cr_assert_eq(hostlist_count("a[0-59999],b[0-59999]", 100000, &n, &cause), 0);
	cr_expect_eq(n, 100001, "more than max: max + 1, no error");
	cr_expect_null(cause);
	cr_assert_eq(hostlist_count("a[0-999][0-999][0-999]", 1000, &n, &cause), 0);
	cr_expect_eq(n, 1001);
	cr_expect_eq(hostlist_count("n[1-", 100, &n, &cause), -1);
	cr_expect_not_null(strstr(cause, "never closed"), "%s", cause);
	free(cause);
}

Test(hostlist, expand_max_names_its_own_limit)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;

	cr_expect_eq(hostlist_expand_max("n[1-20]", 10, &hl, &cause), -1);
	cr_expect_str_eq(cause, "bad hostlist 'n[1-20]': expands to more than 10 hosts");
	cr_expect_eq(hl.n, 0);
	free(cause);
}

Test(hostlist, release_is_null_safe_and_reusable)
{
	struct hostlist hl = HOSTLIST_INIT;

	hostlist_release(NULL);
	hostlist_push(&hl, "a");
	hostlist_release(&hl);
	cr_assert_eq(hl.n, 0);
	cr_assert_null(hl.names);
	hostlist_push(&hl, "b");
	cr_assert_str_eq(hl.names[0], "b");
	hostlist_release(&hl);
}

Test(hostlist, compress_folds_to_fewest_ranges)
{
	const char *consecutive[] = { "gpu003", "gpu001", "gpu002", "login1" };
	const char *gaps[] = { "n1", "n2", "n3", "n7", "n10", "n11", "n12" };
	const char *single[] = { "n5" };
	const char *middle[] = { "rack1-n02", "rack1-n01", "rack2-n01" };

	check_compress(consecutive, 4, "gpu[001-003],login1");
	check_compress(gaps, 7, "n[1-3,7,10-12]");
	check_compress(single, 1, "n5");
	check_compress(middle, 3, "rack1-n[01-02],rack2-n01");
	check_compress(NULL, 0, "");
}

Test(hostlist, compress_mixed_widths_as_slurm_prints_them)
{
	const char *plain[] = { "n8", "n9", "n10", "n11" };
	const char *padded[] = { "n08", "n09", "n10", "n11" };
	const char *mixed[] = { "n9", "n10", "n011" };
	const char *many[] = { "n1", "n01", "n001", "n08", "n8", "n9", "n10", "n11" };
	const char *zero[] = { "n0", "n1", "n00" };

	check_compress(plain, 4, "n[8-11]");
	check_compress(padded, 4, "n[08-11]");
	check_compress(mixed, 3, "n[9-10,011]");
	check_compress(many, 8, "n[01,001,1,08,8-11]");
	check_compress(zero, 3, "n[00,0-1]");
}

Test(hostlist, compress_sorts_dedups_and_orders_prefixes_naturally)
{
	const char *names[] = { "rack10-n1", "x", "rack2-n1", "login", "rack2-n1",
				"login2", "login1", "", "b", "a" };

	check_compress(names, ARRAY_SIZE(names),
		       "a,b,login,login[1-2],rack2-n1,rack10-n1,x");
}

Test(hostlist, compress_lists_unfoldable_names_verbatim)
{
	const char *names[] = { "n1-ib", "n2-ib", "weird[1]", "n3" };

	/* Slurm 22.05 cannot read "n[1-2]-ib", so no suffix ranges. */
	check_compress(names, 4, "n3,n1-ib,n2-ib,weird[1]");
}

Test(hostlist, compress_is_independent_of_input_order)
{
	const char *names[] = { "c5", "a1", "b07", "a3", "a2", "b08", "c4", "b9" };
	char *first = hostlist_compress(names, ARRAY_SIZE(names));
	unsigned seed = 7;
	int round;

	for (round = 0; round < 50; round++) {
		size_t i;
		char *again;

		for (i = ARRAY_SIZE(names) - 1; i > 0; i--) {
			size_t j = (size_t)rand_r(&seed) % (i + 1);
			const char *t = names[i];

			names[i] = names[j];
			names[j] = t;
		}
		again = hostlist_compress(names, ARRAY_SIZE(names));
		cr_assert_str_eq(again, first);
		free(again);
	}
	cr_assert_str_eq(first, "a[1-3],b[07-08,9],c[4-5]");
	free(first);
}

static int strcmp_p(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts and dedups names in place; returns the new count. */
static size_t sort_unique(char **names, size_t n)
{
	size_t i, k = 0;

	qsort(names, n, sizeof(*names), strcmp_p);
	for (i = 0; i < n; i++)
		if (!k || strcmp(names[k - 1], names[i]))
			names[k++] = names[i];
	return k;
}

static char *random_name(unsigned *seed)
{
	static const char *prefixes[] = { "n", "gpu", "rack1-n", "rack2-n", "a1b", "" };
	unsigned r = (unsigned)rand_r(seed);
	const char *pre = prefixes[r % ARRAY_SIZE(prefixes)];
	int width = (int)((r >> 4) % 4);	/* 0: no padding */

	if ((r >> 8) % 17 == 0)
		return xasprintf("%s%s", pre, "login");
	return xasprintf("%s%0*u", pre, width, (r >> 12) % 120);
}

Test(hostlist, compress_round_trips_on_random_sets)
{
	unsigned seed = 1;
	int round;

	for (round = 0; round < 300; round++) {
		size_t n = (size_t)rand_r(&seed) % 60, i, k;
		char **names = xcalloc(n + 1, sizeof(*names));
		char **set = xcalloc(n + 1, sizeof(*set));
		struct hostlist back = HOSTLIST_INIT;
		char *folded, *cause = NULL;

		for (i = 0; i < n; i++)
			names[i] = random_name(&seed);
		folded = hostlist_compress((const char *const *)names, n);
		cr_assert_eq(hostlist_expand(folded, &back, &cause), 0, "%s", folded);
		memcpy(set, names, n * sizeof(*names));
		k = sort_unique(set, n);
		/* Expansion of the folded list: sorted, unique, same set. */
		if (back.n)
			qsort(back.names, back.n, sizeof(*back.names), strcmp_p);
		cr_assert_eq(back.n, k, "'%s': %zu names back, %zu in", folded,
			     back.n, k);
		for (i = 0; i < k; i++)
			cr_assert_str_eq(back.names[i], set[i], "'%s'", folded);
		hostlist_release(&back);
		free(folded);
		for (i = 0; i < n; i++)
			free(names[i]);
		free(names);
		free(set);
	}
}
