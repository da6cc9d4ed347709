/*
 * cmd_render.h: "clusterctl render": the files each host would get, offline (cmd_render.c).
 */
#ifndef CLUSTERCTL_CMD_RENDER_H
#define CLUSTERCTL_CMD_RENDER_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_render_entry;

#endif
