/*
 * transport.h: what every user of the SSH transport shares: where to
 * connect (struct transport_target), what a stat says (struct
 * remote_stat). One authenticated SSH session (with SFTP) to one host
 * carries every remote operation clusterctl performs on that host:
 * transport_ssh.h opens and closes it, transport_sftp.h reads and writes
 * files over it, transport_exec.h runs commands. They are implemented over
 * libssh by transport_ssh.c, transport_sftp.c and transport_exec.c, the
 * only files that include <libssh/libssh.h> (through
 * transport_ssh_priv.h).
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

#endif
