/*
 * acct.h: the Slurm accounting database as desired state. The model's
 * cluster, QoS, account tree and users become rows as slurmdbd 22.05 would
 * write them; they are diffed against what the database holds (the plan),
 * and the plan is applied either as SQL in one transaction (method sql) or
 * as "sacctmgr -i" commands run on the dbd host (method sacctmgr).
 *
 * Ownership: struct acct_plan is opaque and owned by whoever computed it;
 * acct_plan_free() releases it. Strings returned through char **cause are
 * newly allocated; the caller frees them. Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_ACCT_H
#define CLUSTERCTL_ACCT_H

#include "base/compat.h"

#include <jansson.h>

#include "inventory/model.h"
#include "base/strbuf.h"

struct acct_plan;

/*
 * Runs a shell command on host `host` (an inventory host name) and appends
 * its standard output to out. Returns 0 when the command ran and exited 0;
 * otherwise -1 with *cause set (newly allocated; include stderr if useful).
 * The caller wires it to SSH (transport_run) or, in tests, to the lab.
 */
typedef int (*acct_remote_fn)(void *cookie, const char *host, const char *cmd,
			      struct strbuf *out, char **cause);

/*
 * Reads the database named by m->db (password from the file or the
 * environment variable, never argv) and diffs it against the model.
 * prune: also plan the removal of accounts, users, associations and QoS the
 * inventory does not name (never root, root's user association or
 * "normal"). A database without the cluster plans the cluster too; a
 * database without slurmdbd's schema plans everything. The failures are
 * negative, so callers that need not tell them apart test "< 0".
 */
enum acct_plan_result {
	ACCT_PLANNED = 0,
	ACCT_PLAN_FAILED = -1,	/* *cause says why */
	/* the database refused the inventory's user or password (*cause):
	 * slurmdbd would be refused the same way */
	ACCT_DB_REFUSED = -2,
};
enum acct_plan_result acct_plan_compute(const struct model *m, bool prune, struct acct_plan **out,
		      char **cause);

/* Number of changes (added + changed + removed objects). */
size_t acct_plan_count(const struct acct_plan *p);

/* Appends the human-readable accounting section of the plan. */
void acct_plan_print(const struct acct_plan *p, struct strbuf *out);

/* The plan as JSON: {"changes": [{op, kind, name, attrs: {a: [old, new]}}]}. New reference. */
json_t *acct_plan_to_json(const struct acct_plan *p);

/*
 * The method acct_plan_apply() uses for p: m->db.method when it is sql or
 * sacctmgr; for auto, sacctmgr (live, no restart) unless the plan takes
 * more than 10 sacctmgr commands on 22.05's schema, or adds by "sacctmgr
 * load" with more than 4,000 changed rows on 22.05's or 25.05+'s schema:
 * then sql. So 23.11-24.11 (slurmdbd's start is sql's cost there) and a
 * schema the sql writer refuses always take sacctmgr; a cold database
 * of a release the sql writer knows takes sql (bench/acct/RESULTS.md).
 */
enum db_method acct_plan_method(const struct model *m, const struct acct_plan *p);

/*
 * Executes the plan with acct_plan_method(). sql: stops slurmdbd on the
 * accounting host, writes every change in one transaction, starts slurmdbd,
 * restarts slurmctld on the controller (22.05 only loads new associations
 * at start). sacctmgr: runs "sacctmgr -i" commands on the accounting host.
 * Both then read back "sacctmgr show ... -P" on the accounting host and
 * compare with the model. 0, or -1 + *cause (nothing written when the
 * transaction failed).
 */
int acct_plan_apply(const struct model *m, const struct acct_plan *p,
		    acct_remote_fn remote, void *cookie, char **cause);

void acct_plan_free(struct acct_plan *p);

/*
 * An acct_remote_fn over SSH for the CLI (acct_remote.c), through the
 * executor (exec_pool_run_cmd): one session per host, opened on first use
 * with the model's ssh settings and kept until acct_ssh_free(); a command
 * that exits non-zero fails with "exit status N: STDERR". Pass the struct
 * acct_ssh * as the cookie.
 */
struct acct_ssh;
struct acct_ssh *acct_ssh_new(const struct model *m, bool accept_new_host_keys);
int acct_ssh_remote(void *cookie, const char *host, const char *cmd,
		    struct strbuf *out, char **cause);
void acct_ssh_free(struct acct_ssh *s);

/*
 * An acct_remote_fn for --exec-via: the cookie is VIA, a command prefix
 * (e.g. "scripts/lab.sh exec", "sudo -u admin /site/bin/on"). The contract,
 * one shell level and one only: VIA is shell text that /bin/sh reads here
 * once (as typed on the command line); it is then given HOST, "sh", "-c"
 * and CMD as four more arguments, exactly, never re-quoted ("$@"). VIA must
 * run them on HOST as that argument vector, the way nsenter, sudo,
 * "docker exec" or "kubectl exec --" do. ssh joins its arguments into one
 * string for a second shell: it needs a wrapper that quotes them again
 * (docs/security.md shows one). CMD's stdout is the output, its stderr's
 * last line the error; it runs in its own process group, stdin /dev/null.
 */
int acct_exec_remote(void *cookie, const char *host, const char *cmd,
		     struct strbuf *out, char **cause);

/*
 * The cluster lock for a command that writes the accounting database
 * (lock.h): the local lock, then the holder command on the controller,
 * over its own SSH session, or through the exec-via command via when via
 * is not NULL. Also catches SIGINT/SIGTERM: acct_plan_apply then stops at
 * its next safe point (slurmdbd started again). 0 with *out (released by
 * acct_lock_release(), NULL-safe), or -1 with *cause.
 */
struct acct_lock;
int acct_lock_take(const struct model *m, const char *via, bool accept_new,
		   struct acct_lock **out, char **cause);
void acct_lock_release(struct acct_lock *l);
/*
 * The lock's SSH sessions (NULL when it went through exec-via or the
 * inventory has no controller), for an acct_ssh_remote() cookie: the
 * accounting commands then open one connection, not two. Owned by l.
 */
struct acct_ssh *acct_lock_ssh(struct acct_lock *l);

/*
 * Appends a "sacctmgr load" flat file for the model (Cluster, Parent,
 * Account and User lines) preceded by the "sacctmgr add qos" commands as
 * comments (22.05 flat files cannot hold QoS). 0, or -1 + *cause.
 */
int acct_export_flat(const struct model *m, struct strbuf *out, char **cause);

/*
 * Appends the whole desired state as "sacctmgr -i" command lines (one per
 * line, every argument shell-quoted): QoS, accounts, users, coordinators.
 */
int acct_export_commands(const struct model *m, struct strbuf *out, char **cause);

#endif
