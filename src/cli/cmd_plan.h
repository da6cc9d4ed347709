/*
 * cmd_plan.h: "clusterctl plan": what apply would change (cmd_plan.c).
 */
#ifndef CLUSTERCTL_CMD_PLAN_H
#define CLUSTERCTL_CMD_PLAN_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_plan_entry;

struct apply_cli;

/*
 * plan's (apply false) or apply's parsed options and operand into cli
 * (apply: --dry-run; cli->write when apply changes things). CMD_PARSED,
 * or CMD_PARSE_USAGE with *why (newly allocated).
 */
enum cmd_parse_result cmd_plan_options(const struct cmd_ctx *ctx, bool apply,
				       struct apply_cli *cli, char **why);

/*
 * Loads cli->inventory into ctx->site (cmd_load_site()) and applies
 * --limit to the clusters picked: CL_OK, else the exit code after
 * printing why (CL_INVALID: the inventory; CL_USAGE: a --limit that
 * names no host of them, a --cluster the site lacks).
 */
int cmd_plan_load(struct cmd_ctx *ctx, const struct apply_cli *cli);

/* Loads cli->inventory, observes, prints the plan; plan's exit code. */
int cmd_plan_show(struct cmd_ctx *ctx, const struct apply_cli *cli);

#endif
