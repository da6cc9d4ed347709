/*
 * cmd_accounting.h: "clusterctl accounting": the accounting part of plan and apply (cmd_accounting.c).
 */
#ifndef CLUSTERCTL_CMD_ACCOUNTING_H
#define CLUSTERCTL_CMD_ACCOUNTING_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_accounting_entry;

#endif
