/*
 * validate.c: the meaning of a loaded model, checked all at once (see
 * validate.h). Each check walks one part of the model and adds every
 * problem with its location, a note for the other place involved, and
 * "did you mean" for misspelt references. Lookups go through sorted name
 * indexes so that 10,000 hosts and 1,000 users stay O(n log n). Besides
 * checking, it resolves host->type, builds the model's host index, and
 * orders accounts parents-first when parents were given explicitly.
 */
#include "compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostlist.h"
#include "inventory.h"
#include "slurmkeys.h"
#include "strbuf.h"
#include "validate.h"
#include "xalloc.h"

/*
 * A sorted view of a model array by name. Every model element type starts
 * with `const char *name`, so one index type serves them all.
 */
struct name_index {
	const char **names;	/* sorted; each points at an element's name field */
	size_t n;
};

struct nodes_check;

struct vctx {
	struct model *m;
	struct diag_list *dl;
	int version;		/* slurmkeys index; -1 unknown */
	struct name_index types, parts, qos, accounts, users;
	const struct host **host_set;	/* hash table of host names */
	size_t host_set_mask;
	struct nodes_check *nodes_checks;	/* one per distinct nodes expr */
	size_t n_nodes_checks, alloc_nodes_checks;
};

/* ------------------------------------------------------------------ */
/* name indexes                                                        */

static int name_ptr_cmp(const void *a, const void *b)
{
	const char *const *pa = *(const char *const *const *)a;
	const char *const *pb = *(const char *const *const *)b;
	int c = strcmp(*pa, *pb);

	return c ? c : (pa < pb ? -1 : pa > pb);
}

static void index_build(struct name_index *ix, const void *arr, size_t n,
			size_t stride)
{
	size_t i;

	ix->names = xcalloc(n ? n : 1, sizeof(*ix->names));
	ix->n = 0;
	for (i = 0; i < n; i++) {
		const char *const *name = (const void *)((const char *)arr + i * stride);

		if (*name)
			ix->names[ix->n++] = (const char *)name;
	}
	qsort(ix->names, ix->n, sizeof(*ix->names), name_ptr_cmp);
}

/* The element named name (its first definition), or NULL. */
static const void *index_find(const struct name_index *ix, const char *name)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(*(const char *const *)ix->names[mid], name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < ix->n && !strcmp(*(const char *const *)ix->names[lo], name))
		return ix->names[lo];
	return NULL;
}

/* A suggestion among the indexed names (borrowed), or NULL. */
static const char *index_suggest(const struct name_index *ix, const char *word)
{
	const char **cands = xcalloc(ix->n ? ix->n : 1, sizeof(*cands));
	const char *res;
	size_t i;

	for (i = 0; i < ix->n; i++)
		cands[i] = *(const char *const *)ix->names[i];
	res = diag_suggest(word, cands, ix->n);
	free(cands);
	return res;
}

/*
 * Reports every name defined twice: "duplicate KIND 'x'" at the later one
 * with a note at the first. loc_of returns an element's location.
 */
static void index_report_dups(struct vctx *v, const struct name_index *ix,
			      const char *kind, size_t loc_off)
{
	size_t i;

	for (i = 1; i < ix->n; i++) {
		const char *a = *(const char *const *)ix->names[i - 1];
		const char *b = *(const char *const *)ix->names[i];
		size_t first = i - 1;

		if (strcmp(a, b))
			continue;
		while (first && !strcmp(*(const char *const *)ix->names[first - 1], b))
			first--;
		diag_error(v->dl, (const void *)((const char *)ix->names[i] + loc_off),
			   "duplicate %s '%s'", kind, b);
		diag_note(v->dl, (const void *)((const char *)ix->names[first] + loc_off),
			  "first defined here");
	}
}

static void index_release(struct name_index *ix)
{
	free(ix->names);
	ix->names = NULL;
	ix->n = 0;
}

/* Reports "OWNER: unknown KIND 'name' (did you mean ...)". */
static void unknown_ref(struct vctx *v, const struct src_loc *loc,
			const char *owner, const char *kind, const char *name,
			const struct name_index *ix)
{
	const char *hint = ix ? index_suggest(ix, name) : NULL;

	if (hint)
		diag_error(v->dl, loc, "%s: unknown %s '%s' (did you mean '%s'?)",
			   owner, kind, name, hint);
	else
		diag_error(v->dl, loc, "%s: unknown %s '%s'", owner, kind, name);
}

/* ------------------------------------------------------------------ */
/* names Slurm would reject                                            */

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

/* Host and partition names go on slurm.conf lines: no blanks, '=', ','. */
static bool conf_name_ok(const char *name)
{
	const char *p;

	if (!*name)
		return false;
	for (p = name; *p; p++)
		if (isspace((unsigned char)*p) || strchr("=,#[]\"'", *p))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* cluster, controller, service users                                  */

static void check_version(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;

	v->version = slurmkeys_version_index(c->slurm_version);
	if (v->version < 0)
		diag_error(v->dl, &c->version_loc,
			   "unsupported slurm_version '%s' (known: %s)",
			   c->slurm_version, slurmkeys_supported_versions());
}

static const char *const role_words[] = { "controller", "backup", "dbd",
					  "compute", "login", "storage" };

static const char *role_word(unsigned role)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(role_words); i++)
		if (role == 1u << i)
			return role_words[i];
	return "?";
}

/* " (did you mean 'x'?)" for a host name, or ""; newly allocated. */
static char *host_hint(struct vctx *v, const char *name)
{
	const char **cands = xcalloc(v->m->n_hosts + 1, sizeof(*cands));
	const char *hint;
	char *res;
	size_t i;

	for (i = 0; i < v->m->n_hosts; i++)
		cands[i] = v->m->hosts[i].name;
	hint = diag_suggest(name, cands, v->m->n_hosts);
	res = hint ? xasprintf(" (did you mean '%s'?)", hint) : xstrdup("");
	free(cands);
	return res;
}

/* cluster.<what> must name a host that has role. */
static void check_role_host(struct vctx *v, const char *what, const char *name,
			    const struct src_loc *loc, unsigned role)
{
	const struct host *h;

	if (!name)
		return;
	if (!(h = model_find_host(v->m, name))) {
		char *hint = host_hint(v, name);

		diag_error(v->dl, loc, "%s '%s' is not a host%s", what, name, hint);
		free(hint);
		return;
	}
	if (!(h->roles & role)) {
		diag_error(v->dl, loc, "%s '%s' lacks the '%s' role", what, name,
			   role_word(role));
		diag_note(v->dl, &h->roles_loc, "roles of '%s' set here", name);
	}
}

/* A host with a role that cluster settings give to another host. */
static void check_role_holders(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;
	const struct { unsigned role; const char *holder, *key; } roles[] = {
		{ ROLE_CONTROLLER, c->controller, "controller" },
		{ ROLE_BACKUP, c->backup_controller, "backup_controller" },
		{ ROLE_DBD, c->accounting_host, "accounting_host" },
	};
	size_t i, r;
	size_t last_entry[ARRAY_SIZE(roles)];

	for (r = 0; r < ARRAY_SIZE(roles); r++)
		last_entry[r] = SIZE_MAX;
	for (i = 0; i < v->m->n_hosts; i++) {
		const struct host *h = &v->m->hosts[i];

		for (r = 0; r < ARRAY_SIZE(roles); r++) {
			/* a missing controller is already the loader's error */
			if (!(h->roles & roles[r].role) ||
			    (!roles[r].holder && roles[r].role == ROLE_CONTROLLER) ||
			    (roles[r].holder && !strcmp(roles[r].holder, h->name)) ||
			    last_entry[r] == h->entry)
				continue;
			last_entry[r] = h->entry;
			diag_error(v->dl, &h->roles_loc,
				   "host '%s' has role '%s' but cluster.%s is %s%s%s",
				   h->name, role_word(roles[r].role), roles[r].key,
				   roles[r].holder ? "'" : "not set",
				   roles[r].holder ? roles[r].holder : "",
				   roles[r].holder ? "'" : "");
		}
	}
}

static void check_controllers(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;

	check_role_host(v, "controller", c->controller, &c->controller_loc,
			ROLE_CONTROLLER);
	check_role_host(v, "backup_controller", c->backup_controller,
			&c->backup_controller_loc, ROLE_BACKUP);
	check_role_host(v, "accounting_host", c->accounting_host,
			&c->accounting_host_loc, ROLE_DBD);
	if (c->backup_controller && c->controller &&
	    !strcmp(c->backup_controller, c->controller))
		diag_error(v->dl, &c->backup_controller_loc,
			   "backup_controller is the controller '%s'", c->controller);
	check_role_holders(v);
}

static void check_id_clash(struct vctx *v, const char *what, long long a,
			   long long b)
{
	const struct svc_user *s = &v->m->cluster.slurm_user;
	const struct svc_user *mu = &v->m->cluster.munge_user;

	if (a == MODEL_UNSET || a != b)
		return;
	diag_error(v->dl, &mu->loc, "munge_user %s %lld collides with slurm_user's",
		   what, b);
	diag_note(v->dl, &s->loc, "slurm_user defined here");
}

static void check_service_users(struct vctx *v)
{
	const struct svc_user *s = &v->m->cluster.slurm_user;
	const struct svc_user *mu = &v->m->cluster.munge_user;

	if (s->name && mu->name && !strcmp(s->name, mu->name)) {
		diag_error(v->dl, &mu->loc, "munge_user and slurm_user are both '%s'",
			   s->name);
		return;
	}
	check_id_clash(v, "uid", s->uid, mu->uid);
	/* two users may share a group only when it is the same group */
	if (s->group && mu->group && strcmp(s->group, mu->group))
		check_id_clash(v, "gid", s->gid, mu->gid);
}

/* ------------------------------------------------------------------ */
/* pass-through keys                                                   */

static void check_passthrough(struct vctx *v, const struct kv_list *kv,
			      enum slurmkeys_table table, const char *what)
{
	size_t i;

	if (v->version < 0)
		return;
	for (i = 0; i < kv->n; i++) {
		const struct kv *e = &kv->items[i];
		const char *sv = v->m->cluster.slurm_version;
		struct slurmkey_check ck;

		slurmkeys_check(table, e->key, v->version, &ck);
		switch (ck.status) {
		case SLURMKEY_OK:
			break;
		case SLURMKEY_UNKNOWN:
			if (ck.suggest)
				diag_error(v->dl, &e->loc, "unknown %s key '%s' (did you mean '%s'?)",
					   what, e->key, ck.suggest);
			else
				diag_error(v->dl, &e->loc, "unknown %s key '%s'", what, e->key);
			break;
		case SLURMKEY_REMOVED:
			diag_error(v->dl, &e->loc, "%s key '%s' was removed in Slurm %s "
				   "(slurm_version is %s)", what, ck.canonical, ck.since, sv);
			break;
		case SLURMKEY_DEFUNCT:
			diag_error(v->dl, &e->loc, "%s key '%s' is ignored since Slurm %s "
				   "(slurm_version is %s)", what, ck.canonical, ck.since, sv);
			break;
		case SLURMKEY_TOO_NEW:
			diag_error(v->dl, &e->loc, "%s key '%s' needs Slurm %s or later "
				   "(slurm_version is %s)", what, ck.canonical, ck.since, sv);
			break;
		case SLURMKEY_MODELLED:
			diag_error(v->dl, &e->loc, "%s key '%s' is modelled by the "
				   "inventory: %s", what, ck.canonical, ck.hint);
			break;
		}
	}
}

/* ------------------------------------------------------------------ */
/* node types and hosts                                                */

static void check_gpu(struct vctx *v, const struct node_type *nt,
		      const struct gpu_spec *g)
{
	struct hostlist files = HOSTLIST_INIT;
	char *cause = NULL;

	if (!g->files && !g->autodetect) {
		diag_error(v->dl, &g->loc, "node type '%s': gpu needs 'files' or "
			   "'autodetect'", nt->name);
		return;
	}
	if (!g->files || g->count == MODEL_UNSET)
		return;
	if (hostlist_expand(g->files, &files, &cause)) {
		diag_error(v->dl, &g->loc, "node type '%s': invalid gpu files '%s': %s",
			   nt->name, g->files, cause);
		free(cause);
		return;
	}
	if ((long long)files.n != g->count)
		diag_error(v->dl, &g->loc, "node type '%s': gpu count %lld disagrees "
			   "with %zu device file%s in '%s'", nt->name, g->count,
			   files.n, files.n == 1 ? "" : "s", g->files);
	hostlist_release(&files);
}

static void check_cpu_topology(struct vctx *v, const struct node_type *nt)
{
	long long boards = nt->boards == MODEL_UNSET ? 1 : nt->boards;
	long long cores;

	if (nt->cpus == MODEL_UNSET || nt->sockets == MODEL_UNSET ||
	    nt->cores_per_socket == MODEL_UNSET)
		return;
	cores = boards * nt->sockets * nt->cores_per_socket;
	/* Slurm accepts CPUs as the count of cores or of threads */
	if (nt->cpus != cores &&
	    nt->cpus != cores * (nt->threads_per_core == MODEL_UNSET ?
				 1 : nt->threads_per_core))
		diag_error(v->dl, &nt->loc, "node type '%s': cpus %lld matches neither "
			   "the cores (%lld) nor the threads of its sockets",
			   nt->name, nt->cpus, cores);
}

static void check_node_types(struct vctx *v)
{
	size_t i, g;

	for (i = 0; i < v->m->n_node_types; i++) {
		const struct node_type *nt = &v->m->node_types[i];

		for (g = 0; g < nt->n_gpus; g++)
			check_gpu(v, nt, &nt->gpus[g]);
		check_cpu_topology(v, nt);
		if (nt->memory_mb == MODEL_UNSET)
			diag_warning(v->dl, &nt->loc, "node type '%s' sets no memory: "
				     "Slurm assumes 1 MB", nt->name);
		check_passthrough(v, &nt->extra, SLURMKEYS_NODE, "NodeName");
	}
}

/* Two host entries that share names: reported once, with a count. */
struct host_clash {
	const struct host *first, *dup;	/* the first shared name, both sides */
	size_t count;
};

static void check_host_dups(struct vctx *v)
{
	const struct host **ix = v->m->host_index;
	struct host_clash *c = NULL;
	size_t i, k, n = v->m->n_host_index, first = 0, nc = 0, alloc = 0;

	for (i = 1; i < n; i++) {
		if (strcmp(ix[i]->name, ix[first]->name)) {
			first = i;
			continue;
		}
		/* pairs of entries are few: a linear search is enough */
		for (k = 0; k < nc; k++)
			if (c[k].first->entry == ix[first]->entry &&
			    c[k].dup->entry == ix[i]->entry)
				break;
		if (k == nc) {
			XGROW(c, alloc, nc + 1);
			c[nc++] = (struct host_clash){ ix[first], ix[i], 0 };
		}
		c[k].count++;
	}
	for (k = 0; k < nc; k++) {
		if (c[k].count > 1)
			diag_error(v->dl, &c[k].dup->loc, "duplicate host '%s' (and %zu more)",
				   c[k].dup->name, c[k].count - 1);
		else
			diag_error(v->dl, &c[k].dup->loc, "duplicate host '%s'",
				   c[k].dup->name);
		diag_note(v->dl, &c[k].first->loc, "first defined here");
	}
	free(c);
}

static void check_hosts(struct vctx *v)
{
	size_t i, last = SIZE_MAX, computes = 0;

	for (i = 0; i < v->m->n_hosts; i++) {
		struct host *h = &v->m->hosts[i];
		bool first_of_entry = h->entry != last;

		last = h->entry;
		if (!conf_name_ok(h->name) && first_of_entry)
			diag_error(v->dl, &h->loc, "invalid host name '%s'", h->name);
		if (h->type_name)
			h->type = index_find(&v->types, h->type_name);
		if (h->type_name && !h->type && first_of_entry)
			unknown_ref(v, &h->type_loc, "host entry", "node type",
				    h->type_name, &v->types);
		if (h->roles & ROLE_COMPUTE) {
			computes++;
			if (!h->type_name && first_of_entry)
				diag_error(v->dl, &h->loc, "compute host '%s' has no node "
					   "type", h->name);
		}
		if (first_of_entry)
			check_passthrough(v, &h->extra, SLURMKEYS_NODE, "NodeName");
	}
	if (!computes)
		diag_error(v->dl, v->m->hosts_loc.file ? &v->m->hosts_loc :
			   &v->m->file_loc, "no compute hosts");
	check_host_dups(v);
}

/* ------------------------------------------------------------------ */
/* partitions                                                          */

/* What one partition "nodes" expression holds; shared by equal ones. */
struct nodes_check {
	const char *expr;	/* borrowed from the model */
	char *cause;		/* not a hostlist: why */
	char *unknown;		/* first name that is not a host */
	size_t n_unknown;
	char *not_compute;	/* first host that is not a compute host */
};

static uint64_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/*
 * Host names in an open-addressing hash table: partitions may name every
 * host, several times over, so lookups must not cost a binary search.
 */
static void host_set_build(struct vctx *v)
{
	size_t i, size = 16;

	while (size < 2 * v->m->n_hosts)
		size *= 2;
	v->host_set = xcalloc(size, sizeof(*v->host_set));
	v->host_set_mask = size - 1;
	for (i = 0; i < v->m->n_hosts; i++) {
		size_t k = name_hash(v->m->hosts[i].name) & v->host_set_mask;

		while (v->host_set[k] && strcmp(v->host_set[k]->name, v->m->hosts[i].name))
			k = (k + 1) & v->host_set_mask;
		if (!v->host_set[k])	/* the first definition wins */
			v->host_set[k] = &v->m->hosts[i];
	}
}

static const struct host *host_set_find(const struct vctx *v, const char *name)
{
	size_t k = name_hash(name) & v->host_set_mask;

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

	if (hostlist_expand(nc->expr, &names, &nc->cause))
		return;
	for (i = 0; i < names.n; i++) {
		const struct host *h = host_set_find(v, names.names[i]);

		if (!h && !nc->n_unknown++)
			nc->unknown = xstrdup(names.names[i]);
		else if (h && !(h->roles & ROLE_COMPUTE) && !nc->not_compute)
			nc->not_compute = xstrdup(names.names[i]);
	}
	hostlist_release(&names);
}

/* The check of expr, computed once per distinct expression. */
static const struct nodes_check *nodes_check_get(struct vctx *v, const char *expr)
{
	size_t i;

	for (i = 0; i < v->n_nodes_checks; i++)
		if (!strcmp(v->nodes_checks[i].expr, expr))
			return &v->nodes_checks[i];
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
	if (nc->unknown) {
		char *hint = host_hint(v, nc->unknown);

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

static void check_partition_words(struct vctx *v, const struct partition *p)
{
	static const char *const states[] = { "UP", "DOWN", "DRAIN", "INACTIVE" };

	if (p->state && !word_in(p->state, states, ARRAY_SIZE(states)))
		diag_error(v->dl, &p->loc, "partition '%s': invalid state '%s' "
			   "(expected UP, DOWN, DRAIN or INACTIVE)", p->name, p->state);
	if (!conf_name_ok(p->name))
		diag_error(v->dl, &p->loc, "invalid partition name '%s'", p->name);
}

static void check_list_refs(struct vctx *v, const struct str_list *l,
			    const char *owner, const char *kind,
			    const struct name_index *ix)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!index_find(ix, l->items[i]))
			unknown_ref(v, &l->locs[i], owner, kind, l->items[i], ix);
}

static void check_partitions(struct vctx *v)
{
	const struct partition *first_default = NULL;
	size_t i;

	index_report_dups(v, &v->parts, "partition", offsetof(struct partition, loc));
	for (i = 0; i < v->m->n_partitions; i++) {
		const struct partition *p = &v->m->partitions[i];
		char *owner = xasprintf("partition '%s'", p->name);

		check_partition_nodes(v, p);
		check_partition_words(v, p);
		if (p->qos && !index_find(&v->qos, p->qos))
			unknown_ref(v, &p->qos_loc, owner, "QoS", p->qos, &v->qos);
		check_list_refs(v, &p->allow_qos, owner, "QoS", &v->qos);
		check_list_refs(v, &p->allow_accounts, owner, "account", &v->accounts);
		check_list_refs(v, &p->deny_accounts, owner, "account", &v->accounts);
		check_passthrough(v, &p->extra, SLURMKEYS_PARTITION, "PartitionName");
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
	if (!first_default)
		diag_error(v->dl, v->m->partitions_loc.file ? &v->m->partitions_loc :
			   &v->m->file_loc, "no default partition (set default: "
			   "true on one)");
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

/* TRES counts: an integer (-1 clears), memory-like TRES may carry a unit. */
static bool tres_value_ok(const char *name, const char *value)
{
	long long mb;
	const char *p = value;

	if (!strcmp(value, "-1"))
		return true;
	if (!strcmp(name, "mem") || !strncmp(name, "bb/", 3) ||
	    !strncmp(name, "fs/", 3))
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
/* qos, accounts, users                                                */

static void check_qos(struct vctx *v, struct limit_seen *ls)
{
	size_t i;

	index_report_dups(v, &v->qos, "QoS", offsetof(struct qos, loc));
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
		check_list_refs(v, &q->preempt, owner, "QoS", &v->qos);
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
			      index_find(&v->accounts, acc->parent) : NULL;
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

/*
 * Orders accounts parents first (stable) so the accounting layer can
 * create them in array order; only called when every parent resolves and
 * there is no cycle.
 */
static void order_accounts(struct vctx *v)
{
	struct model *m = v->m;
	struct account *out = pool_alloc(&m->pool, (m->n_accounts + 1) * sizeof(*out));
	char *done = xcalloc(m->n_accounts + 1, 1);
	size_t n = 0, i, round;

	for (round = 0; n < m->n_accounts && round <= m->n_accounts; round++) {
		for (i = 0; i < m->n_accounts; i++) {
			const struct account *a = &m->accounts[i];
			const struct account *p;

			if (done[i])
				continue;
			p = index_find(&v->accounts, a->parent);
			if (strcmp(a->parent, "root") && !(p && done[p - m->accounts]))
				continue;
			done[i] = 1;
			out[n++] = *a;
		}
	}
	free(done);
	if (n != m->n_accounts)
		return;
	m->accounts = out;
	index_release(&v->accounts);
	index_build(&v->accounts, m->accounts, m->n_accounts, sizeof(*m->accounts));
}

static void check_account_refs(struct vctx *v, const struct account *a,
			       const char *owner, struct limit_seen *ls)
{
	check_db_name(v, "account", a->name, &a->loc);
	if (!strcmp(a->name, "root"))
		diag_error(v->dl, &a->loc, "account 'root' is implicit: do not define it");
	check_list_refs(v, &a->qos, owner, "QoS", &v->qos);
	check_list_refs(v, &a->coordinators, owner, "user", &v->users);
	if (a->default_qos && !index_find(&v->qos, a->default_qos))
		unknown_ref(v, &a->default_qos_loc, owner, "QoS", a->default_qos, &v->qos);
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
	size_t i, before = diag_errors(v->dl);

	index_report_dups(v, &v->accounts, "account", offsetof(struct account, loc));
	for (i = 0; i < v->m->n_accounts; i++) {
		const struct account *a = &v->m->accounts[i];
		char *owner = xasprintf("account '%s'", a->name);

		check_account_refs(v, a, owner, ls);
		if (strcmp(a->parent, "root") && !index_find(&v->accounts, a->parent))
			unknown_ref(v, &a->parent_loc, owner, "parent account",
				    a->parent, &v->accounts);
		free(owner);
	}
	for (i = 0; i < v->m->n_accounts; i++)
		if (!state[i])
			check_account_cycle(v, i, state);
	free(state);
	if (diag_errors(v->dl) == before)
		order_accounts(v);
}

static bool list_has(const struct str_list *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

static void check_user(struct vctx *v, const struct user *u,
		       struct limit_seen *ls)
{
	char *owner = xasprintf("user '%s'", u->name);

	check_db_name(v, "user", u->name, &u->loc);
	check_list_refs(v, &u->accounts, owner, "account", &v->accounts);
	check_list_refs(v, &u->qos, owner, "QoS", &v->qos);
	/* a missing list is the loader's "missing required key"; [] is ours */
	if (!u->accounts.n && u->accounts.items)
		diag_error(v->dl, &u->loc, "%s: no accounts", owner);
	if (u->default_account && !list_has(&u->accounts, u->default_account))
		diag_error(v->dl, &u->default_account_loc, "%s: default account '%s' "
			   "is not one of the user's accounts", owner,
			   u->default_account);
	if (u->default_qos && !index_find(&v->qos, u->default_qos))
		unknown_ref(v, &u->default_qos_loc, owner, "QoS", u->default_qos, &v->qos);
	else if (u->default_qos && u->qos.n && !list_has(&u->qos, u->default_qos))
		diag_error(v->dl, &u->default_qos_loc, "%s: default QoS '%s' is not "
			   "one of the user's QoS", owner, u->default_qos);
	check_tres_map(v, owner, &u->grp_tres, ls);
	check_tres_map(v, owner, &u->max_tres_per_job, ls);
	{
		const long long n[] = { u->grp_jobs, u->grp_submit_jobs, u->max_jobs,
					u->max_submit_jobs };

		if (u->max_wall || any_set(n, ARRAY_SIZE(n)))
			note_limit(ls, owner, &u->loc);
	}
	free(owner);
}

static void check_users(struct vctx *v, struct limit_seen *ls)
{
	size_t i;

	index_report_dups(v, &v->users, "user", offsetof(struct user, loc));
	for (i = 0; i < v->m->n_users; i++)
		check_user(v, &v->m->users[i], ls);
}

/* ------------------------------------------------------------------ */
/* limits that Slurm really enforces                                   */

static bool model_has_gpus(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_node_types; i++)
		if (m->node_types[i].n_gpus)
			return true;
	return false;
}

static const struct kv *slurm_conf_find(const struct model *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->cluster.slurm_conf.n; i++)
		if (!strcasecmp(m->cluster.slurm_conf.items[i].key, key))
			return &m->cluster.slurm_conf.items[i];
	return NULL;
}

char *validate_effective_slurm_conf(const struct model *m, const char *key)
{
	const struct kv *e = slurm_conf_find(m, key);

	if (!strcasecmp(key, "AccountingStorageTRES")) {
		if (!model_has_gpus(m))
			return e ? xstrdup(e->value) : NULL;
		if (!e || !*e->value)
			return xstrdup("gres/gpu");
		return xasprintf("%s,gres/gpu", e->value);
	}
	if (!strcasecmp(key, "AccountingStorageEnforce"))
		return xstrdup(e ? e->value : "associations,limits,qos");
	return e ? xstrdup(e->value) : NULL;
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
	if (ls->any && !csv_has(enforce, "limits") && !csv_has(enforce, "safe")) {
		diag_error(v->dl, ls->any, "%s sets limits but AccountingStorageEnforce "
			   "'%s' lacks 'limits': Slurm would not enforce them",
			   ls->any_owner, enforce);
		if (set)
			diag_note(v->dl, &set->loc, "AccountingStorageEnforce set here");
	}
	if (v->m->n_qos && !csv_has(enforce, "qos")) {
		diag_error(v->dl, &v->m->qos[0].loc, "QoS are defined but "
			   "AccountingStorageEnforce '%s' lacks 'qos': Slurm would not "
			   "enforce them", enforce);
		if (set)
			diag_note(v->dl, &set->loc, "AccountingStorageEnforce set here");
	}
	free(tres);
	free(enforce);
}

/* ------------------------------------------------------------------ */
/* entry point                                                         */

static void vctx_init(struct vctx *v, struct model *m, struct diag_list *dl)
{
	memset(v, 0, sizeof(*v));
	v->m = m;
	v->dl = dl;
	model_index_hosts(m);
	index_build(&v->types, m->node_types, m->n_node_types, sizeof(*m->node_types));
	index_build(&v->parts, m->partitions, m->n_partitions, sizeof(*m->partitions));
	index_build(&v->qos, m->qos, m->n_qos, sizeof(*m->qos));
	index_build(&v->accounts, m->accounts, m->n_accounts, sizeof(*m->accounts));
	index_build(&v->users, m->users, m->n_users, sizeof(*m->users));
	host_set_build(v);
}

static void vctx_release(struct vctx *v)
{
	size_t i;

	index_release(&v->types);
	index_release(&v->parts);
	index_release(&v->qos);
	index_release(&v->accounts);
	index_release(&v->users);
	for (i = 0; i < v->n_nodes_checks; i++) {
		free(v->nodes_checks[i].cause);
		free(v->nodes_checks[i].unknown);
		free(v->nodes_checks[i].not_compute);
	}
	free(v->nodes_checks);
	free(v->host_set);
}

size_t validate_model(struct model *m, struct diag_list *dl)
{
	size_t before = diag_errors(dl);
	struct limit_seen ls = { 0 };
	struct vctx v;

	vctx_init(&v, m, dl);
	check_version(&v);
	check_passthrough(&v, &m->cluster.slurm_conf, SLURMKEYS_CONF, "slurm.conf");
	check_passthrough(&v, &m->cluster.cgroup_conf, SLURMKEYS_CGROUP, "cgroup.conf");
	check_passthrough(&v, &m->cluster.slurmdbd_conf, SLURMKEYS_SLURMDBD,
			  "slurmdbd.conf");
	check_service_users(&v);
	check_node_types(&v);
	check_hosts(&v);
	check_controllers(&v);
	check_partitions(&v);
	check_qos(&v, &ls);
	check_accounts(&v, &ls);
	check_users(&v, &ls);
	check_limits_real(&v, &ls);
	free(ls.gpu_owner);
	free(ls.any_owner);
	vctx_release(&v);
	return diag_errors(dl) - before;
}
