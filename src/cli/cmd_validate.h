/*
 * cmd_validate.h: "clusterctl validate": load and check an inventory (cmd_validate.c).
 */
#ifndef CLUSTERCTL_CMD_VALIDATE_H
#define CLUSTERCTL_CMD_VALIDATE_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_validate_entry;

#endif
