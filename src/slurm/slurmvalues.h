/*
 * slurmvalues.h: what Slurm takes as the value of a key of slurm.conf, of a
 * NodeName= or PartitionName= line, of cgroup.conf and of slurmdbd.conf,
 * per release: its type (an integer of 16, 32 or 64 bits with the range the
 * code after the parser enforces, a boolean, a float, a time, a purge
 * period, a log level) or its words (one, or a comma-separated list; plugin
 * names). Read from Slurm's own source at 22.05, 24.11 and 26.05 (the
 * s_p_options_t tables of src/common/read_config.c, the cgroup.conf options,
 * src/slurmdbd/read_config.c, and the code that reads each value: parse_value.c's
 * s_p_handle_*, _validate_and_set_defaults, the partition and node line
 * readers, the plugin directories of each tag); each row holds from the
 * release it was read at until the next one read (rows of 22.05 also for
 * the releases before it), but for what the release notes date exactly
 * (cray_aries plugins gone and auth/slurm come in 23.11). tests/data/wrong-values/ holds the values fed to
 * the real daemons of the three releases, and what each did.
 *
 * A key without a row takes any single value (a path, a free text, a
 * parameter list Slurm does not check).
 */
#ifndef CLUSTERCTL_SLURMVALUES_H
#define CLUSTERCTL_SLURMVALUES_H

#include "base/compat.h"

#include "slurm/slurmkeys.h"

enum slurmvalue_verdict {
	SLURMVALUE_OK,
	SLURMVALUE_WARN,	/* Slurm starts, but logs an error and uses another value */
	SLURMVALUE_ERROR,	/* Slurm refuses it, or reads it as something else */
};

struct slurmvalue_check {
	enum slurmvalue_verdict verdict;
	char item[64];		/* the list item at fault, or "" for the whole value */
	char why[96];		/* the rule broken ("SUSPEND needs GANG"), or "" */
	char *accepts;		/* what the release takes, in words (allocated) */
};

/*
 * Checks value of key (any case) in table for release version (an index of
 * slurmkeys_version_index; out of range: the newest). out is filled in;
 * release it with slurmvalue_check_release(). Returns out->verdict.
 */
enum slurmvalue_verdict slurmvalues_check(enum slurmkeys_table table, const char *key,
					  const char *value, int version,
					  struct slurmvalue_check *out);

/* Frees what out holds (not out itself); NULL-safe. */
void slurmvalue_check_release(struct slurmvalue_check *out);

/*
 * gres.conf AutoDetect= as release version reads it: what it takes, in
 * words (a static string), when value is none of it, else NULL.
 */
const char *slurmvalues_autodetect(const char *value, int version);

#endif
