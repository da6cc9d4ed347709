/*
 * slurmkeys_test.c: the per-release key tables against facts from Slurm's
 * read_config.c at each tag: removed, defunct and new keys, keys the
 * inventory models, case-insensitive lookups and suggestions.
 */
#include "base/compat.h"

#include <criterion/criterion.h>

#include "slurm/slurmkeys.h"

static struct slurmkey_check ck(enum slurmkeys_table t, const char *key,
				const char *version)
{
	struct slurmkey_check c;

	slurmkeys_check(t, key, slurmkeys_version_index(version), &c);
	return c;
}

Test(slurmkeys, versions)
{
	cr_expect_eq(slurmkeys_version_index("20.02"), 0);
	cr_expect_eq(slurmkeys_version_index("22.05"), 3);
	cr_expect_eq(slurmkeys_version_index("22.05.8"), 3);
	cr_expect_eq(slurmkeys_version_index("25.05"), 8);
	cr_expect_eq(slurmkeys_version_index("25.11"), 9);
	cr_expect_eq(slurmkeys_version_index("26.05.5"), 10);
	cr_expect_eq(slurmkeys_version_index("26.11"), -1);
	cr_expect_eq(slurmkeys_version_index("19.05"), -1);
	cr_expect_eq(slurmkeys_version_index("22.0"), -1);
	cr_expect_eq(slurmkeys_version_index("22.055"), -1);
	cr_expect_eq(slurmkeys_version_index(""), -1);
}

Test(slurmkeys, plain_keys_are_ok_in_any_case)
{
	cr_expect_eq(ck(SLURMKEYS_CONF, "SchedulerParameters", "22.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CONF, "schedulerparameters", "22.05").status, SLURMKEY_OK);
	cr_expect_str_eq(ck(SLURMKEYS_CONF, "PREEMPTTYPE", "22.05").canonical, "PreemptType");
	/* spelt "DefCPUPerGPU" in Slurm's table, "DefCpuPerGPU" in its man page */
	cr_expect_eq(ck(SLURMKEYS_CONF, "DefCpuPerGPU", "22.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CONF, "X11Parameters", "22.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_NODE, "CpuSpecList", "22.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_PARTITION, "ExclusiveUser", "22.05").status, SLURMKEY_OK);
}

Test(slurmkeys, removed_keys)
{
	/* still parsed by 26.05: =1 ignored with an error, =0 and =2 fatal */
	struct slurmkey_check c = ck(SLURMKEYS_CONF, "FastSchedule", "26.05");

	cr_expect_eq(c.status, SLURMKEY_DEFUNCT);
	cr_expect_str_eq(c.since, "20.02");
	c = ck(SLURMKEYS_CONF, "AccountingStoreJobComment", "20.11");
	cr_expect_eq(c.status, SLURMKEY_OK);
	c = ck(SLURMKEYS_CONF, "AccountingStoreJobComment", "21.08");
	cr_expect_eq(c.status, SLURMKEY_REMOVED);
	c = ck(SLURMKEYS_CONF, "SlurmctldPlugstack", "23.02");
	cr_expect_eq(c.status, SLURMKEY_REMOVED);
	cr_expect_str_eq(c.since, "23.02");
	cr_expect_eq(ck(SLURMKEYS_CONF, "SlurmctldPlugstack", "22.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CONF, "MemLimitEnforce", "22.05").status, SLURMKEY_REMOVED);
}

Test(slurmkeys, defunct_and_new_keys)
{
	struct slurmkey_check c = ck(SLURMKEYS_CONF, "PowerPlugin", "24.05");

	cr_expect_eq(c.status, SLURMKEY_DEFUNCT);
	cr_expect_str_eq(c.since, "24.05");
	cr_expect_eq(ck(SLURMKEYS_CONF, "PowerPlugin", "23.11").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CONF, "SchedulerAuth", "22.05").status, SLURMKEY_DEFUNCT);
	c = ck(SLURMKEYS_CONF, "MaxBatchRequeue", "22.05");
	cr_expect_eq(c.status, SLURMKEY_TOO_NEW);
	cr_expect_str_eq(c.since, "23.02");
	cr_expect_eq(ck(SLURMKEYS_CONF, "MaxBatchRequeue", "23.02").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_PARTITION, "Topology", "22.05").status, SLURMKEY_TOO_NEW);
	cr_expect_eq(ck(SLURMKEYS_PARTITION, "Topology", "25.05").status, SLURMKEY_OK);
}

Test(slurmkeys, modelled_keys_say_where_to_set_them)
{
	struct slurmkey_check c = ck(SLURMKEYS_CONF, "clustername", "22.05");

	cr_expect_eq(c.status, SLURMKEY_MODELLED);
	cr_expect_str_eq(c.canonical, "ClusterName");
	cr_expect_str_eq(c.hint, "set cluster.name instead");
	cr_expect_eq(ck(SLURMKEYS_CONF, "ControlMachine", "25.05").status, SLURMKEY_MODELLED);
	cr_expect_eq(ck(SLURMKEYS_NODE, "RealMemory", "22.05").status, SLURMKEY_MODELLED);
	cr_expect_eq(ck(SLURMKEYS_PARTITION, "Nodes", "22.05").status, SLURMKEY_MODELLED);
}

Test(slurmkeys, unknown_keys_get_a_suggestion_valid_in_the_release)
{
	struct slurmkey_check c = ck(SLURMKEYS_CONF, "schedulerparameter", "22.05");

	cr_expect_eq(c.status, SLURMKEY_UNKNOWN);
	cr_expect_null(c.canonical);
	cr_expect_str_eq(c.suggest, "SchedulerParameters");
	c = ck(SLURMKEYS_NODE, "Featurs", "22.05");
	cr_expect_str_eq(c.suggest, "Feature");
	c = ck(SLURMKEYS_CONF, "NoSuchThingAtAll", "22.05");
	cr_expect_eq(c.status, SLURMKEY_UNKNOWN);
	cr_expect_null(c.suggest);
}

Test(slurmkeys, cgroup_and_slurmdbd_conf)
{
	struct slurmkey_check c = ck(SLURMKEYS_CGROUP, "constrainramspace", "22.05");

	cr_expect_eq(c.status, SLURMKEY_OK);
	cr_expect_str_eq(c.canonical, "ConstrainRAMSpace");
	cr_expect_eq(ck(SLURMKEYS_CGROUP, "CgroupAutomount", "22.05").status, SLURMKEY_OK);
	c = ck(SLURMKEYS_CGROUP, "CgroupAutomount", "25.05");
	cr_expect_eq(c.status, SLURMKEY_DEFUNCT);
	cr_expect_str_eq(c.since, "23.11");
	cr_expect_eq(ck(SLURMKEYS_CGROUP, "ConstrainKmemSpace", "22.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CGROUP, "ConstrainKmemSpace", "23.11").status,
		     SLURMKEY_REMOVED);
	cr_expect_eq(ck(SLURMKEYS_SLURMDBD, "ArchiveJobs", "22.05").status, SLURMKEY_OK);
	c = ck(SLURMKEYS_SLURMDBD, "StoragePass", "22.05");
	cr_expect_eq(c.status, SLURMKEY_MODELLED);
	cr_expect_str_eq(c.hint, "set database.password_file or password_env instead");
	cr_expect_str_eq(ck(SLURMKEYS_SLURMDBD, "DebugLevl", "22.05").suggest, "DebugLevel");
}

static const char *rv(const char *key, const char *value, const char *version,
		      const char **since)
{
	const char *instead;

	return slurmkeys_removed_value(SLURMKEYS_CONF, key, value,
				       slurmkeys_version_index(version), since, &instead);
}

/* Slurm 24.11 (Debian 13) has no select_cons_res.so, 22.05 (Debian 12) has. */
Test(slurmkeys, removed_values)
{
	const char *since = NULL;

	cr_expect_null(rv("SelectType", "select/cons_res", "22.05", &since));
	cr_expect_str_eq(rv("SelectType", "select/cons_res", "24.11", &since),
			 "select/cons_res");
	cr_expect_str_eq(since, "23.11");
	cr_expect_null(rv("SelectType", "select/cons_tres", "24.11", &since));
	cr_expect_str_eq(rv("selecttypeparameters", "CR_Core, OTHER_CONS_RES", "23.11",
			    &since), "other_cons_res");
	cr_expect_null(rv("SelectTypeParameters", "CR_Core,OTHER_CONS_RESX", "24.11", &since));
	cr_expect_str_eq(rv("TaskPlugin", "task/affinity,task/cray_aries", "24.11", &since),
			 "task/cray_aries");
	cr_expect_null(rv("SelectType", "select/cons_res", "19.05", &since));
	cr_expect_null(rv("NodeFeaturesPlugins", "node_features/knl_generic", "25.05", &since));
	cr_expect_str_eq(rv("NodeFeaturesPlugins", "node_features/knl_generic", "26.05",
			    &since), "node_features/knl_generic");
	cr_expect_str_eq(since, "25.11");
	cr_expect_null(rv("TaskPluginParam", "Sched", "20.11", &since));
	cr_expect_str_eq(rv("TaskPluginParam", "Sched", "22.05", &since), "sched");
	cr_expect_str_eq(since, "21.08");
	cr_expect_str_eq(rv("TaskPluginParam", "Cores,Cpusets", "20.11", &since), "cpusets");
	cr_expect_null(rv("TaskPluginParam", "Cores,Verbose", "26.05", &since));
	cr_expect_null(rv("FastSchedule", "1", "22.05", &since));
	cr_expect_str_eq(rv("FastSchedule", "2", "22.05", &since), "2");
	cr_expect_str_eq(rv("FastSchedule", "0", "26.05", &since), "0");
	cr_expect_str_eq(since, "20.02");
}

/* What 25.11 and 26.05 changed (their read_config.c, cgroup.c, slurmdbd's read_config.c) */
Test(slurmkeys, releases_25_11_and_26_05)
{
	struct slurmkey_check c = ck(SLURMKEYS_CONF, "AccountingStorageUser", "26.05");

	cr_expect_eq(c.status, SLURMKEY_DEFUNCT);
	cr_expect_str_eq(c.since, "25.11");
	cr_expect_eq(ck(SLURMKEYS_CONF, "AccountingStorageUser", "25.05").status, SLURMKEY_OK);
	c = ck(SLURMKEYS_CONF, "NamespaceType", "25.05");
	cr_expect_eq(c.status, SLURMKEY_TOO_NEW);
	cr_expect_str_eq(c.since, "25.11");
	cr_expect_eq(ck(SLURMKEYS_CONF, "namespacetype", "26.05").status, SLURMKEY_OK);
	c = ck(SLURMKEYS_CONF, "HealthCheckTimeout", "25.11");
	cr_expect_eq(c.status, SLURMKEY_TOO_NEW);
	cr_expect_str_eq(c.since, "26.05");
	cr_expect_eq(ck(SLURMKEYS_CONF, "HealthCheckTimeout", "26.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CONF, "FrontendName", "26.05").status, SLURMKEY_REMOVED);
	cr_expect_eq(ck(SLURMKEYS_NODE, "Parameters", "25.11").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_NODE, "SuspendTime", "25.11").status, SLURMKEY_TOO_NEW);
	cr_expect_eq(ck(SLURMKEYS_NODE, "SuspendTime", "26.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_PARTITION, "Exclusive", "25.11").status, SLURMKEY_TOO_NEW);
	cr_expect_eq(ck(SLURMKEYS_PARTITION, "Exclusive", "26.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CGROUP, "CgroupSlice", "25.05").status, SLURMKEY_TOO_NEW);
	cr_expect_eq(ck(SLURMKEYS_CGROUP, "CgroupJobIdPaths", "26.05").status, SLURMKEY_OK);
	cr_expect_eq(ck(SLURMKEYS_CGROUP, "CgroupReleaseAgentDir", "26.05").status,
		     SLURMKEY_REMOVED);
	cr_expect_eq(ck(SLURMKEYS_SLURMDBD, "StoragePassScript", "25.11").status, SLURMKEY_OK);
	c = ck(SLURMKEYS_SLURMDBD, "DisableRollups", "25.11");
	cr_expect_eq(c.status, SLURMKEY_TOO_NEW);
	cr_expect_str_eq(c.since, "26.05");
}

Test(slurmkeys, behaviours_by_release)
{
	cr_expect(!slurmkeys_has("24.11", SLURM_SACKD_PUSHED));
	cr_expect(slurmkeys_has("25.05", SLURM_SACKD_PUSHED));
	cr_expect(slurmkeys_has("26.05.5", SLURM_SACKD_PUSHED));
	cr_expect(!slurmkeys_has(NULL, SLURM_SACKD_PUSHED));
	cr_expect(!slurmkeys_has("22.05", SLURM_SACKD));
	cr_expect(slurmkeys_has("23.11", SLURM_SACKD));
	cr_expect(!slurmkeys_has("19.05", SLURM_RECONFIGURE_REEXECS));
	cr_expect(!slurmkeys_has("22.05", SLURM_RECONFIGURE_REEXECS));
	cr_expect(slurmkeys_has("23.11", SLURM_RECONFIGURE_REEXECS));
	cr_expect(slurmkeys_has("24.11.5", SLURM_RECONFIGURE_REEXECS));
}

/* The release notes: "Slurm can be upgraded from version 23.02, 23.11 or
 * 24.05 to version 24.11"; 22.05 from 20.11 or 21.08 */
Test(slurmkeys, upgrade_window)
{
	cr_expect_str_eq(slurmkeys_upgrades_from("22.05"), "20.11");
	cr_expect_str_eq(slurmkeys_upgrades_from("24.05.3"), "23.02");
	cr_expect_str_eq(slurmkeys_upgrades_from("24.11"), "23.02");
	cr_expect_str_eq(slurmkeys_upgrades_from("26.05"), "24.11");
	cr_expect_str_eq(slurmkeys_upgrades_from("20.11"), "20.02");
	cr_expect_null(slurmkeys_upgrades_from("19.05"));
	cr_expect_null(slurmkeys_upgrades_from(NULL));
}
