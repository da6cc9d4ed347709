/*
 * import_cluster.h: "clusterctl import cluster HOST": a running cluster
 * read from its controller over SSH (transport.h) into one inventory:
 * CONFIG_DIR/slurm.conf and the files it includes, gres.conf,
 * cgroup.conf and slurmdbd.conf (absent ones skipped, as Slurm does;
 * slurmdbd.conf from the host AccountingStorageHost= names when that is
 * not the controller, through the same SSH settings, and a problem naming
 * it when it cannot be read there), the
 * release from "slurmctld -V", the slurm and munge users' UIDs and GIDs
 * from getent, and the ssh: section that reached the host (user, port,
 * the ssh_config); then
 * import_nodes() as for local files, with the accounting (qos:, accounts:,
 * users:) read from the database slurmdbd.conf names, through its
 * database.tunnel (slurmdbd's host) with slurmdbd.conf's password: one
 * inventory, nothing to append. A database that cannot be read is a
 * problem (the partitions' QoS and accounts are then named only).
 *
 * Ownership: out and problems are the caller's, appended to; *cause is
 * newly allocated. Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_IMPORT_CLUSTER_H
#define CLUSTERCTL_IMPORT_CLUSTER_H

#include "base/compat.h"

#include "import/import_nodes.h"
#include "base/strbuf.h"
#include "transport/transport.h"

/*
 * Reads the cluster through the controller t names (config_dir: NULL for
 * /etc/slurm) and appends the inventory YAML to out. As import_nodes():
 * the number of problems, or -1 + *cause. carry: as struct
 * import_source's (the files read through the same session). password
 * (may be NULL): on success, slurmdbd.conf's StoragePass, newly
 * allocated (a secret: xfree_secret), for the file the YAML's
 * database.password_file names; NULL when it has none.
 */
int import_cluster(const struct transport_target *t, const char *config_dir,
		   struct import_carry *carry, struct strbuf *out,
		   struct strbuf *problems, char **password, char **cause);

/*
 * import_cluster() of "[USER@]HOST[:PORT]" through ssh_config (NULL: the
 * defaults), trusting an unknown host key when accept_new.
 */
int import_cluster_spec(const char *spec, const char *ssh_config, bool accept_new,
			const char *config_dir, struct import_carry *carry,
			struct strbuf *out, struct strbuf *problems, char **password,
			char **cause);

/*
 * import_cluster_spec() without reading the accounting: the partitions'
 * QoS and accounts named only, as when the database cannot be read, and no
 * problem said (import_site.c reads the database once for every cluster).
 */
int import_cluster_spec_bare(const char *spec, const char *ssh_config, bool accept_new,
			     const char *config_dir, struct strbuf *out,
			     struct strbuf *problems, char **password, char **cause);

/*
 * The clusters of the database the controller spec names reaches: one
 * name a line, appended to names, from "sacctmgr show cluster" run there.
 * 0, or -1 + *cause.
 */
int import_cluster_db_names(const char *spec, const char *ssh_config, bool accept_new,
			    struct strbuf *names, char **cause);

#endif
