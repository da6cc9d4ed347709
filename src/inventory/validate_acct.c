/*
 * validate_acct.c: the accounting half of validation: QoS, accounts (tree,
 * cycles, parents-first order), users, TRES names and counts, and the
 * cross-checks that make limits real in Slurm (gres/gpu tracked by
 * AccountingStorageTRES, limits and qos in AccountingStorageEnforce, both
 * as the renderer would write them).
 */
#include "base/compat.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "inventory/inventory.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "inventory/validate_acct.h"
#include "inventory/validate_ref.h"
#include "inventory/site_rows.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/name_index.h"
#include "inventory/inventory_scalar.h"

/* ------------------------------------------------------------------ */
/* names sacctmgr would mangle                                         */

/*
 * sacctmgr lowercases user, account and QoS names; characters outside
 * [A-Za-z0-9._-] break its command line and the association keys.
 */
static void check_db_name(struct vctx *v, const char *kind, const char *name,
			  const struct src_loc *loc)
{
	const char *p;
	bool upper = false;

	for (p = name; *p; p++) {
		if (!isalnum((unsigned char)*p) && !strchr("._-", *p)) {
			diag_error(v->dl, loc, "invalid %s name '%s': use letters, "
				   "digits, '.', '_' and '-'", kind, name);
			return;
		}
		upper |= isupper((unsigned char)*p) != 0;
	}
	if (!*name)
		diag_error(v->dl, loc, "empty %s name", kind);
	else if (upper)
		diag_error(v->dl, loc, "%s name '%s' has uppercase letters: "
			   "sacctmgr stores it lowercased", kind, name);
}

/* ------------------------------------------------------------------ */
/* TRES                                                                */

bool validate_tres_name(const char *name)
{
	static const char *const plain[] = { "cpu", "mem", "node", "billing",
					     "energy", "fs/disk", "vmem", "pages",
					     "fs/lustre", "ic/ofed" };
	static const char *const prefixes[] = { "gres/", "license/", "bb/" };
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(plain); i++)
		if (!strcmp(name, plain[i]))
			return true;
	for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
		len = strlen(prefixes[i]);
		if (!strncmp(name, prefixes[i], len) && name[len] &&
		    name[len] != ':' && !strchr(name + len, '/') &&
		    !strchr(name + len, ','))
			return true;
	}
	return false;
}

/*
 * TRES counts: an integer (-1 clears); mem may carry a unit. Only mem: the
 * accounting writer stores the other TRES counts as written, and Slurm
 * keeps mem in MB.
 */
static bool tres_value_ok(const char *name, const char *value)
{
	long long mb;
	const char *p = value;

	if (!strcmp(value, "-1"))
		return true;
	if (!strcmp(name, "mem"))
		return !inventory_parse_memory(value, &mb);
	if (!*p)
		return false;
	for (; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	return true;
}

static bool gpu_type_known(const struct model *m, const char *type)
{
	size_t i, g;

	for (i = 0; i < m->n_node_types; i++)
		for (g = 0; g < m->node_types[i].n_gpus; g++)
			if (m->node_types[i].gpus[g].type &&
			    !strcmp(m->node_types[i].gpus[g].type, type))
				return true;
	return false;
}

static void check_tres_entry(struct vctx *v, const char *owner,
			     const struct kv *e)
{
	if (!validate_tres_name(e->key)) {
		diag_error(v->dl, &e->loc, "%s: unknown TRES '%s' (expected cpu, mem, "
			   "node, billing, energy, fs/disk, vmem, pages, "
			   "gres/NAME[:TYPE], license/NAME or bb/NAME)", owner, e->key);
		return;
	}
	if (!tres_value_ok(e->key, e->value))
		diag_error(v->dl, &e->value_loc, "%s: TRES '%s' needs a count, got '%s'",
			   owner, e->key, e->value);
	if (!strncmp(e->key, "gres/", 5)) {
		const char *name = e->key + 5, *colon = strchr(name, ':');
		size_t len = colon ? (size_t)(colon - name) : strlen(name);

		if (len != 3 || strncmp(name, "gpu", 3))
			diag_error(v->dl, &e->loc, "%s: unknown GRES '%.*s' in '%s' "
				   "(only gpu is defined)", owner, (int)len, name, e->key);
		else if (colon && !gpu_type_known(v->m, colon + 1))
			diag_error(v->dl, &e->loc, "%s: no node type has GPUs of type "
				   "'%s'", owner, colon + 1);
	}
}

/* Where limits are: the first gres/gpu limit and the first limit at all. */
struct limit_seen {
	const struct kv *gpu;
	char *gpu_owner;
	const struct src_loc *any;
	char *any_owner;
	size_t n_gpu;
};

/* Notes the first limit of any kind, for the enforcement check. */
static void note_limit(struct limit_seen *ls, const char *owner,
		       const struct src_loc *loc)
{
	if (ls->any)
		return;
	ls->any = loc;
	ls->any_owner = xstrdup(owner);
}

static bool any_set(const long long *vals, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (vals[i] != MODEL_UNSET && vals[i] != -1)
			return true;
	return false;
}

static void check_tres_map(struct vctx *v, const char *owner,
			   const struct kv_list *kv, struct limit_seen *ls)
{
	size_t i;

	for (i = 0; i < kv->n; i++) {
		const struct kv *e = &kv->items[i];

		check_tres_entry(v, owner, e);
		note_limit(ls, owner, &e->loc);
		if (!strcmp(e->key, "gres/gpu") || !strncmp(e->key, "gres/gpu:", 9)) {
			if (!ls->n_gpu++) {
				ls->gpu = e;
				ls->gpu_owner = xstrdup(owner);
			}
		}
	}
}

/* ------------------------------------------------------------------ */
/* values sacctmgr would refuse, or the writer would store wrongly     */

/* Slurm's QoS flags (sacctmgr(1), slurmdb.h) and the release that added them. */
static const struct {
	const char *name;
	const char *since;
} qos_flags[] = {
	{ "DenyOnLimit", NULL }, { "EnforceUsageThreshold", NULL },
	{ "NoDecay", NULL }, { "NoReserve", NULL }, { "OverPartQOS", NULL },
	{ "PartitionMaxNodes", NULL }, { "PartitionMinNodes", NULL },
	{ "PartitionTimeLimit", NULL }, { "RequiresReservation", NULL },
	{ "UsageFactorSafe", NULL }, { "Relative", "23.11" },
};

static void check_qos_flag(struct vctx *v, const char *owner, const char *flag,
			   const struct src_loc *loc)
{
	const char *names[ARRAY_SIZE(qos_flags)];
	struct strbuf all = STRBUF_INIT;
	const char *hint;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(qos_flags); i++) {
		names[i] = qos_flags[i].name;
		if (strcasecmp(flag, qos_flags[i].name))
			continue;
		if (qos_flags[i].since && v->version >= 0 &&
		    v->version < slurmkeys_version_index(qos_flags[i].since))
			diag_error(v->dl, loc, "%s: QoS flag '%s' needs Slurm %s or "
				   "newer (slurm_version is %s)", owner, flag,
				   qos_flags[i].since, v->m->cluster.slurm_version);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(qos_flags); i++)
		strbuf_addf(&all, "%s%s", i ? ", " : "", qos_flags[i].name);
	hint = diag_suggest(flag, names, ARRAY_SIZE(names));
	if (hint)
		diag_error(v->dl, loc, "%s: unknown QoS flag '%s' (did you mean '%s'?)",
			   owner, flag, hint);
	else
		diag_error(v->dl, loc, "%s: unknown QoS flag '%s' (expected %s)",
			   owner, flag, all.buf);
	strbuf_release(&all);
}

/* UsageFactor: a non-negative decimal number, as sacctmgr parses it. */
static bool usage_factor_ok(const char *s)
{
	char *end;
	double d;

	if (!*s || isspace((unsigned char)*s))
		return false;
	d = strtod(s, &end);
	return !*end && isfinite(d) && d >= 0;
}

/* Fairshare: a non-negative integer below 2^31 - 1, or "parent". */
static bool fairshare_ok(const char *s)
{
	unsigned long long n = 0;
	const char *p;

	if (!strcasecmp(s, "parent"))
		return true;
	for (p = s; isdigit((unsigned char)*p); p++) {
		n = n * 10 + (unsigned)(*p - '0');
		if (n >= 2147483647ULL)
			return false;
	}
	return *s && !*p;
}

static void check_fairshare(struct vctx *v, const char *owner, const char *fs,
			    const struct src_loc *loc)
{
	if (fs && !fairshare_ok(fs))
		diag_error(v->dl, loc, "%s: fairshare must be a whole number below "
			   "2147483647 or 'parent', got '%s'", owner, fs);
}

/* A QoS's PreemptMode: what sacctmgr takes for a QoS (not WITHIN/PRIORITY). */
static void check_qos_preempt_mode(struct vctx *v, const char *owner,
				   const char *value, const struct src_loc *loc)
{
	static const char *const modes[] = { "cluster", "off", "cancel", "gang",
					     "requeue", "suspend" };
	const char *p = value;

	do {
		size_t n = strcspn(p, ","), i;

		for (i = 0; i < ARRAY_SIZE(modes); i++)
			if (strlen(modes[i]) == n && !strncasecmp(p, modes[i], n))
				break;
		if (i == ARRAY_SIZE(modes)) {
			diag_error(v->dl, loc, "%s: invalid preempt_mode '%s' for a QoS "
				   "(expected CLUSTER, OFF, CANCEL, REQUEUE or SUSPEND, "
				   "optionally with GANG)", owner, value);
			return;
		}
		p += n;
	} while (*p++ == ',');
}

/*
 * slurmdbd refuses a QoS that preempts itself, directly or through the
 * QoS it preempts: follow preempt lists from q and report the loop once.
 */
static bool preempt_reaches(struct vctx *v, const struct qos *from,
			    const char *target, unsigned depth)
{
	size_t i;

	if (depth > v->m->n_qos)
		return false;
	for (i = 0; i < from->preempt.n; i++) {
		const struct qos *next = name_index_find(&v->qos, from->preempt.items[i]);

		if (!strcmp(from->preempt.items[i], target))
			return true;
		if (next && next != from && preempt_reaches(v, next, target, depth + 1))
			return true;
	}
	return false;
}

static void check_preempt_loop(struct vctx *v, const struct qos *q,
			       const char *owner)
{
	size_t i;

	for (i = 0; i < q->preempt.n; i++) {
		const struct qos *p = name_index_find(&v->qos, q->preempt.items[i]);

		if (!strcmp(q->preempt.items[i], q->name)) {
			diag_error(v->dl, &q->preempt.locs[i], "%s preempts itself",
				   owner);
			return;
		}
		if (p && preempt_reaches(v, p, q->name, 0)) {
			diag_error(v->dl, &q->preempt.locs[i], "%s: preempting '%s' "
				   "makes a loop ('%s' preempts '%s' again): slurmdbd "
				   "refuses it", owner, p->name, p->name, q->name);
			return;
		}
	}
}

static void check_qos_values(struct vctx *v, const struct qos *q,
			     const char *owner)
{
	size_t i;

	for (i = 0; i < q->flags.n; i++)
		check_qos_flag(v, owner, q->flags.items[i], &q->flags.locs[i]);
	if (q->usage_factor && !usage_factor_ok(q->usage_factor))
		diag_error(v->dl, &q->usage_factor_loc, "%s: usage_factor must be a "
			   "non-negative number, got '%s'", owner, q->usage_factor);
	if (q->preempt_mode)
		check_qos_preempt_mode(v, owner, q->preempt_mode, &q->preempt_mode_loc);
	check_preempt_loop(v, q, owner);
}

/* ------------------------------------------------------------------ */
/* qos, accounts, users                                                */

static void check_qos(struct vctx *v, struct limit_seen *ls)
{
	size_t i;

	validate_report_dups(v, &v->qos, "QoS", offsetof(struct qos, loc));
	for (i = 0; i < v->m->n_qos; i++) {
		const struct qos *q = &v->m->qos[i];
		char *owner = xasprintf("QoS '%s'", q->name);

		check_db_name(v, "QoS", q->name, &q->loc);
		check_tres_map(v, owner, &q->max_tres_per_user, ls);
		check_tres_map(v, owner, &q->max_tres_per_job, ls);
		check_tres_map(v, owner, &q->max_tres_per_account, ls);
		check_tres_map(v, owner, &q->max_tres_per_node, ls);
		check_tres_map(v, owner, &q->min_tres_per_job, ls);
		check_tres_map(v, owner, &q->grp_tres, ls);
		validate_list_refs(v, &q->preempt, owner, "QoS", &v->qos);
		check_qos_values(v, q, owner);
		{
			const long long n[] = { q->max_jobs_per_user,
				q->max_submit_jobs_per_user, q->max_jobs_per_account,
				q->max_submit_jobs_per_account, q->grp_jobs,
				q->grp_submit_jobs };

			if (q->max_wall || q->grp_wall || any_set(n, ARRAY_SIZE(n)))
				note_limit(ls, owner, &q->loc);
		}
		free(owner);
	}
}

/*
 * Follows parents from account a. state: 0 unseen, 1 on this walk, 2 done.
 * Meeting a state-1 account is a cycle, reported once from that account.
 */
static void check_account_cycle(struct vctx *v, size_t a, char *state)
{
	const struct account *base = v->m->accounts, *acc = &base[a];
	size_t *path = xcalloc(v->m->n_accounts + 1, sizeof(*path));
	size_t n = 0, i, k;

	while (acc && !state[k = (size_t)(acc - base)]) {
		state[k] = 1;
		path[n++] = k;
		acc = strcmp(acc->parent, "root") ?
			      name_index_find(&v->accounts, acc->parent) : NULL;
	}
	if (acc && state[acc - base] == 1) {
		struct strbuf sb = STRBUF_INIT;

		for (i = 0; path[i] != (size_t)(acc - base); i++)
			;
		for (; i < n; i++)
			strbuf_addf(&sb, "'%s' -> ", base[path[i]].name);
		strbuf_addf(&sb, "'%s'", acc->name);
		diag_error(v->dl, &acc->parent_loc, "account cycle: %s", sb.buf);
		strbuf_release(&sb);
	}
	for (i = 0; i < n; i++)
		state[path[i]] = 2;
	free(path);
}

static void check_account_refs(struct vctx *v, const struct account *a,
			       const char *owner, struct limit_seen *ls)
{
	check_db_name(v, "account", a->name, &a->loc);
	if (!strcmp(a->name, "root"))
		diag_error(v->dl, &a->loc, "account 'root' is implicit: do not define it");
	validate_list_refs(v, &a->qos, owner, "QoS", &v->qos);
	validate_list_refs(v, &a->coordinators, owner, "user", &v->users);
	if (a->default_qos && !name_index_find(&v->qos, a->default_qos))
		validate_unknown_ref(v, &a->default_qos_loc, owner, "QoS", a->default_qos, &v->qos);
	else if (a->default_qos && a->qos.n && !str_list_has(&a->qos, a->default_qos))
		diag_error(v->dl, &a->default_qos_loc, "%s: default QoS '%s' is not "
			   "one of the account's QoS", owner, a->default_qos);
	check_fairshare(v, owner, a->fairshare, &a->fairshare_loc);
	check_tres_map(v, owner, &a->grp_tres, ls);
	check_tres_map(v, owner, &a->max_tres_per_job, ls);
	check_tres_map(v, owner, &a->max_tres_per_node, ls);
	{
		const long long n[] = { a->grp_jobs, a->grp_submit_jobs, a->max_jobs,
					a->max_submit_jobs };

		if (a->max_wall || a->grp_wall || any_set(n, ARRAY_SIZE(n)))
			note_limit(ls, owner, &a->loc);
	}
}

static void check_accounts(struct vctx *v, struct limit_seen *ls)
{
	char *state = xcalloc(v->m->n_accounts + 1, 1);
	size_t i;

	validate_report_dups(v, &v->accounts, "account", offsetof(struct account, loc));
	for (i = 0; i < v->m->n_accounts; i++) {
		const struct account *a = &v->m->accounts[i];
		char *owner = xasprintf("account '%s'", a->name);

		check_account_refs(v, a, owner, ls);
		if (strcmp(a->parent, "root") && !name_index_find(&v->accounts, a->parent))
			validate_unknown_ref(v, &a->parent_loc, owner, "parent account",
				    a->parent, &v->accounts);
		free(owner);
	}
	for (i = 0; i < v->m->n_accounts; i++)
		if (!state[i])
			check_account_cycle(v, i, state);
	free(state);
}

static void check_limits_set(struct limit_seen *ls, const char *owner,
			     const struct src_loc *loc, const char *max_wall,
			     const long long *n, size_t nn)
{
	if (max_wall || any_set(n, nn))
		note_limit(ls, owner, loc);
}

/*
 * The settings association i writes itself (the user's were checked with
 * the user), and the default QoS it ends up with against the QoS list it
 * ends up with.
 */
static void check_user_assoc(struct vctx *v, const struct user *u, size_t i,
			     struct limit_seen *ls)
{
	const struct user_assoc *a = &u->assocs[i];
	char *owner = a->partition ?
		xasprintf("user '%s' in account '%s' partition '%s'", u->name,
			  a->account, a->partition) :
		xasprintf("user '%s' in account '%s'", u->name, a->account);
	const long long n[] = { a->grp_jobs, a->grp_submit_jobs, a->max_jobs,
				a->max_submit_jobs };
	struct user_assoc r;

	for (size_t j = 0; j < i; j++)
		if (!strcmp(u->accounts.items[j], a->account) &&
		    !strcmp(u->assocs[j].partition ? u->assocs[j].partition : "",
			    a->partition ? a->partition : "")) {
			diag_error(v->dl, &a->account_loc, "%s: duplicate association",
				   owner);
			diag_note(v->dl, &u->assocs[j].account_loc, "first given here");
			break;
		}
	if (a->partition && !name_index_find(&v->parts, a->partition))
		validate_unknown_ref(v, &a->partition_loc, owner, "partition",
				     a->partition, &v->parts);
	validate_list_refs(v, &a->qos, owner, "QoS", &v->qos);
	user_assoc_resolve(u, i, &r);
	if (a->default_qos && !name_index_find(&v->qos, a->default_qos))
		validate_unknown_ref(v, &a->default_qos_loc, owner, "QoS",
				     a->default_qos, &v->qos);
	else if ((a->default_qos || a->qos.n) && r.default_qos && r.qos.n &&
		 !str_list_has(&r.qos, r.default_qos))
		diag_error(v->dl, a->default_qos ? &a->default_qos_loc : &a->loc,
			   "%s: default QoS '%s' is not one of the association's QoS",
			   owner, r.default_qos);
	check_fairshare(v, owner, a->fairshare, &a->fairshare_loc);
	check_tres_map(v, owner, &a->grp_tres, ls);
	check_tres_map(v, owner, &a->max_tres_per_job, ls);
	check_limits_set(ls, owner, &a->loc, a->max_wall, n, ARRAY_SIZE(n));
	free(owner);
}

static void check_user(struct vctx *v, const struct user *u,
		       struct limit_seen *ls)
{
	char *owner = xasprintf("user '%s'", u->name);

	check_db_name(v, "user", u->name, &u->loc);
	validate_list_refs(v, &u->accounts, owner, "account", &v->accounts);
	validate_list_refs(v, &u->qos, owner, "QoS", &v->qos);
	/* a missing list is the loader's "missing required key"; [] is ours */
	if (!u->accounts.n && u->accounts.items)
		diag_error(v->dl, &u->loc, "%s: no accounts", owner);
	if (u->default_account && !str_list_has(&u->accounts, u->default_account))
		diag_error(v->dl, &u->default_account_loc, "%s: default account '%s' "
			   "is not one of the user's accounts", owner,
			   u->default_account);
	if (u->default_qos && !name_index_find(&v->qos, u->default_qos))
		validate_unknown_ref(v, &u->default_qos_loc, owner, "QoS", u->default_qos, &v->qos);
	else if (u->default_qos && u->qos.n && !str_list_has(&u->qos, u->default_qos))
		diag_error(v->dl, &u->default_qos_loc, "%s: default QoS '%s' is not "
			   "one of the user's QoS", owner, u->default_qos);
	check_fairshare(v, owner, u->fairshare, &u->fairshare_loc);
	check_tres_map(v, owner, &u->grp_tres, ls);
	check_tres_map(v, owner, &u->max_tres_per_job, ls);
	{
		const long long n[] = { u->grp_jobs, u->grp_submit_jobs, u->max_jobs,
					u->max_submit_jobs };

		check_limits_set(ls, owner, &u->loc, u->max_wall, n, ARRAY_SIZE(n));
	}
	for (size_t i = 0; u->assocs && i < u->accounts.n; i++)
		check_user_assoc(v, u, i, ls);
	free(owner);
}

static void check_users(struct vctx *v, struct limit_seen *ls)
{
	size_t i;

	validate_report_dups(v, &v->users, "user", offsetof(struct user, loc));
	for (i = 0; i < v->m->n_users; i++)
		check_user(v, &v->m->users[i], ls);
}

/* ------------------------------------------------------------------ */
/* limits that Slurm really enforces                                   */

static const struct kv *slurm_conf_find(const struct model *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->cluster.slurm_conf.n; i++)
		if (!strcasecmp(m->cluster.slurm_conf.items[i].key, key))
			return &m->cluster.slurm_conf.items[i];
	return NULL;
}

/* True if the comma list holds word (case-insensitive), or word:... */
static bool csv_has(const char *list, const char *word)
{
	size_t len = strlen(word);
	const char *p = list;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if (n >= len && !strncasecmp(p, word, len) &&
		    (n == len || p[len] == ':'))
			return true;
		p += n;
		p += *p == ',';
	}
	return false;
}

char *validate_effective_slurm_conf(const struct model *m, const char *key)
{
	const struct kv *e = slurm_conf_find(m, key);

	if (!strcasecmp(key, "AccountingStorageTRES")) {
		/* as view.c renders it: gres/gpu added unless defaults: slurm */
		if (!model_has_gpus(m) || m->cluster.defaults == DEFAULTS_SLURM)
			return e ? xstrdup(e->value) : NULL;
		if (!e || !*e->value)
			return xstrdup("gres/gpu");
		if (csv_has(e->value, "gres/gpu"))
			return xstrdup(e->value);
		return xasprintf("%s,gres/gpu", e->value);
	}
	if (!strcasecmp(key, "AccountingStorageEnforce"))
		return xstrdup(e ? e->value : "associations,limits,qos");
	return e ? xstrdup(e->value) : NULL;
}

static void check_limits_real(struct vctx *v, struct limit_seen *ls)
{
	char *tres = validate_effective_slurm_conf(v->m, "AccountingStorageTRES");
	char *enforce = validate_effective_slurm_conf(v->m, "AccountingStorageEnforce");
	const struct kv *set = slurm_conf_find(v->m, "AccountingStorageEnforce");

	if (ls->gpu && !(tres && csv_has(tres, "gres/gpu"))) {
		diag_error(v->dl, &ls->gpu->loc, "%s limits 'gres/gpu' but GPUs are not "
			   "tracked (no GPUs defined and AccountingStorageTRES lacks "
			   "gres/gpu)", ls->gpu_owner);
		if (ls->n_gpu > 1)
			diag_note(v->dl, &ls->gpu->loc, "and %zu more gres/gpu limit%s",
				  ls->n_gpu - 1, ls->n_gpu > 2 ? "s" : "");
	}
	/*
	 * Slurm takes any of these (slurm.conf(5), AccountingStorageEnforce):
	 * what it then does not enforce is a warning, not a refusal.
	 */
	if (ls->any && !csv_has(enforce, "limits") && !csv_has(enforce, "safe")) {
		diag_warning(v->dl, ls->any, "%s sets limits but AccountingStorageEnforce "
			     "'%s' lacks 'limits': Slurm stores them and does not enforce "
			     "them", ls->any_owner, enforce);
		if (set)
			diag_note(v->dl, &set->loc, "AccountingStorageEnforce set here");
	}
	/* limits: the QoS's limits hold; qos: only which QoS a job may use */
	if (v->m->n_qos && !csv_has(enforce, "qos") && csv_has(enforce, "limits")) {
		diag_warning(v->dl, &v->m->qos[0].loc, "QoS are defined and "
			     "AccountingStorageEnforce '%s' lacks 'qos': Slurm enforces "
			     "their limits, not which QoS an association may use", enforce);
		if (set)
			diag_note(v->dl, &set->loc, "AccountingStorageEnforce set here");
	}
	free(tres);
	free(enforce);
}


/* ------------------------------------------------------------------ */

/* The accounting part needs a slurmdbd to live in. */
static void check_accounting_host(struct vctx *v)
{
	const struct model *m = v->m;
	const struct src_loc *loc = m->n_qos ? &m->qos[0].loc :
				    m->n_accounts ? &m->accounts[0].loc :
				    m->n_users ? &m->users[0].loc : NULL;

	if (loc && !m->cluster.accounting_host)
		diag_error(v->dl, loc, "QoS, accounts and users need slurmdbd: set "
			   "cluster.accounting_host");
}

/*
 * clusters: places a site file's accounts and users (site.h), federation:
 * federates its clusters; alone they mean nothing
 */
static void check_no_clusters(struct vctx *v)
{
	const struct model *m = v->m;

	if (m->in_site)
		return;
	site_refuse_clusters(m->accounts, m->n_accounts, m->users, m->n_users,
			     "clusters: is a site file's key (docs/site.md); this "
			     "inventory is one cluster's", v->dl);
	if (m->federation.loc.file)
		diag_error(v->dl, &m->federation.loc, "federation: belongs in a site file "
			   "(docs/site.md): a federation is of the clusters a site lists");
}

void validate_accounting(struct vctx *v)
{
	struct limit_seen ls = { 0 };

	check_accounting_host(v);
	check_no_clusters(v);

	check_qos(v, &ls);
	check_accounts(v, &ls);
	check_users(v, &ls);
	check_limits_real(v, &ls);
	free(ls.gpu_owner);
	free(ls.any_owner);
}
