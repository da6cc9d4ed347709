/*
 * hostlist.c: expand and fold Slurm hostlist expressions. Rendered
 * slurm.conf files name thousands of nodes, so both directions must be
 * exact (Slurm reads what we write) and fast: expansion is linear in its
 * output, compression sorts once.
 *
 * Expansion order with several bracket groups is Slurm's, not the obvious
 * odometer: the last group varies fastest, then the first, the second, ...,
 * and the next-to-last slowest ("a[1-2]b[3-4]c[5-6]" gives a1b3c5 a1b3c6
 * a2b3c5 a2b3c6 a1b4c5 ...), because Slurm peels groups off from the right
 * recursively. With one or two groups that is the usual order.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

/* Numbers are kept below 10^18 so that hi - lo + 1 and widths never overflow. */
#define HL_MAX_DIGITS 18

void hostlist_init(struct hostlist *hl)
{
	hl->names = NULL;
	hl->n = hl->alloc = 0;
}

void hostlist_push(struct hostlist *hl, const char *name)
{
	XGROW(hl->names, hl->alloc, hl->n + 1);
	hl->names[hl->n++] = xstrdup(name);
}

static void hostlist_truncate(struct hostlist *hl, size_t n)
{
	while (hl->n > n)
		free(hl->names[--hl->n]);
}

void hostlist_release(struct hostlist *hl)
{
	if (!hl)
		return;
	hostlist_truncate(hl, 0);
	free(hl->names);
	hostlist_init(hl);
}

/* ---- expansion ---- */

/* One bracket group, flattened: the numbers in order, each with its width. */
struct hl_group {
	unsigned long long *val;
	int *width;
	size_t n, alloc;
};

/* A token "lit0[g0]lit1[g1]...litk": k groups and k + 1 literal spans. */
struct hl_token {
	const char *text;
	struct hl_group *groups;
	size_t ngroups, alloc_groups;
	size_t *lit_start, *lit_len;	/* ngroups + 1 entries */
	size_t alloc_lits;
};

struct hl_parser {
	const char *expr;	/* whole expression, for messages */
	char **cause;
	const char *tok;	/* copy of the token being parsed ... */
	size_t tok_off;		/* ... and its offset in expr */
	size_t max;		/* the most hosts the whole expression may name */
	bool over;		/* it failed for naming more */
	bool count_only;	/* groups keep their size, not their numbers */
};

/* 1-based column in the expression of a pointer into the token's copy. */
static size_t hl_col(const struct hl_parser *p, const char *at)
{
	return p->tok_off + (size_t)(at - p->tok) + 1;
}

static int hl_fail(struct hl_parser *p, const char *fmt, ...)
	ATTR_PRINTF(2, 3);

static int hl_fail(struct hl_parser *p, const char *fmt, ...)
{
	va_list ap;
	char *detail;

	va_start(ap, fmt);
	detail = xvasprintf(fmt, ap);
	va_end(ap);
	*p->cause = xasprintf("bad hostlist '%s': %s", p->expr, detail);
	free(detail);
	return -1;
}

/* The expression names more than p->max hosts. */
static int hl_over(struct hl_parser *p)
{
	p->over = true;
	return hl_fail(p, "expands to more than %zu hosts", p->max);
}

static void hl_token_release(struct hl_token *t)
{
	size_t i;

	for (i = 0; i < t->ngroups; i++) {
		free(t->groups[i].val);
		free(t->groups[i].width);
	}
	free(t->groups);
	free(t->lit_start);
	free(t->lit_len);
	memset(t, 0, sizeof(*t));
}

static void hl_group_add(struct hl_group *g, unsigned long long v, int width)
{
	if (g->n == g->alloc) {
		size_t cap = g->alloc;

		XGROW(g->val, cap, g->n + 1);
		g->width = xreallocarray(g->width, cap, sizeof(*g->width));
		g->alloc = cap;
	}
	g->val[g->n] = v;
	g->width[g->n++] = width;
}

/* Parses a run of digits at s (len bytes) into *v. */
static int hl_number(struct hl_parser *p, const char *s, size_t len,
		     unsigned long long *v)
{
	size_t i;

	if (len > HL_MAX_DIGITS)
		return hl_fail(p, "number '%.*s' is too large", (int)len, s);
	*v = 0;
	for (i = 0; i < len; i++)
		*v = *v * 10 + (unsigned long long)(s[i] - '0');
	return 0;
}

/* Parses one "N" or "N-M" (len bytes at s) and appends its numbers to g. */
static int hl_parse_range(struct hl_parser *p, const char *s, size_t len,
			  size_t *total, struct hl_group *g)
{
	size_t lo_len = strspn(s, "0123456789"), hi_len = 0;
	unsigned long long lo = 0, hi, v;

	if (lo_len > len)
		lo_len = len;
	if (!len)
		return hl_fail(p, "empty range at column %zu", hl_col(p, s));
	if (lo_len < len) {
		hi_len = strspn(s + lo_len + 1, "0123456789");
		if (s[lo_len] != '-' || !lo_len || !hi_len ||
		    lo_len + 1 + hi_len != len)
			return hl_fail(p, "range '%.*s' is not N or N-M",
				       (int)len, s);
	}
	if (hl_number(p, s, lo_len, &lo))
		return -1;
	hi = lo;
	if (hi_len && hl_number(p, s + lo_len + 1, hi_len, &hi))
		return -1;
	if (lo > hi)
		return hl_fail(p, "range '%.*s' ends before it starts",
			       (int)len, s);
	if (hi - lo >= HOSTLIST_MAX_RANGE)
		return hl_fail(p, "range '%.*s' holds more than %d hosts",
			       (int)len, s, HOSTLIST_MAX_RANGE);
	if (*total + (hi - lo + 1) > p->max)
		return hl_over(p);
	*total += hi - lo + 1;
	if (p->count_only) {
		g->n += hi - lo + 1;
		return 0;
	}
	for (v = lo; v <= hi; v++)
		hl_group_add(g, v, (int)lo_len);
	return 0;
}

/* Parses the inside of one bracket pair ("1-3,7,10-12", len bytes at s). */
static int hl_parse_group(struct hl_parser *p, const char *s, size_t len,
			  struct hl_group *g)
{
	size_t total = 0;

	for (;;) {
		const char *comma = memchr(s, ',', len);
		size_t part = comma ? (size_t)(comma - s) : len;

		if (hl_parse_range(p, s, part, &total, g))
			return -1;
		if (!comma)
			return 0;
		s += part + 1;
		len -= part + 1;
	}
}

static void hl_token_add_lit(struct hl_token *t, size_t start, size_t len)
{
	size_t cap = t->alloc_lits;

	XGROW(t->lit_start, cap, t->ngroups + 1);
	t->lit_len = xreallocarray(t->lit_len, cap, sizeof(*t->lit_len));
	t->alloc_lits = cap;
	t->lit_start[t->ngroups] = start;
	t->lit_len[t->ngroups] = len;
}

/*
 * Splits a token (len bytes, brackets balanced by the tokenizer) into t.
 * The running product of the group sizes must stay within budget, checked
 * group by group so that a long chain of groups is refused before its
 * numbers fill memory; *count is the product.
 */
static int hl_parse_token(struct hl_parser *p, const char *s, size_t len,
			  size_t budget, struct hl_token *t, size_t *count)
{
	size_t i = 0, lit = 0, n = 1;

	t->text = s;
	while (i < len) {
		const char *close;
		struct hl_group *g;

		if (s[i] != '[') {
			i++;
			continue;
		}
		close = memchr(s + i, ']', len - i);
		hl_token_add_lit(t, lit, i - lit);
		XGROW(t->groups, t->alloc_groups, t->ngroups + 1);
		g = &t->groups[t->ngroups++];
		memset(g, 0, sizeof(*g));
		if (hl_parse_group(p, s + i + 1, (size_t)(close - s) - i - 1, g))
			return -1;
		if (g->n > budget / n)	/* n * g->n > budget, without overflow */
			return hl_over(p);
		n *= g->n;
		i = lit = (size_t)(close - s) + 1;
	}
	hl_token_add_lit(t, lit, len - lit);
	if (n > budget)		/* a plain name when the budget is spent */
		return hl_over(p);
	*count = n;
	return 0;
}

/*
 * The nesting order of the groups, outermost first: next-to-last, ..., first,
 * then the last innermost (see the comment at the top of the file).
 */
static void hl_order(size_t k, size_t *ord)
{
	size_t i;

	for (i = 0; i + 1 < k; i++)
		ord[i] = k - 2 - i;
	ord[k - 1] = k - 1;
}

/* Appends v in decimal, zero-padded to width digits (printf's "%0*llu"). */
static void hl_add_number(struct strbuf *sb, unsigned long long v, int width)
{
	char buf[24], *p = buf + sizeof(buf);
	int digits;

	/* By hand: printf was half the cost of expanding a long range. */
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (digits = (int)(buf + sizeof(buf) - p); digits < width; digits++)
		strbuf_addch(sb, '0');
	strbuf_add(sb, p, (size_t)(buf + sizeof(buf) - p));
}

static void hl_emit(const struct hl_token *t, const size_t *pos,
		    struct strbuf *sb, struct hostlist *out)
{
	size_t g;

	strbuf_reset(sb);
	for (g = 0; g < t->ngroups; g++) {
		strbuf_add(sb, t->text + t->lit_start[g], t->lit_len[g]);
		hl_add_number(sb, t->groups[g].val[pos[g]],
			      t->groups[g].width[pos[g]]);
	}
	strbuf_add(sb, t->text + t->lit_start[g], t->lit_len[g]);
	hostlist_push(out, sb->buf);
}

/* Appends the cartesian product of t's groups, in Slurm's order. */
static void hl_token_expand(const struct hl_token *t, struct hostlist *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t *pos, *ord, k = t->ngroups;

	if (!k) {
		hostlist_push(out, t->text);
		return;
	}
	pos = xcalloc(k, sizeof(*pos));
	ord = xcalloc(k, sizeof(*ord));
	hl_order(k, ord);
	for (;;) {
		size_t d = k;

		hl_emit(t, pos, &sb, out);
		while (d > 0) {
			size_t g = ord[d - 1];

			if (++pos[g] < t->groups[g].n)
				break;
			pos[g] = 0;
			d--;
		}
		if (!d)
			break;
	}
	free(pos);
	free(ord);
	strbuf_release(&sb);
}

static int hl_is_sep(char c)
{
	return c == ',' || c == ' ' || c == '\t' || c == '\n';
}

/* Finds the end of the token at s; checks that its brackets pair up. */
static int hl_token_end(struct hl_parser *p, const char *s, size_t *len)
{
	const char *q = s, *open = NULL;

	for (; *q && (open || !hl_is_sep(*q)); q++) {
		if (*q == '[') {
			if (open)
				return hl_fail(p, "'[' inside brackets at column %zu",
					       hl_col(p, q));
			open = q;
		} else if (*q == ']') {
			if (!open)
				return hl_fail(p, "']' without '[' at column %zu",
					       hl_col(p, q));
			open = NULL;
		}
	}
	if (open)
		return hl_fail(p, "'[' at column %zu is never closed",
			       hl_col(p, open));
	*len = (size_t)(q - s);
	return 0;
}

/*
 * Parses one token and expands it into out (when not NULL); *budget is
 * the number of hosts still allowed.
 */
static int hl_expand_token(struct hl_parser *p, const char *s, size_t len,
			   size_t *budget, struct hostlist *out)
{
	struct hl_token t;
	char *copy = xstrndup(s, len);
	size_t n = 0;
	int ret = -1;

	memset(&t, 0, sizeof(t));
	p->tok = copy;
	p->tok_off = (size_t)(s - p->expr);
	if (!hl_parse_token(p, copy, len, *budget, &t, &n)) {
		*budget -= n;
		if (out)
			hl_token_expand(&t, out);
		ret = 0;
	}
	hl_token_release(&t);
	free(copy);
	return ret;
}

int hostlist_expand(const char *expr, struct hostlist *out, char **cause)
{
	return hostlist_expand_max(expr, HOSTLIST_MAX_HOSTS, out, cause);
}

/* Expands expr into out, or only counts its names when out is NULL. */
static int hl_run(const char *expr, size_t max, struct hostlist *out,
		  size_t *count, char **cause)
{
	struct hl_parser p = { expr, cause, expr, 0, max, false, !out };
	size_t start_n = out ? out->n : 0, budget = max, len = 0;
	const char *s = expr;

	*cause = NULL;
	for (;;) {
		while (hl_is_sep(*s))
			s++;
		if (!*s) {
			*count = max - budget;
			return 0;
		}
		p.tok = expr;
		p.tok_off = 0;
		if (hl_token_end(&p, s, &len) ||
		    hl_expand_token(&p, s, len, &budget, out)) {
			if (out)
				hostlist_truncate(out, start_n);
			if (out || !p.over)
				return -1;
			/* counting: more than max is an answer, not an error */
			free(*cause);
			*cause = NULL;
			*count = max + 1;
			return 0;
		}
		s += len;
	}
}

int hostlist_expand_max(const char *expr, size_t max, struct hostlist *out,
			char **cause)
{
	size_t n;

	return hl_run(expr, max, out, &n, cause);
}

int hostlist_count(const char *expr, size_t max, size_t *n, char **cause)
{
	return hl_run(expr, max, NULL, n, cause);
}

/* ---- compression ---- */

/* A name split at its last run of digits ("rack1-n" + "01"). */
struct hl_name {
	const char *name;
	size_t plen;		/* prefix length; the whole name if no number */
	unsigned long long val;
	int digits;		/* length of the number; 0: no usable number */
	bool padded;		/* the number has leading zeros */
	size_t rank;		/* of the prefix in natural order */
};

/* One output range: numbers lo..hi printed with at least width digits. */
struct hl_run {
	unsigned long long lo, hi;
	int width;
};

static bool hl_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static void hl_split_name(const char *name, struct hl_name *out)
{
	size_t len = strlen(name), start = len;

	out->name = name;
	out->plen = len;
	out->val = 0;
	out->digits = 0;
	out->padded = false;
	if (strpbrk(name, "[], \t\n"))
		return;		/* cannot be part of a range: list it as it is */
	while (start > 0 && hl_is_digit(name[start - 1]))
		start--;
	if (start == len || len - start > HL_MAX_DIGITS)
		return;
	out->plen = start;
	out->digits = (int)(len - start);
	out->padded = out->digits > 1 && name[start] == '0';
	for (; start < len; start++)
		out->val = out->val * 10 + (unsigned long long)(name[start] - '0');
}

/*
 * Natural order: runs of digits compare by value ("rack2" < "rack10"),
 * everything else bytewise; ties go to the shorter string.
 */
static int hl_natcmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	while (i < alen && j < blen) {
		size_t ea = i, eb = j, za, zb;
		int r;

		if (!hl_is_digit(a[i]) || !hl_is_digit(b[j])) {
			if (a[i] != b[j])
				return (unsigned char)a[i] < (unsigned char)b[j] ? -1 : 1;
			i++, j++;
			continue;
		}
		while (ea < alen && hl_is_digit(a[ea]))
			ea++;
		while (eb < blen && hl_is_digit(b[eb]))
			eb++;
		for (za = i; za + 1 < ea && a[za] == '0'; za++)
			;
		for (zb = j; zb + 1 < eb && b[zb] == '0'; zb++)
			;
		if (ea - za != eb - zb)
			return ea - za < eb - zb ? -1 : 1;
		r = memcmp(a + za, b + zb, ea - za);
		if (r)
			return r;
		i = ea, j = eb;
	}
	if (alen - i != blen - j)
		return alen - i < blen - j ? -1 : 1;
	return 0;
}

/* A distinct prefix and the first name that has it. */
struct hl_prefix {
	const char *s;
	size_t len, first;
};

static int hl_prefix_cmp(const void *va, const void *vb)
{
	const struct hl_prefix *a = va, *b = vb;
	int r = hl_natcmp(a->s, a->len, b->s, b->len);

	if (r)
		return r;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return memcmp(a->s, b->s, a->len);
}

/* Finds or adds e's prefix in the hash table slot[cap]; returns its index in u. */
static size_t hl_prefix_id(const struct hl_name *e, size_t i, size_t *slot,
			   size_t cap, struct hl_prefix *u, size_t *nu)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */
	size_t k, j;

	for (k = 0; k < e[i].plen; k++)
		h = (h ^ (unsigned char)e[i].name[k]) * 1099511628211ULL;
	for (j = (size_t)h & (cap - 1); slot[j]; j = (j + 1) & (cap - 1)) {
		const struct hl_prefix *o = &u[slot[j] - 1];

		if (o->len == e[i].plen && !memcmp(o->s, e[i].name, o->len))
			return slot[j] - 1;
	}
	u[*nu] = (struct hl_prefix){ e[i].name, e[i].plen, i };
	slot[j] = ++*nu;
	return *nu - 1;
}

/*
 * Stores in each name the rank of its prefix in natural order, so that
 * sorting the names compares integers only: the prefixes are hashed and
 * only the distinct ones (a handful in a real cluster) sorted as text.
 */
static void hl_rank_prefixes(struct hl_name *e, size_t n)
{
	size_t cap = 16, i, nu = 0, *slot, *rank_of;
	struct hl_prefix *u = xcalloc(n ? n : 1, sizeof(*u));

	while (cap < 2 * n)
		cap *= 2;
	slot = xcalloc(cap, sizeof(*slot));	/* 0: empty, else 1 + index in u */
	for (i = 0; i < n; i++)
		e[i].rank = hl_prefix_id(e, i, slot, cap, u, &nu);
	/* rank_of[id] once the ids' prefixes are sorted: via each first name */
	rank_of = xcalloc(n ? n : 1, sizeof(*rank_of));
	for (i = 0; i < nu; i++)
		rank_of[u[i].first] = i;	/* id of first name's prefix */
	xqsort(u, nu, sizeof(*u), hl_prefix_cmp);
	for (i = 0; i < nu; i++)
		slot[i] = rank_of[u[i].first];	/* reuse: slot[rank] = id */
	for (i = 0; i < nu; i++)
		rank_of[slot[i]] = i;		/* rank_of[id] = rank */
	for (i = 0; i < n; i++)
		e[i].rank = rank_of[e[i].rank];
	free(rank_of);
	free(slot);
	free(u);
}

/* Order: prefix, plain names first, value, padded (narrowest first), plain number. */
static int hl_name_cmp(const void *va, const void *vb)
{
	const struct hl_name *a = va, *b = vb;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (!a->digits || !b->digits)
		return !a->digits && b->digits ? -1 :
		       a->digits && !b->digits ? 1 : 0;
	if (a->val != b->val)
		return a->val < b->val ? -1 : 1;
	if (a->padded != b->padded)
		return a->padded ? -1 : 1;
	return a->digits - b->digits;
}

static bool hl_same_prefix(const struct hl_name *a, const struct hl_name *b)
{
	return a->digits && b->digits && a->rank == b->rank;
}

/* The runs that end at the previous number, with the form of that number. */
struct hl_open {
	size_t run[HL_MAX_DIGITS + 1];
	int digits[HL_MAX_DIGITS + 1];
	bool padded[HL_MAX_DIGITS + 1], used[HL_MAX_DIGITS + 1];
	size_t n;
};

/*
 * Which open run the number e may continue: a padded number only one of
 * its own width, a plain number a plain one or a padded one no wider than
 * itself ("n[08-11]"). Plain first, then the narrowest; SIZE_MAX if none.
 * Taking padded numbers before plain ones at each value gives the fewest
 * runs: a padded number has no other choice.
 */
static size_t hl_pick(const struct hl_open *o, const struct hl_name *e)
{
	size_t j, best = SIZE_MAX;

	for (j = 0; j < o->n; j++) {
		if (o->used[j])
			continue;
		if (e->padded) {
			if (o->padded[j] && o->digits[j] == e->digits)
				return j;
		} else if (!o->padded[j]) {
			return j;
		} else if (o->digits[j] <= e->digits && best == SIZE_MAX) {
			best = j;	/* o is sorted narrowest first */
		}
	}
	return best;
}

/* Folds e[0..n) (one prefix, sorted, unique) into runs; returns their count. */
static size_t hl_fold(const struct hl_name *e, size_t n, struct hl_run *runs)
{
	struct hl_open prev, cur;
	size_t i = 0, nruns = 0;

	prev.n = 0;
	while (i < n) {
		unsigned long long v = e[i].val;

		if (i && e[i - 1].val + 1 != v)
			prev.n = 0;
		memset(prev.used, 0, sizeof(prev.used));
		cur.n = 0;
		for (; i < n && e[i].val == v; i++) {
			size_t j = hl_pick(&prev, &e[i]), r;

			if (j != SIZE_MAX) {
				prev.used[j] = true;
				r = prev.run[j];
				runs[r].hi = v;
			} else {
				r = nruns++;
				runs[r] = (struct hl_run){ v, v, e[i].digits };
			}
			cur.run[cur.n] = r;
			cur.digits[cur.n] = e[i].digits;
			cur.padded[cur.n] = e[i].padded;
			cur.used[cur.n++] = false;
		}
		prev = cur;
	}
	return nruns;
}

static void hl_print_group(struct strbuf *sb, const struct hl_name *e,
			   const struct hl_run *runs, size_t nruns)
{
	size_t r;
	bool brackets = nruns > 1 || runs[0].lo != runs[0].hi;

	strbuf_add(sb, e->name, e->plen);
	if (brackets)
		strbuf_addch(sb, '[');
	for (r = 0; r < nruns; r++) {
		if (r)
			strbuf_addch(sb, ',');
		hl_add_number(sb, runs[r].lo, runs[r].width);
		if (runs[r].hi != runs[r].lo) {
			strbuf_addch(sb, '-');
			hl_add_number(sb, runs[r].hi, runs[r].width);
		}
	}
	if (brackets)
		strbuf_addch(sb, ']');
}

/* Drops empty names and duplicates from the sorted array; returns the new count. */
static size_t hl_unique(struct hl_name *e, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (!e[i].name[0])
			continue;
		if (k && !hl_name_cmp(&e[k - 1], &e[i]))
			continue;	/* equal keys mean equal names */
		e[k++] = e[i];
	}
	return k;
}

char *hostlist_compress(const char *const *names, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	struct hl_name *e = xcalloc(n ? n : 1, sizeof(*e));
	struct hl_run *runs = xcalloc(n ? n : 1, sizeof(*runs));
	size_t i, j;

	for (i = 0; i < n; i++)
		hl_split_name(names[i], &e[i]);
	hl_rank_prefixes(e, n);
	xqsort(e, n, sizeof(*e), hl_name_cmp);
	n = hl_unique(e, n);
	for (i = 0; i < n; i = j) {
		if (sb.len)
			strbuf_addch(&sb, ',');
		if (!e[i].digits) {
			strbuf_addstr(&sb, e[i].name);
			j = i + 1;
			continue;
		}
		for (j = i + 1; j < n && hl_same_prefix(&e[i], &e[j]); j++)
			;
		hl_print_group(&sb, &e[i], runs, hl_fold(e + i, j - i, runs));
	}
	free(e);
	free(runs);
	return strbuf_detach(&sb, NULL);
}
