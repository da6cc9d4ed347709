/*
 * sitecomments_test.c: a site file's comments kept by the line they stood
 * beside: blocks above a setting, a comment after one, continued lines,
 * an escaped '#', comments after the last setting, each taken once, the
 * rest listed with file and line.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <string.h>

#include "slurm/sitecomments.h"
#include "base/strbuf.h"

static const char conf[] =
	"# header\n"			/* 1 */
	"\n"				/* 2 */
	"  # indented, after a blank\n"	/* 3 */
	"ClusterName=x\n"		/* 4 */
	"A=1  # inline\n"		/* 5 */
	"B=2 \\\n"			/* 6 */
	"  C=3   # on the continuation\n"	/* 7 */
	"D=a\\#b\n"			/* 8: no comment */
	"# at the end\n";		/* 9 */

/* Takes s.conf:line's comments and expects want. */
static void expect_take(struct sitecomments *sc, unsigned line, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	sitecomments_take(sc, "s.conf", line, "  ", &sb);
	cr_expect_str_eq(sb.buf, want, "line %u", line);
	strbuf_release(&sb);
}

Test(sitecomments, comments_by_the_line_they_stood_beside)
{
	struct sitecomments sc = { 0 };

	sitecomments_scan(&sc, "s.conf", conf, sizeof(conf) - 1);
	cr_expect(sitecomments_scanned(&sc, "s.conf"));
	cr_expect(!sitecomments_scanned(&sc, "other.conf"));
	expect_take(&sc, 4, "  # header\n  # indented, after a blank\n");
	expect_take(&sc, 4, "");	/* taken once */
	expect_take(&sc, 6, "  # on the continuation\n");
	expect_take(&sc, 7, "");	/* a continued line is its first line */
	expect_take(&sc, 8, "");	/* an escaped '#' is no comment */
	expect_take(&sc, 0, "  # at the end\n");
	sitecomments_release(&sc);
}

Test(sitecomments, the_rest_with_file_and_line)
{
	struct sitecomments sc = { 0 };
	struct strbuf sb = STRBUF_INIT;
	static const char ctl[] = "X=1 # bell \a\n";

	sitecomments_scan(&sc, "s.conf", conf, sizeof(conf) - 1);
	sitecomments_scan(&sc, "c.conf", ctl, sizeof(ctl) - 1);
	sitecomments_scan(&sc, "s.conf", "# again\nY=1\n", 12);
	sitecomments_take(&sc, "s.conf", 4, "", &sb);
	strbuf_reset(&sb);
	sitecomments_rest(&sc, &sb);
	cr_expect_str_eq(sb.buf, "\n# The site's comments beside lines the inventory says in "
			 "its own way\n# (or that clusterctl writes by default), with "
			 "their file and line:\n"
			 "# s.conf:5:\n# inline\n# s.conf:6:\n# on the continuation\n"
			 "# s.conf (end):\n# at the end\n# c.conf:1:\n# bell \\x07\n");
	strbuf_reset(&sb);
	sitecomments_rest(&sc, &sb);
	cr_expect_str_eq(sb.buf, "", "each printed once");
	strbuf_release(&sb);
	sitecomments_release(&sc);
}
