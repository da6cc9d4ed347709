/*
 * lock.c: the local cluster lock, the remote holder command, the
 * interrupt flag of writing commands, and the process hardening for
 * secrets. See lock.h for why the locks are what they are.
 */
#include "base/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "transport/lock.h"
#include "transport/transport_exec.h"
#include "transport/transport_ssh.h"
#include "base/xalloc.h"
#include "base/strbuf.h"

/* ---- local ---- */

/* A directory only we (or root) can change entries of; else *cause. */
static int lock_dir_ok(const char *dir, bool create, char **cause)
{
	struct stat st;

	if (create && mkdir(dir, 0700) && errno != EEXIST) {
		*cause = xasprintf("cannot create lock directory '%s': %s", dir,
				   strerror(errno));
		return -1;
	}
	if (lstat(dir, &st)) {
		*cause = xasprintf("cannot use lock directory '%s': %s", dir,
				   strerror(errno));
		return -1;
	}
	/* sticky world-writable (/run/lock): others may create names, not take ours */
	if (!S_ISDIR(st.st_mode) || (st.st_uid != geteuid() && st.st_uid != 0) ||
	    ((st.st_mode & 022) && !(st.st_mode & S_ISVTX))) {
		*cause = xasprintf("lock directory '%s' is not a directory of ours "
				   "(or root's) that only its owner can change: "
				   "refusing", dir);
		return -1;
	}
	return 0;
}

static char *lock_local_path(const char *cluster, char **cause)
{
	const char *dir = getenv("XDG_RUNTIME_DIR");
	bool create = false;

	if (!dir || !*dir) {
		dir = geteuid() == 0 ? "/run/clusterctl" : "/run/lock";
		create = geteuid() == 0;
	}
	if (lock_dir_ok(dir, create, cause))
		return NULL;
	return xasprintf("%s/clusterctl-%s.lock", dir, cluster ? cluster : "cluster");
}

int lock_local_take(const char *cluster, char **cause)
{
	char *path = lock_local_path(cluster, cause);
	struct stat st;
	int fd;

	if (!path)
		return -1;
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
	if (fd < 0) {
		*cause = xasprintf("cannot open lock '%s': %s", path,
				   errno == ELOOP ? "it is a symbolic link" : strerror(errno));
	} else if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		*cause = xasprintf("lock '%s' is not a regular file of ours: refusing", path);
	} else if (flock(fd, LOCK_EX | LOCK_NB)) {
		*cause = xasprintf("another apply is running here (lock '%s')", path);
	} else {
		free(path);
		return fd;	/* held until the process closes it */
	}
	if (fd >= 0)
		close(fd);
	free(path);
	return -1;
}

/* ---- remote ---- */

void lock_remote_cmd(struct strbuf *cmd)
{
	char host[256] = "?";

	gethostname(host, sizeof(host) - 1);
	/*
	 * fd 9 goes to cat by exec, so the flock lives exactly as long as cat,
	 * which reads until clusterctl closes its side. The owner line is
	 * information only: the flock is the lock.
	 */
	strbuf_addf(cmd, "L=%s; { exec 9>>\"$L\"; } 2>&1 || exit 1; "
		    "if ! flock -n 9; then cat \"$L\"; exit %d; fi; "
		    "echo \"clusterctl on %s pid %ld since $(date -u +%%FT%%TZ)\" >\"$L\"; "
		    "echo locked; exec cat >/dev/null",
		    LOCK_REMOTE_PATH, LOCK_HELD_STATUS, host, (long)getpid());
}

int lock_remote_answer(const char *host, const struct strbuf *line,
		       int status, char **cause)
{
	struct strbuf why = STRBUF_INIT;

	if (status < 0 && line->len && !strcmp(line->buf, "locked\n"))
		return 0;
	strbuf_add(&why, line->buf, line->len);
	while (why.len && why.buf[why.len - 1] == '\n')
		strbuf_setlen(&why, why.len - 1);
	for (size_t i = 0; i < why.len; i++)	/* one line, and printable */
		if ((unsigned char)why.buf[i] < 0x20 || why.buf[i] == 0x7f)
			why.buf[i] = ' ';
	if (status == LOCK_HELD_STATUS)
		*cause = xasprintf("another apply holds the lock on '%s' (%s)", host,
				   why.len ? why.buf : "unknown");
	else
		*cause = xasprintf("cannot take the lock on '%s' (exit %d)%s%s", host,
				   status, why.len ? ": " : "", why.buf);
	strbuf_release(&why);
	return -1;
}

int lock_remote_hold(struct transport *tr, bool *refused, char **cause)
{
	struct strbuf cmd = STRBUF_INIT, line = STRBUF_INIT;
	int status, ret;

	*refused = false;
	lock_remote_cmd(&cmd);
	ret = transport_hold(tr, cmd.buf, "locked\n", &line, &status, cause);
	if (!ret && lock_remote_answer(transport_host(tr), &line, status, cause)) {
		*refused = true;
		ret = -1;
	}
	strbuf_release(&cmd);
	strbuf_release(&line);
	return ret;
}

/* ---- signals ---- */

static volatile sig_atomic_t lock_signal;
static pthread_once_t lock_signal_once = PTHREAD_ONCE_INIT;
static sigset_t lock_signal_set;

/*
 * The only thread that ever receives SIGINT/SIGTERM: every other thread
 * blocks them, so no libssh or MariaDB call is ever interrupted (EINTR)
 * half-way; the command looks at the flag between steps.
 */
static void *lock_signal_thread(void *unused)
{
	static const char msg[] = "clusterctl: interrupted: stopping at the next "
		"safe point, restarting what was stopped (again to quit now)\n";
	ssize_t ignored;
	int sig;

	(void)unused;
	for (;;) {
		if (sigwait(&lock_signal_set, &sig))
			continue;
		if (lock_signal) {
			/* the second one: the locks go with the process */
			signal(sig, SIG_DFL);
			pthread_sigmask(SIG_UNBLOCK, &lock_signal_set, NULL);
			raise(sig);
			_exit(128 + sig);
		}
		lock_signal = sig;
		ignored = write(STDERR_FILENO, msg, sizeof(msg) - 1);
		(void)ignored;
	}
	return NULL;
}

static void lock_signal_start(void)
{
	pthread_t t;

	sigemptyset(&lock_signal_set);
	sigaddset(&lock_signal_set, SIGINT);
	sigaddset(&lock_signal_set, SIGTERM);
	/* threads made from here on (the executor's workers) inherit the mask */
	pthread_sigmask(SIG_BLOCK, &lock_signal_set, NULL);
	/* a background job of a script starts with SIGINT ignored: catch it anyway */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (pthread_create(&t, NULL, lock_signal_thread, NULL) == 0)
		pthread_detach(t);
}

void lock_catch_signals(void)
{
	pthread_once(&lock_signal_once, lock_signal_start);
}

bool lock_interrupted(void)
{
	return lock_signal != 0;
}

void lock_protect_secrets(void)
{
	struct rlimit none = { 0, 0 };

	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	setrlimit(RLIMIT_CORE, &none);
}
