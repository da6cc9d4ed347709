/*
 * placeholder.h: what stands in a rendered file where a secret goes. The
 * views write these; apply puts the secret in when it writes the file;
 * plan masks them. No rendered file, diff or plan ever holds the secret
 * itself.
 */
#ifndef CLUSTERCTL_PLACEHOLDER_H
#define CLUSTERCTL_PLACEHOLDER_H

/*
 * Rendered files never hold secrets. slurmdbd.conf carries this placeholder
 * after "StoragePass="; apply substitutes the real database password when it
 * writes the file (files with it have needs_db_password set).
 */
#define RENDER_SECRET_DB_PASSWORD "@clusterctl:db-password@"

/*
 * The value of a secret pass-through key (slurmkeys_is_secret(), e.g.
 * AccountingStoragePass in cluster.slurm_conf) is rendered as
 * "@clusterctl:secret:KEY@"; apply puts the inventory's value back.
 */
#define RENDER_SECRET_VALUE_PREFIX "@clusterctl:secret:"

#endif
