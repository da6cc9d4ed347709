/*
 * hostpaths.h: where a Debian host's Slurm daemons read what clusterctl
 * writes besides the config files themselves: the start arguments of
 * slurmd and sackd, the systemd drop-ins configless mode needs, and
 * sackd's cache of what it fetched. Facts of Debian's packages and units,
 * asked by render (which writes them), validate (which keeps files: off
 * them) and plan.
 */
#ifndef CLUSTERCTL_HOSTPATHS_H
#define CLUSTERCTL_HOSTPATHS_H

/* Where Debian's slurmd.service reads slurmd's start arguments from. */
#define SLURM_SLURMD_DEFAULTS "/etc/default/slurmd"

/*
 * A drop-in for slurmd.service in configless mode: Debian's unit starts
 * slurmd only when /etc/slurm/slurm.conf exists (ConditionPathExists=),
 * which a slurmd that fetches its configuration does not have.
 */
#define SLURM_SLURMD_DROPIN "/etc/systemd/system/slurmd.service.d/clusterctl-configless.conf"

/*
 * Where Debian's sackd.service reads sackd's start arguments from: a
 * configless login host's sackd (23.11+) fetches the configuration for
 * the client commands there.
 */
#define SLURM_SACKD_DEFAULTS "/etc/default/sackd"

/*
 * A drop-in for sackd.service in configless mode: sackd 24.11 exits when no
 * slurmctld answers as it starts (a login host that boots before the
 * controller), and Debian's unit does not start it again.
 */
#define SLURM_SACKD_DROPIN "/etc/systemd/system/sackd.service.d/clusterctl-configless.conf"

/* Where sackd caches what it fetched (Debian's RuntimeDirectory): slurm.conf ... */
#define SLURM_SACKD_CACHE_DIR "/run/slurm/conf"
#define SLURM_SACKD_CACHE SLURM_SACKD_CACHE_DIR "/slurm.conf"

#endif
