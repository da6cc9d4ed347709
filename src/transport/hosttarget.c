/*
 * hosttarget.c: model host + ssh settings -> transport target.
 */
#include "base/compat.h"

#include <string.h>

#include "transport/hosttarget.h"

void host_target(const struct model *m, const struct host *h, bool accept_new,
		 struct transport_target *t)
{
	memset(t, 0, sizeof(*t));
	t->host = h->name;
	t->address = h->address;
	t->port = (int)(h->ssh_port != MODEL_UNSET ? h->ssh_port :
			m->ssh.port > 0 ? m->ssh.port : 0);
	t->user = h->ssh_user ? h->ssh_user : m->ssh.user;
	t->identity = m->ssh.identity;
	t->known_hosts = m->ssh.known_hosts;
	t->ssh_config = m->ssh.config;
	t->connect_timeout = (int)m->ssh.connect_timeout;
	t->command_timeout = (int)m->ssh.command_timeout;
	/* never the inventory's: a hostile one would add known_hosts: /dev/null */
	t->accept_new_host_keys = accept_new;
}

const struct transport_target *db_tunnel_target(const struct model *m, bool accept_new,
						struct transport_target *t)
{
	/* an inventory read for its database alone may have no hosts: ssh_config's */
	struct host none = { .name = m->db.tunnel, .ssh_port = MODEL_UNSET };
	const struct host *h = m->db.tunnel ? model_find_host(m, m->db.tunnel) : NULL;

	if (!m->db.tunnel)
		return NULL;
	host_target(m, h ? h : &none, accept_new, t);
	return t;
}
