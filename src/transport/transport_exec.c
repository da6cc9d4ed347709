/*
 * transport_exec.c: commands over exec channels of the session
 * (transport_exec.h): output drained from both streams without blocking
 * (so a chatty command cannot stall on a full window), the command
 * timeout, and the held command the cluster lock is.
 */
#include "base/compat.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/strbuf.h"
#include "transport/transport_exec.h"
#include "transport/transport_ssh_priv.h"

/* ---------------------------------------------------------------- exec */

void transport_shell_quote(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_addstr(out, "'\\''");
		else
			strbuf_addch(out, *s);
	}
	strbuf_addch(out, '\'');
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Drains whatever is buffered on one stream into sb (capped). */
static int drain(ssh_channel ch, int is_stderr, struct strbuf *sb)
{
	char buf[16384];
	int n, total = 0;

	while ((n = ssh_channel_read_nonblocking(ch, buf, sizeof(buf),
						 is_stderr)) > 0) {
		/* stderr only ever reaches messages: no terminal escapes in them */
		if (sb && sb->len + (size_t)n <= TRANSPORT_RUN_MAX_OUTPUT && is_stderr)
			strbuf_add_printable(sb, buf, (size_t)n);
		else if (sb && sb->len + (size_t)n <= TRANSPORT_RUN_MAX_OUTPUT)
			strbuf_add(sb, buf, (size_t)n);
		total += n;
	}
	return n == SSH_ERROR ? -1 : total;	/* SSH_EOF is not an error */
}

/*
 * The exit status of the command that ran on ch, or -1 when it ended
 * without one (killed by a signal). libssh 0.11 (Debian 13) deprecates
 * ssh_channel_get_exit_status for ssh_channel_get_exit_state, which 0.10
 * (Debian 12) lacks, so each release gets the call it has.
 */
static int channel_exit_status(ssh_channel ch)
{
#if LIBSSH_VERSION_INT >= SSH_VERSION_INT(0, 11, 0)
	uint32_t code = 0;
	char *signal = NULL;
	int core = 0;

	if (ssh_channel_get_exit_state(ch, &code, &signal, &core) != SSH_OK)
		return -1;
	if (signal) {
		ssh_string_free_char(signal);
		return -1;
	}
	return code > INT_MAX ? -1 : (int)code;
#else
	return ssh_channel_get_exit_status(ch);
#endif
}

/* Reads both streams until EOF or the deadline (0: none). */
static int collect_output(struct transport *tr, ssh_channel ch,
			  struct strbuf *out, struct strbuf *err,
			  long long deadline, char **cause)
{
	for (;;) {
		int a = drain(ch, 0, out), b = drain(ch, 1, err), r;

		if (a < 0 || b < 0)
			return transport_fail(tr, cause, "cannot read command output: %s",
					      transport_reason(tr));
		if (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)) {
			/* Data may have arrived with the EOF. */
			if (drain(ch, 0, out) < 0 || drain(ch, 1, err) < 0)
				return transport_fail(tr, cause, "cannot read command output: %s",
						      transport_reason(tr));
			return 0;
		}
		if (deadline && now_ms() >= deadline) {
			tr->timed_out = true;
			return transport_fail_as(tr, cause, TRANSPORT_ERR_TIMEOUT, "command timed out after %d s",
					      tr->command_timeout);
		}
		/* Waits for stdout; stderr-only data is picked up each slice. */
		r = ssh_channel_poll_timeout(ch, 20, 0);
		if (r == SSH_ERROR)
			return transport_fail(tr, cause, "cannot read command output: %s",
					      transport_reason(tr));
	}
}

/* A new channel running cmd, or NULL with *cause (nothing left open). */
static ssh_channel exec_channel(struct transport *tr, const char *cmd,
				char **cause)
{
	ssh_channel ch = ssh_channel_new(tr->session);

	if (!ch) {
		transport_fail(tr, cause, "cannot open channel: %s", transport_reason(tr));
		return NULL;
	}
	if (ssh_channel_open_session(ch) != SSH_OK ||
	    ssh_channel_request_exec(ch, cmd) != SSH_OK) {
		transport_fail(tr, cause, "cannot run command: %s", transport_reason(tr));
		if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session))
			ssh_channel_close(ch);
		ssh_channel_free(ch);
		return NULL;
	}
	return ch;
}

static int run_body(struct transport *tr, const char *cmd, struct strbuf *out,
		  struct strbuf *err, int *status, char **cause)
{
	long long deadline = tr->command_timeout > 0 ?
		now_ms() + tr->command_timeout * 1000LL : 0;
	ssh_channel ch;
	int rc = -1, st;

	*status = -1;
	tr->timed_out = false;
	if (!(ch = exec_channel(tr, cmd, cause)))
		return -1;
	if (collect_output(tr, ch, out, err, deadline, cause))
		goto out;
	st = channel_exit_status(ch);
	if (st < 0) {
		transport_fail(tr, cause, "command ended without an exit status (killed by a signal?)");
		goto out;
	}
	*status = st;
	rc = 0;
out:
	if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session))
		ssh_channel_close(ch);
	ssh_channel_free(ch);
	return rc;
}

int transport_run(struct transport *tr, const char *cmd, struct strbuf *out,
		  struct strbuf *err, int *status, char **cause)
{
	tr->err = 0;
	return transport_result(tr, run_body(tr, cmd, out, err, status, cause));
}

/* Reads stdout up to the first newline, EOF or the deadline. */
static int read_first_line(struct transport *tr, ssh_channel ch,
			   struct strbuf *line, char **cause)
{
	long long deadline = now_ms() + (tr->command_timeout > 0 ?
					 tr->command_timeout : 30) * 1000LL;
	char c;

	while (!memchr(line->buf, '\n', line->len)) {
		int n = ssh_channel_read_timeout(ch, &c, 1, 0, 20);

		if (n == SSH_ERROR)
			return transport_fail(tr, cause, "cannot read command output: %s",
					      transport_reason(tr));
		if (n == 1 && line->len < 4096)
			strbuf_addch(line, c);
		else if (n == 0 && (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)))
			return 0;
		if (now_ms() >= deadline)
			return transport_fail_as(tr, cause, TRANSPORT_ERR_TIMEOUT, "command timed out");
	}
	return 0;
}

static int hold_body(struct transport *tr, const char *cmd, const char *ready,
		   struct strbuf *line, int *status, char **cause)
{
	ssh_channel ch;

	*status = -1;
	if (tr->hold)
		return transport_fail(tr, cause, "a command is already held");
	if (!(ch = exec_channel(tr, cmd, cause)))
		return -1;
	if (read_first_line(tr, ch, line, cause))
		goto fail;
	if (!strcmp(line->buf, ready)) {
		tr->hold = ch;
		return 0;
	}
	/* another answer: collect the rest and its exit status */
	if (collect_output(tr, ch, line, NULL, 0, cause))
		goto fail;
	*status = channel_exit_status(ch);
	ssh_channel_close(ch);
	ssh_channel_free(ch);
	return 0;
fail:
	if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session))
		ssh_channel_close(ch);
	ssh_channel_free(ch);
	return -1;
}

int transport_hold(struct transport *tr, const char *cmd, const char *ready,
		   struct strbuf *line, int *status, char **cause)
{
	tr->err = 0;
	return transport_result(tr, hold_body(tr, cmd, ready, line, status, cause));
}

void transport_unhold(struct transport *tr)
{
	transport_end_hold(tr);
}
