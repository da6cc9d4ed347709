/*
 * slurmvalues_test.c: the value tables against what Slurm's readers do at
 * 22.05, 24.11 and 26.05 (the integer, boolean, time, purge and level
 * parsers, word lists with their groups and rules, plugin names per
 * release), and against tests/data/wrong-values/corpus.tsv: every
 * pass-through case there gets from the tables the verdict the corpus
 * recorded for validate on each release (t1540 feeds the same cases to the
 * real daemons) at least as strict as the tables alone (validate adds the
 * checks of keys that only work together, and of the inventory's own).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/slurmkeys.h"
#include "slurm/slurmvalues.h"

static enum slurmvalue_verdict verdict(enum slurmkeys_table t, const char *key,
				       const char *value, const char *release)
{
	struct slurmvalue_check ck;
	enum slurmvalue_verdict v;

	v = slurmvalues_check(t, key, value, slurmkeys_version_index(release), &ck);
	slurmvalue_check_release(&ck);
	return v;
}

#define OK(t, k, v, r) cr_expect_eq(verdict(t, k, v, r), SLURMVALUE_OK, "%s=%s (%s)", k, v, r)
#define WARN(t, k, v, r) cr_expect_eq(verdict(t, k, v, r), SLURMVALUE_WARN, "%s=%s (%s)", k, v, r)
#define ERR(t, k, v, r) cr_expect_eq(verdict(t, k, v, r), SLURMVALUE_ERROR, "%s=%s (%s)", k, v, r)

Test(slurmvalues, integers_as_parse_value_reads_them)
{
	ERR(SLURMKEYS_CONF, "ReturnToService", "banana", "22.05");
	ERR(SLURMKEYS_CONF, "ReturnToService", "5", "22.05");	/* read, but means nothing */
	OK(SLURMKEYS_CONF, "ReturnToService", "0x2", "22.05");	/* strtoul, base 0 */
	OK(SLURMKEYS_CONF, "ReturnToService", "+1", "24.11");
	ERR(SLURMKEYS_CONF, "MaxJobCount", "-5", "22.05");	/* "less than zero" */
	ERR(SLURMKEYS_CONF, "MaxJobCount", "0", "26.05");	/* "No jobs permitted" */
	OK(SLURMKEYS_CONF, "MaxJobCount", "10k", "22.05");	/* x 1024 on 32 bits */
	ERR(SLURMKEYS_CONF, "MaxJobCount", "1M", "22.05");
	OK(SLURMKEYS_CONF, "MaxJobCount", "UNLIMITED", "22.05");
	ERR(SLURMKEYS_CONF, "KillWait", "10k", "22.05");	/* no k on 16 bits */
	ERR(SLURMKEYS_CONF, "KillWait", "70000", "22.05");
	OK(SLURMKEYS_CONF, "KillWait", "65535", "22.05");
	ERR(SLURMKEYS_CONF, "KillWait", "08", "22.05");	/* octal: 8 is no digit */
	ERR(SLURMKEYS_CONF, "FirstJobId", "0", "22.05");
	ERR(SLURMKEYS_CONF, "MaxDBDMsgs", "5", "24.11");
	ERR(SLURMKEYS_CONF, "JobCompPort", "70000", "22.05");
	WARN(SLURMKEYS_CONF, "MinJobAge", "1", "22.05");	/* raised to 2 */
	WARN(SLURMKEYS_CONF, "SchedulerTimeSlice", "2", "26.05");
	WARN(SLURMKEYS_CONF, "TreeWidth", "0", "24.11");
	WARN(SLURMKEYS_CONF, "MessageTimeout", "200", "22.05");
	WARN(SLURMKEYS_CONF, "MaxArraySize", "5000000", "22.05");
	OK(SLURMKEYS_CONF, "SchedulerParameters", "anything,at=all", "22.05");	/* no row */
	ERR(SLURMKEYS_NODE, "MemSpecLimit", "-1", "22.05");
	ERR(SLURMKEYS_PARTITION, "PriorityTier", "70000", "22.05");
	ERR(SLURMKEYS_SLURMDBD, "MessageTimeout", "-1", "22.05");
}

Test(slurmvalues, booleans_floats_times)
{
	ERR(SLURMKEYS_CGROUP, "ConstrainDevices", "maybe", "22.05");
	OK(SLURMKEYS_CGROUP, "ConstrainDevices", "true", "22.05");
	OK(SLURMKEYS_CONF, "DisableRootJobs", "up", "22.05");	/* Slurm takes up/down */
	OK(SLURMKEYS_CONF, "DisableRootJobs", "TRUE", "26.05");
	ERR(SLURMKEYS_CONF, "UsePAM", "2", "22.05");
	ERR(SLURMKEYS_PARTITION, "Hidden", "maybe", "24.11");
	ERR(SLURMKEYS_CGROUP, "MaxRAMPercent", "150", "22.05");
	ERR(SLURMKEYS_CGROUP, "AllowedRAMSpace", "-5", "22.05");
	OK(SLURMKEYS_CGROUP, "AllowedRAMSpace", "110", "22.05");	/* a share of the job's */
	ERR(SLURMKEYS_CGROUP, "AllowedRAMSpace", "banana", "22.05");
	ERR(SLURMKEYS_CONF, "PriorityDecayHalfLife", "banana", "22.05");
	ERR(SLURMKEYS_CONF, "PriorityDecayHalfLife", "-2", "22.05");
	OK(SLURMKEYS_CONF, "PriorityDecayHalfLife", "1:90", "22.05");
	ERR(SLURMKEYS_CONF, "PriorityCalcPeriod", "0", "22.05");
	OK(SLURMKEYS_CONF, "PriorityCalcPeriod", "0:30", "22.05");	/* rounded up */
	OK(SLURMKEYS_CONF, "PreemptExemptTime", "-1", "22.05");
	ERR(SLURMKEYS_PARTITION, "MaxTime", "-2", "22.05");
	ERR(SLURMKEYS_CONF, "SuspendTime", "banana", "22.05");	/* atoi: 0 */
	OK(SLURMKEYS_CONF, "SuspendTime", "NONE", "22.05");
	WARN(SLURMKEYS_PARTITION, "OverTimeLimit", "-5", "22.05");	/* "Ignoring bad" */
	ERR(SLURMKEYS_PARTITION, "OverTimeLimit", "banana", "22.05");
	OK(SLURMKEYS_PARTITION, "OverTimeLimit", "UNLIMITED", "22.05");
}

Test(slurmvalues, purge_periods_and_levels)
{
	ERR(SLURMKEYS_SLURMDBD, "PurgeJobAfter", "12weeks", "22.05");
	ERR(SLURMKEYS_SLURMDBD, "PurgeJobAfter", "banana", "22.05");
	OK(SLURMKEYS_SLURMDBD, "PurgeJobAfter", "12month", "22.05");
	OK(SLURMKEYS_SLURMDBD, "PurgeJobAfter", "12", "22.05");
	OK(SLURMKEYS_SLURMDBD, "PurgeJobAfter", "24h", "26.05");
	ERR(SLURMKEYS_SLURMDBD, "DebugLevel", "loud", "22.05");
	OK(SLURMKEYS_SLURMDBD, "DebugLevel", "debug", "22.05");
	OK(SLURMKEYS_CONF, "SlurmctldDebug", "debug2", "22.05");
	WARN(SLURMKEYS_CONF, "SlurmctldDebug", "12", "22.05");	/* normalized to debug5 */
	ERR(SLURMKEYS_CONF, "SlurmdDebug", "7x", "22.05");	/* atoi reads 7 */
}

Test(slurmvalues, word_lists_groups_and_rules)
{
	struct slurmvalue_check ck;

	ERR(SLURMKEYS_CONF, "AccountingStorageEnforce", "associations,banana", "22.05");
	OK(SLURMKEYS_CONF, "AccountingStorageEnforce", "safe,qos,nojobs", "22.05");
	OK(SLURMKEYS_CONF, "TaskPluginParam", "Cores,Verbose", "22.05");
	cr_expect_eq(slurmvalues_check(SLURMKEYS_CONF, "TaskPluginParam", "Cores,Sockets",
				       3, &ck), SLURMVALUE_ERROR);
	cr_expect_str_eq(ck.item, "Sockets");
	cr_expect_str_eq(ck.why, "it takes only one of Cores and Sockets");
	slurmvalue_check_release(&ck);
	ERR(SLURMKEYS_CONF, "TaskPluginParam", "autobind=cores,autobind=threads", "22.05");
	OK(SLURMKEYS_CONF, "TaskPluginParam", "Cores,autobind=threads", "22.05");
	cr_expect_eq(slurmvalues_check(SLURMKEYS_CONF, "PreemptMode", "SUSPEND", 3, &ck),
		     SLURMVALUE_ERROR);
	cr_expect_str_eq(ck.why, "SUSPEND needs GANG");
	slurmvalue_check_release(&ck);
	OK(SLURMKEYS_CONF, "PreemptMode", "suspend,gang", "22.05");
	OK(SLURMKEYS_PARTITION, "PreemptMode", "suspend", "22.05");	/* a partition may */
	ERR(SLURMKEYS_CONF, "PreemptMode", "cancel,requeue", "22.05");
	ERR(SLURMKEYS_CONF, "PreemptMode", "gang,within", "24.11");
	ERR(SLURMKEYS_CONF, "SelectTypeParameters", "CR_CPU_Memory,CR_ONE_TASK_PER_CORE", "22.05");
	ERR(SLURMKEYS_CONF, "SelectTypeParameters", "CR_Core,CR_Memory", "22.05");
	OK(SLURMKEYS_CONF, "SelectTypeParameters", "CR_Core_Memory,CR_ONE_TASK_PER_CORE", "22.05");
	ERR(SLURMKEYS_PARTITION, "SelectTypeParameters", "CR_CPU", "22.05");
	ERR(SLURMKEYS_CONF, "PrologFlags", "Alloc,Contain,NoHold", "24.11");
	ERR(SLURMKEYS_CONF, "PrivateData", "jobs,banana", "22.05");	/* Slurm ignores it */
	OK(SLURMKEYS_CONF, "PrivateData", "jobs,usage", "26.05");
	ERR(SLURMKEYS_PARTITION, "TRESBillingWeights", "banana", "22.05");
	OK(SLURMKEYS_PARTITION, "TRESBillingWeights", "CPU=1.0,Mem=0.25G,GRES/gpu=2.0", "22.05");
	ERR(SLURMKEYS_PARTITION, "TRESBillingWeights", "CPU=1.0x", "22.05");
}

Test(slurmvalues, words_per_release)
{
	OK(SLURMKEYS_CONF, "SelectType", "select/cons_res", "22.05");
	ERR(SLURMKEYS_CONF, "SelectType", "select/cons_res", "24.11");
	ERR(SLURMKEYS_CONF, "SelectType", "cons_tres", "22.05");	/* no bare name */
	OK(SLURMKEYS_CONF, "TaskPlugin", "affinity,task/cgroup", "22.05");	/* task/ added */
	ERR(SLURMKEYS_CONF, "TaskPlugin", "task/banana", "26.05");
	ERR(SLURMKEYS_CONF, "PreemptMode", "requeue,priority", "24.11");
	OK(SLURMKEYS_CONF, "PreemptMode", "requeue,priority", "26.05");
	ERR(SLURMKEYS_CONF, "ReconfigFlags", "KeepNodeStateFuture", "22.05");
	OK(SLURMKEYS_CONF, "ReconfigFlags", "KeepNodeStateFuture", "24.11");
	ERR(SLURMKEYS_CONF, "ReconfigFlags", "KeepNodeStateFuture", "26.05");
	ERR(SLURMKEYS_CONF, "HealthCheckNodeState", "START_ONLY", "24.11");
	OK(SLURMKEYS_CONF, "HealthCheckNodeState", "idle,START_ONLY", "26.05");
	OK(SLURMKEYS_CONF, "AuthType", "auth/slurm", "23.11");
	ERR(SLURMKEYS_CONF, "AuthType", "auth/slurm", "23.02");
	OK(SLURMKEYS_CGROUP, "CgroupPlugin", "disabled", "24.11");
	ERR(SLURMKEYS_CGROUP, "CgroupPlugin", "cgroup/banana", "22.05");
	OK(SLURMKEYS_NODE, "State", "EXTERNAL", "26.05");
	ERR(SLURMKEYS_NODE, "State", "EXTERNAL", "24.11");
	cr_expect_null(slurmvalues_autodetect("nvml", 3));
	cr_expect_not_null(slurmvalues_autodetect("nvidia", 3));
	cr_expect_null(slurmvalues_autodetect("NVIDIA", 7));
	cr_expect_null(slurmvalues_autodetect("full", 10));
	cr_expect_not_null(slurmvalues_autodetect("full", 7));
	/* gres.c finds a library's name anywhere in the value, off only whole */
	cr_expect_null(slurmvalues_autodetect("nvml:", 3), "a site's 'nvml:' is nvml");
	cr_expect_null(slurmvalues_autodetect("Nvml", 3));
	cr_expect_null(slurmvalues_autodetect("OFF", 3));
	cr_expect_not_null(slurmvalues_autodetect("offline", 3), "off is the whole value");
	cr_expect_not_null(slurmvalues_autodetect("cuda", 3));
}

Test(slurmvalues, says_what_the_release_takes)
{
	struct slurmvalue_check ck;

	slurmvalues_check(SLURMKEYS_CONF, "ReturnToService", "banana", 3, &ck);
	cr_expect_str_eq(ck.accepts, "an integer from 0 to 2");
	slurmvalue_check_release(&ck);
	slurmvalues_check(SLURMKEYS_CONF, "MaxJobCount", "-5", 3, &ck);
	cr_expect_str_eq(ck.accepts, "an integer from 1 to 4294967295, or UNLIMITED");
	slurmvalue_check_release(&ck);
	slurmvalues_check(SLURMKEYS_CONF, "PriorityUsageResetPeriod", "sometimes", 3, &ck);
	cr_expect_str_eq(ck.accepts, "one of none, now, daily, weekly, monthly, quarterly "
			 "or yearly");
	slurmvalue_check_release(&ck);
	slurmvalues_check(SLURMKEYS_CONF, "PrivateData", "banana", 7, &ck);
	cr_expect_str_eq(ck.item, "banana");
	cr_expect_str_eq(ck.accepts, "a comma-separated list of account, event, job, node, "
			 "partition, reservation, usage, user and all");
	slurmvalue_check_release(&ck);
	cr_expect_eq(slurmvalues_check(SLURMKEYS_CONF, "MaxJobCount", "5", 3, &ck),
		     SLURMVALUE_OK);
	cr_expect_null(ck.accepts);
	slurmvalue_check_release(&ck);
}

/* ---- the corpus: validate's verdict on each pass-through case ---- */

static bool corpus_table(const char *where, enum slurmkeys_table *t)
{
	static const struct { const char *where; enum slurmkeys_table t; } map[] = {
		{ "conf", SLURMKEYS_CONF }, { "cgroup", SLURMKEYS_CGROUP },
		{ "dbd", SLURMKEYS_SLURMDBD }, { "node", SLURMKEYS_NODE },
		{ "part", SLURMKEYS_PARTITION },
	};

	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (!strcmp(where, map[i].where)) {
			*t = map[i].t;
			return true;
		}
	return false;
}

/* What the tables say of key=value (a key the release lacks is an error). */
static const char *table_verdict(enum slurmkeys_table t, const char *key,
				 const char *value, const char *release)
{
	struct slurmkey_check kc;
	const char *since, *instead;
	int v = slurmkeys_version_index(release);

	slurmkeys_check(t, key, v, &kc);
	if (kc.status == SLURMKEY_DEFUNCT)
		return "warning";
	if (kc.status != SLURMKEY_OK ||
	    slurmkeys_removed_value(t, key, value, v, &since, &instead) || !*value)
		return "error";
	switch (verdict(t, key, value, release)) {
	case SLURMVALUE_OK:
		return "ok";
	case SLURMVALUE_WARN:
		return "warning";
	default:
		return "error";
	}
}

Test(slurmvalues, corpus_verdicts_are_at_least_the_tables)
{
	static const char *const releases[] = { "22.05", "24.11", "26.05" };
	FILE *f = fopen("tests/data/wrong-values/corpus.tsv", "r");
	char line[1024];
	size_t checked = 0, ok_cases = 0;

	cr_assert_not_null(f, "tests/data/wrong-values/corpus.tsv");
	while (fgets(line, sizeof(line), f)) {
		char *field[6], *save = NULL, *p = line;
		enum slurmkeys_table t;
		int n = 0;

		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !line[0])
			continue;
		for (char *tok; n < 6 && (tok = strsep(&p, "\t")); )
			field[n++] = tok;
		(void)save;
		cr_assert_eq(n, 6, "corpus line '%s'", line);
		if (!corpus_table(field[0], &t))
			continue;
		for (int r = 0; r < 3; r++) {
			const char *got = table_verdict(t, field[1], field[2], releases[r]);
			const char *want = field[3 + r];
			bool ok = !strcmp(got, "ok") ||
				  !strncmp(want, "error/", 6) ||
				  (!strcmp(got, "warning") && !strncmp(want, "warning/", 8));

			cr_expect(ok, "%s %s=%s on %s: the tables say %s, the corpus %s",
				  field[0], field[1], field[2], releases[r], got, want);
			ok_cases += !strcmp(got, "ok") && !strncmp(want, "ok/", 3);
		}
		checked++;
	}
	fclose(f);
	cr_expect_gt(checked, 100);
	cr_expect_gt(ok_cases, 60);	/* and the values both pass */
}
