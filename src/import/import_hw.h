/*
 * import_hw.h: the hardware half of "import nodes": each NodeName= line's
 * nodes, their GPUs and other GRES from Gres= and gres.conf, node types
 * inferred from identical hardware, host entries folded into hostlists.
 */
#ifndef CLUSTERCTL_IMPORT_HW_H
#define CLUSTERCTL_IMPORT_HW_H

#include "base/compat.h"

#include "import/import_ctx.h"
#include "base/strbuf.h"

/* Adds the nodes of NodeName= line li (and their type). 0, or -1 + *cause. */
int imp_add_node_line(struct imp *im, size_t li, char **cause);

/* "name(addr)" -> *name, *addr (newly allocated; *addr NULL without one). */
void imp_split_host(const char *v, char **name, char **addr);

/* Appends the node_types: and hosts: sections. */
void imp_emit_types(struct imp *im, struct strbuf *out);
void imp_emit_hosts(struct imp *im, struct strbuf *out);

#endif
