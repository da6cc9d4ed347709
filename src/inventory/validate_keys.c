/*
 * validate_keys.c: the pass-through keys of slurm.conf, cgroup.conf,
 * slurmdbd.conf and of NodeName/PartitionName lines (validate_keys.h),
 * checked against the key tables of the inventory's Slurm release
 * (slurm/slurmkeys.h): unknown, removed, defunct, too new, or modelled by
 * the inventory; values Slurm would split at a blank.
 */
#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "inventory/validate_keys.h"
#include "inventory/validate_values.h"
#include "slurm/slurmkeys.h"
#include "base/diag.h"

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

void validate_passthrough(struct vctx *v, const struct kv_list *kv,
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
			if (!check_removed_value(v, e, table, what))
				validate_value(v, e, table, what);
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
