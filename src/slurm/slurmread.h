/*
 * slurmread.h: what slurm.conf, gres.conf, cgroup.conf and slurmdbd.conf
 * mean to the Slurm daemons that read them, as slurmctld and slurmd apply
 * them (src/common/read_config.c, src/interfaces/gres.c), on top of
 * slurmconf.h's words. One reader for import, plan and observe.
 *
 * slurm.conf (slurmread_conf) comes back as a struct slurmconf whose lines
 * are already resolved:
 *   - "Include PATH" lines are replaced by the lines of PATH, read through
 *     the caller's reader; a relative PATH is relative to the directory
 *     of the top file (slurm.conf), as Slurm's get_extra_conf_path()
 *     resolves it, and "%c" in it is the lowercased ClusterName;
 *   - NodeName=DEFAULT and PartitionName=DEFAULT lines are gone; each
 *     NodeName= / PartitionName= line after one has the keys it did not
 *     set itself from the defaults in force at that point of the file (a
 *     later DEFAULT line adds to and overrides the earlier ones);
 *   - a key written twice on one record line keeps its last value;
 *   - a setting written twice keeps its last value (slurmctld warns
 *     "specified more than once, latest value used"), except the list
 *     keys (SlurmctldHost and the record keys), which accumulate;
 *   - old names are the new ones: ControlMachine (+ControlAddr) is the
 *     first SlurmctldHost and BackupController (+BackupAddr) the second,
 *     both ignored when SlurmctldHost is set (as slurmctld does); a
 *     partition's Shared= is OverSubscribe= (unless that is set), a
 *     node's Feature= is Features= and Procs= is CPUs=.
 * cgroup.conf and slurmdbd.conf (slurmread_settings) are settings only,
 * the last value of each key kept.
 *
 * gres.conf (slurmread_gres) comes back as records, each with the nodes
 * it is for (none: every node, as in a per-node file) and its devices
 * counted as slurmd counts them.
 *
 * Ownership: out structures own everything; their release functions.
 * *cause is newly allocated: "path:line: what is wrong".
 */
#ifndef CLUSTERCTL_SLURMREAD_H
#define CLUSTERCTL_SLURMREAD_H

#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>

#include "slurm/hostlist.h"
#include "slurm/slurmconf.h"

/*
 * Reads the file at path into *text (newly allocated, *len bytes): 0, or
 * -1 + *cause. The caller's: a local file, or one on a remote host.
 */
typedef int (*slurmread_fn)(void *arg, const char *path, char **text, size_t *len,
			    char **cause);

/* slurmread_fn for local files; arg unused. */
int slurmread_local(void *arg, const char *path, char **text, size_t *len, char **cause);

/*
 * Where a copy of a host's Slurm config directory holds path: conf is the
 * copy's slurm.conf, path one the hosts read (an Include, a file a key
 * names) under a directory Slurm is installed to read its files from
 * (/etc/slurm, /etc/slurm-llnl, /usr/local/etc/slurm, /usr/local/etc,
 * /opt/slurm/etc): the same place under conf's directory. NULL when path
 * is under none, or already where conf is. Newly allocated.
 */
char *slurmread_copy_path(const char *conf, const char *path);

/*
 * slurmread_fn for such a copy (arg: its slurm.conf's path): a file the
 * copy holds (slurmread_copy_path) is read there, anything else at its
 * own path, as the hosts read it.
 */
int slurmread_copy(void *arg, const char *path, char **text, size_t *len, char **cause);

/*
 * A boolean as Slurm reads it (s_p_handle_boolean(), src/common/parse_value.c):
 * 1 for yes, up, true or 1, 0 for no, down, false or 0 (any case), -1 else.
 */
int slurmread_bool(const char *v);

/* slurm.conf at path and what it includes, resolved as above, appended to out. */
int slurmread_conf(const char *path, slurmread_fn read, void *arg, struct slurmconf *out,
		   char **cause);

/* Like slurmread_conf on text already read (path names it and its directory). */
int slurmread_conf_text(const char *path, const char *text, size_t len, slurmread_fn read,
			void *arg, struct slurmconf *out, char **cause);

/*
 * Appends the nodes a partition's Nodes= value names in c (a resolved
 * slurm.conf): hostlists, NodeSet names (their Nodes= and the nodes whose
 * Features= hold their Feature=) and ALL (every node). *named: a NodeSet
 * was used. 0, or -1 + *cause.
 */
int slurmread_nodes(const struct slurmconf *c, const char *value, struct hostlist *out,
		    bool *named, char **cause);

/*
 * The partition slurmctld makes the default: the last PartitionName= line
 * with Default=YES (slurmctld/read_config.c, _build_single_partitionline_info():
 * "changing default partition from A to B"), or NULL. Borrowed.
 */
const struct slurmconf_line *slurmread_default_partition(const struct slurmconf *c);

/* cgroup.conf or slurmdbd.conf text: settings, the last value of each key. */
int slurmread_settings(const char *path, const char *text, size_t len,
		       struct slurmconf *out, char **cause);

/* The first setting line for key (any case) in c, or NULL. Borrowed. */
const struct slurmconf_line *slurmread_setting(const struct slurmconf *c, const char *key);

/* One gres.conf record (a Name= line, or a NodeName= line's rest). */
struct slurmgres_rec {
	struct hostlist nodes;	/* NodeName= expanded; empty: every node */
	char *name;		/* gpu, mps, shard, ...; NULL: an AutoDetect-only line */
	char *type;		/* Type=, or NULL */
	char *file;		/* File= / Files= as written, or NULL */
	struct hostlist files;	/* File= expanded */
	uint64_t count;		/* devices: Count=, else the files, else 1 */
	char *cores, *links, *flags, *multiple_files;	/* as written, or NULL */
	char *autodetect;	/* node-local AutoDetect= on a NodeName= line, or NULL */
	char *path;
	unsigned lineno;
};

struct slurmgres {
	struct slurmgres_rec *recs;
	size_t n, alloc;
	char *autodetect;	/* the global "AutoDetect=" line's value, or NULL */
	unsigned autodetect_line;
	/*
	 * Each line whose NodeName= is no hostlist: slurmd skips it (gres.c
	 * _parse_gres_config_node(): no node matches), so no record stands
	 * for it.
	 */
	struct slurmgres_skip {
		char *path, *nodes;
		unsigned lineno;
	} *skipped;
	size_t n_skipped;
};

/* gres.conf text (and what it includes) into out (zeroed by the caller). */
int slurmread_gres(const char *path, const char *text, size_t len, slurmread_fn read,
		   void *arg, struct slurmgres *out, char **cause);

/* True when record r is for node (it names it, or names no node). */
bool slurmgres_for_node(const struct slurmgres_rec *r, const char *node);

/*
 * The AutoDetect in force on node: the node-local value (a NodeName= line
 * naming node with AutoDetect=), else the global one, else NULL. Borrowed.
 */
const char *slurmgres_autodetect(const struct slurmgres *g, const char *node);

void slurmgres_release(struct slurmgres *g);

/* A GRES count with Slurm's suffixes (k, m, g, t, p: powers of 1024). -1 if not one. */
int slurmread_count(const char *s, uint64_t *out);

#endif
