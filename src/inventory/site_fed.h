/*
 * site_fed.h: what a site's federation (federation: of its site file) can
 * get wrong (site_fed.c), for site.c.
 */
#ifndef CLUSTERCTL_SITE_FED_H
#define CLUSTERCTL_SITE_FED_H

#include "base/compat.h"

#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/site_types.h"

/*
 * A federation member that is no cluster of the site (a note at the
 * site's clusters:), a cluster listed twice, a feature listed twice or
 * one sacctmgr would split or cut, a name of that kind, no member, more
 * members than Slurm federates. Nothing when the site declares none.
 */
void site_check_federation(const struct site *s, struct diag_list *dl);

#endif
