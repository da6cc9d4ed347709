/*
 * slurmconf.h: the words of slurm.conf, gres.conf, cgroup.conf and
 * slurmdbd.conf text as Slurm's own parser (src/common/parse_config.c)
 * splits them, one file at a time:
 *   - '#' starts a comment unless escaped ("\#"); a line ending in an odd
 *     number of backslashes continues on the next one; then every
 *     backslash escapes the character after it;
 *   - a line is whitespace-separated "Key=Value" words, with blanks
 *     allowed around '=' and "double quoted" values (no escapes inside);
 *   - a record key (NodeName=, PartitionName=, NodeSet=, DownNodes=,
 *     FrontendName=, SwitchName=, and Name= in gres.conf) takes the rest
 *     of its line; every other word is a setting of its own, so
 *     "A=1 B=2" gives two lines with the same line number;
 *   - "include PATH" (any case) is kept as a line whose key is "Include".
 * Keys are kept as written; compare them with strcasecmp, as Slurm does.
 * Meaning (DEFAULT lines, Include, old names, repeated keys) is
 * slurmread.h's.
 *
 * Ownership: struct slurmconf owns everything in it; slurmconf_release().
 */
#ifndef CLUSTERCTL_SLURMCONF_H
#define CLUSTERCTL_SLURMCONF_H

#include "base/compat.h"

#include <stddef.h>

struct slurmconf_kv {
	char *key, *value;
};

struct slurmconf_line {
	struct slurmconf_kv *kv;	/* kv[0] is the line's own key */
	size_t n, alloc;
	char *path;			/* the file it came from, owned */
	unsigned lineno;		/* its first physical line */
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
 * Parses len bytes of text (path names it in messages and in each line)
 * and appends its lines to out (zeroed by the caller before the first
 * call). gres: the text is gres.conf (Name= is a record key too). 0, or
 * -1 + *cause "path:line: ..." (newly allocated) on a word that is not
 * Key=Value; out then holds no line of this text (and, when it held none
 * before, nothing to release).
 */
int slurmconf_parse(const char *path, const char *text, size_t len, bool gres,
		    struct slurmconf *out, char **cause);

/* The value of key on line l (any case; the last one written), or NULL. Borrowed. */
const char *slurmconf_get(const struct slurmconf_line *l, const char *key);

/* Appends a word to l (copies). */
void slurmconf_line_add(struct slurmconf_line *l, const char *key, const char *value);

/* Frees l's words and path and zeroes it. */
void slurmconf_line_release(struct slurmconf_line *l);

void slurmconf_release(struct slurmconf *c);

#endif
