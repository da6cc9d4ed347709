/*
 * cmd_import.h: "clusterctl import": a running cluster into inventory YAML (cmd_import.c).
 */
#ifndef CLUSTERCTL_CMD_IMPORT_H
#define CLUSTERCTL_CMD_IMPORT_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_import_entry;

#endif
