/*
 * exec_test.c: the executor's own logic, no network needed: fanout bound,
 * per-host states and errors, skip_failed across phases, one connection
 * per host across phases, the watchdog's command timeout, cancellation.
 * The connection step is replaced through exec_pool_set_connect() (tasks
 * then get tr == NULL); one test uses the real default connect against a
 * loopback port nothing listens on. Real sshd tests are in
 * tests/t/t2000-transport.sh.
 */
#include "base/compat.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "transport/exec.h"
#include "base/xalloc.h"
#include "transport/transport_ssh.h"

#define MAX_HOSTS 64

struct probe {
	atomic_int active, max_seen;
	atomic_int calls[MAX_HOSTS];
	atomic_int connects[MAX_HOSTS];
	int sleep_ms;
	int slow_host, slow_ms;	/* one host sleeps longer (-1: none) */
	int fail_mod;		/* idx % fail_mod == 1 fails (0: none) */
	bool fail_without_cause;
	int refuse_host;	/* connect fails for this one (-1: none) */
};

static struct transport_target targets[MAX_HOSTS];
static char names[MAX_HOSTS][16];

static void setup_targets(size_t n)
{
	memset(targets, 0, sizeof(targets));
	for (size_t i = 0; i < n; i++) {
		snprintf(names[i], sizeof(names[i]), "h%02zu", i);
		targets[i].host = names[i];
	}
}

static void probe_init(struct probe *pr)
{
	memset(pr, 0, sizeof(*pr));
	pr->slow_host = -1;
	pr->refuse_host = -1;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

static int fake_connect(size_t idx, const struct transport_target *t,
			struct transport **out, void *cookie, char **cause)
{
	struct probe *pr = cookie;

	atomic_fetch_add(&pr->connects[idx], 1);
	*out = NULL;
	if ((int)idx == pr->refuse_host) {
		*cause = xasprintf("'%s': cannot connect: refused for the test", t->host);
		return -1;
	}
	return 0;
}

static int task(size_t idx, struct transport *tr, void *cookie, char **cause)
{
	struct probe *pr = cookie;
	int now = atomic_fetch_add(&pr->active, 1) + 1, seen;

	cr_assert_null(tr, "the fake connect gives no transport");
	atomic_fetch_add(&pr->calls[idx], 1);
	seen = atomic_load(&pr->max_seen);
	while (now > seen && !atomic_compare_exchange_weak(&pr->max_seen, &seen, now))
		;
	sleep_ms((int)idx == pr->slow_host ? pr->slow_ms : pr->sleep_ms);
	atomic_fetch_sub(&pr->active, 1);
	if (pr->fail_mod && idx % (size_t)pr->fail_mod == 1) {
		if (!pr->fail_without_cause)
			*cause = xasprintf("task %zu broke", idx);
		return -1;
	}
	return 0;
}

static struct exec_pool *new_pool(size_t n, size_t fanout, struct probe *pr)
{
	struct exec_pool *p;

	setup_targets(n);
	p = exec_pool_new(targets, n, fanout);
	exec_pool_set_connect(p, fake_connect, pr);
	return p;
}

Test(exec, fanout_bounds_hosts_in_flight)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.sleep_ms = 30;
	p = new_pool(24, 5, &pr);
	exec_pool_run(p, task, &pr, false);
	cr_assert_eq(atomic_load(&pr.max_seen), 5, "max in flight %d, fanout 5",
		     atomic_load(&pr.max_seen));
	cr_assert_eq(exec_pool_max_active(p), 5);
	for (size_t i = 0; i < 24; i++) {
		cr_assert_eq(exec_pool_result(p, i)->state, EXEC_DONE, "host %zu", i);
		cr_assert_null(exec_pool_result(p, i)->error);
		cr_assert_eq(atomic_load(&pr.calls[i]), 1, "host %zu ran once", i);
	}
	cr_assert_eq(exec_pool_failed_count(p), 0);
	exec_pool_free(p);
}

Test(exec, fanout_larger_than_hosts_runs_all_at_once)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.sleep_ms = 100;
	p = new_pool(6, 0, &pr);	/* 0: the default, 64 */
	exec_pool_run(p, task, &pr, false);
	cr_assert_eq(atomic_load(&pr.max_seen), 6);
	exec_pool_free(p);
}

Test(exec, failing_task_is_a_result_with_its_cause)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.fail_mod = 3;	/* hosts 1, 4, 7 fail */
	p = new_pool(9, 4, &pr);
	exec_pool_run(p, task, &pr, false);
	for (size_t i = 0; i < 9; i++) {
		const struct exec_result *r = exec_pool_result(p, i);

		if (i % 3 == 1) {
			char want[32];

			snprintf(want, sizeof(want), "task %zu broke", i);
			cr_assert_eq(r->state, EXEC_FAILED, "host %zu", i);
			cr_assert_str_eq(r->error, want);
		} else {
			cr_assert_eq(r->state, EXEC_DONE, "host %zu", i);
		}
	}
	cr_assert_eq(exec_pool_failed_count(p), 3);
	exec_pool_free(p);
}

Test(exec, failure_without_cause_names_the_host)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.fail_mod = 2;
	pr.fail_without_cause = true;
	p = new_pool(2, 2, &pr);
	exec_pool_run(p, task, &pr, false);
	cr_assert_eq(exec_pool_result(p, 1)->state, EXEC_FAILED);
	cr_assert_str_eq(exec_pool_result(p, 1)->error, "'h01': failed");
	exec_pool_free(p);
}

Test(exec, skip_failed_skips_hosts_that_failed_before)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.fail_mod = 2;	/* odd hosts fail in phase 1 */
	p = new_pool(6, 3, &pr);
	exec_pool_run(p, task, &pr, true);
	pr.fail_mod = 0;
	exec_pool_run(p, task, &pr, true);
	for (size_t i = 0; i < 6; i++) {
		const struct exec_result *r = exec_pool_result(p, i);

		cr_assert_eq(atomic_load(&pr.calls[i]), i % 2 ? 1 : 2, "host %zu", i);
		cr_assert_eq(r->state, i % 2 ? EXEC_FAILED : EXEC_DONE, "host %zu", i);
	}
	/* Without skip_failed every host runs again, and now succeeds. */
	exec_pool_run(p, task, &pr, false);
	for (size_t i = 0; i < 6; i++) {
		cr_assert_eq(atomic_load(&pr.calls[i]), i % 2 ? 2 : 3, "host %zu", i);
		cr_assert_eq(exec_pool_result(p, i)->state, EXEC_DONE);
	}
	exec_pool_free(p);
}

Test(exec, run_one_touches_one_host_only)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.fail_mod = 2;	/* host 1 fails */
	p = new_pool(4, 4, &pr);
	exec_pool_run_one(p, 2, task, &pr, true);
	for (size_t i = 0; i < 4; i++) {
		cr_assert_eq(atomic_load(&pr.calls[i]), i == 2, "host %zu", i);
		cr_assert_eq(atomic_load(&pr.connects[i]), i == 2, "only host 2 connects");
		cr_assert_eq(exec_pool_result(p, i)->state, i == 2 ? EXEC_DONE : EXEC_PENDING);
	}
	exec_pool_run_one(p, 1, task, &pr, true);
	cr_assert_eq(exec_pool_result(p, 1)->state, EXEC_FAILED);
	cr_assert_str_eq(exec_pool_result(p, 1)->error, "task 1 broke");
	cr_assert_eq(exec_pool_result(p, 2)->state, EXEC_DONE, "others keep their result");
	/* a failed host is skipped when asked, and keeps its failure */
	exec_pool_run_one(p, 1, task, &pr, true);
	cr_assert_eq(atomic_load(&pr.calls[1]), 1);
	cr_assert_eq(exec_pool_result(p, 1)->state, EXEC_FAILED);
	exec_pool_free(p);
}

Test(exec, connects_once_per_host_across_phases)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	p = new_pool(5, 2, &pr);
	for (int phase = 0; phase < 3; phase++)
		exec_pool_run(p, task, &pr, true);
	for (size_t i = 0; i < 5; i++) {
		cr_assert_eq(atomic_load(&pr.connects[i]), 1, "host %zu", i);
		cr_assert_eq(atomic_load(&pr.calls[i]), 3, "host %zu", i);
	}
	exec_pool_free(p);
}

Test(exec, connect_failure_fails_only_that_host_and_is_retried)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.refuse_host = 2;
	p = new_pool(4, 4, &pr);
	exec_pool_run(p, task, &pr, true);
	cr_assert_eq(exec_pool_result(p, 2)->state, EXEC_FAILED);
	cr_assert_str_eq(exec_pool_result(p, 2)->error,
			 "'h02': cannot connect: refused for the test");
	cr_assert_eq(atomic_load(&pr.calls[2]), 0, "no task without a connection");
	cr_assert_eq(exec_pool_failed_count(p), 1);
	exec_pool_run(p, task, &pr, true);
	cr_assert_eq(atomic_load(&pr.connects[2]), 1, "skipped, not retried");
	pr.refuse_host = -1;
	exec_pool_run(p, task, &pr, false);
	cr_assert_eq(atomic_load(&pr.connects[2]), 2, "retried without skip_failed");
	cr_assert_eq(exec_pool_result(p, 2)->state, EXEC_DONE);
	cr_assert_eq(atomic_load(&pr.connects[0]), 1);
	exec_pool_free(p);
}

Test(exec, watchdog_grace_lets_a_task_just_past_its_timeout_finish)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	pr.slow_host = 0;
	pr.slow_ms = 1100;	/* 0.9 s inside the 1 s + 1 s of grace: room for a loaded machine */
	p = new_pool(1, 1, &pr);
	targets[0].command_timeout = 1;
	exec_pool_run(p, task, &pr, false);
	cr_assert_eq(exec_pool_result(p, 0)->state, EXEC_DONE);
	exec_pool_free(p);
}

Test(exec, watchdog_times_out_a_slow_host)
{
	struct probe pr;
	struct exec_pool *p;
	struct timespec a, b;
	double secs;

	probe_init(&pr);
	pr.slow_host = 1;
	pr.slow_ms = 3500;	/* 1.5 s past 1 s + the watchdog's 1 s of grace */
	p = new_pool(3, 3, &pr);
	for (size_t i = 0; i < 3; i++)
		targets[i].command_timeout = 1;
	clock_gettime(CLOCK_MONOTONIC, &a);
	exec_pool_run(p, task, &pr, false);
	clock_gettime(CLOCK_MONOTONIC, &b);
	secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
	cr_assert_eq(exec_pool_result(p, 1)->state, EXEC_TIMED_OUT);
	cr_assert_str_eq(exec_pool_result(p, 1)->error, "'h01': timed out after 1 s");
	cr_assert_eq(exec_pool_result(p, 0)->state, EXEC_DONE);
	cr_assert_eq(exec_pool_result(p, 2)->state, EXEC_DONE);
	/* A task without a transport cannot be interrupted: the phase waits. */
	cr_assert(secs >= 3.4, "phase took %.2f s", secs);
	/* The timed-out host lost its session: the next phase reconnects it. */
	pr.slow_host = -1;
	exec_pool_run(p, task, &pr, false);
	cr_assert_eq(atomic_load(&pr.connects[1]), 2);
	cr_assert_eq(atomic_load(&pr.connects[0]), 1);
	cr_assert_eq(exec_pool_result(p, 1)->state, EXEC_DONE);
	exec_pool_free(p);
}

Test(exec, cancel_stops_hosts_not_started)
{
	struct probe pr;
	struct exec_pool *p;

	probe_init(&pr);
	p = new_pool(4, 2, &pr);
	exec_pool_cancel(p);
	exec_pool_run(p, task, &pr, false);
	for (size_t i = 0; i < 4; i++) {
		cr_assert_eq(exec_pool_result(p, i)->state, EXEC_CANCELED);
		cr_assert_eq(atomic_load(&pr.calls[i]), 0);
	}
	cr_assert_str_eq(exec_pool_result(p, 3)->error, "'h03': canceled");
	cr_assert_str_eq(exec_state_name(EXEC_CANCELED), "canceled");
	exec_pool_free(p);
}

/* A loopback port with nothing listening: bind an ephemeral one, close it. */
static int closed_port(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0), port;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	cr_assert(fd >= 0);
	cr_assert_eq(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	cr_assert_eq(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	port = ntohs(sa.sin_port);
	close(fd);
	return port;
}

Test(exec, real_connect_to_closed_port_fails_fast_with_host_name)
{
	struct probe pr;
	struct exec_pool *p;
	const struct exec_result *r;

	probe_init(&pr);
	setup_targets(1);
	targets[0].address = "127.0.0.1";
	targets[0].port = closed_port();
	targets[0].ssh_config = "/dev/null";
	targets[0].known_hosts = "/dev/null";
	targets[0].connect_timeout = 5;
	p = exec_pool_new(targets, 1, 4);	/* the default libssh connect */
	exec_pool_run(p, task, &pr, false);
	r = exec_pool_result(p, 0);
	cr_assert_eq(r->state, EXEC_FAILED);
	cr_assert(strncmp(r->error, "'h00': cannot connect: ", 23) == 0,
		  "error: %s", r->error);
	cr_assert_eq(atomic_load(&pr.calls[0]), 0);
	exec_pool_free(p);
}

Test(exec, free_accepts_null)
{
	exec_pool_free(NULL);
	transport_close(NULL);
	transport_abort(NULL);
}

/* Runs one phase of 16 hosts (2 failing) with stderr in a file; its text. */
static char *progress_of(const char *phase)
{
	char path[] = "/tmp/exec-progress-XXXXXX";
	int fd = mkstemp(path), saved = dup(STDERR_FILENO);
	struct probe pr;
	struct exec_pool *p;
	char buf[4096];
	ssize_t n;

	cr_assert(fd >= 0 && saved >= 0);
	probe_init(&pr);
	pr.sleep_ms = 20;
	pr.fail_mod = 8;	/* hosts 1 and 9 */
	p = new_pool(16, 4, &pr);
	exec_pool_set_phase(p, phase);
	fflush(stderr);
	dup2(fd, STDERR_FILENO);	/* a file: not a TTY, as in CI */
	exec_pool_run(p, task, &pr, false);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	exec_pool_free(p);
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	unlink(path);
	cr_assert(n >= 0);
	buf[n] = '\0';
	return xstrdup(buf);
}

/* issue 9: CI logs got no progress at all during a long apply */
Test(exec, plain_progress_lines_when_stderr_is_not_a_tty)
{
	char *out = progress_of("stage"), *line, *save = NULL;
	size_t lines = 0, quarters = 0;
	unsigned a, b;

	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		lines++;
		cr_expect(!strchr(line, '\r') && !strchr(line, '\033'), "plain: '%s'", line);
		if (sscanf(line, "clusterctl: stage: %u/16 hosts done", &a) == 1 &&
		    !strstr(line, "failed"))
			quarters++;
		else
			cr_expect(sscanf(line, "clusterctl: stage: %u/%u hosts done, 2 failed (",
					 &a, &b) == 2 && a == 14 && b == 16, "last line: '%s'", line);
	}
	/* a loaded machine may finish two quarters between two looks */
	cr_expect(quarters >= 1 && quarters <= 3, "one line per quarter, got %zu", quarters);
	cr_expect_eq(lines, quarters + 1);
	free(out);
	/* an unnamed phase (a one-host step, the tools) says nothing */
	out = progress_of(NULL);
	cr_expect_str_eq(out, "");
	free(out);
}
