/*
 * inventory_cluster.c: the schema of the cluster-wide sections: cluster
 * (with the service users and the commands that drive each service), ssh
 * and database. Each may be written once across all files of an
 * inventory; the top-level table (inventory.c) says so.
 */
#include "base/compat.h"

#include <string.h>

#include "inventory/inventory_keys.h"
#include "inventory/model.h"
#include "base/diag.h"
#include "inventory/inventory_cluster.h"

static const char *const config_modes[] = { "push", "configless", NULL };
static const char *const render_defaults[] = { "clusterctl", "slurm", NULL };
static const char *const ctld_host_forms[] = { "address", "name", NULL };
static const char *const db_methods[] = { "sql", "sacctmgr", "auto", NULL };

static const struct key_spec svc_user_keys[] = {
	{ "name", K_STR, F(struct svc_user, name), .doc = "user name" },
	{ "group", K_STR, F(struct svc_user, group), .def = "the user name",
	  .doc = "primary group name" },
	{ "uid", K_INT, F(struct svc_user, uid), .min = 0, .max = 4294967294LL,
	  .doc = "UID, the same on every host" },
	{ "gid", K_INT, F(struct svc_user, gid), .min = 0, .max = 4294967294LL,
	  .doc = "GID, the same on every host" },
	{ "home", K_STR, F(struct svc_user, home), .doc = "home directory" },
};
static const struct key_table svc_user_table = TABLE("service user", svc_user_keys);

static const struct key_spec service_cmd_keys[] = {
	{ "start", K_STR, F(struct service_cmds, start),
	  .def = "systemctl start SERVICE", .doc = "shell command that starts it" },
	{ "stop", K_STR, F(struct service_cmds, stop),
	  .def = "systemctl stop SERVICE", .doc = "shell command that stops it" },
	{ "restart", K_STR, F(struct service_cmds, restart),
	  .def = "systemctl restart SERVICE", .doc = "shell command that restarts it" },
	{ "reconfigure", K_STR, F(struct service_cmds, reconfigure),
	  .def = "scontrol reconfigure (slurmctld only)",
	  .doc = "shell command that makes it re-read its configuration" },
	{ "status", K_STR, F(struct service_cmds, status),
	  .def = "systemctl is-active --quiet SERVICE (when start is systemctl's)",
	  .doc = "shell command that exits 0 when it runs; plan starts a daemon "
		 "whose status fails; none: its state is not observed" },
};
static const struct key_table service_cmd_table = TABLE("service", service_cmd_keys);

#define SVC(n, k)                                                         \
	{ n, K_SUB, F(struct cluster, services[k]),                      \
	  L(struct cluster, services[k].loc), .sub = &service_cmd_table,   \
	  .type_doc = "mapping", .doc = "how to drive " n " on a host" }
static const struct key_spec services_keys[] = {
	SVC("munge", SVC_MUNGE),
	SVC("slurmctld", SVC_SLURMCTLD),
	SVC("slurmd", SVC_SLURMD),
	SVC("slurmdbd", SVC_SLURMDBD),
	SVC("sackd", SVC_SACKD),
};
static const struct key_table services_table = TABLE("services", services_keys);

/* A port of 1..65535 written at s (digits only); -1 when it is none. */
static long long port_at(const char *s, size_t n)
{
	long long v = 0;

	if (!n || n > 5 || strspn(s, "0123456789") < n)
		return -1;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v >= 1 && v <= 65535 ? v : -1;
}

/* slurmctld_port: N, or first-last (slurm.conf(5): "SlurmctldPort=6817-6818") */
static void load_ctld_port(struct loader *ld, void *obj, yaml_node_t *val,
			   const struct src_loc *kloc)
{
	struct cluster *c = obj;
	const char *s = inv_scalar_str(ld, val, "a port or a range of ports");
	size_t n;
	long long first, last = MODEL_UNSET;
	struct src_loc loc = inv_node_loc(ld, val);

	(void)kloc;
	if (!s)
		return;
	n = strcspn(s, "-");
	first = port_at(s, n);
	if (s[n])
		last = port_at(s + n + 1, strlen(s + n + 1));
	if (first < 0 || (s[n] && (last < 0 || last < first))) {
		diag_error(ld->dl, &loc, "'slurmctld_port' must be a port (1 to 65535) or a "
			   "range first-last of them, got '%s'", s);
		return;
	}
	c->slurmctld_port = first;
	c->slurmctld_port_last = last;
}

static const struct key_spec cluster_keys[] = {
	{ "name", K_STR, F(struct cluster, name), L(struct cluster, loc),
	  .required = true, .doc = "ClusterName; also the accounting cluster" },
	{ "slurm_version", K_STR, F(struct cluster, slurm_version),
	  L(struct cluster, version_loc), .def = "22.05",
	  .doc = "Slurm release the configs are for (\"22.05\" ... \"25.05\")" },
	{ "controller", K_STR, F(struct cluster, controller),
	  L(struct cluster, controller_loc), .required = true,
	  .doc = "host running slurmctld (needs role controller)" },
	{ "backup_controller", K_STR, F(struct cluster, backup_controller),
	  L(struct cluster, backup_controller_loc),
	  .doc = "host running a backup slurmctld (needs role backup)" },
	{ "accounting_host", K_STR, F(struct cluster, accounting_host),
	  L(struct cluster, accounting_host_loc),
	  .doc = "host running slurmdbd (needs role dbd)" },
	{ "controller_address", K_STR, F(struct cluster, controller_address),
	  L(struct cluster, controller_address_loc), .def = "see slurmctld_host",
	  .doc = "the controller's address in SlurmctldHost=name(address) and "
		 "configless --conf-server, where Slurm reaches it by another "
		 "address than clusterctl (its host entry's, for ssh); written "
		 "whatever slurmctld_host says" },
	{ "backup_controller_address", K_STR,
	  F(struct cluster, backup_controller_address),
	  L(struct cluster, backup_controller_address_loc),
	  .def = "see slurmctld_host",
	  .doc = "the same for backup_controller" },
	{ "accounting_address", K_STR, F(struct cluster, accounting_address),
	  L(struct cluster, accounting_address_loc),
	  .def = "accounting_host's name",
	  .doc = "AccountingStorageHost= (how slurmctld reaches slurmdbd) and "
		 "slurmdbd.conf's DbdAddr=, where a site gives an address (or "
		 "another name) for the accounting host; DbdHost= stays its name" },
	{ "slurm_user", K_SUB, F(struct cluster, slurm_user),
	  L(struct cluster, slurm_user.loc), .sub = &svc_user_table,
	  .type_doc = "mapping", .def = "slurm", .doc = "SlurmUser; see below" },
	{ "munge_user", K_SUB, F(struct cluster, munge_user),
	  L(struct cluster, munge_user.loc), .sub = &svc_user_table,
	  .type_doc = "mapping", .def = "munge", .doc = "owner of munged and its key" },
	{ "config_mode", K_ENUM, F(struct cluster, config_mode),
	  .choices = config_modes, .def = "push",
	  .doc = "push: every node gets the files; configless: only the controllers, slurmd fetches them (--conf-server in /etc/default/slurmd, and a slurmd.service drop-in clearing ConditionPathExists), and from 23.11 sackd on login-only hosts (/etc/default/sackd)" },
	{ "defaults", K_ENUM, F(struct cluster, defaults),
	  .choices = render_defaults, .def = "clusterctl",
	  .doc = "what the files say where the inventory says nothing: clusterctl: its own choices (ProctrackType, SelectTypeParameters, cgroup.conf's Constrain*, TaskPlugin=task/cgroup,task/affinity where cgroup.conf constrains devices, DefMemPerCPU where memory is a consumable, pid and spool paths, timers, slurmdbd's DebugLevel...); slurm: nothing, so Slurm's defaults hold (import writes it: an adopted cluster keeps what it ran with)" },
	{ "slurmctld_host", K_ENUM, F(struct cluster, slurmctld_host),
	  .choices = ctld_host_forms, .def = "address",
	  .doc = "how SlurmctldHost= names each controller: address: name(address) where its host entry has an address; name: the name alone, which every node resolves itself (import writes it where the site's slurm.conf gave no address); controller_address and backup_controller_address, where set, win over either" },
	{ "config_dir", K_STR, F(struct cluster, config_dir),
	  L(struct cluster, config_dir_loc), .def = "/etc/slurm",
	  .doc = "directory of slurm.conf and friends on the hosts" },
	{ "munge_key_path", K_STR, F(struct cluster, munge_key_path),
	  L(struct cluster, munge_key_path_loc), .def = "/etc/munge/munge.key", .doc = "munge key on the hosts" },
	{ "munge_key_source", K_PATH, F(struct cluster, munge_key_source),
	  L(struct cluster, munge_key_source_loc),
	  .doc = "local file holding the munge key (relative: to the inventory); "
		 "confined like template_dir" },
	{ "template_dir", K_PATH, F(struct cluster, template_dir),
	  L(struct cluster, template_dir_loc), .def = "built-in templates",
	  .doc = "site templates (relative: to the inventory); must lie in the "
		 "inventory's directory tree unless --allow-path allows more" },
	{ "slurmctld_port", K_FN, .fn = load_ctld_port, .type_doc = "integer or range",
	  .doc = "SlurmctldPort: a port, or a range first-last slurmctld listens on (all)" },
	PORT("slurmd_port", struct cluster, slurmd_port, "SlurmdPort"),
	PORT("slurmdbd_port", struct cluster, slurmdbd_port, "DbdPort"),
	{ "slurm_conf", K_KV, F(struct cluster, slurm_conf),
	  .doc = "more slurm.conf keys, checked against the Slurm version; a password "
		 "(AccountingStoragePass) may be {password_file: PATH}, read when apply "
		 "writes it" },
	{ "cgroup_conf", K_KV, F(struct cluster, cgroup_conf),
	  .doc = "more cgroup.conf keys" },
	{ "slurmdbd_conf", K_KV, F(struct cluster, slurmdbd_conf),
	  .doc = "more slurmdbd.conf keys" },
	{ "services", K_SUB, 0, .sub = &services_table, .type_doc = "mapping",
	  .def = "systemd", .doc = "munge, slurmctld, slurmd, slurmdbd, sackd: commands" },
};
const struct key_table inv_cluster_table = TABLE("cluster", cluster_keys);

/*
 * Trust on first use is the decision of whoever runs clusterctl: an
 * inventory that could make it (with known_hosts: /dev/null) would turn off
 * host key checking for a review pipeline that runs it.
 */
static void refuse_tofu(struct loader *ld, void *obj, yaml_node_t *val,
			const struct src_loc *kloc)
{
	(void)obj;
	(void)val;
	diag_error(ld->dl, kloc, "ssh.accept_new_host_keys is not read from the "
		   "inventory: pass --accept-new-host-keys to trust unknown host "
		   "keys on first use");
}

static const struct key_spec ssh_keys[] = {
	{ "user", K_STR, F(struct ssh_settings, user),
	  .def = "ssh_config's User, else root", .doc = "remote user" },
	PORT("port", struct ssh_settings, port,
	     "SSH port (default: ssh_config's Port, else 22)"),
	{ "identity", K_PATH, F(struct ssh_settings, identity),
	  L(struct ssh_settings, identity_loc), .def = "agent and defaults",
	  .doc = "private key file; in the inventory's directory tree unless "
		 "--allow-path allows more" },
	{ "known_hosts", K_PATH, F(struct ssh_settings, known_hosts),
	  L(struct ssh_settings, known_hosts_loc),
	  .def = "ssh_config's UserKnownHostsFile, else ~/.ssh/known_hosts",
	  .doc = "known_hosts file; in the tree unless --allow-path allows more" },
	{ "config", K_PATH, F(struct ssh_settings, config),
	  L(struct ssh_settings, config_loc),
	  .def = "~/.ssh/config and /etc/ssh/ssh_config",
	  .doc = "ssh_config file (docs/ssh.md); in the tree unless --allow-path "
		 "allows more" },
	{ "fanout", K_INT, F(struct ssh_settings, fanout), .min = 1, .max = 4096,
	  .def = "64", .doc = "hosts worked on at once" },
	{ "connect_timeout", K_INT, F(struct ssh_settings, connect_timeout),
	  .min = 1, .max = 86400, .def = "10", .doc = "seconds" },
	{ "command_timeout", K_INT, F(struct ssh_settings, command_timeout),
	  .min = 1, .max = 86400, .def = "300", .doc = "seconds" },
	{ "accept_new_host_keys", K_FN, 0, .fn = refuse_tofu, .type_doc = "refused",
	  .doc = "not read from the inventory: trusting unknown host keys is the "
		 "command line's --accept-new-host-keys" },
};
const struct key_table inv_ssh_table = TABLE("ssh", ssh_keys);

static const struct key_spec db_keys[] = {
	{ "host", K_STR, F(struct db_settings, host), L(struct db_settings, host_loc),
	  .doc = "MariaDB host as clusterctl reaches it (with tunnel: as the "
		 "tunnel host reaches it)" },
	{ "tunnel", K_STR, F(struct db_settings, tunnel), L(struct db_settings, tunnel_loc),
	  .doc = "a host whose SSH server carries clusterctl's connection to "
		 "MariaDB (a direct-tcpip channel, as ssh -L): for a MariaDB only "
		 "the cluster reaches; usually the accounting host" },
	PORT("port", struct db_settings, port, "MariaDB port (default 3306)"),
	{ "name", K_STR, F(struct db_settings, name), L(struct db_settings, name_loc),
	  .def = "slurm_acct_db",
	  .doc = "database name (StorageLoc)" },
	{ "user", K_STR, F(struct db_settings, user), L(struct db_settings, user_loc),
	  .def = "slurm", .doc = "database user (StorageUser)" },
	{ "password_file", K_PATH, F(struct db_settings, password_file),
	  L(struct db_settings, password_file_loc),
	  .doc = "file holding the password (relative: to the inventory); in the "
		 "tree unless --allow-path allows more" },
	{ "password_env", K_STR, F(struct db_settings, password_env),
	  L(struct db_settings, password_env_loc),
	  .doc = "environment variable holding the password: its name ends in "
		 "_PASSWORD or _PASS, or starts with CLUSTERCTL_" },
	{ "storage_host", K_STR, F(struct db_settings, storage_host),
	  L(struct db_settings, storage_host_loc),
	  .def = "host", .doc = "MariaDB host as slurmdbd reaches it (StorageHost)" },
	{ "tls", K_BOOL, F(struct db_settings, tls), .def = "false",
	  .doc = "connect over TLS and verify the server's certificate and "
		 "host name (MariaDB's --ssl-verify-server-cert)" },
	{ "tls_ca", K_PATH, F(struct db_settings, tls_ca),
	  L(struct db_settings, tls_ca_loc), .def = "the system's CAs",
	  .doc = "CA certificate file the server's certificate must chain to "
		 "(relative: to the inventory; in the tree unless --allow-path "
		 "allows more); sets tls" },
	{ "method", K_ENUM, F(struct db_settings, method), .choices = db_methods,
	  .def = "auto", .doc = "auto: sacctmgr for a few changed rows (live, no "
	  "restart), sql for bulk on 22.05 and 25.05+ (not on 23.11-24.11, where "
	  "slurmdbd's restart costs more; README, database.method); sql: direct "
	  "SQL, daemons restarted; "
	  "sacctmgr: through slurmdbd (commands, or sacctmgr load for bulk adds)" },
};
const struct key_table inv_db_table = TABLE("database", db_keys);

const struct inv_ref_section inv_cluster_ref[] = {
	{ "cluster", "Cluster-wide settings. `slurm_conf`, `cgroup_conf` and "
	  "`slurmdbd_conf` keys are checked, case-insensitively, against what "
	  "`slurm_version` accepts: removed or newer keys are errors, ignored "
	  "(defunct) ones warnings, and keys the inventory models itself are "
	  "errors (ClusterName, SlurmctldHost, NodeName, ...). Their values "
	  "(and those of node types' and partitions' `extra`) are checked as "
	  "that release reads them: integers and their ranges, booleans, times, "
	  "plugin names, list words; what Slurm refuses or reads as something "
	  "else is an error, what it starts with after logging an error and "
	  "using another value a warning.", &inv_cluster_table },
	{ "cluster.slurm_user, cluster.munge_user", "Service users, created with "
	  "the same UID/GID on every host.", &svc_user_table },
	{ "cluster.services", "Commands that drive each service on a host.",
	  &services_table },
	{ "cluster.services.SERVICE", "One service's commands (run by the "
	  "host's shell).", &service_cmd_table },
	{ "ssh", "How clusterctl reaches the hosts.", &inv_ssh_table },
	{ "database", "The Slurm accounting database.", &inv_db_table },
	{ 0 }
};
