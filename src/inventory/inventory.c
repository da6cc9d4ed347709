/*
 * inventory.c: YAML (libyaml's document API) to struct model: the entry
 * points, reading files, one YAML document per file, include:, and the
 * top-level key table that hands each section to its part of the schema.
 * The loading by key table is inventory_keys.c's. Shape problems (types,
 * duplicates, syntax) are reported with the node's file:line:col and
 * loading goes on, so one run shows every problem; meaning (references,
 * limits) is validate.c's.
 *
 * The rest of the module: the schema in inventory_cluster.c,
 * inventory_nodes.c and inventory_accounts.c; memory and time syntax in
 * inventory_scalar.c; list shapes for in-place edits in inventory_shape.c.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/die.h"
#include "base/fileio.h"
#include "inventory/inventory.h"
#include "inventory/inventory_keys.h"
#include "inventory/inventory_scan.h"
#include "inventory/overlay.h"
#include "base/pathtrust.h"
#include "inventory/model_complete.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/inventory_node.h"
#include "inventory/model.h"
#include "inventory/inventory_accounts.h"
#include "inventory/inventory_cluster.h"
#include "inventory/inventory_files.h"
#include "inventory/inventory_site.h"
#include "inventory/inventory_nodes.h"
#include "base/strbuf.h"

#define MAX_NODE_VISITS 10000000u
#define MAX_INCLUDE_DEPTH 16u

/* ------------------------------------------------------------------ */
/* top level and include                                               */

static void load_includes(struct loader *ld, void *obj, yaml_node_t *val,
			  const struct src_loc *kloc);

static const struct key_spec top_keys[] = {
	{ "cluster", K_SUB, F(struct model, cluster), L(struct model, cluster.loc),
	  .sub = &inv_cluster_table, .once = TOP_CLUSTER + 1, .required = true,
	  .doc = "cluster-wide settings" },
	{ "ssh", K_SUB, F(struct model, ssh), L(struct model, ssh.loc),
	  .sub = &inv_ssh_table, .once = TOP_SSH + 1,
	  .doc = "how clusterctl reaches the hosts" },
	{ "database", K_SUB, F(struct model, db), L(struct model, db.loc),
	  .sub = &inv_db_table, .once = TOP_DATABASE + 1,
	  .doc = "the accounting database" },
	{ "node_types", K_FN, 0, .fn = inv_load_node_types, .type_doc = "mapping",
	  .doc = "hardware kinds by name" },
	{ "hosts", K_FN, 0, .fn = inv_load_hosts, .type_doc = "list",
	  .doc = "host entries, expanded from hostlists" },
	{ "partitions", K_FN, 0, .fn = inv_load_partitions, .type_doc = "list",
	  .doc = "Slurm partitions" },
	{ "qos", K_FN, 0, .fn = inv_load_qos, .type_doc = "list", .doc = "QoS" },
	{ "accounts", K_FN, 0, .fn = inv_load_accounts, .type_doc = "list",
	  .doc = "the account tree (children: nest)" },
	{ "users", K_FN, 0, .fn = inv_load_users, .type_doc = "list",
	  .doc = "users and their associations" },
	{ "files", K_FN, 0, .fn = inv_load_files, .type_doc = "list",
	  .doc = "pass-through files (Prolog/Epilog scripts, topology.conf, "
		 "plugstack.conf ...) copied as they are to the hosts" },
	{ "site", K_SUB, F(struct model, site), L(struct model, site.loc),
	  .sub = &inv_site_table, .doc = "a site file's settings (docs/site.md)" },
	{ "clusters", K_FN, 0, .fn = inv_load_clusters, .type_doc = "list of paths",
	  .doc = "a site file's cluster inventories (docs/site.md): with it the "
		 "file is a site file, which has no cluster: of its own" },
	{ "federation", K_FN, 0, .fn = inv_load_federation, .type_doc = "mapping",
	  .doc = "a site file's Slurm federation of its clusters (docs/site.md)" },
	{ "include", K_FN, 0, .fn = load_includes, .type_doc = "list of paths",
	  .doc = "more files whose top-level keys merge in (lists append); inside "
		 "the inventory's directory tree unless --allow-path allows more" },
};
const struct key_table inv_top_table = { "the inventory", top_keys, ARRAY_SIZE(top_keys), true };

const struct inv_ref_section inv_top_ref[] = {
	{ "top level", "The inventory is one YAML mapping with these keys.",
	  &inv_top_table },
	{ 0 }
};

/* The line and column (1-based, in characters) of byte off of buf. */
static struct src_loc loc_of_offset(const char *file, const char *buf,
				    size_t len, size_t off)
{
	struct src_loc loc = { file, 1, 1 };
	size_t i;

	for (i = 0; i < off && i < len; i++) {
		if (buf[i] == '\n') {
			loc.line++;
			loc.col = 1;
		} else if (((unsigned char)buf[i] & 0xc0) != 0x80) {
			loc.col++;
		}
	}
	return loc;
}

/* Reports libyaml's error: problem at its mark, context as a note. */
static void yaml_problem(struct loader *ld, const yaml_parser_t *p,
			 const char *buf, size_t len)
{
	struct src_loc loc = inv_loc_from_mark(ld->file, p->problem_mark);

	if (p->error == YAML_READER_ERROR) {
		/* the reader gives a byte offset, not a mark */
		loc = loc_of_offset(ld->file, buf, len, p->problem_offset);
		diag_error(ld->dl, &loc, "%s", p->problem ? p->problem : "cannot read");
		return;
	}
	if (p->error == YAML_MEMORY_ERROR)
		die("out of memory");
	/* libyaml's words for a tab ("cannot start any token") tell no newcomer */
	if (p->problem_mark.index < len && buf[p->problem_mark.index] == '\t')
		diag_error(ld->dl, &loc, "a tab: YAML indents with spaces only, and a "
			   "tab cannot start a value; replace it with spaces (%s)",
			   p->problem ? p->problem : "invalid YAML");
	else
		diag_error(ld->dl, &loc, "%s", p->problem ? p->problem : "invalid YAML");
	if (p->context) {
		struct src_loc ctx = inv_loc_from_mark(ld->file, p->context_mark);

		diag_note(ld->dl, &ctx, "%s", p->context);
	}
}

/*
 * The first pass over a file's events (inventory_scan.h), its nodes
 * counted against what the load's files so far allow. Release sc.
 */
static bool is_top_key(const char *key)
{
	size_t i;

	for (i = 0; i < inv_top_table.n; i++)
		if (!strcmp(inv_top_table.keys[i].name, key))
			return true;
	return false;
}

static void scan_file(struct loader *ld, const char *buf, size_t len,
		      struct inv_scan *sc)
{
	ld->bytes += len;
	inv_scan(buf, len, inv_scan_budget(ld->bytes) - ld->nodes, is_top_key, sc);
	ld->nodes += sc->nodes;
}

/* The scan's refusal, reported at its mark; false when there is none. */
static bool scan_refused(struct loader *ld, const struct inv_scan *sc)
{
	struct src_loc loc = inv_loc_from_mark(ld->file, sc->mark);
	unsigned long long limit = inv_scan_budget(ld->bytes);
	const char *alias = sc->alias ? inv_shown(ld, sc->alias, strlen(sc->alias)) : "";

	switch (sc->stop) {
	case INV_SCAN_DEEP:
		diag_error(ld->dl, &loc, "YAML nested more than %u levels deep",
			   MAX_YAML_DEPTH);
		return true;
	case INV_SCAN_CYCLE:
		diag_error(ld->dl, &loc, "alias '*%s' is inside the node it names: "
			   "it would repeat without end", alias);
		return true;
	case INV_SCAN_NODES:
		if (sc->alias)
			diag_error(ld->dl, &loc, "alias '*%s' repeats %llu YAML nodes "
				   "and takes the inventory past the %llu it may hold "
				   "(an alias counts as all that its anchor holds)", alias,
				   (unsigned long long)sc->alias_nodes, limit);
		else
			diag_error(ld->dl, &loc, "the inventory holds more than the "
				   "%llu YAML nodes it may (%u, plus one per %u bytes of "
				   "its files; a long value counts one per %u bytes)", limit,
				   INV_NODES_BASE, INV_BYTES_PER_NODE, INV_BYTES_PER_NODE);
		return true;
	case INV_SCAN_DONE:
	case INV_SCAN_SYNTAX:
		break;
	}
	return false;
}

/*
 * Loads one document's top-level mapping (the main file or an include);
 * sc: the file's scan (scan_file()).
 */
static int load_document(struct loader *ld, const char *buf, size_t len,
			 const struct inv_scan *sc)
{
	yaml_parser_t parser;
	yaml_document_t doc, extra;
	yaml_node_t *root;
	yaml_document_t *saved = ld->doc;
	int r = -1;

	if (scan_refused(ld, sc))
		return -1;
	if (!yaml_parser_initialize(&parser))
		die("out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&parser, &doc)) {
		yaml_problem(ld, &parser, buf, len);
		goto out_parser;
	}
	ld->doc = &doc;
	root = yaml_document_get_root_node(&doc);
	if (!root || root->type != YAML_MAPPING_NODE) {
		struct src_loc loc = { ld->file, 0, 0 };

		/* nothing of an inventory to check: the caller gets no model */
		if (root)
			inv_type_error(ld, root, "a mapping at the top level");
		else
			diag_error(ld->dl, &loc, "empty inventory");
		goto out_doc;
	}
	inv_load_mapping(ld, root, &inv_top_table, ld->m);
	r = 0;
	if (!yaml_parser_load(&parser, &extra)) {
		yaml_problem(ld, &parser, buf, len);
	} else {
		if (yaml_document_get_root_node(&extra)) {
			struct src_loc loc = inv_loc_from_mark(ld->file, extra.start_mark);

			diag_error(ld->dl, &loc, "more than one YAML document");
		}
		yaml_document_delete(&extra);
	}
out_doc:
	yaml_document_delete(&doc);
	ld->doc = saved;
out_parser:
	yaml_parser_delete(&parser);
	return r;
}

/*
 * Reads a regular file of at most FILEIO_MAX_READ bytes (fileio.h: a FIFO
 * is refused, never waited on); caller frees.
 */
static char *read_file(const char *path, size_t *len, char **cause)
{
	char *buf = fileio_read(path, len, NULL);

	if (!buf)
		*cause = xasprintf("cannot read '%s': %s", path,
				   fileio_strerror(errno));
	return buf;
}

static const char *dir_of(struct pool *p, const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return ".";
	if (slash == path)
		return "/";
	return pool_strndup(p, path, (size_t)(slash - path));
}

/* Remembers a file as loaded; false if it already was (an include cycle). */
static bool note_included(struct loader *ld, const char *path)
{
	char *real = realpath(path, NULL);
	size_t i;

	if (!real)
		real = xstrdup(path);
	for (i = 0; i < ld->n_included; i++) {
		if (!strcmp(ld->included[i], real)) {
			free(real);
			return false;
		}
	}
	XGROW(ld->included, ld->alloc_included, ld->n_included + 1);
	ld->included[ld->n_included++] = real;
	return true;
}

/*
 * The bytes of an included file: the override, or the file itself when it
 * lies inside the trusted tree (pathtrust.h). NULL after a diagnostic.
 */
static char *read_include(struct loader *ld, const char *path,
			  const struct src_loc *loc, size_t *len)
{
	char *buf, *real, *cause = NULL;

	if (ld->override_path && !strcmp(path, ld->override_path)) {
		*len = ld->override_len;
		buf = xmalloc(*len + 1);
		memcpy(buf, ld->override_buf, *len);
		buf[*len] = '\0';
		return buf;
	}
	if (!(real = pathtrust_resolve(ld->m->dir, path, &cause)) ||
	    !(buf = read_file(real, len, &cause))) {
		diag_error(ld->dl, loc, "%s", cause);
		free(cause);
		free(real);
		return NULL;
	}
	free(real);
	return buf;
}

/*
 * An included file is read as an inventory only when it looks like one: a
 * YAML mapping with an inventory key at its top level (before any syntax
 * error). Anything else, a private key or a password file named by a
 * hostile include:, gets one error at the include, and not a byte of it is
 * echoed: no excerpt, no "got '...'".
 */
static bool include_is_inventory(struct loader *ld, const char *path,
				 const struct src_loc *loc,
				 const struct inv_scan *sc)
{
	const char *why;

	if (sc->known_key)
		return true;
	why = sc->stop == INV_SCAN_DEEP ? "nested too deep" :
	      sc->stop == INV_SCAN_SYNTAX ? "not YAML" :
	      sc->stop != INV_SCAN_DONE ? "too large" :
	      !sc->mapping ? "not a YAML mapping" :
			     "no inventory key at its top level";
	diag_error(ld->dl, loc, "'%s' is not an inventory (%s); its "
		   "contents are not shown", path, why);
	return false;
}

/* Loads buf, the len bytes of path, as one more file of the inventory; frees buf. */
static void load_file_bytes(struct loader *ld, const char *path,
			    const struct src_loc *loc, char *buf, size_t len)
{
	const char *saved_file = ld->file, *saved_dir = ld->dir;
	struct inv_scan sc;

	if (!note_included(ld, path)) {
		/* a cycle, or a file included twice: its lists would double */
		diag_error(ld->dl, loc, "'%s' is already included", path);
		free(buf);
		return;
	}
	scan_file(ld, buf, len, &sc);
	if (include_is_inventory(ld, path, loc, &sc)) {
		ld->include_depth++;
		ld->file = pool_strdup(&ld->m->pool, path);
		ld->dir = dir_of(&ld->m->pool, ld->file);
		load_document(ld, buf, len, &sc);
		ld->file = saved_file;
		ld->dir = saved_dir;
		ld->include_depth--;
	}
	inv_scan_release(&sc);
	free(buf);
}

static void load_include_file(struct loader *ld, const char *path,
			      const struct src_loc *loc)
{
	char *buf;
	size_t len;

	if (ld->include_depth >= MAX_INCLUDE_DEPTH) {
		diag_error(ld->dl, loc, "includes nested too deeply at '%s'", path);
		return;
	}
	if ((buf = read_include(ld, path, loc, &len)))
		load_file_bytes(ld, path, loc, buf, len);
}

static void load_includes(struct loader *ld, void *obj, yaml_node_t *val,
			  const struct src_loc *kloc)
{
	struct str_list l = { 0 };
	size_t i;

	(void)obj;
	(void)kloc;
	inv_load_strlist(ld, val, &l);
	for (i = 0; i < l.n; i++)
		load_include_file(ld, inv_resolve_path(ld, l.items[i]), &l.locs[i]);
}

/*
 * Applies the --overlay files (overlay.h) on top of what is loaded: the
 * same tables, ld->overlay set, each file its own locations. An include:
 * in an overlay is confined as the inventory's own are (pathtrust.h).
 */
static void load_overlays(struct loader *ld)
{
	size_t i;

	for (i = 0; i < overlay_count(); i++) {
		struct src_loc loc = { overlay_path(i), 0, 0 };
		char *buf, *cause = NULL;
		size_t len;

		/* named on the command line: trusted like the inventory itself */
		if (!(buf = read_file(overlay_path(i), &len, &cause))) {
			diag_error(ld->dl, &loc, "%s", cause);
			free(cause);
			continue;
		}
		ld->overlay = true;
		load_file_bytes(ld, overlay_path(i), &loc, buf, len);
		ld->overlay = false;
	}
	model_free(ld->defaults);
	ld->defaults = NULL;
}

/* ------------------------------------------------------------------ */
/* entry points                                                        */

#define MOVE_TO_POOL(ld, field, count)                                     \
	do {                                                                \
		(ld)->m->field = pool_alloc(&(ld)->m->pool,                 \
			((ld)->count + 1) * sizeof(*(ld)->field));          \
		if ((ld)->count)                                            \
			memcpy((ld)->m->field, (ld)->field,                 \
			       (ld)->count * sizeof(*(ld)->field));         \
		(ld)->m->count = (ld)->count;                               \
		free((ld)->field);                                          \
	} while (0)

static void loader_finish(struct loader *ld)
{
	size_t i;

	for (i = 0; i < ld->n_hosts; i++)
		ld->hosts[i].seq = i;
	MOVE_TO_POOL(ld, node_types, n_node_types);
	MOVE_TO_POOL(ld, hosts, n_hosts);
	/* after the overlays, which may set managed: false */
	model_split_hosts(ld->m);
	MOVE_TO_POOL(ld, partitions, n_partitions);
	MOVE_TO_POOL(ld, qos, n_qos);
	MOVE_TO_POOL(ld, accounts, n_accounts);
	MOVE_TO_POOL(ld, users, n_users);
	MOVE_TO_POOL(ld, files, n_files);
	MOVE_TO_POOL(ld, fed_members, n_fed_members);
	for (i = 0; i < ld->n_included; i++)
		free(ld->included[i]);
	free(ld->included);
	/* a group left unset follows the user name */
	if (!ld->m->cluster.slurm_user.group)
		ld->m->cluster.slurm_user.group = ld->m->cluster.slurm_user.name;
	if (!ld->m->cluster.munge_user.group)
		ld->m->cluster.munge_user.group = ld->m->cluster.munge_user.name;
}

static struct model *load_buffer(const char *name, const char *buf, size_t len,
				 const struct loader *opts, struct diag_list *dl)
{
	struct loader ld = { 0 };
	struct model *m = model_new();
	struct inv_scan sc;
	int r;

	if (opts) {
		ld.override_path = opts->override_path;
		ld.override_buf = opts->override_buf;
		ld.override_len = opts->override_len;
		ld.database_only = opts->database_only;
		ld.site_file = opts->site_file;
		ld.site = opts->site;
	}

	ld.m = m;
	ld.dl = dl;
	ld.budget = MAX_NODE_VISITS;
	ld.file = pool_strdup(&m->pool, name);
	ld.dir = dir_of(&m->pool, ld.file);
	m->path = ld.file;
	m->dir = ld.dir;
	m->file_loc = (struct src_loc){ ld.file, 0, 0 };
	/* the groups default to the user names, which a file may change */
	m->cluster.slurm_user.group = m->cluster.munge_user.group = NULL;
	note_included(&ld, name);
	scan_file(&ld, buf, len, &sc);
	r = load_document(&ld, buf, len, &sc);
	inv_scan_release(&sc);
	if (r < 0) {
		loader_finish(&ld);
		model_free(m);
		return NULL;
	}
	if (ld.site)
		inv_site_graft(&ld, ld.site);
	if (!opts || !opts->no_overlays)
		load_overlays(&ld);
	if (!ld.top_seen[TOP_CLUSTER].file && !ld.database_only && !ld.site_file &&
	    !ld.m->site.clusters.n) {
		struct src_loc loc = { ld.file, 1, 1 };

		diag_error(dl, &loc, "missing required key 'cluster' in the inventory");
	}
	loader_finish(&ld);
	model_complete(m);
	return m;
}

struct model *inventory_load_string(const char *name, const char *buf,
				    size_t len, struct diag_list *dl)
{
	struct loader opts = { .no_overlays = true };

	return load_buffer(name, buf, len, &opts, dl);
}

static struct model *load_file(const char *path, const struct loader *opts,
			       struct diag_list *dl)
{
	struct model *m;
	char *buf, *cause = NULL;
	size_t len;

	if (!(buf = read_file(path, &len, &cause))) {
		diag_error(dl, NULL, "%s", cause);
		free(cause);
		return NULL;
	}
	m = load_buffer(path, buf, len, opts, dl);
	free(buf);
	return m;
}

struct model *inventory_load(const char *path, struct diag_list *dl)
{
	return load_file(path, NULL, dl);
}

struct model *inventory_load_site_file(const char *path, struct diag_list *dl)
{
	struct loader opts = { .site_file = true, .no_overlays = true };

	return load_file(path, &opts, dl);
}

struct model *inventory_load_in_site(const char *path, const struct model *site,
				     struct diag_list *dl)
{
	struct loader opts = { .site = site };

	return load_file(path, &opts, dl);
}

struct model *inventory_load_database(const char *path, struct diag_list *dl)
{
	struct loader opts = { .database_only = true };
	struct src_loc top = { path, 1, 1 };
	struct model *m = load_file(path, &opts, dl);

	/* a site file (site.h) names its clusters in their own inventories */
	if (m && !m->cluster.name && !m->site.clusters.n)
		diag_error(dl, &top, "the inventory names no cluster (cluster: {name: NAME}): "
			   "the database holds accounting per cluster");
	diag_sort(dl);
	if (m && diag_errors(dl)) {
		model_free(m);
		return NULL;
	}
	return m;
}

/* path loaded with opts, the file override_path read as buf (opts say so). */
static struct model *load_overridden(const char *path, const struct loader *opts,
				     struct diag_list *dl)
{
	struct model *m;
	char *own, *cause = NULL;
	size_t own_len;

	if (!strcmp(path, opts->override_path))
		return load_buffer(path, opts->override_buf, opts->override_len, opts, dl);
	if (!(own = read_file(path, &own_len, &cause))) {
		diag_error(dl, NULL, "%s", cause);
		free(cause);
		return NULL;
	}
	m = load_buffer(path, own, own_len, opts, dl);
	free(own);
	return m;
}

struct model *inventory_load_override(const char *path, const char *override_path,
				      const char *buf, size_t len,
				      struct diag_list *dl)
{
	struct loader opts = { .override_path = override_path,
			       .override_buf = buf, .override_len = len };

	return load_overridden(path, &opts, dl);
}

struct model *inventory_load_site_override(const char *path, const char *override_path,
					   const char *buf, size_t len,
					   struct diag_list *dl)
{
	struct loader opts = { .override_path = override_path, .override_buf = buf,
			       .override_len = len, .site_file = true, .no_overlays = true };

	return load_overridden(path, &opts, dl);
}

void inventory_print_keys(struct strbuf *out)
{
	/* in the order the inventory is usually written */
	static const struct inv_ref_section *const parts[] = {
		inv_top_ref, inv_cluster_ref, inv_nodes_ref, inv_accounts_ref,
		inv_files_ref, inv_site_ref,
	};
	const struct inv_ref_section *s;
	size_t i;

	strbuf_addstr(out, "# Inventory keys\n\n"
			   "Generated by `clusterctl validate --list-keys` from the "
			   "loader's own key tables; do not edit by hand.\n\n"
			   "Times are Slurm times, as Slurm reads them: UNLIMITED, "
			   "INFINITE, -1, MM, MM:SS, HH:MM:SS, D-, D-HH, D-HH:MM, "
			   "D-HH:MM:SS, no field bound by its clock (1:90 is 150 "
			   "seconds); slurm.conf gets them as written, the accounting "
			   "their minutes, rounded up as Slurm does. Memory sizes are MB, or "
			   "a number with a unit K, M, G, T, P (binary). Relative paths "
			   "are relative to the file that holds them.\n\n"
			   "The same keys make an overlay (`--overlay FILE` on every "
			   "command): mappings merge by key, partitions, QoS, accounts "
			   "and users by name, hosts by hostlist, `key: ~` unsets a "
			   "key; see [overlays.md](overlays.md).\n\n");
	for (i = 0; i < ARRAY_SIZE(parts); i++)
		for (s = parts[i]; s->title; s++)
			inv_print_table(out, s->title, s->intro, s->t);
}
