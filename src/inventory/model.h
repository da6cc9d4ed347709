/*
 * model.h: the cluster as plain data. The loader (inventory.c) fills it, the
 * validator (validate.c) checks and resolves references, renderers and the
 * accounting layer read it. No I/O here but db_password() and kv_secret().
 *
 * Ownership: a struct model owns every string and array it reaches through
 * its pool; nothing outside inventory.c and model.c frees any part of it.
 * Everything is released by model_free().
 *
 * Optional numbers use the *_set flags or the sentinel MODEL_UNSET.
 * Every element carries the src_loc of its YAML node so diagnostics can
 * point at it.
 */
#ifndef CLUSTERCTL_MODEL_H
#define CLUSTERCTL_MODEL_H

#include "base/compat.h"

#include "base/diag.h"

#define MODEL_UNSET (-1LL)

/* ---- the pool: every allocation of a model ---- */

struct pool_block;
struct pool {
	struct pool_block *head;
};

/* Zeroed memory from the pool; freed by pool_release(). */
void *pool_alloc(struct pool *p, size_t size);
char *pool_strdup(struct pool *p, const char *s);
char *pool_strndup(struct pool *p, const char *s, size_t n);
ATTR_PRINTF(2, 3) char *pool_printf(struct pool *p, const char *fmt, ...);
void pool_release(struct pool *p);

/* ---- small shared shapes ---- */

struct str_list {
	const char **items;
	struct src_loc *locs;	/* locs[i] is where items[i] was written */
	size_t n;
};

/* True if l holds s (exact match). */
bool str_list_has(const struct str_list *l, const char *s);

/* An ordered key=value map; used for pass-through config and TRES maps. */
struct kv {
	const char *key;
	const char *value;	/* as written, e.g. "4", "100G", "UNLIMITED" */
	/*
	 * A password key (slurmkeys_is_secret()) written as {password_file:
	 * PATH}: the file holds the value, read when apply writes it
	 * (kv_secret()); value is "" then.
	 */
	const char *password_file;
	struct src_loc loc;	/* of the key */
	struct src_loc value_loc;
};

struct kv_list {
	struct kv *items;
	size_t n;
};

/* Returns the value for key, or NULL. */
const char *kv_get(const struct kv_list *kv, const char *key);
const struct kv *kv_find(const struct kv_list *kv, const char *key);
/* kv_find() as Slurm compares its keys: in any case. */
const struct kv *kv_find_nocase(const struct kv_list *kv, const char *key);

/* ---- cluster-wide settings ---- */

struct svc_user {
	const char *name;
	const char *group;	/* defaults to name */
	long long uid, gid;	/* MODEL_UNSET when not given */
	const char *home;	/* may be NULL: default per user */
	struct src_loc loc;
};

enum config_mode { CONFIG_PUSH, CONFIG_CONFIGLESS };

/*
 * Where the inventory says nothing: clusterctl's own choices (Debian's
 * paths, cgroup confinement, backfill with cons_tres...) or Slurm's
 * defaults, i.e. nothing written (what an imported cluster had).
 */
enum render_defaults { DEFAULTS_CLUSTERCTL, DEFAULTS_SLURM };

/* How SlurmctldHost= names a controller whose host entry has an address. */
enum ctld_host_form { CTLD_HOST_ADDRESS, CTLD_HOST_NAME };

/* How a service is driven on a host; commands run through the host's shell. */
struct service_cmds {
	const char *start;
	const char *stop;
	const char *restart;
	const char *reconfigure;	/* may be NULL */
	/*
	 * Exits 0 when the daemon runs, non-zero when it does not (LSB status
	 * codes, systemctl is-active). NULL: the default, observe_status_cmd().
	 */
	const char *status;
	struct src_loc loc;
};

enum service_kind {
	SVC_MUNGE,
	SVC_SLURMCTLD,
	SVC_SLURMD,
	SVC_SLURMDBD,
	SVC_SACKD,	/* configless login hosts, Slurm 23.11+ */
	SVC_COUNT
};

struct cluster {
	const char *name;
	const char *slurm_version;	/* "22.05", "23.11", ... */
	const char *controller;		/* host name */
	const char *backup_controller;	/* may be NULL */
	const char *accounting_host;	/* where slurmdbd runs; may be NULL */
	struct svc_user slurm_user;
	struct svc_user munge_user;
	enum config_mode config_mode;
	enum render_defaults defaults;
	enum ctld_host_form slurmctld_host;	/* name(address), or the name alone */
	/*
	 * The addresses Slurm reaches a service by, where the site gives one
	 * other than the host's (which clusterctl reaches it by): NULL for
	 * the default (SlurmctldHost from slurmctld_host, AccountingStorageHost
	 * the accounting host's name).
	 */
	const char *controller_address;		/* SlurmctldHost=name(this) */
	const char *backup_controller_address;
	const char *accounting_address;		/* AccountingStorageHost=, DbdAddr= */

	const char *config_dir;		/* default /etc/slurm */
	const char *munge_key_path;	/* default /etc/munge/munge.key */
	const char *munge_key_source;	/* local secrets file; may be NULL */
	const char *template_dir;	/* site templates; may be NULL */

	long long slurmctld_port;	/* MODEL_UNSET: Slurm's default */
	/*
	 * SlurmctldPort=first-last: slurmctld listens on every port of the
	 * range (read_config.c: slurmctld_port_count); MODEL_UNSET: one port.
	 */
	long long slurmctld_port_last;
	long long slurmd_port;
	long long slurmdbd_port;

	struct kv_list slurm_conf;	/* validated pass-through */
	struct kv_list cgroup_conf;
	struct kv_list slurmdbd_conf;

	struct service_cmds services[SVC_COUNT];
	struct src_loc loc;
	struct src_loc version_loc;
	struct src_loc controller_loc;
	struct src_loc accounting_host_loc;
	struct src_loc backup_controller_loc;
	struct src_loc controller_address_loc, backup_controller_address_loc;
	struct src_loc accounting_address_loc;
	struct src_loc config_dir_loc, munge_key_path_loc;
	struct src_loc template_dir_loc, munge_key_source_loc;
};

struct ssh_settings {
	const char *user;		/* NULL: ssh_config's User, else root */
	long long port;			/* MODEL_UNSET: ssh_config's Port, else 22 */
	const char *identity;		/* may be NULL: agent and defaults */
	const char *known_hosts;	/* may be NULL: ~/.ssh/known_hosts */
	const char *config;		/* ssh_config path; may be NULL */
	long long fanout;		/* default 64 */
	long long connect_timeout;	/* seconds, default 10 */
	long long command_timeout;	/* seconds, default 300 */
	struct src_loc loc;
	struct src_loc identity_loc, known_hosts_loc, config_loc;
};

/* AUTO: sacctmgr for a few rows (live, no restart), sql for bulk (acct.h) */
enum db_method { DB_METHOD_SQL, DB_METHOD_SACCTMGR, DB_METHOD_AUTO };

struct db_settings {
	const char *host;		/* as clusterctl reaches MariaDB (through the
					   tunnel: as the tunnel host reaches it) */
	const char *tunnel;		/* a host: MariaDB reached through its SSH
					   server (direct-tcpip); NULL: directly */
	long long port;			/* default 3306 */
	const char *name;		/* default slurm_acct_db */
	const char *user;		/* default slurm */
	const char *password_file;	/* may be NULL */
	const char *password_env;	/* may be NULL */
	const char *storage_host;	/* as slurmdbd reaches it; default host */
	bool tls;			/* TLS, server certificate verified */
	const char *tls_ca;		/* CA file for it; NULL: the system's */
	enum db_method method;
	/*
	 * The password itself, never read from an inventory: import holds
	 * slurmdbd.conf's StoragePass here to read the accounting once.
	 */
	const char *password;
	struct src_loc loc;
	struct src_loc host_loc, name_loc, user_loc, storage_host_loc;	/* of the keys */
	struct src_loc tunnel_loc;
	struct src_loc password_file_loc, password_env_loc, tls_ca_loc;
};

/* ---- hardware ---- */

/*
 * One gres.conf line of a node type's GPUs. A type may hold several of
 * the same GPU type (each with its own files, cores, links, flags: the
 * NUMA affinity of each device); slurm.conf's Gres= count of a type is
 * their sum. With neither files nor multiple_files nor autodetect it is a
 * Count= line (GPUs without device binding).
 */
struct gpu_spec {
	const char *type;		/* e.g. "a40"; may be NULL (untyped) */
	/*
	 * gres.conf's Type= for an untyped entry (slurm.conf's Gres= names
	 * these GPUs without a type, and slurmd drops the line's Type=); NULL.
	 */
	const char *line_type;
	/*
	 * No gres.conf line: GPUs slurm.conf's Gres= counts that gres.conf
	 * has no line for (slurmd counts them without a device file, then
	 * drops them: a node registers the GPUs it has a file for).
	 */
	bool no_line;
	long long count;
	const char *files;		/* "/dev/nvidia[0-3]"; may be NULL */
	const char *multiple_files;	/* MultipleFiles=: one GPU, several files */
	const char *autodetect;		/* "nvml", ...; may be NULL */
	const char *cores;		/* gres.conf Cores=; may be NULL */
	const char *links;		/* gres.conf Links=; may be NULL */
	const char *flags;		/* gres.conf Flags=; may be NULL */
	struct src_loc loc;
	struct src_loc files_loc, multiple_files_loc, autodetect_loc, flags_loc;
};

/*
 * One gres.conf line of a GRES other than the GPUs: shard or mps (shares
 * of the node's GPUs) or a site's own (nic, bandwidth, qpu ...). Gres='s
 * count of a name and type is the sum of its entries, as for GPUs. With
 * files, a count of shard or mps is spread over them (it may exceed them);
 * any other name has one per file. Without files it is a Count= line.
 */
struct gres_spec {
	const char *name;		/* "shard", "mps", "nic"; never "gpu" */
	const char *type;		/* may be NULL (untyped) */
	const char *line_type;		/* as struct gpu_spec's */
	bool no_line;			/* counted by Gres= alone (slurmd keeps them) */
	long long count;
	const char *files;		/* "/dev/nvidia[0-3]"; may be NULL */
	const char *cores;		/* gres.conf Cores=; may be NULL */
	const char *links;		/* gres.conf Links=; may be NULL */
	const char *flags;		/* gres.conf Flags=, e.g. CountOnly */
	struct src_loc loc;
	struct src_loc name_loc, files_loc, flags_loc;
};

struct node_type {
	const char *name;
	long long cpus, boards, sockets, cores_per_socket, threads_per_core;
	long long memory_mb;		/* RealMemory */
	long long tmp_disk_mb;
	long long weight;
	struct gpu_spec *gpus;
	size_t n_gpus;
	struct gres_spec *gres;		/* every GRES but the GPUs */
	size_t n_gres;
	struct str_list features;
	struct kv_list extra;		/* more NodeName= keys, validated */
	struct src_loc loc;
	struct src_loc memory_loc;	/* of memory: or memory_mb: */
};

enum host_role {
	ROLE_CONTROLLER = 1 << 0,
	ROLE_BACKUP = 1 << 1,
	ROLE_DBD = 1 << 2,
	ROLE_COMPUTE = 1 << 3,
	ROLE_LOGIN = 1 << 4,
	ROLE_STORAGE = 1 << 5,
};

/*
 * Whether clusterctl contacts a host in this run (see struct model): the
 * hosts it manages; hosts declared with managed: false; hosts left out by
 * plan's or apply's --limit.
 */
enum host_scope {
	HOST_MANAGED,
	HOST_DECLARED,
	HOST_OUTSIDE_LIMIT,
};

/* One host after expanding the inventory's hostlist "names". */
struct host {
	const char *name;
	const char *address;		/* may be NULL: resolve name */
	const char *type_name;		/* node type; NULL for non-compute */
	const struct node_type *type;	/* resolved by validate */
	unsigned roles;			/* enum host_role bits */
	long long ssh_port;		/* MODEL_UNSET: ssh settings */
	const char *ssh_user;		/* may be NULL */
	long long slurmd_port;		/* MODEL_UNSET: cluster default */
	struct kv_list extra;		/* per-node NodeName= keys */
	struct src_loc loc;		/* of the host entry's names */
	struct src_loc type_loc;	/* of "type:"; loc when absent */
	struct src_loc roles_loc;	/* of "roles:"; loc when absent */
	size_t entry;			/* index of its hosts: entry (0-based) */
	size_t seq;			/* position in the inventory's host order */
	enum host_scope scope;
	struct src_loc managed_loc;	/* of "managed:"; loc when absent */
	/*
	 * A site's slurmdbd host as another cluster of the site declares it
	 * (site.h): this cluster's Slurm reaches slurmdbd there, clusterctl
	 * never manages it for this cluster (scope HOST_DECLARED). NULL for
	 * the inventory's own hosts.
	 */
	const char *other_cluster;
};

/* ---- scheduling ---- */

struct partition {
	const char *name;
	const char *nodes;		/* hostlist expression or "ALL" */
	bool is_default;
	const char *max_time, *default_time;	/* Slurm time strings */
	long long priority_tier;
	long long priority_job_factor;
	long long max_nodes;
	const char *qos;		/* partition QOS; may be NULL */
	struct str_list allow_accounts;
	struct str_list deny_accounts;
	struct str_list allow_qos;
	struct str_list allow_groups;
	const char *preempt_mode;	/* may be NULL */
	const char *oversubscribe;	/* may be NULL */
	const char *state;		/* UP (default), DOWN, DRAIN, INACTIVE */
	struct kv_list extra;
	struct src_loc loc;
	struct src_loc nodes_loc;
	struct src_loc qos_loc;
	struct src_loc default_loc;
	struct src_loc state_loc, preempt_mode_loc, oversubscribe_loc;
	struct src_loc max_time_loc, default_time_loc;
};

struct qos {
	const char *name;
	const char *description;
	long long priority;
	struct kv_list max_tres_per_user;	/* TRES name -> count */
	struct kv_list max_tres_per_job;
	struct kv_list max_tres_per_account;
	struct kv_list max_tres_per_node;
	struct kv_list min_tres_per_job;
	struct kv_list grp_tres;
	const char *max_wall;			/* Slurm time string */
	const char *grp_wall;
	long long max_jobs_per_user;
	long long max_submit_jobs_per_user;
	long long max_jobs_per_account;
	long long max_submit_jobs_per_account;
	long long grp_jobs;
	long long grp_submit_jobs;
	struct str_list preempt;		/* QoS names */
	const char *preempt_mode;
	struct str_list flags;
	const char *usage_factor;		/* as written, e.g. "1.5" */
	long long grace_time;			/* seconds */
	struct src_loc loc;
	struct src_loc preempt_mode_loc;
	struct src_loc usage_factor_loc;
};

struct account {
	const char *name;
	const char *parent;		/* account name; "root" for top level */
	const char *description;	/* may be NULL: defaults to name */
	const char *organization;	/* may be NULL */
	const char *fairshare;		/* integer or "parent"; NULL = 1 */
	struct kv_list grp_tres;
	struct kv_list max_tres_per_job;
	struct kv_list max_tres_per_node;
	long long grp_jobs, grp_submit_jobs, max_jobs, max_submit_jobs;
	const char *grp_wall, *max_wall;
	const char *default_qos;
	struct str_list qos;		/* explicit QoS list; empty = inherit */
	struct str_list coordinators;	/* user names */
	/*
	 * A site file's account (site.h): the clusters it has an association
	 * on; empty: its parent's (a top-level account: every cluster)
	 */
	struct str_list clusters;
	struct src_loc loc;
	struct src_loc parent_loc;
	struct src_loc default_qos_loc;
	struct src_loc fairshare_loc;
};

enum admin_level { ADMIN_NONE = 1, ADMIN_OPERATOR = 2, ADMIN_ADMINISTRATOR = 3 };

/*
 * One association of a user, as its accounts: list names it: an account,
 * optionally a partition (Slurm's user x account x partition association),
 * and the settings written on that entry. Every setting left unset (NULL,
 * n == 0, MODEL_UNSET) is the user's own; user_assoc_resolve() merges.
 */
struct user_assoc {
	const char *account;
	const char *partition;		/* NULL: the account's, all partitions */
	const char *fairshare;
	struct str_list qos;
	const char *default_qos;
	struct kv_list grp_tres;
	struct kv_list max_tres_per_job;
	long long grp_jobs, grp_submit_jobs, max_jobs, max_submit_jobs;
	const char *max_wall;
	struct str_list clusters;	/* a site file's: where; empty: the user's */
	struct src_loc loc;		/* of the entry */
	struct src_loc account_loc;
	struct src_loc partition_loc;
	struct src_loc default_qos_loc;
	struct src_loc fairshare_loc;
};

struct user {
	const char *name;
	/* account names, one per association (repeated with partitions) */
	struct str_list accounts;
	struct user_assoc *assocs;	/* accounts.n of them, same order */
	const char *default_account;	/* NULL: first of accounts */
	struct str_list qos;		/* explicit list; empty = inherit */
	const char *default_qos;
	enum admin_level admin_level;
	const char *fairshare;
	struct kv_list grp_tres;
	struct kv_list max_tres_per_job;
	long long grp_jobs, grp_submit_jobs, max_jobs, max_submit_jobs;
	const char *max_wall;
	struct str_list clusters;	/* a site file's: where; empty: every cluster */
	struct src_loc loc;
	struct src_loc default_account_loc;
	struct src_loc default_qos_loc;
	struct src_loc fairshare_loc;
};

/* ---- pass-through files (files:) ---- */

/*
 * A file the inventory carries as it is (a Prolog or Epilog script,
 * topology.conf, plugstack.conf, job_submit.lua ...): render copies the
 * bytes of source to path on every host it is for (model_pass_file_for()).
 */
struct pass_file {
	const char *path;		/* absolute path on the hosts */
	const char *source;		/* local file, resolved against its inventory file */
	unsigned mode;			/* default 0644 */
	const char *owner;		/* default root */
	const char *group;		/* NULL: the owner's name */
	unsigned roles;			/* enum host_role bits */
	const char *hosts;		/* hostlist expression; may be NULL */
	struct src_loc loc;		/* of the entry */
	struct src_loc path_loc, source_loc, roles_loc, hosts_loc;
};

/* ---- a site file (site.h) ---- */

/*
 * What only a site file says: its name, whether its clusters reach each
 * other (sbatch -M, squeue -M, sacct -M: one munge key), the munge key
 * every cluster gets, and the cluster inventories it lists.
 */
struct site_settings {
	const char *name;		/* NULL: the file's name without .yaml */
	bool cross_cluster;
	const char *munge_key_source;	/* local file; NULL: the clusters' own */
	struct str_list clusters;	/* inventory paths, resolved */
	struct src_loc loc;		/* of site: */
	struct src_loc clusters_loc;	/* of clusters: */
	struct src_loc munge_key_source_loc, cross_cluster_loc;
};

struct site;

/*
 * A site's federation (docs/site.md): slurmdbd's federation_table row
 * and its member clusters, each with the cluster features and the state
 * sacctmgr sets ("modify cluster C set federation=F features=... fedstate=...").
 * A site file declares it; each cluster's model gets it grafted in.
 */
enum fed_state { FED_STATE_ACTIVE = 1, FED_STATE_INACTIVE, FED_STATE_DRAIN };

struct fed_member {
	const char *name;		/* a cluster of the site */
	struct str_list features;	/* cluster features (--cluster-constraint) */
	int state;			/* enum fed_state; 0: active */
	struct src_loc loc;		/* of the entry */
};

struct federation {
	const char *name;		/* NULL: the site declares none */
	struct src_loc loc;		/* of federation: */
	struct src_loc name_loc, clusters_loc;
};

/* ---- the whole inventory ---- */

enum model_failed {
	MODEL_FAILED_NODE_TYPES = 1 << 0,
	MODEL_FAILED_HOSTS = 1 << 1,
	MODEL_FAILED_PARTITIONS = 1 << 2,
	MODEL_FAILED_QOS = 1 << 3,
	MODEL_FAILED_ACCOUNTS = 1 << 4,
	MODEL_FAILED_USERS = 1 << 5,
	MODEL_FAILED_FILES = 1 << 6,
	MODEL_FAILED_FED_MEMBERS = 1 << 7,
};
#define MODEL_FAILED_KINDS 8	/* how many bits enum model_failed has */

struct model {
	struct pool pool;
	const char *path;		/* the inventory file as given */
	const char *dir;		/* its directory: the tree its local paths stay in */

	struct cluster cluster;
	struct ssh_settings ssh;
	struct db_settings db;

	struct node_type *node_types;
	size_t n_node_types;
	/*
	 * hosts[0 .. n_hosts): the hosts clusterctl manages (observes, pushes
	 * to, starts daemons on); every per-host array of plan and apply is
	 * indexed by them. hosts[n_hosts .. n_hosts + n_unmanaged): hosts
	 * declared with managed: false or left out by --limit (host.scope),
	 * which only the renderers (NodeName, gres.conf) and validation see.
	 * Both keep the inventory's order; host.seq is the position in it
	 * across the two. model_split_hosts() keeps this true.
	 */
	struct host *hosts;
	size_t n_hosts;
	size_t n_unmanaged;
	struct partition *partitions;
	size_t n_partitions;
	struct qos *qos;
	size_t n_qos;
	struct account *accounts;	/* flattened; parents before children */
	size_t n_accounts;
	struct user *users;
	size_t n_users;
	struct pass_file *files;
	size_t n_files;
	/*
	 * The kinds of which some entity failed to load (enum model_failed;
	 * the loader said why): validate says nothing that only follows
	 * from it, such as "unknown node" where a host entry failed.
	 */
	unsigned failed;

	/* a site file's own settings (clusters.n > 0 makes it one) */
	struct site_settings site;
	/* the site's federation and its members (a cluster's: the site's, grafted) */
	struct federation federation;
	struct fed_member *fed_members;
	size_t n_fed_members;
	/*
	 * The site a cluster's inventory was loaded into (site.h): its other
	 * clusters share the accounting database. NULL for an inventory of
	 * its own. Borrowed: the site owns this model.
	 */
	const struct site *in_site;

	/* Where each top-level section was written; line 0 when absent. */
	struct src_loc file_loc;	/* the file itself (line 0) */
	struct src_loc hosts_loc, partitions_loc, users_loc, files_loc;
	struct src_loc qos_loc, accounts_loc, node_types_loc;

	/*
	 * hosts sorted by name, built by model_index_hosts() (validate calls
	 * it); model_find_host() uses it when it is current. Pool-owned.
	 */
	const struct host **host_index;
	size_t n_host_index;
};

/* Every host the inventory declares, managed or not: hosts[0 .. this). */
static inline size_t model_n_declared(const struct model *m)
{
	return m->n_hosts + m->n_unmanaged;
}

/*
 * Puts hosts[0 .. model_n_declared(m)) in the order struct model wants
 * from their scope and seq, sets n_hosts and n_unmanaged, and rebuilds the
 * host index when there was one. Host pointers taken before it are stale.
 */
void model_split_hosts(struct model *m);

/*
 * plan's and apply's --limit: of the managed hosts, only names[0..n) and
 * the hosts of slurmctld and slurmdbd (which apply needs for the munge key,
 * reconfigure and accounting) stay managed; the others become
 * HOST_OUTSIDE_LIMIT. Returns 0, or -1 with *cause (caller frees) when a
 * name is no host of m or one declared with managed: false; m is then
 * unchanged.
 */
int model_limit_hosts(struct model *m, const char *const *names, size_t n,
		      char **cause);

/* A new empty model with the defaults of DESIGN.md §4 filled in. */
struct model *model_new(void);
void model_free(struct model *m);

/*
 * Builds the sorted host index (O(n log n)); call again after hosts change.
 * Duplicate names stay adjacent in the index, first defined first.
 */
void model_index_hosts(struct model *m);

/*
 * Lookups by name; NULL when absent. Linear unless noted.
 * model_find_host() is a binary search once model_index_hosts() ran.
 */
const struct host *model_find_host(const struct model *m, const char *name);
const struct node_type *model_find_node_type(const struct model *m,
					     const char *name);
const struct partition *model_find_partition(const struct model *m,
					     const char *name);
const struct qos *model_find_qos(const struct model *m, const char *name);
const struct account *model_find_account(const struct model *m,
					 const char *name);
const struct user *model_find_user(const struct model *m, const char *name);
/* The federation's member cluster `name` (m->fed_members), or NULL. */
const struct fed_member *model_fed_member(const struct model *m, const char *name);

/*
 * The database settings' defaults (docs/inventory-keys.md), one answer
 * for every reader: model_new() starts from them, and these accessors
 * answer for settings that lack one (a db_settings built by hand).
 */
#define MODEL_DB_PORT 3306
#define MODEL_DB_NAME "slurm_acct_db"
#define MODEL_DB_USER "slurm"
long long db_port(const struct db_settings *s);
const char *db_name(const struct db_settings *s);
const char *db_user(const struct db_settings *s);
/* The host slurmdbd reaches MariaDB at: storage_host, else host. */
const char *db_storage_host(const struct db_settings *s);

/*
 * The database password, from the file database.password_file or the
 * environment variable database.password_env (or the password import
 * holds, db_settings.password): the one place that reads it. There is no precedence between the two: both set is an error here
 * and in validate, and neither falls back to the other. Why: once the
 * password was read file-first in one place and environment-first in
 * another, so plan's database connection and apply's slurmdbd.conf could
 * use different passwords without a word; a site with both set has to say
 * which one it means. Newly allocated; free it with
 * xfree_secret(p, strlen(p)). NULL with *cause (caller frees) when it
 * cannot be read; NULL with *cause NULL when neither is set.
 */
char *db_password(const struct db_settings *s, char **cause);

/*
 * The value of a password key (struct kv): read from its password_file,
 * or as written. Newly allocated (wipe it after use), or NULL + *cause.
 */
char *kv_secret(const struct kv *e, char **cause);

/*
 * How host h gets the files slurmctld serves (configless): as slurmd
 * (PASSFILE_SLURMD), as sackd on a login host (PASSFILE_SACKD), or not at
 * all (0: its files are pushed).
 */
unsigned model_host_fetcher(const struct model *m, const struct host *h);

/* cluster.config_dir's file named base (e.g. "slurm.conf"). Caller frees. */
char *model_conf_path(const struct model *m, const char *base);

/* Whether path is the file named base in cluster.config_dir (trailing slashes ignored). */
bool model_is_conf_path(const struct model *m, const char *path, const char *base);

/* The inventory's name of role bit i (1 << i of enum host_role), or NULL past the last. */
const char *model_role_name(unsigned i);

/* Name of a service kind: "munge", "slurmctld", ... */
const char *service_kind_name(enum service_kind k);

/*
 * ---- the model's answers: who runs what, who owns what ----
 * Each question has this one answer; render, plan, apply and accounting
 * ask here. A model need not be validated: roles and the cluster's names
 * (controller, backup_controller, accounting_host) count alike, and on a
 * valid model they agree (validate refuses a role its name does not hold).
 */

/*
 * Index of the controller host: cluster.controller, else the first host
 * with the controller role; SIZE_MAX when there is none.
 */
size_t model_controller(const struct model *m);

/*
 * True when h (a host of m) runs daemon k: munge everywhere; slurmctld on
 * the controller and the backup controller; slurmd on compute hosts;
 * slurmdbd on the accounting host.
 */
bool model_host_runs(const struct model *m, const struct host *h,
		     enum service_kind k);

/*
 * True when some declared host (managed or not) has a node type with GPUs:
 * the renderer then writes GresTypes=gpu. The type resolved by validate,
 * else looked up by name, so a model straight from the loader agrees.
 */
bool model_has_gpus(const struct model *m);

/*
 * True when nt's gpus[g] is the first entry of its GPU type (types
 * compared as Slurm does, case-insensitively; untyped is a type of its
 * own): the one that stands for the type in Gres= and its checks.
 */
bool model_gpu_first_of_type(const struct node_type *nt, size_t g);

/* nt's GPUs of the type of gpus[g], summed over its entries (Gres='s count). */
long long model_gpu_type_count(const struct node_type *nt, size_t g);

/*
 * The same for gres[g]: first entry of its name and type (names and types
 * compared case-insensitively, as Slurm does), and their count summed.
 */
bool model_gres_first_of_kind(const struct node_type *nt, size_t g);
long long model_gres_kind_count(const struct node_type *nt, size_t g);

/* True for the GRES that share a GPU (shard, mps): Slurm's "shared" GRES. */
bool model_gres_is_shared(const char *name);

/*
 * True when h takes its Slurm configuration from slurmctld (configless):
 * it runs no slurmctld, and slurmd (a compute host) or sackd (a login-only
 * host on 23.11+) fetches the files and caches them in /run/slurm/conf,
 * where Slurm's client commands there find them.
 */
bool model_host_fetches(const struct model *m, const struct host *h);

/*
 * SVC_SLURMCTLD or SVC_SLURMDBD when h runs that daemon, else SVC_COUNT.
 * Such a host is always managed: apply writes its files, starts it and
 * reconfigures or seeds through it, so neither managed: false (an error)
 * nor --limit (kept) can leave it out.
 */
enum service_kind model_central_daemon(const struct model *m,
				       const struct host *h);

/*
 * The host slurmdbd runs on: cluster.accounting_host (NULL when no host
 * has that name), else the first host with the dbd role, else NULL.
 * Borrowed from m.
 */
const struct host *model_dbd_host(const struct model *m);

/*
 * True when pass-through file f goes to host h: every host when f names
 * neither roles nor hosts; else a host with one of f's roles, or named
 * (the caller expanded f->hosts and found h there: a hostlist is expanded
 * once per file, not once per host).
 */
bool model_pass_file_for(const struct pass_file *f, const struct host *h,
			 bool named);

/* A service user's group: its group, else its name (borrowed). */
const char *svc_user_group(const struct svc_user *u);

/* The service identities, an index into arrays of both. */
enum svc_ident { IDENT_SLURM, IDENT_MUNGE, N_IDENT };

/* The model's slurm or munge user (borrowed from m). */
const struct svc_user *model_svc_user(const struct model *m,
				      enum svc_ident who);

/*
 * The uid of a file owner / gid of a file group as the inventory sets it:
 * root is 0, the slurm and munge users (and their groups) have their
 * configured ids; -1 when the inventory does not say (MODEL_UNSET ids
 * come back as they are).
 */
long long model_uid_of(const struct model *m, const char *owner);
long long model_gid_of(const struct model *m, const char *group);

/*
 * The default account of a user: default_account if set, else the first of
 * accounts, else NULL.
 */
const char *user_default_account(const struct user *u);

/*
 * The settings association i of u gets: out = the user's settings, with
 * each one the association sets replacing it (whole values: a qos list or
 * a TRES map is replaced, not merged). out borrows from u.
 */
void user_assoc_resolve(const struct user *u, size_t i, struct user_assoc *out);

/*
 * True when association i of u and j of v are written alike: the same
 * account, partition and settings (QoS lists as sets, TRES maps in order).
 */
bool user_assoc_same(const struct user *u, size_t i, const struct user *v, size_t j);

#endif
