/*
 * yaml_splice_test.c: an entry appended to a YAML list by text: every
 * style of list the inventory may hold (block list of block or flow
 * mappings, flow list, empty, null, absent), the key order and spacing of
 * the existing entries copied, comments and CRLF line ends kept, scalars
 * quoted only when they must be.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "inventory/model.h"
#include "base/strbuf.h"
#include "inventory/yaml_splice.h"

static const char *accounts[] = { "physics", "{account: chem, fairshare: 2}" };
static const char *qos[] = { "normal" };

/* The text after adding user bob (accounts, qos; default_account when given). */
static char *add_bob(const char *yaml, const char *default_account)
{
	struct str_list acc = { accounts, NULL, 2 }, q = { qos, NULL, 1 };
	struct yaml_splice_field f[] = {
		{ "name", "bob", NULL },
		{ "accounts", NULL, &acc },
		{ "default_account", default_account, NULL },
		{ "qos", NULL, &q },
	};
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;

	cr_assert_eq(yaml_splice_append(yaml, strlen(yaml), "users", f, 4, &out,
					&cause), 0, "%s", cause ? cause : "");
	return strbuf_detach(&out, NULL);
}

static void expect_added(const char *yaml, const char *want)
{
	char *got = add_bob(yaml, NULL);

	cr_expect_str_eq(got, want);
	free(got);
}

Test(yaml_splice, block_mappings_copy_indent_key_order_and_keep_comments)
{
	expect_added("# site\nusers:\n    - qos: [fast]   # first\n      name: amy\n"
		     "      accounts: [x]\nqos: []\n",
		     "# site\nusers:\n    - qos: [fast]   # first\n      name: amy\n"
		     "      accounts: [x]\n"
		     "    - name: bob\n      qos: [normal]\n"
		     "      accounts: [physics, {account: chem, fairshare: 2}]\n"
		     "qos: []\n");
}

Test(yaml_splice, flow_mapping_items_keep_their_spacing)
{
	expect_added("users:\n  - { name: amy, accounts: [x] }\n",
		     "users:\n  - { name: amy, accounts: [x] }\n"
		     "  - { name: bob, accounts: [physics, {account: chem, fairshare: 2}], "
		     "qos: [normal] }\n");
	expect_added("users:\n  - {name: amy}",
		     "users:\n  - {name: amy}\n"
		     "  - {name: bob, accounts: [physics, {account: chem, fairshare: 2}], "
		     "qos: [normal]}\n");
}

Test(yaml_splice, flow_lists_on_one_line_and_empty)
{
	expect_added("users: [{name: amy}]\nx: 1\n",
		     "users: [{name: amy}, {name: bob, accounts: [physics, "
		     "{account: chem, fairshare: 2}], qos: [normal]}]\nx: 1\n");
	expect_added("users: []\n",
		     "users: [{name: bob, accounts: [physics, {account: chem, "
		     "fairshare: 2}], qos: [normal]}]\n");
}

Test(yaml_splice, null_and_absent_lists_become_lists)
{
	expect_added("users: ~\nx: 1\n",
		     "users:\n  - {name: bob, accounts: [physics, {account: chem, "
		     "fairshare: 2}], qos: [normal]}\nx: 1\n");
	expect_added("x: 1",
		     "x: 1\nusers:\n  - {name: bob, accounts: [physics, {account: chem, "
		     "fairshare: 2}], qos: [normal]}\n");
}

Test(yaml_splice, crlf_files_get_crlf)
{
	char *got = add_bob("users:\r\n  - name: amy\r\n    accounts: [x]\r\n", "physics");

	cr_expect_str_eq(got, "users:\r\n  - name: amy\r\n    accounts: [x]\r\n"
			 "  - name: bob\r\n    accounts: [physics, {account: chem, "
			 "fairshare: 2}]\r\n    default_account: physics\r\n"
			 "    qos: [normal]\r\n");
	free(got);
}

Test(yaml_splice, scalars_are_quoted_only_when_they_must_be)
{
	static const char *const cases[][2] = {
		{ "alice", "alice" }, { "a.b-c_1", "a.b-c_1" }, { "yes", "\"yes\"" },
		{ "No", "\"No\"" }, { "1abc", "\"1abc\"" }, { "a b", "\"a b\"" },
		{ "q\"\\", "\"q\\\"\\\\\"" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf sb = STRBUF_INIT;

		yaml_splice_scalar(&sb, cases[i][0]);
		cr_expect_str_eq(sb.buf, cases[i][1]);
		strbuf_release(&sb);
	}
}

Test(yaml_splice, not_a_mapping_is_an_error)
{
	struct yaml_splice_field f = { "name", "bob", NULL };
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;

	cr_expect_eq(yaml_splice_append("- a\n- b\n", 8, "users", &f, 1, &out, &cause), -1);
	cr_expect_not_null(cause);
	cr_expect_eq(out.len, 0, "nothing written");
	free(cause);
	strbuf_release(&out);
}
