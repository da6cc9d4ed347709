/*
 * commands.h: every command of clusterctl, in the order --help lists them
 * (commands.c).
 */
#ifndef CLUSTERCTL_COMMANDS_H
#define CLUSTERCTL_COMMANDS_H

#include "base/compat.h"

#include <stddef.h>

#include "cli/cmd.h"

extern const struct cmd_entry *const commands[];
extern const size_t commands_len;

/*
 * Finds a command by exact name or unique prefix. On ambiguity or no match
 * returns NULL and, if why is not NULL, sets *why to a newly allocated
 * message ("ambiguous command 'p', could be: plan, ..."); caller frees.
 */
const struct cmd_entry *commands_find(const char *name, char **why);

#endif
