/*
 * view.h: the model seen through one config file. Each view builds the
 * JSON context (jansson) that the file's Mustache template expands; all
 * Slurm knowledge about what goes where (defaults, folding of nodes into
 * hostlist ranges, merged TRES lists, pass-through overrides) lives in the
 * views so templates only lay text out. The views: view_slurm.h
 * (slurm.conf), view_gres.h (gres.conf), view_daemons.h (cgroup.conf,
 * slurmdbd.conf, configless start arguments); this header is what they
 * share (view.c).
 *
 * Every value in a context is a string (numbers already formatted) or a
 * boolean, so templates never depend on how the engine prints numbers.
 * Contexts copy what they need: they outlive the model. The shapes (keys
 * templates may use) are documented next to each builder and exercised by
 * tests/unit/render/view_test.c.
 */
#ifndef CLUSTERCTL_VIEW_H
#define CLUSTERCTL_VIEW_H

#include "base/compat.h"

#include <jansson.h>

#include "inventory/model.h"

/* obj[key] = value when value is non-empty. */
void view_set_str(json_t *obj, const char *key, const char *value);

/* obj[key] = decimal v when v > 0 (or v == 0 with zero_ok). */
void view_set_num(json_t *obj, const char *key, long long v, bool zero_ok);

/* obj[key] = the items of l joined by ',' when l has any. */
void view_set_list(json_t *obj, const char *key, const struct str_list *l);

/* {"key": key, "value": value}: a settings entry. New reference. */
json_t *view_kv_pair(const char *key, const char *value);

/* The value of key in kv, compared as Slurm compares keys (case-insensitive), or NULL. */
const char *view_kv_get_nocase(const struct kv_list *kv, const char *key);

/*
 * Appends key=value to a settings array unless value is NULL or the site
 * passes key through itself (pass): the site's value then appears once, in
 * the "site" section. view_setting_num() writes v, or dflt when v < 0.
 */
void view_setting(json_t *arr, const struct kv_list *pass, const char *key,
		  const char *value);
void view_setting_num(json_t *arr, const struct kv_list *pass,
		      const char *key, long long v, long long dflt);

/*
 * The pass-through entries in inventory order, minus the keys in the
 * NULL-terminated skip (may be NULL); a secret key's value is a placeholder
 * apply fills in (render.h). view_extra_list() is the same without skip,
 * for a line's extra: keys. New references.
 */
json_t *view_site_settings(const struct kv_list *pass, const char *const *skip);
json_t *view_extra_list(const struct kv_list *kv);

/* A default an admin would write out: Debian's paths and Slurm's values. */
struct default_setting {
	const char *key, *value;
};

/*
 * The entries of the NULL-key-terminated table t the inventory does not
 * pass through itself, appended to a (nothing with `defaults: slurm`);
 * view_defaults_only() returns them as a new array.
 */
void view_settings_table(json_t *a, const struct cluster *c,
			 const struct kv_list *pass,
			 const struct default_setting *t);
json_t *view_defaults_only(const struct cluster *c, const struct kv_list *pass,
			   const struct default_setting *t);

/*
 * The node type of a compute host (resolved by validate, or looked up by
 * name so a model straight from the loader renders the same), or NULL for
 * a host that is no compute node. Borrowed from the model.
 */
const struct node_type *view_host_type(const struct model *m,
				       const struct host *h);
bool view_is_compute(const struct model *m, const struct host *h);

/*
 * The address the site gives controller name for Slurm apart from its
 * host's (cluster.controller_address, backup_controller_address), or NULL.
 */
const char *view_ctld_site_addr(const struct cluster *c, const char *name);

/* "name(address)" or "name", as SlurmctldHost wants it. Caller frees. */
char *view_ctld_host(const struct model *m, const char *name);

#endif
