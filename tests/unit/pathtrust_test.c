/*
 * pathtrust_test.c: pathtrust_check() on paths that need not exist (their
 * deepest existing directory decides; no ".." past it; no dangling
 * symlink), /dev/null, and the allowed directories from
 * CLUSTERCTL_ALLOW_PATH (missing and empty entries included).
 */
#include "compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pathtrust.h"
#include "xalloc.h"

static char top[] = "/tmp/pathtrust_test.XXXXXX";
static char *root, *out;

static void setup(void)
{
	cr_assert_not_null(mkdtemp(top));
	root = xasprintf("%s/site", top);
	out = xasprintf("%s/out", top);
	cr_assert_eq(mkdir(root, 0700), 0);
	cr_assert_eq(mkdir(out, 0700), 0);
	unsetenv("CLUSTERCTL_ALLOW_PATH");
	pathtrust_reset();
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", top);

	cr_expect_eq(system(cmd), 0);
	free(cmd);
	free(root);
	free(out);
	pathtrust_reset();
}

TestSuite(pathtrust, .init = setup, .fini = teardown);

/* pathtrust_check(root, path); cause (or NULL) in *msg, caller frees */
static bool check(const char *path, char **msg)
{
	char *cause = NULL;
	bool ok = pathtrust_check(root, path, &cause);

	cr_assert(ok == !cause, "ok %d, cause %s", ok, cause);
	*msg = cause;
	return ok;
}

Test(pathtrust, missing_files_count_by_their_directory)
{
	char *p = xasprintf("%s/ssh/new/known_hosts", root);
	char *o = xasprintf("%s/new/known_hosts", out);
	char *msg;

	cr_expect(check(p, &msg));
	cr_expect_not(check(o, &msg));
	cr_expect_not_null(strstr(msg, "is outside the inventory's directory"), "%s", msg);
	cr_expect_not_null(strstr(msg, "CLUSTERCTL_ALLOW_PATH=DIR"), "%s", msg);
	free(msg);
	free(p);
	free(o);
}

Test(pathtrust, no_dotdot_past_a_missing_directory)
{
	char *p = xasprintf("%s/none/../../out/x", root);
	char *msg;

	cr_expect_not(check(p, &msg));
	cr_expect_not_null(strstr(msg, "\"..\" after a directory that does not exist"),
			   "%s", msg);
	free(msg);
	free(p);
}

Test(pathtrust, dangling_symlink_refused)
{
	char *link = xasprintf("%s/kh", root), *target = xasprintf("%s/kh", out);
	char *msg;

	cr_assert_eq(symlink(target, link), 0);
	cr_expect_not(check(link, &msg));
	cr_expect_not_null(strstr(msg, "a symbolic link to nothing"), "%s", msg);
	free(msg);
	free(link);
	free(target);
}

Test(pathtrust, dev_null_holds_nothing)
{
	char *msg;

	cr_expect(check("/dev/null", &msg));
}

Test(pathtrust, environment_allows_like_the_flag)
{
	char *o = xasprintf("%s/secret", out);
	char *env = xasprintf("/nowhere/at/all::%s", out);
	char *msg;

	setenv("CLUSTERCTL_ALLOW_PATH", env, 1);
	pathtrust_reset();
	cr_expect(check(o, &msg));
	setenv("CLUSTERCTL_ALLOW_PATH", "/nowhere", 1);
	cr_expect(check(o, &msg), "read once per reset");
	pathtrust_reset();
	cr_expect_not(check(o, &msg));
	free(msg);
	free(o);
	free(env);
}

Test(pathtrust, missing_environment_entry_allows_what_appears_later)
{
	char *later = xasprintf("%s/later", out), *f = xasprintf("%s/later/f", out);
	char *msg;

	setenv("CLUSTERCTL_ALLOW_PATH", later, 1);
	cr_expect(check(f, &msg));
	cr_assert_eq(mkdir(later, 0700), 0);
	cr_expect(check(f, &msg));
	free(later);
	free(f);
}
