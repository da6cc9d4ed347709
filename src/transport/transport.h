/*
 * transport.h: one authenticated SSH session (with SFTP) to one host. Every
 * remote operation clusterctl performs on a host goes through one of these;
 * transport_ssh.c implements it over libssh and is the only file that
 * includes <libssh/libssh.h>.
 *
 * A transport is used by one thread at a time (libssh sessions are not
 * thread-safe); only transport_abort() may be called from another thread.
 * Every function returns 0 on success or -1 with *cause set to a newly
 * allocated message naming the host, "'gpu03': cannot ..." (caller frees;
 * cause may be NULL to ignore it). Host key refusals read "host key for
 * 'gpu03' has changed (SHA256:...): refusing". Nothing here prints, and
 * no message ever holds file contents.
 */
#ifndef CLUSTERCTL_TRANSPORT_H
#define CLUSTERCTL_TRANSPORT_H

#include "base/compat.h"

#include "base/strbuf.h"

struct transport;

/*
 * The user when neither the target nor the ssh config names one (OpenSSH
 * would take the local user's name; clusterctl manages hosts as root).
 */
#define TRANSPORT_DEFAULT_USER "root"

/*
 * Where and how to connect. All strings are borrowed for the call. Set
 * fields win over the ssh config (OpenSSH's order: command line, then
 * ssh_config, then defaults); docs/ssh.md says what of ssh_config works.
 */
struct transport_target {
	const char *host;	/* inventory name: messages, ~/.ssh/config Host match */
	const char *address;	/* may be NULL: use host (or the config's Hostname) */
	int port;		/* 0: ssh config's Port, else 22 */
	const char *user;	/* NULL: ssh config's User, else TRANSPORT_DEFAULT_USER */
	const char *identity;	/* NULL: agent + defaults; "~/" is expanded */
	const char *known_hosts; /* NULL: ~/.ssh/known_hosts */
	const char *ssh_config;	/* NULL: ~/.ssh/config (+ /etc/ssh/ssh_config) */
	int connect_timeout;	/* seconds, 0: 10; TCP connect, key exchange, auth */
	int command_timeout;	/* seconds, 0: none; bounds transport_run (and, under
				   exec, each task through its watchdog) */
	bool accept_new_host_keys; /* TOFU for unknown keys; a CHANGED key is always refused */
};

struct remote_stat {
	bool exists;
	unsigned mode;		/* permission bits only (07777) */
	unsigned uid, gid;
	unsigned long long size;
};

/*
 * Connects, checks the host key against known_hosts and authenticates.
 * *out is a new transport (transport_close() frees it), NULL on failure.
 */
int transport_connect(const struct transport_target *t, struct transport **out,
		      char **cause);

/* The inventory name the transport was made for (borrowed). */
const char *transport_host(const struct transport *tr);

/*
 * True when the last transport_run() failed on its command timeout, or
 * the transport was aborted (NULL-safe: false). Lets the executor report
 * EXEC_TIMED_OUT rather than EXEC_FAILED.
 */
bool transport_timed_out(const struct transport *tr);

/*
 * Reads a whole regular file into content (appended). st (may be NULL)
 * receives its mode/owner/size. An absent file is not an error: returns 0
 * with st->exists = false and content untouched. A symlink (or anything
 * but a regular file) at path is refused, never followed, and so is a
 * file whose attributes changed between lstat and open.
 */
int transport_read_file(struct transport *tr, const char *path,
			struct strbuf *content, struct remote_stat *st,
			char **cause);

/* Stats path (following symlinks); absent => 0 with st->exists = false. */
int transport_stat(struct transport *tr, const char *path,
		   struct remote_stat *st, char **cause);

/*
 * Stages data as a new temp file ".<name>.clusterctl-XXXXXX" in path's
 * directory, or in its parent when path's directory can be changed by a
 * user other than root (/etc/munge is munge's: that user could swap the
 * temp file for a symlink between our steps); deeper than that is refused.
 * The file is created O_EXCL mode 0600, written, then mode and uid/gid set
 * on the open handle (SSH_FXP_FSETSTAT: fchown/fchmod, never by path;
 * chown needs root on the far side), fsynced (fsync@openssh.com), and
 * verified by reading it back (size, mode, owner and every byte). On
 * success *staged is the newly allocated temp path (caller frees); on any
 * failure the temp file is removed and path was never touched. A full
 * disk is reported as "no space left on device".
 */
int transport_stage_file(struct transport *tr, const char *path,
			 const void *data, size_t len, unsigned mode,
			 unsigned uid, unsigned gid, char **staged,
			 char **cause);

/*
 * Atomically renames staged over path (posix-rename@openssh.com): a
 * symlink at path is replaced, never followed. If
 * backup_path is not NULL and path exists, path is first hard-linked to
 * backup_path (replacing an older backup), so the old bytes survive under
 * that name. On failure staged is removed and path is left as it was.
 */
int transport_commit_file(struct transport *tr, const char *staged,
			  const char *path, const char *backup_path,
			  char **cause);

/* Removes a file; an absent file is not an error. */
int transport_remove(struct transport *tr, const char *path, char **cause);

/*
 * Runs cmd through the remote user's shell. Appends stdout to out and
 * stderr to err, made printable (strbuf_add_printable: it is only ever
 * shown), (either may be NULL to discard; each is capped at
 * TRANSPORT_RUN_MAX_OUTPUT bytes, the rest discarded) and sets *status to
 * the exit status. A non-zero status is not an error (returns 0); no exit
 * status at all (killed by a signal) or the command timeout is (-1).
 */
#define TRANSPORT_RUN_MAX_OUTPUT (64u << 20)
int transport_run(struct transport *tr, const char *cmd, struct strbuf *out,
		  struct strbuf *err, int *status, char **cause);

/*
 * Starts cmd and reads its stdout up to the first newline (appended to
 * line). A command whose first line is ready ("locked\n") is held: it
 * keeps running, its stdin open, until transport_unhold() or
 * transport_close() sends EOF, or the session dies (a killed clusterctl
 * included); *status stays -1. Any other answer is read to the end: line
 * gets all it printed and *status its exit status. -1 only for transport
 * errors or no line within the command timeout (30 s when none). One held
 * command per transport.
 */
int transport_hold(struct transport *tr, const char *cmd, const char *ready,
		   struct strbuf *line, int *status, char **cause);

/* Ends the held command (EOF on its stdin). NULL-safe, idempotent. */
void transport_unhold(struct transport *tr);

/* Creates dir and its missing parents with mode (existing ones untouched). */
int transport_mkdir_p(struct transport *tr, const char *dir, unsigned mode,
		      char **cause);

/*
 * Thread-safe: makes every pending and future blocking operation on tr
 * fail promptly (the socket is shut down). Used by the executor's
 * watchdog; the transport is useless afterwards, close it.
 */
void transport_abort(struct transport *tr);

/* Closes the session and frees tr. NULL-safe. */
void transport_close(struct transport *tr);

/*
 * Appends a single-quoted POSIX shell word for s to out ('a'\''b'), for
 * callers building transport_run() command lines.
 */
void transport_shell_quote(struct strbuf *out, const char *s);

#endif
