/*
 * hosttarget.h: how clusterctl reaches one inventory host over SSH. The one
 * place where the model's ssh settings and per-host overrides become a
 * transport target, shared by apply, the accounting remote and the
 * database tunnel.
 */
#ifndef CLUSTERCTL_HOSTTARGET_H
#define CLUSTERCTL_HOSTTARGET_H

#include "base/compat.h"

#include "inventory/model.h"
#include "transport/transport.h"

/*
 * Fills t for host h: address, port and user from the host or else the
 * ssh section, identity, known_hosts, ssh_config and timeouts from the ssh
 * section. What the inventory does not write stays unset (0, NULL), so
 * that ssh_config decides before the transport's defaults, as in OpenSSH.
 * accept_new (the command line's --accept-new-host-keys, never the
 * inventory) trusts unknown host keys. Every string is borrowed from the
 * model.
 */
void host_target(const struct model *m, const struct host *h, bool accept_new,
		 struct transport_target *t);

/*
 * The SSH target through which clusterctl reaches MariaDB: database.tunnel's
 * host, filled into t as host_target() does (t is returned; a name the
 * inventory has no host for, as in one read for its database alone, with
 * the ssh section's settings), or NULL when the inventory names no tunnel
 * and MariaDB is reached directly.
 */
const struct transport_target *db_tunnel_target(const struct model *m, bool accept_new,
						struct transport_target *t);

#endif
