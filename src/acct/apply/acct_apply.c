/*
 * acct_apply.c: applying an accounting plan and checking the result. The
 * sql method writes behind slurmdbd's back, so it stops slurmdbd first,
 * starts it again afterwards (it caches admin levels and clusters) and
 * restarts slurmctld (22.05 loads associations only at start; lab Q5).
 * Either method ends by reading "sacctmgr show ... -P" on the accounting
 * host and comparing it with the desired state: that is what Slurm itself
 * will act on. SIGINT/SIGTERM (lock_catch_signals) are looked at before
 * slurmdbd is stopped and before the write: an interrupted apply writes
 * nothing and always starts slurmdbd again.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct.h"
#include "acct/rows/acct_db.h"
#include "acct/apply/acct_dbd.h"
#include "acct/plan/acct_sacctmgr.h"
#include "acct/sql/acct_sql.h"
#include "transport/hosttarget.h"
#include "transport/lock.h"
#include "transport/transport_exec.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "inventory/model.h"
#include "transport/db.h"
#include "acct/read/acct_observe.h"
#include "acct/apply/acct_readback.h"
#include "acct/apply/acct_apply.h"
#include "acct/plan/acct_method.h"

static int remote_run(acct_remote_fn remote, void *cookie, const char *host,
		      const char *cmd, struct strbuf *out, char **cause)
{
	struct strbuf tmp = STRBUF_INIT;
	int rc = remote(cookie, host, cmd, out ? out : &tmp, cause);

	strbuf_release(&tmp);
	return rc;
}

/* Runs a service command if the inventory has one. */
static int service(const struct model *m, enum service_kind k, const char *what,
		   const char *host, acct_remote_fn remote, void *cookie,
		   char **cause)
{
	const struct service_cmds *s = &m->cluster.services[k];
	const char *cmd = !strcmp(what, "stop") ? s->stop :
		!strcmp(what, "start") ? s->start :
		!strcmp(what, "reconfigure") && s->reconfigure ? s->reconfigure : s->restart;
	char *why = NULL;

	if (!cmd || !host)
		return 0;
	if (remote_run(remote, cookie, host, cmd, NULL, &why) < 0) {
		*cause = xasprintf("cannot %s %s on '%s': %s", what, service_kind_name(k),
				   host, why ? why : "failed");
		free(why);
		return -1;
	}
	return 0;
}

static int wait_dbd(const char *host, acct_remote_fn remote, void *cookie,
		    char **cause)
{
	char *why = NULL;

	if (remote_run(remote, cookie, host,
		       "i=0; while [ $i -lt 60 ]; do sacctmgr -n show cluster >/dev/null 2>&1 "
		       "&& exit 0; i=$((i+1)); sleep 0.5; done; exit 1", NULL, &why) < 0) {
		*cause = xasprintf("slurmdbd on '%s' does not answer sacctmgr after the "
				   "restart: %s", host, why ? why : "timed out");
		free(why);
		return -1;
	}
	return 0;
}

/*
 * Pre-flight: the schema must be one we write; the cluster's tables come
 * from slurmdbd itself when no other cluster exists to copy them from.
 */
static int ensure_cluster(struct db *db, const struct acct_plan *p, const char *dbd,
			  acct_remote_fn remote, void *cookie, long *rpc, char **cause)
{
	struct acct_dbinfo info;
	struct strbuf cmd = STRBUF_INIT;
	char *why = NULL;
	int rc = 0;

	if (acct_observe_info(db, p->cluster, &info, cause) < 0)
		return -1;
	db_rollback(db);
	*rpc = info.rpc_version;
	/* refuse before anything is stopped or written */
	if (acct_sql_check_schema(&info, cause) < 0) {
		rc = -1;
	} else if (!info.cluster_tables && !info.template_cluster) {
		strbuf_addstr(&cmd, "sacctmgr -i add cluster ");
		transport_shell_quote(&cmd, p->cluster);
		if (remote_run(remote, cookie, dbd, cmd.buf, NULL, &why) < 0) {
			*cause = xasprintf("cannot create cluster '%s' through slurmdbd: %s",
					   p->cluster, why ? why : "failed");
			rc = -1;
		}
	}
	free(why);
	strbuf_release(&cmd);
	acct_dbinfo_release(&info);
	return rc;
}

/* -1 with *cause "interrupted: <what>" once SIGINT/SIGTERM arrived. */
static int interrupted(char **cause, const char *what)
{
	if (!lock_interrupted())
		return 0;
	*cause = xasprintf("interrupted: %s", what);
	return -1;
}

static int apply_sql(const struct model *m, const struct acct_plan *p,
		     acct_remote_fn remote, void *cookie, char **cause)
{
	const char *dbd = acct_dbd_host(m);
	struct transport_target via;
	struct db *db = NULL;
	bool need_cluster = false;
	char *start_err = NULL;
	long rpc = 0;
	int rc = -1;

	if (db_connect(&m->db, db_tunnel_target(m, p->accept_new, &via), &db, cause) < 0)
		return -1;
	if (ensure_cluster(db, p, dbd, remote, cookie, &rpc, cause) < 0 ||
	    interrupted(cause, "nothing was written") ||
	    service(m, SVC_SLURMDBD, "stop", dbd, remote, cookie, cause) < 0)
		goto out;
	/* SIGINT/SIGTERM while slurmdbd was stopping: write nothing, start it */
	if (!interrupted(cause, "nothing was written, slurmdbd started again"))
		rc = acct_sql_write(db, p, &need_cluster, cause);
	/* slurmdbd comes back whatever happened to the transaction */
	if (service(m, SVC_SLURMDBD, "start", dbd, remote, cookie, &start_err) < 0 && rc == 0) {
		*cause = start_err;
		start_err = NULL;
		rc = -1;
	}
	/*
	 * slurmctld loads the associations from slurmdbd as it starts: a
	 * start command that returns before slurmdbd listens (systemd's
	 * Type=simple units do) would let it fall back to its old cache.
	 */
	if (rc == 0)
		rc = wait_dbd(dbd, remote, cookie, cause);
	/* slurmctld is restarted (reconfigured) even then: the database has changed */
	if (rc == 0)
		rc = service(m, SVC_SLURMCTLD, rpc >= ACCT_RPC_2311 ? "reconfigure" : "restart",
			     m->cluster.controller, remote, cookie, cause);
out:
	free(start_err);
	db_close(db);
	return rc;
}

/* Runs "set -e" + cmds on the accounting host (nothing when cmds is empty). */
static int run_script(const char *host, const struct strbuf *cmds, const char *what,
		      acct_remote_fn remote, void *cookie, char **cause)
{
	struct strbuf script = STRBUF_INIT;
	char *why = NULL;
	int rc = 0;

	if (!cmds->len)
		return 0;
	strbuf_addf(&script, "set -e\n%s", cmds->buf);
	if (remote_run(remote, cookie, host, script.buf, NULL, &why) < 0) {
		*cause = xasprintf("%s on '%s' failed: %s", what, host, why ? why : "failed");
		rc = -1;
	}
	free(why);
	strbuf_release(&script);
	return rc;
}

/*
 * One argument of a command line (MAX_ARG_STRLEN, which the far side's
 * "sh -c" gets the SSH exec request as) holds 128 KiB: the flat file goes
 * over in pieces of whole lines appended to a temporary file, as large as
 * leave room for the command around them (each piece is a round trip).
 */
#define FLAT_CHUNK (120 * 1024)
#define FLAT_EOF "CLUSTERCTL_FLAT_EOF"

static int send_flat(const char *host, const struct strbuf *flat, const char *path,
		     acct_remote_fn remote, void *cookie, char **cause)
{
	for (size_t at = 0; at < flat->len;) {
		struct strbuf cmd = STRBUF_INIT;
		size_t n = flat->len - at;
		int rc;

		if (n > FLAT_CHUNK) {
			n = FLAT_CHUNK;
			while (n > 1 && flat->buf[at + n - 1] != '\n')
				n--;
		}
		strbuf_addstr(&cmd, "cat >>");
		transport_shell_quote(&cmd, path);
		strbuf_addstr(&cmd, " <<'" FLAT_EOF "'\n");
		strbuf_add(&cmd, flat->buf + at, n);
		strbuf_addstr(&cmd, FLAT_EOF "\n");
		rc = run_script(host, &cmd, "sending the sacctmgr load file", remote,
				cookie, cause);
		strbuf_release(&cmd);
		if (rc < 0)
			return -1;
		at += n;
	}
	return 0;
}

/* One "sacctmgr -i load" of flat on the accounting host (one commit). */
static int load_flat(const char *host, const struct strbuf *flat,
		     acct_remote_fn remote, void *cookie, char **cause)
{
	struct strbuf out = STRBUF_INIT, cmd = STRBUF_INIT;
	char *why = NULL, *path;
	int rc;

	if (remote_run(remote, cookie, host, "mktemp /tmp/clusterctl-load.XXXXXX",
		       &out, &why) < 0) {
		*cause = xasprintf("cannot create the sacctmgr load file on '%s': %s",
				   host, why ? why : "failed");
		free(why);
		strbuf_release(&out);
		return -1;
	}
	path = xstrndup(out.buf, strcspn(out.buf, "\n"));
	rc = send_flat(host, flat, path, remote, cookie, cause);
	strbuf_addstr(&cmd, "rc=0; sacctmgr -i load file=");
	transport_shell_quote(&cmd, path);
	strbuf_addstr(&cmd, " >/dev/null || rc=$?; rm -f ");
	transport_shell_quote(&cmd, path);
	strbuf_addstr(&cmd, "; exit $rc\n");
	if (rc == 0)
		rc = run_script(host, &cmd, "sacctmgr load", remote, cookie, cause);
	free(path);
	strbuf_release(&out);
	strbuf_release(&cmd);
	return rc;
}

/* *load: the adds went as one "sacctmgr load" (a bulk change). */
static int apply_sacctmgr(const struct model *m, const struct acct_plan *p,
			  acct_remote_fn remote, void *cookie, bool *load, char **cause)
{
	struct strbuf head = STRBUF_INIT, flat = STRBUF_INIT, tail = STRBUF_INIT;
	const char *host = acct_dbd_host(m);
	int rc;

	if (interrupted(cause, "nothing was written"))
		return -1;
	*load = acct_sacctmgr_split(p, &head, &flat, &tail);
	rc = run_script(host, &head, "sacctmgr", remote, cookie, cause);
	if (rc == 0 && *load)
		rc = load_flat(host, &flat, remote, cookie, cause);
	if (rc == 0)
		rc = run_script(host, &tail, "sacctmgr", remote, cookie, cause);
	strbuf_release(&head);
	strbuf_release(&flat);
	strbuf_release(&tail);
	return rc;
}


int acct_plan_apply(const struct model *m, const struct acct_plan *p,
		    acct_remote_fn remote, void *cookie, char **cause)
{
	bool live = false, load = false;
	int rc;

	if (!p->n_changes)
		return 0;
	if (acct_plan_method(m, p) == DB_METHOD_SACCTMGR) {
		rc = apply_sacctmgr(m, p, remote, cookie, &load, cause);
		live = !load;
	} else {
		rc = apply_sql(m, p, remote, cookie, cause);
	}
	if (rc < 0)
		return -1;
	/* a few commands through slurmdbd: read back from the database */
	if (live)
		return acct_readback_db(m, p, cause);
	return acct_readback(m, p, remote, cookie, cause);
}
