/*
 * transport_ssh.h: opening and closing the SSH session to one host (transport_ssh.c).
 * Conventions of every transport function in transport.h.
 */
#ifndef CLUSTERCTL_TRANSPORT_SSH_H
#define CLUSTERCTL_TRANSPORT_SSH_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "transport/transport.h"

/*
 * Connects, checks the host key against known_hosts and authenticates.
 * *out is a new transport (transport_close() frees it), NULL on failure.
 */
int transport_connect(const struct transport_target *t, struct transport **out,
		      char **cause);

/* The inventory name the transport was made for (borrowed). */
const char *transport_host(const struct transport *tr);

/*
 * True when the last transport_run() failed on its command timeout, or
 * the transport was aborted (NULL-safe: false). Lets the executor report
 * EXEC_TIMED_OUT rather than EXEC_FAILED.
 */
bool transport_timed_out(const struct transport *tr);

/*
 * Thread-safe: makes every pending and future blocking operation on tr
 * fail promptly (the socket is shut down). Used by the executor's
 * watchdog; the transport is useless afterwards, close it.
 */
void transport_abort(struct transport *tr);

/* Closes the session and frees tr. NULL-safe. */
void transport_close(struct transport *tr);

#endif
