/*
 * diff_test.c: unified diffs. Small cases are checked line for line against
 * what GNU diff -u prints; random edits are checked by applying the produced
 * patch back onto the old text, and by comparing the edit size with diff(1).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diff.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

static char *udiff(const char *a, const char *b, unsigned ctx, size_t *hunks)
{
	struct strbuf out = STRBUF_INIT;

	*hunks = diff_unified(a, strlen(a), b, strlen(b), "a", "b", ctx, &out);
	return strbuf_detach(&out, NULL);
}

Test(diff, equal_inputs_give_nothing)
{
	size_t h;
	char *d = udiff("x\ny\n", "x\ny\n", 3, &h);

	cr_expect_eq(h, 0);
	cr_expect_str_eq(d, "");
	free(d);
	d = udiff("", "", 3, &h);
	cr_expect_eq(h, 0);
	cr_expect_str_eq(d, "");
	free(d);
}

Test(diff, one_changed_line_with_context)
{
	size_t h;
	char *d = udiff("1\n2\n3\n4\n5\n6\n7\n8\n9\n",
			"1\n2\n3\n4\nFIVE\n6\n7\n8\n9\n", 3, &h);

	cr_expect_eq(h, 1);
	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n"
			    "+FIVE\n 6\n 7\n 8\n");
	free(d);
}

Test(diff, far_changes_make_two_hunks)
{
	size_t h;
	char *d = udiff("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n",
			"A\nb\nc\nd\ne\nf\ng\nh\ni\nj\nK\n", 3, &h);

	cr_expect_eq(h, 2);
	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1,4 +1,4 @@\n-a\n+A\n b\n c\n d\n"
			    "@@ -8,4 +8,4 @@\n h\n i\n j\n-k\n+K\n");
	free(d);
}

Test(diff, near_changes_share_a_hunk)
{
	size_t h;
	/* 6 equal lines between changes = 2 * context: one hunk, as GNU does */
	char *d = udiff("a\n1\n2\n3\n4\n5\n6\nb\n", "A\n1\n2\n3\n4\n5\n6\nB\n",
			3, &h);

	cr_expect_eq(h, 1);
	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n"
			    " 4\n 5\n 6\n-b\n+B\n");
	free(d);
}

Test(diff, create_from_empty_and_delete_to_empty)
{
	size_t h;
	char *d = udiff("", "x\ny\n", 3, &h);

	cr_expect_eq(h, 1);
	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n");
	free(d);
	d = udiff("x\n", "", 3, &h);
	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n");
	free(d);
}

Test(diff, pure_insertion_names_the_line_before)
{
	size_t h;
	char *d = udiff("a\nb\n", "a\nnew\nb\n", 0, &h);

	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1,0 +2 @@\n+new\n");
	free(d);
}

Test(diff, missing_final_newline_is_marked)
{
	size_t h;
	char *d = udiff("a\nb", "a\nb\n", 3, &h);

	cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n"
			    "\\ No newline at end of file\n+b\n");
	free(d);
}

/* ---- property: the patch applied to a gives b ---- */

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Applies a unified diff of newline-terminated texts; returns the result. */
static char *apply_patch(const char *a, const char *patch)
{
	struct strbuf res = STRBUF_INIT;
	const char *ap = a, *p = strchr(strchr(patch, '\n') + 1, '\n') + 1;
	size_t aline = 1;

	while (*p) {
		size_t start, n;

		cr_assert(sscanf(p, "@@ -%zu", &start) == 1, "bad hunk: %.40s", p);
		if (strstr(p, ",0 +") && strstr(p, ",0 +") < strchr(p, '\n'))
			start++;	/* empty old range names the line before */
		p = strchr(p, '\n') + 1;
		for (; aline < start; aline++) {	/* copy untouched lines */
			const char *nl = strchr(ap, '\n');
			strbuf_add(&res, ap, nl + 1 - ap);
			ap = nl + 1;
		}
		while (*p && *p != '@') {
			const char *nl = strchr(p, '\n');
			const char *anl = strchr(ap, '\n');

			n = nl + 1 - (p + 1);
			if (*p == ' ' || *p == '-') {
				cr_assert(anl && (size_t)(anl + 1 - ap) == n &&
					  !memcmp(ap, p + 1, n), "context mismatch");
				ap = anl + 1;
				aline++;
			}
			if (*p == ' ' || *p == '+')
				strbuf_add(&res, p + 1, n);
			p = nl + 1;
		}
	}
	strbuf_addstr(&res, ap);
	return strbuf_detach(&res, NULL);
}

static char *random_text(unsigned *seed, size_t lines)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	/* a small alphabet makes many equal lines, the hard case for diffs */
	for (i = 0; i < lines; i++)
		strbuf_addf(&sb, "line %d\n", rand_r(seed) % 6);
	return strbuf_detach(&sb, NULL);
}

static char *mutate(unsigned *seed, const char *a)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = a;

	while (*p) {
		const char *nl = strchr(p, '\n');
		int r = rand_r(seed) % 10;

		if (r == 0)
			strbuf_addf(&sb, "new %d\n", rand_r(seed) % 3);
		if (r != 1)
			strbuf_add(&sb, p, nl + 1 - p);
		p = nl + 1;
	}
	return strbuf_detach(&sb, NULL);
}

static size_t count_changes(const char *patch)
{
	size_t n = 0;
	const char *p = patch;

	while ((p = strchr(p, '\n'))) {
		p++;
		if ((*p == '+' && p[1] != '+') || (*p == '-' && p[1] != '-'))
			n++;
	}
	return n;
}

static size_t gnu_changes(const char *a, const char *b)
{
	char fa[] = "/tmp/difftestAXXXXXX", fb[] = "/tmp/difftestBXXXXXX";
	int da = mkstemp(fa), db = mkstemp(fb);
	struct strbuf out = STRBUF_INIT;
	char buf[4096], *cmd;
	size_t n, res;
	FILE *f;

	cr_assert(da >= 0 && db >= 0);
	cr_assert(write(da, a, strlen(a)) == (ssize_t)strlen(a));
	cr_assert(write(db, b, strlen(b)) == (ssize_t)strlen(b));
	close(da);
	close(db);
	cmd = xasprintf("diff -u --minimal %s %s", fa, fb);
	f = popen(cmd, "r");
	cr_assert(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&out, buf, n);
	pclose(f);
	unlink(fa);
	unlink(fb);
	res = count_changes(out.buf);
	free(cmd);
	strbuf_release(&out);
	return res;
}

Test(diff, random_patches_apply_and_are_minimal)
{
	unsigned seed = 12345;
	int round;

	for (round = 0; round < 200; round++) {
		char *a = random_text(&seed, (size_t)(rand_r(&seed) % 40));
		char *b = rand_r(&seed) % 4 ? mutate(&seed, a) :
			random_text(&seed, (size_t)(rand_r(&seed) % 40));
		size_t h;
		char *d = udiff(a, b, (unsigned)(rand_r(&seed) % 4), &h);
		char *back = h ? apply_patch(a, d) : xstrdup(a);

		cr_assert_str_eq(back, b, "round %d:\n%s", round, d);
		cr_assert_eq(count_changes(d), gnu_changes(a, b),
			     "round %d: not minimal:\n%s", round, d);
		cr_assert_leq(h, count_lines(a) + count_lines(b));
		free(a);
		free(b);
		free(d);
		free(back);
	}
}

Test(diff, large_unrelated_inputs_stay_correct)
{
	unsigned seed = 7;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	size_t i, h;
	char *d, *back;

	/* nothing in common and more lines than the Myers bound */
	for (i = 0; i < 3000; i++) {
		strbuf_addf(&a, "a%u\n", (unsigned)rand_r(&seed));
		strbuf_addf(&b, "b%u\n", (unsigned)rand_r(&seed));
	}
	d = udiff(a.buf, b.buf, 3, &h);
	cr_expect_eq(h, 1);
	back = apply_patch(a.buf, d);
	cr_expect_str_eq(back, b.buf);
	free(d);
	free(back);
	strbuf_release(&a);
	strbuf_release(&b);
}
