/*
 * lock.h: the cluster lock that every writing command takes (apply,
 * accounting apply, add-user --apply), and the interrupt flag that lets
 * them stop at a safe point and put back what they stopped.
 *
 * Two locks, both held by the kernel for a live process only, so no lock
 * is ever left behind and none is ever broken by age:
 * - local: flock(2) on <dir>/clusterctl-<cluster>.lock, where dir is
 *   $XDG_RUNTIME_DIR (it must be ours and not writable by others), else
 *   /run/clusterctl for root (made 0700), else /run/lock. The file is
 *   opened O_NOFOLLOW and must be a regular file owned by us.
 * - remote: on the controller, a command (lock_remote_cmd) that takes
 *   flock(1) on LOCK_REMOTE_PATH, writes who holds it there, prints one
 *   line and waits for EOF on its stdin. clusterctl keeps that command's
 *   stdin open (over its SSH session, or through the --exec-via command)
 *   while it writes; when clusterctl exits, however it exits, the
 *   session or pipe closes and the lock goes with it.
 */
#ifndef CLUSTERCTL_LOCK_H
#define CLUSTERCTL_LOCK_H

#include "base/compat.h"

#include "base/strbuf.h"

#define LOCK_REMOTE_PATH "/run/clusterctl.lock"
/* The remote command's exit status when another process holds the lock. */
#define LOCK_HELD_STATUS 75

/*
 * Takes the local lock for cluster (NULL: "cluster"). Returns the open
 * descriptor (the lock lives until it is closed), or -1 with *cause:
 * "another apply is running here (lock '...')" or why the lock file or its
 * directory cannot be trusted.
 */
int lock_local_take(const char *cluster, char **cause);

/*
 * Appends the remote holder command: it prints "locked" and waits, or,
 * when the lock is held, prints what holds it and exits LOCK_HELD_STATUS.
 */
void lock_remote_cmd(struct strbuf *cmd);

/*
 * Reads the holder command's answer: 0 when line is "locked"; else -1
 * with *cause naming host and, when held, who holds it (status is the
 * command's exit status).
 */
int lock_remote_answer(const char *host, const struct strbuf *line,
		       int status, char **cause);

struct transport;

/*
 * Runs the holder command over tr (on the controller) and reads its
 * answer: 0 when the lock is held (the command keeps running on tr's
 * session until that closes), -1 with *cause: the transport's error, or,
 * with *refused set, lock_remote_answer's refusal.
 */
int lock_remote_hold(struct transport *tr, bool *refused, char **cause);

/*
 * From now on SIGINT and SIGTERM only set the interrupt flag (and say so
 * on stderr); the command stops at its next safe point, restarts what it
 * stopped and releases its locks. A second signal ends the process at
 * once (the locks still go with it). Call it from the main thread before
 * any other thread exists: it blocks both signals there (threads made
 * later inherit that) and receives them on a thread of its own, so no
 * blocking call is ever interrupted. Children must reset the mask
 * (POSIX_SPAWN_SETSIGMASK). Idempotent.
 */
void lock_catch_signals(void);

/* True once SIGINT or SIGTERM arrived after lock_catch_signals(). */
bool lock_interrupted(void);

/* Makes the process non-dumpable and its core size 0: it holds secrets. */
void lock_protect_secrets(void);

#endif
