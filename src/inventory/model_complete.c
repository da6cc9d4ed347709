/*
 * model_complete.c: the loader's last step (model_complete.h). These are
 * facts that follow from what the files say, not judgements of it: the
 * judgements (an unknown node type, an account cycle) are validate's.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "inventory/model_complete.h"
#include "inventory/name_index.h"
#include "inventory/model.h"

static void resolve_host_types(struct model *m)
{
	struct name_index types;

	name_index_build(&types, m->node_types, m->n_node_types, sizeof(*m->node_types));
	for (size_t i = 0; i < model_n_declared(m); i++) {
		struct host *h = &m->hosts[i];

		h->type = h->type_name ? name_index_find(&types, h->type_name) : NULL;
	}
	name_index_release(&types);
}

/*
 * Accounts parents first: rounds that each take every account whose parent
 * is root or already taken. A missing parent or a cycle leaves some account
 * never taken, and then the order stays as written.
 */
static void order_accounts(struct model *m)
{
	struct account *out = pool_alloc(&m->pool, (m->n_accounts + 1) * sizeof(*out));
	char *done = xcalloc(m->n_accounts + 1, 1);
	struct name_index accounts;
	size_t n = 0, i, round;

	name_index_build(&accounts, m->accounts, m->n_accounts, sizeof(*m->accounts));
	for (round = 0; n < m->n_accounts && round <= m->n_accounts; round++) {
		for (i = 0; i < m->n_accounts; i++) {
			const struct account *a = &m->accounts[i];
			const struct account *p;

			if (done[i])
				continue;
			p = name_index_find(&accounts, a->parent);
			if (strcmp(a->parent, "root") && !(p && done[p - m->accounts]))
				continue;
			done[i] = 1;
			out[n++] = *a;
		}
	}
	free(done);
	name_index_release(&accounts);
	if (n == m->n_accounts)
		m->accounts = out;
}

void model_complete(struct model *m)
{
	model_index_hosts(m);
	resolve_host_types(m);
	order_accounts(m);
}
