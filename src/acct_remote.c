/*
 * acct_remote.c: the remote callback of the accounting commands, over SSH.
 * Accounting touches at most two hosts (the accounting host and the
 * controller), so sessions are opened lazily and kept for the command.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>

#include "acct.h"
#include "hosttarget.h"
#include "transport.h"
#include "xalloc.h"

struct acct_ssh {
	const struct model *m;
	bool accept_new;
	struct transport **tr;	/* per model host, NULL until used */
};

struct acct_ssh *acct_ssh_new(const struct model *m, bool accept_new_host_keys)
{
	struct acct_ssh *s = xcalloc(1, sizeof(*s));

	s->m = m;
	s->accept_new = accept_new_host_keys;
	s->tr = xcalloc(m->n_hosts + 1, sizeof(*s->tr));
	return s;
}

static struct transport *session(struct acct_ssh *s, const char *host, char **cause)
{
	for (size_t i = 0; i < s->m->n_hosts; i++) {
		struct transport_target t;

		if (strcmp(s->m->hosts[i].name, host))
			continue;
		if (!s->tr[i]) {
			host_target(s->m, &s->m->hosts[i], s->accept_new, &t);
			if (transport_connect(&t, &s->tr[i], cause) < 0)
				return NULL;
		}
		return s->tr[i];
	}
	*cause = xasprintf("host '%s' is not in the inventory", host);
	return NULL;
}

int acct_ssh_remote(void *cookie, const char *host, const char *cmd,
		    struct strbuf *out, char **cause)
{
	struct acct_ssh *s = cookie;
	struct transport *tr = session(s, host, cause);
	struct strbuf err = STRBUF_INIT;
	int status = 0;

	if (!tr)
		return -1;
	if (transport_run(tr, cmd, out, &err, &status, cause) < 0) {
		strbuf_release(&err);
		return -1;
	}
	if (status) {
		while (err.len && err.buf[err.len - 1] == '\n')
			strbuf_setlen(&err, err.len - 1);
		*cause = xasprintf("exit status %d%s%s", status, err.len ? ": " : "", err.buf);
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	return 0;
}

void acct_ssh_free(struct acct_ssh *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->m->n_hosts; i++)
		transport_close(s->tr[i]);
	free(s->tr);
	free(s);
}

/* The last line of the file at path (newly allocated), or NULL. */
static char *last_line(const char *path)
{
	FILE *f = fopen(path, "r");
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
	return last;
}

int acct_exec_remote(void *cookie, const char *host, const char *cmd,
		     struct strbuf *out, char **cause)
{
	struct strbuf line = STRBUF_INIT;
	char buf[4096], err[] = "/tmp/clusterctl-acct-err.XXXXXX", *why;
	size_t n;
	FILE *f;
	int status, fd = mkstemp(err);

	if (fd < 0) {
		*cause = xasprintf("cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	close(fd);
	strbuf_addf(&line, "%s ", (const char *)cookie);
	transport_shell_quote(&line, host);
	strbuf_addstr(&line, " sh -c ");
	transport_shell_quote(&line, cmd);
	strbuf_addf(&line, " 2>%s", err);
	f = popen(line.buf, "r");
	strbuf_release(&line);
	if (!f) {
		unlink(err);
		*cause = xasprintf("cannot run the exec-via command for '%s'", host);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(out, buf, n);
	status = pclose(f);
	why = last_line(err);
	unlink(err);
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
