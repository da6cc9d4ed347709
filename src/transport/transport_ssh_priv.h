/*
 * transport_ssh_priv.h: what the SSH transport's own files share and
 * nothing else sees (transport_ssh.c, transport_sftp.c,
 * transport_exec.c, transport_forward.c): the session behind struct
 * transport, and the functions of transport_ssh.c that turn libssh's
 * errors into cause strings. The only header that includes libssh.
 */
#ifndef CLUSTERCTL_TRANSPORT_SSH_PRIV_H
#define CLUSTERCTL_TRANSPORT_SSH_PRIV_H

#include "base/compat.h"

#include <stdatomic.h>

#include <libssh/libssh.h>
#include <libssh/sftp.h>

#include "transport/transport.h"

struct transport {
	char *host;		/* inventory name, for messages */
	ssh_session session;
	sftp_session sftp;	/* opened on first use */
	int command_timeout;
	atomic_int fd;		/* socket once connected, -1 before */
	atomic_bool aborted;
	bool timed_out;		/* the last transport_run hit its timeout */
	ssh_channel hold;	/* transport_hold's command, NULL if none */
	int err;		/* the kind of the last failure (enum transport_err) */
};

/*
 * Sets *cause to "'host': <message>" (cause may be NULL; the message made
 * printable: libssh's may quote the server) and records the failure's
 * kind in tr->err: TRANSPORT_ERR_FAILED, which it returns, or err, which
 * transport_fail_as() returns.
 */
ATTR_PRINTF(3, 4)
int transport_fail(struct transport *tr, char **cause, const char *fmt, ...);
ATTR_PRINTF(4, 5)
int transport_fail_as(struct transport *tr, char **cause, int err, const char *fmt, ...);

/*
 * What a public function returns for its body's rc: rc itself when it did
 * not fail, else the kind of the failure the body recorded (tr->err), so
 * every failure reaches the caller as an enum transport_err.
 */
int transport_result(struct transport *tr, int rc);

/* libssh's last error on tr's session, or "aborted (timeout)". Borrowed. */
const char *transport_reason(const struct transport *tr);

/*
 * Ends the held command of transport_hold() (EOF on its stdin) and frees
 * its channel; transport_close() and transport_unhold() both end it.
 * NULL-safe, idempotent.
 */
void transport_end_hold(struct transport *tr);

#endif
