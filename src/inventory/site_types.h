/*
 * site_types.h: a site as data (docs/site.md): the site file's model and
 * each cluster's (site.h loads them, site_rows.h answers where the site
 * file's rows go). Types alone.
 *
 * Ownership: struct site owns the site file's model and every cluster's;
 * a cluster's model borrows strings from the site file's pool, so it lives
 * as long as the site (site_free()).
 */
#ifndef CLUSTERCTL_SITE_TYPES_H
#define CLUSTERCTL_SITE_TYPES_H

#include "base/compat.h"

#include <stddef.h>

#include "base/diag.h"

struct model;

struct site_cluster {
	const char *name;	/* cluster.name (borrowed from m) */
	const char *path;	/* its inventory, as the site file lists it */
	struct src_loc loc;	/* where the site file lists it */
	struct model *m;	/* owned; m->in_site is the site */
};

struct site {
	struct model *shared;	/* the site file; NULL: a lone inventory */
	const char *name;	/* site.name, else the file's base name */
	bool cross_cluster;
	struct site_cluster *clusters;
	size_t n;
};

#endif
