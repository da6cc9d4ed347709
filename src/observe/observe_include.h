/*
 * observe_include.h: the files a host's slurm.conf and gres.conf include.
 * slurmctld and slurmd read an "Include PATH" line's file in its place
 * (slurmread.h resolves PATH as they do: relative to the config
 * directory, %c the cluster's name), so the plan must compare what those
 * files hold, not the line that names them. The first observation round
 * brings the files clusterctl renders; the files their Include lines name
 * come in further rounds on the same transport (one round per depth of
 * nesting, none when no observed file includes anything), kept in the
 * host's observation marked included (obs.h).
 *
 * Nothing here prints.
 */
#ifndef CLUSTERCTL_OBSERVE_INCLUDE_H
#define CLUSTERCTL_OBSERVE_INCLUDE_H

#include "base/compat.h"

#include <stddef.h>

#include "observe/obs.h"
#include "transport/transport.h"

/*
 * The paths h's observed slurm.conf and gres.conf files include (nested
 * ones through the included files h already holds) that h does not hold
 * yet, each once: a newly allocated array of *n newly allocated strings
 * (NULL when none), freed by the caller. A file that does not read as
 * Slurm's (bad syntax, a glob) names no more paths than the lines before
 * it: the plan compares such a file as text.
 */
char **observe_include_missing(const struct obs_host *h, size_t *n);

/*
 * Observes over tr every file observe_include_missing() names, round after
 * round until none is missing (a path that is not on the host is kept as
 * absent), and adds them to h as included files. 0, or -1 + *cause
 * ("'host': ...") when a round fails (a symbolic link: never followed);
 * h then holds what came before, and the plan compares a file whose
 * includes it lacks as text.
 */
int observe_includes(struct transport *tr, struct obs_host *h, char **cause);

/*
 * slurmread_fn over an observation (arg: const struct obs_host *): the
 * bytes observed at path, or -1 + *cause when path was not observed, is
 * not on the host, or its bytes were not kept.
 */
int observe_include_read(void *arg, const char *path, char **text, size_t *len,
			 char **cause);

/*
 * The SHA-256 (hex) of h's included files, paths and bytes, or "" when it
 * has none: two hosts whose slurm.conf is the same bytes mean the same only
 * when this is equal too.
 */
void observe_include_digest(const struct obs_host *h, char out[65]);

#endif
