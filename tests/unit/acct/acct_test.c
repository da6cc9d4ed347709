/*
 * acct_test.c: the accounting layer without a database: canonical values
 * (Slurm times, TRES counts, QoS flags and preempt modes as slurmdbd 22.05
 * stores them), the desired state's sacctmgr defaults, the nested-set rule
 * replayed against the lft/rgt trace captured from slurmdbd 22.05, and the
 * sacctmgr command / flat-file output, whose quoting is checked by letting
 * a real shell parse it.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acct/rows/acct.h"
#include "acct/apply/acct_dbd.h"
#include "acct/rows/acct_nset.h"
#include "acct/sql/acct_sql.h"
#include "acct/plan/acct_sacctmgr.h"
#include "acct/rows/acct_state.h"
#include "transport/db.h"
#include "inventory/inventory.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "acct/rows/acct_db.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "acct/read/acct_desired.h"
#include "acct/rows/acct_obj.h"
#include "acct/plan/acct_plan.h"
#include "acct/apply/acct_readback.h"
#include "acct/apply/acct_remote.h"
#include "acct/rows/acct_value.h"
#include "acct/apply/acct_apply.h"
#include "acct/plan/acct_method.h"

/* ---- canonical values ---- */

Test(acct, slurm_times_become_minutes)
{
	static const struct {
		const char *in;
		long long min;
	} ok[] = {
		{ "90", 90 }, { "30:00", 30 }, { "30:01", 31 }, { "2:00:00", 120 },
		{ "1-00:00:00", 1440 }, { "1-12", 2160 }, { "2-01:30", 2970 },
		{ "0:0:59", 1 }, { "UNLIMITED", -1 }, { "infinite", -1 }, { "-1", -1 },
		/* Slurm's reader: fields past their clock's range, rounded up */
		{ "1-", 1440 }, { "1:90", 3 }, { "7-0:00:99", 10082 }, { "0-25", 1500 },
	};
	static const char *const bad[] = { "", "x", "1:2:3:4", "1-x", "12h", "-5", "1-2:",
					   "2-:5" };
	long long v;

	for (size_t i = 0; i < ARRAY_SIZE(ok); i++) {
		cr_expect_eq(acct_time_minutes(ok[i].in, &v), 0, "%s", ok[i].in);
		cr_expect_eq(v, ok[i].min, "%s -> %lld", ok[i].in, v);
	}
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_expect_eq(acct_time_minutes(bad[i], &v), -1, "'%s' accepted", bad[i]);
}

static struct kv_list kvl(struct kv *items, size_t n)
{
	struct kv_list l = { items, n };

	return l;
}

Test(acct, tres_maps_canonical_sorted_mem_in_mb)
{
	struct kv a[] = {
		{ .key = "mem", .value = "100G" }, { .key = "gres/gpu", .value = "4" },
		{ .key = "cpu", .value = "16" }, { .key = "node", .value = "UNLIMITED" },
	};
	struct kv b[] = { { .key = "mem", .value = "1T" }, { .key = "gres/gpu:a40", .value = "2" } };
	struct kv c[] = { { .key = "mem", .value = "512" }, { .key = "billing", .value = "3" } };
	struct kv_list l = kvl(a, ARRAY_SIZE(a));
	char *out = NULL, *cause = NULL;

	cr_assert_eq(acct_tres_from_kv(&l, &out, &cause), 0);
	cr_expect_str_eq(out, "cpu=16,gres/gpu=4,mem=102400");
	free(out);
	l = kvl(b, ARRAY_SIZE(b));
	cr_assert_eq(acct_tres_from_kv(&l, &out, &cause), 0);
	cr_expect_str_eq(out, "gres/gpu:a40=2,mem=1048576");
	free(out);
	l = kvl(c, ARRAY_SIZE(c));
	cr_assert_eq(acct_tres_from_kv(&l, &out, &cause), 0);
	cr_expect_str_eq(out, "billing=3,mem=512");
	free(out);
	l = kvl(NULL, 0);
	cr_assert_eq(acct_tres_from_kv(&l, &out, &cause), 0);
	cr_expect_null(out);
}

Test(acct, tres_errors_name_the_limit)
{
	struct kv bad_name[] = { { .key = "gpu", .value = "4" } };
	struct kv bad_count[] = { { .key = "cpu", .value = "4x" } };
	struct kv bad_unit[] = { { .key = "mem", .value = "4Q" } };
	struct kv_list l = kvl(bad_name, 1);
	char *out = NULL, *cause = NULL;

	cr_expect_eq(acct_tres_from_kv(&l, &out, &cause), -1);
	cr_expect_str_eq(cause, "bad TRES limit 'gpu=4'");
	free(cause);
	l = kvl(bad_count, 1);
	cr_expect_eq(acct_tres_from_kv(&l, &out, &cause), -1);
	cr_expect_str_eq(cause, "bad TRES limit 'cpu=4x'");
	free(cause);
	l = kvl(bad_unit, 1);
	cr_expect_eq(acct_tres_from_kv(&l, &out, &cause), -1);
	free(cause);
	cr_expect(acct_tres_name_ok("fs/disk"));
	cr_expect(acct_tres_name_ok("license/matlab"));
	cr_expect_not(acct_tres_name_ok("gres/"));
	cr_expect_not(acct_tres_name_ok("gpu"));
}

Test(acct, qos_flags_match_slurmdbd_bits)
{
	/* sacctmgr Flags=DenyOnLimit,NoDecay,OverPartQOS,UsageFactorSafe stored 960 */
	const char *names[] = { "usagefactorsafe", "DENYONLIMIT", "NoDecay", "OverPartQOS" };
	struct str_list l = { names, NULL, 4 };
	struct str_list bad = { (const char *[]){ "Fast" }, NULL, 1 };
	char *canon = NULL, *cause = NULL;

	cr_assert_eq(acct_qos_flags_canon(&l, &canon, &cause), 0);
	cr_expect_str_eq(canon, "DenyOnLimit,OverPartQOS,NoDecay,UsageFactorSafe");
	cr_expect_eq(acct_qos_flags_bits(canon), 960u);
	free(canon);
	canon = acct_qos_flags_from_bits(960);
	cr_expect_str_eq(canon, "DenyOnLimit,OverPartQOS,NoDecay,UsageFactorSafe");
	free(canon);
	cr_expect_null(acct_qos_flags_from_bits(0));
	cr_expect_eq(acct_qos_flags_canon(&bad, &canon, &cause), -1);
	cr_expect_str_eq(cause, "unknown QoS flag 'Fast'");
	free(cause);
}

/* Canonical value -> what sacctmgr show prints (lists sorted). */
static void expect_shown(enum acct_kind k, const char *field, const char *v,
			 const char *shown)
{
	char *got = acct_shown_text(k, field, v);

	cr_expect_str_eq(got, shown, "%s %s", field, v ? v : "(unset)");
	free(got);
}

Test(acct, readback_expects_what_sacctmgr_22_05_prints)
{
	/* each pair seen in "sacctmgr -P show qos|assoc" on the lab */
	expect_shown(ACCT_QOS, "max_tres_per_user", "billing=7,cpu=4,mem=2048,node=2",
		     "billing=7,cpu=4,mem=2G,node=2");
	expect_shown(ACCT_QOS, "grp_tres", "gres/gpu=3,mem=1536", "gres/gpu=3,mem=1.50G");
	expect_shown(ACCT_QOS, "max_tres_per_job", "mem=1048576", "mem=1T");
	expect_shown(ACCT_QOS, "max_tres_per_job", "mem=1000", "mem=1000M");
	expect_shown(ACCT_QOS, "max_tres_per_job", NULL, "");
	expect_shown(ACCT_QOS, "max_wall", "90", "01:30:00");
	expect_shown(ACCT_QOS, "grp_wall", "1563", "1-02:03:00");
	expect_shown(ACCT_QOS, "max_wall", "2880", "2-00:00:00");
	expect_shown(ACCT_QOS, "grace_time", "90", "00:01:30");
	expect_shown(ACCT_QOS, "grace_time", NULL, "00:00:00");
	expect_shown(ACCT_QOS, "priority", NULL, "0");
	expect_shown(ACCT_QOS, "usage_factor", "0.5", "0.500000");
	expect_shown(ACCT_QOS, "preempt_mode", NULL, "cluster");
	expect_shown(ACCT_QOS, "preempt_mode", "requeue,gang", "gang,requeue");
	expect_shown(ACCT_QOS, "flags", "DenyOnLimit,NoDecay", "DenyOnLimit,NoDecay");
	expect_shown(ACCT_QOS, "preempt", "normal,gpu1", "gpu1,normal");
	expect_shown(ACCT_ASSOC, "fairshare", "2147483647", "parent");
	expect_shown(ACCT_ASSOC, "fairshare", "10", "10");
	expect_shown(ACCT_ASSOC, "max_jobs", NULL, "");
	expect_shown(ACCT_ASSOC, "default_qos", "gpu2", "gpu2");
}

Test(acct, preempt_modes_match_slurmdbd_bits)
{
	/* observed: cancel 8, requeue,gang 32770, suspend 1 */
	char *c = NULL, *cause = NULL;

	cr_assert_eq(acct_pmode_canon("CANCEL", &c, &cause), 0);
	cr_expect_eq(acct_pmode_bits(c), 8u);
	free(c);
	cr_assert_eq(acct_pmode_canon("gang,requeue", &c, &cause), 0);
	cr_expect_str_eq(c, "requeue,gang");
	cr_expect_eq(acct_pmode_bits(c), 32770u);
	free(c);
	cr_assert_eq(acct_pmode_canon("off", &c, &cause), 0);
	cr_expect_null(c);
	cr_expect_eq(acct_pmode_canon("sometimes", &c, &cause), -1);
	cr_expect_str_eq(cause, "unknown preempt mode 'sometimes'");
	free(cause);
}

/* ---- nested set ---- */

struct expect_row {
	const char *acct, *user;
	long lft, rgt;
};

static void expect_rows(const struct acct_nset *s, const struct expect_row *e, size_t n)
{
	cr_assert_eq(s->n, n);
	for (size_t i = 0; i < n; i++) {
		size_t k = acct_nset_find(s, e[i].acct, e[i].user);

		cr_assert_neq(k, SIZE_MAX, "%s/%s missing", e[i].acct, e[i].user);
		cr_expect_eq(s->rows[k].lft, e[i].lft, "%s/%s lft %ld", e[i].acct, e[i].user,
			     s->rows[k].lft);
		cr_expect_eq(s->rows[k].rgt, e[i].rgt, "%s/%s rgt %ld", e[i].acct, e[i].user,
			     s->rows[k].rgt);
	}
	cr_expect(acct_nset_valid(s));
}

Test(acct, nested_set_replays_the_slurmdbd_trace)
{
	/* lab capture: add cluster, account physics, account hep (parent physics), user alice in hep */
	struct acct_nset s = { 0 };
	static const struct expect_row after_cluster[] = {
		{ "root", "", 1, 4 }, { "root", "root", 2, 3 },
	};
	static const struct expect_row final[] = {
		{ "root", "", 1, 10 }, { "physics", "", 2, 7 }, { "hep", "", 3, 6 },
		{ "hep", "alice", 4, 5 }, { "root", "root", 8, 9 },
	};

	acct_nset_push(&s, 1, "root", "", "", 1, 2, 0);
	cr_assert_neq(acct_nset_add_child(&s, "root", "root", "root"), SIZE_MAX);
	expect_rows(&s, after_cluster, ARRAY_SIZE(after_cluster));
	cr_assert_neq(acct_nset_add_child(&s, "root", "physics", ""), SIZE_MAX);
	cr_assert_neq(acct_nset_add_child(&s, "physics", "hep", ""), SIZE_MAX);
	cr_assert_neq(acct_nset_add_child(&s, "hep", "hep", "alice"), SIZE_MAX);
	expect_rows(&s, final, ARRAY_SIZE(final));
	cr_expect_eq(acct_nset_add_child(&s, "nosuch", "x", ""), SIZE_MAX);
	acct_nset_release(&s);
}

Test(acct, nested_set_shifts_soft_deleted_rows_and_stays_valid)
{
	struct acct_nset s = { 0 };
	unsigned seed = 7;

	acct_nset_push(&s, 1, "root", "", "", 1, 4, 0);
	acct_nset_push(&s, 2, "old", "", "", 2, 3, 1);	/* soft-deleted child keeps its slot */
	acct_nset_add_child(&s, "root", "a", "");
	cr_expect_eq(s.rows[1].lft, 4);
	cr_expect_eq(s.rows[1].rgt, 5);
	cr_expect(acct_nset_valid(&s));
	for (int i = 0; i < 300; i++) {
		char name[16], parent[16];
		int p = (int)(rand_r(&seed) % (unsigned)(i + 1));

		snprintf(name, sizeof(name), "a%d", i);
		snprintf(parent, sizeof(parent), p ? "a%d" : "a", p - 1);
		cr_assert_neq(acct_nset_add_child(&s, parent, name, ""), SIZE_MAX);
		acct_nset_add_child(&s, name, name, "u");
	}
	cr_expect(acct_nset_valid(&s));
	s.rows[5].rgt = s.rows[7].lft;		/* damage: overlapping intervals */
	cr_expect_not(acct_nset_valid(&s));
	acct_nset_release(&s);
}

Test(acct, nested_set_parent_is_an_account_row)
{
	struct acct_nset s = { 0 };

	acct_nset_push(&s, 1, "root", "", "", 1, 8, 0);
	acct_nset_push(&s, 2, "hep", "alice", "", 2, 3, 0);	/* a user row: never a parent */
	acct_nset_push(&s, 3, "hep", "", "", 6, 7, 0);
	acct_nset_push(&s, 4, "hep", "", "", 4, 5, 1);		/* soft-deleted, smaller lft */
	cr_expect_eq(acct_nset_parent(&s, "hep"), 3);		/* 22.05: the smallest lft */
	cr_expect_eq(acct_nset_parent(&s, "alice"), SIZE_MAX);
	s.flat = true;
	cr_expect_eq(acct_nset_parent(&s, "hep"), 2);		/* 23.11+: the live row */
	cr_expect_eq(acct_nset_remove_row(&s, 2), 1);
	cr_expect_eq(acct_nset_parent(&s, "hep"), SIZE_MAX);
	acct_nset_release(&s);
}

Test(acct, lineage_follows_slurmdbd_2411_on_a_registered_cluster)
{
	/* tests/data/sql-24.11 02-04: lft = rgt = 0, no shift, lineage by path */
	struct acct_nset s = { 0 };
	size_t phys, hep, alice;

	s.flat = true;
	acct_nset_push(&s, 1, "root", "", "", 1, 4, 0);
	acct_nset_set_lineage(&s, 0, "/");
	acct_nset_push(&s, 2, "root", "root", "", 2, 3, 0);
	acct_nset_set_lineage(&s, 1, "/0-root/");
	phys = acct_nset_add_child(&s, "root", "physics", "");
	hep = acct_nset_add_child(&s, "physics", "hep", "");
	alice = acct_nset_add_child(&s, "hep", "hep", "alice");
	cr_assert_neq(alice, SIZE_MAX);
	cr_expect_str_eq(s.rows[phys].lineage, "/physics/");
	cr_expect_str_eq(s.rows[hep].lineage, "/physics/hep/");
	cr_expect_str_eq(s.rows[alice].lineage, "/physics/hep/0-alice/");
	cr_expect_eq(s.rows[hep].lft, 0);
	cr_expect_eq(s.rows[alice].rgt, 0);
	cr_expect_eq(s.rows[0].rgt, 4);		/* root rows untouched */
	cr_expect_not(s.rows[0].moved);
	cr_expect_eq(acct_nset_parent(&s, "hep"), hep);
	cr_expect_eq(acct_nset_remove_row(&s, hep), 1);
	cr_expect(s.rows[hep].gone);
	cr_expect_not(s.rows[alice].gone);	/* removals name every row they delete */
	cr_expect_eq(acct_nset_remove_row(&s, hep), 0);
	acct_nset_release(&s);
}

Test(acct, lineage_and_nested_set_together_before_registration)
{
	/* 19-add-user-erin-lab2: a cluster with rpc_version 0 keeps lft/rgt too */
	struct acct_nset s = { 0 };
	size_t cs, erin;

	acct_nset_push(&s, 1, "root", "", "", 1, 4, 0);
	acct_nset_set_lineage(&s, 0, "/");
	acct_nset_push(&s, 2, "root", "root", "", 2, 3, 0);
	acct_nset_set_lineage(&s, 1, "/0-root/");
	cs = acct_nset_add_child(&s, "root", "cs", "");
	erin = acct_nset_add_child(&s, "cs", "cs", "erin");
	cr_expect_eq(s.rows[cs].lft, 2);
	cr_expect_eq(s.rows[cs].rgt, 5);
	cr_expect_eq(s.rows[erin].lft, 3);
	cr_expect_str_eq(s.rows[erin].lineage, "/cs/0-erin/");
	cr_expect(acct_nset_valid(&s));
	acct_nset_release(&s);
}

Test(acct, sql_method_knows_the_2205_2311_and_2505_schemas_only)
{
	struct acct_dbinfo info = { .has_schema = true, .cluster_tables = true,
				    .has_lft = true };
	char *cause = NULL;

	for (long v = 12; v <= 16; v++) {
		info.version = v;
		info.has_lineage = v >= 14;
		cr_expect_eq(acct_sql_check_schema(&info, &cause) == 0, v == 12 || v >= 15, "%ld", v);
		free(cause);
		cause = NULL;
	}
	cr_expect_str_eq(acct_sql_release(&info), "23.11-24.11");
	/* 25.05 keeps CONVERT_VERSION 16 and drops lft/rgt */
	info.has_lft = false;
	cr_expect_str_eq(acct_sql_release(&info), "25.05-26.05");
	/* no cluster tables to look at: a 16 is written as 24.11's until one is */
	info.cluster_tables = false;
	cr_expect_str_eq(acct_sql_release(&info), "23.11-24.11");
	info.cluster_tables = true;
	info.version = 12;
	info.has_lineage = false;
	info.has_lft = true;
	cr_expect_str_eq(acct_sql_release(&info), "22.05");
	/* 22.05's number with 23.11's columns is no schema slurmdbd made */
	info.has_lineage = true;
	cr_expect_eq(acct_sql_release(&info), NULL);
	cr_assert_eq(acct_sql_check_schema(&info, &cause), -1);
	free(cause);
	info.version = 17;
	cr_assert_eq(acct_sql_check_schema(&info, &cause), -1);
	cr_expect(strstr(cause, "schema version 17") && strstr(cause, "sacctmgr") &&
		  strstr(cause, "25.05-26.05"), "%s", cause);
	free(cause);
}

Test(acct, release_policy_comes_from_the_schema_generations)
{
	struct acct_dbinfo info = { .has_schema = true, .cluster_tables = true,
				    .has_lft = true, .version = 12 };

	cr_expect(acct_sql_writes_release("22.05"));
	cr_expect(!acct_sql_writes_release("23.02"));
	cr_expect(acct_sql_writes_release("24.11"));
	cr_expect(acct_sql_writes_release("24.11.5"));
	cr_expect(acct_sql_writes_release("26.05"));
	cr_expect(!acct_sql_writes_release("26.11"));
	cr_expect(!acct_sql_commands_via_slurmdbd(&info));
	cr_expect(!acct_sql_load_via_slurmdbd(&info));
	cr_expect(acct_sql_load_carries_accounts(&info));
	info.version = 16;
	info.has_lineage = true;
	cr_expect(acct_sql_commands_via_slurmdbd(&info));
	cr_expect(acct_sql_load_via_slurmdbd(&info));
	cr_expect(!acct_sql_load_carries_accounts(&info));
	info.has_lft = false;
	cr_expect(acct_sql_commands_via_slurmdbd(&info));
	cr_expect(!acct_sql_load_via_slurmdbd(&info));
	cr_expect(acct_sql_load_carries_accounts(&info));
	/* a schema no generation knows: slurmdbd's way, whatever the size */
	info.version = 99;
	cr_expect(acct_sql_commands_via_slurmdbd(&info));
	cr_expect(acct_sql_load_via_slurmdbd(&info));
}

/* ---- desired state from an inventory ---- */

static const char inv[] =
	"cluster:\n"
	"  name: t1\n"
	"  controller: c1\n"
	"hosts:\n"
	"  - {names: c1, roles: [controller]}\n"
	"database: {host: 127.0.0.1, port: 3307}\n"
	"qos:\n"
	"  - {name: gpu4, priority: 10, max_tres_per_user: {gres/gpu: 4, mem: 100G},\n"
	"     flags: [denyonlimit], preempt_mode: cancel, max_wall: \"2-00:00:00\"}\n"
	"  - {name: low, description: Low Prio, preempt: [gpu4]}\n"
	"accounts:\n"
	"  - name: physics\n"
	"    description: \"It's; rm -rf / $(id)\"\n"
	"    organization: Science Dept\n"
	"    fairshare: parent\n"
	"    coordinators: [bob]\n"
	"    children:\n"
	"      - {name: hep, qos: [normal, gpu4], default_qos: gpu4, grp_tres: {gres/gpu: 8}}\n"
	"users:\n"
	"  - {name: alice, accounts: [hep, physics], default_account: physics}\n"
	"  - {name: bob, accounts: [physics], admin_level: operator, fairshare: 5}\n";

static struct model *load_text(const char *text)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("t.yaml", text, strlen(text), &dl);

	cr_assert_not_null(m);
	cr_assert_eq(diag_errors(&dl), 0);
	diag_release(&dl);
	return m;
}

static struct model *load(void)
{
	return load_text(inv);
}

static const struct acct_obj *find(const struct acct_objset *s, enum acct_kind k,
				   const char *name, const char *user)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->items[i].kind == k && !strcmp(s->items[i].name, name) &&
		    (!user || !strcmp(s->items[i].user, user)))
			return &s->items[i];
	cr_assert_fail("no %s '%s'", acct_kind_name(k), name);
	return NULL;
}

static void expect_val(const struct acct_obj *o, const char *field, const char *want)
{
	const char *got = acct_obj_get(o, field);

	if (!want)
		cr_expect_null(got, "%s.%s = %s", o->name, field, got);
	else
		cr_expect(got && !strcmp(got, want), "%s.%s = %s, want %s", o->name, field,
			  got ? got : "NULL", want);
}

/* ' and " inside a description become `, on every release */
Test(acct, desired_quotes_as_sacctmgr_of_the_release_stores_them)
{
	static const char *const rel[] = { "22.05", "24.11" };
	static const char *const want[] = { "it`s `q`", "it`s `q`" };

	for (int i = 0; i < 2; i++) {
		char text[512];
		struct acct_objset s = { 0 };
		char *cause = NULL;
		struct model *m;

		snprintf(text, sizeof(text),
			 "cluster: {name: t1, controller: c1, slurm_version: \"%s\"}\n"
			 "hosts:\n  - {names: c1, roles: [controller]}\n"
			 "accounts:\n  - {name: a, description: \"It's \\\"q\\\"\"}\n", rel[i]);
		m = load_text(text);
		cr_assert_eq(acct_desired_build(m, &s, &cause), 0, "%s", cause);
		expect_val(find(&s, ACCT_ACCOUNT, "a", NULL), "description", want[i]);
		acct_objset_release(&s);
		model_free(m);
	}
}

Test(acct, desired_state_has_sacctmgr_defaults)
{
	struct model *m = load();
	struct acct_objset s = { 0 };
	char *cause = NULL;
	const struct acct_obj *o;

	cr_assert_eq(acct_desired_build(m, &s, &cause), 0, "%s", cause);
	o = find(&s, ACCT_QOS, "gpu4", NULL);
	expect_val(o, "description", "gpu4");
	expect_val(o, "max_tres_per_user", "gres/gpu=4,mem=102400");
	expect_val(o, "flags", "DenyOnLimit");
	expect_val(o, "preempt_mode", "cancel");
	expect_val(o, "max_wall", "2880");
	expect_val(o, "usage_factor", "1");
	expect_val(find(&s, ACCT_QOS, "low", NULL), "description", "low prio");
	expect_val(find(&s, ACCT_QOS, "low", NULL), "preempt", "gpu4");
	o = find(&s, ACCT_ACCOUNT, "physics", NULL);
	expect_val(o, "description", "it`s; rm -rf / $(id)");
	expect_val(o, "organization", "science dept");
	expect_val(o, "coordinators", "bob");
	o = find(&s, ACCT_ACCOUNT, "hep", NULL);
	expect_val(o, "description", "hep");
	expect_val(o, "organization", "physics");
	expect_val(find(&s, ACCT_ASSOC, "physics", ""), "fairshare", "2147483647");
	o = find(&s, ACCT_ASSOC, "hep", "");
	expect_val(o, "parent", "physics");
	expect_val(o, "fairshare", "1");
	expect_val(o, "qos", "gpu4,normal");
	expect_val(o, "default_qos", "gpu4");
	expect_val(o, "grp_tres", "gres/gpu=8");
	expect_val(find(&s, ACCT_ASSOC, "physics", "alice"), "is_def", "1");
	expect_val(find(&s, ACCT_ASSOC, "hep", "alice"), "is_def", "0");
	expect_val(find(&s, ACCT_ASSOC, "hep", "alice"), "qos", NULL);
	expect_val(find(&s, ACCT_ASSOC, "physics", "bob"), "fairshare", "5");
	expect_val(find(&s, ACCT_USER, "bob", NULL), "admin_level", "Operator");
	expect_val(find(&s, ACCT_USER, "alice", NULL), "admin_level", "None");
	find(&s, ACCT_TRES, "gres/gpu", NULL);
	find(&s, ACCT_TRES, "mem", NULL);
	acct_objset_release(&s);
	model_free(m);
}

static const char inv_assoc[] =
	"cluster: {name: t1, controller: c1}\n"
	"hosts: [{names: c1, roles: [controller]}]\n"
	"database: {host: 127.0.0.1, port: 3307}\n"
	"qos: [{name: a}, {name: b}]\n"
	"accounts: [{name: x}, {name: y}, {name: z}]\n"
	"users:\n"
	"  - name: u\n"
	"    fairshare: 5\n"
	"    qos: [a, b]\n"
	"    default_qos: a\n"
	"    max_jobs: 3\n"
	"    grp_tres: {cpu: 4, mem: 1G}\n"
	"    accounts:\n"
	"      - x\n"
	"      - {account: y, fairshare: parent, qos: [b], default_qos: b, max_jobs: 7,\n"
	"         grp_tres: {cpu: 2}, max_wall: \"2:00:00\"}\n"
	"      - {account: z, max_tres_per_job: {gres/gpu: 1}}\n";

Test(acct, slurmdbds_normal_qos_keeps_its_description)
{
	struct model *m = load_text("cluster: {name: t1, controller: c1, accounting_host: c1}\n"
				    "hosts:\n  - {names: c1, roles: [controller, dbd]}\n"
				    "database: {host: 127.0.0.1, port: 3307}\n"
				    "qos:\n  - {name: normal, priority: 5}\n");
	struct acct_objset s = { 0 }, h = { 0 };
	struct acct_obj *have;
	char *cause = NULL;
	const struct acct_obj *want;
	size_t n, d;

	cr_assert_eq(acct_desired_build(m, &s, &cause), 0, "%s", cause);
	want = find(&s, ACCT_QOS, "normal", NULL);
	expect_val(want, "description", "Normal QOS default");
	for (d = 0; strcmp(acct_fields(ACCT_QOS, &n)[d].name, "description"); d++)
		;
	have = acct_objset_add(&h, ACCT_QOS, "normal", NULL);
	acct_obj_set(have, "description", "normal qos default");
	cr_expect_not(acct_field_differs(want, have, d), "sacctmgr's lowercase is no change");
	acct_obj_set(have, "description", "normal");
	cr_expect(acct_field_differs(want, have, d));
	acct_objset_release(&h);
	acct_objset_release(&s);
	model_free(m);
}

Test(acct, user_association_settings_replace_the_users)
{
	struct model *m = load_text(inv_assoc);
	struct acct_objset s = { 0 };
	char *cause = NULL;
	const struct acct_obj *o;

	cr_assert_eq(acct_desired_build(m, &s, &cause), 0, "%s", cause);
	/* x: a plain name, every setting the user's */
	o = find(&s, ACCT_ASSOC, "x", "u");
	expect_val(o, "is_def", "1");
	expect_val(o, "fairshare", "5");
	expect_val(o, "qos", "a,b");
	expect_val(o, "default_qos", "a");
	expect_val(o, "max_jobs", "3");
	expect_val(o, "grp_tres", "cpu=4,mem=1024");
	expect_val(o, "max_wall", NULL);
	/* y: each key given replaces the user's, maps and lists as a whole */
	o = find(&s, ACCT_ASSOC, "y", "u");
	expect_val(o, "is_def", "0");
	expect_val(o, "fairshare", "2147483647");
	expect_val(o, "qos", "b");
	expect_val(o, "default_qos", "b");
	expect_val(o, "max_jobs", "7");
	expect_val(o, "grp_tres", "cpu=2");
	expect_val(o, "max_wall", "120");
	/* z: only its own key differs */
	o = find(&s, ACCT_ASSOC, "z", "u");
	expect_val(o, "fairshare", "5");
	expect_val(o, "qos", "a,b");
	expect_val(o, "grp_tres", "cpu=4,mem=1024");
	expect_val(o, "max_tres_per_job", "gres/gpu=1");
	find(&s, ACCT_TRES, "gres/gpu", NULL);
	acct_objset_release(&s);
	model_free(m);
}

static const char inv_part[] =
	"cluster: {name: t1, controller: c1}\n"
	"hosts: [{names: c1, roles: [controller]}]\n"
	"database: {host: 127.0.0.1, port: 3307}\n"
	"accounts: [{name: x}, {name: y}]\n"
	"users:\n"
	"  - name: u\n"
	"    fairshare: 5\n"
	"    accounts:\n"
	"      - {account: x, partition: gpu, max_jobs: 2, fairshare: 9}\n"
	"      - x\n"
	"      - {account: y, partition: debug}\n"
	"  - name: v\n"
	"    default_account: y\n"
	"    accounts: [x, {account: y, partition: gpu}, {account: y, partition: debug}]\n";

static const struct acct_obj *find_part(const struct acct_objset *s, const char *acct,
					const char *user, const char *part)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct acct_obj *o = &s->items[i];

		if (o->kind == ACCT_ASSOC && !strcmp(o->name, acct) && !strcmp(o->user, user) &&
		    !strcmp(acct_obj_part(o), part))
			return o;
	}
	cr_assert_fail("no association %s/%s/%s", acct, user, part);
	return NULL;
}

Test(acct, partition_associations_and_their_default)
{
	struct model *m = load_text(inv_part);
	struct acct_objset s = { 0 };
	char *cause = NULL;

	cr_assert_eq(acct_desired_build(m, &s, &cause), 0, "%s", cause);
	expect_val(find_part(&s, "x", "u", "gpu"), "max_jobs", "2");
	expect_val(find_part(&s, "x", "u", "gpu"), "fairshare", "9");
	expect_val(find_part(&s, "x", "u", ""), "fairshare", "5");
	expect_val(find_part(&s, "x", "u", ""), "max_jobs", NULL);
	/* is_def: the default account's row without a partition, else its first */
	expect_val(find_part(&s, "x", "u", ""), "is_def", "1");
	expect_val(find_part(&s, "x", "u", "gpu"), "is_def", "0");
	expect_val(find_part(&s, "y", "u", "debug"), "is_def", "0");
	expect_val(find_part(&s, "y", "v", "gpu"), "is_def", "1");
	expect_val(find_part(&s, "y", "v", "debug"), "is_def", "0");
	expect_val(find_part(&s, "x", "v", ""), "is_def", "0");
	acct_objset_release(&s);
	model_free(m);
}

/*
 * A change of u's row in x without a partition: sacctmgr's "modify user
 * where account=x" reaches x/gpu too, so its value is set back after; a
 * pruned partition row is deleted only while it exists.
 */
/* The sacctmgr commands (--prune) from the rows of was to those of now; frees both. */
static char *diff_commands(struct model *now, struct model *was)
{
	struct acct_plan pl;
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;

	memset(&pl, 0, sizeof(pl));
	pl.cluster = (char *)"t1";
	pl.prune = true;
	cr_assert_eq(acct_desired_build(now, &pl.want, &cause), 0);
	cr_assert_eq(acct_desired_build(was, &pl.have, &cause), 0);
	acct_plan_diff(&pl);
	acct_sacctmgr_commands(&pl, &out);
	free(pl.changes);
	acct_objset_release(&pl.want);
	acct_objset_release(&pl.have);
	model_free(now);
	model_free(was);
	return strbuf_detach(&out, NULL);
}

Test(acct, sacctmgr_sets_partition_rows_back_and_guards_their_removal)
{
	struct model *was = load_text(inv_part);
	char *text = xstrdup(inv_part), *p = strstr(text, "fairshare: 5"), *line;
	char *out;
	const char *mod, *back;

	p[11] = '6';
	line = strstr(text, "      - {account: y, partition: debug}\n");
	memmove(line, strchr(line, '\n') + 1, strlen(strchr(line, '\n') + 1) + 1);
	out = diff_commands(load_text(text), was);
	mod = strstr(out, "sacctmgr -i modify user where 'name=u' 'account=x' 'cluster=t1' "
		     "set 'Fairshare=6'\n");
	back = mod ? strstr(mod, "sacctmgr -i modify user where 'name=u' 'account=x' "
			    "'partition=gpu' 'cluster=t1' set 'Fairshare=9'\n") : NULL;
	cr_expect(mod && back, "%s", out);
	cr_expect(strstr(out, "if sacctmgr -n -P show assoc where 'users=u' 'accounts=y' "
			 "'partitions=debug' 'cluster=t1' format=user | grep -q .; then "
			 "sacctmgr -i delete user where 'name=u' 'account=y' 'partition=debug' "
			 "'cluster=t1'; fi\n"), "%s", out);
	free(out);
	free(text);
}

/* ---- sacctmgr output ---- */

/* Runs each line through sh with sacctmgr printing its arguments, one per line. */
static char *shell_args(const char *script)
{
	char path[] = "/tmp/acct_test.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct strbuf out = STRBUF_INIT;
	char buf[4096], *cmd;
	size_t n;

	fprintf(f, "sacctmgr() { printf '[%%s]\\n' \"$@\"; }\n%s", script);
	fclose(f);
	cmd = xasprintf("sh %s", path);
	f = popen(cmd, "r");
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&out, buf, n);
	cr_expect_eq(pclose(f), 0);
	unlink(path);
	free(cmd);
	return strbuf_detach(&out, NULL);
}

Test(acct, sacctmgr_commands_quote_every_argument)
{
	struct model *m = load();
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL, *args;

	cr_assert_eq(acct_export_commands(m, &out, &cause), 0);
	args = shell_args(out.buf);
	cr_expect(strstr(args, "[add]\n[account]\n[physics]\n[Cluster=t1]\n"
			 "[Description=it`s; rm -rf / $(id)]\n[Organization=science dept]\n"),
		  "%s", args);
	cr_expect(strstr(args, "[add]\n[qos]\n[gpu4]\n"), "%s", args);
	/* preempt goes in after every QoS exists */
	cr_expect(strstr(args, "[modify]\n[qos]\n[where]\n[name=low]\n[set]\n[Preempt=gpu4]\n"),
		  "%s", args);
	/* the default account's association comes first: sacctmgr makes it is_def */
	cr_expect(strstr(args, "[user]\n[alice]\n[Account=physics]") <
		  strstr(args, "[user]\n[alice]\n[Account=hep]"), "%s", args);
	cr_expect(strstr(args, "[add]\n[coordinator]\n[account=physics]\n[names=bob]\n"), "%s", args);
	free(args);
	strbuf_release(&out);
	model_free(m);
}

Test(acct, flat_file_has_parents_before_children)
{
	struct model *m = load();
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;
	const char *cl, *phys, *hep, *alice_hep;

	cr_assert_eq(acct_export_flat(m, &out, &cause), 0);
	cl = strstr(out.buf, "\nCluster - 't1':Fairshare=1:QOS='normal'\n");
	phys = strstr(out.buf, "Parent - 'root'\nAccount - 'physics':Description='it`s; rm -rf / $(id)'"
		      ":Organization='science dept':Fairshare=2147483647\n");
	hep = strstr(out.buf, "Account - 'hep':Description='hep':Organization='physics':"
		     "Fairshare=1:GrpTRES=gres/gpu=8:QOS='gpu4,normal':DefaultQOS='gpu4'\n");
	alice_hep = strstr(out.buf, "Parent - 'hep'\nUser - 'alice':DefaultAccount='physics':Fairshare=1\n");
	cr_expect(cl && phys && hep && alice_hep, "%s", out.buf);
	cr_expect(cl < phys && phys < hep && hep < alice_hep, "%s", out.buf);
	cr_expect(strstr(out.buf, "User - 'bob':DefaultAccount='physics':AdminLevel='Operator'"
			 ":Fairshare=5\n"), "%s", out.buf);
	cr_expect(strstr(out.buf, "#   sacctmgr -i add qos 'gpu4'"), "%s", out.buf);
	strbuf_release(&out);
	model_free(m);
}

/*
 * The whole model as a plan against an empty database of schema version
 * (0: unknown), split for sacctmgr load.
 */
static bool split_v(struct model *m, long version, bool lft, struct strbuf *head,
		    struct strbuf *flat, struct strbuf *tail)
{
	struct acct_plan p;
	char *cause = NULL;
	bool load;

	memset(&p, 0, sizeof(p));
	p.info.version = version;
	p.info.has_schema = p.info.cluster_tables = version > 0;
	p.info.has_lineage = version > 12;
	p.info.has_lft = lft;
	cr_assert_eq(acct_desired_build(m, &p.want, &cause), 0, "%s", cause);
	p.cluster = (char *)m->cluster.name;
	acct_plan_diff(&p);
	load = acct_sacctmgr_split(&p, head, flat, tail);
	free(p.changes);
	acct_objset_release(&p.want);
	return load;
}

static bool split(struct model *m, struct strbuf *head, struct strbuf *flat,
		  struct strbuf *tail)
{
	return split_v(m, 0, true, head, flat, tail);
}

Test(acct, on_23_11_the_accounts_go_by_commands_and_the_users_by_load)
{
	struct model *m = load();
	struct strbuf head = STRBUF_INIT, flat = STRBUF_INIT, tail = STRBUF_INIT;

	cr_assert(split_v(m, 16, true, &head, &flat, &tail));
	cr_expect(strstr(head.buf, "sacctmgr -i add account 'physics' 'Cluster=t1'"), "%s", head.buf);
	cr_expect(!strstr(flat.buf, "Account - "), "%s", flat.buf);
	cr_expect(strstr(flat.buf, "Parent - 'hep'\nUser - 'alice':DefaultAccount='physics'"
			 ":Fairshare=1\n"), "%s", flat.buf);
	cr_expect(!strstr(head.buf, "add user"), "%s", head.buf);
	/* 25.05+ (no lft/rgt): load writes accounts' rows as "add account" does */
	strbuf_reset(&head);
	strbuf_reset(&flat);
	strbuf_reset(&tail);
	cr_assert(split_v(m, 16, false, &head, &flat, &tail));
	cr_expect(strstr(flat.buf, "Parent - 'root'\nAccount - 'physics':Description="), "%s", flat.buf);
	cr_expect(!strstr(head.buf, "add account"), "%s", head.buf);
	strbuf_release(&head);
	strbuf_release(&flat);
	strbuf_release(&tail);
	model_free(m);
}

Test(acct, bulk_adds_go_as_one_flat_file_between_the_commands)
{
	struct model *m = load();
	struct strbuf head = STRBUF_INIT, flat = STRBUF_INIT, tail = STRBUF_INIT;

	cr_assert(split(m, &head, &flat, &tail));
	cr_expect(!strncmp(flat.buf, "Cluster - 't1'\n", 15), "%s", flat.buf);
	cr_expect(strstr(flat.buf, "Parent - 'root'\nAccount - 'physics':Description="), "%s", flat.buf);
	cr_expect(strstr(flat.buf, "Parent - 'hep'\nUser - 'alice':DefaultAccount='physics'"
			 ":Fairshare=1\n"), "%s", flat.buf);
	/* the QoS before (a flat file cannot carry them): one add, the
	 * settings side by side; coordinators after */
	cr_expect(strstr(head.buf, "sacctmgr -i add qos 'gpu4,low'\n"), "%s", head.buf);
	cr_expect(strstr(head.buf, "sacctmgr -i modify qos where 'name=low' set "
			 "'Description=low prio' 'Preempt=gpu4' 'UsageFactor=1' & p1=$!\n"
			 "rc=0; wait $p0 || rc=1; wait $p1 || rc=1; test $rc = 0\n"), "%s", head.buf);
	cr_expect(!strstr(head.buf, "add user") && !strstr(head.buf, "add account"), "%s", head.buf);
	cr_expect(strstr(tail.buf, "sacctmgr -i add coordinator 'account=physics' 'names=bob'"),
		  "%s", tail.buf);
	cr_expect_eq(acct_count_lines(&flat), 10, "%s", flat.buf);
	strbuf_release(&head);
	strbuf_release(&flat);
	strbuf_release(&tail);
	model_free(m);
}

Test(acct, text_a_flat_file_cannot_carry_takes_the_commands)
{
	struct model *m = load();
	struct strbuf head = STRBUF_INIT, flat = STRBUF_INIT, tail = STRBUF_INIT;

	for (size_t i = 0; i < m->n_accounts; i++)
		if (!strcmp(m->accounts[i].name, "hep"))
			m->accounts[i].description = "high energy: physics";
	cr_assert(!split(m, &head, &flat, &tail));
	cr_expect_eq(flat.len, 0);
	cr_expect(strstr(head.buf, "sacctmgr -i add user 'alice'"), "%s", head.buf);
	cr_expect(strstr(head.buf, "'Description=high energy: physics'"), "%s", head.buf);
	strbuf_release(&head);
	strbuf_release(&flat);
	strbuf_release(&tail);
	model_free(m);
}

/* auto on a cold cluster: slurmdbd has not created its tables yet */
Test(acct, auto_seeds_a_cold_database_by_sql)
{
	struct model *m = load();
	struct acct_plan p;
	char *cause = NULL;

	memset(&p, 0, sizeof(p));
	cr_assert_eq(acct_desired_build(m, &p.want, &cause), 0, "%s", cause);
	p.cluster = (char *)m->cluster.name;
	p.info.version = -1;
	acct_plan_diff(&p);
	m->db.method = DB_METHOD_AUTO;
	m->cluster.slurm_version = "24.11";
	cr_expect_eq(acct_plan_method(m, &p), DB_METHOD_SQL);
	m->cluster.slurm_version = "22.05";
	cr_expect_eq(acct_plan_method(m, &p), DB_METHOD_SQL);
	m->cluster.slurm_version = "26.05";
	cr_expect_eq(acct_plan_method(m, &p), DB_METHOD_SQL);
	/* a release whose schema the sql writer does not know: slurmdbd's way */
	m->cluster.slurm_version = "23.02";
	cr_expect_eq(acct_plan_method(m, &p), DB_METHOD_SACCTMGR);
	/* a method the inventory names is kept */
	m->cluster.slurm_version = "24.11";
	m->db.method = DB_METHOD_SACCTMGR;
	cr_expect_eq(acct_plan_method(m, &p), DB_METHOD_SACCTMGR);
	free(p.changes);
	acct_objset_release(&p.want);
	model_free(m);
}

/*
 * A lab inventory with users u0..u(n-1) in hep, user i with fairshare
 * base + i (no two alike: the sacctmgr method cannot share one command).
 */
static struct model *users_model(size_t n, int base)
{
	struct strbuf sb = STRBUF_INIT;
	struct model *m;

	strbuf_addstr(&sb, "cluster: {name: t1, controller: c1}\n"
		      "hosts:\n  - {names: c1, roles: [controller]}\n"
		      "database: {host: 127.0.0.1, port: 3307, method: auto}\n"
		      "accounts:\n  - {name: hep}\nusers:\n");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "  - {name: u%zu, accounts: [hep], fairshare: %zu}\n", i, base + i);
	m = load_text(sb.buf);
	strbuf_release(&sb);
	return m;
}

/*
 * auto's choice on a database of each schema generation, for a plan from
 * the database holding `was` (NULL: nothing of the cluster) to `now`:
 * "sql" or "sacctmgr" per release, in the order 22.05 24.11 26.05.
 */
static void expect_auto(struct model *now, struct model *was, const char *want)
{
	static const struct {
		const char *release;
		long version;
		bool lineage, lft;
	} gens[] = { { "22.05", 12, false, true }, { "24.11", 16, true, true },
		     { "26.05", 16, true, false } };
	struct strbuf got = STRBUF_INIT;
	struct acct_plan p;
	char *cause = NULL;

	memset(&p, 0, sizeof(p));
	p.cluster = (char *)now->cluster.name;
	cr_assert_eq(acct_desired_build(now, &p.want, &cause), 0, "%s", cause);
	if (was)
		cr_assert_eq(acct_desired_build(was, &p.have, &cause), 0, "%s", cause);
	acct_plan_diff(&p);
	p.info.has_schema = p.info.cluster_tables = p.info.cluster_exists = true;
	for (size_t i = 0; i < ARRAY_SIZE(gens); i++) {
		now->cluster.slurm_version = gens[i].release;
		p.info.version = gens[i].version;
		p.info.has_lineage = gens[i].lineage;
		p.info.has_lft = gens[i].lft;
		strbuf_addf(&got, "%s%s", i ? " " : "",
			    acct_plan_method(now, &p) == DB_METHOD_SQL ? "sql" : "sacctmgr");
	}
	cr_expect_str_eq(got.buf, want, "%zu changes", p.n_changes);
	strbuf_release(&got);
	free(p.changes);
	acct_objset_release(&p.want);
	acct_objset_release(&p.have);
}

/*
 * bench/acct/threshold.sh per release: a few commands go through slurmdbd
 * everywhere; more than 10 take sql where a command costs ~0.5 s (22.05);
 * a load of more than 4,000 changed rows takes sql where slurmdbd restarts
 * quickly (22.05, 26.05), not on 24.11, where its start is the cost.
 */
Test(acct, auto_picks_per_release_by_the_measured_costs)
{
	struct model *few = users_model(5, 1), *few_changed = users_model(5, 100);
	struct model *many = users_model(20, 1), *many_changed = users_model(20, 100);
	struct model *some = users_model(1900, 1), *bulk = users_model(2100, 1);

	expect_auto(few, NULL, "sacctmgr sacctmgr sacctmgr");
	expect_auto(few_changed, few, "sacctmgr sacctmgr sacctmgr");
	expect_auto(many_changed, many, "sql sacctmgr sacctmgr");
	expect_auto(some, NULL, "sacctmgr sacctmgr sacctmgr");
	expect_auto(bulk, NULL, "sql sacctmgr sql");
	/* 2,100 users added to 5 whose fairshare changed: a load and 5 commands */
	expect_auto(bulk, few_changed, "sql sacctmgr sql");
	model_free(few);
	model_free(few_changed);
	model_free(many);
	model_free(many_changed);
	model_free(some);
	model_free(bulk);
}

Test(acct, dbd_host_falls_back_to_the_controller)
{
	struct model *m = load();

	cr_expect_str_eq(acct_dbd_host(m), "c1");
	model_free(m);
}

Test(acct, cluster_names_that_can_name_tables)
{
	static const char *const ok[] = { "lab", "skynet", "gcp_g2", "c1", "a_b_9" };
	static const char *const bad[] = {
		"", "Lab", "gcp-g2", "a b", "x\"; drop table t; --", "lab`", "a/b",
		"0123456789012345678901234567890123456789012345678901234567890123456789",
	};

	for (size_t i = 0; i < ARRAY_SIZE(ok); i++)
		cr_expect(db_cluster_name_ok(ok[i]), "%s refused", ok[i]);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_expect_not(db_cluster_name_ok(bad[i]), "%s accepted", bad[i]);
	cr_expect_not(db_cluster_name_ok(NULL));
}

Test(acct, exec_remote_reports_exit_status_and_stderr)
{
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL;

	/* the prefix "env" runs "HOST sh -c CMD": HOST is a VAR=value word here */
	cr_assert_eq(acct_exec_remote((void *)"env", "H=x", "echo out; echo $H", &out, &cause), 0);
	cr_expect_str_eq(out.buf, "out\nx\n");
	strbuf_reset(&out);
	cr_expect_eq(acct_exec_remote((void *)"env", "H=x", "echo partial; echo boom >&2; exit 3",
				      &out, &cause), -1);
	cr_expect_str_eq(out.buf, "partial\n");
	cr_expect_str_eq(cause, "exit status 3 on 'H=x': boom");
	free(cause);
	strbuf_release(&out);
}

/* Like expect_rows(), over the rows a removal left (gone rows skipped). */
static void expect_live_rows(const struct acct_nset *s, const struct expect_row *e, size_t n)
{
	size_t live = 0;

	for (size_t i = 0; i < s->n; i++)
		live += !s->rows[i].gone;
	cr_assert_eq(live, n);
	for (size_t i = 0; i < n; i++) {
		size_t k = acct_nset_find(s, e[i].acct, e[i].user);

		cr_assert_neq(k, SIZE_MAX, "%s/%s missing", e[i].acct, e[i].user);
		cr_expect_eq(s->rows[k].lft, e[i].lft, "%s/%s lft", e[i].acct, e[i].user);
		cr_expect_eq(s->rows[k].rgt, e[i].rgt, "%s/%s rgt", e[i].acct, e[i].user);
	}
	cr_expect(acct_nset_valid(s));
}

Test(acct, nested_set_removal_replays_the_slurmdbd_trace)
{
	/* lab capture 07/08: add user bob in physics, then delete it ("lft between 3 AND 4") */
	struct acct_nset s = { 0 };
	static const struct expect_row before[] = {
		{ "root", "", 1, 12 }, { "physics", "", 2, 9 }, { "physics", "bob", 3, 4 },
		{ "hep", "", 5, 8 }, { "hep", "alice", 6, 7 }, { "root", "root", 10, 11 },
	};
	static const struct expect_row after[] = {
		{ "root", "", 1, 10 }, { "physics", "", 2, 7 }, { "hep", "", 3, 6 },
		{ "hep", "alice", 4, 5 }, { "root", "root", 8, 9 },
	};
	size_t bob;

	acct_nset_push(&s, 1, "root", "", "", 1, 2, 0);
	acct_nset_add_child(&s, "root", "root", "root");
	acct_nset_add_child(&s, "root", "physics", "");
	acct_nset_add_child(&s, "physics", "hep", "");
	acct_nset_add_child(&s, "hep", "hep", "alice");
	bob = acct_nset_add_child(&s, "physics", "physics", "bob");
	expect_rows(&s, before, ARRAY_SIZE(before));
	cr_expect_eq(acct_nset_remove_subtree(&s, bob), 1);
	cr_expect(s.rows[bob].gone && s.rows[bob].moved);
	expect_live_rows(&s, after, ARRAY_SIZE(after));
	cr_expect_eq(acct_nset_find(&s, "physics", "bob"), SIZE_MAX);
	cr_expect_eq(acct_nset_remove_subtree(&s, bob), 0);
	cr_expect(acct_nset_valid(&s));
	acct_nset_release(&s);
}

Test(acct, nested_set_removal_takes_the_whole_subtree_soft_deleted_rows_too)
{
	struct acct_nset s = { 0 };
	size_t hep, old;

	acct_nset_push(&s, 1, "root", "", "", 1, 2, 0);
	acct_nset_add_child(&s, "root", "root", "root");
	acct_nset_add_child(&s, "root", "physics", "");
	hep = acct_nset_add_child(&s, "physics", "hep", "");
	acct_nset_add_child(&s, "hep", "hep", "alice");
	old = acct_nset_add_child(&s, "hep", "hep", "olduser");
	s.rows[old].deleted = 1;
	acct_nset_add_child(&s, "physics", "physics", "carol");
	cr_expect_eq(acct_nset_remove_subtree(&s, hep), 3);
	cr_expect(s.rows[old].gone);
	cr_expect_eq(acct_nset_find(&s, "hep", ""), SIZE_MAX);
	cr_expect_eq(s.rows[acct_nset_find(&s, "root", "")].rgt, 8);
	cr_expect_eq(s.rows[acct_nset_find(&s, "physics", "")].rgt, 5);
	cr_expect(acct_nset_valid(&s));
	/* a new child after a removal still goes leftmost, gone rows untouched */
	acct_nset_add_child(&s, "physics", "physics", "dave");
	cr_expect_eq(s.rows[acct_nset_find(&s, "physics", "dave")].lft, 3);
	cr_expect(acct_nset_valid(&s));
	acct_nset_release(&s);
}

/* ---- a site's federation ---- */

/* inv with a federation: block (a lone inventory loads one; a site's clusters get theirs grafted) */
static struct model *fed_model(const char *fed)
{
	char *text = xasprintf("%s%s", inv, fed);
	struct model *m = load_text(text);

	free(text);
	return m;
}

Test(acct, federation_rows_of_a_member)
{
	struct model *m = fed_model("federation: {name: f, clusters: [{name: t1, features: "
				    "[small, Big]}, {name: t2, state: drain}]}\n");
	struct acct_objset s = { 0 };
	const struct acct_obj *o;
	char *cause = NULL;

	cr_assert_eq(acct_desired_build(m, &s, &cause), 0);
	find(&s, ACCT_FEDERATION, "f", NULL);
	o = find(&s, ACCT_FEDMEMBER, "t1", NULL);
	expect_val(o, "federation", "f");
	/* sorted as slurmdbd stores them (strcmp: upper case first) */
	expect_val(o, "features", "Big,small");
	expect_val(o, "state", "active");
	acct_objset_release(&s);
	model_free(m);
}

Test(acct, federation_by_sacctmgr_joins_once_and_sets_what_changes)
{
	const char *fed = "federation: {name: f, clusters: [{name: t1, features: [gpu, big]}]}\n";
	char *out = diff_commands(fed_model(fed), load());

	/* features always when joining; FedState only where not joining's active */
	cr_expect(strstr(out, "sacctmgr -i add federation 'f' || sacctmgr -n -P show "
			 "federation format=federation | grep -Fqx 'f'\n"
			 "sacctmgr -i modify cluster where 'name=t1' set 'Federation=f' "
			 "'Features=big,gpu'\n"), "%s", out);
	free(out);
	out = diff_commands(fed_model("federation: {name: f, clusters: [{name: t1, features: "
				     "[gpu], state: inactive}]}\n"), fed_model(fed));
	/* in f already: Federation= would make sacctmgr change nothing */
	cr_expect(strstr(out, "sacctmgr -i modify cluster where 'name=t1' set "
			 "'Features=gpu' 'FedState=inactive'\n"), "%s", out);
	cr_expect_null(strstr(out, "Federation="), "%s", out);
	cr_expect_null(strstr(out, "add federation"), "%s", out);
	free(out);
	/* into g: g added, t1 moved, f (wanted no more) removed by --prune */
	out = diff_commands(fed_model("federation: {name: g, clusters: [{name: t1, features: "
				     "[gpu, big]}]}\n"), fed_model(fed));
	cr_expect(strstr(out, "sacctmgr -i modify cluster where 'name=t1' set 'Federation=g' "
			 "'Features=big,gpu'\n"), "%s", out);
	cr_expect(strstr(out, "sacctmgr -i delete federation where 'name=f'\n"), "%s", out);
	free(out);
}

Test(acct, federation_pruned_membership_first)
{
	char *out = diff_commands(load(), fed_model("federation: {name: f, clusters: "
						   "[{name: t1}]}\n"));
	const char *leave = strstr(out, "sacctmgr -i modify cluster where 'name=t1' set "
				   "'Federation='\n");
	const char *del = strstr(out, "sacctmgr -i delete federation where 'name=f'\n");

	cr_expect(leave && del && leave < del, "%s", out);
	free(out);
}

Test(acct, federation_states_by_name)
{
	cr_expect_str_eq(acct_fed_state_name(1), "active");
	cr_expect_str_eq(acct_fed_state_name(2), "inactive");
	cr_expect_str_eq(acct_fed_state_name(0x11), "drain");
	/* a drained cluster's slurmctld made it inactive: still "drain" */
	cr_expect_str_eq(acct_fed_state_name(0x12), "drain");
	cr_expect_null(acct_fed_state_name(0));
	cr_expect_eq(acct_fed_state_value("drain"), 0x11);
	cr_expect_eq(acct_fed_state_value("inactive"), 2);
}
