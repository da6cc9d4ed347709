/*
 * import_files.c: the files slurm.conf names (its scripts, its plugins'
 * files) carried into the inventory as pass-through files (files:), when
 * the import was given somewhere to put them (import_nodes.h, struct
 * import_carry) and can read them: import nodes beside the slurm.conf it
 * was given, import cluster over the controller's SSH session; whatever is
 * not carried is named (imp_files_not_carried()).
 */
#include "base/compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/fileio.h"
#include "import/import_ctx.h"
#include "import/import_files.h"
#include "inventory/model.h"
#include "slurm/passfile.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "base/strbuf.h"

/* Absolute, with no empty, "." or ".." part: a files: entry's path. */
static bool clean_path(const char *p)
{
	if (p[0] != '/' || !p[1])
		return false;
	for (const char *c = p + 1;; c += strcspn(c, "/") + 1) {
		size_t n = strcspn(c, "/");

		if (!n || (n == 1 && *c == '.') || (n == 2 && !strncmp(c, "..", 2)))
			return false;
		if (!c[n])
			return true;
	}
}

/* The mode a file gets when its own cannot be told: a script runs. */
static unsigned default_mode(const char *key)
{
	for (size_t k = 0; passfile_path_keys[k]; k++)
		if (!strcasecmp(key, passfile_path_keys[k]))
			return strcasecmp(key, "PlugStackConfig") ? 0755 : 0644;
	return 0644;
}

static struct import_carried *carried_find(const struct import_carry *c, const char *path)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].path, path))
			return &c->v[i];
	return NULL;
}

/*
 * The name of id (a uid, or a gid with group) among the identities a
 * files: entry may name (root, the slurm and munge users), or NULL.
 */
static const char *ident_name(const struct imp *im, long long id, bool group)
{
	const struct import_user *users[] = { &im->src->slurm_user, &im->src->munge_user };

	if (id == 0)
		return "root";
	for (size_t i = 0; i < ARRAY_SIZE(users); i++)
		if (users[i]->name && (group ? users[i]->gid : users[i]->uid) == id)
			return users[i]->name;
	return NULL;
}

/* The roles of the hosts that read the file of setting key (0: every host). */
static unsigned reader_roles(const char *key)
{
	unsigned r = passfile_readers(key), roles = 0;

	if (r & PASSFILE_READ_SLURMD)
		roles |= ROLE_COMPUTE;
	if (r & PASSFILE_READ_SLURMCTLD)
		roles |= ROLE_CONTROLLER | ROLE_BACKUP;
	return roles;
}

/*
 * f's owner and group from the ids the controller's copy has (-1: not
 * known, root); ids the inventory cannot name are written as root, said.
 */
static void carried_owner(struct imp *im, struct import_carried *f, const char *path,
			  long long uid, long long gid)
{
	const char *owner = uid < 0 ? "root" : ident_name(im, uid, false);
	const char *group = gid < 0 ? "root" : ident_name(im, gid, true);

	if (!owner || !group)
		imp_problem(im, path, 0, "owned by %lld:%lld, which a files: entry cannot "
			    "say (root, the slurm or the munge user): written as root", uid, gid);
	f->owner = owner && group ? xstrdup(owner) : NULL;
	f->group = owner && group ? xstrdup(group) : NULL;
}

bool imp_carry(struct imp *im, const char *key, const char *host_path,
	       const char *read_path, const char *text, size_t len)
{
	struct import_carry *c = im->src->carry;
	struct import_carried *f;
	char *own = NULL, *cause = NULL;
	unsigned mode;
	long long uid, gid;

	if (!c || !clean_path(host_path))
		return false;
	if ((f = carried_find(c, host_path))) {
		/* Prolog and Epilog may be one script: its hosts are both's */
		f->roles = f->roles && reader_roles(key) ?
			f->roles | reader_roles(key) : 0;
		return true;
	}
	if (!text) {
		if (im->src->read(im->src->read_arg, read_path, &own, &len, &cause) < 0) {
			free(cause);
			return false;
		}
		text = own;
	}
	if (!im->src->mode ||
	    im->src->mode(im->src->read_arg, read_path, &mode, &uid, &gid) < 0) {
		mode = default_mode(key);
		uid = gid = -1;
	}
	XGROW(c->v, c->alloc, c->n + 1);
	f = &c->v[c->n++];
	f->path = xstrdup(host_path);
	f->text = own ? own : xstrndup(text, len);
	f->len = len;
	f->mode = mode & 07777;
	f->roles = reader_roles(key);
	carried_owner(im, f, host_path, uid, gid);
	return true;
}

static void emit_roles(unsigned roles, struct strbuf *out)
{
	const char *sep = ", roles: [";

	for (unsigned r = 0; model_role_name(r); r++)
		if (roles & (1u << r)) {
			strbuf_addf(out, "%s%s", sep, model_role_name(r));
			sep = ", ";
		}
	if (roles)
		strbuf_addch(out, ']');
}

void imp_emit_files(const struct imp *im, struct strbuf *out)
{
	const struct import_carry *c = im->src->carry;

	if (!c || !c->n)
		return;
	strbuf_addstr(out, "\n# the files slurm.conf names, as they were read\nfiles:\n");
	for (size_t i = 0; i < c->n; i++) {
		char *source = xasprintf("%s%s", c->dir, c->v[i].path);

		strbuf_addstr(out, "  - {path: ");
		yamlout_scalar(out, c->v[i].path);
		strbuf_addstr(out, ", source: ");
		yamlout_scalar(out, source);
		strbuf_addf(out, ", mode: \"%04o\"", c->v[i].mode);
		if (c->v[i].owner && strcmp(c->v[i].owner, "root"))
			strbuf_addf(out, ", owner: %s", c->v[i].owner);
		if (c->v[i].group && strcmp(c->v[i].group, c->v[i].owner))
			strbuf_addf(out, ", group: %s", c->v[i].group);
		emit_roles(c->v[i].roles, out);
		strbuf_addstr(out, "}\n");
		free(source);
	}
}

int import_carry_write(const struct import_carry *carry, char **cause)
{
	for (size_t i = 0; i < carry->n; i++) {
		const struct import_carried *f = &carry->v[i];
		char *path = xasprintf("%s%s", carry->dir, f->path);
		char *dir = xstrndup(path, (size_t)(strrchr(path, '/') - path));
		int r = fileio_mkdir_p(dir) < 0 ? -1 :
			fileio_write_new(path, f->text, f->len, f->mode);

		if (r < 0)
			*cause = xasprintf("%s: cannot write: %s", path, strerror(errno));
		free(dir);
		free(path);
		if (r < 0)
			return -1;
	}
	return 0;
}

void import_carry_release(struct import_carry *carry)
{
	if (!carry)
		return;
	for (size_t i = 0; i < carry->n; i++) {
		free(carry->v[i].path);
		free(carry->v[i].text);
		free(carry->v[i].owner);
		free(carry->v[i].group);
	}
	free(carry->v);
	carry->v = NULL;
	carry->n = carry->alloc = 0;
}

/* ---- what slurm.conf names: carried, or named ---- */

/*
 * file NULL: the value is the file. Not asked to carry files (no
 * --files-dir), the import says where they stay: the setting means the
 * same, and apply leaves a file it does not render where it is.
 */
static void not_carried(struct imp *im, const struct slurmconf_line *l, const char *file)
{
	if (file)
		imp_note(im, l->path, l->lineno, "%s=%s reads %s, a file the inventory "
			 "does not carry here: it stays on the hosts (--files-dir carries "
			 "it)", l->kv[0].key, l->kv[0].value, file);
	else
		imp_note(im, l->path, l->lineno, "%s=%s: the inventory carries the "
			 "setting, not the file: it stays on the hosts (--files-dir "
			 "carries it)", l->kv[0].key, l->kv[0].value);
}

/* True when every line of text is blank, a comment or an include line. */
static bool only_includes(const char *text, size_t len)
{
	for (size_t off = 0; off < len;) {
		const char *s = text + off, *nl = memchr(s, '\n', len - off);
		size_t n = nl ? (size_t)(nl - s) : len - off, b = strspn(s, " \t\r");

		off += n + (nl != NULL);
		if (b < n && s[b] != '#' && strncasecmp(s + b, "include", 7))
			return false;
	}
	return true;
}

/* The when_present files slurm.conf's directory holds, named. */
static void present_files(struct imp *im)
{
	const char *conf = im->src->conf.path, *slash = strrchr(conf, '/');

	for (size_t k = 0; passfile_when_present[k]; k++) {
		const char *name = passfile_when_present[k];
		char *path = xasprintf("%.*s%s", slash ? (int)(slash - conf + 1) : 0, conf,
				       name);
		char *text = NULL, *cause = NULL;
		size_t len;

		char *host = xasprintf("%s/%s", IMP_CONF_DIR, name);

		if (im->src->read(im->src->read_arg, path, &text, &len, &cause) == 0 &&
		    (strcmp(name, "plugstack.conf") || !only_includes(text, len)) &&
		    !imp_carry(im, name, host, path, text, len)) {
			if (im->src->carry)
				imp_problem(im, path, 0, "Slurm reads %s when it is there, and "
					    "the inventory does not carry it: keep it on the "
					    "hosts yourself", name);
			else
				imp_note(im, path, 0, "Slurm reads %s when it is there: it stays "
					 "on the hosts (--files-dir carries it)", name);
		}
		free(host);
		free(text);
		free(cause);
		free(path);
	}
}

/*
 * Where the file at path on the hosts is read: one in the config
 * directory (the inventory's, or the one slurm.conf was read from) beside
 * the slurm.conf read, anything else at its own path. Newly allocated.
 */
static char *read_path_of(const struct imp *im, const char *path)
{
	const char *conf = im->src->conf.path, *cs = strrchr(conf, '/');
	const char *slash = strrchr(path, '/');
	int cl = cs ? (int)(cs - conf) : 0, pl = (int)(slash - path);

	if ((pl == (int)strlen(IMP_CONF_DIR) && !strncmp(path, IMP_CONF_DIR, (size_t)pl)) ||
	    (cs && pl == cl && !strncmp(path, conf, (size_t)pl)))
		return xasprintf("%.*s%s", cs ? cl + 1 : 0, conf, slash + 1);
	return xstrdup(path);
}

/* Carries the file slurm.conf's line l names at host (imp_carry()), else names it. */
static void carry_or_name(struct imp *im, const struct slurmconf_line *l,
			  const char *file, const char *host)
{
	char *from = read_path_of(im, host);

	if (imp_carry(im, file ? file : l->kv[0].key, host, from, NULL, 0))
		;
	else if (im->src->carry)
		imp_problem(im, l->path, l->lineno, "%s=%s: %s could not be read to carry "
			    "it (files:): keep it on the hosts yourself", l->kv[0].key,
			    l->kv[0].value, from);
	else
		not_carried(im, l, file);
	free(from);
}

void imp_files_not_carried(struct imp *im)
{
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		const char *v = l->kv[0].value;
		const char *file = passfile_plugin_file(l->kv[0].key, v);

		if (file) {
			char *host = xasprintf("%s/%s", IMP_CONF_DIR, file);

			carry_or_name(im, l, file, host);
			free(host);
		}
		for (size_t k = 0; passfile_path_keys[k]; k++)
			if (imp_key_is(l, passfile_path_keys[k]) && *v == '/')
				carry_or_name(im, l, NULL, v);
	}
	present_files(im);
}
