/*
 * overlay.c: the list of overlay files given with --overlay. It is
 * process-wide because every command reaches the loader through a path
 * of its own (plan and apply through the apply job, add-user through its
 * edit check); registering the files once where the options are parsed
 * keeps each of those paths unchanged. The merging is the loader's
 * (inventory_overlay.c).
 */
#include "base/compat.h"

#include <stdlib.h>

#include "inventory/overlay.h"
#include "base/xalloc.h"

static char **paths;
static size_t n_paths, alloc_paths;

void overlay_add(const char *path)
{
	XGROW(paths, alloc_paths, n_paths + 1);
	paths[n_paths++] = xstrdup(path);
}

size_t overlay_count(void)
{
	return n_paths;
}

const char *overlay_path(size_t i)
{
	return i < n_paths ? paths[i] : NULL;
}

void overlay_clear(void)
{
	size_t i;

	for (i = 0; i < n_paths; i++)
		free(paths[i]);
	free(paths);
	paths = NULL;
	n_paths = alloc_paths = 0;
}
