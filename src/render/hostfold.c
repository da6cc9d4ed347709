/*
 * hostfold.c: folding the compute hosts into NodeName lines (hostfold.h):
 * grouping by signature (sorted, so 10,000 hosts stay cheap) and splitting
 * groups where names and addresses stop counting up together.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "render/hostfold.h"
#include "render/view.h"
#include "slurm/hostlist.h"

/* A name split around its last run of digits: "gpu017-ib" = "gpu", 17 (3 digits). */
struct numbered {
	size_t prefix_len;	/* bytes before the digits */
	size_t digits;		/* number of digits; 0 when none */
	unsigned long long num;
};

static struct numbered split_number(const char *s)
{
	struct numbered r = { 0, 0, 0 };
	size_t len = strlen(s), end = len, start;

	while (end && !(s[end - 1] >= '0' && s[end - 1] <= '9'))
		end--;
	start = end;
	while (start && s[start - 1] >= '0' && s[start - 1] <= '9')
		start--;
	if (start == end || end - start > 18)
		return r;
	r.prefix_len = start;
	r.digits = end - start;
	r.num = strtoull(s + start, NULL, 10);
	return r;
}

/*
 * True if b is the name right after a in a hostlist range: same prefix and
 * suffix, number plus one, and the padding a range would print.
 */
static bool is_successor(const char *a, const char *b)
{
	struct numbered na = split_number(a), nb = split_number(b);
	char want[32];

	/* only trailing numbers: hostlist_compress() folds nothing else */
	if (!na.digits || !nb.digits || na.prefix_len != nb.prefix_len ||
	    strncmp(a, b, na.prefix_len) || a[na.prefix_len + na.digits] ||
	    b[nb.prefix_len + nb.digits])
		return false;
	snprintf(want, sizeof(want), "%0*llu", (int)na.digits, na.num + 1);
	return nb.digits == strlen(want) &&
	       !strncmp(b + nb.prefix_len, want, nb.digits);
}

/* What makes two hosts share a NodeName line: type and per-host keys. */
static char *node_signature(const struct model *m, const struct host *h)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "%s\x1f%lld", view_host_type(m, h)->name, h->slurmd_port);
	for (i = 0; i < h->extra.n; i++)
		strbuf_addf(&sb, "\x1f%s=%s", h->extra.items[i].key,
			    h->extra.items[i].value);
	return strbuf_detach(&sb, NULL);
}

struct sig_ref {
	const char *sig;
	size_t idx;
	size_t seq;		/* the host's inventory position, managed or not */
};

static int sig_ref_cmp(const void *a, const void *b)
{
	const struct sig_ref *x = a, *y = b;
	int c = strcmp(x->sig, y->sig);

	if (c)
		return c;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int group_cmp(const void *a, const void *b)
{
	const struct host_group *x = a, *y = b;

	if (x->first_seq != y->first_seq)
		return x->first_seq < y->first_seq ? -1 : 1;
	return x->idx[0] < y->idx[0] ? -1 : x->idx[0] > y->idx[0];
}

/*
 * Groups the compute hosts by signature (sorting, so 10,000 hosts stay
 * cheap); groups come out ordered by their first host in the model.
 * sigs[i] is filled for compute hosts and must be freed by the caller.
 */
struct host_group *hostfold_group(const struct model *m, char **sigs,
				  bool by_type_only, size_t *n_groups)
{
	struct sig_ref *refs = xcalloc(model_n_declared(m) + 1, sizeof(*refs));
	struct host_group *groups = NULL;
	size_t i, n = 0, ng = 0, alloc = 0;

	for (i = 0; i < model_n_declared(m); i++) {
		const struct host *h = &m->hosts[i];

		if (!view_is_compute(m, h))
			continue;
		sigs[i] = by_type_only ? xstrdup(view_host_type(m, h)->name)
				       : node_signature(m, h);
		refs[n].sig = sigs[i];
		refs[n].seq = h->seq;
		refs[n++].idx = i;
	}
	xqsort(refs, n, sizeof(*refs), sig_ref_cmp);
	for (i = 0; i < n; i++) {
		struct host_group *g;

		if (!ng || strcmp(groups[ng - 1].sig, refs[i].sig)) {
			XGROW(groups, alloc, ng + 1);
			groups[ng++] = (struct host_group){ refs[i].sig, NULL, 0, 0,
							    refs[i].seq };
		}
		g = &groups[ng - 1];
		XGROW(g->idx, g->alloc, g->n + 1);
		g->idx[g->n++] = refs[i].idx;
	}
	free(refs);
	xqsort(groups, ng, sizeof(*groups), group_cmp);
	*n_groups = ng;
	return groups;
}

void hostfold_groups_free(struct host_group *groups, size_t n, char **sigs,
			  size_t n_sigs)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(groups[i].idx);
	free(groups);
	for (i = 0; i < n_sigs; i++)
		free(sigs[i]);
	free(sigs);
}

/*
 * Splits a group into runs a single NodeName line can carry. Hosts without
 * an address fold into one run whatever their names; hosts with addresses
 * fold while both names and addresses count up together, because Slurm
 * pairs the n-th name with the n-th NodeAddr of the expanded ranges.
 */
struct fold_run *hostfold_runs(const struct model *m,
			       const struct host_group *g, size_t *n_runs)
{
	struct fold_run *runs = NULL;
	size_t i, nr = 0, alloc = 0;
	bool plain_seen = false;

	for (i = 0; i < g->n; i++) {
		const struct host *h = &m->hosts[g->idx[i]];

		if (!h->address) {
			plain_seen = true;
			continue;
		}
		if (nr && runs[nr - 1].addressed) {
			const struct host *prev =
				&m->hosts[g->idx[runs[nr - 1].first +
						 runs[nr - 1].n - 1]];

			if (runs[nr - 1].first + runs[nr - 1].n == i &&
			    is_successor(prev->name, h->name) &&
			    is_successor(prev->address, h->address)) {
				runs[nr - 1].n++;
				continue;
			}
		}
		XGROW(runs, alloc, nr + 1);
		runs[nr++] = (struct fold_run){ i, 1, true };
	}
	if (plain_seen) {
		/* the address-less hosts go first: the group starts with its first host */
		XGROW(runs, alloc, nr + 1);
		memmove(runs + 1, runs, nr * sizeof(*runs));
		runs[0] = (struct fold_run){ 0, 0, false };
		nr++;
	}
	*n_runs = nr;
	return runs;
}

/* The folded names (and addresses) of a run; caller frees both. */
void hostfold_run_names(const struct model *m, const struct host_group *g,
			const struct fold_run *r, char **names, char **addrs)
{
	const char **list = xcalloc(g->n + 1, sizeof(*list));
	const char **alist = xcalloc(g->n + 1, sizeof(*alist));
	size_t i, n = 0;

	for (i = 0; i < g->n; i++) {
		const struct host *h = &m->hosts[g->idx[i]];

		if (r->addressed ? (i < r->first || i >= r->first + r->n)
				 : h->address != NULL)
			continue;
		list[n] = h->name;
		alist[n++] = h->address;
	}
	*names = hostlist_compress(list, n);
	*addrs = r->addressed ? hostlist_compress(alist, n) : NULL;
	free(list);
	free(alist);
}
