/*
 * fuzz_slurmread.c: libFuzzer target for slurmconf.c and slurmread.c. The
 * input is read as slurm.conf (an Include of any name gives the input
 * again, so nesting and the loop limit are reached), as gres.conf and as
 * cgroup.conf. Each must either succeed or fail with a "path:line: ..."
 * cause and nothing left allocated; a resolved slurm.conf never holds a
 * DEFAULT record or an Include line, and every gres.conf record counts at
 * least one device when it has files. No crash, leak or ASan/UBSan report.
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/slurmconf.h"
#include "slurm/slurmread.h"
#include "base/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct input {
	const char *text;
	size_t len;
};

static int read_again(void *arg, const char *path, char **text, size_t *len, char **cause)
{
	const struct input *in = arg;

	(void)path;
	(void)cause;
	*text = xstrndup(in->text, in->len);
	*len = strlen(*text);
	return 0;
}

static void check_cause(int rc, char *cause)
{
	if (rc < 0 && (!cause || !strchr(cause, ':')))
		abort();
	free(cause);
}

static void fuzz_conf(struct input *in)
{
	struct slurmconf c = { 0 };
	char *cause = NULL;
	int rc = slurmread_conf_text("/etc/slurm/slurm.conf", in->text, in->len, read_again,
				     in, &c, &cause);

	for (size_t i = 0; rc == 0 && i < c.n; i++) {
		const struct slurmconf_line *l = &c.lines[i];

		if (!strcasecmp(l->kv[0].key, "Include") ||
		    ((!strcasecmp(l->kv[0].key, "NodeName") ||
		      !strcasecmp(l->kv[0].key, "PartitionName")) &&
		     !strcasecmp(l->kv[0].value, "DEFAULT")))
			abort();
	}
	check_cause(rc, cause);
	slurmconf_release(&c);
}

static void fuzz_gres(struct input *in)
{
	struct slurmgres g = { 0 };
	char *cause = NULL;
	int rc = slurmread_gres("gres.conf", in->text, in->len, read_again, in, &g, &cause);

	for (size_t i = 0; rc == 0 && i < g.n; i++)
		if (g.recs[i].file && g.recs[i].files.n == 0)
			abort();
	check_cause(rc, cause);
	slurmgres_release(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	struct input in = { text, strlen(text) };
	struct slurmconf c = { 0 };
	char *cause = NULL;

	fuzz_conf(&in);
	fuzz_gres(&in);
	check_cause(slurmread_settings("cgroup.conf", in.text, in.len, &c, &cause), cause);
	slurmconf_release(&c);
	free(text);
	return 0;
}
