/*
 * cmd_site.c: what the commands that work cluster by cluster on a site
 * file (docs/site.md) share: the header before each cluster's output and
 * the one exit code of them all (cmd_site.h).
 */
#include "base/compat.h"

#include <stdio.h>

#include "cli/cmd.h"
#include "cli/cmd_site.h"
#include "inventory/site.h"

int cmd_site_exit(int a, int b)
{
	static const int worst[] = { CL_FATAL, CL_INVALID, CL_USAGE, CL_PARTIAL, CL_PENDING };

	for (size_t i = 0; i < ARRAY_SIZE(worst); i++)
		if (a == worst[i] || b == worst[i])
			return worst[i];
	return CL_OK;
}

void cmd_site_header(const struct cmd_ctx *ctx, size_t k, FILE *out)
{
	const struct site_cluster *c = &ctx->site->clusters[ctx->pick[k]];

	if (ctx->n_pick > 1)
		fprintf(out, "%s== cluster '%s' of site '%s' (%s) ==\n", k ? "\n" : "",
			c->name, ctx->site->name, c->path);
}
