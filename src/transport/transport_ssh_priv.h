/*
 * transport_ssh_priv.h: what the SSH transport's own files share and
 * nothing else sees (transport_ssh.c, transport_sftp.c,
 * transport_exec.c): the session behind struct transport, and the
 * functions of transport_ssh.c that turn libssh's errors into cause
 * strings. The only header that includes libssh.
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
};

/*
 * Sets *cause to "'host': <message>" (cause may be NULL; the message made
 * printable: libssh's may quote the server); returns -1.
 */
ATTR_PRINTF(3, 4)
int transport_fail(const struct transport *tr, char **cause, const char *fmt, ...);

/* libssh's last error on tr's session, or "aborted (timeout)". Borrowed. */
const char *transport_reason(const struct transport *tr);

/*
 * Ends the held command of transport_hold() (EOF on its stdin) and frees
 * its channel; transport_close() and transport_unhold() both end it.
 * NULL-safe, idempotent.
 */
void transport_end_hold(struct transport *tr);

#endif
