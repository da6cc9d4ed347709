/*
 * tunnel.h: a TCP port on this machine's loopback whose connections reach
 * host:port as another host reaches them, through that host's SSH server
 * (database.tunnel: MariaDB where only the cluster reaches it). MariaDB
 * Connector/C cannot speak over an SSH channel itself, so it connects to
 * the tunnel's port, and a thread of the tunnel's own, which alone uses
 * the tunnel's SSH session from then on, carries the bytes between each
 * accepted connection and a direct-tcpip channel (transport.h). Only
 * connections from this process are carried: another local user cannot
 * borrow the channel to the database during the tunnel's life.
 *
 * Ownership: a tunnel owns its session, socket and thread;
 * tunnel_close() ends and frees them. Nothing here prints.
 */
#ifndef CLUSTERCTL_TUNNEL_H
#define CLUSTERCTL_TUNNEL_H

#include "base/compat.h"

#include "transport/transport.h"

struct tunnel;

/*
 * Connects to via (transport_connect()), opens a first channel to
 * host:port, so that a far end that cannot be reached is an error here
 * (named, -1 + *cause), and listens on bind_addr (an IPv4 loopback
 * address, e.g. "127.0.0.1") at a port the kernel picks, *local_port.
 */
int tunnel_open(const struct transport_target *via, const char *host, int port,
		const char *bind_addr, struct tunnel **out, int *local_port, char **cause);

/* Stops the thread, closes every connection and channel and the session. NULL-safe. */
void tunnel_close(struct tunnel *t);

#endif
