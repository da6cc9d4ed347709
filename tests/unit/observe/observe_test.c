/*
 * observe_test.c: the observation script's output, parsed. The files under
 * data/observe/ are what observe_script printed when run for real (nonce
 * 0123456789abcdef) on this machine's Debian 12 (Slurm 22.05, "2205-*")
 * and in the lab's Debian 13 root (Slurm 24.11, "2411-*"): ok (a file, an
 * absent one, a 1 KB munge key of random bytes at 0400; status "true" for
 * munge and "false" for slurmd), link (/etc/os-release, a symlink) and dir
 * (a directory). Every truncation and every flipped byte of them must be an
 * error or a parse, never a crash (ASan run: make SANITIZE=... check-unit).
 * To capture them again: print observe_script() for the same request
 * (slurm_version set, status "true"/"false # a comment") and run it with sh
 * here and under chroot "$(scripts/lab-root.sh path 24.11)".
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "observe/observe.h"
#include "decide/plan.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "decide/plan_release.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "slurm/mungekey.h"

#define NONCE "0123456789abcdef"
#define KEY_PATH "/tmp/clusterctl-observe-capture/munge.key"
#define PLUGSTACK "include /etc/slurm/plugstack.conf.d/*.conf\n"

static void slurp(const char *name, struct strbuf *sb)
{
	char path[4096];
	char buf[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "tests/unit/data/observe/%s", name);
	f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open '%s'", path);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(sb, buf, n);
	fclose(f);
}

static struct observe_file ok_files[] = {
	{ .path = "/etc/slurm/plugstack.conf" },
	{ .path = "/etc/slurm/slurm.conf" },
	{ .path = KEY_PATH, .secret = true },
};

static void request(struct observe_request *rq, struct observe_file *files,
		    size_t n, const char *version)
{
	memset(rq, 0, sizeof(*rq));
	rq->files = files;
	rq->n_files = n;
	rq->user[IDENT_SLURM] = "slurm";
	rq->user[IDENT_MUNGE] = "munge";
	rq->group[IDENT_SLURM] = "slurm";
	rq->group[IDENT_MUNGE] = "munge";
	rq->slurm_version = version;
}

static int parse_file(const char *name, const struct observe_request *rq,
		      struct obs_host *h, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	int r;

	slurp(name, &sb);
	memset(h, 0, sizeof(*h));
	*cause = NULL;
	r = observe_parse(rq, NONCE, sb.buf, sb.len, "", h, cause);
	strbuf_release(&sb);
	return r;
}

static void check_ok(const char *name, const char *version, long long munge_uid,
		     long long munge_gid)
{
	struct observe_request rq;
	struct obs_host h;
	struct mungekey key = MUNGEKEY_INIT;
	char *cause;

	request(&rq, ok_files, ARRAY_SIZE(ok_files), version);
	rq.key = &key;
	cr_assert_eq(parse_file(name, &rq, &h, &cause), 0, "%s: %s", name, cause);
	cr_expect(h.users[IDENT_SLURM].exists);
	cr_expect_eq(h.users[IDENT_SLURM].id, 64030);
	cr_expect_eq(h.users[IDENT_SLURM].gid, 64030);
	cr_expect_eq(h.users[IDENT_MUNGE].id, munge_uid);
	cr_expect_eq(h.groups[IDENT_MUNGE].id, munge_gid);
	cr_expect_eq(h.groups[IDENT_SLURM].id, 64030);
	cr_expect_null(h.version_error, "%s", h.version_error);
	cr_expect_eq(h.svc[SVC_MUNGE], OBS_SVC_RUNNING);
	cr_expect_eq(h.svc[SVC_SLURMD], OBS_SVC_STOPPED);
	cr_expect_eq(h.svc[SVC_SLURMCTLD], OBS_SVC_UNKNOWN);
	cr_assert_eq(h.n_files, 3);
	/* request order, whatever order the archive had */
	cr_expect_str_eq(h.files[0].path, "/etc/slurm/plugstack.conf");
	cr_expect(h.files[0].exists);
	cr_expect_eq(h.files[0].mode, 0644);
	cr_expect_eq(h.files[0].uid, 0);
	cr_expect_eq(h.files[0].len, strlen(PLUGSTACK));
	cr_expect_str_eq(h.files[0].bytes, PLUGSTACK);
	cr_expect(!h.files[1].exists);
	cr_expect_null(h.files[1].bytes);
	cr_expect(h.files[2].exists);
	cr_expect_eq(h.files[2].mode, 0400);
	cr_expect_eq(h.files[2].uid, 64030);
	cr_expect_null(h.files[2].bytes, "the key's bytes are never kept");
	cr_expect_eq(strlen(h.files[2].fp), MUNGEKEY_FP_LEN - 1);
	cr_assert_eq(key.len, 1024, "the controller's key is kept");
	{
		char fp[MUNGEKEY_FP_LEN];

		mungekey_fingerprint_of(key.bytes, key.len, fp);
		cr_expect_str_eq(fp, h.files[2].fp);
	}
	mungekey_release(&key);
	obs_host_release(&h);
}

Test(observe, parses_a_2205_host)
{
	check_ok("2205-ok.out", "22.05", 103, 106);
}

Test(observe, parses_a_2411_host)
{
	check_ok("2411-ok.out", "24.11", 101, 102);
}

/* A daemon newer than the inventory is the host's error; older is not. */
Test(observe, a_newer_release_is_named)
{
	struct observe_request rq;
	struct obs_host h;
	char *cause;

	request(&rq, ok_files, ARRAY_SIZE(ok_files), "22.05");
	cr_assert_eq(parse_file("2411-ok.out", &rq, &h, &cause), 0);
	cr_assert_not_null(h.version_error);
	cr_expect(strstr(h.version_error, "slurmctld -V says Slurm 24.11.5, but the "
			 "inventory's cluster.slurm_version is 22.05: nothing is planned here"),
		  "%s", h.version_error);
	obs_host_release(&h);
	request(&rq, ok_files, ARRAY_SIZE(ok_files), "24.11");
	cr_assert_eq(parse_file("2205-ok.out", &rq, &h, &cause), 0);
	cr_expect_null(h.version_error, "older: an upgrade under way, the plan's");
	cr_expect_str_eq(h.rel[SVC_SLURMCTLD].installed, "22.05.8");
	obs_host_release(&h);
}

/* versions-*.out: what observe_version_script's lines print with each
 * release's daemons (captured on lab hosts: 22.05 the machine's, 24.11 a
 * lab's ctl and gpu01 with daemons running, 26.05 its root's /usr, and
 * 26.05's /usr bound over a 24.11 ctl whose daemons kept running) */
static void versions(const char *name, const char *want, struct obs_host *h)
{
	struct strbuf sb = STRBUF_INIT;

	slurp(name, &sb);
	memset(h, 0, sizeof(*h));
	observe_parse_versions(sb.buf, want, h);
	strbuf_release(&sb);
}

static void expect_rel(const struct obs_host *h, enum service_kind k,
		       const char *installed, enum obs_run run)
{
	cr_expect_str_eq(h->rel[k].installed, installed, "%s", service_kind_name(k));
	cr_expect_eq(h->rel[k].run, run, "%s: %d", service_kind_name(k), h->rel[k].run);
}

Test(observe, versions_of_each_release)
{
	struct obs_host h;

	/* Debian 12's 22.05: no daemon running; its slurmdbd -V prints nothing */
	versions("versions-2205.out", "22.05", &h);
	expect_rel(&h, SVC_SLURMCTLD, "22.05.8", OBS_RUN_STOPPED);
	expect_rel(&h, SVC_SLURMD, "22.05.8", OBS_RUN_STOPPED);
	expect_rel(&h, SVC_SLURMDBD, "", OBS_RUN_STOPPED);
	cr_expect_null(h.version_error);
	obs_host_release(&h);
	versions("versions-2411-ctl.out", "24.11", &h);
	expect_rel(&h, SVC_SLURMCTLD, "24.11.5", OBS_RUN_INSTALLED);
	expect_rel(&h, SVC_SLURMDBD, "24.11.5", OBS_RUN_INSTALLED);
	expect_rel(&h, SVC_SLURMD, "24.11.5", OBS_RUN_STOPPED);
	obs_host_release(&h);
	versions("versions-2411-gpu01.out", "26.05", &h);
	expect_rel(&h, SVC_SLURMD, "24.11.5", OBS_RUN_INSTALLED);
	cr_expect_null(h.version_error, "%s", h.version_error);
	obs_host_release(&h);
	versions("versions-2605.out", "26.05", &h);
	expect_rel(&h, SVC_SLURMCTLD, "26.05.5", OBS_RUN_STOPPED);
	expect_rel(&h, SVC_SLURMD, "26.05.5", OBS_RUN_STOPPED);
	obs_host_release(&h);
	/* 26.05's packages under 24.11's running daemons: the process's binary
	 * is not the installed one; its log says which it started as */
	versions("versions-2605-over-2411.out", "26.05", &h);
	expect_rel(&h, SVC_SLURMCTLD, "26.05.5", OBS_RUN_OTHER);
	expect_rel(&h, SVC_SLURMDBD, "26.05.5", OBS_RUN_OTHER);
	expect_rel(&h, SVC_SLURMD, "26.05.5", OBS_RUN_STOPPED);
	cr_expect_str_eq(plan_release_running(&h.rel[SVC_SLURMCTLD]), "24.11.5");
	cr_expect_str_eq(plan_release_running(&h.rel[SVC_SLURMDBD]), "24.11.5");
	cr_expect_str_eq(plan_release_running(&h.rel[SVC_SLURMD]), "26.05.5");
	obs_host_release(&h);
	/* a login host's client commands: scontrol -V, no process */
	memset(&h, 0, sizeof(h));
	observe_parse_versions("@@V scontrol slurm-wlm 24.11.5\n", "26.05", &h);
	cr_expect_str_eq(h.rel[OBS_REL_CLIENTS].installed, "24.11.5");
	cr_expect_str_eq(plan_release_running(&h.rel[OBS_REL_CLIENTS]), "24.11.5");
	cr_expect_null(h.version_error);
	observe_parse_versions("@@V scontrol slurm 26.05.5\n", "24.11", &h);
	cr_expect(h.version_error && strstr(h.version_error, "scontrol -V says Slurm 26.05.5, "
					   "but the inventory's cluster.slurm_version is 24.11"),
		  "%s", h.version_error);
	obs_host_release(&h);
	versions("versions-2605.out", "24.11", &h);
	cr_assert_not_null(h.version_error);
	cr_expect(strstr(h.version_error, "slurmctld -V says Slurm 26.05.5, but the "
			 "inventory's cluster.slurm_version is 24.11") != NULL, "%s",
		  h.version_error);
	obs_host_release(&h);
}

/* A pid file whose number is now another program's: not the daemon. */
Test(observe, a_stale_pid_file_is_stopped)
{
	struct obs_host h = { 0 };

	observe_parse_versions("@@V slurmd slurm-wlm 24.11.5\n\n"
			       "@@R slurmd other /usr/bin/sleep\n"
			       "@@V slurmctld slurm-wlm 24.11.5\n"
			       "@@R slurmctld other /usr/sbin/slurmctld (deleted)\n"
			       "@@L slurmctld \n"
			       "@@V nosuchd slurm-wlm 24.11.5\n@@R slurmd bogus\n",
			       "24.11", &h);
	cr_expect_eq(h.rel[SVC_SLURMD].run, OBS_RUN_STOPPED);
	cr_expect_eq(h.rel[SVC_SLURMCTLD].run, OBS_RUN_OTHER);
	/* no start line in its log: the release it runs is not known */
	cr_expect_null(plan_release_running(&h.rel[SVC_SLURMCTLD]));
	obs_host_release(&h);
}

Test(observe, releases_compare_by_major_minor)
{
	cr_expect_eq(observe_release_cmp("24.11.5", "24.11"), 0);
	cr_expect_lt(observe_release_cmp("24.11.5", "26.05"), 0);
	cr_expect_gt(observe_release_cmp("26.05.5", "24.11"), 0);
	cr_expect_lt(observe_release_cmp("22.05.8", "23.02"), 0);
	cr_expect_eq(observe_release_cmp("", "24.11"), 0);
	cr_expect_eq(observe_release_cmp("x", "24.11"), 0);
}

Test(observe, rendered_bytes_are_not_kept)
{
	struct observe_file files[ARRAY_SIZE(ok_files)];
	struct observe_request rq;
	struct obs_host h;
	char *cause;

	memcpy(files, ok_files, sizeof(files));
	files[0].want = PLUGSTACK;
	files[0].want_len = strlen(PLUGSTACK);
	request(&rq, files, ARRAY_SIZE(files), "24.11");
	cr_assert_eq(parse_file("2411-ok.out", &rq, &h, &cause), 0);
	cr_expect(h.files[0].matches);
	cr_expect_null(h.files[0].bytes);
	cr_expect_eq(h.files[0].len, strlen(PLUGSTACK));
	obs_host_release(&h);
}

static void check_refused(const char *name, struct observe_file *files, size_t n,
			  const char *want)
{
	struct observe_request rq;
	struct obs_host h;
	char *cause;

	request(&rq, files, n, NULL);
	cr_assert_eq(parse_file(name, &rq, &h, &cause), -1, "%s parsed", name);
	cr_expect_str_eq(cause, want);
	cr_expect_eq(h.n_files, 0, "nothing is kept of a refused host");
	free(cause);
}

Test(observe, a_symlink_is_refused)
{
	struct observe_file files[] = {
		{ .path = "/etc/slurm/plugstack.conf" }, { .path = "/etc/os-release" },
	};

	check_refused("2205-link.out", files, 2,
		      "'/etc/os-release' is a symbolic link: refusing to follow it");
	check_refused("2411-link.out", files, 2,
		      "'/etc/os-release' is a symbolic link: refusing to follow it");
}

Test(observe, a_directory_is_refused)
{
	struct observe_file files[] = { { .path = "/etc/slurm/plugstack.conf.d" } };

	check_refused("2205-dir.out", files, 1,
		      "'/etc/slurm/plugstack.conf.d' is not a regular file");
	check_refused("2411-dir.out", files, 1,
		      "'/etc/slurm/plugstack.conf.d' is not a regular file");
}

Test(observe, a_file_not_asked_for_is_refused)
{
	check_refused("2205-ok.out", ok_files + 1, 2,
		      "the files' archive holds a file that was not asked for");
}

/* Parses buf[0..len) with the ok request; returns observe_parse's result. */
static int parse_buf(const char *buf, size_t len, char **cause)
{
	struct observe_request rq;
	struct obs_host h = { 0 };
	struct mungekey key = MUNGEKEY_INIT;
	int r;

	request(&rq, ok_files, ARRAY_SIZE(ok_files), "22.05");
	rq.key = &key;
	*cause = NULL;
	r = observe_parse(&rq, NONCE, buf, len, "tar: oops", &h, cause);
	if (r)
		cr_assert_eq(h.n_files, 0);
	obs_host_release(&h);
	mungekey_release(&key);
	return r;
}

Test(observe, every_truncation_is_an_error)
{
	const char *names[] = { "2205-ok.out", "2411-ok.out" };

	for (size_t n = 0; n < ARRAY_SIZE(names); n++) {
		struct strbuf sb = STRBUF_INIT;

		slurp(names[n], &sb);
		for (size_t len = 0; len < sb.len; len++) {
			/* a copy of exactly len bytes: ASan sees any overread */
			char *cut = xmalloc(len + 1), *cause;

			memcpy(cut, sb.buf, len);
			cr_assert_eq(parse_buf(cut, len, &cause), -1,
				     "%s cut at %zu parsed", names[n], len);
			cr_assert_not_null(cause);
			free(cause);
			free(cut);
		}
		strbuf_release(&sb);
	}
}

Test(observe, flipped_bytes_never_crash)
{
	struct strbuf sb = STRBUF_INIT;
	size_t errors = 0;

	slurp("2411-ok.out", &sb);
	for (size_t i = 0; i < sb.len; i++) {
		char *cause, *copy = xmalloc(sb.len);

		memcpy(copy, sb.buf, sb.len);
		copy[i] ^= 0x5a;
		errors += parse_buf(copy, sb.len, &cause) != 0;
		free(cause);
		free(copy);
	}
	/* every header byte is checksummed, every marker checked */
	cr_expect_gt(errors, sb.len / 2);
	strbuf_release(&sb);
}

static char *replaced(const struct strbuf *sb, const char *from, const char *to,
		      size_t *len)
{
	const char *at = memmem(sb->buf, sb->len, from, strlen(from));
	struct strbuf out = STRBUF_INIT;

	cr_assert_not_null(at, "no '%s'", from);
	strbuf_add(&out, sb->buf, (size_t)(at - sb->buf));
	strbuf_addstr(&out, to);
	strbuf_add(&out, at + strlen(from), sb->len - (size_t)(at - sb->buf) - strlen(from));
	*len = out.len;
	return strbuf_detach(&out, NULL);
}

Test(observe, tar_failure_is_an_error)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *buf, *cause;

	slurp("2205-ok.out", &sb);
	buf = replaced(&sb, "@@" NONCE " end 0\n", "@@" NONCE " end 1\n", &len);
	cr_assert_eq(parse_buf(buf, len, &cause), -1);
	cr_expect_str_eq(cause, "reading the files failed (tar: exit 1): tar: oops");
	free(cause);
	free(buf);
	strbuf_release(&sb);
}

Test(observe, a_login_banner_before_the_script_is_skipped)
{
	struct strbuf sb = STRBUF_INIT, in = STRBUF_INIT;
	char *cause;

	strbuf_addstr(&in, "Welcome! @@" NONCE " observe 1\n");
	slurp("2205-ok.out", &in);
	cr_expect_eq(parse_buf(in.buf, in.len, &cause), 0, "%s", cause);
	strbuf_release(&in);
	strbuf_release(&sb);
}

Test(observe, another_nonce_is_not_our_output)
{
	struct strbuf sb = STRBUF_INIT;
	struct observe_request rq;
	struct obs_host h = { 0 };
	char *cause = NULL;

	slurp("2205-ok.out", &sb);
	request(&rq, ok_files, ARRAY_SIZE(ok_files), NULL);
	cr_expect_eq(observe_parse(&rq, "fedcba9876543210", sb.buf, sb.len,
				   "sh: 1: tar: not found", &h, &cause), -1);
	cr_expect_str_eq(cause, "the observation script did not run: sh: 1: tar: not found");
	free(cause);
	strbuf_release(&sb);
}

Test(observe, a_host_without_tar_is_an_error)
{
	const char out[] = "@@" NONCE " observe 1\n@@" NONCE " passwd\n@@" NONCE
		" group\n@@" NONCE " version\n@@" NONCE " status\n@@" NONCE
		" hw\n@@" NONCE " capacity\n@@" NONCE " absent 1\n@@" NONCE " files\n@@" NONCE " end 127\n";
	char *cause;

	cr_assert_eq(parse_buf(out, sizeof(out) - 1, &cause), -1);
	cr_expect_str_eq(cause, "reading the files failed (tar: exit 127): tar: oops");
	free(cause);
}

Test(observe, absent_list_must_be_sane)
{
	const char *bad[] = { " absent 7\n", " absent 1 1\n", " absent x\n", " absent 1x\n" };

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct strbuf sb = STRBUF_INIT;
		size_t len;
		char *buf, *cause;

		slurp("2205-ok.out", &sb);
		buf = replaced(&sb, " absent 1\n", bad[i], &len);
		cr_expect_eq(parse_buf(buf, len, &cause), -1, "'%s' parsed", bad[i]);
		free(cause);
		free(buf);
		strbuf_release(&sb);
	}
}

Test(observe, the_script_quotes_paths_and_names)
{
	struct observe_file files[] = { { .path = "/etc/it's here" } };
	struct observe_request rq;
	struct strbuf sb = STRBUF_INIT;

	request(&rq, files, 1, NULL);
	rq.user[IDENT_SLURM] = "sl'urm";
	observe_script(&rq, NONCE, &sb);
	cr_expect(strstr(sb.buf, "getent passwd 'sl'\\''urm' 'munge'\n"), "%s", sb.buf);
	cr_expect(strstr(sb.buf, "set -- \"$@\" '/etc/it'\\''s here' || a=\"$a 0\""),
		  "%s", sb.buf);
	strbuf_release(&sb);
}

/* ---- the section parsers on their own ---- */

Test(observe, getent_lines)
{
	struct obs_ident id;

	observe_parse_passwd("slurmx:x:1:1::/:/bin/sh\nslurm:x:64030:64031:S:/:/bin/sh\n",
			     "slurm", &id);
	cr_expect(id.exists);
	cr_expect_eq(id.id, 64030);
	cr_expect_eq(id.gid, 64031);
	observe_parse_passwd("", "slurm", &id);
	cr_expect(!id.exists);
	observe_parse_group("munge:x:990:\n", "munge", &id);
	cr_expect_eq(id.id, 990);
	observe_parse_passwd("slurm:x:\n", "slurm", &id);
	cr_expect(id.exists);
	cr_expect_eq(id.id, -1, "a line without a number");
}

/*
 * A status command that ran says running (0) or stopped; one the shell
 * could not find or run (127, 126: no systemctl on the host) says nothing
 * of the daemon: unknown, never "stopped" (a plan would start it again).
 */
Test(observe, status_codes)
{
	struct obs_host h;

	memset(&h, 0, sizeof(h));
	observe_parse_status("munge 0\nslurmd 3\nslurmdbd 127\nslurmctld 126\nsackd x\n", &h);
	cr_expect_eq(h.svc[SVC_MUNGE], OBS_SVC_RUNNING);
	cr_expect_eq(h.svc[SVC_SLURMD], OBS_SVC_STOPPED);
	cr_expect_eq(h.svc[SVC_SLURMDBD], OBS_SVC_UNKNOWN);
	cr_expect_eq(h.svc[SVC_SLURMCTLD], OBS_SVC_UNKNOWN);
	cr_expect_eq(h.svc[SVC_SACKD], OBS_SVC_UNKNOWN);
}

/* apply's verification asks no ids and no release: no process for them */
Test(observe, sections_not_asked_run_nothing)
{
	struct observe_request rq;
	struct strbuf sb = STRBUF_INIT;

	request(&rq, ok_files, ARRAY_SIZE(ok_files), NULL);
	for (int w = 0; w < N_IDENT; w++)
		rq.user[w] = rq.group[w] = NULL;
	observe_script(&rq, NONCE, &sb);
	cr_expect_null(strstr(sb.buf, "getent"), "%s", sb.buf);
	cr_expect_null(strstr(sb.buf, "-V"), "%s", sb.buf);
	cr_expect(strstr(sb.buf, "@@" NONCE " passwd'\n"), "the section is still framed");
	strbuf_release(&sb);
}
