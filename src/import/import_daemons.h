/*
 * import_daemons.h: cgroup.conf and slurmdbd.conf for "import nodes":
 * cluster.cgroup_conf, cluster.slurmdbd_conf and the database: section.
 * Passwords become a database.password_file reference and are never
 * printed.
 */
#ifndef CLUSTERCTL_IMPORT_DAEMONS_H
#define CLUSTERCTL_IMPORT_DAEMONS_H

#include "base/compat.h"

#include "import/import_ctx.h"
#include "slurm/slurmconf.h"
#include "base/strbuf.h"

/* True when h names the host it is read on itself (localhost, 127.0.0.1, ::1). */
bool imp_local_host(const char *h);

/* Appends "  cgroup_conf:" (under cluster:) for cgroup.conf settings cg. */
void imp_emit_cgroup(struct imp *im, const struct slurmconf *cg, struct strbuf *out);

/*
 * Appends "  slurmdbd_conf:" (under cluster:) to out and the top-level
 * "database:" section to db for slurmdbd.conf settings dbd.
 */
void imp_emit_dbd(struct imp *im, const struct slurmconf *dbd, struct strbuf *out,
		  struct strbuf *db);

#endif
