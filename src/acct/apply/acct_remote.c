/*
 * acct_remote.c: the remote callbacks of the accounting commands, over SSH
 * or through --exec-via, and their cluster lock. Accounting touches at
 * most two hosts (the accounting host and the controller): over SSH each
 * command is a one-host step of the executor apply uses (exec_pool_run_one,
 * same timeouts and watchdog), which connects a host when it is first used
 * and keeps its session for the command.
 */
#include "base/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acct/rows/acct.h"
#include "transport/exec.h"
#include "transport/hosttarget.h"
#include "transport/lock.h"
#include "transport/transport.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "acct/apply/acct_remote.h"

struct acct_ssh {
	const struct model *m;
	struct transport_target *targets;	/* per model host */
	struct exec_pool *pool;			/* connects a host when first used */
};

struct acct_ssh *acct_ssh_new(const struct model *m, bool accept_new_host_keys)
{
	struct acct_ssh *s = xcalloc(1, sizeof(*s));

	s->m = m;
	s->targets = xcalloc(m->n_hosts + 1, sizeof(*s->targets));
	for (size_t i = 0; i < m->n_hosts; i++)
		host_target(m, &m->hosts[i], accept_new_host_keys, &s->targets[i]);
	s->pool = exec_pool_new(s->targets, m->n_hosts, 1);
	return s;
}

/* The model index of host, or -1 with *cause. */
static int acct_ssh_host(const struct acct_ssh *s, const char *host, size_t *idx,
			 char **cause)
{
	for (size_t i = 0; i < s->m->n_hosts; i++)
		if (!strcmp(s->m->hosts[i].name, host)) {
			*idx = i;
			return 0;
		}
	*cause = xasprintf("host '%s' is not in the inventory", host);
	return -1;
}

int acct_ssh_remote(void *cookie, const char *host, const char *cmd,
		    struct strbuf *out, char **cause)
{
	struct acct_ssh *s = cookie;
	size_t i;

	if (acct_ssh_host(s, host, &i, cause) < 0)
		return -1;
	return exec_pool_run_cmd(s->pool, i, cmd, out, cause);
}

void acct_ssh_free(struct acct_ssh *s)
{
	if (!s)
		return;
	exec_pool_free(s->pool);
	free(s->targets);
	free(s);
}

/*
 * The last non-empty line written to fd (closed here), made printable: it
 * comes from the far side. Newly allocated, or NULL.
 */
static char *last_line_fd(int fd)
{
	FILE *f = lseek(fd, 0, SEEK_SET) == 0 ? fdopen(fd, "r") : NULL;
	struct strbuf sb = STRBUF_INIT;
	char buf[512], *last = NULL;

	while (f && fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (!*buf)
			continue;
		free(last);
		last = xstrdup(buf);
	}
	if (f)
		fclose(f);
	else
		close(fd);
	if (!last)
		return NULL;
	strbuf_add_printable(&sb, last, strlen(last));
	free(last);
	return strbuf_detach(&sb, NULL);
}

/*
 * Starts "VIA HOST sh -c CMD" (the --exec-via contract, acct.h): VIA is
 * shell text read by /bin/sh here, once; HOST, "sh", "-c" and CMD reach
 * it as separate arguments ("$@"), never re-quoted. The child gets its
 * own process group, so a Ctrl-C on the terminal reaches clusterctl
 * alone, which then finishes the step and restarts what it stopped.
 * fd[0..2] become its stdin, stdout and stderr. The pid, or -1.
 */
static pid_t via_spawn(const char *via, const char *host, const char *cmd,
		       const int fd[3])
{
	char *script = xasprintf("%s \"$@\"", via);
	char sh[] = "sh", dash_c[] = "-c";	/* argv is char *: no literals */
	char *argv[] = { sh, dash_c, script, sh, (char *)host, sh, dash_c,
			 (char *)cmd, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none;
	pid_t pid;
	int rc;

	posix_spawn_file_actions_init(&fa);
	for (int i = 0; i < 3; i++)
		posix_spawn_file_actions_adddup2(&fa, fd[i], i);
	posix_spawnattr_init(&attr);
	/* lock_catch_signals() blocked SIGINT/SIGTERM here: not in the child */
	sigemptyset(&none);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
	posix_spawnattr_setpgroup(&attr, 0);
	rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	free(script);
	return rc ? -1 : pid;
}

static int wait_child(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

int acct_exec_remote(void *cookie, const char *host, const char *cmd,
		     struct strbuf *out, char **cause)
{
	char buf[4096], err[] = "/tmp/clusterctl-acct-err.XXXXXX", *why;
	int pipefd[2], fd[3], status, efd = mkostemp(err, O_CLOEXEC), nul;
	ssize_t n;
	pid_t pid;

	if (efd < 0) {
		*cause = xasprintf("cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	unlink(err);	/* read back through efd */
	nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (nul < 0 || pipe2(pipefd, O_CLOEXEC)) {
		*cause = xasprintf("cannot run the exec-via command: %s", strerror(errno));
		close(efd);
		if (nul >= 0)
			close(nul);
		return -1;
	}
	fd[0] = nul, fd[1] = pipefd[1], fd[2] = efd;
	pid = via_spawn((const char *)cookie, host, cmd, fd);
	close(pipefd[1]);
	close(nul);
	while (pid > 0 && ((n = read(pipefd[0], buf, sizeof(buf))) > 0 ||
			   (n < 0 && errno == EINTR)))
		if (n > 0)
			strbuf_add(out, buf, (size_t)n);
	close(pipefd[0]);
	if (pid < 0) {
		close(efd);
		*cause = xasprintf("cannot run the exec-via command for '%s'", host);
		return -1;
	}
	status = wait_child(pid);
	why = last_line_fd(efd);
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		*cause = xasprintf("exit status %d on '%s'%s%s", WIFEXITED(status) ?
				   WEXITSTATUS(status) : -1, host, why ? ": " : "",
				   why ? why : "");
		free(why);
		return -1;
	}
	free(why);
	return 0;
}

/* ---- the cluster lock of the accounting commands ---- */

struct acct_lock {
	int local_fd;
	struct acct_ssh *ssh;		/* owned; holds the controller's session */
	pid_t via_pid;			/* the exec-via holder, or -1 */
	int via_stdin;			/* its stdin: closing it releases the lock */
};

/* Reads fd up to the first newline or EOF (bounded). */
static void read_line_fd(int fd, struct strbuf *line)
{
	char c;
	ssize_t n;

	while (line->len < 4096 && ((n = read(fd, &c, 1)) == 1 ||
				    (n < 0 && errno == EINTR)))
		if (n == 1) {
			strbuf_addch(line, c);
			if (c == '\n')
				break;
		}
}

static int lock_via(struct acct_lock *l, const char *via, const char *host,
		    char **cause)
{
	struct strbuf cmd = STRBUF_INIT, line = STRBUF_INIT;
	int in[2], out[2], fd[3], status = -1, rc;

	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) {
		*cause = xasprintf("cannot run the exec-via command: %s", strerror(errno));
		return -1;
	}
	lock_remote_cmd(&cmd);
	fd[0] = in[0], fd[1] = out[1], fd[2] = out[1];
	l->via_pid = via_spawn(via, host, cmd.buf, fd);
	close(in[0]);
	close(out[1]);
	if (l->via_pid > 0)
		read_line_fd(out[0], &line);
	close(out[0]);
	l->via_stdin = in[1];
	if (l->via_pid > 0 && !strcmp(line.buf, "locked\n")) {
		rc = 0;
	} else {
		close(in[1]);
		l->via_stdin = -1;
		if (l->via_pid > 0) {
			status = wait_child(l->via_pid);
			status = WIFEXITED(status) ? WEXITSTATUS(status) : -2;
		}
		l->via_pid = -1;
		rc = lock_remote_answer(host, &line, status, cause);
	}
	strbuf_release(&cmd);
	strbuf_release(&line);
	return rc;
}

static int lock_ssh_task(size_t idx, struct transport *tr, void *cookie,
			 char **cause)
{
	bool refused;

	(void)idx;
	(void)cookie;
	return lock_remote_hold(tr, &refused, cause);
}

static int lock_ssh(struct acct_lock *l, const struct model *m, bool accept_new,
		    const char *host, char **cause)
{
	const struct exec_result *res;
	size_t i;

	l->ssh = acct_ssh_new(m, accept_new);
	if (acct_ssh_host(l->ssh, host, &i, cause) < 0)
		return -1;
	exec_pool_run_one(l->ssh->pool, i, lock_ssh_task, NULL, false);
	res = exec_pool_result(l->ssh->pool, i);
	if (res->state == EXEC_DONE)
		return 0;
	*cause = xstrdup(res->error ? res->error : exec_state_name(res->state));
	return -1;
}

int acct_lock_take(const struct model *m, const char *via, bool accept_new,
		   struct acct_lock **out, char **cause)
{
	struct acct_lock *l = xcalloc(1, sizeof(*l));
	const char *ctl = m->cluster.controller;
	int rc = 0;

	l->via_pid = -1;
	l->via_stdin = -1;
	lock_catch_signals();
	l->local_fd = lock_local_take(m->cluster.name, cause);
	if (l->local_fd < 0)
		rc = -1;
	else if (ctl && via)
		rc = lock_via(l, via, ctl, cause);
	else if (ctl)
		rc = lock_ssh(l, m, accept_new, ctl, cause);
	if (rc) {
		acct_lock_release(l);
		l = NULL;
	}
	*out = l;
	return rc;
}

struct acct_ssh *acct_lock_ssh(struct acct_lock *l)
{
	return l ? l->ssh : NULL;
}

void acct_lock_release(struct acct_lock *l)
{
	if (!l)
		return;
	acct_ssh_free(l->ssh);	/* closes the session: the holder sees EOF */
	if (l->via_stdin >= 0)
		close(l->via_stdin);
	if (l->via_pid > 0)
		wait_child(l->via_pid);
	if (l->local_fd >= 0)
		close(l->local_fd);
	free(l);
}
