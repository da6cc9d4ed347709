/*
 * slurmconf.h: reads slurm.conf and gres.conf text as Slurm's parser
 * splits it: one entry per line, '#' starts a comment, a line is
 * "Key=Value" or, for NodeName=, PartitionName=, NodeSet= and gres.conf
 * lines, several whitespace-separated Key=Value words (a value may be
 * "double quoted"). Keys are kept as written; compare them with
 * strcasecmp, as Slurm does.
 *
 * Ownership: struct slurmconf owns everything in it; slurmconf_release().
 */
#ifndef CLUSTERCTL_SLURMCONF_H
#define CLUSTERCTL_SLURMCONF_H

#include "compat.h"

#include <stddef.h>

struct slurmconf_kv {
	char *key, *value;
};

struct slurmconf_line {
	struct slurmconf_kv *kv;	/* kv[0] is the line's own key */
	size_t n, alloc;
	unsigned lineno;
	/*
	 * After a "# ---- site settings" comment, where clusterctl's own
	 * slurm.conf puts cluster.slurm_conf: those keys were chosen, even
	 * when they equal a default.
	 */
	bool site;
};

struct slurmconf {
	struct slurmconf_line *lines;
	size_t n, alloc;
};

/*
 * Parses len bytes of text (path names it in messages) into out (zeroed
 * by the caller). multi: every line holds several Key=Value words (gres.conf);
 * otherwise only NodeName=, PartitionName=, NodeSet=, DownNodes= and
 * FrontendName= lines do. 0, or -1 + *cause "path:line: ..." (newly
 * allocated) on a line that is not Key=Value.
 */
int slurmconf_parse(const char *path, const char *text, size_t len, bool multi,
		    struct slurmconf *out, char **cause);

/* The value of key on line l (any case), or NULL. Borrowed. */
const char *slurmconf_get(const struct slurmconf_line *l, const char *key);

void slurmconf_release(struct slurmconf *c);

#endif
