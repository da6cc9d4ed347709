/*
 * restart.h: what a change of a file needs from the Slurm daemons and
 * munged, as bits: the answer of the restart classification (the config
 * keys: decide/plan_classify.c; the pass-through files: passfile.c), read
 * by the plan's services and by apply. docs/restart-classification.md
 * says where each answer comes from.
 */
#ifndef CLUSTERCTL_RESTART_H
#define CLUSTERCTL_RESTART_H

/* What a change requires of the daemons (bits). */
enum restart_need {
	RESTART_RECONFIGURE = 1 << 0,	/* scontrol reconfigure is enough */
	RESTART_CTLD = 1 << 1,		/* slurmctld must restart */
	RESTART_SLURMD = 1 << 2,	/* slurmd must restart */
	RESTART_DBD = 1 << 3,		/* slurmdbd must restart */
	RESTART_MUNGE = 1 << 4,		/* munged must restart */
	RESTART_SACKD = 1 << 5,		/* sackd must restart */
};
#define RESTART_NBITS 6

#endif
