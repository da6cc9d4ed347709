/*
 * import_site.h: "import cluster HOST... --site DIR" (import_site.c): the
 * clusters of one accounting database, each read from its controller,
 * written as a site file and one inventory per cluster (docs/site.md).
 *
 * Ownership: wrote and problems are the caller's, appended to; *cause is
 * newly allocated. Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_IMPORT_SITE_H
#define CLUSTERCTL_IMPORT_SITE_H

#include "base/compat.h"

#include <stddef.h>

#include "base/strbuf.h"

struct import_site_opts {
	const char *dir;		/* where site.yaml and CLUSTER.yaml go */
	const char *ssh_config;		/* NULL: the defaults */
	const char *config_dir;		/* NULL: /etc/slurm */
	bool accept_new;		/* trust unknown host keys */
};

/*
 * Imports the controllers specs[0..n) ("[USER@]HOST[:PORT]", as import
 * cluster takes one) and writes o->dir/site.yaml (the site, its
 * clusters, the database: section they share) and o->dir/CLUSTER.yaml
 * for each (new files: an existing one is an error); the paths written
 * into wrote ("a, b"). The number of problems (what import cluster names,
 * and each cluster of the database no controller was given for), or -1 +
 * *cause.
 */
int import_site(const char *const *specs, size_t n, const struct import_site_opts *o,
		struct strbuf *wrote, struct strbuf *problems, char **cause);

#endif
