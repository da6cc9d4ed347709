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

#include "slurm/slurmread.h"
#include "base/strbuf.h"

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
	/* what a running controller says (import cluster); NULL / -1: not known */
	const char *release;		/* "24.11.1", from slurmctld -V */
	struct import_user slurm_user, munge_user;
	const char *ssh_yaml;		/* an "ssh:" section to print */
};

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

/*
 * Writes each carried file to carry->dir + its path (directories made as
 * needed, the file with its mode): a file already there is refused, so a
 * second import never overwrites the repository's copy. 0, or -1 with
 * *cause (newly allocated; caller frees).
 */
int import_carry_write(const struct import_carry *carry, char **cause);

/* Frees what carry owns (not dir). NULL-safe. */
void import_carry_release(struct import_carry *carry);

#endif
