/*
 * pathtrust.c: the inventory's directory tree plus the allowed directories
 * (--allow-path, CLUSTERCTL_ALLOW_PATH), and the one check that a local
 * path an inventory names lies inside them. Paths are compared after
 * realpath(), so a symlink committed into the inventory's tree that points
 * at /root/.ssh/id_ed25519 is outside, as is "../../etc/shadow".
 */
#include "base/compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/pathtrust.h"
#include "base/xalloc.h"

static char **allowed;
static size_t n_allowed, alloc_allowed;
static bool env_read;	/* CLUSTERCTL_ALLOW_PATH is in allowed[] */

#define ALLOW_HINT "pass --allow-path DIR (or CLUSTERCTL_ALLOW_PATH=DIR) " \
	"to allow files under DIR"

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
	env_read = false;
}

/* True when a path's unresolved rest climbs with "..". */
static bool has_dotdot(const char *rest)
{
	size_t n = strlen(rest);

	return !strcmp(rest, "..") || !strncmp(rest, "../", 3) ||
	       strstr(rest, "/../") || (n >= 3 && !strcmp(rest + n - 3, "/.."));
}

/*
 * The real path of a file that may not exist yet: realpath() of the
 * deepest ancestor that exists, then the rest as written. The rest may
 * hold no "..": it is not there to be resolved, and "missing/../../etc"
 * read lexically is not what the kernel would open once "missing" exists.
 * Nor may the deepest existing name be a dangling symlink: creating the
 * file would create its target, wherever that is. NULL with *why (static)
 * when it cannot be resolved.
 */
static char *resolve_maybe_missing(const char *path, const char **why)
{
	char *head = xstrdup(path), *real = NULL, *cut;
	const char *rest = "";
	struct stat st;

	*why = strerror(ENOENT);
	while (!(real = realpath(*head ? head : "/", NULL)) && errno == ENOENT) {
		if (*head && lstat(head, &st) == 0) {
			*why = "a symbolic link to nothing on the way";
			break;
		}
		if (!(cut = strrchr(head, '/'))) {
			real = realpath(".", NULL);
			rest = path;
			break;
		}
		*cut = '\0';
		rest = path + (cut - head) + 1;
	}
	if (!real && errno != ENOENT)
		*why = strerror(errno);
	if (real && *rest && has_dotdot(rest)) {
		*why = "\"..\" after a directory that does not exist";
		free(real);
		real = NULL;
	} else if (real && *rest) {
		char *joined = xasprintf("%s%s%s", real, strcmp(real, "/") ? "/" : "",
					 rest);

		free(real);
		real = joined;
	}
	free(head);
	return real;
}

/*
 * CLUSTERCTL_ALLOW_PATH, once: colon-separated directories, allowed like
 * --allow-path. Read here rather than by each command so that every
 * command that loads an inventory honours it. An entry that does not exist
 * (yet: a lab not started) is no error, as in PATH: it is resolved as far
 * as it exists, like a path that is checked, so files under it match once
 * it does. Empty entries are skipped.
 */
static void read_env(void)
{
	const char *env = getenv("CLUSTERCTL_ALLOW_PATH");
	char *copy, *dir, *save = NULL, *real;

	if (env_read)
		return;
	env_read = true;
	if (!env)
		return;
	copy = xstrdup(env);
	for (dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		const char *why;

		if (!(real = resolve_maybe_missing(dir, &why)))
			continue;
		XGROW(allowed, alloc_allowed, n_allowed + 1);
		allowed[n_allowed++] = real;
	}
	free(copy);
}

/* True when real (a resolved path) is dir or below it. */
static bool is_under(const char *real, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return true;
	return !strncmp(real, dir, n) && (real[n] == '/' || real[n] == '\0');
}

/* real (of path) inside root's real path top, or an allowed directory; or *cause */
static bool inside(const char *real, const char *path, const char *top,
		   char **cause)
{
	size_t i;

	read_env();
	/* holds nothing, keeps nothing: "config: /dev/null" is ssh -F /dev/null */
	if (is_under(real, top) || !strcmp(real, "/dev/null"))
		return true;
	for (i = 0; i < n_allowed; i++)
		if (is_under(real, allowed[i]))
			return true;
	if (strcmp(real, path))
		*cause = xasprintf("'%s' (really '%s') is outside the inventory's "
				   "directory '%s'; " ALLOW_HINT, path, real, top);
	else
		*cause = xasprintf("'%s' is outside the inventory's directory "
				   "'%s'; " ALLOW_HINT, path, top);
	return false;
}

char *pathtrust_resolve(const char *root, const char *path, char **cause)
{
	char *real = realpath(path, NULL);
	int err = errno;
	char *top = realpath(root, NULL);

	if (!real || !top) {
		*cause = xasprintf("cannot read '%s': %s", real ? root : path,
				   strerror(real ? errno : err));
		free(real);
		free(top);
		return NULL;
	}
	if (!inside(real, path, top, cause)) {
		free(real);
		real = NULL;
	}
	free(top);
	return real;
}
