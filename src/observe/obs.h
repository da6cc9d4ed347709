/*
 * obs.h: what was observed on one host, as a value: its files (bytes,
 * mode, owner; the munge key by fingerprint), the service users and
 * groups, the state of its daemons, the Slurm release found and the
 * hardware as slurmd sees it. observe.c fills it from a host (or a test
 * by hand); the plan (plan.h) reads it. Nothing here does I/O.
 *
 * Ownership: struct obs_host owns everything it holds;
 * obs_host_release() frees it, wiping observed bytes (slurmdbd.conf holds
 * the database password).
 */
#ifndef CLUSTERCTL_OBS_H
#define CLUSTERCTL_OBS_H

#include "base/compat.h"

#include "observe/capacity.h"
#include "observe/hwtruth.h"
#include "inventory/model.h"
#include "slurm/mungekey.h"

struct obs_file {
	char *path;		/* owned */
	bool exists;
	unsigned mode, uid, gid;
	char *bytes;		/* owned, NUL-terminated; NULL for the munge key
				 * and when matches is set */
	size_t len;
	bool matches;		/* equal to the rendered bytes (not kept) */
	bool included;		/* not rendered: a config file includes it
				 * (observe_include.h) */
	char fp[MUNGEKEY_FP_LEN];	/* munge key only: fingerprint, else "" */
	/*
	 * The SHA-256 of bytes (lowercase hex) when the observer has it
	 * already, else "": the plan keys its diffs by it and need not hash
	 * the same bytes again for every host (diff's BASE: review_obs.c).
	 */
	char sha256[65];
};

struct obs_ident {
	bool exists;
	long long id;		/* uid or gid */
	long long gid;		/* users: primary gid */
};

/* A daemon's state by its status command; UNKNOWN (0) when not asked. */
enum obs_svc {
	OBS_SVC_UNKNOWN,
	OBS_SVC_RUNNING,
	OBS_SVC_STOPPED,
};

/*
 * Which release of one Slurm daemon a host has (observe.c's version
 * section). The package can be new while the daemon still runs the old
 * binary, during an upgrade before the restart: run says which binary the
 * running process executes.
 */
enum obs_run {
	OBS_RUN_UNKNOWN,	/* not asked */
	OBS_RUN_STOPPED,	/* no process behind its pid file */
	OBS_RUN_INSTALLED,	/* the installed binary: installed is its release */
	OBS_RUN_OTHER,		/* another binary: not restarted since its package
				 * changed; running: its release, if its log says */
};

#define OBS_RELEASE_LEN 24

/*
 * obs_host.rel is indexed by enum service_kind for the daemons, and by
 * OBS_REL_CLIENTS for the client commands of a login host (scontrol -V):
 * they run no process of their own and read slurm.conf at each call, so an
 * older one is refused a key it does not know as a daemon is.
 */
#define OBS_REL_CLIENTS SVC_COUNT
#define OBS_REL_COUNT (SVC_COUNT + 1)

struct obs_release {
	char installed[OBS_RELEASE_LEN];	/* "24.11.5" (DAEMON -V); "": not
						 * installed, or not asked */
	enum obs_run run;
	char running[OBS_RELEASE_LEN];	/* OTHER: the release its log says it
					 * started as ("" when no log says) */
};

struct obs_host {
	bool ok;		/* observed; false: error says why */
	char *error;		/* owned */
	int error_kind;		/* not observed: enum transport_err (transport.h), 0 else */
	struct obs_file *files;
	size_t n_files, alloc_files;
	struct obs_ident users[N_IDENT], groups[N_IDENT];
	enum obs_svc svc[SVC_COUNT];	/* by enum service_kind */
	char *version_error;	/* owned: a daemon newer than the inventory's release */
	struct obs_release rel[OBS_REL_COUNT];	/* by enum service_kind (not
						 * munge), and OBS_REL_CLIENTS */
	struct hw_obs hw;	/* owned: slurmd -C / -G (hwtruth.h) */
	struct cap_view cap;	/* owned: the controller's scontrol view (capacity.h) */
};

/* Adds an observed file (copies path and bytes; bytes may be NULL). */
struct obs_file *obs_add_file(struct obs_host *h,
					const char *path, bool exists,
					unsigned mode, unsigned uid,
					unsigned gid, const char *bytes,
					size_t len);
const struct obs_file *obs_find(const struct obs_host *h,
					  const char *path);

/* What rel[k] is the release of: a daemon's name, or "clients". */
const char *obs_release_name(int k);
void obs_host_release(struct obs_host *h);

#endif
