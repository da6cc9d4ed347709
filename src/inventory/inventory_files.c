/*
 * inventory_files.c: the schema of files:, the pass-through files an
 * inventory carries as they are (issue 21: the files slurm.conf names,
 * such as Prolog and Epilog scripts, topology.conf, plugstack.conf). Only
 * their shape is checked here; whether the source exists and lies in the
 * trusted tree, and which paths clash, is validate_files.c's.
 */
#include "base/compat.h"

#include <string.h>

#include "inventory/inventory_keys.h"
#include "inventory/model.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/inventory_node.h"
#include "inventory/inventory_files.h"
#include "inventory/inventory_nodes.h"
#include "inventory/inventory_overlay.h"

/* The largest mode a file may be given: permission and sticky bits. */
#define PASS_MODE_MAX 07777u

/*
 * mode: octal, as chmod takes it ("0755", "755", 0755). YAML 1.1 would
 * read an unquoted 0755 as octal and 755 as decimal; both are the text
 * an admin means here, so the scalar's text is read as octal either way.
 */
static void load_mode(struct loader *ld, void *obj, yaml_node_t *val,
		      const struct src_loc *kloc)
{
	struct pass_file *f = obj;
	const char *s = inv_scalar_str(ld, val, "an octal mode");
	struct src_loc loc = inv_node_loc(ld, val);
	unsigned mode = 0;
	size_t i;

	(void)kloc;
	if (!s)
		return;
	if (s[0] == '0' && (s[1] == 'o' || s[1] == 'O'))
		s += 2;
	for (i = 0; s[i] >= '0' && s[i] <= '7' && mode <= PASS_MODE_MAX; i++)
		mode = mode * 8 + (unsigned)(s[i] - '0');
	if (!i || s[i] || mode > PASS_MODE_MAX) {
		diag_error(ld->dl, &loc, "invalid mode '%s' (expected octal, "
			   "0000 to 7777, e.g. 0755)", inv_shown(ld, s, strlen(s)));
		return;
	}
	f->mode = mode;
}

static void load_file_roles(struct loader *ld, void *obj, yaml_node_t *val,
			    const struct src_loc *kloc)
{
	struct pass_file *f = obj;

	f->roles_loc = *kloc;
	f->roles = inv_load_role_bits(ld, val);
}

#define PF(field) F(struct pass_file, field)
static const struct key_spec file_keys[] = {
	{ "path", K_STR, PF(path), L(struct pass_file, path_loc), .required = true,
	  .doc = "absolute path on the hosts, e.g. /etc/slurm/epilog.sh" },
	{ "source", K_PATH, PF(source), L(struct pass_file, source_loc),
	  .required = true,
	  .doc = "the file in the repository (relative: to the inventory file "
		 "that names it); must lie in the inventory's directory tree "
		 "unless --allow-path allows more; copied byte for byte" },
	{ "mode", K_FN, 0, .fn = load_mode, .type_doc = "octal string",
	  .def = "0644", .doc = "file mode (scripts Slurm runs: 0755)" },
	{ "owner", K_STR, PF(owner), .def = "root",
	  .doc = "root, or the slurm or munge user (whose ids plan knows on every host)" },
	{ "group", K_STR, PF(group), .def = "the owner's group",
	  .doc = "root, or the slurm or munge user's group" },
	{ "roles", K_FN, 0, .fn = load_file_roles, .type_doc = "list of strings",
	  .doc = "hosts with any of these roles get it (controller, backup, dbd, "
		 "compute, login, storage)" },
	{ "hosts", K_STR, PF(hosts), L(struct pass_file, hosts_loc),
	  .doc = "hostlist of hosts that get it (also, with roles); neither "
		 "roles nor hosts: every host" },
};
static const struct key_table file_table = TABLE("file", file_keys);

static void load_file_entry(struct loader *ld, yaml_node_t *n)
{
	struct pass_file f = { 0 }, *old;

	/* an overlay's entry of a path the inventory has merges into it */
	old = inv_overlay_find(ld, n, "path", ld->files, ld->n_files, sizeof(f),
			       offsetof(struct pass_file, path));
	if (old) {
		inv_load_mapping(ld, n, &file_table, old);
		return;
	}
	f.mode = 0644;
	f.loc = inv_node_loc(ld, n);
	ld->adding++;
	inv_load_mapping(ld, n, &file_table, &f);
	ld->adding--;
	if (!f.path || !f.source)
		return;
	XGROW(ld->files, ld->alloc_files, ld->n_files + 1);
	ld->files[ld->n_files++] = f;
}

void inv_load_files(struct loader *ld, void *obj, yaml_node_t *val,
		    const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->files_loc.file)
		ld->m->files_loc = *kloc;
	inv_for_each_item(ld, val, load_file_entry, MODEL_FAILED_FILES);
}

const struct inv_ref_section inv_files_ref[] = {
	{ "files[]", "A pass-through file: a file Slurm reads that the "
	  "inventory does not model (a Prolog or Epilog script, topology.conf, "
	  "plugstack.conf, job_submit.lua ...), kept in the repository and "
	  "copied as it is. render writes it into each host's output, plan "
	  "diffs it, apply writes it like the rendered files (atomically, with "
	  "mode and owner, the site's original kept as FILE.clusterctl-orig). "
	  "What a change needs is docs/restart-classification.md's (a script: "
	  "nothing). In configless mode a file slurmctld serves to the nodes "
	  "(in config_dir: topology.conf, plugstack.conf, ... per release) goes "
	  "only to hosts that read their configs locally. In an overlay an "
	  "entry merges by path (a new path is one more file).", &file_table },
	{ 0 }
};
