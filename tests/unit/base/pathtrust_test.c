/*
 * pathtrust_test.c: pathtrust_resolve() on files inside and outside the
 * inventory's directory (through symlinks too), missing files, /dev/null,
 * and the allowed directories from CLUSTERCTL_ALLOW_PATH (missing and empty
 * entries included: those are resolved as far as they exist, no ".." past
 * a directory that does not).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/pathtrust.h"
#include "base/xalloc.h"

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

/* Creates an empty file at path (its directory must exist). */
static void touch(const char *path)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fclose(f);
}

/* pathtrust_resolve(root, path) is allowed; cause (or NULL) in *msg, caller frees */
static bool check(const char *path, char **msg)
{
	char *cause = NULL;
	char *real = pathtrust_resolve(root, path, &cause);

	cr_assert(!real == !!cause, "real %s, cause %s", real, cause);
	free(real);
	*msg = cause;
	return cause == NULL;
}

Test(pathtrust, inside_allowed_outside_refused_with_the_way_out)
{
	char *p = xasprintf("%s/slurm.conf.tmpl", root);
	char *o = xasprintf("%s/slurm.conf.tmpl", out);
	char *msg;

	touch(p);
	touch(o);
	cr_expect(check(p, &msg));
	cr_expect_not(check(o, &msg));
	cr_expect_not_null(strstr(msg, "is outside the inventory's directory"), "%s", msg);
	cr_expect_not_null(strstr(msg, "CLUSTERCTL_ALLOW_PATH=DIR"), "%s", msg);
	free(msg);
	free(p);
	free(o);
}

Test(pathtrust, symlink_out_is_named_by_its_target)
{
	char *link = xasprintf("%s/inc.conf", root), *target = xasprintf("%s/inc.conf", out);
	char *msg;

	touch(target);
	cr_assert_eq(symlink(target, link), 0);
	cr_expect_not(check(link, &msg));
	cr_expect_not_null(strstr(msg, "(really '"), "%s", msg);
	free(msg);
	free(link);
	free(target);
}

Test(pathtrust, missing_file_gives_the_reason)
{
	char *p = xasprintf("%s/none/inc.conf", root);
	char *msg;

	cr_expect_not(check(p, &msg));
	cr_expect_not_null(strstr(msg, "No such file or directory"), "%s", msg);
	free(msg);
	free(p);
}

Test(pathtrust, dangling_symlink_refused)
{
	char *link = xasprintf("%s/kh", root), *target = xasprintf("%s/kh", out);
	char *msg;

	cr_assert_eq(symlink(target, link), 0);
	cr_expect_not(check(link, &msg));
	cr_expect_not_null(strstr(msg, "cannot read"), "%s", msg);
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

	touch(o);
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
	char *o = xasprintf("%s/o", out);
	char *msg;

	touch(o);
	setenv("CLUSTERCTL_ALLOW_PATH", later, 1);
	cr_expect_not(check(o, &msg), "the environment is read now, later missing");
	free(msg);
	cr_assert_eq(mkdir(later, 0700), 0);
	touch(f);
	cr_expect(check(f, &msg));
	free(later);
	free(f);
	free(o);
}

Test(pathtrust, no_dotdot_past_a_missing_environment_entry)
{
	char *o = xasprintf("%s/o", out), *env = xasprintf("%s/none/../../out", root);
	char *msg;

	touch(o);
	setenv("CLUSTERCTL_ALLOW_PATH", env, 1);
	cr_expect_not(check(o, &msg), "\"..\" after a missing directory allows nothing");
	free(msg);
	free(o);
	free(env);
}
