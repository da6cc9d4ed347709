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

#include "base/compat.h"

#include "inventory/model.h"
#include "observe/hwtruth.h"
#include "observe/obs.h"
#include "render/render.h"
#include "slurm/mungekey.h"
#include "slurm/restart.h"

struct acct_plan;

/* One distinct change of a file's bytes: hosts with the same bytes share it. */
struct plan_diff {
	char *key;		/* path, observed sha256 (or "-"), wanted blob */
	char *text;		/* masked unified diff */
	unsigned restart;
	char *why;
	char *settings;		/* masked; NULL: not compared by meaning */
};

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

/* ---- the plan ---- */

/*
 * REMOVE: a file of the host's absent set (render.h) that exists; apply
 * moves it to FILE.clusterctl-old in its swap step (nothing is staged).
 */
#define PLAN_REMOVED_SUFFIX ".clusterctl-old"
enum plan_change { PLAN_NONE, PLAN_CREATE, PLAN_MODIFY, PLAN_FIX, PLAN_REMOVE };

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
	unsigned restart;	/* enum restart_need bits this change needs */
	const char *restart_why;	/* the key that forced a restart, or NULL; plan-owned */
	/*
	 * The settings that change, one a line ("": formatting only), for a
	 * modified Slurm config both of whose sides read (plan_classify_settings);
	 * else NULL. Shared like diff, secrets masked.
	 */
	const char *settings;
};

struct plan_ident {
	size_t host;
	enum svc_ident who;
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
	const struct obs_host *obs;		/* borrowed, m->n_hosts entries */
	/*
	 * Per host (m->n_hosts entries, owned): ok when observed, of the
	 * inventory's release and not refused for its hardware (hw); nothing
	 * is planned for the others. error (borrowed from obs): why not
	 * observed, or the release found; NULL for a refused host.
	 */
	struct plan_host { bool ok, refused; const char *error; } *hosts;

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
	struct { long long uid, gid; bool conflict; } ids[N_IDENT];
	char **id_conflicts;
	size_t n_id_conflicts;

	bool acct_wanted;			/* the model has a database */
	struct acct_plan *acct;			/* owned; NULL when not computed */
	enum db_method acct_method;		/* how acct is applied (acct_plan_method) */
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
	 * only when it starts: a sackd whose cache (SLURM_SACKD_CACHE) is not
	 * the controller's slurm.conf restarts; those outside --limit keep the
	 * old copy of a changed slurm.conf (sackd_stale_hosts, a folded
	 * hostlist, owned; NULL when none).
	 */
	char *sackd_stale_hosts;
	/*
	 * An upgrade under way (plan_release.c): lines naming Slurm's order,
	 * the next step and daemons out of order (n_upgrade of them, owned;
	 * none when every daemon runs the inventory's release), and per host
	 * (m->n_hosts entries, owned, NULL when none) the keys of its files an
	 * older daemon there would reject: such a host is not ok, this is
	 * its error.
	 */
	char **upgrade;
	size_t n_upgrade;
	char **release_refusal;
};



/* Number of pending changes (files, idents, keys, services, accounting). */
size_t plan_count(const struct plan *p);

/*
 * Hosts nothing is planned for (not observed, or refused for their
 * hardware), as a folded hostlist; NULL when none. Caller frees.
 */
char *plan_unobserved(const struct plan *p);

/*
 * The managed hosts h (m->hosts[0 .. n_hosts)) for which pick(p, h) holds,
 * as a folded hostlist; NULL when none. Caller frees.
 */
char *plan_fold_hosts(const struct plan *p, bool (*pick)(const struct plan *p, size_t h));

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
 * The hosts of the site's other clusters this cluster's slurm.conf names
 * (inventory/site.h: its slurmdbd), never contacted: "ctl-a (cluster
 * 'a''s slurmdbd host)"; NULL when none. Caller frees.
 */
char *plan_site_hosts(const struct plan *p);


void plan_free(struct plan *p);

#endif
