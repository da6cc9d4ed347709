/*
 * observe_include_test.c: the files a host's slurm.conf and gres.conf
 * include (observe_include.h) and the plan's reading of them
 * (plan_classify_settings with observe_include_read): which paths a host's
 * observation still lacks, nested ones once their includer is held; a
 * site's nodes moved into an included file against the rendered flat
 * slurm.conf are formatting only; a node changed inside the included
 * file is named as that node's setting and restarts as a node change
 * does; two hosts whose included files differ are told apart.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "observe/obs.h"
#include "observe/observe_include.h"
#include "decide/plan.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "decide/plan_classify.h"

#define SLURM "/etc/slurm/slurm.conf"

static const char flat[] =
	"ClusterName=lab\n"
	"SlurmctldHost=ctl\n"
	"NodeName=gpu[01-02] CPUs=8 RealMemory=64000 Gres=gpu:a100:2\n"
	"PartitionName=gpu Nodes=gpu[01-02] Default=YES\n";

static const char site[] =
	"ClusterName=LAB\n"
	"SlurmctldHost=ctl\n"
	"Include nodes.conf\n"
	"Include /srv/slurm/%c-parts.conf\n";

static const char nodes[] = "NodeName=gpu[01-02] CPUs=8 RealMemory=64000 "
			    "Gres=gpu:a100:2\n";
static const char parts[] = "PartitionName=gpu Nodes=gpu[01-02] Default=YES\n";

static void held(struct obs_host *h, const char *path, const char *bytes, bool included)
{
	obs_add_file(h, path, bytes != NULL, 0644, 0, 0, bytes,
		     bytes ? strlen(bytes) : 0)->included = included;
}

static char *missing_text(const struct obs_host *h)
{
	size_t n = 0;
	char **v = observe_include_missing(h, &n);
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		strbuf_addf(&sb, "%s\n", v[i]);
		free(v[i]);
	}
	free(v);
	return strbuf_detach(&sb, NULL);
}

Test(observe_include, paths_resolve_as_slurmctld_does_and_nest)
{
	struct obs_host h = { 0 };
	char *got;

	held(&h, SLURM, site, false);
	got = missing_text(&h);
	cr_expect_str_eq(got, "/etc/slurm/nodes.conf\n/srv/slurm/lab-parts.conf\n");
	free(got);
	held(&h, "/etc/slurm/nodes.conf", "include more.conf\n", true);
	held(&h, "/srv/slurm/lab-parts.conf", NULL, true);	/* not on the host */
	got = missing_text(&h);
	cr_expect_str_eq(got, "/etc/slurm/more.conf\n");
	free(got);
	held(&h, "/etc/slurm/more.conf", "", true);
	got = missing_text(&h);
	cr_expect_str_eq(got, "");
	free(got);
	obs_host_release(&h);
}

Test(observe_include, an_include_line_in_any_case_and_indent_counts_a_word_inside_not)
{
	struct obs_host h = { 0 };
	char *got;

	held(&h, SLURM, "ClusterName=lab\nSlurmctldHost=ctl\n"
	     "Prolog=/etc/slurm/include.sh\n#include x.conf\n  INCLUDE\tnodes.conf\n", false);
	got = missing_text(&h);
	cr_expect_str_eq(got, "/etc/slurm/nodes.conf\n");
	free(got);
	obs_host_release(&h);
}

Test(observe_include, a_file_with_no_include_or_not_read_names_nothing)
{
	struct obs_host h = { 0 };
	char *got;

	held(&h, SLURM, flat, false);
	held(&h, "/etc/slurm/gres.conf", "Name=gpu File=/dev/nvidia[0-1]\n", false);
	held(&h, "/etc/slurm/cgroup.conf", "include x.conf\n", false);
	got = missing_text(&h);
	cr_expect_str_eq(got, "");
	free(got);
	obs_host_release(&h);
}

static unsigned classify(struct obs_host *h, const char *old, const char *new, char **set)
{
	char *why = NULL;
	unsigned bits = plan_classify_settings(SLURM, old, strlen(old), new, strlen(new),
					       false, observe_include_read, h, NULL, 0, &why, set);

	free(why);
	return bits;
}

Test(observe_include, nodes_moved_into_an_included_file_are_formatting_only)
{
	struct obs_host h = { 0 };
	char *set = NULL;

	held(&h, SLURM, site, false);
	held(&h, "/etc/slurm/nodes.conf", nodes, true);
	held(&h, "/srv/slurm/lab-parts.conf", parts, true);
	cr_expect_eq(classify(&h, site, flat, &set), 0);
	cr_assert_not_null(set);
	cr_expect_str_eq(set, "");
	free(set);
	obs_host_release(&h);
}

Test(observe_include, a_node_changed_inside_an_included_file_is_named)
{
	struct obs_host h = { 0 };
	char *set = NULL;
	unsigned bits;

	held(&h, SLURM, site, false);
	held(&h, "/etc/slurm/nodes.conf",
	     "NodeName=gpu01 CPUs=8 RealMemory=64000 Gres=gpu:a100:2\n"
	     "NodeName=gpu02 CPUs=8 RealMemory=64000 Gres=gpu:a100:4\n", true);
	held(&h, "/srv/slurm/lab-parts.conf", parts, true);
	bits = classify(&h, site, flat, &set);
	cr_assert_not_null(set);
	cr_expect_str_eq(set, "gpu02: Gres gpu:a100:4 -> gpu:a100:2\n");
	/* a node's definition: as NodeName= changed in slurm.conf itself */
	cr_expect_eq(bits, plan_classify(SLURM, "NodeName=a CPUs=1\n", 18,
					 "NodeName=a CPUs=2\n", 18, NULL));
	cr_expect(bits & RESTART_CTLD);
	free(set);
	obs_host_release(&h);
}

Test(observe_include, an_included_file_not_on_the_host_compares_as_text)
{
	struct obs_host h = { 0 };
	char *set = (char *)"x";

	held(&h, SLURM, site, false);
	held(&h, "/etc/slurm/nodes.conf", NULL, true);
	classify(&h, site, flat, &set);
	cr_expect_null(set);
	obs_host_release(&h);
}

Test(observe_include, the_digest_tells_hosts_apart_by_their_included_files)
{
	struct obs_host a = { 0 }, b = { 0 }, c = { 0 };
	char da[65], db[65], dc[65];

	held(&a, SLURM, site, false);
	held(&b, SLURM, site, false);
	held(&c, SLURM, site, false);
	observe_include_digest(&a, da);
	cr_expect_str_eq(da, "");
	held(&a, "/etc/slurm/nodes.conf", nodes, true);
	held(&b, "/etc/slurm/nodes.conf", "NodeName=gpu01\n", true);
	held(&c, "/etc/slurm/nodes.conf", nodes, true);
	observe_include_digest(&a, da);
	observe_include_digest(&b, db);
	observe_include_digest(&c, dc);
	cr_expect_eq(strlen(da), 64);
	cr_expect_str_neq(da, db);
	cr_expect_str_eq(da, dc);
	obs_host_release(&a);
	obs_host_release(&b);
	obs_host_release(&c);
}
