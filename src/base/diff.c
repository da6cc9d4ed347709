/*
 * diff.c: unified diffs for the plan. Lines are hashed, the common head
 * and tail are trimmed, and Myers' greedy O(ND) algorithm finds a shortest
 * edit script for the middle, keeping each step's furthest-reaching band so
 * the path can be walked back. Config files differ by a handful of lines, so
 * D stays small; past DIFF_MAX_D (files that share nothing) the middle is
 * simply replaced, which is still a correct diff and bounds memory.
 * Hunks are grouped and labelled exactly as GNU diff -u does, so people read
 * the plan the way they read any patch.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "base/diff.h"
#include "base/xalloc.h"
#include "base/strbuf.h"

#define DIFF_MAX_D 2000

struct diff_line {
	const char *p;
	size_t len;		/* including the '\n' when there is one */
	uint64_t hash;
};

enum diff_op_kind { OP_EQ, OP_DEL, OP_INS };

struct diff_op {
	enum diff_op_kind kind;
	size_t a, b;		/* line index in a (EQ, DEL) and b (EQ, INS) */
};

struct diff_ctx {
	struct diff_line *la, *lb;
	size_t na, nb;
	struct diff_op *ops;
	size_t n_ops, alloc_ops;
};

static uint64_t diff_hash(const char *p, size_t len)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static struct diff_line *diff_split(const char *s, size_t len, size_t *n)
{
	struct diff_line *lines = NULL;
	size_t alloc = 0, i = 0;

	*n = 0;
	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (s + i)) + 1 : len - i;

		XGROW(lines, alloc, *n + 1);
		lines[*n].p = s + i;
		lines[*n].len = l;
		lines[*n].hash = diff_hash(s + i, l);
		(*n)++;
		i += l;
	}
	return lines;
}

static bool diff_eq(const struct diff_ctx *c, size_t x, size_t y)
{
	const struct diff_line *a = &c->la[x], *b = &c->lb[y];

	return a->hash == b->hash && a->len == b->len &&
	       !memcmp(a->p, b->p, a->len);
}

static void diff_push(struct diff_ctx *c, enum diff_op_kind kind, size_t a,
		      size_t b)
{
	XGROW(c->ops, c->alloc_ops, c->n_ops + 1);
	c->ops[c->n_ops].kind = kind;
	c->ops[c->n_ops].a = a;
	c->ops[c->n_ops].b = b;
	c->n_ops++;
}

/* Reverses ops[from..n_ops), since backtracking emits them last first. */
static void diff_reverse(struct diff_ctx *c, size_t from)
{
	size_t i = from, j = c->n_ops;

	while (j > i + 1) {
		struct diff_op t = c->ops[i];

		c->ops[i++] = c->ops[--j];
		c->ops[j] = t;
	}
}

/*
 * Walks the saved bands back from (n, m) to (0, 0) in the middle section
 * [lo_a, lo_a + n) x [lo_b, lo_b + m), emitting ops in reverse.
 * trace[d] holds V[-d..d] after step d.
 */
static void diff_backtrack(struct diff_ctx *c, long **trace, long d_end,
			   size_t lo_a, size_t lo_b, long n, long m)
{
	long x = n, y = m, d;

	for (d = d_end; d > 0; d--) {
		const long *prev = trace[d - 1] + (d - 1);	/* prev[k], |k| < d */
		long k = x - y, pk, px, py, mx, my;

		if (k == -d || (k != d && prev[k - 1] < prev[k + 1]))
			pk = k + 1;	/* came down: an insertion */
		else
			pk = k - 1;	/* came right: a deletion */
		px = prev[pk];
		py = px - pk;
		mx = pk == k + 1 ? px : px + 1;
		my = pk == k + 1 ? py + 1 : py;
		while (x > mx && y > my) {
			x--, y--;
			diff_push(c, OP_EQ, lo_a + x, lo_b + y);
		}
		if (pk == k + 1)
			diff_push(c, OP_INS, 0, lo_b + py);
		else
			diff_push(c, OP_DEL, lo_a + px, 0);
		x = px;
		y = py;
	}
	while (x > 0 && y > 0) {
		x--, y--;
		diff_push(c, OP_EQ, lo_a + x, lo_b + y);
	}
}

static void diff_replace(struct diff_ctx *c, size_t lo_a, size_t lo_b, long n,
			 long m)
{
	long i;

	for (i = 0; i < n; i++)
		diff_push(c, OP_DEL, lo_a + i, 0);
	for (i = 0; i < m; i++)
		diff_push(c, OP_INS, 0, lo_b + i);
}

/* Myers on the middle section; ops are appended in forward order. */
static void diff_middle(struct diff_ctx *c, size_t lo_a, size_t lo_b, long n,
			long m)
{
	long max = n + m < DIFF_MAX_D ? n + m : DIFF_MAX_D;
	long *v = (long *)xcalloc(2 * max + 3, sizeof(long)) + max + 1;
	long **trace = xcalloc(max + 1, sizeof(*trace));
	size_t start = c->n_ops;
	long d, k, found = -1;

	for (d = 0; d <= max && found < 0; d++) {
		for (k = -d; k <= d; k += 2) {
			long x = (k == -d || (k != d && v[k - 1] < v[k + 1])) ?
				v[k + 1] : v[k - 1] + 1;
			long y = x - k;

			while (x < n && y < m && diff_eq(c, lo_a + x, lo_b + y))
				x++, y++;
			v[k] = x;
			if (x >= n && y >= m)
				found = d;
		}
		trace[d] = xmalloc((2 * d + 1) * sizeof(long));
		memcpy(trace[d], v - d, (2 * d + 1) * sizeof(long));
	}
	if (found >= 0) {
		diff_backtrack(c, trace, found, lo_a, lo_b, n, m);
		diff_reverse(c, start);
	} else {
		diff_replace(c, lo_a, lo_b, n, m);
	}
	for (k = 0; k < d; k++)
		free(trace[k]);
	free(trace);
	free(v - max - 1);
}

static void diff_script(struct diff_ctx *c)
{
	size_t head = 0, tail = 0, i;

	while (head < c->na && head < c->nb && diff_eq(c, head, head))
		head++;
	while (tail < c->na - head && tail < c->nb - head &&
	       diff_eq(c, c->na - 1 - tail, c->nb - 1 - tail))
		tail++;
	for (i = 0; i < head; i++)
		diff_push(c, OP_EQ, i, i);
	diff_middle(c, head, head, (long)(c->na - head - tail),
		    (long)(c->nb - head - tail));
	for (i = tail; i > 0; i--)
		diff_push(c, OP_EQ, c->na - i, c->nb - i);
}

static void diff_range(struct strbuf *out, size_t start, size_t count)
{
	/* GNU: an empty range names the line before it; a count of 1 is implied */
	if (count == 1)
		strbuf_addf(out, "%zu", start + 1);
	else
		strbuf_addf(out, "%zu,%zu", count ? start + 1 : start, count);
}

static void diff_emit_line(struct strbuf *out, char sign,
			   const struct diff_line *l)
{
	strbuf_addch(out, sign);
	/* one side is a file read from a host: it must not drive a terminal */
	strbuf_add_printable(out, l->p, l->len);
	if (!l->len || l->p[l->len - 1] != '\n')
		strbuf_addstr(out, "\n\\ No newline at end of file\n");
}

/* Prints ops[from..to) as one hunk. */
static void diff_hunk(const struct diff_ctx *c, size_t from, size_t to,
		      struct strbuf *out)
{
	size_t i, a_start = 0, b_start = 0, a_n = 0, b_n = 0;
	bool a_seen = false, b_seen = false;

	for (i = from; i < to; i++) {
		const struct diff_op *op = &c->ops[i];

		if (op->kind != OP_INS && !a_seen)
			a_start = op->a, a_seen = true;
		if (op->kind != OP_DEL && !b_seen)
			b_start = op->b, b_seen = true;
		a_n += op->kind != OP_INS;
		b_n += op->kind != OP_DEL;
	}
	/* an empty side starts where the other side's neighbours put it */
	for (i = from; !a_seen && i > 0; i--)
		if (c->ops[i - 1].kind != OP_INS)
			a_start = c->ops[i - 1].a + 1, a_seen = true;
	for (i = from; !b_seen && i > 0; i--)
		if (c->ops[i - 1].kind != OP_DEL)
			b_start = c->ops[i - 1].b + 1, b_seen = true;
	strbuf_addstr(out, "@@ -");
	diff_range(out, a_start, a_n);
	strbuf_addstr(out, " +");
	diff_range(out, b_start, b_n);
	strbuf_addstr(out, " @@\n");
	for (i = from; i < to; i++) {
		const struct diff_op *op = &c->ops[i];

		if (op->kind == OP_EQ)
			diff_emit_line(out, ' ', &c->la[op->a]);
		else if (op->kind == OP_DEL)
			diff_emit_line(out, '-', &c->la[op->a]);
		else
			diff_emit_line(out, '+', &c->lb[op->b]);
	}
}

static size_t diff_hunks(const struct diff_ctx *c, unsigned context,
			 struct strbuf *out)
{
	size_t i = 0, hunks = 0;

	while (i < c->n_ops) {
		size_t first, end, last;

		while (i < c->n_ops && c->ops[i].kind == OP_EQ)
			i++;
		if (i == c->n_ops)
			break;
		first = i >= context ? i - context : 0;
		/* extend while the next change is within 2 * context lines */
		last = i;
		for (end = i; end < c->n_ops; end++) {
			if (c->ops[end].kind != OP_EQ)
				last = end;
			else if (end - last > 2 * (size_t)context)
				break;
		}
		end = last + 1 + context < c->n_ops ? last + 1 + context :
			c->n_ops;
		diff_hunk(c, first, end, out);
		hunks++;
		i = end;
	}
	return hunks;
}

size_t diff_unified(const char *a, size_t alen, const char *b, size_t blen,
		    const char *a_label, const char *b_label, unsigned context,
		    struct strbuf *out)
{
	struct diff_ctx c = { 0 };
	size_t hunks = 0;

	if (alen == blen && (!alen || !memcmp(a, b, alen)))
		return 0;
	c.la = diff_split(a, alen, &c.na);
	c.lb = diff_split(b, blen, &c.nb);
	diff_script(&c);
	strbuf_addf(out, "--- %s\n+++ %s\n", a_label, b_label);
	hunks = diff_hunks(&c, context, out);
	free(c.la);
	free(c.lb);
	free(c.ops);
	return hunks;
}
