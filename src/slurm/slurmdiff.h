/*
 * slurmdiff.h: the settings that change between two versions of a Slurm
 * config file (slurm.conf, gres.conf, cgroup.conf, slurmdbd.conf), by
 * what they mean rather than how they are written. Both sides go through
 * slurmread.h, so comments, refolded lines, key case, blanks around '=',
 * DEFAULT lines and a gres.conf line per device against one range line
 * are no change; what is left is a list of settings:
 *   - a global key (case-insensitive; old names are the new ones);
 *   - a node's key after the DEFAULT lines (nodes with the same change
 *     folded into one hostlist);
 *   - a partition's key (its Nodes= expanded, then folded);
 *   - another record's key (NodeSet, DownNodes, ...);
 *   - in gres.conf, a node's devices of one name and type (count, files,
 *     cores, links, flags), and the AutoDetect in force.
 * Comma lists whose order Slurm ignores (Features, Gres, Allow*, Deny*)
 * compare sorted; ClusterName compares lowercased; a value equal to
 * Slurm's own default (slurmdiff_is_default; gres.conf AutoDetect=off) is
 * as if not written.
 *
 * An "Include" line's file is read in its place (slurmread.h resolves
 * the path as slurmctld does) through the caller's reader, which the plan
 * answers from what it observed on the host (observe_include.h): a node
 * moved into an included file is no change, a node changed there is that
 * node's setting. Without a reader an Include line counts as a setting of
 * its own (the paths, in order).
 *
 * Ownership: struct slurmdiff owns its items; slurmdiff_release().
 */
#ifndef CLUSTERCTL_SLURMDIFF_H
#define CLUSTERCTL_SLURMDIFF_H

#include "base/compat.h"

#include <stddef.h>

#include "slurm/slurmread.h"

enum slurmdiff_scope {
	SLURMDIFF_GLOBAL,	/* a setting of the whole file */
	SLURMDIFF_NODE,		/* NodeName= records, per node */
	SLURMDIFF_PARTITION,	/* PartitionName= records */
	SLURMDIFF_RECORD,	/* NodeSet=, DownNodes=, ... */
	SLURMDIFF_GRES,		/* gres.conf devices, per node */
};

struct slurmdiff_item {
	enum slurmdiff_scope scope;
	char *where;		/* folded nodes, partition or record name; NULL: global */
	char *key;		/* as written (the new side's spelling when it has one) */
	char *old, *new;	/* NULL: not set; both NULL when secret */
	bool secret;		/* a password (slurmkeys_is_secret): values never kept */
};

struct slurmdiff {
	struct slurmdiff_item *v;
	size_t n, alloc;
};

/*
 * True when slurmdiff_compute() reads files named like path (its last
 * component): slurm.conf, gres.conf, cgroup.conf, slurmdbd.conf.
 */
bool slurmdiff_handles(const char *path);

/*
 * Compares old (old_len bytes) with new, both the file at path, into out
 * (zeroed by the caller): global settings first, then nodes, partitions,
 * other records and gres.conf devices, each sorted. Include lines of
 * slurm.conf and gres.conf read their files through read(arg, ...) on
 * both sides (read NULL: each Include line is a setting). 0 (out->n == 0:
 * the change is formatting only), or -1 + *cause when either side does
 * not read (path:line: what is wrong; "old"/"new" says which).
 */
int slurmdiff_compute(const char *path, const char *old, size_t old_len,
		      const char *new, size_t new_len, slurmread_fn read, void *arg,
		      struct slurmdiff *out, char **cause);

/* A slurmd that reads a gres.conf: its node, and its Gres= in slurm.conf ("": none). */
struct slurmdiff_reader {
	const char *node;
	const char *gres;
};

/*
 * slurmdiff_compute() of a gres.conf (path) by what the slurmd of each
 * reader makes of it (gresmerge.h: its Gres= merged with the lines):
 * a line without NodeName= is each reader's, a line for another node is
 * no reader's, a line slurmd ignores or a GPU it drops no setting; per
 * node the devices of each kind ("gpu01: gpu:a100 Count=2 File=...
 * Cores=...") and the AutoDetect in force (on a node with a Gres=). So a
 * site's lines without NodeName= and the render's NodeName= lines, a
 * global and a per-node AutoDetect, AutoDetect=off and none, a line per
 * device and a File= range, a Count= line and none are no change when
 * they mean the same. n_readers 0: slurmdiff_compute().
 */
int slurmdiff_compute_gres(const char *path, const char *old, size_t old_len,
			   const char *new, size_t new_len, slurmread_fn read, void *arg,
			   const struct slurmdiff_reader *readers, size_t n_readers,
			   struct slurmdiff *out, char **cause);

/*
 * One item as people read it: "gpu[01-02]: Gres gpu:a100:2 -> (none)",
 * "SchedulerParameters: (none) -> bf_continue", "partition long:
 * DefaultTime 01:00:00 -> (none)", "StoragePass changed". Newly allocated.
 */
char *slurmdiff_item_text(const struct slurmdiff_item *it);

/*
 * True when value is Slurm's default for key (slurm.conf(5): AuthType
 * auth/munge, the ports, the timers, a partition's Default=NO and
 * State=UP, ...): where is "set" (a global key), "part" or "node".
 */
bool slurmdiff_is_default(const char *where, const char *key, const char *value);

/*
 * A value as Slurm compares it: the comma lists whose order it ignores
 * sorted, ClusterName lowercased, else as written. Newly allocated.
 */
char *slurmdiff_value(const char *key, const char *value);

/*
 * The same for key on node k of a NodeName= line: NodeAddr, NodeHostname
 * and Port are each node's own item of a hostlist value (one value: the
 * same for all). Newly allocated.
 */
char *slurmdiff_node_value(const char *key, const char *value, size_t k);

void slurmdiff_release(struct slurmdiff *d);

#endif
