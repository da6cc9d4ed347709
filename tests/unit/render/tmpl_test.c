/*
 * tmpl_test.c: the Mustache engine against every case of the six spec
 * modules in tests/data/mustache-spec (one Test per file, each failing case
 * named), then what the spec leaves to us: escaping off by default,
 * truthiness, number formatting, parse errors with line:col, partial
 * errors traced to their {{> }} tag, missing partials, runaway recursion,
 * and one template expanded many times.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "render/tmpl.h"
#include "base/xalloc.h"
#include "base/diag.h"

#define SPEC_DIR "tests/data/mustache-spec/"

/* Partials of a spec case: the "partials" object, name -> source. */
static const char *spec_partial(void *cookie, const char *name)
{
	json_t *partials = cookie;

	return json_string_value(json_object_get(partials, name));
}

/* Renders one case; returns NULL if it passes, else a message (caller frees). */
static char *spec_case(json_t *c)
{
	const char *name = json_string_value(json_object_get(c, "name"));
	const char *src = json_string_value(json_object_get(c, "template"));
	const char *want = json_string_value(json_object_get(c, "expected"));
	struct strbuf out = STRBUF_INIT;
	struct tmpl *t;
	char *cause = NULL, *fail = NULL;

	t = tmpl_parse(src, strlen(src), name, &cause);
	if (!t)
		return xasprintf("'%s': parse: %s", name, cause);
	if (tmpl_expand(t, json_object_get(c, "data"), spec_partial,
			json_object_get(c, "partials"), TMPL_HTML_ESCAPE, &out,
			&cause))
		fail = xasprintf("'%s': expand: %s", name, cause);
	else if (strcmp(out.buf, want))
		fail = xasprintf("'%s': got \"%s\", want \"%s\"", name, out.buf, want);
	free(cause);
	tmpl_free(t);
	strbuf_release(&out);
	return fail;
}

static void run_spec(const char *file)
{
	json_error_t err;
	json_t *spec = json_load_file(file, 0, &err), *tests, *c;
	size_t i, failed = 0;

	cr_assert_not_null(spec, "%s: %s (run from the repository root)", file,
			   err.text);
	tests = json_object_get(spec, "tests");
	cr_assert(json_array_size(tests) > 0, "%s: no tests", file);
	json_array_foreach(tests, i, c) {
		char *fail = spec_case(c);

		if (fail) {
			cr_log_error("%s: %s", file, fail);
			failed++;
		}
		free(fail);
	}
	cr_expect_eq(failed, 0, "%s: %zu of %zu cases failed", file, failed,
		     json_array_size(tests));
	json_decref(spec);
}

Test(tmpl, spec_interpolation) { run_spec(SPEC_DIR "interpolation.json"); }
Test(tmpl, spec_sections) { run_spec(SPEC_DIR "sections.json"); }
Test(tmpl, spec_inverted) { run_spec(SPEC_DIR "inverted.json"); }
Test(tmpl, spec_comments) { run_spec(SPEC_DIR "comments.json"); }
Test(tmpl, spec_partials) { run_spec(SPEC_DIR "partials.json"); }
Test(tmpl, spec_delimiters) { run_spec(SPEC_DIR "delimiters.json"); }

/* Renders src with data (JSON text) and flags; returns the output (caller frees). */
static char *render(const char *src, const char *data, unsigned flags)
{
	json_error_t err;
	json_t *ctx = json_loads(data, JSON_DECODE_ANY, &err);
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;
	struct tmpl *t;

	cr_assert_not_null(ctx, "bad test data: %s", err.text);
	t = tmpl_parse(src, strlen(src), "t", &cause);
	cr_assert_not_null(t, "parse: %s", cause);
	cr_assert_eq(tmpl_expand(t, ctx, NULL, NULL, flags, &out, &cause), 0,
		     "expand: %s", cause);
	cr_assert_null(cause);
	tmpl_free(t);
	json_decref(ctx);
	return strbuf_detach(&out, NULL);
}

static void check_render(const char *src, const char *data, unsigned flags,
			 const char *want)
{
	char *got = render(src, data, flags);

	cr_assert_str_eq(got, want, "template \"%s\"", src);
	free(got);
}

static void check_parse_error(const char *src, const char *want)
{
	char *cause = NULL;
	struct tmpl *t = tmpl_parse(src, strlen(src), "page.mustache", &cause);

	cr_assert_null(t, "\"%s\" parsed", src);
	cr_assert_not_null(cause);
	cr_assert_str_eq(cause, want);
	free(cause);
}

Test(tmpl, html_escaping_is_off_by_default)
{
	const char *data = "{\"v\": \"a & b < \\\"c\\\" > d\"}";

	check_render("{{v}}", data, 0, "a & b < \"c\" > d");
	check_render("{{v}}", data, TMPL_HTML_ESCAPE,
		     "a &amp; b &lt; &quot;c&quot; &gt; d");
	check_render("{{{v}}}|{{&v}}", data, TMPL_HTML_ESCAPE,
		     "a & b < \"c\" > d|a & b < \"c\" > d");
}

Test(tmpl, falsey_values_skip_sections)
{
	const char *data = "{\"z\": 0, \"r\": 0.0, \"s\": \"\", \"l\": [], \"o\": {},"
			   " \"n\": null, \"f\": false}";

	check_render("{{#z}}x{{/z}}{{#r}}x{{/r}}{{#s}}x{{/s}}{{#l}}x{{/l}}"
		     "{{#o}}x{{/o}}{{#n}}x{{/n}}{{#f}}x{{/f}}{{#missing}}x{{/missing}}",
		     data, 0, "");
	check_render("{{^z}}1{{/z}}{{^r}}2{{/r}}{{^s}}3{{/s}}{{^l}}4{{/l}}"
		     "{{^o}}5{{/o}}{{^n}}6{{/n}}{{^f}}7{{/f}}{{^missing}}8{{/missing}}",
		     data, 0, "12345678");
}

Test(tmpl, truthy_values_push_context)
{
	check_render("{{#n}}{{.}}{{/n}}|{{#o}}{{k}}{{/o}}|{{#l}}<{{.}}>{{/l}}",
		     "{\"n\": 7, \"o\": {\"k\": \"v\"}, \"l\": [1, \"a\", false]}", 0,
		     "7|v|<1><a><>");
}

Test(tmpl, values_interpolate_like_json)
{
	check_render("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}} {{g}} {{h}} {{i}}",
		     "{\"a\": 1.210, \"b\": 100.0, \"c\": -3, \"d\": true,"
		     " \"e\": false, \"f\": null, \"g\": [1,2], \"h\": {\"x\":1},"
		     " \"i\": 0.1}",
		     0, "1.21 100 -3 true   [1,2] {\"x\":1} 0.1");
}

Test(tmpl, integers_at_the_limits)
{
	check_render("{{a}} {{b}} {{c}} {{d}}",
		     "{\"a\": 0, \"b\": -9223372036854775808,"
		     " \"c\": 9223372036854775807, \"d\": -10}",
		     0, "0 -9223372036854775808 9223372036854775807 -10");
}

Test(tmpl, dotted_names_resolve_from_first_part)
{
	check_render("{{#a}}{{b.c}}{{/a}}|{{x.y.z}}|{{x.q.z}}",
		     "{\"a\": {\"b\": {}}, \"b\": {\"c\": \"no\"},"
		     " \"x\": {\"y\": {\"z\": \"deep\"}}}",
		     0, "|deep|");
}

Test(tmpl, parse_errors_carry_line_and_column)
{
	check_parse_error("a\nb\n  {{#x}}\n",
			  "page.mustache:4:1: unclosed section 'x' opened at 3:3");
	check_parse_error("{{#a}}\n  {{#b}}\n{{/a}}",
			  "page.mustache:3:1: mismatched closing tag 'a': section 'b' "
			  "opened at 2:3 is still open");
	check_parse_error("x {{/a}}",
			  "page.mustache:1:3: closing tag 'a' without an open section");
	check_parse_error("line\n {{name",
			  "page.mustache:2:2: tag '{{' is never closed");
	check_parse_error("{{{name}}", "page.mustache:1:1: tag '{{' is never closed");
	check_parse_error("{{}}", "page.mustache:1:1: empty tag");
	check_parse_error("{{a b}}",
			  "page.mustache:1:1: bad name 'a b' (blank inside)");
	check_parse_error("{{a..b}}",
			  "page.mustache:1:1: bad name 'a..b' (empty part)");
	check_parse_error("{{=<%=}}",
			  "page.mustache:1:1: bad delimiters '<%': want two words");
	check_parse_error("{{> a b}}",
			  "page.mustache:1:1: bad partial name 'a b' (blank inside)");
	check_parse_error("{{=<% %>=}}\n<%#x%>{{/x}}",
			  "page.mustache:2:13: unclosed section 'x' opened at 2:1");
}

Test(tmpl, parse_error_through_diag_list)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct tmpl *t = tmpl_parse_diag("\n\n{{#s}}", 8, "f.mustache", &dl);

	cr_assert_null(t);
	cr_assert_eq(dl.n, 1);
	cr_assert_eq(dl.items[0].level, DIAG_ERROR);
	cr_assert_str_eq(dl.items[0].loc.file, "f.mustache");
	cr_assert_eq(dl.items[0].loc.line, 3);
	cr_assert_eq(dl.items[0].loc.col, 7);
	cr_assert_str_eq(dl.items[0].msg, "unclosed section 's' opened at 3:1");
	diag_release(&dl);
}

static const char *table_partial(void *cookie, const char *name)
{
	const char *const *table = cookie;

	for (; *table; table += 2)
		if (!strcmp(table[0], name))
			return table[1];
	return NULL;
}

Test(tmpl, missing_partial_renders_empty)
{
	const char *table[] = { "there", "[{{v}}]", NULL };
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;
	struct tmpl *t = tmpl_parse("a{{>nothere}}b{{>there}}c", 25, "t", &cause);
	json_t *ctx = json_pack("{s:s}", "v", "x");

	cr_assert_not_null(t);
	cr_assert_eq(tmpl_expand(t, ctx, table_partial, table, 0, &out, &cause), 0);
	cr_assert_str_eq(out.buf, "ab[x]c");
	strbuf_reset(&out);
	/* Without a callback every partial is missing. */
	cr_assert_eq(tmpl_expand(t, ctx, NULL, NULL, 0, &out, &cause), 0);
	cr_assert_str_eq(out.buf, "abc");
	strbuf_release(&out);
	tmpl_free(t);
	json_decref(ctx);
}

Test(tmpl, partial_parse_error_names_partial_and_include_site)
{
	const char *table[] = { "outer", "ok\n{{>inner}}", "inner", "x\n {{#open}}",
				NULL };
	struct strbuf out = STRBUF_INIT;
	struct diag_list dl = DIAG_LIST_INIT;
	char *cause = NULL;
	struct tmpl *t = tmpl_parse("top\n  {{>outer}}\n", 17, "main.mustache",
				    &cause);

	cr_assert_not_null(t);
	cr_assert_eq(tmpl_expand(t, NULL, table_partial, table, 0, &out, &cause), -1);
	cr_assert_str_eq(cause, "inner:2:11: unclosed section 'open' opened at 2:2 "
			 "(partial 'inner' included here at outer:2:1) "
			 "(partial 'outer' included here at main.mustache:2:3)");
	free(cause);
	strbuf_reset(&out);
	cr_assert_eq(tmpl_expand_diag(t, NULL, table_partial, table, 0, &out, &dl), -1);
	cr_assert_eq(dl.n, 3);
	cr_assert_eq(dl.items[0].level, DIAG_ERROR);
	cr_assert_eq(dl.items[1].level, DIAG_NOTE);
	cr_assert_str_eq(dl.items[2].loc.file, "main.mustache");
	diag_release(&dl);
	strbuf_release(&out);
	tmpl_free(t);
}

Test(tmpl, endless_partial_recursion_fails)
{
	const char *table[] = { "p", "x{{>p}}", NULL };
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;
	struct tmpl *t = tmpl_parse("{{>p}}", 6, "t", &cause);

	cr_assert_eq(tmpl_expand(t, NULL, table_partial, table, 0, &out, &cause), -1);
	cr_assert_str_eq(cause, "p:1:2: partial 'p' nested deeper than 64");
	free(cause);
	strbuf_release(&out);
	tmpl_free(t);
}

Test(tmpl, runaway_nesting_fails_instead_of_hanging)
{
	struct strbuf src = STRBUF_INIT, out = STRBUF_INIT;
	json_t *ctx = json_pack("{s:[iiiiiiiiii]}", "l", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
	char *cause = NULL;
	struct tmpl *t;
	int i;

	/* 10^9 empty iterations: well past the step limit, cheap until it. */
	for (i = 0; i < 9; i++)
		strbuf_addstr(&src, "{{#l}}");
	for (i = 0; i < 9; i++)
		strbuf_addstr(&src, "{{/l}}");
	t = tmpl_parse(src.buf, src.len, "t", &cause);
	cr_assert_not_null(t);
	cr_assert_eq(tmpl_expand(t, ctx, NULL, NULL, 0, &out, &cause), -1);
	cr_assert_not_null(strstr(cause, "more than 10000000 steps"), "%s", cause);
	free(cause);
	tmpl_free(t);
	json_decref(ctx);
	strbuf_release(&src);
	strbuf_release(&out);
}

Test(tmpl, runaway_output_fails_instead_of_filling_memory)
{
	struct strbuf src = STRBUF_INIT, out = STRBUF_INIT;
	json_t *ctx = json_pack("{s:[iiiiiiiiii]}", "l", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
	char *cause = NULL;
	struct tmpl *t;
	int i;

	/* 10^5 iterations of 4 KiB: 400 MiB, few steps. */
	for (i = 0; i < 5; i++)
		strbuf_addstr(&src, "{{#l}}");
	for (i = 0; i < 4096; i++)
		strbuf_addch(&src, 'x');
	for (i = 0; i < 5; i++)
		strbuf_addstr(&src, "{{/l}}");
	t = tmpl_parse(src.buf, src.len, "t", &cause);
	cr_assert_not_null(t);
	cr_assert_eq(tmpl_expand(t, ctx, NULL, NULL, 0, &out, &cause), -1);
	cr_assert_str_eq(cause, "t:1:31: expansion is larger than 16 MiB "
			 "(runaway nesting?)");
	cr_assert(out.len <= (16UL << 20) + 4096);
	free(cause);
	tmpl_free(t);
	json_decref(ctx);
	strbuf_release(&src);
	strbuf_release(&out);
}

Test(tmpl, deep_section_nesting_is_a_parse_error)
{
	struct strbuf src = STRBUF_INIT;
	char *cause = NULL;
	int i;

	for (i = 0; i < 1001; i++)
		strbuf_addstr(&src, "{{#a}}");
	cr_assert_null(tmpl_parse(src.buf, src.len, "t", &cause));
	cr_assert_str_eq(cause, "t:1:6001: sections nested deeper than 1000");
	free(cause);
	strbuf_release(&src);
}

/* issue 29: a tag costs the parse some 150 bytes: 64 MB of tags was 740 MB */
Test(tmpl, a_source_over_a_mebibyte_is_refused)
{
	size_t len = TMPL_MAX_SOURCE + 1;
	char *src = xmalloc(len), *cause = NULL;
	struct tmpl *t;

	memset(src, 'x', len);
	cr_expect_null(tmpl_parse(src, len, "big", &cause));
	cr_expect_str_eq(cause, "big:1:1: template is larger than 1 MiB");
	free(cause);
	t = tmpl_parse(src, len - 1, "big", &cause);
	cr_expect_not_null(t, "exactly the limit is parsed");
	tmpl_free(t);
	free(src);
}

Test(tmpl, parse_once_expand_many_times)
{
	const char *src = "{{#nodes}}NodeName={{name}} CPUs={{cpus}}\n{{/nodes}}";
	struct tmpl *t;
	char *cause = NULL;
	int round;

	t = tmpl_parse(src, strlen(src), "t", &cause);
	cr_assert_not_null(t);
	for (round = 0; round < 3; round++) {
		struct strbuf out = STRBUF_INIT;
		json_t *ctx = json_pack("{s:[{s:s,s:i},{s:s,s:i}]}", "nodes",
					"name", "gpu[01-16]", "cpus", 64 + round,
					"name", "login1", "cpus", 8);
		char want[128];

		snprintf(want, sizeof(want),
			 "NodeName=gpu[01-16] CPUs=%d\nNodeName=login1 CPUs=8\n",
			 64 + round);
		cr_assert_eq(tmpl_expand(t, ctx, NULL, NULL, 0, &out, &cause), 0);
		cr_assert_str_eq(out.buf, want);
		strbuf_release(&out);
		json_decref(ctx);
	}
	cr_assert_str_eq(tmpl_name(t), "t");
	tmpl_free(t);
	tmpl_free(NULL);
}

Test(tmpl, text_may_hold_nul_bytes)
{
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;
	struct tmpl *t = tmpl_parse("a\0b{{x}}", 8, "t", &cause);
	json_t *ctx = json_pack("{s:s}", "x", "!");

	cr_assert_not_null(t);
	cr_assert_eq(tmpl_expand(t, ctx, NULL, NULL, 0, &out, &cause), 0);
	cr_assert_eq(out.len, 4);
	cr_assert_eq(memcmp(out.buf, "a\0b!", 4), 0);
	strbuf_release(&out);
	tmpl_free(t);
	json_decref(ctx);
}
