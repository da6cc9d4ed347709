/*
 * cmd_add_user.h: "clusterctl add-user": one user into the inventory and the database (cmd_add_user.c).
 */
#ifndef CLUSTERCTL_CMD_ADD_USER_H
#define CLUSTERCTL_CMD_ADD_USER_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_add_user_entry;

#endif
