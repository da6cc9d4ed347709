/*
 * gitrev.c: a git revision's tree in a temporary directory (gitrev.h):
 * "git rev-parse" finds the work tree and the commit, "git archive"
 * writes the tree as a tar file, tar unpacks it. Each program runs from
 * its argument vector (posix_spawnp: no shell reads a ref or a path), its
 * output read whole, its last line of stderr the message when it fails.
 */
#include "base/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "review/gitrev.h"

extern char **environ;

/* Appends what fd holds now to sb; false at its end (or an error). */
static bool drain(int fd, struct strbuf *sb)
{
	char buf[4096];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0 && errno == EINTR)
		return true;
	if (n <= 0)
		return false;
	strbuf_add(sb, buf, (size_t)n);
	return true;
}

/* Reads both pipes to their ends, whichever has output first. */
static void read_both(int out_fd, int err_fd, struct strbuf *out, struct strbuf *err)
{
	struct pollfd p[2] = { { out_fd, POLLIN, 0 }, { err_fd, POLLIN, 0 } };

	while (p[0].fd >= 0 || p[1].fd >= 0) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++)
			if (p[i].fd >= 0 && p[i].revents &&
			    !drain(p[i].fd, i ? err : out))
				p[i].fd = -1;
	}
}

/* The last non-empty line of s (stderr), for a message; "" when none. */
static char *last_line(const struct strbuf *s)
{
	size_t end = s->len, start;

	while (end && (s->buf[end - 1] == '\n' || s->buf[end - 1] == '\r'))
		end--;
	start = end;
	while (start && s->buf[start - 1] != '\n')
		start--;
	return xstrndup(s->buf + start, end - start);
}

/*
 * Runs argv (argv[0] looked up in PATH), stdin /dev/null; its stdout into
 * out (may be NULL: dropped). 0 when it exits 0; else -1 with *cause.
 */
static int run(const char *const argv[], struct strbuf *out, char **cause)
{
	struct strbuf o = STRBUF_INIT, e = STRBUF_INIT;
	posix_spawn_file_actions_t fa;
	int po[2] = { -1, -1 }, pe[2] = { -1, -1 }, status = 0, rc = -1;
	pid_t pid;

	if (pipe(po) < 0 || pipe(pe) < 0) {
		*cause = xasprintf("%s: cannot make a pipe: %s", argv[0], strerror(errno));
		goto out;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	posix_spawn_file_actions_addclose(&fa, po[0]);
	posix_spawn_file_actions_addclose(&fa, pe[0]);
	/* posix_spawnp() does not write argv: its type is only older than const */
	errno = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(po[1]);
	close(pe[1]);
	po[1] = pe[1] = -1;
	if (errno) {
		*cause = xasprintf("cannot run %s: %s", argv[0], strerror(errno));
		goto out;
	}
	read_both(po[0], pe[0], &o, &e);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		rc = 0;
	} else {
		char *line = last_line(&e);

		/* "git archive", not "git -C": the step that failed */
		const char *step = argv[1] && !strcmp(argv[1], "-C") ? argv[3] : argv[1];

		*cause = xasprintf("%s %s: %s", argv[0], step ? step : "",
				   *line ? line : "failed");
		free(line);
	}
out:
	for (int i = 0; i < 2; i++) {
		if (po[i] >= 0)
			close(po[i]);
		if (pe[i] >= 0)
			close(pe[i]);
	}
	if (out && !rc)
		strbuf_add(out, o.buf, o.len);
	strbuf_release(&o);
	strbuf_release(&e);
	return rc;
}

/* run() whose output is one line: that line (newline dropped), or NULL. */
static char *run_line(const char *const argv[], char **cause)
{
	struct strbuf sb = STRBUF_INIT;

	if (run(argv, &sb, cause) < 0) {
		strbuf_release(&sb);
		return NULL;
	}
	while (sb.len && (sb.buf[sb.len - 1] == '\n' || sb.buf[sb.len - 1] == '\r'))
		strbuf_setlen(&sb, sb.len - 1);
	return strbuf_detach(&sb, NULL);
}

/*
 * The real path of the directory path is (*is_dir) or lies in (the file
 * itself need not exist). NULL with *cause.
 */
static char *real_dir(const char *path, bool *is_dir, char **cause)
{
	struct stat st;
	char *copy, *slash, *real;

	*is_dir = !stat(path, &st) && S_ISDIR(st.st_mode);
	if (*is_dir) {
		real = realpath(path, NULL);
	} else {
		copy = xstrdup(path);
		slash = strrchr(copy, '/');
		if (slash)
			*slash = '\0';
		real = realpath(!slash ? "." : *copy ? copy : "/", NULL);
		free(copy);
	}
	if (!real)
		*cause = xasprintf("%s: %s", path, strerror(errno));
	return real;
}

/* The work tree's top and the commit ref names into g. */
static int find_commit(const char *path, struct gitrev *g, char **cause)
{
	bool is_dir;
	char *dir = real_dir(path, &is_dir, cause), *spec, *why = NULL;

	if (!dir)
		return -1;
	const char *top_argv[] = { "git", "-C", dir, "rev-parse", "--show-toplevel", NULL };

	if (!(g->top = run_line(top_argv, &why)))
		*cause = xasprintf("%s is in no git work tree (%s)", path, why);
	free(dir);
	if (!g->top)
		goto out;
	spec = xasprintf("%s^{commit}", g->ref);
	const char *rev_argv[] = { "git", "-C", g->top, "rev-parse", "--verify", "--quiet",
				   "--end-of-options", spec, NULL };

	if (!(g->commit = run_line(rev_argv, &why)))
		*cause = xasprintf("'%s' names no commit of the repository at %s", g->ref,
				   g->top);
	free(spec);
out:
	free(why);
	return g->commit ? 0 : -1;
}

int gitrev_checkout(const char *path, const char *ref, struct gitrev *g,
		    char **cause)
{
	const char *tmpdir = getenv("TMPDIR");
	char *tar = NULL;
	int rc = -1;

	*g = (struct gitrev)GITREV_INIT;
	g->ref = xstrdup(ref);
	if (find_commit(path, g, cause) < 0)
		goto out;
	g->tmp = xasprintf("%s/clusterctl-diff.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (!mkdtemp(g->tmp)) {
		*cause = xasprintf("cannot make a directory %s: %s", g->tmp, strerror(errno));
		free(g->tmp);
		g->tmp = NULL;
		goto out;
	}
	g->tree = xasprintf("%s/tree", g->tmp);
	tar = xasprintf("%s/tree.tar", g->tmp);
	if (mkdir(g->tree, 0700) < 0) {
		*cause = xasprintf("cannot make %s: %s", g->tree, strerror(errno));
		goto out;
	}
	{
		const char *archive[] = { "git", "-C", g->top, "archive", "--format=tar",
				    "-o", tar, g->commit, NULL };
		const char *untar[] = { "tar", "-x", "--no-same-owner", "-f", tar, "-C",
				  g->tree, NULL };

		if (run(archive, NULL, cause) < 0 || run(untar, NULL, cause) < 0)
			goto out;
	}
	rc = 0;
out:
	if (tar)
		unlink(tar);
	free(tar);
	if (rc < 0)
		gitrev_release(g);
	return rc;
}

/* path relative to top when it lies there: borrowed from path, or NULL. */
static const char *under(const char *top, const char *path)
{
	size_t n = strlen(top);

	if (strncmp(path, top, n))
		return NULL;
	if (!path[n])
		return path + n;
	return path[n] == '/' ? path + n + 1 : NULL;
}

char *gitrev_map(const struct gitrev *g, const char *path, char **cause)
{
	const char *base = strrchr(path, '/'), *rel;
	bool is_dir;
	char *dir = real_dir(path, &is_dir, cause), *full, *res = NULL;

	if (!dir)
		return NULL;
	full = is_dir ? xstrdup(dir) : xasprintf("%s/%s", dir, base ? base + 1 : path);
	rel = under(g->top, full);
	if (!rel)
		*cause = xasprintf("%s lies outside the git work tree %s", path, g->top);
	else
		res = *rel ? xasprintf("%s/%s", g->tree, rel) : xstrdup(g->tree);
	free(full);
	free(dir);
	return res;
}

char *gitrev_label(const struct gitrev *g, const char *path)
{
	const char *rel = g->tree ? under(g->tree, path) : NULL;

	return rel ? xasprintf("%s:%s", g->ref, rel) : NULL;
}

static int remove_one(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

void gitrev_release(struct gitrev *g)
{
	if (!g)
		return;
	if (g->tmp)
		nftw(g->tmp, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(g->ref);
	free(g->commit);
	free(g->top);
	free(g->tmp);
	free(g->tree);
	*g = (struct gitrev)GITREV_INIT;
}
