/*
 * fuzz_slurmread.c: libFuzzer target for slurmconf.c and slurmread.c. The
 * input is read as slurm.conf (an Include of any name gives the input
 * again, so nesting and the loop limit are reached), as gres.conf and as
 * cgroup.conf. Each must either succeed or fail with a "path:line: ..."
 * cause and nothing left allocated; a resolved slurm.conf never holds a
 * DEFAULT record or an Include line, and every gres.conf record counts at
 * least one device when it has files; a node of the input's first line as
 * its Gres= registers no more than it counts (gresmerge.c). No crash,
 * leak or ASan/UBSan report.
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/gresmerge.h"
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

/*
 * What slurmd makes of the records for a node of the input's first line
 * as its Gres= (gresmerge.h): no more devices than Gres= counts, each kept
 * file one of its record's, the kinds' counts their devices'.
 */
static void fuzz_merge(const struct slurmgres *g, const struct input *in)
{
	char *gres = xstrndup(in->text, strcspn(in->text, "\n"));
	struct gresmerge m;
	struct gresmerge_kind *k;
	char *cause = NULL;
	uint64_t items = 0, devs = 0, kinds = 0;
	size_t nk;

	if (gresmerge_node(g, "n1", gres, &m, &cause) < 0) {
		free(cause);
		free(gres);
		return;
	}
	for (size_t i = 0; i < m.n_items; i++)
		items += m.items[i].count;
	for (size_t i = 0; i < m.n_devs; i++) {
		devs += m.devs[i].count;
		if (m.devs[i].rec && m.devs[i].files > m.devs[i].rec->files.n)
			abort();
	}
	nk = gresmerge_kinds(&m, true, &k);
	for (size_t i = 0; i < nk; i++)
		kinds += k[i].count;
	if (devs > items || kinds != devs)
		abort();
	gresmerge_kinds_release(k, nk);
	gresmerge_release(&m);
	free(gres);
}

static void fuzz_gres(struct input *in)
{
	struct slurmgres g = { 0 };
	char *cause = NULL;
	int rc = slurmread_gres("gres.conf", in->text, in->len, read_again, in, &g, &cause);

	for (size_t i = 0; rc == 0 && i < g.n; i++)
		if (g.recs[i].file && g.recs[i].files.n == 0)
			abort();
	if (rc == 0)
		fuzz_merge(&g, in);
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
