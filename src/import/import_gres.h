/*
 * import_gres.h: a node's GRES as a node type's gpus: and gres: entries,
 * from its Gres= and gres.conf as slurmd merges them (slurm/gresmerge.h):
 * each gres.conf line it takes one entry (consecutive lines that fold
 * into one), cut as slurmd cuts it, what Gres= counts beyond the lines an
 * entry without a line (gres_conf: false), a line's Type= under an
 * untyped Gres= kept (gres_conf_type), the AutoDetect in force on the
 * node's first GPU entry (off too, as written). What slurmd does that the
 * inventory then says as well (a line cut or ignored, GPUs without a
 * device file dropped) is a note; what the schema cannot say (a Gres=
 * item it cannot parse, MultipleFiles= for a GRES other than gpu) a
 * problem.
 */
#ifndef CLUSTERCTL_IMPORT_GRES_H
#define CLUSTERCTL_IMPORT_GRES_H

#include "base/compat.h"

#include "import/import_ctx.h"
#include "base/strbuf.h"

/*
 * The gpus: value of node (whose NodeName= line l has Gres=gres) in gpus,
 * the gres: value in other: one entry inline, several as a block list
 * (indented for a node type's key). report: name what slurmd does and
 * what is lost (once per node type made).
 */
void imp_gres_yaml(struct imp *im, const struct slurmconf_line *l, const char *gres,
		   const char *node, bool report, struct strbuf *gpus, struct strbuf *other);

/* True when some NodeName= line's Gres= has an item of GRES name (any case). */
bool imp_gres_named(const struct imp *im, const char *name);

#endif
