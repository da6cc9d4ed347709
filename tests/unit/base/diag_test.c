/*
 * diag_test.c: the diagnostics printer's source excerpts (the line and a
 * caret under the column: tabs, columns past the end, long lines, UTF-8),
 * where the source text comes from (set, read once per list, missing,
 * standard input, past the end) and the one "cannot read" line.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

static char *excerpt(unsigned lineno, unsigned col, const char *line)
{
	struct strbuf sb = STRBUF_INIT;

	diag_excerpt(&sb, lineno, col, line, strlen(line));
	return strbuf_detach(&sb, NULL);
}

#define expect_excerpt(lineno, col, line, want)                 \
	do {                                                    \
		char *got_ = excerpt((lineno), (col), (line));  \
		cr_expect_str_eq(got_, (want));                 \
		free(got_);                                     \
	} while (0)

/* What diag_print() prints for dl. */
static char *print(struct diag_list *dl)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	diag_print(dl, f);
	fclose(f);
	return text;
}

/* Expects diag_print() of dl to print want, each '@' in it being path. */
static void expect_printed(struct diag_list *dl, const char *path,
			   const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	char *got = print(dl);

	for (; *want; want++) {
		if (*want == '@')
			strbuf_addstr(&sb, path);
		else
			strbuf_addch(&sb, *want);
	}
	cr_expect_str_eq(got, sb.buf);
	strbuf_release(&sb);
	free(got);
}

static void at(struct diag_list *dl, enum diag_level level, const char *file,
	       unsigned line, unsigned col, const char *msg)
{
	struct src_loc loc = { file, line, col };

	diag_add(dl, level, &loc, "%s", msg);
}

Test(diag, excerpt_first_column_of_line_one)
{
	expect_excerpt(1, 1, "cluster:",
		       "    1 | cluster:\n"
		       "      | ^\n");
}

Test(diag, excerpt_caret_under_the_column)
{
	expect_excerpt(12, 5, "    gpus_per_nod: 4",
		       "   12 |     gpus_per_nod: 4\n"
		       "      |     ^\n");
}

Test(diag, excerpt_copies_tabs_into_the_caret_line)
{
	expect_excerpt(3, 4, "\t\tx:\ty",
		       "    3 | \t\tx:\ty\n"
		       "      | \t\t ^\n");
	expect_excerpt(3, 5, "\t\tx:\ty",
		       "    3 | \t\tx:\ty\n"
		       "      | \t\t  ^\n");
}

Test(diag, excerpt_column_past_the_end_of_the_line)
{
	expect_excerpt(2, 4, "ab",
		       "    2 | ab\n"
		       "      |   ^\n");
	/* far past: just after the end, not hundreds of spaces */
	expect_excerpt(2, 5000, "ab",
		       "    2 | ab\n"
		       "      |   ^\n");
	expect_excerpt(7, 3, "",
		       "    7 |\n"
		       "      | ^\n");
}

Test(diag, excerpt_without_a_column_has_no_caret)
{
	expect_excerpt(4, 0, "key: value", "    4 | key: value\n");
}

Test(diag, excerpt_counts_columns_in_characters)
{
	/* libyaml's columns count characters: 'x' is column 5 */
	expect_excerpt(1, 5, "\xc3\xa9t\xc3\xa9: x",
		       "    1 | \xc3\xa9t\xc3\xa9: x\n"
		       "      |     ^\n");
}

Test(diag, excerpt_shows_control_characters_as_question_marks)
{
	expect_excerpt(1, 4, "a\rb\x1b" "c",
		       "    1 | a?b?c\n"
		       "      |    ^\n");
}

Test(diag, excerpt_widens_the_number_for_long_files)
{
	expect_excerpt(123456, 2, "ab",
		       " 123456 | ab\n"
		       "        |  ^\n");
}

/* A line of n characters "0123456789012...". */
static char *digits(size_t n)
{
	char *s = xmalloc(n + 1);
	size_t i;

	for (i = 0; i < n; i++)
		s[i] = (char)('0' + i % 10);
	s[n] = '\0';
	return s;
}

Test(diag, excerpt_cuts_a_long_line_after_the_caret)
{
	char *line = digits(500), *got = excerpt(1, 10, line);
	struct strbuf want = STRBUF_INIT;

	strbuf_addstr(&want, "    1 | ");
	strbuf_add(&want, line, DIAG_EXCERPT_WIDTH);
	strbuf_addstr(&want, "...\n      |          ^\n");
	cr_expect_str_eq(got, want.buf);
	free(got);
	strbuf_release(&want);
	free(line);
}

Test(diag, excerpt_cuts_a_long_line_around_the_caret)
{
	char *line = digits(500), *got = excerpt(1, 301, line);
	struct strbuf want = STRBUF_INIT;
	size_t i, first = 300 - DIAG_EXCERPT_WIDTH / 2;

	strbuf_addstr(&want, "    1 | ...");
	strbuf_add(&want, line + first, DIAG_EXCERPT_WIDTH);
	strbuf_addstr(&want, "...\n      |    ");
	for (i = first; i < 300; i++)
		strbuf_addch(&want, ' ');
	strbuf_addstr(&want, "^\n");
	cr_expect_str_eq(got, want.buf);
	free(got);
	strbuf_release(&want);
	free(line);
}

Test(diag, excerpt_cuts_a_long_line_before_a_caret_near_its_end)
{
	char *line = digits(500), *got = excerpt(1, 999, line);
	struct strbuf want = STRBUF_INIT;
	size_t i;

	strbuf_addstr(&want, "    1 | ...");
	strbuf_add(&want, line + 500 - DIAG_EXCERPT_WIDTH, DIAG_EXCERPT_WIDTH);
	strbuf_addstr(&want, "\n      |    ");
	for (i = 0; i < DIAG_EXCERPT_WIDTH; i++)
		strbuf_addch(&want, ' ');
	strbuf_addstr(&want, "^\n");
	cr_expect_str_eq(got, want.buf);
	free(got);
	strbuf_release(&want);
	free(line);
}

Test(diag, print_puts_the_excerpt_after_errors_and_warnings_not_notes)
{
	struct diag_list dl = DIAG_LIST_INIT;
	static const char text[] = "a: 1\nb: 2\n";
	char *got;

	diag_set_source(&dl, "x.yaml", text, strlen(text));
	at(&dl, DIAG_ERROR, "x.yaml", 2, 4, "bad b");
	at(&dl, DIAG_NOTE, "x.yaml", 1, 1, "see a");
	at(&dl, DIAG_WARNING, "x.yaml", 1, 4, "odd a");
	diag_error(&dl, NULL, "no location");
	at(&dl, DIAG_ERROR, "x.yaml", 0, 0, "the whole file");
	got = print(&dl);
	cr_expect_str_eq(got,
			 "x.yaml:2:4: error: bad b\n"
			 "    2 | b: 2\n"
			 "      |    ^\n"
			 "x.yaml:1:1: note: see a\n"
			 "x.yaml:1:4: warning: odd a\n"
			 "    1 | a: 1\n"
			 "      |    ^\n"
			 "error: no location\n"
			 "x.yaml: error: the whole file\n");
	free(got);
	diag_release(&dl);
}

Test(diag, print_last_line_without_newline_and_past_the_end)
{
	struct diag_list dl = DIAG_LIST_INIT;
	static const char text[] = "a: 1\r\nb: [2";
	char *got;

	diag_set_source(&dl, "x.yaml", text, strlen(text));
	at(&dl, DIAG_ERROR, "x.yaml", 2, 7, "unclosed");
	at(&dl, DIAG_ERROR, "x.yaml", 1, 2, "crlf");
	at(&dl, DIAG_ERROR, "x.yaml", 3, 1, "past the end");
	got = print(&dl);
	cr_expect_str_eq(got,
			 "x.yaml:2:7: error: unclosed\n"
			 "    2 | b: [2\n"
			 "      |      ^\n"
			 "x.yaml:1:2: error: crlf\n"
			 "    1 | a: 1\n"
			 "      |  ^\n"
			 "x.yaml:3:1: error: past the end\n");
	free(got);
	diag_release(&dl);
}

Test(diag, print_without_a_readable_file_prints_no_excerpt)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *got;

	at(&dl, DIAG_ERROR, "/nonexistent/x.yaml", 1, 1, "gone");
	at(&dl, DIAG_ERROR, "-", 1, 1, "from standard input");
	at(&dl, DIAG_ERROR, "/", 1, 1, "a directory");
	got = print(&dl);
	cr_expect_str_eq(got,
			 "/nonexistent/x.yaml:1:1: error: gone\n"
			 "-:1:1: error: from standard input\n"
			 "/:1:1: error: a directory\n");
	free(got);
	diag_release(&dl);
}

/* A temporary file holding text; returns its newly allocated path. */
static char *temp_file(const char *text)
{
	char *path = xstrdup("/tmp/diag_test.XXXXXX");
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

Test(diag, print_reads_each_file_once_per_list)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *path = temp_file("one\ntwo\nthree"), *got;

	at(&dl, DIAG_ERROR, path, 3, 2, "first");
	at(&dl, DIAG_ERROR, path, 1, 1, "second");
	got = print(&dl);
	free(got);
	/* gone now: the text read by the first print still serves */
	cr_assert_eq(unlink(path), 0);
	expect_printed(&dl, path,
		       "@:3:2: error: first\n"
		       "    3 | three\n"
		       "      |  ^\n"
		       "@:1:1: error: second\n"
		       "    1 | one\n"
		       "      | ^\n");
	diag_release(&dl);
	free(path);
}

Test(diag, read_source_is_the_text_of_later_excerpts)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *path = temp_file("x: 1\n");

	cr_expect_eq(diag_read_source(&dl, path), 0);
	cr_expect_eq(dl.n, 0);
	cr_assert_eq(unlink(path), 0);
	at(&dl, DIAG_ERROR, path, 1, 4, "bad x");
	expect_printed(&dl, path,
		       "@:1:4: error: bad x\n"
		       "    1 | x: 1\n"
		       "      |    ^\n");
	diag_release(&dl);
	free(path);
}

Test(diag, read_source_of_an_unreadable_file_is_one_error)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *got;

	cr_expect_eq(diag_read_source(&dl, "/nonexistent/x.yaml"), -1);
	cr_expect_eq(diag_read_source(&dl, "/"), -1);
	cr_expect_eq(diag_errors(&dl), 2);
	got = print(&dl);
	cr_expect_str_eq(got,
			 "/nonexistent/x.yaml: error: cannot read: No such file or directory\n"
			 "/: error: cannot read: Is a directory\n");
	free(got);
	diag_release(&dl);
}

Test(diag, set_source_replaces_what_was_read)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *path = temp_file("on disk\n");

	cr_expect_eq(diag_read_source(&dl, path), 0);
	diag_set_source(&dl, path, "edited\n", 7);
	at(&dl, DIAG_ERROR, path, 1, 1, "bad");
	expect_printed(&dl, path,
		       "@:1:1: error: bad\n"
		       "    1 | edited\n"
		       "      | ^\n");
	diag_release(&dl);
	unlink(path);
	free(path);
}

/* issue 29: a hostile inventory makes 100,000 errors; a person reads 100. */
Test(diag, print_shows_the_first_hundred_errors_then_counts_the_rest)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *got, *p;
	size_t lines = 0;
	int i;

	for (i = 0; i < 150; i++) {
		at(&dl, DIAG_ERROR, NULL, 0, 0, "bad");
		at(&dl, DIAG_NOTE, NULL, 0, 0, "why");
	}
	at(&dl, DIAG_WARNING, NULL, 0, 0, "odd");
	got = print(&dl);
	for (p = got; (p = strchr(p, '\n')); p++)
		lines++;
	cr_expect_eq(lines, 2 * DIAG_PRINT_MAX + 2, "100 errors, their notes, "
		     "the warning, the rest: %zu lines", lines);
	cr_expect(strstr(got, "warning: odd\nand 50 more errors\n") != NULL, "%s",
		  got + strlen(got) - 40);
	free(got);
	diag_release(&dl);
}

Test(diag, the_list_keeps_ten_thousand_and_counts_every_one)
{
	struct diag_list dl = DIAG_LIST_INIT;
	size_t i;

	for (i = 0; i < DIAG_KEEP + 5; i++) {
		at(&dl, i % 2 ? DIAG_WARNING : DIAG_ERROR, "f", 1, 1, "x");
		at(&dl, DIAG_NOTE, "f", 1, 1, "note");
	}
	cr_expect_eq(dl.n, 2 * DIAG_KEEP, "notes go with their problem");
	cr_expect_eq(diag_errors(&dl) + diag_warnings(&dl), DIAG_KEEP + 5);
	cr_expect_eq(diag_errors(&dl), (DIAG_KEEP + 5 + 1) / 2);
	diag_release(&dl);
	cr_expect_eq(diag_errors(&dl), 0);
}

Test(diag, a_message_is_cut_at_a_kilobyte_not_inside_a_character)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf long_value = STRBUF_INIT;
	size_t len;

	strbuf_addch(&long_value, 'x');
	for (int i = 0; i < 100000; i++)
		strbuf_addstr(&long_value, "\xc3\xa9");	/* é, two bytes */
	diag_error(&dl, NULL, "invalid value '%s'", long_value.buf);
	len = strlen(dl.items[0].msg);
	cr_expect_leq(len, DIAG_MSG_MAX + 3);
	cr_expect_str_eq(dl.items[0].msg + len - 3, "...");
	cr_expect_eq(((unsigned char)dl.items[0].msg[len - 4] & 0xc0), 0x80,
		     "the last character before ... is whole");
	strbuf_release(&long_value);
	diag_release(&dl);
}

Test(diag, suggest_skips_what_length_alone_rules_out)
{
	static const char *const cands[] = { "memory", "cpus", "features" };
	char huge[DIAG_SUGGEST_MAX + 2];

	cr_expect_str_eq(diag_suggest("memroy", cands, 3), "memory");
	memset(huge, 'm', sizeof(huge) - 1);
	huge[sizeof(huge) - 1] = '\0';
	cr_expect_null(diag_suggest(huge, cands, 3), "a long word is no typo");
}

Test(diag, excerpts_of_a_file_of_many_lines)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct strbuf text = STRBUF_INIT;
	char *path;

	for (int i = 1; i <= 1000; i++)
		strbuf_addf(&text, "line %d\n", i);
	path = temp_file(text.buf);
	at(&dl, DIAG_ERROR, path, 1000, 6, "last");
	at(&dl, DIAG_ERROR, path, 65, 1, "after the first step");
	at(&dl, DIAG_ERROR, path, 1001, 1, "past the end");
	expect_printed(&dl, path,
		       "@:1000:6: error: last\n"
		       " 1000 | line 1000\n"
		       "      |      ^\n"
		       "@:65:1: error: after the first step\n"
		       "   65 | line 65\n"
		       "      | ^\n"
		       "@:1001:1: error: past the end\n");
	diag_release(&dl);
	strbuf_release(&text);
	unlink(path);
	free(path);
}

/* The cause first: once started, what lands where a failed thing is, goes. */
Test(diag, quiet_places_drop_later_diagnostics_and_their_notes)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct src_loc from = { "f", 3, 5 }, to = { "f", 4, 2 }, point = { "f", 9, 3 };

	diag_quiet(&dl, &from, &to);
	diag_quiet(&dl, &point, &point);
	at(&dl, DIAG_ERROR, "f", 3, 7, "the cause, before the start");
	diag_quiet_start(&dl);
	at(&dl, DIAG_ERROR, "f", 3, 9, "a knock-on");
	at(&dl, DIAG_NOTE, "f", 1, 1, "its note");
	at(&dl, DIAG_WARNING, "f", 9, 3, "at the point");
	at(&dl, DIAG_WARNING, "f", 9, 4, "past the point");
	at(&dl, DIAG_ERROR, "f", 4, 3, "after the place");
	at(&dl, DIAG_ERROR, "g", 3, 9, "another file");
	cr_assert_eq(dl.n, 4);
	cr_expect_str_eq(dl.items[0].msg, "the cause, before the start");
	cr_expect_str_eq(dl.items[1].msg, "past the point");
	cr_expect_str_eq(dl.items[2].msg, "after the place");
	cr_expect_str_eq(dl.items[3].msg, "another file");
	cr_expect_eq(diag_errors(&dl), 3, "knock-ons are not counted");
	diag_release(&dl);
}
