/*
 * inventory.h: the YAML inventory to a struct model (the only module that
 * knows libyaml). Loading records where every key and value was written,
 * reports every shape problem (unknown keys, wrong types, duplicates,
 * YAML syntax) to a diag_list and carries on; the semantic checks are
 * validate.h's.
 *
 * One key table per mapping drives loading, the "unknown key" suggestions
 * and the generated reference (inventory_print_keys(), docs/inventory-keys.md).
 */
#ifndef CLUSTERCTL_INVENTORY_H
#define CLUSTERCTL_INVENTORY_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"
#include "base/strbuf.h"

/*
 * Loads a YAML inventory into a new model (caller frees with model_free());
 * every problem goes to dl with file:line:col. Returns NULL only when the
 * file cannot be read, is not YAML, or is not a YAML mapping (an empty file
 * included): then there is nothing to check; the reason is in dl.
 * Relative paths in the inventory (include, password_file, munge_key_source,
 * template_dir, ssh identity/known_hosts/config) are stored resolved
 * against the inventory file's directory.
 */
struct model *inventory_load(const char *path, struct diag_list *dl);

/*
 * As inventory_load(), from len bytes of buf; name is the file name used in
 * diagnostics and for resolving relative paths. The --overlay files are not
 * applied: a document given as a string (add-user's --account entries, an
 * import's output) is not the inventory they belong on.
 */
struct model *inventory_load_string(const char *name, const char *buf,
				    size_t len, struct diag_list *dl);

/*
 * A site file (site.h): as inventory_load(), no cluster: required, no
 * --overlay applied (they apply to each cluster's inventory).
 */
struct model *inventory_load_site_file(const char *path, struct diag_list *dl);

/*
 * inventory_load_site_file() with the file override_path read as len
 * bytes of buf, as inventory_load_override() does: an edit of a site
 * file checked before it is written.
 */
struct model *inventory_load_site_override(const char *path, const char *override_path,
					   const char *buf, size_t len,
					   struct diag_list *dl);

/*
 * One cluster inventory of the site file site (loaded by the above):
 * as inventory_load(), with site's part grafted in before the --overlay
 * files apply (inventory_site.c says what). The model borrows strings
 * from site's pool. Not validated.
 */
struct model *inventory_load_in_site(const char *path, const struct model *site,
				     struct diag_list *dl);

/*
 * What "import accounting INVENTORY" needs and nothing more: cluster.name
 * (none in a site file, which lists clusters:) and the database: section. No key is required elsewhere and
 * validate_model() is not run (ssh key paths, hosts, ... are not read);
 * what the file does say is still checked as inventory_load() checks it.
 * Returns the model only when it loads without errors and names the cluster.
 */
struct model *inventory_load_database(const char *path, struct diag_list *dl);

/*
 * As inventory_load(), but the file override_path (as include: or path
 * names it, after resolving) reads as the len bytes of buf instead: lets a
 * command validate an edit of any file of an inventory before writing it.
 */
struct model *inventory_load_override(const char *path, const char *override_path,
				      const char *buf, size_t len,
				      struct diag_list *dl);

/* Appends the reference of every inventory key (Markdown) to out. */
void inventory_print_keys(struct strbuf *out);

#endif
