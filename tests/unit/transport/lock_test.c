/*
 * lock_test.c: the local cluster lock (a second taker is refused; a
 * symlink, a file of another owner or a directory others can write are
 * refused), the holder's answer, the process hardening for secrets, and
 * strbuf_add_printable, which makes text from another host safe to print.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "transport/lock.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

static char dir[] = "/tmp/clusterctl-lock-test.XXXXXX";

static void setup(void)
{
	cr_assert_not_null(mkdtemp(dir));
	setenv("XDG_RUNTIME_DIR", dir, 1);
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	cr_assert_eq(system(cmd), 0);
	free(cmd);
}

static char *in_dir(const char *name)
{
	return xasprintf("%s/%s", dir, name);
}

Test(lock, second_taker_refused_first_released_on_close, .init = setup, .fini = teardown)
{
	char *cause = NULL;
	int a = lock_local_take("c1", &cause), b;

	cr_assert_geq(a, 0, "%s", cause ? cause : "");
	b = lock_local_take("c1", &cause);
	cr_assert_eq(b, -1);
	cr_assert(strstr(cause, "another apply is running here (lock '"), "%s", cause);
	free(cause);
	cause = NULL;
	close(a);
	b = lock_local_take("c1", &cause);
	cr_assert_geq(b, 0);
	close(b);
}

Test(lock, symlink_refused_and_not_followed, .init = setup, .fini = teardown)
{
	char *link = in_dir("clusterctl-c2.lock"), *target = in_dir("elsewhere");
	char *cause = NULL;
	struct stat st;

	cr_assert_eq(symlink(target, link), 0);
	cr_assert_eq(lock_local_take("c2", &cause), -1);
	cr_assert(strstr(cause, "symbolic link"), "%s", cause);
	cr_assert_neq(lstat(target, &st), 0, "the link's target was created");
	free(cause);
	free(link);
	free(target);
}

Test(lock, lock_file_of_another_owner_refused, .init = setup, .fini = teardown)
{
	char *path = in_dir("clusterctl-c3.lock"), *cause = NULL;
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f);
	fclose(f);
	if (geteuid() != 0)
		cr_skip_test("needs root to chown");
	cr_assert_eq(chown(path, 12345, 12345), 0);
	cr_assert_eq(lock_local_take("c3", &cause), -1);
	cr_assert(strstr(cause, "not a regular file of ours"), "%s", cause);
	free(cause);
	free(path);
}

Test(lock, directory_others_can_write_refused, .init = setup, .fini = teardown)
{
	char *cause = NULL;

	cr_assert_eq(chmod(dir, 0777), 0);
	cr_assert_eq(lock_local_take("c4", &cause), -1);
	cr_assert(strstr(cause, "that only its owner can change"), "%s", cause);
	free(cause);
}

Test(lock, remote_answers)
{
	struct strbuf line = STRBUF_INIT;
	char *cause = NULL;

	strbuf_addstr(&line, "locked\n");
	cr_assert_eq(lock_remote_answer("ctl", &line, -1, &cause), 0);
	strbuf_reset(&line);
	strbuf_addstr(&line, "clusterctl on adm\x1b[2J pid 7 since T\n");
	cr_assert_eq(lock_remote_answer("ctl", &line, LOCK_HELD_STATUS, &cause), -1);
	cr_assert_str_eq(cause, "another apply holds the lock on 'ctl' "
			 "(clusterctl on adm [2J pid 7 since T)");
	free(cause);
	strbuf_release(&line);
}

Test(lock, remote_command_holds_flock_and_says_who)
{
	struct strbuf cmd = STRBUF_INIT;

	lock_remote_cmd(&cmd);
	cr_assert(strstr(cmd.buf, "flock -n 9"));
	cr_assert(strstr(cmd.buf, LOCK_REMOTE_PATH));
	cr_assert(strstr(cmd.buf, "echo locked; exec cat >/dev/null"));
	strbuf_release(&cmd);
}

Test(lock, secrets_make_the_process_undumpable)
{
	struct rlimit rl;

	lock_protect_secrets();
	cr_assert_eq(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 0);
	cr_assert_eq(getrlimit(RLIMIT_CORE, &rl), 0);
	cr_assert_eq(rl.rlim_cur, 0);
	cr_assert_eq(rl.rlim_max, 0);
}

static char *printable(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_add_printable(&sb, s, n);
	return strbuf_detach(&sb, NULL);
}

Test(printable, escapes_controls_keeps_text_and_utf8)
{
	static const char in[] = "ok\ttab\nline \x1b]0;pwned\x07 \x1b[2J del\x7f "
		"caf\xc3\xa9 \xe2\x82\xac c1\xc2\x9b bad\xff\xc3 end";
	char *out = printable(in, sizeof(in) - 1);

	cr_assert_str_eq(out, "ok\ttab\nline \\x1b]0;pwned\\x07 \\x1b[2J del\\x7f "
			 "caf\xc3\xa9 \xe2\x82\xac c1\\xc2\\x9b bad\\xff\\xc3 end");
	free(out);
}

Test(printable, nul_and_overlong_forms_are_escaped)
{
	char *out = printable("a\0b\xc0\x9b\xed\xa0\x80", 8);

	cr_assert_str_eq(out, "a\\x00b\\xc0\\x9b\\xed\\xa0\\x80");
	free(out);
}
