/*
 * transport_ssh.c: the SSH session to one host over libssh 0.10
 * (transport_ssh.h): options from the target and the ssh config, the host
 * key against known_hosts (accepted only when asked, a changed one never),
 * public-key authentication, abort from another thread, close. Errors
 * become "'host': ..." cause strings; libssh logging is off, nothing
 * prints. Files and commands over the session are transport_sftp.c's and
 * transport_exec.c's.
 */
#include "base/compat.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "transport/transport_ssh.h"
#include "transport/transport_ssh_priv.h"

static pthread_once_t transport_once = PTHREAD_ONCE_INIT;
static int transport_init_rc;
/* ssh_session_update_known_hosts() appends to a shared file. */
static pthread_mutex_t known_hosts_lock = PTHREAD_MUTEX_INITIALIZER;

static void transport_global_init(void)
{
	transport_init_rc = ssh_init();
	ssh_set_log_level(SSH_LOG_NOLOG);
}

/* ---------------------------------------------------------------- errors */

__attribute__((format(printf, 5, 0)))
static int transport_vfail(struct transport *tr, char **cause, int err,
			   bool prefix, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT, raw = STRBUF_INIT;

	tr->err = err;
	if (prefix)
		strbuf_addf(&sb, "'%s': ", tr->host);
	/* libssh's messages may quote the server (a disconnect reason) */
	strbuf_vaddf(&raw, fmt, ap);
	strbuf_add_printable(&sb, raw.buf, raw.len);
	strbuf_release(&raw);
	if (cause)
		*cause = strbuf_detach(&sb, NULL);
	else
		strbuf_release(&sb);
	return err;
}

int transport_fail(struct transport *tr, char **cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	transport_vfail(tr, cause, TRANSPORT_ERR_FAILED, true, fmt, ap);
	va_end(ap);
	return TRANSPORT_ERR_FAILED;
}

int transport_fail_as(struct transport *tr, char **cause, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	transport_vfail(tr, cause, err, true, fmt, ap);
	va_end(ap);
	return err;
}

/* For messages that already name the host: no prefix. */
ATTR_PRINTF(4, 5)
static int transport_fail_bare(struct transport *tr, char **cause, int err,
			       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	transport_vfail(tr, cause, err, false, fmt, ap);
	va_end(ap);
	return err;
}

int transport_result(struct transport *tr, int rc)
{
	if (rc >= 0)
		return rc;
	if (atomic_load(&tr->aborted))
		return TRANSPORT_ERR_TIMEOUT;
	return tr->err < 0 ? tr->err : TRANSPORT_ERR_FAILED;
}

const char *transport_reason(const struct transport *tr)
{
	if (atomic_load(&tr->aborted))
		return "aborted (timeout)";
	return ssh_get_error(tr->session);
}

/* ------------------------------------------------------------- connecting */

/* "~/x" -> "$HOME/x"; newly allocated. */
static char *expand_tilde(const char *path)
{
	const char *home = getenv("HOME");

	if (path[0] == '~' && path[1] == '/' && home)
		return xasprintf("%s%s", home, path + 1);
	return xstrdup(path);
}

static int set_path_option(ssh_session s, enum ssh_options_e opt,
			   const char *path)
{
	char *p = expand_tilde(path);
	int rc = ssh_options_set(s, opt, p);

	free(p);
	return rc;
}

/* The ssh config's User if it named one, else clusterctl's default. */
static int set_default_user(ssh_session s)
{
	char *user = NULL;

	if (ssh_options_get(s, SSH_OPTIONS_USER, &user) == SSH_OK) {
		ssh_string_free_char(user);
		return 0;
	}
	return ssh_options_set(s, SSH_OPTIONS_USER, TRANSPORT_DEFAULT_USER);
}

/*
 * The ssh files an inventory or command line names are read by libssh
 * with a plain open(): a FIFO would hang the run, a device be read without
 * end. Refused here unless a regular file or /dev/null (the admin's way
 * to say "none", which reads as empty); one not there is left to what
 * libssh does (a known_hosts is created by accepting a new host key, an
 * identity's absence is an authentication failure).
 */
static bool is_dev_null(const char *path)
{
	struct stat st, null;

	return stat(path, &st) == 0 && S_ISCHR(st.st_mode) &&
		stat("/dev/null", &null) == 0 && st.st_rdev == null.st_rdev;
}

static int check_ssh_file(struct transport *tr, const char *what, const char *path,
			  char **cause)
{
	char *p;
	int rc = 0;

	if (!path)
		return 0;
	p = expand_tilde(path);
	if (fileio_check_regular(p) < 0 && errno != ENOENT && !is_dev_null(p))
		rc = transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "%s '%s': %s",
				       what, p, fileio_strerror(errno));
	free(p);
	return rc;
}

static int configure_session(struct transport *tr,
			     const struct transport_target *t, char **cause)
{
	ssh_session s = tr->session;
	long timeout = t->connect_timeout > 0 ? t->connect_timeout : 10;
	int verbosity = SSH_LOG_NOLOG, nodelay = 1, no = 0;
	int rc = 0;

	if (check_ssh_file(tr, "ssh config", t->ssh_config, cause) ||
	    check_ssh_file(tr, "known_hosts", t->known_hosts, cause) ||
	    check_ssh_file(tr, "identity", t->identity, cause))
		return -1;
	rc |= ssh_options_set(s, SSH_OPTIONS_LOG_VERBOSITY, &verbosity);
	rc |= ssh_options_set(s, SSH_OPTIONS_HOST, t->host);
	if (t->ssh_config) {
		char *p = expand_tilde(t->ssh_config);

		rc |= ssh_options_parse_config(s, p);
		free(p);
	} else {
		rc |= ssh_options_parse_config(s, NULL);
	}
	/* Parsed above; ssh_connect() must not parse it again. */
	rc |= ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &no);
	if (t->address)
		rc |= ssh_options_set(s, SSH_OPTIONS_HOST, t->address);
	if (t->port > 0) {
		unsigned port = (unsigned)t->port;

		rc |= ssh_options_set(s, SSH_OPTIONS_PORT, &port);
	}
	if (t->user)
		rc |= ssh_options_set(s, SSH_OPTIONS_USER, t->user);
	else
		rc |= set_default_user(s);
	if (t->known_hosts)
		rc |= set_path_option(s, SSH_OPTIONS_KNOWNHOSTS, t->known_hosts);
	/* Nagle + delayed ACK costs 40 ms stalls per round trip otherwise. */
	rc |= ssh_options_set(s, SSH_OPTIONS_NODELAY, &nodelay);
	rc |= ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeout);
	if (rc != 0)
		return transport_fail(tr, cause, "cannot set ssh options: %s",
				      ssh_get_error(s));
	return 0;
}

static char *server_fingerprint(ssh_session s)
{
	ssh_key key = NULL;
	unsigned char *hash = NULL;
	size_t hlen = 0;
	char *fp, *ret;

	if (ssh_get_server_publickey(s, &key) != SSH_OK)
		return xstrdup("unknown key");
	if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash,
				   &hlen) != 0) {
		ssh_key_free(key);
		return xstrdup("unknown key");
	}
	fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hlen);
	ret = xstrdup(fp ? fp : "unknown key");
	ssh_string_free_char(fp);
	ssh_clean_pubkey_hash(&hash);
	ssh_key_free(key);
	return ret;
}

static int check_host_key(struct transport *tr, bool accept_new, char **cause)
{
	enum ssh_known_hosts_e known = ssh_session_is_known_server(tr->session);
	char *fp;
	int rc = TRANSPORT_ERR_FAILED;

	if (known == SSH_KNOWN_HOSTS_OK)
		return 0;
	fp = server_fingerprint(tr->session);
	switch (known) {
	case SSH_KNOWN_HOSTS_CHANGED:
		rc = transport_fail_bare(tr, cause, TRANSPORT_ERR_HOST_KEY_CHANGED,
					 "host key for '%s' has changed (%s): refusing",
					 tr->host, fp);
		break;
	case SSH_KNOWN_HOSTS_OTHER:
		rc = transport_fail_bare(tr, cause, TRANSPORT_ERR_HOST_KEY_CHANGED,
					 "host key for '%s' is of another type than the known one (%s): refusing",
					 tr->host, fp);
		break;
	case SSH_KNOWN_HOSTS_UNKNOWN:
	case SSH_KNOWN_HOSTS_NOT_FOUND:
		if (!accept_new) {
			rc = transport_fail_bare(tr, cause, TRANSPORT_ERR_HOST_KEY_UNKNOWN,
						 "host key for '%s' is not known (%s): refusing (accept new host keys to trust it)",
						 tr->host, fp);
			break;
		}
		pthread_mutex_lock(&known_hosts_lock);
		rc = ssh_session_update_known_hosts(tr->session) == SSH_OK ? 0 : -1;
		pthread_mutex_unlock(&known_hosts_lock);
		if (rc)
			rc = transport_fail(tr, cause, "cannot record host key %s in known_hosts: %s",
					    fp, ssh_get_error(tr->session));
		break;
	default:
		transport_fail(tr, cause, "cannot check host key: %s",
			       ssh_get_error(tr->session));
		break;
	}
	free(fp);
	return rc;
}

static int authenticate(struct transport *tr, const struct transport_target *t,
			char **cause)
{
	int rc;

	if (t->identity) {
		char *path = expand_tilde(t->identity);
		ssh_key key = NULL;

		rc = ssh_pki_import_privkey_file(path, NULL, NULL, NULL, &key);
		if (rc != SSH_OK) {
			transport_fail_as(tr, cause, TRANSPORT_ERR_AUTH,
					  "cannot load identity '%s'", path);
			free(path);
			return TRANSPORT_ERR_AUTH;
		}
		free(path);
		rc = ssh_userauth_publickey(tr->session, NULL, key);
		ssh_key_free(key);
	} else {
		rc = ssh_userauth_publickey_auto(tr->session, NULL, NULL);
	}
	if (rc == SSH_AUTH_SUCCESS)
		return 0;
	if (rc == SSH_AUTH_ERROR)
		return transport_fail_as(tr, cause, TRANSPORT_ERR_AUTH,
					 "authentication failed: %s", transport_reason(tr));
	return transport_fail_as(tr, cause, TRANSPORT_ERR_AUTH,
				 "authentication refused (publickey)");
}

int transport_connect(const struct transport_target *t, struct transport **out,
		      char **cause)
{
	struct transport *tr;
	int rc;

	*out = NULL;
	pthread_once(&transport_once, transport_global_init);
	tr = xcalloc(1, sizeof(*tr));
	tr->host = xstrdup(t->host);
	atomic_init(&tr->fd, -1);
	atomic_init(&tr->aborted, false);
	tr->command_timeout = t->command_timeout;
	if (transport_init_rc != 0) {
		transport_fail(tr, cause, "cannot initialise libssh");
		goto fail;
	}
	tr->session = ssh_new();
	if (!tr->session) {
		transport_fail(tr, cause, "cannot create ssh session");
		goto fail;
	}
	if (configure_session(tr, t, cause))
		goto fail;
	if (ssh_connect(tr->session) != SSH_OK) {
		transport_fail_as(tr, cause, atomic_load(&tr->aborted) ?
				  TRANSPORT_ERR_TIMEOUT : TRANSPORT_ERR_UNREACHABLE,
				  "cannot connect: %s", ssh_get_error(tr->session));
		goto fail;
	}
	atomic_store(&tr->fd, ssh_get_fd(tr->session));
	if (check_host_key(tr, t->accept_new_host_keys, cause) ||
	    authenticate(tr, t, cause))
		goto fail;
	*out = tr;
	return 0;
fail:
	rc = transport_result(tr, -1);
	transport_close(tr);
	return rc;
}

const char *transport_host(const struct transport *tr)
{
	return tr->host;
}

bool transport_timed_out(const struct transport *tr)
{
	return tr && (tr->timed_out || atomic_load(&tr->aborted));
}

void transport_abort(struct transport *tr)
{
	int fd;

	if (!tr)
		return;
	atomic_store(&tr->aborted, true);
	fd = atomic_load(&tr->fd);
	if (fd >= 0)
		shutdown(fd, SHUT_RDWR);
}

void transport_end_hold(struct transport *tr)
{
	if (!tr || !tr->hold)
		return;
	if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session)) {
		ssh_channel_send_eof(tr->hold);
		ssh_channel_close(tr->hold);
	}
	ssh_channel_free(tr->hold);
	tr->hold = NULL;
}

void transport_close(struct transport *tr)
{
	if (!tr)
		return;
	transport_end_hold(tr);
	if (tr->sftp)
		sftp_free(tr->sftp);
	if (tr->session) {
		if (ssh_is_connected(tr->session) && !atomic_load(&tr->aborted))
			ssh_disconnect(tr->session);
		ssh_free(tr->session);
	}
	free(tr->host);
	free(tr);
}
