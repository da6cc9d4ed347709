/*
 * slurmkeys.h: what Slurm itself accepts in slurm.conf, on NodeName= lines,
 * on PartitionName= lines, in cgroup.conf and in slurmdbd.conf, per release
 * from 20.02 to 26.05 (25.11 from its source only). The tables come from the option tables of Slurm's
 * sources at each release tag (src/common/read_config.c slurm_conf_options,
 * _nodename_options, _partition_options; the cgroup.conf options of
 * src/common/xcgroup_read_config.c, src/common/cgroup.c or
 * src/interfaces/cgroup.c; src/slurmdbd/read_config.c):
 * a key missing from a release's table is a fatal "unrecognized key" for
 * that release; keys parsed only to call _defunct_option are ignored with an
 * error; FastSchedule (20.02), AccountingStorageLoc and SallocDefaultCommand
 * (20.11), AccountingStoreJobComment (21.08) stay in the table only to make
 * slurmctld fatal() with a message. Keys compare case-insensitively, as
 * Slurm's parser does.
 */
#ifndef CLUSTERCTL_SLURMKEYS_H
#define CLUSTERCTL_SLURMKEYS_H

#include "base/compat.h"

enum slurmkeys_table {
	SLURMKEYS_CONF,		/* slurm.conf */
	SLURMKEYS_NODE,		/* NodeName= line */
	SLURMKEYS_PARTITION,	/* PartitionName= line */
	SLURMKEYS_CGROUP,	/* cgroup.conf */
	SLURMKEYS_SLURMDBD,	/* slurmdbd.conf */
};

enum slurmkey_status {
	SLURMKEY_OK,
	SLURMKEY_UNKNOWN,	/* not a key of this release (suggest may help) */
	SLURMKEY_REMOVED,	/* gone (or fatal) since `since` */
	SLURMKEY_DEFUNCT,	/* accepted but ignored since `since` */
	SLURMKEY_TOO_NEW,	/* only from `since` on */
	SLURMKEY_MODELLED,	/* the inventory sets it: see `hint` */
};

struct slurmkey_check {
	enum slurmkey_status status;
	const char *canonical;	/* Slurm's spelling; NULL if unknown */
	const char *since;	/* release for REMOVED/DEFUNCT/TOO_NEW */
	const char *hint;	/* MODELLED: e.g. "set cluster.name instead" */
	const char *suggest;	/* UNKNOWN: closest valid key, or NULL */
};

/*
 * Version index of "22.05" or "22.05.8" (0 = 20.02 ... ), or -1 when the
 * release is not one clusterctl knows.
 */
int slurmkeys_version_index(const char *version);

/* "20.02, 20.11, ..., 25.05": the releases known; static string. */
const char *slurmkeys_supported_versions(void);

/*
 * True when key's value is a secret (a password: AccountingStoragePass,
 * JobCompPass, StoragePass, ...), compared as Slurm does, ignoring case.
 * Such values never reach rendered output or a plan (render.h).
 */
bool slurmkeys_is_secret(const char *key);

/*
 * What Slurm does differently from a release on, for plan and apply: one
 * row each in slurmkeys.c's behaviour table, with the release it came in.
 */
enum slurm_behaviour {
	SLURM_RECONFIGURE_REEXECS,	/* "scontrol reconfigure" re-executes the daemons */
	SLURM_SACKD,			/* sackd caches configless files on login hosts */
	SLURM_SACKD_PUSHED,		/* slurmctld pushes changed files to running sackd */
};

/*
 * The oldest release Slurm's release `target` upgrades from in place
 * (without losing jobs and state): two major releases back, three from
 * 24.11 on (Slurm's upgrade guide, "Compatibility Window"). A static
 * string, or NULL when target is not a release clusterctl knows.
 */
const char *slurmkeys_upgrades_from(const char *target);

/* Whether release slurm_version (NULL or unknown: no) has behaviour b. */
bool slurmkeys_has(const char *slurm_version, enum slurm_behaviour b);

/* Checks key against table for release version (an index). All borrowed. */
void slurmkeys_check(enum slurmkeys_table table, const char *key, int version,
		     struct slurmkey_check *out);

/*
 * The item of value (a comma-separated list) that release version refuses
 * for key although it knows the key (a removed plugin, a gone parameter), or
 * NULL. *since: the release it went in; *instead: what to use, or NULL.
 * All borrowed (static strings).
 */
const char *slurmkeys_removed_value(enum slurmkeys_table table, const char *key,
				    const char *value, int version,
				    const char **since, const char **instead);

#endif
