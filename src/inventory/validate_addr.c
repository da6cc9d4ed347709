/*
 * validate_addr.c: the addresses a site gives Slurm for its controllers
 * and slurmdbd apart from the hosts' own (which clusterctl reaches them
 * by). slurmctld refuses a SlurmctldHost= whose address holds a
 * parenthesis, and takes any other word; it never checks that the address
 * is the controller's (it listens on every address), so one that is
 * another host's is warned: slurmd and the commands would reach that host.
 */
#include "base/compat.h"

#include <string.h>

#include "inventory/validate_addr.h"
#include "base/diag.h"
#include "inventory/model.h"

/* A host name, an IPv4 or IPv6 address (with a %zone): nothing that splits
 * a slurm.conf value or SlurmctldHost's name(address). */
static bool addr_word_ok(const char *s)
{
	return *s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			    "0123456789.-_:%") == strlen(s);
}

/* The host other than owner whose name or address addr is, or NULL. */
static const struct host *other_host(const struct model *m, const char *addr,
				     const char *owner)
{
	for (size_t i = 0; i < model_n_declared(m); i++) {
		const struct host *h = &m->hosts[i];

		if (owner && !strcmp(h->name, owner))
			continue;
		if (!strcmp(h->name, addr) || (h->address && !strcmp(h->address, addr)))
			return h;
	}
	return NULL;
}

/*
 * One address key: key's value addr, set at loc, for the service (what)
 * on host owner; missing says why there is none when owner is NULL.
 */
static void check_addr(struct vctx *v, const char *key, const char *addr,
		       const struct src_loc *loc, const char *owner, const char *what,
		       const char *missing)
{
	const struct host *h;

	if (!addr)
		return;
	if (!addr_word_ok(addr)) {
		diag_error(v->dl, loc, "cluster.%s '%s' is not a host name or address",
			   key, addr);
		return;
	}
	if (!owner) {
		diag_error(v->dl, loc, "cluster.%s is set but %s: nothing would say it",
			   key, missing);
		return;
	}
	if ((h = other_host(v->m, addr, owner)))
		diag_warning(v->dl, loc, "cluster.%s '%s' is the %s of host '%s': "
			     "Slurm would reach '%s', not '%s', for %s", key, addr,
			     strcmp(h->name, addr) ? "address" : "name", h->name,
			     h->name, owner, what);
}

void validate_addresses(struct vctx *v)
{
	const struct cluster *c = &v->m->cluster;
	const struct host *dbd = model_dbd_host(v->m);

	check_addr(v, "controller_address", c->controller_address,
		   &c->controller_address_loc, c->controller, "slurmctld",
		   "cluster.controller is not");
	check_addr(v, "backup_controller_address", c->backup_controller_address,
		   &c->backup_controller_address_loc, c->backup_controller,
		   "the backup slurmctld", "cluster.backup_controller is not");
	check_addr(v, "accounting_address", c->accounting_address,
		   &c->accounting_address_loc, dbd ? dbd->name : NULL, "slurmdbd",
		   "no host runs slurmdbd");
}
