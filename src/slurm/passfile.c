/*
 * passfile.c: the tables of passfile.h. Where they come from is written
 * in docs/restart-classification.md ("Pass-through files"): the manual
 * pages of each lab release (22.05, 24.11, 26.05) for what a change needs,
 * and Slurm's source at each release's tags for what slurmctld serves in
 * configless mode.
 */
#include "base/compat.h"

#include <string.h>
#include <strings.h>

#include "slurm/passfile.h"
#include "slurm/restart.h"
#include "slurm/slurmkeys.h"

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
	unsigned readers;
} readers[] = {
	{ "Prolog", PASSFILE_READ_SLURMD },
	{ "Epilog", PASSFILE_READ_SLURMD },
	{ "TaskProlog", PASSFILE_READ_SLURMD },
	{ "TaskEpilog", PASSFILE_READ_SLURMD },
	{ "job_container.conf", PASSFILE_READ_SLURMD },
	{ "PrologSlurmctld", PASSFILE_READ_SLURMCTLD },
	{ "EpilogSlurmctld", PASSFILE_READ_SLURMCTLD },
	{ "ResumeProgram", PASSFILE_READ_SLURMCTLD },
	{ "SuspendProgram", PASSFILE_READ_SLURMCTLD },
	{ "ResumeFailProgram", PASSFILE_READ_SLURMCTLD },
	{ "job_submit.lua", PASSFILE_READ_SLURMCTLD },
	{ "burst_buffer.conf", PASSFILE_READ_SLURMCTLD },
};

unsigned passfile_readers(const char *key)
{
	for (size_t i = 0; i < ARRAY_SIZE(readers); i++)
		if (!strcasecmp(readers[i].key, key))
			return readers[i].readers;
	return 0;
}

/*
 * What slurmctld serves in configless mode, by release and by who fetches:
 * slurmd gets one list, sackd (the client commands of a host without
 * slurmd) a shorter one. Read from Slurm's source at each release's tags
 * (the slurmd_config_files and client_config_files arrays of
 * src/slurmctld/proc_req.c or src/common/fetch_config.c; before 21.08
 * load_config_response_msg()). first and last are the releases the file is
 * served in (NULL: open). A file added in a patch release (scrun.lua in
 * 23.11.5, topology.yaml in 25.05.2) counts from the next release: before
 * it the file is pushed, which a fetching host does not read but never
 * misses.
 */
static const struct {
	const char *base;
	unsigned who;		/* PASSFILE_SLURMD, PASSFILE_SACKD bits */
	const char *first, *last;
} served[] = {
	{ "slurm.conf", PASSFILE_SLURMD | PASSFILE_SACKD, NULL, NULL },
	{ "acct_gather.conf", PASSFILE_SLURMD, NULL, NULL },
	{ "cgroup.conf", PASSFILE_SLURMD, NULL, NULL },
	{ "gres.conf", PASSFILE_SLURMD, NULL, NULL },
	{ "plugstack.conf", PASSFILE_SLURMD | PASSFILE_SACKD, NULL, NULL },
	{ "topology.conf", PASSFILE_SLURMD | PASSFILE_SACKD, NULL, NULL },
	{ "cgroup_allowed_devices_file.conf", PASSFILE_SLURMD, NULL, "21.08" },
	{ "knl_generic.conf", PASSFILE_SLURMD, NULL, "22.05" },
	{ "ext_sensors.conf", PASSFILE_SLURMD, NULL, "23.11" },
	{ "knl_cray.conf", PASSFILE_SLURMD, NULL, "23.11" },
	{ "cli_filter.lua", PASSFILE_SLURMD | PASSFILE_SACKD, "21.08", NULL },
	{ "helpers.conf", PASSFILE_SLURMD, "21.08", NULL },
	{ "job_container.conf", PASSFILE_SLURMD, "21.08", NULL },
	{ "oci.conf", PASSFILE_SLURMD, "21.08", NULL },
	{ "oci.conf", PASSFILE_SACKD, "24.05", NULL },
	{ "mpi.conf", PASSFILE_SLURMD, "22.05", NULL },
	{ "scrun.lua", PASSFILE_SLURMD | PASSFILE_SACKD, "24.05", NULL },
	{ "topology.yaml", PASSFILE_SLURMD | PASSFILE_SACKD, "25.11", NULL },
	{ "namespace.yaml", PASSFILE_SLURMD, "25.11", NULL },
};

unsigned passfile_served(const char *version, const char *base)
{
	int v = slurmkeys_version_index(version);
	unsigned who = 0;

	if (v < 0)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(served); i++)
		if (!strcmp(served[i].base, base) &&
		    (!served[i].first || v >= slurmkeys_version_index(served[i].first)) &&
		    (!served[i].last || v <= slurmkeys_version_index(served[i].last)))
			who |= served[i].who;
	return who;
}

#define BOTH (RESTART_CTLD | RESTART_SLURMD)

/* always: a restart even where reconfigure re-executes the daemons */
static const struct {
	const char *base;
	unsigned bits;
	bool always;
	const char *why;
} classes[] = {
	{ "topology.conf", RESTART_RECONFIGURE, false, NULL },
	{ "topology.yaml", RESTART_RECONFIGURE, false, NULL },
	{ "mpi.conf", RESTART_RECONFIGURE, false, NULL },
	{ "helpers.conf", RESTART_RECONFIGURE, false, NULL },
	{ "burst_buffer.conf", RESTART_RECONFIGURE, false, NULL },
	{ "ext_sensors.conf", RESTART_RECONFIGURE, false, NULL },
	{ "acct_gather.conf", BOTH, false,
	  "acct_gather.conf: read when the daemons start (acct_gather.conf(5))" },
	{ "knl_cray.conf", BOTH, false,
	  "knl_cray.conf: no manual page says a reconfigure re-reads it" },
	{ "oci.conf", RESTART_SLURMD, false,
	  "oci.conf: read when the daemons start (oci.conf(5))" },
	{ "plugstack.conf", RESTART_SLURMD, false,
	  "plugstack.conf: no manual page says a reconfigure reloads the "
	  "SPANK plugins slurmd loaded" },
	{ "job_container.conf", RESTART_SLURMD, true,
	  "job_container.conf: a reconfigure is not enough (job_container.conf(5))" },
	{ "namespace.yaml", RESTART_SLURMD, true,
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
		if (!(classes[i].bits & ~RESTART_RECONFIGURE))
			return classes[i].bits;
		if (reexec && !classes[i].always)
			return RESTART_RECONFIGURE;
		*why = classes[i].why;
		return classes[i].bits;
	}
	/* a Slurm config this table does not know: restart to be sure */
	if (ends_with(base, ".conf") || ends_with(base, ".yaml")) {
		if (reexec)
			return RESTART_RECONFIGURE;
		*why = "a configuration file clusterctl does not know: restarted to be sure";
		return BOTH;
	}
	/* a script (Prolog, Epilog ...): run from the file at each use */
	return 0;
}
