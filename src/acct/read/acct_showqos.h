/*
 * acct_showqos.h: "sacctmgr show qos -P" output (its header line naming
 * the columns, then one '|'-separated row per QoS) as the QOS lines of a
 * sacctmgr flat file, so that "import accounting --dump FILE --qos FILE"
 * reads the QoS limits a dump before Slurm 25.05 lacks through the same
 * reader as a 25.05 dump's own QOS lines. Values are turned into the flat
 * file's units: GraceTime in seconds, memory in MB; empty and zero values
 * (sacctmgr's "unset") are left out. A column the flat file has no key for
 * (UsageThres, GrpTRESMins, ...) is named in problems when it has a value.
 *
 * Ownership: out is the caller's, appended to; *cause newly allocated.
 */
#ifndef CLUSTERCTL_ACCT_SHOWQOS_H
#define CLUSTERCTL_ACCT_SHOWQOS_H

#include "base/compat.h"

#include <stddef.h>

#include "base/strbuf.h"

/*
 * Appends a "QOS - 'name':Key='value'..." line per row to out: the number
 * of problems appended to problems ("path:line: ..."), or -1 + *cause.
 */
int acct_showqos_lines(const char *path, const char *text, size_t len, struct strbuf *out,
		       struct strbuf *problems, char **cause);

#endif
