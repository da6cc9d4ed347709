/*
 * passfile.h: what clusterctl knows of the files slurm.conf names beside
 * itself (issue 21): which settings name a script or file by its path,
 * which files slurmctld serves to the nodes in configless mode, per
 * release, and what a change of each needs from the daemons
 * (docs/restart-classification.md, "Pass-through files"). Tables only:
 * no I/O, nothing printed.
 */
#ifndef CLUSTERCTL_PASSFILE_H
#define CLUSTERCTL_PASSFILE_H

#include "base/compat.h"


/*
 * The slurm.conf settings whose value is the path of the site's own
 * script or file (Prolog, Epilog, PlugStackConfig ...), NULL-terminated.
 * HealthCheckProgram and RebootProgram are not among them: they name
 * installed programs (/usr/sbin/nhc, reboot), not the site's files.
 */
extern const char *const passfile_path_keys[];

/*
 * The file of slurm.conf's directory (e.g. "topology.conf") that the
 * plugin key=value chooses reads (TopologyPlugin=topology/tree,
 * JobSubmitPlugins=lua, BurstBufferType=...), or NULL. Keys match in any
 * case; value is the setting as written.
 */
const char *passfile_plugin_file(const char *key, const char *value);

/*
 * Files a plugin reads from slurm.conf's directory whenever they are
 * there (plugstack.conf, acct_gather.conf ...), NULL-terminated.
 */
extern const char *const passfile_when_present[];

/* The daemons that read a pass-through file (bits). */
enum passfile_reader {
	PASSFILE_READ_SLURMD = 1 << 0,
	PASSFILE_READ_SLURMCTLD = 1 << 1,
};

/*
 * Who reads the file of setting key (Prolog, PrologSlurmctld ...) or named
 * name (job_submit.lua ...), as enum passfile_reader bits: slurmd runs
 * Prolog and Epilog, slurmctld PrologSlurmctld and job_submit.lua; 0:
 * every host (srun's SrunProlog, plugstack.conf, topology.conf ...). Any
 * case.
 */
unsigned passfile_readers(const char *key);

/* Who fetches a served file: a host's slurmd, or sackd where no slurmd runs. */
enum passfile_fetcher {
	PASSFILE_SLURMD = 1 << 0,
	PASSFILE_SACKD = 1 << 1,
};

/*
 * To whom slurmctld of release version ("22.05", ...) serves the file named
 * base (e.g. "topology.conf") of its config directory in configless mode,
 * as enum passfile_fetcher bits; 0 when to none. Scripts (Prolog, Epilog
 * ...) are never served; sackd gets fewer files than slurmd.
 */
unsigned passfile_served(const char *version, const char *base);


/*
 * What a change of the pass-through file named base needs, as enum
 * plan_restart bits (plan.h): 0 for a script or a file read at each use,
 * else the reconfigure or restarts of the daemons that read it; reexec:
 * the release's "scontrol reconfigure" starts new daemons (23.11+), which
 * re-read every file. *why (static) names the reason; NULL when 0.
 */
unsigned passfile_restart(const char *base, bool reexec, const char **why);

#endif
