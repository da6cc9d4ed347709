/*
 * observe.h: everything clusterctl reads from a host, in one round trip.
 * One shell script goes out over one exec channel and prints, framed by
 * marker lines that carry a random nonce, every section plan needs: the
 * service users and groups (getent), the Slurm release of each daemon
 * the host runs (DAEMON -V) and whether its process runs that binary, the state of each daemon asked about (its status
 * command), the hardware as slurmd sees it (hwtruth.h's probe), and the files (their bytes, mode, owner and existence, as one
 * GNU tar stream: lstat, then open with O_NOFOLLOW, so a symlink planted
 * at a target is seen as one, never followed). Its output is parsed here
 * and only here into a struct obs_host (obs.h); a host whose output
 * does not frame (truncated, garbled, a file that changed while read) is an
 * error for that host, never a crash, and nothing of it is kept.
 *
 * Secrets: the munge key's bytes travel (inside the SSH channel) as they
 * did over SFTP, are fingerprinted here, kept only where the request asks
 * (the controller's key, the cluster's) and wiped; the observation holds
 * the fingerprint. Observed file bytes equal to the rendered ones are not
 * kept either (only the fact that they match).
 *
 * Nothing here prints. Callers: apply.c (observe and verify phases).
 */
#ifndef CLUSTERCTL_OBSERVE_H
#define CLUSTERCTL_OBSERVE_H

#include "base/compat.h"

#include "inventory/model.h"
#include "slurm/mungekey.h"
#include "observe/obs.h"
#include "render/render.h"
#include "base/strbuf.h"
#include "transport/transport_exec.h"

/* Length of the nonce that marks the sections (hex digits). */
#define OBSERVE_NONCE_LEN 16

/*
 * A fresh nonce (OBSERVE_NONCE_LEN hex digits and a NUL) for marker lines
 * in a script's output that the commands it runs cannot forge.
 */
void observe_nonce(char nonce[OBSERVE_NONCE_LEN + 1]);

struct observe_file {
	const char *path;	/* borrowed; absolute */
	const char *want;	/* borrowed: bytes equal to these are not kept
				 * (matches set); NULL: always kept */
	size_t want_len;
	bool secret;		/* the munge key: fingerprint only */
};

/* What to observe on one host. Everything is borrowed for the call. */
struct observe_request {
	const struct observe_file *files;
	size_t n_files;
	const char *user[N_IDENT];		/* getent passwd names */
	const char *group[N_IDENT];	/* getent group names */
	const char *status[SVC_COUNT];		/* status commands; NULL: not asked */
	const char *slurm_version;		/* release wanted; NULL: not checked */
	/* the Slurm daemons whose release is asked (with slurm_version), by
	 * the pid file each writes; NULL: not asked (munge never is) */
	const char *pidfile[SVC_COUNT];
	/* the log file each writes (NULL: none, e.g. syslog): read only for a
	 * daemon that runs another binary than the installed one */
	const char *logfile[SVC_COUNT];
	/* with slurm_version: the client commands' release too (scontrol -V),
	 * into rel[OBS_REL_CLIENTS]: a login host's */
	bool clients;
	/*
	 * The hardware probe (hwtruth.h) of host hw_host with its rendered
	 * files hw_rs->files[hw_from .. hw_to); hw_model NULL: not asked
	 * (h->hw left as it was).
	 */
	const struct model *hw_model;
	const struct rendered_set *hw_rs;
	size_t hw_host, hw_from, hw_to;
	struct mungekey *key;	/* receives a secret file's bytes when set */
	/* slurmctld's nodes and partitions (capacity.h): asked up to this
	 * many times, a second apart; 0: not asked */
	int capacity;
};

/*
 * Appends the script for rq to out; nonce is OBSERVE_NONCE_LEN characters
 * of [0-9a-f]. The script always exits 0: what failed is said inside.
 */
void observe_script(const struct observe_request *rq, const char *nonce,
		    struct strbuf *out);

/*
 * Parses what observe_script printed (out, len bytes: binary) into h,
 * which must be zeroed (obs_host_release'd) before. 0, or -1 with
 * *cause (newly allocated, no host named) when the output does not frame;
 * h is then released. err (may be NULL) is the script's stderr, quoted in
 * errors.
 */
int observe_parse(const struct observe_request *rq, const char *nonce,
		  const char *out, size_t len, const char *err,
		  struct obs_host *h, char **cause);

/*
 * Observes one host: observe_script, one transport_run, observe_parse.
 * 0 with h filled (h->ok is left to the caller), or -1 with *cause
 * ("'host': ...").
 */
int observe_host(struct transport *tr, const struct observe_request *rq,
		 struct obs_host *h, char **cause);

/*
 * The status command of service k: the inventory's; else, when the daemon
 * starts with systemctl, "systemctl is-active --quiet SERVICE"; else NULL
 * (its state is not observed). Borrowed (model or static).
 */
const char *observe_status_cmd(const struct model *m, enum service_kind k);

/* ---- the section parsers (public for the unit tests) ---- */

/*
 * `getent passwd NAME...` / `getent group NAME...` output lines into the
 * ident (absent when no line names it).
 */
void observe_parse_passwd(const char *out, const char *name,
			  struct obs_ident *id);
void observe_parse_group(const char *out, const char *name,
			 struct obs_ident *id);

/*
 * "SERVICE CODE" lines (the exit code of each status command) into h->svc:
 * 0 is running, anything else stopped. Services without a line, and lines
 * naming no service or without a number, leave their entry as it was.
 */
void observe_parse_status(const char *out, struct obs_host *h);

/*
 * Appends the shell lines that print "@@V DAEMON slurm-wlm 24.11.5" (its
 * -V) and "@@R DAEMON STATE" for a daemon installed on the host: STATE is
 * "installed" when the process of pidfile executes the installed binary,
 * "other PATH" when it executes another (a package changed under it),
 * "stopped" when no process is there. For "other", with logfile (may be
 * NULL), also "@@L DAEMON DAEMON version 24.11.5 started": the last start
 * its log's last 16 MiB name. Nothing for a daemon not installed.
 */
void observe_version_script(struct strbuf *sb, const char *daemon,
			    const char *pidfile, const char *logfile);

/*
 * Reads observe_version_script's lines out of out into h->rel (daemon by
 * daemon). A daemon installed newer than want ("26.05.5" for "24.11") sets
 * h->version_error, which plan_compute reports as the host's error
 * (struct plan_host): Slurm upgrades go forward only, so nothing is
 * planned there. An older one is an upgrade under way: plan_release.c's.
 */
void observe_parse_versions(const char *out, const char *want,
			    struct obs_host *h);

/*
 * Compares two releases by major.minor ("24.11.5" and "24.11" are equal):
 * <0, 0 or >0; 0 also when either is not a release.
 */
int observe_release_cmp(const char *a, const char *b);

#endif
