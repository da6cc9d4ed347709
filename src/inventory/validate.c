/*
 * validate.c: the meaning of a loaded model, checked all at once (see
 * validate.h): the cluster, hosts, node types, partitions and pass-through
 * keys here, QoS, accounts, users and limits in validate_acct.c. Each
 * check walks one part of the model and adds every
 * problem with its location, a note for the other place involved, and
 * "did you mean" for misspelt references. Lookups go through sorted name
 * indexes so that 10,000 hosts and 1,000 users stay O(n log n). Besides
 * checking, it resolves host->type, builds the model's host index, and
 * orders accounts parents-first when parents were given explicitly.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/hostlist.h"
#include "inventory/inventory.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "base/pathtrust.h"
#include "inventory/validate.h"
#include "inventory/validate_acct.h"
#include "inventory/validate_addr.h"
#include "inventory/validate_files.h"
#include "inventory/validate_gres.h"
#include "inventory/validate_ref.h"
#include "base/xalloc.h"


/* ------------------------------------------------------------------ */
/* cluster, controller, service users                                  */

/* Slurm lowercases ClusterName (sacctmgr does too): write it so. */
static void check_cluster_name(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;
	const char *p;

	if (!c->name)
		return;
	for (p = c->name; *p; p++) {
		if (isupper((unsigned char)*p)) {
			diag_error(v->dl, &c->loc, "cluster name '%s' has uppercase "
				   "letters: Slurm lowercases it", c->name);
			return;
		}
	}
	if (!validate_conf_name_ok(c->name))
		diag_error(v->dl, &c->loc, "invalid cluster name '%s'", c->name);
}

/* Paths on the hosts: relative ones would depend on a daemon's cwd. */
static void check_host_paths(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;
	const struct {
		const char *key, *path;
		const struct src_loc *loc;
	} paths[] = {
		{ "config_dir", c->config_dir, &c->config_dir_loc },
		{ "munge_key_path", c->munge_key_path, &c->munge_key_path_loc },
		{ "slurm_user.home", c->slurm_user.home, &c->slurm_user.loc },
		{ "munge_user.home", c->munge_user.home, &c->munge_user.loc },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(paths); i++)
		if (paths[i].path && paths[i].path[0] != '/')
			diag_error(v->dl, paths[i].loc, "cluster.%s '%s' must be an "
				   "absolute path", paths[i].key, paths[i].path);
}

/*
 * Single values the renderer writes as KEY=VALUE into slurm.conf,
 * slurmdbd.conf or a NodeName/PartitionName line: a blank would end the
 * value and start a key of the writer's choosing.
 */
static void check_conf_words(struct vctx *v)
{
	const struct model *m = v->m;
	const struct {
		const char *key, *value;
		const struct src_loc *loc;
	} words[] = {
		{ "cluster.slurm_user.name", m->cluster.slurm_user.name, &m->cluster.slurm_user.loc },
		{ "cluster.slurm_user.group", m->cluster.slurm_user.group, &m->cluster.slurm_user.loc },
		{ "cluster.config_dir", m->cluster.config_dir, &m->cluster.config_dir_loc },
		{ "database.host", m->db.host, &m->db.host_loc },
		{ "database.storage_host", m->db.storage_host, &m->db.storage_host_loc },
		{ "database.name", m->db.name, &m->db.name_loc },
		{ "database.user", m->db.user, &m->db.user_loc },
	};
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (words[i].value && strchr(words[i].value, ' '))
			diag_error(v->dl, words[i].loc, "%s '%s' contains a blank",
				   words[i].key, words[i].value);
	for (i = 0; i < model_n_declared(m); i++)
		if (m->hosts[i].address && strchr(m->hosts[i].address, ' ') &&
		    (i == 0 || m->hosts[i - 1].entry != m->hosts[i].entry))
			diag_error(v->dl, &m->hosts[i].loc, "host '%s': address '%s' "
				   "contains a blank", m->hosts[i].name,
				   m->hosts[i].address);
	for (i = 0; i < m->n_partitions; i++)
		for (j = 0; j < m->partitions[i].allow_groups.n; j++)
			if (strchr(m->partitions[i].allow_groups.items[j], ' '))
				diag_error(v->dl, &m->partitions[i].allow_groups.locs[j],
					   "partition '%s': group '%s' contains a blank",
					   m->partitions[i].name,
					   m->partitions[i].allow_groups.items[j]);
}

/*
 * The local files whose content validate and render read (templates; the
 * include: files are checked as they are loaded) stay in the inventory's
 * tree or a directory the command line allows (pathtrust.h). The password
 * file, ssh identity, known_hosts and config, munge_key_source and tls_ca
 * are not checked: validate and render never open them, and plan and apply
 * (trusted commands, docs/security.md) read the admin's own paths there,
 * such as /etc/clusterctl/site-db.pass.
 */
static void check_local_paths(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;
	char *real, *cause = NULL;

	if (!c->template_dir)
		return;
	real = pathtrust_resolve(v->m->dir, c->template_dir, &cause);
	if (!real)
		diag_error(v->dl, &c->template_dir_loc, "template_dir: %s", cause);
	free(real);
	free(cause);
}

/* True when s ends with suffix. */
static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

/*
 * database.password_env sends the variable's value to database.host, a
 * host the inventory picks: an inventory must not be able to name the
 * admin's AWS_SECRET_ACCESS_KEY or GITHUB_TOKEN. Only names that say they
 * hold a password, or that are clusterctl's own, qualify.
 */
static void check_password_env(struct vctx *v)
{
	const struct db_settings *db = &v->m->db;
	const char *e = db->password_env;

	if (!e || ends_with(e, "_PASSWORD") || ends_with(e, "_PASS") ||
	    !strncmp(e, "CLUSTERCTL_", 11))
		return;
	diag_error(v->dl, &db->password_env_loc, "database.password_env '%s' is "
		   "not a password variable: its name must end in _PASSWORD or "
		   "_PASS or start with CLUSTERCTL_ (the value goes to "
		   "database.host)", e);
}

/* One source for the password: which one wins must not be a guess. */
static void check_password_source(struct vctx *v)
{
	const struct db_settings *db = &v->m->db;

	if (!db->password_file || !db->password_env)
		return;
	diag_error(v->dl, &db->password_env_loc, "database.password_env and "
		   "database.password_file are both set: keep one");
	diag_note(v->dl, &db->password_file_loc, "password_file set here");
}

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
	const char **cands = xcalloc(model_n_declared(v->m) + 1, sizeof(*cands));
	const char *hint;
	char *res;
	size_t i;

	for (i = 0; i < model_n_declared(v->m); i++)
		cands[i] = v->m->hosts[i].name;
	hint = diag_suggest(name, cands, model_n_declared(v->m));
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
	for (i = 0; i < model_n_declared(v->m); i++) {
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

/* managed: false on a host apply cannot do without (model_central_daemon) */
static void check_unmanaged(struct vctx *v)
{
	size_t i;

	for (i = v->m->n_hosts; i < model_n_declared(v->m); i++) {
		const struct host *h = &v->m->hosts[i];
		enum service_kind k = model_central_daemon(v->m, h);

		if (h->scope == HOST_DECLARED && k != SVC_COUNT)
			diag_error(v->dl, &h->managed_loc, "host '%s' runs %s: "
				   "it cannot be managed: false", h->name,
				   service_kind_name(k));
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
	check_unmanaged(v);
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

/*
 * True when Slurm reads v as one value: no blank, or the whole of it in
 * double quotes (Slurm's parser takes "a b" as one value) with none inside.
 */
static bool one_conf_value(const char *v)
{
	size_t n = strlen(v);

	if (!strchr(v, ' '))
		return true;
	return n >= 2 && v[0] == '"' && v[n - 1] == '"' &&
	       !memchr(v + 1, '"', n - 2);
}

/* A value the release refuses although it knows the key (slurmkeys.c): reported, true. */
static bool check_removed_value(struct vctx *v, const struct kv *e,
				enum slurmkeys_table table, const char *what)
{
	const char *since, *instead;
	const char *item = slurmkeys_removed_value(table, e->key, e->value, v->version,
						   &since, &instead);

	if (item)
		diag_error(v->dl, &e->value_loc, "%s %s=%s was removed in Slurm %s "
			   "(slurm_version is %s)%s%s", what, e->key, item, since,
			   v->m->cluster.slurm_version, instead ? ": use " : "",
			   instead ? instead : "");
	return item != NULL;
}

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

		/* control characters never reach the model (inventory_keys.c) */
		if (!one_conf_value(e->value))
			diag_error(v->dl, &e->value_loc, "%s value of '%s' contains a "
				   "blank: Slurm would end the value there and read "
				   "the rest as more keys (quote it for Slurm: "
				   "'\"a b\"')", what, e->key);
		slurmkeys_check(table, e->key, v->version, &ck);
		switch (ck.status) {
		case SLURMKEY_OK:
			check_removed_value(v, e, table, what);
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
			/* a defunct key may still be fatal with some values
			 * (FastSchedule=1 is ignored, =2 stops slurmctld) */
			if (check_removed_value(v, e, table, what))
				break;
			/* the daemons start, logging that they ignore it */
			diag_warning(v->dl, &e->loc, "%s key '%s' is ignored since Slurm %s "
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

/* What one entry's keys say together: one gres.conf line Slurm takes. */
static void check_gpu_keys(struct vctx *v, const struct node_type *nt,
			   const struct gpu_spec *g)
{
	if (g->files && g->multiple_files)
		diag_error(v->dl, &g->multiple_files_loc, "node type '%s': gpu entry has "
			   "both 'files' and 'multiple_files': gres.conf takes one of "
			   "File= and MultipleFiles= on a line", nt->name);
	else if (g->multiple_files && g->count != 1 && g->count != MODEL_UNSET)
		diag_error(v->dl, &g->multiple_files_loc, "node type '%s': gpu entry with "
			   "'multiple_files' is one GPU, not count %lld", nt->name, g->count);
	else if (!g->files && !g->multiple_files && !g->autodetect)
		diag_warning(v->dl, &g->loc, "node type '%s': gpu entry without 'files' "
			     "or 'autodetect' is a Count= line: slurmd binds these GPUs "
			     "to no device", nt->name);
	validate_gres_flags(v, nt, "gpu", g->flags, &g->flags_loc);
}

static void check_gpu(struct vctx *v, const struct node_type *nt,
		      const struct gpu_spec *g)
{
	struct hostlist files = HOSTLIST_INIT;
	char *cause = NULL;

	check_gpu_keys(v, nt, g);
	if (!g->files || g->count == MODEL_UNSET)
		return;
	if (hostlist_expand(g->files, &files, &cause)) {
		diag_error(v->dl, &g->files_loc, "node type '%s': invalid gpu files '%s': %s",
			   nt->name, g->files, cause);
		free(cause);
	} else if ((long long)files.n != g->count)
		diag_error(v->dl, &g->loc, "node type '%s': gpu count %lld disagrees "
			   "with %zu device file%s in '%s'", nt->name, g->count,
			   files.n, files.n == 1 ? "" : "s", g->files);
	hostlist_release(&files);
}

/*
 * What slurmd refuses across a node's gpu lines (fatal at start): some
 * typed and some not, some with File= (or MultipleFiles=) and some Count=.
 */
static void check_gpu_mix(struct vctx *v, const struct node_type *nt)
{
	const struct gpu_spec *typed = NULL, *untyped = NULL, *filed = NULL, *counted = NULL;

	for (size_t g = 0; g < nt->n_gpus; g++) {
		const struct gpu_spec *s = &nt->gpus[g];

		if (s->type && !typed)
			typed = s;
		if (!s->type && !untyped)
			untyped = s;
		if ((s->files || s->multiple_files) && !filed)
			filed = s;
		if (!s->files && !s->multiple_files && !s->autodetect && !counted)
			counted = s;
	}
	if (typed && untyped)
		diag_error(v->dl, typed < untyped ? &untyped->loc : &typed->loc,
			   "node type '%s': some gpu entries have a type and some not, "
			   "which slurmd refuses", nt->name);
	if (filed && counted)
		diag_error(v->dl, filed < counted ? &counted->loc : &filed->loc,
			   "node type '%s': some gpu entries have files and some only a "
			   "count, which slurmd refuses", nt->name);
}

/* AutoDetect is one per node: every entry that says it says the same. */
static void check_gpu_autodetect(struct vctx *v, const struct node_type *nt)
{
	const struct gpu_spec *first = NULL;

	for (size_t g = 0; g < nt->n_gpus; g++) {
		const struct gpu_spec *s = &nt->gpus[g];

		if (!s->autodetect)
			continue;
		if (!first) {
			first = s;
		} else if (strcasecmp(first->autodetect, s->autodetect)) {
			diag_error(v->dl, &s->autodetect_loc, "node type '%s': gpu "
				   "autodetect '%s' differs from '%s': AutoDetect is the "
				   "node's, one for all its GPUs", nt->name, s->autodetect,
				   first->autodetect);
			diag_note(v->dl, &first->autodetect_loc, "'%s' set here",
				  first->autodetect);
		}
	}
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

		check_gpu_autodetect(v, nt);
		check_gpu_mix(v, nt);
		for (g = 0; g < nt->n_gpus; g++) {
			check_gpu(v, nt, &nt->gpus[g]);
			if (nt->gpus[g].type && (!validate_conf_name_ok(nt->gpus[g].type) ||
						 strchr(nt->gpus[g].type, ':')))
				diag_error(v->dl, &nt->gpus[g].loc, "node type '%s': invalid "
					   "gpu type '%s'", nt->name, nt->gpus[g].type);
		}
		for (g = 0; g < nt->features.n; g++)
			if (!validate_conf_name_ok(nt->features.items[g]))
				diag_error(v->dl, &nt->features.locs[g], "node type '%s': "
					   "invalid feature '%s'", nt->name,
					   nt->features.items[g]);
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

	for (i = 0; i < model_n_declared(v->m); i++) {
		struct host *h = &v->m->hosts[i];
		bool first_of_entry = h->entry != last;

		last = h->entry;
		if (!validate_conf_name_ok(h->name) && first_of_entry)
			diag_error(v->dl, &h->loc, "invalid host name '%s'", h->name);
		if (h->type_name)
			h->type = validate_index_find(&v->types, h->type_name);
		if (h->type_name && !h->type && first_of_entry)
			validate_unknown_ref(v, &h->type_loc, "host entry", "node type",
				    h->type_name, &v->types);
		/* the renderer makes a node of every typed host: keep both views equal */
		if (h->type_name && !(h->roles & ROLE_COMPUTE) && first_of_entry)
			diag_error(v->dl, &h->roles_loc, "host '%s' has node type '%s' "
				   "but not the 'compute' role", h->name, h->type_name);
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

	while (size < 2 * model_n_declared(v->m))
		size *= 2;
	v->host_set = xcalloc(size, sizeof(*v->host_set));
	v->host_set_mask = size - 1;
	for (i = 0; i < model_n_declared(v->m); i++) {
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
	/* released even on failure: a partial expansion must not leak */
	bool ok = !hostlist_expand(nc->expr, &names, &nc->cause);

	for (i = 0; ok && i < names.n; i++) {
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

/*
 * Checks a PreemptMode value (comma-separated words, any case) and reports
 * "OWNER: invalid preempt_mode 'x' ..." at loc.
 */
static void validate_preempt_mode(struct vctx *v, const char *owner,
				  const char *value, const struct src_loc *loc)
{
	static const char *const modes[] = { "OFF", "CANCEL", "GANG", "REQUEUE",
					     "SUSPEND", "WITHIN", "PRIORITY" };
	const char *p = value;
	char word[32];

	do {
		size_t n = strcspn(p, ",");

		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		if (!n || n >= sizeof(word) || !word_in(word, modes, ARRAY_SIZE(modes))) {
			diag_error(v->dl, loc, "%s: invalid preempt_mode '%s' (expected "
				   "OFF, CANCEL, GANG, REQUEUE, SUSPEND, WITHIN or "
				   "PRIORITY, comma-separated)", owner, value);
			return;
		}
		p += n;
	} while (*p++ == ',');
}

/* EXCLUSIVE, NO, or FORCE/YES with an optional ":count". */
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
	return p > s + n + 1 && !*p;
}

static void check_partition_words(struct vctx *v, const struct partition *p,
				  const char *owner)
{
	static const char *const states[] = { "UP", "DOWN", "DRAIN", "INACTIVE" };

	if (p->state && !word_in(p->state, states, ARRAY_SIZE(states)))
		diag_error(v->dl, &p->state_loc, "%s: invalid state '%s' "
			   "(expected UP, DOWN, DRAIN or INACTIVE)", owner, p->state);
	if (p->preempt_mode)
		validate_preempt_mode(v, owner, p->preempt_mode, &p->preempt_mode_loc);
	if (p->oversubscribe && !oversubscribe_ok(p->oversubscribe))
		diag_error(v->dl, &p->oversubscribe_loc, "%s: invalid oversubscribe "
			   "'%s' (expected EXCLUSIVE, FORCE[:N], YES[:N] or NO)", owner,
			   p->oversubscribe);
	if (!validate_conf_name_ok(p->name))
		diag_error(v->dl, &p->loc, "invalid partition name '%s'", p->name);
}

static void check_partitions(struct vctx *v)
{
	const struct partition *first_default = NULL;
	size_t i;

	validate_report_dups(v, &v->parts, "partition", offsetof(struct partition, loc));
	for (i = 0; i < v->m->n_partitions; i++) {
		const struct partition *p = &v->m->partitions[i];
		char *owner = xasprintf("partition '%s'", p->name);

		check_partition_nodes(v, p);
		check_partition_words(v, p, owner);
		if (p->qos && !validate_index_find(&v->qos, p->qos))
			validate_unknown_ref(v, &p->qos_loc, owner, "QoS", p->qos, &v->qos);
		validate_list_refs(v, &p->allow_qos, owner, "QoS", &v->qos);
		validate_list_refs(v, &p->allow_accounts, owner, "account", &v->accounts);
		validate_list_refs(v, &p->deny_accounts, owner, "account", &v->accounts);
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
	/* Slurm runs without one (a job must then name its partition), and
	 * sites choose that: an import must not make one up */
	if (!first_default)
		diag_warning(v->dl, v->m->partitions_loc.file ? &v->m->partitions_loc :
			     &v->m->file_loc, "no default partition: a job that names "
			     "none is refused (set default: true on one for a default)");
}

/* ------------------------------------------------------------------ */
/* entry point                                                         */

static void vctx_init(struct vctx *v, struct model *m, struct diag_list *dl)
{
	memset(v, 0, sizeof(*v));
	v->m = m;
	v->dl = dl;
	model_index_hosts(m);
	validate_index_build(&v->types, m->node_types, m->n_node_types, sizeof(*m->node_types));
	validate_index_build(&v->parts, m->partitions, m->n_partitions, sizeof(*m->partitions));
	validate_index_build(&v->qos, m->qos, m->n_qos, sizeof(*m->qos));
	validate_index_build(&v->accounts, m->accounts, m->n_accounts, sizeof(*m->accounts));
	validate_index_build(&v->users, m->users, m->n_users, sizeof(*m->users));
	host_set_build(v);
}

static void vctx_release(struct vctx *v)
{
	size_t i;

	validate_index_release(&v->types);
	validate_index_release(&v->parts);
	validate_index_release(&v->qos);
	validate_index_release(&v->accounts);
	validate_index_release(&v->users);
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
	struct vctx v;

	vctx_init(&v, m, dl);
	check_version(&v);
	check_cluster_name(&v);
	check_host_paths(&v);
	check_conf_words(&v);
	check_local_paths(&v);
	check_password_source(&v);
	check_password_env(&v);
	check_passthrough(&v, &m->cluster.slurm_conf, SLURMKEYS_CONF, "slurm.conf");
	check_passthrough(&v, &m->cluster.cgroup_conf, SLURMKEYS_CGROUP, "cgroup.conf");
	check_passthrough(&v, &m->cluster.slurmdbd_conf, SLURMKEYS_SLURMDBD,
			  "slurmdbd.conf");
	check_service_users(&v);
	check_node_types(&v);
	check_hosts(&v);
	check_controllers(&v);
	validate_addresses(&v);
	check_partitions(&v);
	validate_accounting(&v);
	validate_files(&v);
	validate_gres(&v);
	vctx_release(&v);
	return diag_errors(dl) - before;
}
