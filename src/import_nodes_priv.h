/*
 * import_nodes_priv.h: what the two halves of "import nodes" share:
 * import_hw.c (gres.conf, node types, nodes and host entries) and
 * import_nodes.c (the cluster: section, slurm_conf, partitions, the
 * render check). Private to them.
 */
#ifndef CLUSTERCTL_IMPORT_NODES_PRIV_H
#define CLUSTERCTL_IMPORT_NODES_PRIV_H

#include "compat.h"

#include "import_nodes.h"
#include "slurmconf.h"
#include "strbuf.h"

struct node {
	char *name, *addr;
	long long port;		/* -1 when the line has no Port= */
	size_t type;
	size_t line;		/* NodeName= line index */
};

struct ntype {
	char *sig;		/* every type-level value, for grouping */
	char *name;
	struct strbuf yaml;	/* the mapping's "key: value" lines */
};

struct imp {
	const struct import_source *src;
	struct slurmconf conf, gres;
	struct strbuf *problems;
	int n_problems;
	struct node *nodes;
	size_t n_nodes, alloc_nodes;
	struct ntype *types;
	size_t n_types, alloc_types;
	char *controller, *controller_addr, *backup, *backup_addr, *dbd;
	struct strbuf qos_names;	/* ",a,b," partition QoS, for stubs */
	struct strbuf acct_names;	/* and accounts */
};

/* Appends "path:line: message" to im->problems and counts it. */
void imp_problem(struct imp *im, unsigned line, const char *fmt, ...) ATTR_PRINTF(3, 4);

/* True when line l's own key is key (any case). */
bool imp_key_is(const struct slurmconf_line *l, const char *key);

/*
 * Appends "Key: value, ..." (flow-mapping body) to extra for the words of
 * l after its own key that are neither in plain nor keys[][0]: what goes
 * to an extra: mapping.
 */
void imp_extra(const struct slurmconf_line *l, const char *const *plain, size_t n_plain,
	       const char *const (*keys)[2], size_t n_keys, struct strbuf *extra);

/* ---- import_hw.c ---- */

/* Adds the nodes of NodeName= line li (and their type). 0, or -1 + *cause. */
int imp_add_node_line(struct imp *im, size_t li, char **cause);

/* "name(addr)" -> *name, *addr (newly allocated; *addr NULL without one). */
void imp_split_host(const char *v, char **name, char **addr);

/* Appends the node_types: and hosts: sections. */
void imp_emit_types(struct imp *im, struct strbuf *out);
void imp_emit_hosts(struct imp *im, struct strbuf *out);

#endif
