/*
 * acct_db.h: internal to the acct*.c files that talk to the database:
 * what the database holds besides the objects (schema version, the TRES
 * and QoS id maps, whether the cluster and its tables exist) and the
 * conversions between canonical values and column values.
 *
 * Ownership: struct acct_dbinfo owns its maps; acct_dbinfo_release().
 */
#ifndef CLUSTERCTL_ACCT_DB_H
#define CLUSTERCTL_ACCT_DB_H

#include "base/compat.h"

#include "acct/rows/acct_idmap.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"

/* Schema versions (convert_version_table) of slurmdbd 22.05, 23.11, 24.11. */
#define ACCT_SCHEMA_2205 12
#define ACCT_SCHEMA_2311 15
#define ACCT_SCHEMA_2411 16
/* cluster_table.rpc_version of a 23.11 slurmctld (SLURM_23_11_PROTOCOL_VERSION) */
#define ACCT_RPC_2311 10240

struct acct_dbinfo {
	bool has_schema;	/* slurmdbd has created its tables */
	long version;		/* convert_version_table.version, -1 unknown */
	bool has_lineage;	/* 23.11+ lineage column in the assoc table */
	bool has_lft;		/* lft/rgt columns there (gone from 25.05) */
	bool cluster_exists;	/* row in cluster_table, deleted=0 */
	long rpc_version;	/* its rpc_version (0: no slurmctld registered yet) */
	bool cluster_tables;	/* "<cluster>_assoc_table" exists */
	char *template_cluster;	/* another cluster whose tables exist, or NULL */
	struct acct_idmap tres, qos;
};


/* ---- the plan (acct_plan.c) ---- */

enum acct_op { ACCT_ADD, ACCT_CHANGE, ACCT_REMOVE };

struct acct_change {
	enum acct_op op;
	const struct acct_obj *want;	/* NULL for ACCT_REMOVE */
	const struct acct_obj *have;	/* NULL for ACCT_ADD */
};

struct acct_site_view;

struct acct_plan {
	char *cluster;
	char *release;			/* cluster.slurm_version, or NULL */
	char *where;			/* "slurm_acct_db at host:port" */
	bool prune;
	bool accept_new;		/* the tunnel's unknown host key trusted */
	struct acct_objset want, have;
	struct acct_dbinfo info;
	struct acct_change *changes;
	size_t n_changes, alloc_changes;
	/* the other clusters of the database and the site (acct_site.h); may be NULL */
	struct acct_site_view *site;
	/* rows --prune would remove but another cluster uses (in have) */
	const struct acct_obj **kept;
	size_t n_kept, alloc_kept;
};

#endif
