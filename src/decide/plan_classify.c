/*
 * plan_classify.c: what a change of a config file needs from the daemons
 * (plan.h, docs/restart-classification.md): the settings that change
 * (slurmdiff.h: by meaning, so a change of form alone needs nothing), or
 * where a side does not read, the keys of the lines that differ, looked
 * up in a table of what a reconfigure can change and what needs a
 * restart, per release.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "slurm/passfile.h"
#include "decide/plan_classify.h"
#include "slurm/slurmdiff.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "slurm/hostpaths.h"

/* ---- the restart classification (docs/restart-classification.md) ---- */

struct plan_key_class {
	const char *key;
	unsigned bits;
	/*
	 * Still a restart on 23.11+, whose "scontrol reconfigure" starts new
	 * slurmctld/slurmd processes that re-read everything but cannot change
	 * listening ports or authentication (scontrol(1) 24.11); the identities
	 * and pid files the service manager tracks, the controller's place and
	 * the cluster's name stay restarts too.
	 */
	bool restart_on_reexec;
};

#define BOTH (RESTART_CTLD | RESTART_SLURMD)
static const struct plan_key_class plan_slurm_keys[] = {
	{ "AccountingStorageEnforce", RESTART_CTLD, false },
	{ "AccountingStorageHost", RESTART_CTLD, false },
	{ "AccountingStoragePort", RESTART_CTLD, false },
	{ "AccountingStorageTRES", RESTART_CTLD, false },
	{ "AccountingStorageType", RESTART_CTLD, false },
	{ "AuthAltParameters", BOTH, true },
	{ "AuthAltTypes", BOTH, true },
	{ "AuthInfo", BOTH, true },
	{ "AuthType", BOTH, true },
	{ "BackupAddr", BOTH, true },
	{ "BackupController", BOTH, true },
	{ "ClusterName", BOTH, true },
	{ "ControlAddr", BOTH, true },
	{ "ControlMachine", BOTH, true },
	{ "CoreSpecPlugin", RESTART_SLURMD, false },
	{ "CredType", BOTH, true },
	{ "GresTypes", BOTH, false },
	{ "JobAcctGatherType", RESTART_SLURMD, false },
	{ "JobContainerType", BOTH, false },
	{ "LaunchType", BOTH, false },
	{ "MaxJobCount", RESTART_CTLD, false },
	{ "MaxNodeCount", RESTART_CTLD, false },
	{ "NodeName", BOTH, true },
	{ "PluginDir", BOTH, true },
	{ "PowerPlugin", RESTART_CTLD, false },
	{ "ProctrackType", BOTH, false },
	{ "SchedulerType", RESTART_CTLD, false },
	{ "SelectType", BOTH, false },
	{ "SelectTypeParameters", RESTART_CTLD, false },
	{ "SlurmUser", BOTH, true },
	{ "SlurmctldHost", BOTH, true },
	{ "SlurmctldParameters", RESTART_CTLD, false },
	{ "SlurmctldPidFile", RESTART_CTLD, true },
	{ "SlurmctldPort", BOTH, true },
	{ "SlurmdPidFile", RESTART_SLURMD, true },
	{ "SlurmdPort", BOTH, true },
	{ "SlurmdSpoolDir", RESTART_SLURMD, false },
	{ "SlurmdUser", RESTART_SLURMD, true },
	{ "StateSaveLocation", RESTART_CTLD, false },
	{ "SwitchType", BOTH, false },
	{ "TaskPlugin", RESTART_SLURMD, false },
	{ "TopologyPlugin", RESTART_CTLD, false },
};
#undef BOTH

bool plan_is_node_config(const char *path)
{
	const char *name = fileio_basename(path);

	return !strcmp(name, "slurm.conf") || !strcmp(name, "gres.conf") ||
	       !strcmp(name, "cgroup.conf");
}

/* Normalised, non-empty lines (comments and edge blanks dropped), sorted. */
static char **plan_conf_lines(const char *s, size_t len, size_t *n)
{
	char **lines = NULL;
	size_t alloc = 0, i = 0;

	*n = 0;
	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (s + i)) : len - i;
		const char *hash = memchr(s + i, '#', l);
		size_t a = i, b = hash ? (size_t)(hash - s) : i + l;

		while (a < b && isspace((unsigned char)s[a]))
			a++;
		while (b > a && isspace((unsigned char)s[b - 1]))
			b--;
		if (b > a) {
			XGROW(lines, alloc, *n + 1);
			lines[(*n)++] = xstrndup(s + a, b - a);
		}
		i += l + 1;
	}
	return lines;
}

static int plan_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bits a change of slurm.conf key (any case) needs; *key_out names it. */
static unsigned plan_key_class(const char *key, size_t kl, bool reexec,
			       const char **key_out)
{
	size_t i;

	*key_out = NULL;
	for (i = 0; i < ARRAY_SIZE(plan_slurm_keys); i++) {
		if (strlen(plan_slurm_keys[i].key) == kl &&
		    !strncasecmp(key, plan_slurm_keys[i].key, kl)) {
			*key_out = plan_slurm_keys[i].key;
			if (reexec && !plan_slurm_keys[i].restart_on_reexec)
				return RESTART_RECONFIGURE;
			return plan_slurm_keys[i].bits;
		}
	}
	return RESTART_RECONFIGURE;
}

/* The bits one changed line needs; *key_out (borrowed) names its key. */
static unsigned plan_line_class(const char *name, const char *line, bool reexec,
				const char **key_out)
{
	if (!strcmp(name, "gres.conf")) {
		/* every gres.conf line defines node resources (gres.conf(5)) */
		*key_out = "gres";
		return RESTART_CTLD | RESTART_SLURMD;
	}
	return plan_key_class(line, strcspn(line, "= \t"), reexec, key_out);
}

static unsigned plan_classify_lines(const char *name, const char *old,
				    size_t old_len, const char *new,
				    size_t new_len, bool reexec, char **why)
{
	size_t na, nb, i = 0, j = 0;
	char **a = plan_conf_lines(old, old_len, &na);
	char **b = plan_conf_lines(new, new_len, &nb);
	unsigned bits = 0;

	if (na)
		xqsort(a, na, sizeof(*a), plan_cmp_str);
	if (nb)
		xqsort(b, nb, sizeof(*b), plan_cmp_str);
	while (i < na || j < nb) {
		int c = i == na ? 1 : j == nb ? -1 : strcmp(a[i], b[j]);
		const char *line = c < 0 ? a[i] : b[j], *key;
		unsigned lb;

		if (!c) {
			i++, j++;
			continue;
		}
		lb = plan_line_class(name, line, reexec, &key);
		if ((lb & ~RESTART_RECONFIGURE) && why && !*why)
			*why = xasprintf("%s: %s", name, key);
		bits |= lb;
		c < 0 ? i++ : j++;
	}
	for (i = 0; i < na; i++)
		free(a[i]);
	for (j = 0; j < nb; j++)
		free(b[j]);
	free(a);
	free(b);
	return bits;
}

/* The bits one setting that changes needs (by file, then by key). */
static unsigned plan_setting_class(const char *name, const struct slurmdiff_item *it,
				   bool reexec, const char **key_out)
{
	*key_out = NULL;
	if (!strcmp(name, "gres.conf")) {
		*key_out = "gres";
		return RESTART_CTLD | RESTART_SLURMD;
	}
	if (!strcmp(name, "slurmdbd.conf")) {
		*key_out = it->key;
		return RESTART_DBD;
	}
	if (!strcmp(name, "cgroup.conf"))
		return RESTART_RECONFIGURE;
	if (it->scope == SLURMDIFF_NODE)
		return plan_key_class("NodeName", strlen("NodeName"), reexec, key_out);
	if (it->scope == SLURMDIFF_GLOBAL)
		return plan_key_class(it->key, strlen(it->key), reexec, key_out);
	return RESTART_RECONFIGURE;	/* partitions, NodeSet, DownNodes ... */
}

unsigned plan_classify_setting(const char *path, const struct slurmdiff_item *it,
			       bool reexec, const char **key)
{
	const char *k;
	unsigned bits = plan_setting_class(fileio_basename(path), it, reexec, &k);

	if (key)
		*key = k;
	return bits;
}

/* The bits the settings of d need; *why as plan_classify's; *settings: one a line. */
static unsigned plan_classify_diff(const char *name, const struct slurmdiff *d,
				   bool reexec, char **why, char **settings)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned bits = 0;

	for (size_t i = 0; i < d->n; i++) {
		const char *key;
		unsigned b = plan_setting_class(name, &d->v[i], reexec, &key);
		char *line = slurmdiff_item_text(&d->v[i]);

		if ((b & ~RESTART_RECONFIGURE) && why && !*why)
			*why = key ? xasprintf("%s: %s", name, key) : xstrdup(name);
		bits |= b;
		strbuf_addf(&sb, "%s\n", line);
		free(line);
	}
	if (settings)
		*settings = strbuf_detach(&sb, NULL);
	strbuf_release(&sb);
	return bits;
}

unsigned plan_classify(const char *path, const char *old, size_t old_len,
		       const char *new, size_t new_len, char **why)
{
	return plan_classify_release(path, old, old_len, new, new_len, false, why);
}

unsigned plan_classify_release(const char *path, const char *old, size_t old_len,
			       const char *new, size_t new_len, bool reexec,
			       char **why)
{
	return plan_classify_settings(path, old, old_len, new, new_len, reexec, NULL, NULL,
				      NULL, 0, why, NULL);
}

unsigned plan_classify_settings(const char *path, const char *old, size_t old_len,
				const char *new, size_t new_len, bool reexec,
				slurmread_fn read, void *arg,
				const struct slurmdiff_reader *readers, size_t n_readers,
				char **why, char **settings)
{
	const char *name = fileio_basename(path);
	struct slurmdiff d = { 0 };
	char *cause = NULL;
	unsigned bits;

	if (why)
		*why = NULL;
	if (settings)
		*settings = NULL;
	if (old_len == new_len && (!old_len || !memcmp(old, new, old_len)))
		return 0;
	if (!strcmp(name, "munge.key"))
		return RESTART_MUNGE;
	/* slurmd's start arguments (--conf-server), its unit's drop-in */
	if (!strcmp(path, SLURM_SLURMD_DEFAULTS) || !strcmp(path, SLURM_SLURMD_DROPIN)) {
		if (why)
			*why = xstrdup(path);
		return RESTART_SLURMD;
	}
	if (!strcmp(path, SLURM_SACKD_DEFAULTS) || !strcmp(path, SLURM_SACKD_DROPIN)) {
		if (why)
			*why = xstrdup(path);
		return RESTART_SACKD;
	}
	if (slurmdiff_handles(path)) {
		if (slurmdiff_compute_gres(path, old, old_len, new, new_len, read, arg,
					   readers, n_readers, &d, &cause) == 0) {
			bits = plan_classify_diff(name, &d, reexec, why, settings);
			slurmdiff_release(&d);
			return bits;
		}
		/* a side Slurm would not read either: by file and line, as before */
		free(cause);
		slurmdiff_release(&d);
	}
	if (!strcmp(name, "slurmdbd.conf"))
		return RESTART_DBD;
	if (!strcmp(name, "slurm.conf") || !strcmp(name, "gres.conf"))
		return plan_classify_lines(name, old, old_len, new, new_len, reexec, why);
	/* cgroup.conf and the rest: "scontrol reconfigure" re-reads them */
	return RESTART_RECONFIGURE;
}

unsigned plan_classify_passthrough(const char *path, bool reexec, char **why)
{
	const char *reason;
	unsigned bits = passfile_restart(fileio_basename(path), reexec, &reason);

	*why = reason ? xstrdup(reason) : NULL;
	return bits;
}
