/*
 * acct_idmap.h: ids by name and names by id, for the TRES and QoS rows of
 * an accounting database (acct_idmap.c).
 *
 * Ownership: a struct acct_idmap owns its names; acct_idmap_release().
 */
#ifndef CLUSTERCTL_ACCT_IDMAP_H
#define CLUSTERCTL_ACCT_IDMAP_H

#include "base/compat.h"

#include <stddef.h>

struct acct_idmap {
	char **names;
	unsigned long *ids;
	size_t n, alloc;
};

void acct_idmap_add(struct acct_idmap *m, unsigned long id, const char *name);
const char *acct_idmap_name(const struct acct_idmap *m, unsigned long id);
/* 0 when absent (no TRES or QoS has id 0). */
unsigned long acct_idmap_id(const struct acct_idmap *m, const char *name);
void acct_idmap_release(struct acct_idmap *m);

#endif
