/*
 * import_nodes.h: a cluster's slurm.conf and gres.conf as inventory YAML
 * ("clusterctl import nodes"): cluster:, node_types:, hosts: and
 * partitions:, with hostlists folded and every key the schema has no place
 * for carried in cluster.slurm_conf, a node type's extra: or a partition's
 * extra:. Node types are inferred (nodes with identical hardware lines
 * share one) and say so in a comment. Which slurm.conf keys go to
 * slurm_conf is decided by rendering the inventory without them: a key
 * clusterctl already writes with the same value is left out.
 *
 * Ownership: the texts in struct import_source are borrowed; out and
 * problems are the caller's, appended to; *cause is newly allocated.
 * Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_IMPORT_NODES_H
#define CLUSTERCTL_IMPORT_NODES_H

#include "compat.h"

#include "strbuf.h"

struct import_source {
	const char *conf_path;		/* slurm.conf, for messages */
	const char *conf;
	size_t conf_len;
	const char *gres_path;		/* gres.conf; NULL when not given */
	const char *gres;
	size_t gres_len;
};

/*
 * Appends the YAML for src to out. Returns the number of problems appended
 * to problems (lines the schema cannot hold: NodeSet=, DownNodes=,
 * non-GPU GRES, PartitionName=DEFAULT, ...), or -1 + *cause when a file
 * cannot be read as Slurm configuration ("path:line: ...") or the result
 * does not validate.
 */
int import_nodes(const struct import_source *src, struct strbuf *out,
		 struct strbuf *problems, char **cause);

#endif
