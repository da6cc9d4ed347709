/*
 * cmd_site.h: a site's clusters in a command's output (cmd_site.c).
 */
#ifndef CLUSTERCTL_CMD_SITE_H
#define CLUSTERCTL_CMD_SITE_H

#include "base/compat.h"

#include <stdio.h>

#include "cli/cmd.h"

/*
 * Of two exit codes of a site's clusters, the one the command exits with:
 * fatal, invalid, usage, partial, pending, then ok.
 */
int cmd_site_exit(int a, int b);

/*
 * "== cluster 'a' of site 's' (a.yaml) ==" before ctx's k-th cluster
 * picked (a blank line before all but the first), when several are.
 */
void cmd_site_header(const struct cmd_ctx *ctx, size_t k, FILE *out);

#endif
