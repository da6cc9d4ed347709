/*
 * cmd_accounting.c: "clusterctl accounting plan|apply INVENTORY": only the
 * accounting part of plan/apply. plan prints what would change in the
 * Slurm accounting database and exits 0 (nothing) or 2 (pending); apply
 * writes it with the inventory's method (sql or sacctmgr) and reads back.
 */
#include "compat.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "cmd.h"
#include "inventory.h"
#include "strbuf.h"
#include "overlay.h"

static const char *const accounting_usage[] = {
	"clusterctl accounting plan INVENTORY [--prune] [--json] [--overlay FILE]...",
	"   or: clusterctl accounting apply INVENTORY [--prune] [--accept-new-host-keys]",
	"                                            [--exec-via CMD]",
	"",
	"Compares the Slurm accounting database (database: in the inventory) with",
	"the inventory's QoS, accounts and users. plan prints the difference and",
	"exits 0 (nothing) or 2 (pending); apply writes it (method sql: one",
	"transaction, slurmdbd stopped, then slurmdbd and slurmctld restarted;",
	"method sacctmgr: sacctmgr -i commands on the accounting host) and",
	"checks it with sacctmgr show. No file on any host is touched.",
	"",
	"options:",
	"  --prune                 also remove what the inventory does not name",
	"  --json                  print the plan as JSON (docs/json-format.md)",
	"  --accept-new-host-keys  trust (and record in known_hosts) host keys",
	"                          not seen before; a changed key is always refused",
	"  --exec-via CMD          run remote commands as 'CMD HOST sh -c SCRIPT' on this",
	"                          machine instead of over SSH: CMD is read by sh once,",
	"                          HOST, sh, -c, SCRIPT follow as 4 arguments that CMD",
	"                          must run on HOST as they are (nsenter, sudo, kubectl",
	"                          exec --; the lab: 'scripts/lab.sh exec'; ssh needs a",
	"                          wrapper: docs/security.md)",
	"  --allow-path DIR        files the inventory names (include:, templates,",
	"                          password, TLS, ssh and munge key files) may also",
	"                          lie under DIR (repeatable; or CLUSTERCTL_ALLOW_PATH)",
	"  --overlay FILE          apply FILE on top of INVENTORY (repeatable,",
	"                          docs/overlays.md)",
	"  -h, --help              show this help",
	NULL,
};

struct acct_opts {
	bool prune, json, accept_new;
	const char *exec_via;
};

/* Options, then the operands VERB INVENTORY into verb and path. */
static int parse(int argc, char **argv, struct acct_opts *o, const char **verb,
		 const char **path)
{
	static const struct option longopts[] = {
		{ "prune", no_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'j' },
		{ "accept-new-host-keys", no_argument, NULL, 'a' },
		{ "exec-via", required_argument, NULL, 'e' },
		{ "allow-path", required_argument, NULL, 'P' },
		{ "overlay", required_argument, NULL, 'O' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmd_args a = CMD_ARGS_INIT;
	const char *why = NULL;
	int c;

	while (!why && (c = cmd_getopt(&a, argc, argv, "", longopts)) != -1) {
		switch (c) {
		case 'p': o->prune = true; break;
		case 'j': o->json = true; break;
		case 'a': o->accept_new = true; break;
		case 'e': o->exec_via = optarg; break;
		case 'P':
			if (cmd_allow_path(optarg)) {
				cmd_args_release(&a);
				return -1;
			}
			break;
		case 'O': overlay_add(optarg); break;
		default: why = a.error; break;
		}
	}
	if (!why && (a.n < 1 || (strcmp(a.operands[0], "plan") &&
				 strcmp(a.operands[0], "apply"))))
		why = a.n ? "the first argument is plan or apply" : "missing plan or apply";
	else if (!why && a.n != 2)
		why = a.n < 2 ? "missing INVENTORY" : "too many arguments";
	if (why) {
		cmd_usage_error(&cmd_accounting_entry, why);
		cmd_args_release(&a);
		return -1;
	}
	*verb = a.operands[0];
	*path = a.operands[1];
	cmd_args_release(&a);
	return 0;
}

static void print_plan(const struct acct_plan *p, bool json)
{
	struct strbuf sb = STRBUF_INIT;

	if (json) {
		cmd_print_json(acct_plan_to_json(p), stdout);
		return;
	}
	strbuf_addstr(&sb, "accounting:\n");
	acct_plan_print(p, &sb);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
}

static int do_apply(const struct model *m, const struct acct_plan *p,
		    const struct acct_opts *o)
{
	struct acct_ssh *ssh;
	char *cause = NULL;
	int rc;

	if (!acct_plan_count(p)) {
		printf("accounting: nothing to change\n");
		return CL_OK;
	}
	if (o->exec_via) {
		rc = acct_plan_apply(m, p, acct_exec_remote, (void *)o->exec_via, &cause);
	} else {
		ssh = acct_ssh_new(m, o->accept_new);
		rc = acct_plan_apply(m, p, acct_ssh_remote, ssh, &cause);
		acct_ssh_free(ssh);
	}
	if (rc < 0) {
		fprintf(stderr, "clusterctl: accounting: %s\n", cause);
		free(cause);
		return CL_FATAL;
	}
	printf("accounting: %zu change%s applied and read back\n", acct_plan_count(p),
	       acct_plan_count(p) == 1 ? "" : "s");
	return CL_OK;
}

static int run(const char *verb, const char *path, const struct acct_opts *o)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = diag_read_source(&dl, path) ? NULL :
		inventory_load_valid(path, &dl);
	struct acct_plan *p = NULL;
	struct acct_lock *lock = NULL;
	char *cause = NULL;
	int rc;

	diag_print(&dl, stderr);
	diag_release(&dl);
	if (!m)
		return CL_INVALID;
	/* apply plans under the cluster lock: what it writes is what it planned */
	if ((!strcmp(verb, "apply") && m->db.host &&
	     acct_lock_take(m, o->exec_via, o->accept_new, &lock, &cause) < 0) ||
	    acct_plan_compute(m, o->prune, &p, &cause) < 0) {
		fprintf(stderr, "clusterctl: accounting: %s\n", cause);
		free(cause);
		acct_lock_release(lock);
		model_free(m);
		return CL_FATAL;
	}
	print_plan(p, o->json);
	if (!strcmp(verb, "plan"))
		rc = acct_plan_count(p) ? CL_PENDING : CL_OK;
	else
		rc = do_apply(m, p, o);
	acct_plan_free(p);
	acct_lock_release(lock);
	model_free(m);
	return rc;
}

static int cmd_accounting_run(int argc, char **argv)
{
	struct acct_opts o = { false, false, false, NULL };
	const char *verb, *path;

	if (cmd_wants_help(argc, argv)) {
		cmd_print_usage(&cmd_accounting_entry, stdout);
		cmd_print_exit_codes(stdout);
		return CL_OK;
	}
	if (parse(argc, argv, &o, &verb, &path) < 0)
		return CL_USAGE;
	return run(verb, path, &o);
}

const struct cmd_entry cmd_accounting_entry = {
	.name = "accounting",
	.summary = "plan or apply only the Slurm accounting database",
	.usage = accounting_usage,
	.run = cmd_accounting_run,
};
