/*
 * model_roles_test.c: the model's answers, each asked in one place
 * (model.h): who runs which daemon (by role and by the cluster's names,
 * on models straight from the loader too), the controller and the
 * slurmdbd host, service users' groups and ids, the database's defaults,
 * and that the database password has no precedence between its two
 * sources.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "inventory/inventory.h"
#include "inventory/model.h"

/* A model from YAML, loaded but not validated (what unit tests build). */
static struct model *load(const char *yaml)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", yaml, strlen(yaml), &dl);

	cr_assert_not_null(m);
	diag_release(&dl);
	return m;
}

static const struct host *host(const struct model *m, const char *name)
{
	const struct host *h = model_find_host(m, name);

	cr_assert_not_null(h, "no host '%s'", name);
	return h;
}

/* Which of the four daemons h runs, as "munge,slurmctld,...". */
static char *runs(const struct model *m, const char *name)
{
	static char buf[64];
	const struct host *h = host(m, name);
	int k;

	buf[0] = '\0';
	for (k = 0; k < SVC_COUNT; k++)
		if (model_host_runs(m, h, k)) {
			if (buf[0])
				strcat(buf, ",");
			strcat(buf, service_kind_name(k));
		}
	return buf;
}

static const char cluster_by_names[] =
	"cluster: {name: c, controller: ctl, backup_controller: bak,\n"
	"          accounting_host: db}\n"
	"hosts:\n"
	"  - {names: ctl, roles: [controller]}\n"
	"  - {names: bak, roles: [backup]}\n"
	"  - {names: db, roles: [dbd]}\n"
	"  - {names: n1, roles: [compute]}\n"
	"  - {names: login1, roles: [login]}\n";

Test(model_roles, who_runs_what)
{
	struct model *m = load(cluster_by_names);

	cr_expect_str_eq(runs(m, "ctl"), "munge,slurmctld");
	cr_expect_str_eq(runs(m, "bak"), "munge,slurmctld");
	cr_expect_str_eq(runs(m, "db"), "munge,slurmdbd");
	cr_expect_str_eq(runs(m, "n1"), "munge,slurmd");
	cr_expect_str_eq(runs(m, "login1"), "munge");
	cr_expect_eq(model_controller(m), 0);
	cr_expect_eq(model_dbd_host(m), host(m, "db"));
	model_free(m);
}

/*
 * Configless: a login host without slurmd runs sackd from 23.11 on (and
 * then fetches like the compute hosts); before 23.11, in push mode, or
 * with slurmd or slurmctld on it, it does not.
 */
Test(model_roles, sackd_on_configless_login_hosts_from_23_11)
{
	struct model *m = load("cluster: {name: c, controller: ctl, slurm_version: \"24.11\","
			       " config_mode: configless}\n"
			       "hosts:\n"
			       "  - {names: ctl, roles: [controller, login]}\n"
			       "  - {names: n1, roles: [compute, login]}\n"
			       "  - {names: login1, roles: [login]}\n");

	cr_expect_str_eq(runs(m, "login1"), "munge,sackd");
	cr_expect_str_eq(runs(m, "n1"), "munge,slurmd");
	cr_expect_str_eq(runs(m, "ctl"), "munge,slurmctld");
	cr_expect(model_host_fetches(m, host(m, "login1")));
	cr_expect(model_host_fetches(m, host(m, "n1")));
	cr_expect(!model_host_fetches(m, host(m, "ctl")));
	m->cluster.slurm_version = "23.02";
	cr_expect_str_eq(runs(m, "login1"), "munge");
	cr_expect(!model_host_fetches(m, host(m, "login1")));
	m->cluster.slurm_version = "23.11";
	cr_expect_str_eq(runs(m, "login1"), "munge,sackd");
	m->cluster.config_mode = CONFIG_PUSH;
	cr_expect_str_eq(runs(m, "login1"), "munge");
	cr_expect(!model_host_fetches(m, host(m, "n1")));
	model_free(m);
}

/* A model straight from the loader: the cluster's names count like roles. */
Test(model_roles, names_count_without_roles)
{
	struct model *m = load(
		"cluster: {name: c, controller: b, backup_controller: c,\n"
		"          accounting_host: a}\n"
		"hosts:\n"
		"  - {names: a}\n"
		"  - {names: b}\n"
		"  - {names: c}\n");

	cr_expect_str_eq(runs(m, "a"), "munge,slurmdbd");
	cr_expect_str_eq(runs(m, "b"), "munge,slurmctld");
	cr_expect_str_eq(runs(m, "c"), "munge,slurmctld", "the backup controller");
	cr_expect_eq(model_controller(m), 1);
	cr_expect_eq(model_dbd_host(m), host(m, "a"));
	model_free(m);
}

/* And roles count without the names: the first holder of the role. */
Test(model_roles, roles_count_without_names)
{
	struct model *m = load(
		"cluster: {name: c}\n"
		"hosts:\n"
		"  - {names: n1, roles: [compute]}\n"
		"  - {names: x, roles: [controller, dbd]}\n"
		"  - {names: y, roles: [controller, dbd]}\n");

	cr_expect_eq(model_controller(m), 1);
	cr_expect_eq(model_dbd_host(m), host(m, "x"));
	cr_expect_str_eq(runs(m, "y"), "munge,slurmctld,slurmdbd");
	model_free(m);
}

Test(model_roles, no_controller_no_dbd)
{
	struct model *m = load(
		"cluster: {name: c, accounting_host: elsewhere}\n"
		"hosts:\n"
		"  - {names: n1, roles: [compute, dbd]}\n");

	cr_expect_eq(model_controller(m), SIZE_MAX);
	/* accounting_host names the host, even one the inventory lacks */
	cr_expect_null(model_dbd_host(m));
	model_free(m);
	m = load("cluster: {name: c}\nhosts:\n  - {names: n1, roles: [compute]}\n");
	cr_expect_null(model_dbd_host(m));
	model_free(m);
}

Test(model_roles, service_users_groups_and_ids)
{
	struct model *m = load(
		"cluster: {name: c, controller: ctl,\n"
		"  slurm_user: {name: slurm, uid: 64030, gid: 64030},\n"
		"  munge_user: {name: munge, group: mungegrp, uid: 64031, gid: 64041}}\n"
		"hosts:\n"
		"  - {names: ctl, roles: [controller]}\n");
	const struct cluster *c = &m->cluster;

	cr_expect_str_eq(svc_user_group(&c->slurm_user), "slurm", "group defaults to the name");
	cr_expect_str_eq(svc_user_group(&c->munge_user), "mungegrp");
	cr_expect_eq(model_uid_of(m, "root"), 0);
	cr_expect_eq(model_uid_of(m, "slurm"), 64030);
	cr_expect_eq(model_uid_of(m, "munge"), 64031);
	cr_expect_eq(model_uid_of(m, "mungegrp"), -1, "a group is not an owner");
	cr_expect_eq(model_uid_of(m, "nobody"), -1);
	cr_expect_eq(model_gid_of(m, "root"), 0);
	cr_expect_eq(model_gid_of(m, "slurm"), 64030);
	cr_expect_eq(model_gid_of(m, "mungegrp"), 64041);
	cr_expect_eq(model_gid_of(m, "munge"), -1, "munge's group is mungegrp");
	model_free(m);
}

/* ids the inventory leaves unset come back unset: the hosts' then decide */
Test(model_roles, unset_ids_stay_unset)
{
	struct model *m = load("cluster: {name: c}\nhosts:\n  - {names: a}\n");

	cr_expect_eq(model_uid_of(m, m->cluster.slurm_user.name), MODEL_UNSET);
	cr_expect_eq(model_gid_of(m, svc_user_group(&m->cluster.munge_user)),
		     MODEL_UNSET);
	model_free(m);
}

/* The database's defaults: the same from model_new() and from nothing. */
Test(model_roles, database_defaults)
{
	struct model *m = model_new();
	struct db_settings none = { 0 }, set = { .host = "db1", .port = 3307,
		.name = "acct", .user = "dbd", .storage_host = "db1.internal" };

	cr_expect_eq(db_port(&m->db), 3306);
	cr_expect_str_eq(db_name(&m->db), "slurm_acct_db");
	cr_expect_str_eq(db_user(&m->db), "slurm");
	cr_expect_eq(db_port(&none), db_port(&m->db));
	cr_expect_str_eq(db_name(&none), db_name(&m->db));
	cr_expect_str_eq(db_user(&none), db_user(&m->db));
	cr_expect_null(db_storage_host(&none));
	cr_expect_eq(db_port(&set), 3307);
	cr_expect_str_eq(db_name(&set), "acct");
	cr_expect_str_eq(db_user(&set), "dbd");
	cr_expect_str_eq(db_storage_host(&set), "db1.internal");
	set.storage_host = NULL;
	cr_expect_str_eq(db_storage_host(&set), "db1", "slurmdbd reaches it as we do");
	model_free(m);
}

/*
 * The password's two sources have no precedence: with both set neither is
 * read (not even the one that would work), so no fall-back can pick a
 * password the operator did not mean.
 */
Test(model_roles, db_password_no_precedence)
{
	struct db_settings s = { 0 };
	char *cause = NULL;

	setenv("MODEL_ROLES_TEST_PASSWORD", "from-env", 1);
	s.password_env = "MODEL_ROLES_TEST_PASSWORD";
	s.password_file = "/nonexistent/model_roles_test.pass";
	cr_expect_null(db_password(&s, &cause), "the variable does not win");
	cr_expect_str_eq(cause, "database.password_file and database.password_env "
				"are both set");
	free(cause);
	/* an unreadable file alone is an error, never "no password" */
	s.password_env = NULL;
	cr_expect_null(db_password(&s, &cause));
	cr_assert_not_null(cause);
	cr_expect(strstr(cause, "model_roles_test.pass") != NULL, "%s", cause);
	free(cause);
	unsetenv("MODEL_ROLES_TEST_PASSWORD");
}
