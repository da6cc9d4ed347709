/*
 * plan_classify.h: what a change of a config file needs from the daemons
 * (plan_classify.c, docs/restart-classification.md): pure functions of
 * the file's two versions
 */
#ifndef CLUSTERCTL_PLAN_CLASSIFY_H
#define CLUSTERCTL_PLAN_CLASSIFY_H

#include "base/compat.h"

#include <stddef.h>

#include "slurm/restart.h"
#include "slurm/slurmdiff.h"
#include "slurm/slurmread.h"

/*
 * True when path names slurm.conf, gres.conf or cgroup.conf: the configs
 * every Slurm host reads, which slurmctld serves in configless mode.
 */
bool plan_is_node_config(const char *path);

/*
 * What a change between two versions of a config file needs from the
 * daemons (enum restart_need bits), by file name and by the keys of the
 * lines that differ. *why (may be NULL) is set to a newly allocated
 * "slurm.conf: NodeName" for the first key that forced a restart.
 * The table is documented in docs/restart-classification.md.
 */
unsigned plan_classify(const char *path, const char *old, size_t old_len,
		       const char *new, size_t new_len, char **why);

/*
 * The same for a release whose "scontrol reconfigure" re-executes the
 * daemons (reexec: 23.11 and later, SLURM_RECONFIGURE_REEXECS in slurmkeys.h): only the keys
 * such a reconfigure cannot change still need a restart. plan_classify is
 * this with reexec false (22.05 and older).
 */
unsigned plan_classify_release(const char *path, const char *old, size_t old_len,
			       const char *new, size_t new_len, bool reexec,
			       char **why);

/*
 * plan_classify_release by the settings that change: for slurm.conf,
 * gres.conf, cgroup.conf and slurmdbd.conf both sides are read as Slurm
 * reads them (slurmdiff.h; the files Include lines name through
 * read(arg, ...), NULL: each Include line a setting) and only what they
 * mean counts; *settings (may
 * be NULL) is set to those settings, one a line ("" when the change is
 * formatting only: nothing to restart or reconfigure), newly allocated;
 * NULL for other files, and where a side does not read (then its lines
 * are compared as text, as plan_classify_release did before). A gres.conf
 * is compared as the slurmd of each of readers makes it out
 * (slurmdiff_compute_gres(); n_readers 0: line by line).
 */
unsigned plan_classify_settings(const char *path, const char *old, size_t old_len,
				const char *new, size_t new_len, bool reexec,
				slurmread_fn read, void *arg,
				const struct slurmdiff_reader *readers, size_t n_readers,
				char **why, char **settings);

/*
 * What a change of the pass-through file at path needs (passfile.h): 0
 * for a script, else the reconfigure or restarts of the daemons that read
 * it. *why: newly allocated (caller frees), or NULL when nothing restarts.
 */
unsigned plan_classify_passthrough(const char *path, bool reexec, char **why);

struct slurmdiff_item;

/*
 * What one setting that changes needs (enum plan_restart bits), as
 * plan_classify_settings() counts it for the file at path; *key (may be
 * NULL; borrowed) is set to the key that decides it ("NodeName", "gres",
 * a slurmdbd.conf key), NULL where the file alone does.
 */
unsigned plan_classify_setting(const char *path, const struct slurmdiff_item *it,
			       bool reexec, const char **key);

#endif
