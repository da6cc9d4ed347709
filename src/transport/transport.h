/*
 * transport.h: what every user of the SSH transport shares: where to
 * connect (struct transport_target), what a stat says (struct
 * remote_stat). One authenticated SSH session (with SFTP) to one host
 * carries every remote operation clusterctl performs on that host:
 * transport_ssh.h opens and closes it, transport_sftp.h reads and writes
 * files over it, transport_exec.h runs commands, transport_forward.h
 * carries TCP connections the host makes (the database tunnel). They are
 * implemented over libssh by transport_ssh.c, transport_sftp.c,
 * transport_exec.c and transport_forward.c, the only files that include
 * <libssh/libssh.h> (through transport_ssh_priv.h).
 *
 * A transport is used by one thread at a time (libssh sessions are not
 * thread-safe); only transport_abort() may be called from another thread.
 * Every function returns 0 on success, or a negative enum transport_err
 * with *cause set to a newly allocated message naming the host,
 * "'gpu03': cannot ..." (caller frees; cause may be NULL to ignore it).
 * Callers branch on the code, never on the text: the code says what kind
 * of failure it was, the text says it for people. Nothing here prints,
 * and no message ever holds file contents.
 */
#ifndef CLUSTERCTL_TRANSPORT_H
#define CLUSTERCTL_TRANSPORT_H

#include "base/compat.h"

struct transport;

/*
 * What kind of failure a transport function returned (after OpenSSH's
 * SSH_ERR_*): negative, so "< 0" stays the test for any failure, and -1
 * is the kind that is none of the others.
 */
enum transport_err {
	TRANSPORT_ERR_FAILED = -1,		/* none of the kinds below */
	TRANSPORT_ERR_UNREACHABLE = -2,		/* no SSH session: no route, refused, name unknown */
	TRANSPORT_ERR_HOST_KEY_UNKNOWN = -3,	/* not in known_hosts, and not to be trusted now */
	TRANSPORT_ERR_HOST_KEY_CHANGED = -4,	/* in known_hosts with another key: always refused */
	TRANSPORT_ERR_AUTH = -5,		/* the host accepted none of our keys */
	TRANSPORT_ERR_REFUSED = -6,		/* the host said no: permission denied, no space */
	TRANSPORT_ERR_INVALID = -7,		/* not what was asked for: a link, not a regular file, too large */
	TRANSPORT_ERR_TIMEOUT = -8,		/* a command timeout, or an abort by the executor */
};

/*
 * The kind's name as plan --json writes it ("unreachable", "host_key_unknown",
 * ...); "ok" for 0, "failed" for any other value.
 */
const char *transport_err_name(int err);

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

#endif
