/*
 * import_nodes.h: a cluster's slurm.conf (and what it includes), gres.conf,
 * cgroup.conf and slurmdbd.conf as inventory YAML ("clusterctl import
 * nodes"), read through slurmread.h as the daemons read them: cluster:
 * (with cgroup_conf and slurmdbd_conf), database:, node_types:, hosts:
 * and partitions:, with hostlists folded and every key the schema has no
 * place for carried in cluster.slurm_conf, a node type's extra: or a
 * partition's extra:. Node types are inferred (nodes with identical hardware lines
 * share one) and say so in a comment. The files' own comments are printed
 * above the entries their lines became (sitecomments.h), the rest at the
 * end with file and line. Which slurm.conf keys go to
 * slurm_conf is decided by rendering the inventory without them: a key
 * clusterctl already writes with the same value is left out.
 *
 * Ownership: import_nodes() borrows struct import_source (the sources
 * import_nodes_files() and import_cluster() fill they own, and free with
 * import_source_release()); out and problems are the caller's, appended
 * to; *cause is newly allocated.
 * Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_IMPORT_NODES_H
#define CLUSTERCTL_IMPORT_NODES_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "import/import_source.h"

/*
 * Appends the YAML for src to out. Returns the number of problems appended
 * to problems (what the schema cannot hold: DownNodes=, a GRES no Gres= names,
 * per-device Cores=, a password, a key the release does not take, ...),
 * or -1 + *cause when a file cannot be read as Slurm configuration
 * ("path:line: ...") or the result does not validate.
 */
int import_nodes(const struct import_source *src, struct strbuf *out,
		 struct strbuf *problems, char **cause);

/*
 * import_nodes() of conf_path, gres_path (NULL: gres.conf beside
 * conf_path, if there) and the cgroup.conf and slurmdbd.conf beside
 * conf_path (if there), as Slurm finds them; carry: as struct
 * import_source's (a file in /etc/slurm is read beside conf_path).
 */
int import_nodes_files(const char *conf_path, const char *gres_path,
		       struct import_carry *carry, struct strbuf *out,
		       struct strbuf *problems, char **cause);

/* Frees what a source owns when filled by import_*.c (paths, texts, release, ...). */
void import_source_release(struct import_source *src);

#endif
