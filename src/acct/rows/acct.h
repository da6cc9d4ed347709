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
 * environment variable, never argv; through database.tunnel's host when
 * the inventory names one) and diffs it against the model.
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
/*
 * An acct_remote_fn over SSH for the CLI (acct_remote.c), through the
 * executor (exec_pool_run_cmd): one session per host, opened on first use
 * with the model's ssh settings and kept until acct_ssh_free(); a command
 * that exits non-zero fails with "exit status N: STDERR". Pass the struct
 * acct_ssh * as the cookie.
 */
struct acct_ssh;
/*
 * The cluster lock for a command that writes the accounting database
 * (lock.h): the local lock, then the holder command on the controller,
 * over its own SSH session, or through the exec-via command via when via
 * is not NULL. Also catches SIGINT/SIGTERM: acct_plan_apply then stops at
 * its next safe point (slurmdbd started again). 0 with *out (released by
 * acct_lock_release(), NULL-safe), or -1 with *cause.
 */
struct acct_lock;
#endif
