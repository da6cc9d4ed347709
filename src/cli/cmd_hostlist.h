/*
 * cmd_hostlist.h: "clusterctl hostlist": Slurm hostlists on the command line (cmd_hostlist.c).
 */
#ifndef CLUSTERCTL_CMD_HOSTLIST_H
#define CLUSTERCTL_CMD_HOSTLIST_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_hostlist_entry;

#endif
