/*
 * plan.h: the plan as a value. Desired state (a rendered set, the model's
 * service users, the munge key) is compared with what was observed on each
 * host; the result lists every change: files to create or modify (with a
 * unified diff, secrets masked), mode/owner fixes, users and groups to
 * create or re-number, munge key per host, the services to reconfigure,
 * restart or start (a daemon found stopped), and the accounting section.
 * `plan` prints it; `apply` executes this very value. Pure: no I/O, no
 * printing.
 *
 * Ownership: struct plan owns everything it holds except what is marked
 * borrowed (the rendered set and the model, which must outlive it).
 * plan_free() releases it, wiping the munge key and password it holds.
 */
#ifndef CLUSTERCTL_PLAN_H
#define CLUSTERCTL_PLAN_H

#include "compat.h"

#include <jansson.h>

#include "capacity.h"
#include "hwtruth.h"
#include "model.h"
#include "mungekey.h"
#include "render.h"
#include "strbuf.h"

struct acct_plan;
struct plan_diff;

/* Sections a plan covers (--only). */
enum plan_only {
	PLAN_ONLY_FILES = 1 << 0,
	PLAN_ONLY_USERS = 1 << 1,
	PLAN_ONLY_MUNGE = 1 << 2,
	PLAN_ONLY_SERVICES = 1 << 3,
	PLAN_ONLY_ACCOUNTING = 1 << 4,
	PLAN_ONLY_ALL = (1 << 5) - 1,
};

/*
 * Parses "files,users,munge,services,accounting" (any subset). 0 and *only
 * set, or -1 with *cause naming the bad word.
 */
int plan_parse_only(const char *s, unsigned *only, char **cause);

/* ---- what was observed on one host (filled by observe.c or tests) ---- */

struct plan_obs_file {
	char *path;		/* owned */
	bool exists;
	unsigned mode, uid, gid;
	char *bytes;		/* owned, NUL-terminated; NULL for the munge key
				 * and when matches is set */
	size_t len;
	bool matches;		/* equal to the rendered bytes (not kept) */
	char fp[MUNGEKEY_FP_LEN];	/* munge key only: fingerprint, else "" */
};

struct plan_obs_ident {
	bool exists;
	long long id;		/* uid or gid */
	long long gid;		/* users: primary gid */
};

/* Index of the service identities in the arrays below. */
enum plan_ident_who { PLAN_SLURM, PLAN_MUNGE, PLAN_N_IDENT };

/* A daemon's state by its status command; UNKNOWN (0) when not asked. */
enum plan_obs_svc {
	PLAN_OBS_SVC_UNKNOWN,
	PLAN_OBS_SVC_RUNNING,
	PLAN_OBS_SVC_STOPPED,
};

struct plan_obs_host {
	bool ok;		/* observed; false: error says why */
	char *error;		/* owned */
	struct plan_obs_file *files;
	size_t n_files, alloc_files;
	struct plan_obs_ident users[PLAN_N_IDENT], groups[PLAN_N_IDENT];
	enum plan_obs_svc svc[SVC_COUNT];	/* by enum service_kind */
	char *version_error;	/* owned: a daemon of another Slurm release */
	struct hw_obs hw;	/* owned: slurmd -C / -G (hwtruth.h) */
	struct cap_view cap;	/* owned: the controller's scontrol view (capacity.h) */
	bool refused;		/* set by plan_compute: hardware Slurm would
				 * refuse; ok is false then, nothing planned */
};

/* Adds an observed file (copies path and bytes; bytes may be NULL). */
struct plan_obs_file *plan_obs_add_file(struct plan_obs_host *h,
					const char *path, bool exists,
					unsigned mode, unsigned uid,
					unsigned gid, const char *bytes,
					size_t len);
const struct plan_obs_file *plan_obs_find(const struct plan_obs_host *h,
					  const char *path);
void plan_obs_host_release(struct plan_obs_host *h);

/* ---- the plan ---- */

/*
 * REMOVE: a file of the host's absent set (render.h) that exists; apply
 * moves it to FILE.clusterctl-old in its swap step (nothing is staged).
 */
#define PLAN_REMOVED_SUFFIX ".clusterctl-old"
enum plan_change { PLAN_NONE, PLAN_CREATE, PLAN_MODIFY, PLAN_FIX, PLAN_REMOVE };

/*
 * True when path names slurm.conf, gres.conf or cgroup.conf: the configs
 * every Slurm host reads, which slurmctld serves in configless mode.
 */
bool plan_is_node_config(const char *path);

/* Bits of enum plan_restart: what a change requires of the Slurm daemons. */
enum plan_restart {
	PLAN_RECONFIGURE = 1 << 0,	/* scontrol reconfigure is enough */
	PLAN_RESTART_CTLD = 1 << 1,	/* slurmctld must restart */
	PLAN_RESTART_SLURMD = 1 << 2,	/* slurmd must restart */
	PLAN_RESTART_DBD = 1 << 3,	/* slurmdbd must restart */
	PLAN_RESTART_MUNGE = 1 << 4,	/* munged must restart */
	PLAN_RESTART_SACKD = 1 << 5,	/* sackd must restart */
};
#define PLAN_RESTART_NBITS 6

struct plan_file {
	size_t host;		/* index into the model's hosts */
	const struct rendered_file *want;	/* borrowed from the set */
	enum plan_change change;	/* CREATE, MODIFY (bytes) or FIX (meta only) */
	bool content, mode, owner;	/* which aspects differ */
	unsigned have_mode, have_uid, have_gid;
	unsigned want_uid, want_gid;
	/* masked unified diff, NULL if !content; shared by every host with the
	 * same observed bytes (owned by the plan's diff cache) */
	const char *diff;
	char have_fp[MUNGEKEY_FP_LEN];	/* munge key: what the host has */
	unsigned restart;	/* enum plan_restart bits this change needs */
	const char *restart_why;	/* the key that forced a restart, or NULL; plan-owned */
};

struct plan_ident {
	size_t host;
	enum plan_ident_who who;
	bool group;		/* a group, else a user */
	enum plan_change change;	/* CREATE or FIX */
	long long have_id, want_id;
	long long have_gid, want_gid;	/* users: primary group */
};

/* START: the daemon was observed stopped and nothing restarts it. */
enum plan_svc_action {
	PLAN_SVC_RECONFIGURE,
	PLAN_SVC_RESTART,
	PLAN_SVC_START,
};

/* "reconfigure", "restart" or "start". */
const char *plan_svc_action_name(enum plan_svc_action a);

struct plan_service {
	size_t host;
	enum service_kind kind;
	enum plan_svc_action action;
	char *why;		/* owned: "slurm.conf: NodeName", "munge key" ... */
};

enum plan_key_source { PLAN_KEY_CONTROLLER, PLAN_KEY_FILE, PLAN_KEY_GENERATED };

struct plan {
	const struct model *m;			/* borrowed */
	const struct rendered_set *rs;		/* borrowed */
	unsigned only;				/* enum plan_only bits */
	struct plan_obs_host *obs;		/* borrowed, m->n_hosts entries */

	struct plan_file *files;		/* changed files only */
	size_t n_files, alloc_files;
	size_t n_files_total;			/* files compared */
	struct plan_ident *idents;
	size_t n_idents, alloc_idents;
	/*
	 * Changes are stored host by host: host h's are files[file_start[h] ..
	 * file_start[h + 1]), idents[ident_start[h] .. ident_start[h + 1]) and
	 * services[service_start[h] .. service_start[h + 1]) (in the order they
	 * must run: munge, slurmdbd, slurmctld, slurmd restarts or starts, then
	 * the reconfigure). Owned, m->n_hosts + 1 entries each.
	 */
	size_t *file_start, *ident_start, *service_start;
	struct plan_service *services;
	size_t n_services, alloc_services;

	struct plan_diff *diffs;		/* owned: one per distinct change */
	size_t n_diffs, alloc_diffs;
	size_t *diff_table, diff_cap;		/* owned: hash of diffs (index + 1) */

	struct mungekey key;			/* owned, secret */
	enum plan_key_source key_source;
	char key_fp[MUNGEKEY_FP_LEN];
	char *key_note;				/* owned: why the key was not checked */

	char *db_password;			/* owned, secret; may be NULL */

	/*
	 * The ids each service identity is created or fixed with: the
	 * inventory's, else the one every observed host that has it agrees
	 * on, else MODEL_UNSET (useradd/groupadd pick). Hosts that disagree
	 * where the inventory does not choose are not renumbered: the
	 * identity is left alone and id_conflicts says why (one line each,
	 * owned).
	 */
	struct { long long uid, gid; bool conflict; } ids[PLAN_N_IDENT];
	char **id_conflicts;
	size_t n_id_conflicts;

	bool acct_wanted;			/* the model has a database */
	struct acct_plan *acct;			/* owned; NULL when not computed */
	char *acct_error;			/* owned; why it could not be */
	char *held;				/* owned: "held: ...\n" per change held back */
	/* hardware findings per host (m->n_hosts entries, owned): a host with
	 * an error is refused (obs[h].refused) */
	struct hw_findings *hw;
	/* what apply would take away from slurmctld's view (capacity.h),
	 * one line each, owned */
	char **cap_losses;
	size_t n_cap_losses;

	/*
	 * Configless mode: the changed configs of the controller that the
	 * hosts which fetch them (fetch_hosts, a folded hostlist) receive
	 * through slurmctld ("slurm.conf, gres.conf"), and whether their
	 * slurmd must restart for it (fetch_restart, with the key why).
	 * All owned; NULL when no such change is planned.
	 */
	char *fetch_hosts, *fetch_files, *fetch_why;
	bool fetch_restart;
	/*
	 * Before Slurm 25.05 slurmctld pushes nothing to sackd, which fetches
	 * only when it starts: a sackd whose cache (RENDER_SACKD_CACHE) is not
	 * the controller's slurm.conf restarts; those outside --limit keep the
	 * old copy of a changed slurm.conf (sackd_stale_hosts, a folded
	 * hostlist, owned; NULL when none).
	 */
	char *sackd_stale_hosts;
};

/* Everything plan_compute() needs besides the model and the rendered set. */
struct plan_inputs {
	unsigned only;				/* enum plan_only bits; 0 = all */
	struct plan_obs_host *obs;		/* borrowed; one per model host */
	const struct mungekey *key;		/* the key to install; copied */
	enum plan_key_source key_source;
	const char *db_password;		/* copied; NULL: none known */
};

/*
 * Compares desired and observed state. Hosts that were not observed get no
 * changes (they are listed by plan_unobserved()). With the services
 * section, a daemon a host runs (model_host_runs) that was observed stopped
 * is started unless a restart is planned for it. Returns the new plan
 * (caller frees with plan_free()); it borrows m, rs and in->obs.
 */
struct plan *plan_compute(const struct model *m, const struct rendered_set *rs,
			  const struct plan_inputs *in);

/*
 * Fills starts (m->n_hosts + 1 entries): host h's rendered files are
 * rs->files[starts[h] .. starts[h + 1]). The set must be sorted by host in
 * model order, as render_cluster() promises; BUG() otherwise.
 */
void plan_rendered_ranges(const struct model *m, const struct rendered_set *rs,
			  size_t *starts);

/* The same for the absent set (rs->absent, starts[h] .. starts[h + 1]). */
void plan_absent_ranges(const struct model *m, const struct rendered_set *rs,
			size_t *starts);

/* Hands an accounting plan (or the reason there is none) to p. */
void plan_set_accounting(struct plan *p, struct acct_plan *acct, char *error);

/*
 * Drops every content change of a file holding the database password
 * (slurmdbd.conf) and the restarts only they caused; p->held names each
 * with the database's refusal. For a password the database refused.
 */
void plan_hold_password_files(struct plan *p, const char *refusal);

/* Number of pending changes (files, idents, keys, services, accounting). */
size_t plan_count(const struct plan *p);

/*
 * Hosts nothing is planned for (not observed, or refused for their
 * hardware), as a folded hostlist; NULL when none. Caller frees.
 */
char *plan_unobserved(const struct plan *p);

/* Hosts refused for their hardware (hwtruth.h), folded; NULL when none. */
char *plan_refused(const struct plan *p);

/* Hosts not observed (refused ones aside), folded; NULL when none. */
char *plan_unreached(const struct plan *p);

/*
 * The hosts plan leaves alone for scope (HOST_DECLARED: managed: false;
 * HOST_OUTSIDE_LIMIT: not in --limit), folded; NULL when none. Caller
 * frees.
 */
char *plan_hosts_left_alone(const struct plan *p, enum host_scope scope);

/*
 * The bytes the file must hold: the blob with the database password put in
 * place of the placeholder, or the munge key. Newly allocated (caller frees
 * with xfree_secret(bytes, *len)), NULL when not known (no password).
 */
char *plan_file_bytes(const struct plan *p, const struct rendered_file *f,
		      size_t *len);

/* The model's slurm or munge user (borrowed from m). */
const struct svc_user *plan_svc_user(const struct model *m,
				     enum plan_ident_who who);


/*
 * What a change between two versions of a config file needs from the
 * daemons (enum plan_restart bits), by file name and by the keys of the
 * lines that differ. *why (may be NULL) is set to a newly allocated
 * "slurm.conf: NodeName" for the first key that forced a restart.
 * The table is documented in docs/restart-classification.md.
 */
unsigned plan_classify(const char *path, const char *old, size_t old_len,
		       const char *new, size_t new_len, char **why);

/*
 * The same for a release whose "scontrol reconfigure" re-executes the
 * daemons (reexec: 23.11 and later, plan_reconfigure_reexecs): only the keys
 * such a reconfigure cannot change still need a restart. plan_classify is
 * this with reexec false (22.05 and older).
 */
unsigned plan_classify_release(const char *path, const char *old, size_t old_len,
			       const char *new, size_t new_len, bool reexec,
			       char **why);
bool plan_reconfigure_reexecs(const char *slurm_version);

/*
 * Replaces the value of secret keys (StoragePass=) and every occurrence of
 * password (if not NULL or empty) with ********. Newly allocated.
 */
char *plan_mask_secrets(const char *text, size_t len, const char *password);

/* ---- printing (plan_print.c) ---- */

enum plan_print_flags { PLAN_PRINT_COLOR = 1 << 0 };

/* Appends the human-readable plan, changes grouped by folded hostlists. */
void plan_print(const struct plan *p, unsigned flags, struct strbuf *out);

/* The plan as JSON (same grouping). New reference. */
json_t *plan_to_json(const struct plan *p);

void plan_free(struct plan *p);

#endif
