/*
 * cmd_diff.h: "clusterctl diff BASE HEAD": what changing the inventory
 * means, offline (cmd_diff.c).
 */
#ifndef CLUSTERCTL_CMD_DIFF_H
#define CLUSTERCTL_CMD_DIFF_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_diff_entry;

#endif
