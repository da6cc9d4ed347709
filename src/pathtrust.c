/*
 * pathtrust.c: the inventory's directory tree plus the command line's
 * --allow-path directories, and the one check that a local path an
 * inventory names lies inside them. Paths are compared after realpath(), so
 * a symlink committed into the inventory's tree that points at
 * /root/.ssh/id_ed25519 is outside, as is "../../etc/shadow".
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pathtrust.h"
#include "xalloc.h"

static char **allowed;
static size_t n_allowed, alloc_allowed;

int pathtrust_allow(const char *dir, char **cause)
{
	char *real = realpath(dir, NULL);
	struct stat st;

	if (!real || stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
		*cause = xasprintf("--allow-path '%s': %s", dir,
				   real ? strerror(ENOTDIR) : strerror(errno));
		free(real);
		return -1;
	}
	XGROW(allowed, alloc_allowed, n_allowed + 1);
	allowed[n_allowed++] = real;
	return 0;
}

void pathtrust_reset(void)
{
	size_t i;

	for (i = 0; i < n_allowed; i++)
		free(allowed[i]);
	free(allowed);
	allowed = NULL;
	n_allowed = alloc_allowed = 0;
}

/* True when real (a resolved path) is dir or below it. */
static bool is_under(const char *real, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return true;
	return !strncmp(real, dir, n) && (real[n] == '/' || real[n] == '\0');
}

char *pathtrust_resolve(const char *root, const char *path, char **cause)
{
	char *real = realpath(path, NULL);
	int err = errno;
	char *top = realpath(root, NULL);
	size_t i;
	bool ok;

	if (!real || !top) {
		*cause = xasprintf("cannot read '%s': %s", real ? root : path,
				   strerror(real ? errno : err));
		free(real);
		free(top);
		return NULL;
	}
	ok = is_under(real, top);
	for (i = 0; !ok && i < n_allowed; i++)
		ok = is_under(real, allowed[i]);
	if (!ok) {
		if (strcmp(real, path))
			*cause = xasprintf("'%s' (really '%s') is outside the inventory's "
					   "directory '%s'; pass --allow-path DIR to read "
					   "files under DIR", path, real, top);
		else
			*cause = xasprintf("'%s' is outside the inventory's directory "
					   "'%s'; pass --allow-path DIR to read files "
					   "under DIR", path, top);
		free(real);
		real = NULL;
	}
	free(top);
	return real;
}
