/*
 * cmd_export_sacctmgr.h: "clusterctl export-sacctmgr": the accounting as sacctmgr input (cmd_export_sacctmgr.c).
 */
#ifndef CLUSTERCTL_CMD_EXPORT_SACCTMGR_H
#define CLUSTERCTL_CMD_EXPORT_SACCTMGR_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_export_sacctmgr_entry;

#endif
