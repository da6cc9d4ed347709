/*
 * view.c: the vocabulary every config file's view shares (view.h):
 * settings that a pass-through key of the site overrides, secrets left as
 * placeholders, defaults tables that `defaults: slurm` switches off, and
 * the questions about hosts (node type, controller addresses) that more
 * than one file asks. The views themselves are view_slurm.c,
 * view_gres.c and view_daemons.c.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "render/placeholder.h"
#include "render/view.h"
#include "slurm/slurmkeys.h"
#include "inventory/model.h"

void view_set_str(json_t *obj, const char *key, const char *value)
{
	if (value && *value)
		json_object_set_new(obj, key, json_string(value));
}

/* Sets key to the decimal number when it is given (> 0 or >= 0 with zero_ok). */
void view_set_num(json_t *obj, const char *key, long long v, bool zero_ok)
{
	char buf[32];

	if (v < 0 || (v == 0 && !zero_ok))
		return;
	snprintf(buf, sizeof(buf), "%lld", v);
	json_object_set_new(obj, key, json_string(buf));
}

static char *join_list(const struct str_list *l, const char *sep)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (i)
			strbuf_addstr(&sb, sep);
		strbuf_addstr(&sb, l->items[i]);
	}
	return strbuf_detach(&sb, NULL);
}

void view_set_list(json_t *obj, const char *key, const struct str_list *l)
{
	char *s;

	if (!l->n)
		return;
	s = join_list(l, ",");
	view_set_str(obj, key, s);
	free(s);
}

json_t *view_kv_pair(const char *key, const char *value)
{
	json_t *o = json_object();

	json_object_set_new(o, "key", json_string(key));
	json_object_set_new(o, "value", json_string(value));
	return o;
}

static bool kv_has_nocase(const struct kv_list *kv, const char *key)
{
	size_t i;

	for (i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, key))
			return true;
	return false;
}

const char *view_kv_get_nocase(const struct kv_list *kv, const char *key)
{
	size_t i;

	for (i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, key))
			return kv->items[i].value;
	return NULL;
}

/*
 * Appends key=value to a settings array unless the site passes the key
 * through itself (Slurm keys are case-insensitive): the site's value then
 * appears in the "site" section instead, exactly once.
 */
void view_setting(json_t *arr, const struct kv_list *pass, const char *key,
		  const char *value)
{
	if (!value || kv_has_nocase(pass, key))
		return;
	json_array_append_new(arr, view_kv_pair(key, value));
}

void view_setting_num(json_t *arr, const struct kv_list *pass,
		      const char *key, long long v, long long dflt)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v >= 0 ? v : dflt);
	view_setting(arr, pass, key, buf);
}

/* The pass-through entries in inventory order, minus keys in skip[]. */
json_t *view_site_settings(const struct kv_list *pass,
			   const char *const *skip)
{
	json_t *arr = json_array();
	size_t i, j;

	for (i = 0; i < pass->n; i++) {
		bool skipped = false;

		for (j = 0; skip && skip[j]; j++)
			if (!strcasecmp(pass->items[i].key, skip[j]))
				skipped = true;
		if (skipped)
			continue;
		if (slurmkeys_is_secret(pass->items[i].key)) {
			/* the value goes in at apply (render.h) */
			char *ph = xasprintf(RENDER_SECRET_VALUE_PREFIX "%s@",
					     pass->items[i].key);

			json_array_append_new(arr, view_kv_pair(pass->items[i].key, ph));
			free(ph);
		} else {
			json_array_append_new(arr, view_kv_pair(pass->items[i].key,
							   pass->items[i].value));
		}
	}
	return arr;
}

json_t *view_extra_list(const struct kv_list *kv)
{
	return view_site_settings(kv, NULL);
}

/*
 * The node type of a compute host: resolved by validate, or looked up by
 * name so a model straight from the loader renders the same.
 */
const struct node_type *view_host_type(const struct model *m,
				       const struct host *h)
{
	if (h->type)
		return h->type;
	return h->type_name ? model_find_node_type(m, h->type_name) : NULL;
}

bool view_is_compute(const struct model *m, const struct host *h)
{
	return view_host_type(m, h) != NULL;
}

/*
 * The address the site gives controller name for Slurm apart from its
 * host's (cluster.controller_address, backup_controller_address), or NULL.
 */
const char *view_ctld_site_addr(const struct cluster *c, const char *name)
{
	if (c->controller && !strcmp(name, c->controller))
		return c->controller_address;
	if (c->backup_controller && !strcmp(name, c->backup_controller))
		return c->backup_controller_address;
	return NULL;
}

/*
 * The address Slurm reaches controller name by, or NULL for the name alone:
 * the site's (view_ctld_site_addr()), else the host's own unless the inventory
 * says the name alone (cluster.slurmctld_host: name, a site whose nodes
 * resolve the name themselves). Borrowed from the model.
 */
static const char *ctld_addr(const struct model *m, const char *name)
{
	const struct host *h = model_find_host(m, name);
	const char *site = view_ctld_site_addr(&m->cluster, name);

	if (site)
		return site;
	if (h && h->address && m->cluster.slurmctld_host == CTLD_HOST_ADDRESS)
		return h->address;
	return NULL;
}

/* "name(address)" or "name", as SlurmctldHost wants it (ctld_addr()). */
char *view_ctld_host(const struct model *m, const char *name)
{
	const char *addr = ctld_addr(m, name);

	return addr ? xasprintf("%s(%s)", name, addr) : xstrdup(name);
}

/* Table t's settings the inventory does not name, unless it asks for Slurm's. */
void view_settings_table(json_t *a, const struct cluster *c,
			 const struct kv_list *pass,
			 const struct default_setting *t)
{
	if (c->defaults == DEFAULTS_SLURM)
		return;
	for (; t->key; t++)
		view_setting(a, pass, t->key, t->value);
}

json_t *view_defaults_only(const struct cluster *c, const struct kv_list *pass,
			   const struct default_setting *t)
{
	json_t *a = json_array();

	view_settings_table(a, c, pass, t);
	return a;}
