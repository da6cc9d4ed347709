/*
 * acct_remote.h: the remote side of the accounting commands, over SSH
 * or --exec-via, and the cluster lock they take (acct_remote.c).
 */
#ifndef CLUSTERCTL_ACCT_REMOTE_H
#define CLUSTERCTL_ACCT_REMOTE_H

#include "base/compat.h"

#include "acct/rows/acct.h"
#include "inventory/model.h"

struct acct_ssh *acct_ssh_new(const struct model *m, bool accept_new_host_keys);

int acct_ssh_remote(void *cookie, const char *host, const char *cmd,
		    struct strbuf *out, char **cause);

void acct_ssh_free(struct acct_ssh *s);

/*
 * An acct_remote_fn for --exec-via: the cookie is VIA, a command prefix
 * (e.g. "scripts/lab.sh exec", "sudo -u admin /site/bin/on"). The contract,
 * one shell level and one only: VIA is shell text that /bin/sh reads here
 * once (as typed on the command line); it is then given HOST, "sh", "-c"
 * and CMD as four more arguments, exactly, never re-quoted ("$@"). VIA must
 * run them on HOST as that argument vector, the way nsenter, sudo,
 * "docker exec" or "kubectl exec --" do. ssh joins its arguments into one
 * string for a second shell: it needs a wrapper that quotes them again
 * (docs/security.md shows one). CMD's stdout is the output, its stderr's
 * last line the error; it runs in its own process group, stdin /dev/null.
 */
int acct_exec_remote(void *cookie, const char *host, const char *cmd,
		     struct strbuf *out, char **cause);

int acct_lock_take(const struct model *m, const char *via, bool accept_new,
		   struct acct_lock **out, char **cause);

void acct_lock_release(struct acct_lock *l);

/*
 * The lock's SSH sessions (NULL when it went through exec-via or the
 * inventory has no controller), for an acct_ssh_remote() cookie: the
 * accounting commands then open one connection, not two. Owned by l.
 */
struct acct_ssh *acct_lock_ssh(struct acct_lock *l);

#endif
