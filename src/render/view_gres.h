/*
 * view_gres.h: the model seen through gres.conf (view_gres.c).
 */
#ifndef CLUSTERCTL_VIEW_GRES_H
#define CLUSTERCTL_VIEW_GRES_H

#include "base/compat.h"

#include <jansson.h>

#include "inventory/model.h"

/* gres.conf: folded per node type "gres" lines. New reference or NULL + *cause. */
json_t *view_gres_conf(const struct model *m, char **cause);

#endif
