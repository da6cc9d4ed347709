/*
 * passfile.c: the tables of passfile.h. Where they come from is written
 * in docs/restart-classification.md ("Pass-through files"): the manual
 * pages of each lab release (22.05, 24.11, 26.05) for what a change needs,
 * and the file names each release's libslurmfull holds for what
 * slurmctld serves in configless mode.
 */
#include "compat.h"

#include <string.h>
#include <strings.h>

#include "model.h"
#include "passfile.h"
#include "plan.h"
#include "slurmkeys.h"

const char *const passfile_path_keys[] = {
	"PlugStackConfig", "Prolog", "Epilog", "PrologSlurmctld", "EpilogSlurmctld",
	"TaskProlog", "TaskEpilog", "SrunProlog", "SrunEpilog",
	"ResumeProgram", "SuspendProgram", "ResumeFailProgram", NULL,
};

/* name, a word of the value (any case; NULL: any value but none), file */
static const char *const own_file_keys[][3] = {
	{ "TopologyPlugin", "topology/tree", "topology.conf" },
	{ "TopologyPlugin", "topology/block", "topology.conf" },
	{ "JobContainerType", "job_container/tmpfs", "job_container.conf" },
	{ "BurstBufferType", NULL, "burst_buffer.conf" },
	{ "CliFilterPlugins", "lua", "cli_filter.lua" },
	{ "JobSubmitPlugins", "lua", "job_submit.lua" },
};

/*
 * A plugstack.conf of include lines only is the packages' own (Debian's
 * includes plugstack.conf.d/NAME.conf files): the importer does not name
 * it, and what it includes is not looked at.
 */
const char *const passfile_when_present[] = {
	"plugstack.conf", "acct_gather.conf", "oci.conf", "helpers.conf", "mpi.conf",
	NULL,
};

/* True when word (any case) is one of v's comma-separated words, or ends one after '/'. */
static bool has_word(const char *v, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = v; *p; p += strcspn(p, ","), p += *p == ',') {
		size_t len = strcspn(p, ",");

		if (len >= n && !strncasecmp(p + len - n, word, n) &&
		    (len == n || p[len - n - 1] == '/'))
			return true;
	}
	return false;
}

const char *passfile_plugin_file(const char *key, const char *value)
{
	for (size_t k = 0; k < ARRAY_SIZE(own_file_keys); k++) {
		const char *want = own_file_keys[k][1];

		if (!strcasecmp(key, own_file_keys[k][0]) &&
		    (want ? has_word(value, want) : !strstr(value, "/none")))
			return own_file_keys[k][2];
	}
	return NULL;
}

static const struct {
	const char *key;
	unsigned roles;
} readers[] = {
	{ "Prolog", ROLE_COMPUTE },
	{ "Epilog", ROLE_COMPUTE },
	{ "TaskProlog", ROLE_COMPUTE },
	{ "TaskEpilog", ROLE_COMPUTE },
	{ "job_container.conf", ROLE_COMPUTE },
	{ "PrologSlurmctld", ROLE_CONTROLLER | ROLE_BACKUP },
	{ "EpilogSlurmctld", ROLE_CONTROLLER | ROLE_BACKUP },
	{ "ResumeProgram", ROLE_CONTROLLER | ROLE_BACKUP },
	{ "SuspendProgram", ROLE_CONTROLLER | ROLE_BACKUP },
	{ "ResumeFailProgram", ROLE_CONTROLLER | ROLE_BACKUP },
	{ "job_submit.lua", ROLE_CONTROLLER | ROLE_BACKUP },
	{ "burst_buffer.conf", ROLE_CONTROLLER | ROLE_BACKUP },
};

unsigned passfile_roles(const char *key)
{
	for (size_t i = 0; i < ARRAY_SIZE(readers); i++)
		if (!strcasecmp(readers[i].key, key))
			return readers[i].roles;
	return 0;
}

/*
 * What slurmctld serves, by release: first and last are the releases the
 * file was checked served in (NULL: open). A release between two checked
 * ones where a file appears in only one of them counts as not serving it:
 * such a file is pushed, which is wasted on a fetching node but never
 * missing there.
 */
static const struct {
	const char *base, *first, *last;
} served[] = {
	{ "acct_gather.conf", NULL, NULL },
	{ "cgroup.conf", NULL, NULL },
	{ "gres.conf", NULL, NULL },
	{ "job_container.conf", NULL, NULL },
	{ "mpi.conf", NULL, NULL },
	{ "plugstack.conf", NULL, NULL },
	{ "topology.conf", NULL, NULL },
	{ "ext_sensors.conf", NULL, "22.05" },
	{ "knl_cray.conf", NULL, "22.05" },
	{ "cli_filter.lua", "24.11", NULL },
	{ "helpers.conf", "24.11", NULL },
	{ "oci.conf", "24.11", NULL },
	{ "scrun.lua", "24.11", NULL },
	{ "namespace.yaml", "26.05", NULL },
	{ "topology.yaml", "26.05", NULL },
};

bool passfile_served(const char *version, const char *base)
{
	int v = slurmkeys_version_index(version);

	if (v < 0)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(served); i++) {
		if (strcmp(served[i].base, base))
			continue;
		if (served[i].first && v < slurmkeys_version_index(served[i].first))
			return false;
		return !served[i].last || v <= slurmkeys_version_index(served[i].last);
	}
	return false;
}

#define BOTH (PLAN_RESTART_CTLD | PLAN_RESTART_SLURMD)

/* always: a restart even where reconfigure re-executes the daemons */
static const struct {
	const char *base;
	unsigned bits;
	bool always;
	const char *why;
} classes[] = {
	{ "topology.conf", PLAN_RECONFIGURE, false, NULL },
	{ "topology.yaml", PLAN_RECONFIGURE, false, NULL },
	{ "mpi.conf", PLAN_RECONFIGURE, false, NULL },
	{ "helpers.conf", PLAN_RECONFIGURE, false, NULL },
	{ "burst_buffer.conf", PLAN_RECONFIGURE, false, NULL },
	{ "ext_sensors.conf", PLAN_RECONFIGURE, false, NULL },
	{ "acct_gather.conf", BOTH, false,
	  "acct_gather.conf: read when the daemons start (acct_gather.conf(5))" },
	{ "knl_cray.conf", BOTH, false,
	  "knl_cray.conf: no manual page says a reconfigure re-reads it" },
	{ "oci.conf", PLAN_RESTART_SLURMD, false,
	  "oci.conf: read when the daemons start (oci.conf(5))" },
	{ "plugstack.conf", PLAN_RESTART_SLURMD, false,
	  "plugstack.conf: no manual page says a reconfigure reloads the "
	  "SPANK plugins slurmd loaded" },
	{ "job_container.conf", PLAN_RESTART_SLURMD, true,
	  "job_container.conf: a reconfigure is not enough (job_container.conf(5))" },
	{ "namespace.yaml", PLAN_RESTART_SLURMD, true,
	  "namespace.yaml: the job namespaces are set up when slurmd starts" },
	/* read at each use: the lua plugins load a script again when it changed */
	{ "job_submit.lua", 0, false, NULL },
	{ "cli_filter.lua", 0, false, NULL },
	{ "scrun.lua", 0, false, NULL },
};

/* True when base ends in suffix. */
static bool ends_with(const char *base, const char *suffix)
{
	size_t n = strlen(base), k = strlen(suffix);

	return n > k && !strcasecmp(base + n - k, suffix);
}

unsigned passfile_restart(const char *base, bool reexec, const char **why)
{
	*why = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(classes); i++) {
		if (strcmp(classes[i].base, base))
			continue;
		if (!(classes[i].bits & ~PLAN_RECONFIGURE))
			return classes[i].bits;
		if (reexec && !classes[i].always)
			return PLAN_RECONFIGURE;
		*why = classes[i].why;
		return classes[i].bits;
	}
	/* a Slurm config this table does not know: restart to be sure */
	if (ends_with(base, ".conf") || ends_with(base, ".yaml")) {
		if (reexec)
			return PLAN_RECONFIGURE;
		*why = "a configuration file clusterctl does not know: restarted to be sure";
		return BOTH;
	}
	/* a script (Prolog, Epilog ...): run from the file at each use */
	return 0;
}
