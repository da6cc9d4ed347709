/*
 * acct_idmap.c: the TRES and QoS ids of an accounting database by name and
 * back (acct_idmap.h), read by acct_observe.c, used by the conversions of
 * acct_convert.c.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/rows/acct_idmap.h"
#include "base/xalloc.h"

void acct_idmap_add(struct acct_idmap *m, unsigned long id, const char *name)
{
	XGROW(m->names, m->alloc, m->n + 1);
	m->ids = xreallocarray(m->ids, m->alloc, sizeof(*m->ids));
	m->names[m->n] = xstrdup(name);
	m->ids[m->n++] = id;
}

const char *acct_idmap_name(const struct acct_idmap *m, unsigned long id)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->ids[i] == id)
			return m->names[i];
	return NULL;
}

unsigned long acct_idmap_id(const struct acct_idmap *m, const char *name)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->names[i], name))
			return m->ids[i];
	return 0;
}

void acct_idmap_release(struct acct_idmap *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->names[i]);
	free(m->names);
	free(m->ids);
	memset(m, 0, sizeof(*m));
}
