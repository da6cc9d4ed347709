/*
 * validate_parts.c: the partitions (validate_parts.h): their nodes (every
 * hostlist expanded once, however many partitions name it, against a hash
 * set of the hosts), their words (PreemptMode, OverSubscribe), their QoS
 * and account references, and one default partition at most.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/ixhash.h"
#include "base/xalloc.h"
#include "inventory/validate_keys.h"
#include "inventory/validate_parts.h"
#include "inventory/validate_values.h"
#include "slurm/hostlist.h"
#include "slurm/slurmkeys.h"
#include "base/diag.h"
#include "inventory/name_index.h"
#include "inventory/validate_ref.h"

/* What one partition "nodes" expression holds; shared by equal ones. */
struct nodes_check {
	const char *expr;	/* borrowed from the model */
	char *cause;		/* not a hostlist: why */
	char *unknown;		/* first name that is not a host */
	size_t n_unknown;
	char *not_compute;	/* first host that is not a compute host */
};

/*
 * Host names in an open-addressing hash table: partitions may name every
 * host, several times over, so lookups must not cost a binary search.
 */
static void host_set_build(struct vctx *v)
{
	size_t i, size = 16;

	while (size < 2 * model_n_declared(v->m))
		size *= 2;
	v->host_set = xcalloc(size, sizeof(*v->host_set));
	v->host_set_mask = size - 1;
	for (i = 0; i < model_n_declared(v->m); i++) {
		size_t k = ixhash_str(v->m->hosts[i].name) & v->host_set_mask;

		while (v->host_set[k] && strcmp(v->host_set[k]->name, v->m->hosts[i].name))
			k = (k + 1) & v->host_set_mask;
		if (!v->host_set[k])	/* the first definition wins */
			v->host_set[k] = &v->m->hosts[i];
	}
}

static const struct host *host_set_find(const struct vctx *v, const char *name)
{
	size_t k = ixhash_str(name) & v->host_set_mask;

	while (v->host_set[k]) {
		if (!strcmp(v->host_set[k]->name, name))
			return v->host_set[k];
		k = (k + 1) & v->host_set_mask;
	}
	return NULL;
}

static void nodes_check_run(struct vctx *v, struct nodes_check *nc)
{
	struct hostlist names = HOSTLIST_INIT;
	size_t i;
	/* released even on failure: a partial expansion must not leak */
	bool ok = !validate_expand(v, nc->expr, &names, &nc->cause);

	for (i = 0; ok && i < names.n; i++) {
		const struct host *h = host_set_find(v, names.names[i]);

		if (!h && !nc->n_unknown++)
			nc->unknown = xstrdup(names.names[i]);
		else if (h && !(h->roles & ROLE_COMPUTE) && !nc->not_compute)
			nc->not_compute = xstrdup(names.names[i]);
	}
	hostlist_release(&names);
}

static uint64_t nodes_check_hash(size_t i, const void *cookie)
{
	return ixhash_str(((const struct vctx *)cookie)->nodes_checks[i].expr);
}

struct nodes_check_key {
	const struct vctx *v;
	const char *expr;
};

static bool nodes_check_is(size_t i, const void *cookie)
{
	const struct nodes_check_key *k = cookie;

	return !strcmp(k->v->nodes_checks[i].expr, k->expr);
}

/*
 * The check of expr, computed once per distinct expression, found by a
 * hash of the expressions (20,000 partitions must not compare each with
 * every other).
 */
static const struct nodes_check *nodes_check_get(struct vctx *v, const char *expr)
{
	struct nodes_check_key key = { v, expr };
	size_t *slot;

	ixhash_reserve(&v->nodes_check_ix, v->n_nodes_checks, nodes_check_hash, v);
	slot = ixhash_find(&v->nodes_check_ix, ixhash_str(expr), nodes_check_is, &key);
	if (*slot)
		return &v->nodes_checks[*slot - 1];
	*slot = v->n_nodes_checks + 1;
	XGROW(v->nodes_checks, v->alloc_nodes_checks, v->n_nodes_checks + 1);
	v->nodes_checks[v->n_nodes_checks] = (struct nodes_check){ .expr = expr };
	nodes_check_run(v, &v->nodes_checks[v->n_nodes_checks]);
	return &v->nodes_checks[v->n_nodes_checks++];
}

static void check_partition_nodes(struct vctx *v, const struct partition *p)
{
	const struct nodes_check *nc;
	char *owner;

	if (!p->nodes || !strcmp(p->nodes, "ALL"))
		return;
	nc = nodes_check_get(v, p->nodes);
	owner = xasprintf("partition '%s'", p->name);
	if (nc->cause)
		diag_error(v->dl, &p->nodes_loc, "%s: invalid nodes '%s': %s", owner,
			   p->nodes, nc->cause);
	if (nc->unknown && !validate_knock_on(v, MODEL_FAILED_HOSTS)) {
		char *hint = validate_host_hint(v, nc->unknown);

		diag_error(v->dl, &p->nodes_loc, "%s: unknown node '%s'%s", owner,
			   nc->unknown, hint);
		free(hint);
		if (nc->n_unknown > 1)
			diag_note(v->dl, &p->nodes_loc, "and %zu more unknown nodes",
				  nc->n_unknown - 1);
	}
	if (nc->not_compute)
		diag_error(v->dl, &p->nodes_loc, "%s: node '%s' is not a compute host",
			   owner, nc->not_compute);
	free(owner);
}

static bool word_in(const char *w, const char *const *set, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcasecmp(w, set[i]))
			return true;
	return false;
}

/*
 * EXCLUSIVE, NO, or FORCE/YES with an optional ":count": at least 1 with
 * FORCE and 2 with YES (slurmctld ignores a smaller one, with an error,
 * and the partition gets OverSubscribe=NO).
 */
static bool oversubscribe_ok(const char *s)
{
	static const char *const plain[] = { "EXCLUSIVE", "NO" };
	static const char *const counted[] = { "FORCE", "YES" };
	size_t n = strcspn(s, ":");
	char word[16];
	const char *p;

	if (word_in(s, plain, ARRAY_SIZE(plain)))
		return true;
	if (n >= sizeof(word))
		return false;
	snprintf(word, sizeof(word), "%.*s", (int)n, s);
	if (!word_in(word, counted, ARRAY_SIZE(counted)))
		return false;
	if (!s[n])
		return true;
	for (p = s + n + 1; *p >= '0' && *p <= '9'; p++)
		;
	return p > s + n + 1 && !*p &&
	       atoi(s + n + 1) >= (toupper((unsigned char)*s) == 'Y' ? 2 : 1);
}

static void check_partition_words(struct vctx *v, const struct partition *p,
				  const char *owner)
{
	static const char *const states[] = { "UP", "DOWN", "DRAIN", "INACTIVE" };

	if (p->state && !word_in(p->state, states, ARRAY_SIZE(states)))
		diag_error(v->dl, &p->state_loc, "%s: invalid state '%s' "
			   "(expected UP, DOWN, DRAIN or INACTIVE)", owner, p->state);
	validate_value_at(v, SLURMKEYS_PARTITION, "PreemptMode", p->preempt_mode,
			  &p->preempt_mode_loc, owner, "preempt_mode");
	if (p->oversubscribe && !oversubscribe_ok(p->oversubscribe))
		diag_error(v->dl, &p->oversubscribe_loc, "%s: invalid oversubscribe "
			   "'%s' (expected EXCLUSIVE, FORCE[:N] with N of 1 or more, "
			   "YES[:N] with N of 2 or more, or NO)", owner,
			   p->oversubscribe);
	if (!validate_conf_name_ok(p->name))
		diag_error(v->dl, &p->loc, "invalid partition name '%s'", p->name);
}

static void nodes_checks_release(struct vctx *v)
{
	for (size_t i = 0; i < v->n_nodes_checks; i++) {
		free(v->nodes_checks[i].cause);
		free(v->nodes_checks[i].unknown);
		free(v->nodes_checks[i].not_compute);
	}
	free(v->nodes_checks);
	ixhash_release(&v->nodes_check_ix);
	free(v->host_set);
	v->nodes_checks = NULL;
	v->host_set = NULL;
}

/*
 * A QoS or account a partition names. Without accounting (no
 * accounting_host) Slurm has none to look it up in and takes the name as
 * written: slurmctld/read_config.c _build_single_partitionline_info() asks
 * assoc_mgr_fill_in_qos(), which finds no QoS list and succeeds unless
 * AccountingStorageEnforce has qos. Validate warns, as it is not stricter.
 */
static void part_refs(struct vctx *v, const struct str_list *l, const char *one,
		      const struct src_loc *one_loc, const char *owner, const char *kind,
		      const struct name_index *ix)
{
	for (size_t i = 0; i < l->n + (one != NULL); i++) {
		const char *name = i < l->n ? l->items[i] : one;
		const struct src_loc *loc = i < l->n ? &l->locs[i] : one_loc;

		if (name_index_find(ix, name))
			continue;
		if (v->m->cluster.accounting_host)
			validate_unknown_ref(v, loc, owner, kind, name, ix);
		else
			diag_warning(v->dl, loc, "%s: %s '%s' is defined nowhere: without "
				     "accounting (no accounting_host) Slurm takes the name as "
				     "written", owner, kind, name);
	}
}

void validate_partitions(struct vctx *v)
{
	const struct partition *first_default = NULL;
	size_t i;

	host_set_build(v);
	validate_report_dups(v, &v->parts, "partition", offsetof(struct partition, loc));
	for (i = 0; i < v->m->n_partitions; i++) {
		const struct partition *p = &v->m->partitions[i];
		char *owner = xasprintf("partition '%s'", p->name);

		check_partition_nodes(v, p);
		check_partition_words(v, p, owner);
		part_refs(v, &p->allow_qos, p->qos, &p->qos_loc, owner, "QoS", &v->qos);
		part_refs(v, &p->allow_accounts, NULL, NULL, owner, "account", &v->accounts);
		part_refs(v, &p->deny_accounts, NULL, NULL, owner, "account", &v->accounts);
		validate_passthrough(v, &p->extra, SLURMKEYS_PARTITION, "PartitionName");
		if (p->is_default && first_default) {
			diag_error(v->dl, &p->default_loc, "%s: more than one default "
				   "partition", owner);
			diag_note(v->dl, &first_default->default_loc,
				  "first default partition here");
		} else if (p->is_default) {
			first_default = p;
		}
		free(owner);
	}
	/* Slurm runs without one (a job must then name its partition), and
	 * sites choose that: an import must not make one up */
	if (!first_default && !validate_knock_on(v, MODEL_FAILED_PARTITIONS))
		diag_warning(v->dl, v->m->partitions_loc.file ? &v->m->partitions_loc :
			     &v->m->file_loc, "no default partition: a job that names "
			     "none is refused (set default: true on one for a default)");
	nodes_checks_release(v);
}
