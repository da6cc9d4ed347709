/*
 * transport_test.c: the parts of the transport that need no server: shell
 * quoting (checked by letting a real /bin/sh unquote it) and connection
 * failures that happen before any SSH exchange. Everything that talks to
 * sshd is in tests/t/t2000-transport.sh, against real lab hosts.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "transport/transport.h"
#include "transport/transport_exec.h"
#include "transport/transport_ssh.h"

/* Runs `printf %s <quoted>` through /bin/sh and returns what it printed. */
static char *sh_unquote(const char *word)
{
	struct strbuf cmd = STRBUF_INIT, got = STRBUF_INIT;
	char buf[256];
	size_t n;
	FILE *p;

	strbuf_addstr(&cmd, "printf %s ");
	transport_shell_quote(&cmd, word);
	p = popen(cmd.buf, "r");
	cr_assert_not_null(p);
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		strbuf_add(&got, buf, n);
	cr_assert_eq(pclose(p), 0, "sh failed on: %s", cmd.buf);
	strbuf_release(&cmd);
	return strbuf_detach(&got, NULL);
}

Test(transport, shell_quote_survives_a_real_shell)
{
	static const char *const words[] = {
		"plain", "", "two words", "it's", "'", "''", "a'b'c",
		"$HOME `id` $(id) \\ \" ; | & > < * ? [ ] { } ~ #",
		"new\nline", "tab\there", "-n", "--", "/etc/slurm/slurm.conf",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		char *got = sh_unquote(words[i]);

		cr_assert_str_eq(got, words[i], "word %zu", i);
		free(got);
	}
}

Test(transport, shell_quote_output_form)
{
	struct strbuf sb = STRBUF_INIT;

	transport_shell_quote(&sb, "a'b");
	cr_assert_str_eq(sb.buf, "'a'\\''b'");
	strbuf_addch(&sb, ' ');
	transport_shell_quote(&sb, "");
	cr_assert_str_eq(sb.buf, "'a'\\''b' ''");
	strbuf_release(&sb);
}

Test(transport, unresolvable_host_fails_with_its_name)
{
	struct transport_target t = {
		.host = "gpu03",
		.address = "no-such-host.invalid",
		.ssh_config = "/dev/null",
		.known_hosts = "/dev/null",
		.connect_timeout = 3,
	};
	struct transport *tr = (struct transport *)&t;	/* must be reset */
	char *cause = NULL;

	cr_assert_eq(transport_connect(&t, &tr, &cause), TRANSPORT_ERR_UNREACHABLE);
	cr_assert_null(tr, "*out is NULL on failure");
	cr_assert_not_null(cause);
	cr_assert(strncmp(cause, "'gpu03': cannot connect: ", 25) == 0,
		  "cause: %s", cause);
	free(cause);
}

/* plan --json writes these words (docs/json-format.md): each kind its own */
Test(transport, every_failure_kind_has_its_own_name)
{
	static const char *const want[] = {
		"failed", "unreachable", "host_key_unknown", "host_key_changed",
		"auth", "refused", "invalid", "timeout",
	};

	cr_assert_str_eq(transport_err_name(0), "ok");
	for (int err = -1; err >= TRANSPORT_ERR_TIMEOUT; err--)
		cr_assert_str_eq(transport_err_name(err), want[-err - 1], "kind %d", err);
	cr_assert_str_eq(transport_err_name(-42), "failed");
	cr_assert_lt(TRANSPORT_ERR_FAILED, 0, "every kind is a failure (< 0)");
}
