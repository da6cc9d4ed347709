/*
 * validate.c: the meaning of a loaded model, checked all at once (see
 * validate.h): the cluster, hosts, node types, partitions and pass-through
 * keys here, QoS, accounts, users and limits in validate_acct.c. Each
 * check walks one part of the model and adds every
 * problem with its location, a note for the other place involved, and
 * "did you mean" for misspelt references. Lookups go through sorted name
 * indexes so that 10,000 hosts and 1,000 users stay O(n log n). It only
 * reads the model: what follows from the files (host->type, the host
 * index, accounts parents first) the loader completed (model_complete.h).
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/hostlist.h"
#include "inventory/inventory.h"
#include "slurm/slurmkeys.h"
#include "base/pathtrust.h"
#include "inventory/validate.h"
#include "inventory/validate_acct.h"
#include "inventory/validate_addr.h"
#include "inventory/validate_files.h"
#include "inventory/validate_gres.h"
#include "inventory/validate_keys.h"
#include "inventory/validate_parts.h"
#include "inventory/validate_values.h"
#include "inventory/validate_ref.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/name_index.h"


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

/* "localhost" or an IPv4 loopback address (127.x.y.z) */
static bool db_loopback(const char *h)
{
	return h && (!strcmp(h, "localhost") || !strncmp(h, "127.", 4));
}

/*
 * database.tunnel names a host; TLS through it checks the certificate
 * against the name clusterctl connects to, the tunnel's end on this
 * machine, which stands for database.host only when that is loopback.
 */
static void check_db_tunnel(struct vctx *v)
{
	const struct db_settings *db = &v->m->db;
	char *hint;

	if (!db->tunnel)
		return;
	if (!model_find_host(v->m, db->tunnel)) {
		hint = validate_host_hint(v, db->tunnel);
		diag_error(v->dl, &db->tunnel_loc, "database.tunnel '%s' is not a host%s",
			   db->tunnel, hint);
		free(hint);
	}
	if ((db->tls || db->tls_ca) && db->host && !db_loopback(db->host))
		diag_error(v->dl, &db->host_loc, "database.tls through database.tunnel: "
			   "the certificate is checked against the name clusterctl connects "
			   "to, the tunnel's end on this machine, so database.host must be "
			   "localhost or a 127.x address (as '%s' reaches MariaDB), not '%s'",
			   db->tunnel, db->host);
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

/* cluster.<what> must name a host that has role. */
static void check_role_host(struct vctx *v, const char *what, const char *name,
			    const struct src_loc *loc, unsigned role)
{
	const struct host *h;

	if (!name)
		return;
	if (!(h = model_find_host(v->m, name))) {
		char *hint;

		if (validate_knock_on(v, MODEL_FAILED_HOSTS))
			return;
		hint = validate_host_hint(v, name);

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

		/* another cluster's slurmdbd (site.h) is that cluster's to manage */
		if (h->scope == HOST_DECLARED && k != SVC_COUNT && !h->other_cluster)
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

	/*
	 * One user for both (SlurmUser=munge): slurm.conf(5) asks only for a
	 * user slurmctld runs as; the two entries must then say the same user.
	 */
	if (s->name && mu->name && !strcmp(s->name, mu->name)) {
		if ((s->uid != MODEL_UNSET && mu->uid != MODEL_UNSET && s->uid != mu->uid) ||
		    (s->gid != MODEL_UNSET && mu->gid != MODEL_UNSET && s->gid != mu->gid))
			diag_error(v->dl, &mu->loc, "munge_user and slurm_user are both '%s' "
				   "with other ids: one user has one uid and gid", s->name);
		return;
	}
	check_id_clash(v, "uid", s->uid, mu->uid);
	/* two users may share a group only when it is the same group */
	if (s->group && mu->group && strcmp(s->group, mu->group))
		check_id_clash(v, "gid", s->gid, mu->gid);
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
	else if (g->no_line && (g->files || g->multiple_files || g->cores || g->links ||
				g->flags || g->line_type))
		diag_error(v->dl, &g->loc, "node type '%s': gpu entry with gres_conf: false "
			   "has no gres.conf line to say its files, cores, links, flags or "
			   "type", nt->name);
	else if (g->type && g->line_type)
		diag_error(v->dl, &g->loc, "node type '%s': gpu entry has a type and a "
			   "gres_conf_type: the type is both files' (gres_conf_type is for "
			   "an untyped entry's line)", nt->name);
	else if (!g->files && !g->multiple_files &&
		 (!g->autodetect || !strcasecmp(g->autodetect, "off")))
		/* gres.c: "Ignoring file-less GPU", after the merge with Gres= */
		diag_warning(v->dl, &g->loc, "node type '%s': gpu entry without 'files' "
			     "or 'autodetect' (%s): slurmd drops GPUs it has no device file "
			     "for, and slurmctld drains a node that registers fewer than "
			     "Gres= says", nt->name, g->no_line ? "and no gres.conf line" :
			     "a Count= line");
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
	if (validate_expand(v, g->files, &files, &cause)) {
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

		/* gres.c _foreach_gres_conf(): the node's lines, before the merge */
		if (s->no_line)
			continue;
		if ((s->type || s->line_type) && !typed)
			typed = s;
		if (!s->type && !s->line_type && !untyped)
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
		validate_passthrough(v, &nt->extra, SLURMKEYS_NODE, "NodeName");
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
			validate_passthrough(v, &h->extra, SLURMKEYS_NODE, "NodeName");
	}
	if (!computes && !validate_knock_on(v, MODEL_FAILED_HOSTS))
		diag_error(v->dl, v->m->hosts_loc.file ? &v->m->hosts_loc :
			   &v->m->file_loc, "no compute hosts");
	check_host_dups(v);
}

/* ------------------------------------------------------------------ */
/* entry point                                                         */

static void vctx_init(struct vctx *v, const struct model *m, struct diag_list *dl)
{
	memset(v, 0, sizeof(*v));
	v->m = m;
	v->dl = dl;
	v->hints_left = VALIDATE_HINTS;
	v->names_left = VALIDATE_NAMES;
	name_index_build(&v->types, m->node_types, m->n_node_types, sizeof(*m->node_types));
	name_index_build(&v->parts, m->partitions, m->n_partitions, sizeof(*m->partitions));
	name_index_build(&v->qos, m->qos, m->n_qos, sizeof(*m->qos));
	name_index_build(&v->accounts, m->accounts, m->n_accounts, sizeof(*m->accounts));
	name_index_build(&v->users, m->users, m->n_users, sizeof(*m->users));
}

static void vctx_release(struct vctx *v)
{
	name_index_release(&v->types);
	name_index_release(&v->parts);
	name_index_release(&v->qos);
	name_index_release(&v->accounts);
	name_index_release(&v->users);
}

size_t validate_model(const struct model *m, struct diag_list *dl)
{
	size_t before = diag_errors(dl);
	struct vctx v;

	/* from here on, what is found in a failed entity is a knock-on */
	diag_quiet_start(dl);
	vctx_init(&v, m, dl);
	check_version(&v);
	check_cluster_name(&v);
	check_host_paths(&v);
	check_conf_words(&v);
	check_local_paths(&v);
	check_password_source(&v);
	check_password_env(&v);
	check_db_tunnel(&v);
	validate_passthrough(&v, &m->cluster.slurm_conf, SLURMKEYS_CONF, "slurm.conf");
	validate_passthrough(&v, &m->cluster.cgroup_conf, SLURMKEYS_CGROUP, "cgroup.conf");
	validate_passthrough(&v, &m->cluster.slurmdbd_conf, SLURMKEYS_SLURMDBD,
			  "slurmdbd.conf");
	check_service_users(&v);
	check_node_types(&v);
	check_hosts(&v);
	check_controllers(&v);
	validate_addresses(&v);
	validate_partitions(&v);
	validate_values(&v);
	validate_accounting(&v);
	validate_files(&v);
	validate_gres(&v);
	vctx_release(&v);
	return diag_errors(dl) - before;
}

struct model *validate_load(const char *path, struct diag_list *dl)
{
	struct model *m = inventory_load(path, dl);

	if (m)
		validate_model(m, dl);
	diag_sort(dl);
	if (m && diag_errors(dl)) {
		model_free(m);
		return NULL;
	}
	return m;
}
