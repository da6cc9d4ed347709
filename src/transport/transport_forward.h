/*
 * transport_forward.h: direct-tcpip channels of the session
 * (transport_forward.c): a TCP connection that the host makes on our
 * behalf (what "ssh -L" carries), inside the session. Used by the thread
 * that uses the transport (tunnel.h: the tunnel's own). Conventions of
 * every transport function in transport.h.
 */
#ifndef CLUSTERCTL_TRANSPORT_FORWARD_H
#define CLUSTERCTL_TRANSPORT_FORWARD_H

#include "base/compat.h"

#include "transport/transport.h"

struct transport_channel;

/*
 * Opens a channel to host:port as tr's host reaches them (its sshd
 * resolves host and connects). *out is the channel; TRANSPORT_ERR_REFUSED
 * + *cause when the far side cannot or will not connect ("'dbd': cannot
 * reach H:P through its SSH server: ...").
 */
int transport_forward(struct transport *tr, const char *host, int port,
		      struct transport_channel **out, char **cause);

/* The session's socket, to poll(2) for what the far side sends. */
int transport_socket(const struct transport *tr);

/*
 * Moves what ch has received, without waiting for more, to the socket fd.
 * Returns the bytes moved (0: none yet), or -1 once the far side ended the
 * channel (EOF) or on any error, with everything before it moved.
 */
long transport_channel_to_fd(struct transport_channel *ch, int fd);

/* Sends len bytes over ch (waiting for the peer's window). 0 or -1. */
int transport_channel_write(struct transport_channel *ch, const void *buf, size_t len);

/* Sends EOF, closes and frees ch. NULL-safe. */
void transport_channel_close(struct transport_channel *ch);

#endif
