/*
 * review_test.c: "diff BASE HEAD" as a value (review.h) on the inventories
 * of tests/unit/data/review: the issue's example (one MaxTime change, one
 * node added) on one screen, each setting with what it needs on the
 * inventory's release, capacity lost by plan's rules, the accounting rows
 * between the two, a hunk several host groups share shown once, secrets
 * and the munge key's bytes in no output, the comment under its limit,
 * and a git revision's tree (gitrev.h) loaded as BASE.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acct/plan/acct_plan.h"
#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "decide/plan_services.h"
#include "inventory/overlay.h"
#include "inventory/validate.h"
#include "review/gitrev.h"
#include "review/review.h"
#include "review/review_files.h"
#include "review/review_json.h"
#include "review/review_md.h"
#include "review/review_obs.h"
#include "review/review_text.h"

#define DATA "tests/unit/data/review/"

struct pair {
	struct model *base, *head;
	struct review *r;
};

static struct model *load(const char *path)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = validate_load(path, &dl);

	cr_assert_not_null(m, "%s does not validate (%zu diagnostics)", path, dl.n);
	diag_release(&dl);
	return m;
}

static void review(struct pair *p, const char *base, const char *head)
{
	char *cause = NULL;

	p->base = load(base);
	p->head = load(head);
	cr_assert_eq(review_compute(p->base, base, p->head, head, &p->r, &cause), 0,
		     "%s", cause ? cause : "");
}

static void pair_free(struct pair *p)
{
	review_free(p->r);
	model_free(p->base);
	model_free(p->head);
}

static char *text_of(const struct review *r)
{
	struct strbuf sb = STRBUF_INIT;

	review_print_text(r, &sb);
	return strbuf_detach(&sb, NULL);
}

/* The setting whose text is text, among every file group's; NULL if none. */
static const struct review_setting *setting(const struct review *r, const char *text)
{
	for (size_t i = 0; i < r->n_files; i++)
		for (size_t k = 0; k < r->files[i].n_settings; k++)
			if (!strcmp(r->files[i].settings[k].text, text))
				return &r->files[i].settings[k];
	return NULL;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

Test(review, the_example_fits_one_screen_with_no_line_twice)
{
	struct pair p;
	char *text, *line, *save = NULL, *copy;
	struct strbuf seen = STRBUF_INIT;

	review(&p, DATA "base.yaml", DATA "maxtime-node.yaml");
	text = text_of(p.r);
	cr_assert_leq(count_lines(text), 24, "%s", text);
	cr_assert(strstr(text, "\n  + host gpu04: type g2; roles compute\n"), "%s", text);
	cr_assert(strstr(text, "\n  ctl,gpu[01-03]: /etc/slurm/slurm.conf\n"
			 "    gpu04: new node: CoresPerSocket=2 CPUs=2 Gres=gpu:a100:2 "
			 "NodeAddr=10.0.0.14 RealMemory=2000 Sockets=1 ThreadsPerCore=1"
			 "  [restart slurmctld, slurmd]\n"
			 "    partition debug: Nodes gpu[01-03] -> gpu[01-04]  [reconfigure]\n"
			 "    partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00  [reconfigure]\n"),
		  "%s", text);
	cr_assert(strstr(text, "\n  gpu04 (new host): munge.key, cgroup.conf, gres.conf, "
			 "slurm.conf (as ctl,gpu[01-03] get them)\n"), "%s", text);
	cr_assert(strstr(text, "\n  gpu04: create slurm (uid 64030, gid 64030), "
			 "create munge (uid 64031, gid 64031)\n"), "%s", text);
	cr_assert(strstr(text, "\n  ctl: restart slurmctld ("), "%s", text);
	cr_assert(strstr(text, "\naccounting: no change; capacity: no loss; munge key: "
			 "unchanged\ndiff: 1 inventory change, 5 settings; restart munge, "
			 "slurmctld, slurmd; no capacity lost\n"), "%s", text);
	/* no line twice: one group per change, the new host's files on one line */
	copy = xstrdup(text);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		cr_assert_null(strstr(seen.buf ? seen.buf : "", line), "twice: %s\n%s", line, text);
		strbuf_addf(&seen, "%s\n", line);
	}
	cr_assert_eq(p.r->munge.changed, false);
	free(copy);
	strbuf_release(&seen);
	free(text);
	pair_free(&p);
}

Test(review, each_setting_says_what_it_needs)
{
	struct pair p;
	const struct review_setting *s;

	review(&p, DATA "base.yaml", DATA "maxtime-node.yaml");
	s = setting(p.r, "partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00");
	cr_assert_not_null(s);
	cr_assert_eq(s->restart, RESTART_RECONFIGURE);
	cr_assert_str_eq(s->scope, "partition");
	cr_assert_str_eq(s->setting, "MaxTime");
	cr_assert_str_eq(s->old, "1-00:00:00");
	cr_assert_str_eq(s->new, "2-00:00:00");
	s = setting(p.r, "gpu04: new node: gpu:a100=Count=2 File=/dev/nvidia[0-1]");
	cr_assert_not_null(s);
	cr_assert_eq(s->restart & (RESTART_CTLD | RESTART_SLURMD),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_assert_str_eq(s->scope, "new node");
	pair_free(&p);
}

Test(review, bases_bytes_are_shared_not_copied_for_every_host)
{
	struct pair p;
	size_t borrowed = 0;

	review(&p, DATA "base.yaml", DATA "maxtime-node.yaml");
	/* slurm.conf and gres.conf change on ctl,gpu[01-03]: BASE's one copy each */
	for (size_t h = 0; h < p.head->n_hosts; h++)
		for (size_t i = 0; i < p.r->obs[h].n_files; i++) {
			const struct obs_file *of = &p.r->obs[h].files[i];
			bool found = false;

			if (!of->bytes) {
				cr_assert(of->matches || !of->exists || of->fp[0], "%s", of->path);
				continue;
			}
			for (size_t b = 0; b < p.r->brs.n_blobs && !found; b++)
				found = of->bytes == p.r->brs.blobs[b].bytes;
			cr_assert(found, "%s on %s is a copy", of->path, p.head->hosts[h].name);
			cr_assert_eq(strlen(of->sha256), 64);
			borrowed++;
		}
	cr_assert_eq(borrowed, 8);
	pair_free(&p);
}

Test(review, the_same_inventory_is_no_change)
{
	struct pair p;
	char *text;

	review(&p, DATA "base.yaml", DATA "base.yaml");
	cr_assert_eq(review_count(p.r), 0);
	cr_assert_eq(review_capacity_lost(p.r), false);
	text = text_of(p.r);
	cr_assert(strstr(text, "\ndiff: no change\n"), "%s", text);
	free(text);
	pair_free(&p);
}

Test(review, capacity_lost_and_accounting_rows_by_plans_rules)
{
	struct pair p;
	char *text;

	review(&p, DATA "base.yaml", DATA "loss.yaml");
	cr_assert(review_capacity_lost(p.r));
	text = text_of(p.r);
	cr_assert(strstr(text, "\n  - host gpu03: type g2; roles compute\n"), "%s", text);
	cr_assert(strstr(text, "    gpu03: node removed  [restart slurmctld, slurmd]\n"), "%s", text);
	cr_assert(strstr(text, "\ncapacity: node gpu03 removed\n"), "%s", text);
	cr_assert(strstr(text, "\ncapacity: partition gpu lowers MaxTime (1-00:00:00 -> 12:00:00)\n"),
		  "%s", text);
	cr_assert(strstr(text, "  ~ qos 'gpu2'\n      priority: 10 -> 20\n"), "%s", text);
	cr_assert(strstr(text, "  + user 'carol'\n"), "%s", text);
	cr_assert(strstr(text, "  - user 'bob'\n"), "%s", text);
	cr_assert(strstr(text, "  + association 'carol' in 'physics' partition 'debug'\n"), "%s", text);
	cr_assert_eq(acct_plan_count(p.r->acct), 6);
	free(text);
	pair_free(&p);
}

Test(review, the_release_decides_what_a_setting_needs)
{
	struct pair p;
	const struct review_setting *s;

	review(&p, DATA "base-2411.yaml", DATA "taskplugin-2411.yaml");
	s = setting(p.r, "TaskPlugin: task/none -> task/affinity");
	cr_assert_not_null(s);
	/* 24.11's reconfigure starts new daemons, which read TaskPlugin again */
	cr_assert_eq(s->restart, RESTART_RECONFIGURE);
	pair_free(&p);
}

Test(review, a_hunk_several_host_groups_share_is_shown_once)
{
	struct pair p;
	struct strbuf sb = STRBUF_INIT;
	const char *at;

	review(&p, DATA "epilog-base.yaml", DATA "epilog-head.yaml");
	cr_assert_eq(p.r->n_files, 2);	/* ctl's file and the nodes' differ */
	review_print_files(p.r, &sb);
	cr_assert(!strncmp(sb.buf, "# ctl,gpu[01-03]: /etc/slurm/epilog.sh\n"
			   "--- a/etc/slurm/epilog.sh\n+++ b/etc/slurm/epilog.sh\n@@ ", 87),
		  "%s", sb.buf);
	at = strstr(sb.buf, "\n@@");
	cr_assert_not_null(at);
	cr_assert_null(strstr(at + 1, "\n@@"), "%s", sb.buf);
	cr_assert(strstr(sb.buf, "\n+rm -rf \"/tmp/job.$SLURM_JOB_ID\"\n exit 0\n"), "%s", sb.buf);
	strbuf_release(&sb);
	pair_free(&p);
}

/* lab-configless.yaml with overlays: BASE with release, HEAD with MaxTime too. */
static void review_configless(struct pair *p, const char *release)
{
	char *cause = NULL;

	overlay_add(release);
	p->base = load("inventories/lab-configless.yaml");
	overlay_add(DATA "maxtime.overlay.yaml");
	p->head = load("inventories/lab-configless.yaml");
	overlay_clear();
	cr_assert_eq(review_compute(p->base, "base", p->head, "head", &p->r, &cause), 0,
		     "%s", cause ? cause : "");
}

/* The services of r's plan as text lines ("login1: restart sackd"). */
static char *services_of(const struct review *r)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < r->plan->n_services; i++) {
		const struct plan_service *s = &r->plan->services[i];

		strbuf_addf(&sb, "%s: %s %s\n", r->head->hosts[s->host].name,
			    plan_svc_action_name(s->action), service_kind_name(s->kind));
	}
	return strbuf_detach(&sb, NULL);
}

Test(review, what_a_change_does_to_the_daemons_follows_the_release)
{
	struct pair p;
	char *svc;

	/* 24.11: slurmctld pushes nothing to sackd, which fetches as it starts */
	review_configless(&p, DATA "release-2411.overlay.yaml");
	svc = services_of(p.r);
	cr_assert_str_eq(svc, "ctl: reconfigure slurmctld\nlogin1: restart sackd\n");
	cr_assert_str_eq(p.r->plan->fetch_hosts, "gpu[01-03]");
	free(svc);
	pair_free(&p);
	/* 26.05: slurmctld pushes the change to sackd too */
	review_configless(&p, DATA "release-2605.overlay.yaml");
	svc = services_of(p.r);
	cr_assert_str_eq(svc, "ctl: reconfigure slurmctld\n");
	cr_assert_str_eq(p.r->plan->fetch_hosts, "gpu[01-03],login1");
	free(svc);
	pair_free(&p);
}

/* Every output of r, one after the other. */
static char *all_outputs(const struct review *r)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j = review_to_json(r);
	char *js = json_dumps(j, 0);

	review_print_text(r, &sb);
	review_print_markdown(r, 60000, &sb);
	review_print_files(r, &sb);
	strbuf_addstr(&sb, js);
	free(js);
	json_decref(j);
	return strbuf_detach(&sb, NULL);
}

Test(review, no_secret_and_the_key_by_fingerprint_only)
{
	struct pair p;
	char *out;

	review(&p, DATA "base.yaml", DATA "newctl.yaml");
	out = all_outputs(p.r);
	cr_assert_null(strstr(out, "s3cr3t"), "%s", out);
	cr_assert_null(strstr(out, "MUNGE-TEST-KEY"), "%s", out);
	cr_assert(strstr(out, "AccountingStoragePass changed"), "%s", out);
	/* the controller is new: it has no key to keep, every host gets HEAD's */
	cr_assert(p.r->munge.changed);
	cr_assert(!strncmp(p.r->munge.head_fp, "SHA256:", 7));
	cr_assert(strstr(out, p.r->munge.head_fp));
	cr_assert(strstr(out, "\n  ctl,gpu[01-03]: /etc/munge/munge.key: munge key  [restart munge]\n"),
		  "%s", out);
	free(out);
	pair_free(&p);
}

Test(review, the_comment_keeps_under_its_limit)
{
	struct pair p;
	struct strbuf full = STRBUF_INIT, cut = STRBUF_INIT;

	review(&p, DATA "base.yaml", DATA "maxtime-node.yaml");
	review_print_markdown(p.r, 60000, &full);
	/* gres.conf is each host's slurmd's: gpu04's lines change ctl's copy only */
	cr_assert(strstr(full.buf, "<details><summary><code>ctl,gpu[01-03]</code>: 1 file, "
			 "4 settings; restart slurmctld, slurmd</summary>"), "%s", full.buf);
	cr_assert(strstr(full.buf, "<details><summary><code>ctl</code>: 1 file, 1 setting; "
			 "restart slurmctld, slurmd</summary>"), "%s", full.buf);
	cr_assert(strstr(full.buf, "````diff\n--- a/etc/slurm/slurm.conf\n"), "%s", full.buf);
	cr_assert(strstr(full.buf, "- `partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00`: "
			 "reconfigure\n"), "%s", full.buf);
	/* too small for the diffs: the settings stay, the diffs go */
	review_print_markdown(p.r, full.len - 200, &cut);
	cr_assert_leq(cut.len, full.len - 200);
	cr_assert_null(strstr(cut.buf, "````diff"), "%s", cut.buf);
	cr_assert(strstr(cut.buf, "MaxTime 1-00:00:00 -> 2-00:00:00"), "%s", cut.buf);
	strbuf_reset(&cut);
	review_print_markdown(p.r, 1800, &cut);
	cr_assert_leq(cut.len, 1800, "%zu bytes:\n%s", cut.len, cut.buf);
	cr_assert(strstr(cut.buf, "left out (too long for a comment)"), "%s", cut.buf);
	strbuf_release(&full);
	strbuf_release(&cut);
	pair_free(&p);
}

Test(review, json_has_each_setting_as_data)
{
	struct pair p;
	json_t *j, *files, *f, *s;
	size_t i, k;
	bool found = false;

	review(&p, DATA "base.yaml", DATA "maxtime-node.yaml");
	j = review_to_json(p.r);
	cr_assert_eq(json_integer_value(json_object_get(j, "changes")),
		     (json_int_t)review_count(p.r));
	files = json_object_get(j, "files");
	json_array_foreach(files, i, f)
		json_array_foreach(json_object_get(f, "settings"), k, s)
			if (json_string_value(json_object_get(s, "key")) &&
			    !strcmp(json_string_value(json_object_get(s, "key")), "MaxTime")) {
				cr_assert_str_eq(json_string_value(json_object_get(s, "new")),
						 "2-00:00:00");
				cr_assert(json_is_true(json_object_get(json_object_get(s, "needs"),
								       "reconfigure")));
				found = true;
			}
	cr_assert(found);
	cr_assert_str_eq(json_string_value(json_object_get(json_object_get(j, "head"),
							   "slurm_version")), "22.05");
	json_decref(j);
	pair_free(&p);
}

/* ---- a git revision as BASE ---- */

/* Runs the shell script in dir. */
static void sh(const char *dir, const char *script)
{
	char *cmd = xasprintf("cd '%s' && %s", dir, script);

	cr_assert_eq(system(cmd), 0, "%s", cmd);
	free(cmd);
}

Test(review, a_git_revision_is_a_directory_of_its_files)
{
	char tmpl[] = "/tmp/review-test.XXXXXX", *dir = mkdtemp(tmpl), *path, *cause = NULL;
	struct gitrev g;
	char *mapped, *text, *label, *rm;
	size_t len;

	cr_assert_not_null(dir);
	sh(dir, "git init -q && mkdir inv && echo one >inv/a.txt && git add . && "
	   "git -c user.name=t -c user.email=t@t commit -qm one && echo two >inv/a.txt");
	path = xasprintf("%s/inv/a.txt", dir);
	cr_assert_eq(gitrev_checkout(path, "HEAD", &g, &cause), 0, "%s", cause);
	mapped = gitrev_map(&g, path, &cause);
	cr_assert_not_null(mapped, "%s", cause);
	text = fileio_read(mapped, &len, NULL);
	cr_assert_str_eq(text, "one\n");	/* the commit's, not the work tree's */
	label = gitrev_label(&g, mapped);
	cr_assert_str_eq(label, "HEAD:inv/a.txt");
	cr_assert_null(gitrev_map(&g, "/etc/passwd", &cause));
	cr_assert(strstr(cause, "outside the git work tree"), "%s", cause);
	free(cause);
	cause = NULL;
	gitrev_release(&g);
	cr_assert_neq(access(mapped, F_OK), 0);	/* the copy is gone */
	cr_assert_eq(gitrev_checkout(path, "no-such-ref", &g, &cause), -1);
	cr_assert(strstr(cause, "'no-such-ref' names no commit"), "%s", cause);
	rm = xasprintf("rm -rf -- '%s'", dir);
	sh("/", rm);
	free(rm);
	free(cause);
	free(label);
	free(text);
	free(mapped);
	free(path);
}
