/*
 * gresmerge_test.c: a node's Gres= merged with gres.conf as slurmd merges
 * them (gresmerge.h): records taken in file order up to the count, the
 * last one cut, the rest of the count without a line, a record no item
 * takes ignored, an untyped item taking typed lines.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/gresmerge.h"
#include "base/strbuf.h"

/* "type count files|..." per device record, then "ignored LINE|..." */
static char *merged(const char *gres_conf, const char *node, const char *gres)
{
	struct slurmgres g = { 0 };
	struct gresmerge m;
	struct strbuf sb = STRBUF_INIT;
	char *cause = NULL;

	cr_assert_eq(slurmread_gres("gres.conf", gres_conf, strlen(gres_conf), slurmread_local,
				    NULL, &g, &cause), 0, "%s", cause);
	cr_assert_eq(gresmerge_node(&g, node, gres, &m, &cause), 0, "%s", cause);
	for (size_t i = 0; i < m.n_devs; i++) {
		const struct gresmerge_dev *d = &m.devs[i];
		const struct gresmerge_item *it = &m.items[d->item];

		strbuf_addf(&sb, "%s:%s %llu", it->name, it->type ? it->type : "-",
			    (unsigned long long)d->count);
		for (size_t k = 0; d->rec && k < d->files; k++)
			strbuf_addf(&sb, " %s", d->rec->files.names[k]);
		strbuf_addf(&sb, "%s|", d->rec ? gresmerge_cut(d) ? " cut" : "" : " noline");
	}
	for (size_t i = 0; i < m.n_ignored; i++)
		strbuf_addf(&sb, "ignored %u|", m.ignored[i]->lineno);
	gresmerge_release(&m);
	slurmgres_release(&g);
	return strbuf_detach(&sb, NULL);
}

static void expect_merge(const char *gres_conf, const char *node, const char *gres,
			 const char *want)
{
	char *got = merged(gres_conf, node, gres);

	cr_expect_str_eq(got, want);
	free(got);
}

Test(gresmerge, items_parse)
{
	static const char *const good[][4] = {
		{ "gpu", "gpu", NULL, "1" }, { "gpu:4", "gpu", NULL, "4" },
		{ "gpu:a100", "gpu", "a100", "1" }, { "gpu:a100:8", "gpu", "a100", "8" },
		{ "shard:2k", "shard", NULL, "2048" },
	};
	static const char *const bad[] = { "", ":2", "gpu:a100:x", "gpu:a:1:2", "gpu:(S:0)" };
	struct gresmerge_item g;

	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		char n[32];

		cr_assert_eq(gresmerge_item_parse(good[i][0], &g), 0, "%s", good[i][0]);
		cr_expect_str_eq(g.name, good[i][1]);
		if (good[i][2])
			cr_expect_str_eq(g.type, good[i][2]);
		else
			cr_expect_null(g.type, "%s", good[i][0]);
		snprintf(n, sizeof(n), "%llu", (unsigned long long)g.count);
		cr_expect_str_eq(n, good[i][3]);
		gresmerge_item_release(&g);
	}
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_expect_eq(gresmerge_item_parse(bad[i], &g), -1, "'%s' parsed", bad[i]);
		gresmerge_item_release(&g);
	}
}

/* Lines without NodeName= are every node's; the count takes them in order. */
Test(gresmerge, lines_for_every_node_up_to_the_count)
{
	static const char conf[] = "Name=gpu File=/dev/nvidia[0-1]\n";

	expect_merge(conf, "c1", "gpu:2", "gpu:- 2 /dev/nvidia0 /dev/nvidia1|");
	/* one GPU in slurm.conf: the line is cut to its first file */
	expect_merge(conf, "c1", "gpu:1", "gpu:- 1 /dev/nvidia0 cut|");
	/* more in slurm.conf than gres.conf has: the rest without a file */
	expect_merge(conf, "c1", "gpu:8",
		     "gpu:- 2 /dev/nvidia0 /dev/nvidia1|gpu:- 6 noline|");
	/* no Gres=: slurmd keeps none of the lines */
	expect_merge(conf, "c1", NULL, "ignored 1|");
}

Test(gresmerge, typed_items_take_their_type)
{
	static const char conf[] =
		"NodeName=h Name=gpu Type=gtx File=/dev/nvidia[0,2]\n"
		"NodeName=h Name=gpu Type=titan File=/dev/nvidia1\n"
		"NodeName=other Name=gpu Type=gtx File=/dev/nvidia9\n";

	expect_merge(conf, "h", "gpu:gtx:2", "gpu:gtx 2 /dev/nvidia0 /dev/nvidia2|ignored 2|");
	expect_merge(conf, "h", "gpu:titan:1,gpu:gtx:2",
		     "gpu:titan 1 /dev/nvidia1|gpu:gtx 2 /dev/nvidia0 /dev/nvidia2|");
	/* a type gres.conf has no line of: counted without a file */
	expect_merge(conf, "h", "gpu:v100:1", "gpu:v100 1 noline|ignored 1|ignored 2|");
}

/* An untyped item takes typed lines (slurmd drops their Type=), untyped lines no typed item. */
Test(gresmerge, untyped_and_typed)
{
	expect_merge("Name=gpu Type=orin File=/dev/dri/renderD128\n", "n", "gpu:1",
		     "gpu:- 1 /dev/dri/renderD128|");
	expect_merge("Name=gpu File=/dev/nvidia[0-2]\n", "n", "gpu:nvidia:3",
		     "gpu:nvidia 3 noline|ignored 1|");
	/* beside a typed item of its name, an untyped one is not merged */
	expect_merge("Name=gpu File=/dev/nvidia0\nName=gpu Type=a File=/dev/nvidia1\n", "n",
		     "gpu:1,gpu:a:1", "gpu:a 1 /dev/nvidia1|ignored 1|");
}

/* Count-only lines and shared GRES: a line's count, not its files, is what is cut. */
Test(gresmerge, counts_without_files)
{
	expect_merge("Name=qpu Count=2\n", "c5", "qpu:1", "qpu:- 1 cut|");
	expect_merge("Name=qpu Count=2\n", "c6", "qpu:10", "qpu:- 2|qpu:- 8 noline|");
	expect_merge("Name=mps Count=24 File=/dev/nvidia0\nName=mps Count=24 File=/dev/nvidia1\n",
		     "g", "mps:48", "mps:- 24 /dev/nvidia0|mps:- 24 /dev/nvidia1|");
}
