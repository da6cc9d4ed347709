/*
 * cmd_apply.h: "clusterctl apply": carry the plan out (cmd_apply.c).
 */
#ifndef CLUSTERCTL_CMD_APPLY_H
#define CLUSTERCTL_CMD_APPLY_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_apply_entry;

#endif
