/*
 * acct_dump.h: a "sacctmgr dump" flat file read into canonical accounting
 * objects (acct_dump.c).
 */
#ifndef CLUSTERCTL_ACCT_DUMP_H
#define CLUSTERCTL_ACCT_DUMP_H

#include "base/compat.h"

#include <stddef.h>

#include "acct/rows/acct_state.h"
#include "base/strbuf.h"

/* What a dump holds. Release with acct_dump_release(). */
struct acct_dump {
	struct acct_objset set;	/* its rows, canonical */
	bool qos_lines;		/* it has QOS lines (Slurm 25.05 and later) */
	char *cluster;		/* its "Cluster - 'name'" */
};

/*
 * Parses the flat file text (len bytes; path names it in messages) into
 * out (zeroed by the caller). Keys the schema has no place for are
 * appended to problems, one line each. Returns the number of problems, or
 * -1 + *cause on a malformed file ("path:line: ...").
 */
int acct_dump_read(const char *path, const char *text, size_t len,
		   struct acct_dump *out, struct strbuf *problems, char **cause);

void acct_dump_release(struct acct_dump *d);

#endif
