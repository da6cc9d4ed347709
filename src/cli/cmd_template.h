/*
 * cmd_template.h: "clusterctl template": any Mustache template with JSON data (cmd_template.c).
 */
#ifndef CLUSTERCTL_CMD_TEMPLATE_H
#define CLUSTERCTL_CMD_TEMPLATE_H

#include "base/compat.h"

#include "cli/cmd.h"

extern const struct cmd_entry cmd_template_entry;

#endif
