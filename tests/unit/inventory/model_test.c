/*
 * model_test.c: the pool (alignment, zeroing, big blocks), the defaults of
 * model_new(), kv lookups, the sorted host index against the linear
 * lookup, and user_default_account().
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inventory/model.h"
#include "base/xalloc.h"

Test(model, pool_memory_is_zeroed_and_aligned)
{
	struct pool p = { 0 };
	size_t i;

	for (i = 1; i < 2000; i += 37) {
		unsigned char *b = pool_alloc(&p, i);
		size_t k;

		cr_expect_eq((uintptr_t)b % _Alignof(max_align_t), 0);
		for (k = 0; k < i; k++)
			cr_assert_eq(b[k], 0);
		memset(b, 0xff, i);
	}
	/* bigger than a block, then small ones keep coming from the head */
	cr_expect_not_null(pool_alloc(&p, 1 << 20));
	cr_expect_not_null(pool_alloc(&p, 8));
	pool_release(&p);
	cr_expect_null(p.head);
	pool_release(&p);	/* twice is fine */
}

Test(model, pool_strings)
{
	struct pool p = { 0 };

	cr_expect_str_eq(pool_strdup(&p, "abc"), "abc");
	cr_expect_null(pool_strdup(&p, NULL));
	cr_expect_str_eq(pool_strndup(&p, "abcdef", 3), "abc");
	cr_expect_str_eq(pool_strndup(&p, "ab", 10), "ab");
	cr_expect_str_eq(pool_printf(&p, "%s-%d", "n", 7), "n-7");
	pool_release(&p);
}

Test(model, defaults)
{
	struct model *m = model_new();

	cr_expect_str_eq(m->cluster.slurm_version, "22.05");
	cr_expect_str_eq(m->cluster.config_dir, "/etc/slurm");
	cr_expect_eq(m->cluster.slurm_user.uid, MODEL_UNSET);
	/* unset: ssh_config may say (issue 9); the transport falls back to 22 */
	cr_expect_eq(m->ssh.port, MODEL_UNSET);
	cr_expect_null(m->ssh.user);
	cr_expect_eq(m->ssh.fanout, 64);
	cr_expect_eq(m->db.method, DB_METHOD_AUTO);
	cr_expect_str_eq(m->cluster.services[SVC_SLURMD].start, "systemctl start slurmd");
	cr_expect_str_eq(m->cluster.services[SVC_SLURMCTLD].reconfigure,
			 "scontrol reconfigure");
	cr_expect_null(m->cluster.services[SVC_SLURMD].reconfigure);
	cr_expect_str_eq(service_kind_name(SVC_SLURMDBD), "slurmdbd");
	cr_expect_str_eq(service_kind_name(SVC_COUNT), "?");
	model_free(m);
	model_free(NULL);
}

Test(model, kv_lookup)
{
	struct kv items[] = { { .key = "a", .value = "1" }, { .key = "b", .value = "2" } };
	struct kv_list kv = { items, 2 };

	cr_expect_str_eq(kv_get(&kv, "b"), "2");
	cr_expect_null(kv_get(&kv, "c"));
	cr_expect_eq(kv_find(&kv, "a"), &items[0]);
}

Test(model, host_index_agrees_with_linear_search)
{
	struct model *m = model_new();
	static const char *const names[] = { "n10", "n2", "a", "n1", "zz", "n2" };
	size_t i;

	m->hosts = pool_alloc(&m->pool, sizeof(*m->hosts) * ARRAY_SIZE(names));
	for (i = 0; i < ARRAY_SIZE(names); i++)
		m->hosts[i].name = names[i];
	m->n_hosts = ARRAY_SIZE(names);
	/* linear: the first "n2" */
	cr_expect_eq(model_find_host(m, "n2"), &m->hosts[1]);
	model_index_hosts(m);
	cr_expect_str_eq(m->host_index[0]->name, "a");
	cr_expect_str_eq(m->host_index[5]->name, "zz");
	for (i = 0; i < ARRAY_SIZE(names); i++)
		cr_expect_str_eq(model_find_host(m, names[i])->name, names[i]);
	/* duplicates: the first defined wins, as with the linear search */
	cr_expect_eq(model_find_host(m, "n2"), &m->hosts[1]);
	cr_expect_null(model_find_host(m, "n3"));
	cr_expect_null(model_find_host(m, "0"));
	/* a stale index (hosts changed) is not used */
	m->n_hosts = 2;
	cr_expect_null(model_find_host(m, "zz"));
	model_free(m);
}

Test(model, str_list_has)
{
	const char *items[] = { "a", "bc" };
	struct str_list l = { items, NULL, 2 };

	cr_expect(str_list_has(&l, "bc"));
	cr_expect_not(str_list_has(&l, "b"));
	l.n = 0;
	cr_expect_not(str_list_has(&l, "a"));
}

Test(model, user_default_account)
{
	const char *accts[] = { "x", "y" };
	struct user u = { .accounts = { accts, NULL, 2 } };

	cr_expect_str_eq(user_default_account(&u), "x");
	u.default_account = "y";
	cr_expect_str_eq(user_default_account(&u), "y");
	u.default_account = NULL;
	u.accounts.n = 0;
	cr_expect_null(user_default_account(&u));
}

/* issue 15: one owner for the database password, one source at a time */
Test(model, db_password_has_one_source)
{
	char path[] = "/tmp/model_test_pass.XXXXXX";
	struct db_settings s = { 0 };
	char *cause = NULL, *pw;
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "from-file\r\n", 11), 11);
	close(fd);

	cr_expect_null(db_password(&s, &cause));	/* none: no password */
	cr_expect_null(cause);

	s.password_file = path;
	pw = db_password(&s, &cause);
	cr_expect_str_eq(pw, "from-file");
	xfree_secret(pw, strlen(pw));

	setenv("MODEL_TEST_DB_PASS", "from-env", 1);
	s.password_env = "MODEL_TEST_DB_PASS";
	cr_expect_null(db_password(&s, &cause));
	cr_expect_str_eq(cause, "database.password_file and database.password_env "
				"are both set");
	free(cause);

	s.password_file = NULL;
	pw = db_password(&s, &cause);
	cr_expect_str_eq(pw, "from-env");
	xfree_secret(pw, strlen(pw));
	unsetenv("MODEL_TEST_DB_PASS");
	cr_expect_null(db_password(&s, &cause));
	cr_expect_str_eq(cause, "environment variable 'MODEL_TEST_DB_PASS' "
				"(database.password_env) is not set");
	free(cause);

	s.password_env = NULL;
	s.password_file = "/nonexistent/model_test.pass";
	cr_expect_null(db_password(&s, &cause));
	cr_expect_not_null(strstr(cause, "No such file"), "%s", cause);
	free(cause);
	unlink(path);
}
