/*
 * view_daemons.h: the model seen through the daemons' small files
 * (view_daemons.c).
 */
#ifndef CLUSTERCTL_VIEW_DAEMONS_H
#define CLUSTERCTL_VIEW_DAEMONS_H

#include "base/compat.h"

#include <jansson.h>

#include "inventory/model.h"

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

#endif
