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

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

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
	struct stat st;

	if (!real) {
		diag_error(v->dl, &f->source_loc, "source: %s", cause);
		free(cause);
		return;
	}
	if (stat(real, &st) < 0 || !S_ISREG(st.st_mode))
		diag_error(v->dl, &f->source_loc, "source: '%s' is not a regular file",
			   f->source);
	free(real);
}

/* Expands f's hosts into names (sorted); errors for unknown hosts. */
static void check_hosts_of(struct vctx *v, const struct pass_file *f,
			   struct hostlist *names)
{
	char *cause = NULL;

	if (!f->hosts)
		return;
	if (hostlist_expand(f->hosts, names, &cause) < 0) {
		diag_error(v->dl, &f->hosts_loc, "hosts: %s", cause);
		free(cause);
		return;
	}
	for (size_t i = 0; i < names->n; i++)
		if (!model_find_host(v->m, names->names[i])) {
			diag_error(v->dl, &f->hosts_loc, "hosts: unknown host '%s'",
				   names->names[i]);
			break;
		}
}

static void check_entry(struct vctx *v, const struct pass_file *f,
			struct hostlist *names)
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
	check_hosts_of(v, f, names);
}

static bool named_in(const struct hostlist *names, const char *host)
{
	for (size_t i = 0; i < names->n; i++)
		if (!strcmp(names->names[i], host))
			return true;
	return false;
}

/* The first host that gets both a and b, or NULL. */
static const struct host *shared_host(const struct model *m,
				      const struct pass_file *a, const struct hostlist *na,
				      const struct pass_file *b, const struct hostlist *nb)
{
	for (size_t h = 0; h < model_n_declared(m); h++) {
		const struct host *x = &m->hosts[h];

		if (model_pass_file_for(a, x, named_in(na, x->name)) &&
		    model_pass_file_for(b, x, named_in(nb, x->name)))
			return x;
	}
	return NULL;
}

static void check_dups(struct vctx *v, const struct hostlist *names)
{
	const struct model *m = v->m;

	for (size_t j = 1; j < m->n_files; j++)
		for (size_t i = 0; i < j; i++) {
			const struct host *h;

			if (strcmp(m->files[i].path, m->files[j].path) ||
			    !(h = shared_host(m, &m->files[i], &names[i],
					      &m->files[j], &names[j])))
				continue;
			diag_error(v->dl, &m->files[j].path_loc, "host '%s' gets "
				   "two files at '%s'", h->name, m->files[j].path);
			diag_note(v->dl, &m->files[i].path_loc, "the other is here");
			break;
		}
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
	struct hostlist *names = xcalloc(v->m->n_files + 1, sizeof(*names));

	for (size_t i = 0; i < v->m->n_files; i++) {
		hostlist_init(&names[i]);
		check_entry(v, &v->m->files[i], &names[i]);
	}
	check_dups(v, names);
	check_named(v);
	for (size_t i = 0; i < v->m->n_files; i++)
		hostlist_release(&names[i]);
	free(names);
}
