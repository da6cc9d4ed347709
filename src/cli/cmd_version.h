/*
 * cmd_version.h: "clusterctl version": the program's and the libraries' versions (cmd_version.c).
 */
#ifndef CLUSTERCTL_CMD_VERSION_H
#define CLUSTERCTL_CMD_VERSION_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_version_entry;

#endif
