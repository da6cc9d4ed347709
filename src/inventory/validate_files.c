/*
 * validate_files.c: the checks of files: (model.h, struct pass_file): a
 * target path that is absolute and no file clusterctl renders itself, an
 * owner and group whose ids plan knows (root, the slurm and munge users), a
 * source that exists inside the trusted tree (pathtrust.h: render reads
 * it into its output, as it reads templates), hosts that exist, no host
 * given two files at one path; and a warning for each script or plugin
 * file slurm.conf names that no entry provides (sites may keep those by
 * other means, so it is not an error).
 */
#include "base/compat.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/fileio.h"
#include "slurm/hostlist.h"
#include "slurm/hostpaths.h"
#include "slurm/passfile.h"
#include "base/pathtrust.h"
#include "inventory/validate_files.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/model.h"

/* An absolute path without empty, "." or ".." components. */
static bool path_ok(const char *p)
{
	if (p[0] != '/' || !p[1])
		return false;
	for (const char *c = p; *c; c += strcspn(c, "/")) {
		size_t n;

		c++;
		n = strcspn(c, "/");
		if (!n || (n == 1 && c[0] == '.') || (n == 2 && !strncmp(c, "..", 2)))
			return false;
	}
	return true;
}

/*
 * True when name is root or the slurm or munge user (group: one of their
 * groups): the identities whose ids plan knows on every host (the
 * inventory's, else each host's passwd); any other name would be written
 * as root without a word.
 */
static bool ident_ok(const struct model *m, const char *name, bool group)
{
	if (!strcmp(name, "root"))
		return true;
	for (int w = 0; w < N_IDENT; w++) {
		const struct svc_user *u = model_svc_user(m, w);

		if (!strcmp(name, group ? svc_user_group(u) : u->name))
			return true;
	}
	return false;
}

/* The rendered file at path (clusterctl's own), or NULL. */
static const char *rendered_clash(const struct model *m, const char *path)
{
	static const char *const confs[] = { "slurm.conf", "gres.conf",
					     "cgroup.conf", "slurmdbd.conf" };
	static const char *const fixed[] = { SLURM_SLURMD_DEFAULTS, SLURM_SLURMD_DROPIN,
					     SLURM_SACKD_DEFAULTS, SLURM_SACKD_DROPIN };

	for (size_t i = 0; i < ARRAY_SIZE(confs); i++)
		if (model_is_conf_path(m, path, confs[i]))
			return confs[i];
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		if (!strcmp(path, fixed[i]))
			return fixed[i];
	if (m->cluster.munge_key_path && !strcmp(path, m->cluster.munge_key_path))
		return "the munge key";
	return NULL;
}

static void check_source(struct vctx *v, const struct pass_file *f)
{
	char *cause = NULL, *real = pathtrust_resolve(v->m->dir, f->source, &cause);

	if (!real) {
		diag_error(v->dl, &f->source_loc, "source: %s", cause);
		free(cause);
		return;
	}
	/* render reads it: a FIFO would be waited on (fileio.h) */
	if (fileio_check_regular(real) < 0)
		diag_error(v->dl, &f->source_loc, "source: '%s': %s", f->source,
			   fileio_strerror(errno));
	free(real);
}

static void check_entry(struct vctx *v, const struct pass_file *f)
{
	const char *clash;

	if (!path_ok(f->path))
		diag_error(v->dl, &f->path_loc, "path '%s' is not an absolute path "
			   "without '.', '..' or empty parts", f->path);
	else if ((clash = rendered_clash(v->m, f->path)))
		diag_error(v->dl, &f->path_loc, "path '%s' is %s, which clusterctl "
			   "renders itself", f->path, clash);
	if (f->owner && !ident_ok(v->m, f->owner, false))
		diag_error(v->dl, &f->loc, "owner '%s': a file's owner is root, the "
			   "slurm user (%s) or the munge user (%s)", f->owner,
			   v->m->cluster.slurm_user.name, v->m->cluster.munge_user.name);
	if (f->group && !ident_ok(v->m, f->group, true))
		diag_error(v->dl, &f->loc, "group '%s': a file's group is root or the "
			   "slurm or munge user's group", f->group);
	check_source(v, f);
}

/*
 * Which file of one path each host got so far: stamp says which path
 * group wrote owner, so the arrays are cleared once, not per group.
 */
struct path_owners {
	size_t *stamp, *owner;	/* per declared host */
	size_t group;
	bool shared;		/* the group has more than one file */
};

/*
 * Gives host h file i of the current group; the earlier file h already
 * has there (index + 1), or 0.
 */
static size_t owners_take(struct path_owners *po, size_t h, size_t i)
{
	if (!po->shared)
		return 0;
	if (po->stamp[h] == po->group && po->owner[h] != i)
		return po->owner[h] + 1;
	po->stamp[h] = po->group;
	po->owner[h] = i;
	return 0;
}

/*
 * The hosts f names, each taken in po; an unknown one is an error. The
 * other file of the first host that already had one, or 0.
 */
static size_t take_named(struct vctx *v, struct path_owners *po,
			 const struct pass_file *f, const struct host **x)
{
	struct hostlist names = HOSTLIST_INIT;
	size_t i, other = 0;
	char *cause = NULL;

	if (validate_expand(v, f->hosts, &names, &cause) < 0) {
		diag_error(v->dl, &f->hosts_loc, "hosts: %s", cause);
		free(cause);
	}
	for (i = 0; i < names.n; i++) {
		const struct host *h = model_find_host(v->m, names.names[i]);

		if (!h) {
			if (!validate_knock_on(v, MODEL_FAILED_HOSTS))
				diag_error(v->dl, &f->hosts_loc, "hosts: unknown host "
					   "'%s'", names.names[i]);
			break;
		}
		if (!other && (other = owners_take(po, (size_t)(h - v->m->hosts),
						   (size_t)(f - v->m->files))))
			*x = h;
	}
	hostlist_release(&names);
	return other;
}

/*
 * The hosts file f goes to, each taken in po: its role's (every host,
 * charged to the names budget, when the path is shared), then those it
 * names. The first host that already has a file at the path is reported.
 */
static void take_file(struct vctx *v, struct path_owners *po,
		      const struct pass_file *f)
{
	const struct model *m = v->m;
	size_t h, n = model_n_declared(m), other = 0, i = (size_t)(f - m->files);
	const struct host *x = NULL;

	if (po->shared && (f->roles || !f->hosts) && n <= v->names_left) {
		v->names_left -= n;
		for (h = 0; h < n && !other; h++)
			if (model_pass_file_for(f, &m->hosts[h], false) &&
			    (other = owners_take(po, h, i)))
				x = &m->hosts[h];
	}
	if (!other && f->hosts)
		other = take_named(v, po, f, &x);
	if (!other)
		return;
	diag_error(v->dl, &f->path_loc, "host '%s' gets two files at '%s'", x->name,
		   f->path);
	diag_note(v->dl, &m->files[other - 1].path_loc, "the other is here");
}

static int path_cmp(const void *a, const void *b)
{
	const struct pass_file *x = *(const struct pass_file *const *)a;
	const struct pass_file *y = *(const struct pass_file *const *)b;
	int c = strcmp(x->path, y->path);

	return c ? c : (x > y) - (x < y);
}

/*
 * The hosts of every entry exist, and no host gets two files at one path:
 * one pass over each path's entries, each hostlist expanded once and let
 * go (2,000 entries of 120,000 hosts each must not be held at once).
 */
static void check_hosts(struct vctx *v)
{
	const struct model *m = v->m;
	const struct pass_file **by_path = xcalloc(m->n_files + 1, sizeof(*by_path));
	struct path_owners po = { NULL, NULL, 0, false };
	size_t i, first;

	for (i = 0; i < m->n_files; i++)
		by_path[i] = &m->files[i];
	xqsort(by_path, m->n_files, sizeof(*by_path), path_cmp);
	po.stamp = xcalloc(model_n_declared(m) + 1, sizeof(*po.stamp));
	po.owner = xcalloc(model_n_declared(m) + 1, sizeof(*po.owner));
	for (first = 0; first < m->n_files; first = i) {
		for (i = first + 1; i < m->n_files &&
		     !strcmp(by_path[i]->path, by_path[first]->path); i++)
			;
		po.group++;
		po.shared = i - first > 1;
		for (size_t k = first; k < i; k++)
			take_file(v, &po, by_path[k]);
	}
	free(po.stamp);
	free(po.owner);
	free(by_path);
}

/* True when some entry's path is path, or matches it as a glob (Prolog=/x/p*). */
static bool provided(const struct model *m, const char *path)
{
	for (size_t i = 0; i < m->n_files; i++)
		if (!strcmp(m->files[i].path, path) ||
		    (strpbrk(path, "*?[") && !fnmatch(path, m->files[i].path, FNM_PATHNAME)))
			return true;
	return false;
}

static void warn_unprovided(struct vctx *v, const struct kv *kv, const char *path)
{
	if (!provided(v->m, path))
		diag_warning(v->dl, &kv->value_loc, "%s=%s names '%s', which no files: "
			     "entry provides: keep it on the hosts by other means",
			     kv->key, kv->value, path);
}

/* The scripts and plugin files slurm.conf names (passfile.h). */
static void check_named(struct vctx *v)
{
	const struct kv_list *sc = &v->m->cluster.slurm_conf;

	for (size_t i = 0; i < sc->n; i++) {
		const struct kv *kv = &sc->items[i];
		const char *file = passfile_plugin_file(kv->key, kv->value);

		if (file) {
			char *path = model_conf_path(v->m, file);

			warn_unprovided(v, kv, path);
			free(path);
		}
		for (size_t k = 0; passfile_path_keys[k]; k++)
			if (!strcasecmp(kv->key, passfile_path_keys[k]) && kv->value[0] == '/')
				warn_unprovided(v, kv, kv->value);
	}
}

void validate_files(struct vctx *v)
{
	for (size_t i = 0; i < v->m->n_files; i++)
		check_entry(v, &v->m->files[i]);
	check_hosts(v);
	check_named(v);
}
