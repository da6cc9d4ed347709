/*
 * acct_import_site.h: "import accounting SITE" (acct_import_site.c): the
 * accounting of every cluster of one database as a site file holds it.
 *
 * Ownership: out and problems are the caller's, appended to; *cause is
 * newly allocated. Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_ACCT_IMPORT_SITE_H
#define CLUSTERCTL_ACCT_IMPORT_SITE_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "inventory/model.h"

/*
 * Every cluster of the database m->db names (or those of only, n_only >
 * 0), merged into a site file's qos:, accounts: and users:: the rows of
 * the whole database once, each association with the clusters: it is on.
 * As acct_import_db() (accept_new: for database.tunnel's host key): the
 * number of problems, or -1 + *cause.
 */
int acct_import_db_site(const struct model *m, bool accept_new, const char *const *only,
			size_t n_only, struct strbuf *out, struct strbuf *problems, char **cause);

#endif
