/*
 * acct_dbd.c: where the accounting commands run (acct_dbd.h), asked by
 * the apply and the read-back alike.
 */
#include "base/compat.h"

#include "acct/apply/acct_dbd.h"
#include "inventory/model.h"

const char *acct_dbd_host(const struct model *m)
{
	const struct host *h = model_dbd_host(m);

	/* sacctmgr needs no slurmdbd host of its own: the controller will do,
	 * and must where slurmdbd is another cluster's (site.h) */
	if (h && !h->other_cluster)
		return h->name;
	if (h)
		return m->cluster.controller;
	return m->cluster.accounting_host ? m->cluster.accounting_host :
		m->cluster.controller;
}
