/*
 * acct_nset.c: slurmdbd's nested-set insertion and subtree removal, in
 * memory (see acct_nset.h). Validity check: every interval is well formed, endpoints
 * are distinct, and any two intervals nest or are disjoint.
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct_nset.h"
#include "base/xalloc.h"

void acct_nset_push(struct acct_nset *s, unsigned long id, const char *acct,
		    const char *user, const char *part, long lft, long rgt,
		    int deleted)
{
	struct acct_nrow *r;

	XGROW(s->rows, s->alloc, s->n + 1);
	r = &s->rows[s->n++];
	r->id = id;
	r->acct = xstrdup(acct);
	r->user = xstrdup(user ? user : "");
	r->part = xstrdup(part ? part : "");
	r->lft = lft;
	r->rgt = rgt;
	r->deleted = deleted;
	r->ctime = 0;
	r->lineage = NULL;
	r->moved = false;
	r->gone = false;
	if (!*r->user) {
		XGROW(s->accts, s->alloc_accts, s->n_accts + 1);
		s->accts[s->n_accts++] = s->n - 1;
	}
}

size_t acct_nset_find_part(const struct acct_nset *s, const char *acct,
			   const char *user, const char *part)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct acct_nrow *r = &s->rows[i];

		if (!r->deleted && !r->gone && !strcmp(r->part, part) &&
		    !strcmp(r->acct, acct) && !strcmp(r->user, user))
			return i;
	}
	return SIZE_MAX;
}

size_t acct_nset_find(const struct acct_nset *s, const char *acct,
		      const char *user)
{
	return acct_nset_find_part(s, acct, user, "");
}

void acct_nset_set_lineage(struct acct_nset *s, size_t idx, const char *lineage)
{
	free(s->rows[idx].lineage);
	s->rows[idx].lineage = lineage ? xstrdup(lineage) : NULL;
}

/*
 * 22.05: SELECT lft ... WHERE acct=parent and user='' order by lft; 23.11+
 * (flat) looks the parent up among the live associations.
 */
size_t acct_nset_parent(const struct acct_nset *s, const char *parent)
{
	size_t best = SIZE_MAX;

	/* a seed of 10,000 users looks up 11,000 parents among ~100 accounts */
	for (size_t k = 0; k < s->n_accts; k++) {
		size_t i = s->accts[k];
		const struct acct_nrow *r = &s->rows[i];

		if (r->gone || strcmp(r->acct, parent) || (s->flat && r->deleted))
			continue;
		if (best == SIZE_MAX || r->lft < s->rows[best].lft)
			best = i;
	}
	return best;
}

static char *child_lineage(const struct acct_nrow *parent, const char *acct,
			   const char *user)
{
	if (!parent->lineage)
		return NULL;
	if (*user)
		return xasprintf("%s0-%s/", parent->lineage, user);
	return xasprintf("%s%s/", parent->lineage, acct);
}

size_t acct_nset_add_child(struct acct_nset *s, const char *parent,
			   const char *acct, const char *user)
{
	size_t p = acct_nset_parent(s, parent);
	char *lineage;
	long plft;

	if (p == SIZE_MAX)
		return SIZE_MAX;
	lineage = child_lineage(&s->rows[p], acct, user);
	if (s->flat) {
		acct_nset_push(s, 0, acct, user, "", 0, 0, 0);
		s->rows[s->n - 1].lineage = lineage;
		return s->n - 1;
	}
	plft = s->rows[p].lft;
	for (size_t i = 0; i < s->n; i++) {
		struct acct_nrow *r = &s->rows[i];

		if (r->gone)
			continue;
		if (r->rgt > plft) {
			r->rgt += 2;
			r->moved = true;
		}
		if (r->lft > plft) {
			r->lft += 2;
			r->moved = true;
		}
	}
	acct_nset_push(s, 0, acct, user, "", plft + 1, plft + 2, 0);
	s->rows[s->n - 1].lineage = lineage;
	return s->n - 1;
}

size_t acct_nset_remove_row(struct acct_nset *s, size_t idx)
{
	if (s->rows[idx].gone)
		return 0;
	s->rows[idx].gone = s->rows[idx].moved = true;
	return 1;
}

size_t acct_nset_remove_subtree(struct acct_nset *s, size_t idx)
{
	long lft = s->rows[idx].lft, rgt = s->rows[idx].rgt, width = rgt - lft + 1;
	size_t n = 0;

	if (s->rows[idx].gone)
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		struct acct_nrow *r = &s->rows[i];

		if (r->gone)
			continue;
		if (r->lft >= lft && r->lft <= rgt) {
			r->gone = r->moved = true;
			n++;
			continue;
		}
		if (r->rgt > rgt) {
			r->rgt -= width;
			r->moved = true;
		}
		if (r->lft > rgt) {
			r->lft -= width;
			r->moved = true;
		}
	}
	return n;
}

static int cmp_lft(const void *a, const void *b)
{
	const struct acct_nrow *const *x = a, *const *y = b;

	return ((*x)->lft > (*y)->lft) - ((*x)->lft < (*y)->lft);
}

bool acct_nset_valid(const struct acct_nset *s)
{
	const struct acct_nrow **v = xcalloc(s->n ? s->n : 1, sizeof(*v));
	const struct acct_nrow **stack = xcalloc(s->n ? s->n : 1, sizeof(*stack));
	size_t depth = 0, n = 0;
	bool ok = true;
	long last = 0;

	for (size_t i = 0; i < s->n; i++)
		if (!s->rows[i].gone)
			v[n++] = &s->rows[i];
	xqsort(v, n, sizeof(*v), cmp_lft);
	for (size_t i = 0; ok && i < n; i++) {
		const struct acct_nrow *r = v[i];

		if (r->lft >= r->rgt || r->lft <= last)
			ok = false;
		while (ok && depth && stack[depth - 1]->rgt < r->lft)
			depth--;
		if (ok && depth && stack[depth - 1]->rgt <= r->rgt)
			ok = false;	/* overlaps its enclosing interval */
		last = r->lft;
		stack[depth++] = r;
	}
	free(v);
	free(stack);
	return ok;
}

void acct_nset_release(struct acct_nset *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->rows[i].acct);
		free(s->rows[i].user);
		free(s->rows[i].part);
		free(s->rows[i].lineage);
	}
	free(s->rows);
	free(s->accts);
	memset(s, 0, sizeof(*s));
}
