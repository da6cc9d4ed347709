/*
 * hosttarget.h: how clusterctl reaches one inventory host over SSH. The one
 * place where the model's ssh settings and per-host overrides become a
 * transport target, shared by apply and the accounting remote.
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

#endif
