/*
 * import_ctx.h: the state of one "import nodes" run, shared by its two
 * halves: import_hw.c (node types, nodes and host entries) and
 * import_nodes.c (the cluster: section, slurm_conf, partitions, the other
 * files). Both read the configuration through slurmread.h, so what they
 * see is what slurmctld and slurmd see. Private to import_*.c.
 *
 * Ownership: struct imp owns everything but src and problems;
 * imp_release().
 */
#ifndef CLUSTERCTL_IMPORT_CTX_H
#define CLUSTERCTL_IMPORT_CTX_H

#include "base/compat.h"

#include "import/import_source.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmkeys.h"
#include "slurm/sitecomments.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"

/* Where the inventory import writes puts Slurm's configs (no config_dir: the default). */
#define IMP_CONF_DIR "/etc/slurm"

struct node {
	char *name, *addr;
	long long port;		/* -1 when the line has no Port= */
	size_t type;
	size_t line;		/* NodeName= line index */
};

struct ntype {
	char *sig;		/* every type-level value, for grouping */
	char *name;
	struct strbuf yaml;	/* the mapping's "key: value" lines */
};

struct imp {
	const struct import_source *src;
	struct slurmconf conf;		/* slurm.conf, resolved (slurmread.h) */
	struct slurmgres gres;
	struct strbuf *problems;
	int n_problems;
	struct node *nodes;
	size_t n_nodes, alloc_nodes;
	struct ntype *types;
	size_t n_types, alloc_types;
	int version;			/* slurmkeys version index the import is for */
	char *version_name;
	char *controller, *controller_addr, *backup, *backup_addr, *dbd;
	char *dbd_addr;			/* AccountingStorageHost= as an address */
	struct strbuf qos_names;	/* ",a,b," partition QoS, for stubs */
	struct strbuf acct_names;	/* and accounts */
	struct sitecomments comments;	/* the files' own, printed where they sat */
	const struct slurmgres_rec **gres_by_node;	/* by first node, for comments */
	size_t n_gres_by_node;
};

void imp_init(struct imp *im, const struct import_source *src, struct strbuf *problems);
void imp_release(struct imp *im);

/*
 * The comments of every file read (slurm.conf and its includes, gres.conf
 * and its includes, cgroup.conf, slurmdbd.conf) into im->comments. An
 * included file is read again through src->read; one that cannot be is
 * left out (its settings were read, so it could a moment ago).
 */
void imp_scan_comments(struct imp *im);

/* Appends the comments that stood beside line l, each line after indent. */
void imp_comments(struct imp *im, const char *path, unsigned lineno, const char *indent,
		  struct strbuf *out);

/* Appends "path:line: message" to im->problems and counts it. */
void imp_problem(struct imp *im, const char *path, unsigned line, const char *fmt, ...)
	ATTR_PRINTF(4, 5);

/*
 * Appends "path:line: note: message" to im->problems without counting it:
 * something the import carried as Slurm reads it but the site should hear
 * of (a line Slurm ignores, a file left on the hosts).
 */
void imp_note(struct imp *im, const char *path, unsigned line, const char *fmt, ...)
	ATTR_PRINTF(4, 5);

/*
 * Appends value as a YAML scalar Slurm reads back as one value: quoted
 * for Slurm ("a b") when it holds a blank, as slurm.conf had it quoted.
 */
void imp_conf_value(struct strbuf *out, const char *value);

/*
 * Picks the release the inventory says it is for: the oldest from 22.05
 * on that knows every key of slurm.conf (its node and partition lines),
 * cgroup.conf (cg) and slurmdbd.conf (dbd).
 */
void imp_choose_version(struct imp *im, const struct slurmconf *cg,
			const struct slurmconf *dbd);

/*
 * A password setting l as "    Key: {password_file: key.pass}" in out
 * (the value is never printed), and a note saying where to put it.
 */
void imp_secret_ref(struct imp *im, const struct slurmconf_line *l, struct strbuf *out);

/*
 * True when setting l (of table t) cannot be carried as it is: a key or
 * value the release does not take (a problem, named), a key the release
 * ignores (left out with a comment in out, meaning the same), or a secret
 * (in out as a password_file reference: imp_secret_ref()).
 */
bool imp_key_unsayable(struct imp *im, enum slurmkeys_table t,
		       const struct slurmconf_line *l, struct strbuf *out);


/* True when line l's own key is key (any case). */
bool imp_key_is(const struct slurmconf_line *l, const char *key);

/*
 * Appends "Key: value, ..." (flow-mapping body) to extra for the words of
 * l after its own key that are neither in plain nor keys[][0]: what goes
 * to an extra: mapping.
 */
void imp_extra(const struct slurmconf_line *l, const char *const *plain, size_t n_plain,
	       const char *const (*keys)[2], size_t n_keys, struct strbuf *extra);

#endif
