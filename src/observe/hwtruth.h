/*
 * hwtruth.h: the hardware as Slurm sees it, against the inventory. A probe
 * (a piece of shell appended to a host's observation command) prints what
 * `slurmd -C` says of the host, which device files its GPUs and other GRES
 * name exist, and on GPU hosts what `slurmd -G` says with the host's RENDERED slurm.conf and gres.conf
 * (written to a mktemp directory by the same script, never the files the
 * host has now). Parsers read that output back (Slurm 22.05 and 24.11
 * print the same -C line; -G lines differ only after File=). The check
 * compares it with the host's node type and yields findings: a warning
 * where Slurm still runs the node, an error where slurmd would not start
 * or slurmctld would drain it (measured on both releases: hwtruth.c).
 *
 * Pure but for the probe text: no I/O, no printing.
 */
#ifndef CLUSTERCTL_HWTRUTH_H
#define CLUSTERCTL_HWTRUTH_H

#include "base/compat.h"

#include "inventory/model.h"
#include "render/render.h"
#include "base/strbuf.h"

/* One "Gres Name=gpu Type=... Count=N ... File=..." line of slurmd -G. */
struct hw_gres {
	char *name;		/* owned: "gpu", "mps", ... */
	char *type;		/* owned; NULL when untyped ("(null)") */
	long long count;
	char *file;		/* owned; NULL when none */
};

/* What the probe found on one host. Zeroed = not probed. */
struct hw_obs {
	bool probed;		/* the probe's output was there */
	bool no_slurmd;		/* slurmd is not installed */
	bool has_c;		/* slurmd -C's line parsed */
	int c_rc;		/* slurmd -C exit status */
	long long cpus, sockets, cores, threads, memory_mb;	/* sockets: all boards */
	bool g_run;		/* slurmd -G ran */
	int g_rc;
	struct hw_gres *gres;	/* owned, n_gres of them */
	size_t n_gres;
	char *g_error;		/* owned: -G's last error line, NULL if none */
	char *c_error;		/* owned: why -C's output was not understood */
	char **missing;		/* owned: GRES files that do not exist */
	size_t n_missing;
	char **notdev;		/* owned: GRES files that are no device */
	size_t n_notdev;
};

void hwtruth_obs_release(struct hw_obs *o);

/*
 * NOTE: something could not be checked (24.11's slurmd -G needs munged and
 * the slurm user, which a host has only after the first apply): no claim
 * about the inventory.
 */
enum hw_level { HW_NOTE, HW_WARNING, HW_ERROR };

struct hw_finding {
	enum hw_level level;
	char *text;		/* owned; never names the host (findings fold) */
};

struct hw_findings {
	struct hw_finding *items;	/* owned */
	size_t n, alloc;
};

void hwtruth_findings_release(struct hw_findings *f);
bool hwtruth_has_error(const struct hw_findings *f);
/* "note", "warning" or "error". */
const char *hwtruth_level_name(enum hw_level l);

/*
 * True when host idx is probed: a host with a node type (it runs slurmd).
 */
bool hwtruth_probes(const struct model *m, size_t idx);

/*
 * Appends to cmd (a shell script, after a newline) the probe of host idx:
 * files[from .. to) of rs are that host's rendered files (slurm.conf,
 * gres.conf and cgroup.conf of them are shipped for slurmd -G). Nothing for
 * a host hwtruth_probes() says no to. Its output lines all start with
 * "@@H", so other parsers of the same output never see them; it always
 * exits 0 and leaves nothing behind (the mktemp directory is removed).
 */
void hwtruth_probe(struct strbuf *cmd, const struct model *m, size_t idx,
		   const struct rendered_set *rs, size_t from, size_t to);

/*
 * Parsers. hwtruth_parse() reads the probe's lines out of a whole command
 * output into o (released first). The two below read slurmd's own output
 * (what -C and -G print, any release): 0, or -1 when nothing usable was
 * found (-C: no NodeName line with CPUs=; -G: no Gres line), with
 * o->c_error or o->g_error saying why.
 */
void hwtruth_parse(const char *out, struct hw_obs *o);
int hwtruth_parse_c(const char *text, struct hw_obs *o);
int hwtruth_parse_g(const char *text, struct hw_obs *o);

/*
 * Compares what host idx declares (its node type, the cluster's
 * SlurmdParameters) with o; appends findings to f. Nothing when o was not
 * probed or everything agrees.
 */
void hwtruth_check(const struct model *m, size_t idx, const struct hw_obs *o,
		   struct hw_findings *f);

#endif
