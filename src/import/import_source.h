/*
 * import_source.h: what import reads a cluster from (types only): the
 * texts of its config files, how to read what they include, what a
 * running controller says, and the files slurm.conf names that import
 * carries into the repository. import_nodes.h turns a source into YAML;
 * import_cluster.h fills one over SSH.
 */
#ifndef CLUSTERCTL_IMPORT_SOURCE_H
#define CLUSTERCTL_IMPORT_SOURCE_H

#include "base/compat.h"

#include <stddef.h>

#include "slurm/slurmread.h"

struct strbuf;

/* One file's text; path NULL when the cluster has none. */
struct import_file {
	const char *path;		/* for messages */
	const char *text;
	size_t len;
};

/* A service user as the controller has it; uid/gid -1 when unknown. */
struct import_user {
	const char *name;
	long long uid, gid;
};

/* A file slurm.conf names, read to be carried as a pass-through file (files:). */
struct import_carried {
	char *path;			/* on the hosts */
	char *text;
	size_t len;
	unsigned mode;
	unsigned roles;			/* enum host_role bits; 0: every host */
	char *owner, *group;		/* NULL: root */
};

/*
 * The files slurm.conf names (Prolog=, TopologyPlugin=topology/tree's
 * topology.conf, a plugstack.conf ...) that import could read: files:
 * entries whose source is dir followed by the path on the hosts, for the
 * caller to write there (import_carry_write()). Owned; import_carry_release().
 */
struct import_carry {
	const char *dir;		/* borrowed; as the YAML's source: names it */
	struct import_carried *v;
	size_t n, alloc;
};

/*
 * The permission bits of path (e.g. 0755) and its owner's uid and gid (-1:
 * not told, as for a local copy of a site's files); 0, or -1 when it
 * cannot be told.
 */
typedef int (*import_mode_fn)(void *arg, const char *path, unsigned *mode,
			      long long *uid, long long *gid);

struct import_source {
	struct import_file conf, gres, cgroup, dbd;	/* slurm.conf, gres.conf, ... */
	slurmread_fn read;		/* for the files slurm.conf includes */
	void *read_arg;
	/*
	 * NULL: the files slurm.conf names are named as not carried (exit
	 * 4); else those that can be read (through read, their mode through
	 * mode when set) are carried here. Not owned.
	 */
	struct import_carry *carry;
	import_mode_fn mode;
	/*
	 * The accounting (import cluster): appends the qos:, accounts: and
	 * users: sections to yaml, which holds the inventory up to its
	 * partitions (its cluster and database: sections say what to read),
	 * and sets *read; what cannot be read or said is problems (the
	 * number returned). NULL, or *read false: the QoS and accounts the
	 * partitions name are written by name only.
	 */
	int (*accounting)(void *arg, struct strbuf *yaml, struct strbuf *problems, bool *read);
	void *accounting_arg;
	/* what a running controller says (import cluster); NULL / -1: not known */
	const char *release;		/* "24.11.1", from slurmctld -V */
	struct import_user slurm_user, munge_user;
	const char *ssh_yaml;		/* an "ssh:" section to print */
};

#endif
