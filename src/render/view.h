/*
 * view.h: the model seen through one config file. Each function builds the
 * JSON context (jansson) that the file's Mustache template expands; all
 * Slurm knowledge about what goes where (defaults, folding of nodes into
 * hostlist ranges, merged TRES lists, pass-through overrides) lives here so
 * templates only lay text out.
 *
 * Every value in a context is a string (numbers already formatted) or a
 * boolean, so templates never depend on how the engine prints numbers.
 * Contexts copy what they need: they outlive the model.
 *
 * The shapes (keys templates may use) are documented in view.c next to
 * each builder and exercised by tests/unit/view_test.c.
 */
#ifndef CLUSTERCTL_VIEW_H
#define CLUSTERCTL_VIEW_H

#include "base/compat.h"

#include <jansson.h>

#include "inventory/model.h"

/*
 * slurm.conf: sections of key/value settings (control, scheduling, timers,
 * accounting, logging, site), then folded "nodes" and "partitions".
 * configless adds SlurmctldParameters=enable_configless.
 * Returns a new reference, or NULL with *cause set (newly allocated;
 * caller frees) when a hostlist in the model cannot be expanded.
 */
json_t *view_slurm_conf(const struct model *m, char **cause);

/* gres.conf: folded per node type "gres" lines. New reference or NULL + *cause. */
json_t *view_gres_conf(const struct model *m, char **cause);

/* cgroup.conf: constraining defaults merged with cluster.cgroup_conf. New reference. */
json_t *view_cgroup_conf(const struct model *m);

/*
 * slurmdbd.conf: DbdHost, storage settings, StoragePass set to
 * RENDER_SECRET_DB_PASSWORD (never the password), then cluster.slurmdbd_conf.
 * New reference.
 */
json_t *view_slurmdbd_conf(const struct model *m);

/*
 * /etc/default/slurmd or /etc/default/sackd of a host that fetches its
 * configuration (configless): "conf_server" lists the controller then its
 * backups as --conf-server takes them ("address:port,..."). New reference.
 */
json_t *view_fetch_defaults(const struct model *m);

/*
 * The effective AccountingStorageTRES: every TRES of the pass-through value
 * (in its order) followed by gres/gpu and gres/gpu:<type> for each GPU type
 * of the compute hosts' node types, without duplicates (case-insensitive).
 * Newly allocated, caller frees; NULL when the list is empty.
 */
char *view_accounting_tres(const struct model *m);

#endif
