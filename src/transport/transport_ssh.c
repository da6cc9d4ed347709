/*
 * transport_ssh.c: the SSH transport over libssh 0.10, the only file that
 * includes <libssh/libssh.h>. One session per host carries every operation
 * on it: files go over one lazily opened SFTP channel, commands over exec
 * channels. Writes are atomic the OpenSSH way (temp file beside the target,
 * mode/owner set, fsync, verify, hard-link backup, rename). libssh 0.10 has
 * no wrapper for the posix-rename@openssh.com and hardlink@openssh.com SFTP
 * extensions, so this file sends those two requests itself on the SFTP
 * channel, while no other request is outstanding; a server without them
 * gets an exec'd "mv -f" / "ln -f" instead. Errors become "'host': ..."
 * cause strings; libssh logging is off, nothing prints.
 */
#include "base/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>

#include <libssh/libssh.h>
#include <libssh/sftp.h>

#include "base/fileio.h"
#include "base/strbuf.h"
#include "transport/transport.h"
#include "base/xalloc.h"

#define SFTP_EXT_FXP_EXTENDED 200
#define SFTP_EXT_FXP_STATUS 101
#define SFTP_EXT_FXP_FSETSTAT 10
#define READ_FILE_MAX (256u << 20)

struct transport {
	char *host;		/* inventory name, for messages */
	ssh_session session;
	sftp_session sftp;	/* opened on first use */
	int command_timeout;
	atomic_int fd;		/* socket once connected, -1 before */
	atomic_bool aborted;
	bool timed_out;		/* the last transport_run hit its timeout */
	ssh_channel hold;	/* transport_hold's command, NULL if none */
};

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

__attribute__((format(printf, 4, 0)))
static int transport_vfail(const struct transport *tr, char **cause,
			   bool prefix, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT, raw = STRBUF_INIT;

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
	return -1;
}

/* Sets *cause to "'host': <message>" (cause may be NULL); returns -1. */
ATTR_PRINTF(3, 4)
static int transport_fail(const struct transport *tr, char **cause,
			  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	transport_vfail(tr, cause, true, fmt, ap);
	va_end(ap);
	return -1;
}

/* For messages that already name the host: no prefix. */
ATTR_PRINTF(3, 4)
static int transport_fail_bare(const struct transport *tr, char **cause,
			       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	transport_vfail(tr, cause, false, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *ssh_reason(const struct transport *tr)
{
	if (atomic_load(&tr->aborted))
		return "aborted (timeout)";
	return ssh_get_error(tr->session);
}

static const char *sftp_reason(int code)
{
	switch (code) {
	case SSH_FX_EOF: return "unexpected end of file";
	case SSH_FX_NO_SUCH_FILE: return "no such file or directory";
	case SSH_FX_PERMISSION_DENIED: return "permission denied";
	case SSH_FX_FAILURE: return "failure";
	case SSH_FX_BAD_MESSAGE: return "bad message";
	case SSH_FX_NO_CONNECTION: return "no connection";
	case SSH_FX_CONNECTION_LOST: return "connection lost";
	case SSH_FX_OP_UNSUPPORTED: return "operation unsupported";
	case SSH_FX_FILE_ALREADY_EXISTS: return "file already exists";
	default: return "sftp error";
	}
}

/* "'host': <what> '<path>': <reason>" for the last SFTP error. */
static int sftp_fail(struct transport *tr, char **cause, const char *what,
		     const char *path)
{
	int code = tr->sftp ? sftp_get_error(tr->sftp) : SSH_FX_NO_CONNECTION;

	if (code == SSH_FX_OK || atomic_load(&tr->aborted))
		return transport_fail(tr, cause, "cannot %s '%s': %s", what,
				      path, ssh_reason(tr));
	return transport_fail(tr, cause, "cannot %s '%s': %s", what, path,
			      sftp_reason(code));
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

static int configure_session(struct transport *tr,
			     const struct transport_target *t, char **cause)
{
	ssh_session s = tr->session;
	long timeout = t->connect_timeout > 0 ? t->connect_timeout : 10;
	int verbosity = SSH_LOG_NOLOG, nodelay = 1, no = 0;
	int rc = 0;

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
	int rc = -1;

	if (known == SSH_KNOWN_HOSTS_OK)
		return 0;
	fp = server_fingerprint(tr->session);
	switch (known) {
	case SSH_KNOWN_HOSTS_CHANGED:
		transport_fail_bare(tr, cause, "host key for '%s' has changed (%s): refusing",
			       tr->host, fp);
		break;
	case SSH_KNOWN_HOSTS_OTHER:
		transport_fail_bare(tr, cause, "host key for '%s' is of another type than the known one (%s): refusing",
			       tr->host, fp);
		break;
	case SSH_KNOWN_HOSTS_UNKNOWN:
	case SSH_KNOWN_HOSTS_NOT_FOUND:
		if (!accept_new) {
			transport_fail_bare(tr, cause, "host key for '%s' is not known (%s): refusing (accept new host keys to trust it)",
				       tr->host, fp);
			break;
		}
		pthread_mutex_lock(&known_hosts_lock);
		rc = ssh_session_update_known_hosts(tr->session) == SSH_OK ? 0 : -1;
		pthread_mutex_unlock(&known_hosts_lock);
		if (rc)
			transport_fail(tr, cause, "cannot record host key %s in known_hosts: %s",
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
			transport_fail(tr, cause, "cannot load identity '%s'", path);
			free(path);
			return -1;
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
		return transport_fail(tr, cause, "authentication failed: %s",
				      ssh_reason(tr));
	return transport_fail(tr, cause, "authentication refused (publickey)");
}

int transport_connect(const struct transport_target *t, struct transport **out,
		      char **cause)
{
	struct transport *tr;

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
		transport_fail(tr, cause, "cannot connect: %s",
			       ssh_get_error(tr->session));
		goto fail;
	}
	atomic_store(&tr->fd, ssh_get_fd(tr->session));
	if (check_host_key(tr, t->accept_new_host_keys, cause) ||
	    authenticate(tr, t, cause))
		goto fail;
	*out = tr;
	return 0;
fail:
	transport_close(tr);
	return -1;
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

void transport_close(struct transport *tr)
{
	if (!tr)
		return;
	transport_unhold(tr);
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

/* ------------------------------------------------------------------ sftp */

static int sftp_ready(struct transport *tr, char **cause)
{
	if (tr->sftp)
		return 0;
	tr->sftp = sftp_new(tr->session);
	if (!tr->sftp)
		return transport_fail(tr, cause, "cannot open sftp channel: %s",
				      ssh_reason(tr));
	if (sftp_init(tr->sftp) != SSH_OK) {
		transport_fail(tr, cause, "cannot start sftp subsystem: %s",
			       ssh_reason(tr));
		sftp_free(tr->sftp);
		tr->sftp = NULL;
		return -1;
	}
	return 0;
}

static void stat_from_attrs(struct remote_stat *st, sftp_attributes a)
{
	st->exists = true;
	st->mode = a->permissions & 07777;
	st->uid = a->uid;
	st->gid = a->gid;
	st->size = a->size;
}

int transport_stat(struct transport *tr, const char *path,
		   struct remote_stat *st, char **cause)
{
	sftp_attributes a;

	memset(st, 0, sizeof(*st));
	if (sftp_ready(tr, cause))
		return -1;
	a = sftp_stat(tr->sftp, path);
	if (!a) {
		if (sftp_get_error(tr->sftp) == SSH_FX_NO_SUCH_FILE)
			return 0;
		return sftp_fail(tr, cause, "stat", path);
	}
	stat_from_attrs(st, a);
	sftp_attributes_free(a);
	return 0;
}

/* Reads from an open file until EOF, appending to content. */
static int read_all(struct transport *tr, sftp_file f, const char *path,
		    struct strbuf *content, char **cause)
{
	char buf[65536];
	size_t total = 0;

	for (;;) {
		ssize_t n = sftp_read(f, buf, sizeof(buf));

		if (n < 0)
			return sftp_fail(tr, cause, "read", path);
		if (n == 0)
			return 0;
		total += (size_t)n;
		if (total > READ_FILE_MAX)
			return transport_fail(tr, cause, "file '%s' is larger than %u bytes",
					      path, READ_FILE_MAX);
		strbuf_add(content, buf, (size_t)n);
	}
}

/*
 * lstat of what is to be read: a symlink or anything but a regular file is
 * refused, so that root never reads (and a plan never shows) the file a
 * service user pointed one of our paths at. *st gets the attributes.
 */
static int lstat_regular(struct transport *tr, const char *path,
			 struct remote_stat *st, sftp_attributes *la,
			 char **cause)
{
	*la = sftp_lstat(tr->sftp, path);
	if (!*la) {
		if (sftp_get_error(tr->sftp) == SSH_FX_NO_SUCH_FILE)
			return 0;
		return sftp_fail(tr, cause, "stat", path);
	}
	if ((*la)->type == SSH_FILEXFER_TYPE_SYMLINK)
		return transport_fail(tr, cause, "'%s' is a symbolic link: refusing "
				      "to follow it", path);
	if ((*la)->type != SSH_FILEXFER_TYPE_REGULAR)
		return transport_fail(tr, cause, "'%s' is not a regular file", path);
	stat_from_attrs(st, *la);
	return 0;
}

/* The opened file is the one lstat saw (SFTP v3 has no inode numbers). */
static bool same_file(sftp_attributes l, sftp_attributes f)
{
	return f->type == SSH_FILEXFER_TYPE_REGULAR && l->uid == f->uid &&
	       l->gid == f->gid && l->permissions == f->permissions &&
	       l->size == f->size && l->mtime == f->mtime;
}

int transport_read_file(struct transport *tr, const char *path,
			struct strbuf *content, struct remote_stat *st,
			char **cause)
{
	struct remote_stat dummy;
	sftp_attributes la = NULL, a = NULL;
	sftp_file f;
	int rc = -1;

	if (!st)
		st = &dummy;
	memset(st, 0, sizeof(*st));
	if (sftp_ready(tr, cause))
		return -1;
	if (lstat_regular(tr, path, st, &la, cause)) {
		sftp_attributes_free(la);
		memset(st, 0, sizeof(*st));
		return -1;
	}
	if (!la)
		return 0;	/* absent */
	f = sftp_open(tr->sftp, path, O_RDONLY, 0);
	if (!f) {
		sftp_attributes_free(la);
		memset(st, 0, sizeof(*st));
		if (sftp_get_error(tr->sftp) == SSH_FX_NO_SUCH_FILE)
			return 0;
		return sftp_fail(tr, cause, "open", path);
	}
	a = sftp_fstat(f);
	if (!a) {
		sftp_fail(tr, cause, "stat", path);
		goto out;
	}
	if (!same_file(la, a)) {
		transport_fail(tr, cause, "'%s' changed while it was opened "
			       "(replaced by a link?): refusing to read it", path);
		goto out;
	}
	stat_from_attrs(st, a);
	rc = read_all(tr, f, path, content, cause);
out:
	sftp_attributes_free(a);
	sftp_attributes_free(la);
	sftp_close(f);
	return rc;
}

/* --------------------------------------------- raw SFTP extension requests */

static void put_u32(struct strbuf *sb, uint32_t v)
{
	unsigned char b[4] = { v >> 24, v >> 16, v >> 8, v };

	strbuf_add(sb, b, 4);
}

static void put_string(struct strbuf *sb, const char *s)
{
	put_u32(sb, (uint32_t)strlen(s));
	strbuf_addstr(sb, s);
}

static uint32_t get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int channel_read_full(struct transport *tr, ssh_channel ch, void *buf,
			     size_t len)
{
	int timeout_ms = tr->command_timeout > 0 ? tr->command_timeout * 1000 : -1;
	size_t got = 0;

	while (got < len) {
		int n = ssh_channel_read_timeout(ch, (char *)buf + got,
						 (uint32_t)(len - got), 0,
						 timeout_ms);

		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}

/*
 * Sends one SFTP request (pkt: the body after the length, whose id is id)
 * and reads its SSH_FXP_STATUS reply; *fx gets the status code. Safe only
 * because every libssh sftp call in this file is synchronous: nothing else
 * is in flight on the channel, and libssh reads packets from it exactly,
 * never ahead. name says what it was, for messages.
 */
static int sftp_raw_status(struct transport *tr, struct strbuf *pkt,
			   uint32_t id, const char *name, uint32_t *fx,
			   char **cause)
{
	unsigned char hdr[4], *reply = NULL;
	uint32_t len = (uint32_t)(pkt->len - 4);
	int rc = -1;

	hdr[0] = len >> 24; hdr[1] = len >> 16; hdr[2] = len >> 8; hdr[3] = len;
	memcpy(pkt->buf, hdr, 4);
	if (ssh_channel_write(tr->sftp->channel, pkt->buf, (uint32_t)pkt->len) !=
		    (int)pkt->len ||
	    channel_read_full(tr, tr->sftp->channel, hdr, 4)) {
		transport_fail(tr, cause, "sftp %s failed: %s", name, ssh_reason(tr));
		goto out;
	}
	len = get_u32(hdr);
	if (len < 9 || len > 65536) {
		transport_fail(tr, cause, "sftp %s: bad reply length %u", name, len);
		goto out;
	}
	reply = xmalloc(len);
	if (channel_read_full(tr, tr->sftp->channel, reply, len)) {
		transport_fail(tr, cause, "sftp %s failed: %s", name, ssh_reason(tr));
		goto out;
	}
	if (reply[0] != SFTP_EXT_FXP_STATUS || get_u32(reply + 1) != id) {
		transport_fail(tr, cause, "sftp %s: unexpected reply", name);
		goto out;
	}
	*fx = get_u32(reply + 5);
	rc = 0;
out:
	free(reply);
	return rc;
}

/* A request header: room for the length, the type and a new id. */
static uint32_t sftp_raw_begin(struct transport *tr, struct strbuf *pkt,
			       unsigned char type)
{
	uint32_t id = ++tr->sftp->id_counter;

	put_u32(pkt, 0);
	strbuf_addch(pkt, (char)type);
	put_u32(pkt, id);
	return id;
}

/* SSH_FXP_EXTENDED "name" with two path arguments. */
static int sftp_extended2(struct transport *tr, const char *name,
			  const char *a, const char *b, uint32_t *fx,
			  char **cause)
{
	struct strbuf pkt = STRBUF_INIT;
	uint32_t id = sftp_raw_begin(tr, &pkt, SFTP_EXT_FXP_EXTENDED);
	int rc;

	put_string(&pkt, name);
	put_string(&pkt, a);
	put_string(&pkt, b);
	rc = sftp_raw_status(tr, &pkt, id, name, fx, cause);
	strbuf_release(&pkt);
	return rc;
}

/*
 * SSH_FXP_FSETSTAT on an open handle (libssh 0.10 has no wrapper): the
 * server calls fchown/fchmod on its descriptor, so whatever happens to the
 * file's name meanwhile, only the file we created and wrote is changed.
 */
static int sftp_fsetstat_raw(struct transport *tr, sftp_file f, uint32_t flags,
			     unsigned uid, unsigned gid, unsigned mode,
			     uint32_t *fx, char **cause)
{
	struct strbuf pkt = STRBUF_INIT;
	uint32_t id = sftp_raw_begin(tr, &pkt, SFTP_EXT_FXP_FSETSTAT);
	int rc;

	put_u32(&pkt, (uint32_t)ssh_string_len(f->handle));
	strbuf_add(&pkt, ssh_string_data(f->handle), ssh_string_len(f->handle));
	put_u32(&pkt, flags);
	if (flags & SSH_FILEXFER_ATTR_UIDGID) {
		put_u32(&pkt, uid);
		put_u32(&pkt, gid);
	}
	if (flags & SSH_FILEXFER_ATTR_PERMISSIONS)
		put_u32(&pkt, mode & 07777);
	rc = sftp_raw_status(tr, &pkt, id, "fsetstat", fx, cause);
	strbuf_release(&pkt);
	return rc;
}

/* Runs a command that must exit 0; its stderr becomes the cause. */
static int run_checked(struct transport *tr, const char *cmd, const char *what,
		       char **cause)
{
	struct strbuf err = STRBUF_INIT;
	int status = 0, rc;

	rc = transport_run(tr, cmd, NULL, &err, &status, cause);
	if (rc == 0 && status != 0) {
		while (err.len && (err.buf[err.len - 1] == '\n'))
			strbuf_setlen(&err, err.len - 1);
		rc = transport_fail(tr, cause, "cannot %s: %s", what,
				    err.len ? err.buf : "command failed");
	}
	strbuf_release(&err);
	return rc;
}

/*
 * A two-path operation: the OpenSSH extension `ext` when the server has
 * it, else the shell fallback "<tool> -f -- FROM TO" (is_link: skip
 * quietly when FROM does not exist). *fx is the SFTP status (SSH_FX_OK
 * when the fallback succeeded); -1 only for transport or command errors.
 */
static int two_path_op(struct transport *tr, const char *ext, bool is_link,
		       const char *from, const char *to, uint32_t *fx,
		       char **cause)
{
	struct strbuf cmd = STRBUF_INIT;
	int rc;

	if (sftp_extension_supported(tr->sftp, ext, "1"))
		return sftp_extended2(tr, ext, from, to, fx, cause);
	if (is_link) {
		strbuf_addstr(&cmd, "test ! -e ");
		transport_shell_quote(&cmd, from);
		strbuf_addstr(&cmd, " || ");
	}
	strbuf_addstr(&cmd, is_link ? "exec ln -f -- " : "exec mv -f -- ");
	transport_shell_quote(&cmd, from);
	strbuf_addch(&cmd, ' ');
	transport_shell_quote(&cmd, to);
	rc = run_checked(tr, cmd.buf, ext, cause);
	*fx = SSH_FX_OK;
	strbuf_release(&cmd);
	return rc;
}

/* rename(2) semantics: replaces `to` atomically. */
static int remote_rename(struct transport *tr, const char *from, const char *to,
			 char **cause)
{
	uint32_t fx;

	if (two_path_op(tr, "posix-rename@openssh.com", false, from, to, &fx,
			cause))
		return -1;
	if (fx == SSH_FX_OK)
		return 0;
	return transport_fail(tr, cause, "cannot rename '%s' to '%s': %s",
			      from, to, sftp_reason((int)fx));
}

/* link(2); an absent source is not an error (nothing to back up). */
static int remote_hardlink(struct transport *tr, const char *from,
			   const char *to, char **cause)
{
	uint32_t fx;

	if (two_path_op(tr, "hardlink@openssh.com", true, from, to, &fx,
			cause))
		return -1;
	if (fx == SSH_FX_OK || fx == SSH_FX_NO_SUCH_FILE)
		return 0;
	return transport_fail(tr, cause, "cannot link '%s' to '%s': %s",
			      from, to, sftp_reason((int)fx));
}

/* ---------------------------------------------------------- atomic writes */

/* "<dir>/.<base>.clusterctl-XXXXXX" with random letters; newly allocated. */
static char *temp_name(const char *dir, const char *base)
{
	static const char alphabet[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char rnd[6];
	char suffix[7];

	if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd)) {
		unsigned long v = (unsigned long)time(NULL) ^ (unsigned long)(uintptr_t)dir;

		for (size_t i = 0; i < sizeof(rnd); i++)
			rnd[i] = (unsigned char)(v >> (i * 5));
	}
	for (size_t i = 0; i < sizeof(rnd); i++)
		suffix[i] = alphabet[rnd[i] % (sizeof(alphabet) - 1)];
	suffix[6] = '\0';
	return xasprintf("%s%s.%s.clusterctl-%s", dir,
			 dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/", base,
			 suffix);
}

/* The parent directory of path ("/" for "/x"); newly allocated. */
static char *parent_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/*
 * *ok: dir and every directory above it are real directories (no
 * symlink) owned by root and writable by nobody else (or sticky), so no
 * other user can rename or replace an entry of ours there: a name we
 * check stays what we checked.
 */
static int tree_private(struct transport *tr, const char *dir, bool *ok,
			char **cause)
{
	char *d = xstrdup(dir);
	int rc = 0;

	*ok = true;
	for (;;) {
		sftp_attributes a = sftp_lstat(tr->sftp, d);
		char *up;

		if (!a) {
			rc = sftp_fail(tr, cause, "stat", d);
			break;
		}
		/* sticky (/tmp): others may add names, never move root's */
		*ok = a->type == SSH_FILEXFER_TYPE_DIRECTORY && a->uid == 0 &&
		      (!(a->permissions & 022) || (a->permissions & 01000));
		sftp_attributes_free(a);
		if (!*ok || !strcmp(d, "/") || !strcmp(d, "."))
			break;
		up = parent_dir(d);
		free(d);
		d = up;
	}
	free(d);
	return rc;
}

/* a and b are on one filesystem (true when the server cannot tell). */
static bool same_fs(struct transport *tr, const char *a, const char *b)
{
	sftp_statvfs_t va = sftp_statvfs(tr->sftp, a), vb = NULL;
	bool same = true;

	if (va && (vb = sftp_statvfs(tr->sftp, b)))
		same = va->f_fsid == vb->f_fsid;
	sftp_statvfs_free(va);
	sftp_statvfs_free(vb);
	return same;
}

/*
 * Where the temp file for path is made: beside it when its directory is
 * private (tree_private), else one level up when that is private. A
 * directory a service user owns (/etc/munge is munge's) lets that user
 * swap our temp file for a symlink between any two of our steps; the
 * parent's entries it cannot touch, and rename(2) from there replaces the
 * target's name without following whatever is at it. Deeper than one
 * level the user could swap the directory itself: refused.
 */
static int stage_dir(struct transport *tr, const char *path, char **dir,
		     char **cause)
{
	char *parent = parent_dir(path), *grand;
	bool ok;

	*dir = NULL;
	if (tree_private(tr, parent, &ok, cause)) {
		free(parent);
		return -1;
	}
	if (ok) {
		*dir = parent;
		return 0;
	}
	grand = parent_dir(parent);
	ok = false;
	if (strcmp(grand, parent) && tree_private(tr, grand, &ok, cause)) {
		free(grand);
		free(parent);
		return -1;
	}
	/* rename(2) does not cross filesystems: say so rather than EXDEV */
	if (ok && !same_fs(tr, parent, grand)) {
		transport_fail(tr, cause, "cannot write '%s' safely: '%s' is not "
			       "root's and '%s' is another filesystem", path,
			       parent, grand);
		free(grand);
		free(parent);
		return -1;
	}
	if (ok) {
		*dir = grand;
		free(parent);
		return 0;
	}
	free(grand);
	transport_fail(tr, cause, "cannot write '%s' safely: a user other than "
		       "root can change a directory above '%s'", path, parent);
	free(parent);
	return -1;
}

static bool out_of_space(struct transport *tr, const char *path, size_t need)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	sftp_statvfs_t vfs;
	bool full = false;

	if (slash)
		slash[slash == dir ? 1 : 0] = '\0';
	vfs = sftp_statvfs(tr->sftp, slash ? dir : ".");
	if (vfs) {
		full = vfs->f_bavail * vfs->f_frsize < need + vfs->f_frsize;
		sftp_statvfs_free(vfs);
	}
	free(dir);
	return full;
}

/* A write or fsync failed: name ENOSPC when the filesystem is full. */
static int write_fail(struct transport *tr, char **cause, const char *what,
		      const char *tmp, size_t len)
{
	if (sftp_get_error(tr->sftp) == SSH_FX_FAILURE &&
	    out_of_space(tr, tmp, len))
		return transport_fail(tr, cause, "cannot %s '%s': no space left on device",
				      what, tmp);
	return sftp_fail(tr, cause, what, tmp);
}

static int write_all(struct transport *tr, sftp_file f, const char *tmp,
		     const void *data, size_t len, char **cause)
{
	size_t off = 0;

	while (off < len) {
		size_t chunk = len - off > 65536 ? 65536 : len - off;
		ssize_t n = sftp_write(f, (const char *)data + off, chunk);

		if (n <= 0)
			return write_fail(tr, cause, "write", tmp, len);
		off += (size_t)n;
	}
	return 0;
}

/* Reads the staged file back through its handle and compares everything. */
static int verify_staged(struct transport *tr, sftp_file f, const char *tmp,
			 const void *data, size_t len, unsigned mode,
			 unsigned uid, unsigned gid, char **cause)
{
	struct strbuf back = STRBUF_INIT;
	struct remote_stat st;
	sftp_attributes a = sftp_fstat(f);
	int rc = -1;

	if (!a)
		return sftp_fail(tr, cause, "stat", tmp);
	stat_from_attrs(&st, a);
	sftp_attributes_free(a);
	if (st.size != len || st.mode != (mode & 07777) || st.uid != uid ||
	    st.gid != gid)
		return transport_fail(tr, cause, "staged '%s' is %llu bytes, mode %04o, owner %u:%u; expected %zu bytes, mode %04o, owner %u:%u",
				      tmp, st.size, st.mode, st.uid, st.gid,
				      len, mode & 07777, uid, gid);
	sftp_seek64(f, 0);
	if (read_all(tr, f, tmp, &back, cause))
		goto out;
	if (back.len != len || memcmp(back.buf, data, len) != 0) {
		transport_fail(tr, cause, "staged '%s' does not read back as written", tmp);
		goto out;
	}
	rc = 0;
out:
	if (back.alloc) {
		size_t n = back.len;

		xfree_secret(strbuf_detach(&back, NULL), n);
	}
	return rc;
}

static int set_mode_owner(struct transport *tr, sftp_file f, const char *tmp,
			  unsigned mode, unsigned uid, unsigned gid, char **cause)
{
	uint32_t flags = SSH_FILEXFER_ATTR_UIDGID | SSH_FILEXFER_ATTR_PERMISSIONS;
	uint32_t fx = SSH_FX_OK;

	/*
	 * The server applies chmod before chown, and chown clears set-id
	 * bits: only a mode with them needs a second request after chown.
	 */
	if (mode & 06000)
		flags = SSH_FILEXFER_ATTR_UIDGID;
	if (sftp_fsetstat_raw(tr, f, flags, uid, gid, mode, &fx, cause))
		return -1;
	if (fx == SSH_FX_OK && (mode & 06000))
		if (sftp_fsetstat_raw(tr, f, SSH_FILEXFER_ATTR_PERMISSIONS, uid,
				      gid, mode, &fx, cause))
			return -1;
	if (fx != SSH_FX_OK)
		return transport_fail(tr, cause, "cannot set owner and mode of '%s': %s",
				      tmp, sftp_reason((int)fx));
	return 0;
}

static sftp_file create_exclusive(struct transport *tr, const char *path,
				  const char *dir, char **tmp, char **cause)
{
	struct remote_stat st;
	int code;

	for (int attempt = 0;; attempt++) {
		sftp_file f;

		*tmp = temp_name(dir, fileio_basename(path));
		f = sftp_open(tr->sftp, *tmp, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (f)
			return f;
		code = sftp_get_error(tr->sftp);
		/* OpenSSH reports EEXIST as a plain failure: retry a new name. */
		if (attempt == 4 || (code != SSH_FX_FAILURE &&
				     code != SSH_FX_FILE_ALREADY_EXISTS) ||
		    transport_stat(tr, *tmp, &st, NULL) || !st.exists)
			break;
		free(*tmp);
	}
	if (code == SSH_FX_FAILURE && out_of_space(tr, *tmp, 1))
		transport_fail(tr, cause, "cannot create '%s': no space left on device",
			       *tmp);
	else
		transport_fail(tr, cause, "cannot create '%s': %s", *tmp,
			       atomic_load(&tr->aborted) ? ssh_reason(tr) :
			       sftp_reason(code));
	free(*tmp);
	*tmp = NULL;
	return NULL;
}

int transport_stage_file(struct transport *tr, const char *path,
			 const void *data, size_t len, unsigned mode,
			 unsigned uid, unsigned gid, char **staged,
			 char **cause)
{
	sftp_file f;
	char *tmp = NULL, *dir;
	int rc = -1;

	*staged = NULL;
	if (sftp_ready(tr, cause) || stage_dir(tr, path, &dir, cause))
		return -1;
	f = create_exclusive(tr, path, dir, &tmp, cause);
	free(dir);
	if (!f)
		return -1;
	if (write_all(tr, f, tmp, data, len, cause) ||
	    set_mode_owner(tr, f, tmp, mode, uid, gid, cause))
		goto out;
	if (sftp_extension_supported(tr->sftp, "fsync@openssh.com", "1") &&
	    sftp_fsync(f) != 0) {
		write_fail(tr, cause, "fsync", tmp, len);
		goto out;
	}
	if (verify_staged(tr, f, tmp, data, len, mode, uid, gid, cause))
		goto out;
	rc = 0;
out:
	if (sftp_close(f) != 0 && rc == 0)
		rc = write_fail(tr, cause, "close", tmp, len);
	if (rc) {
		if (!atomic_load(&tr->aborted))
			sftp_unlink(tr->sftp, tmp);
		free(tmp);
		return -1;
	}
	*staged = tmp;
	return 0;
}

int transport_commit_file(struct transport *tr, const char *staged,
			  const char *path, const char *backup_path,
			  char **cause)
{
	if (sftp_ready(tr, cause))
		return -1;
	if (backup_path) {
		/* link(2) will not replace: drop the previous backup first. */
		if (sftp_unlink(tr->sftp, backup_path) != 0 &&
		    sftp_get_error(tr->sftp) != SSH_FX_NO_SUCH_FILE) {
			sftp_fail(tr, cause, "remove old backup", backup_path);
			goto fail;
		}
		if (remote_hardlink(tr, path, backup_path, cause))
			goto fail;
	}
	if (remote_rename(tr, staged, path, cause))
		goto fail;
	return 0;
fail:
	if (!atomic_load(&tr->aborted))
		sftp_unlink(tr->sftp, staged);
	return -1;
}

int transport_remove(struct transport *tr, const char *path, char **cause)
{
	if (sftp_ready(tr, cause))
		return -1;
	if (sftp_unlink(tr->sftp, path) == 0 ||
	    sftp_get_error(tr->sftp) == SSH_FX_NO_SUCH_FILE)
		return 0;
	return sftp_fail(tr, cause, "remove", path);
}

int transport_mkdir_p(struct transport *tr, const char *dir, unsigned mode,
		      char **cause)
{
	struct remote_stat st;
	char *p, *slash;
	int rc = 0;

	if (transport_stat(tr, dir, &st, cause))
		return -1;
	if (st.exists)
		return 0;
	p = xstrdup(dir);
	for (slash = strchr(p + 1, '/');; slash = strchr(slash + 1, '/')) {
		if (slash)
			*slash = '\0';
		if (sftp_mkdir(tr->sftp, p, mode & 07777) != 0 &&
		    (transport_stat(tr, p, &st, cause) || !st.exists)) {
			rc = st.exists ? -1 : sftp_fail(tr, cause, "create directory", p);
			break;
		}
		if (!slash)
			break;
		*slash = '/';
	}
	free(p);
	return rc;
}

/* ---------------------------------------------------------------- exec */

void transport_shell_quote(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_addstr(out, "'\\''");
		else
			strbuf_addch(out, *s);
	}
	strbuf_addch(out, '\'');
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Drains whatever is buffered on one stream into sb (capped). */
static int drain(ssh_channel ch, int is_stderr, struct strbuf *sb)
{
	char buf[16384];
	int n, total = 0;

	while ((n = ssh_channel_read_nonblocking(ch, buf, sizeof(buf),
						 is_stderr)) > 0) {
		/* stderr only ever reaches messages: no terminal escapes in them */
		if (sb && sb->len + (size_t)n <= TRANSPORT_RUN_MAX_OUTPUT && is_stderr)
			strbuf_add_printable(sb, buf, (size_t)n);
		else if (sb && sb->len + (size_t)n <= TRANSPORT_RUN_MAX_OUTPUT)
			strbuf_add(sb, buf, (size_t)n);
		total += n;
	}
	return n == SSH_ERROR ? -1 : total;	/* SSH_EOF is not an error */
}

/*
 * The exit status of the command that ran on ch, or -1 when it ended
 * without one (killed by a signal). libssh 0.11 (Debian 13) deprecates
 * ssh_channel_get_exit_status for ssh_channel_get_exit_state, which 0.10
 * (Debian 12) lacks, so each release gets the call it has.
 */
static int channel_exit_status(ssh_channel ch)
{
#if LIBSSH_VERSION_INT >= SSH_VERSION_INT(0, 11, 0)
	uint32_t code = 0;
	char *signal = NULL;
	int core = 0;

	if (ssh_channel_get_exit_state(ch, &code, &signal, &core) != SSH_OK)
		return -1;
	if (signal) {
		ssh_string_free_char(signal);
		return -1;
	}
	return code > INT_MAX ? -1 : (int)code;
#else
	return ssh_channel_get_exit_status(ch);
#endif
}

/* Reads both streams until EOF or the deadline (0: none). */
static int collect_output(struct transport *tr, ssh_channel ch,
			  struct strbuf *out, struct strbuf *err,
			  long long deadline, char **cause)
{
	for (;;) {
		int a = drain(ch, 0, out), b = drain(ch, 1, err), r;

		if (a < 0 || b < 0)
			return transport_fail(tr, cause, "cannot read command output: %s",
					      ssh_reason(tr));
		if (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)) {
			/* Data may have arrived with the EOF. */
			if (drain(ch, 0, out) < 0 || drain(ch, 1, err) < 0)
				return transport_fail(tr, cause, "cannot read command output: %s",
						      ssh_reason(tr));
			return 0;
		}
		if (deadline && now_ms() >= deadline) {
			tr->timed_out = true;
			return transport_fail(tr, cause, "command timed out after %d s",
					      tr->command_timeout);
		}
		/* Waits for stdout; stderr-only data is picked up each slice. */
		r = ssh_channel_poll_timeout(ch, 20, 0);
		if (r == SSH_ERROR)
			return transport_fail(tr, cause, "cannot read command output: %s",
					      ssh_reason(tr));
	}
}

/* A new channel running cmd, or NULL with *cause (nothing left open). */
static ssh_channel exec_channel(struct transport *tr, const char *cmd,
				char **cause)
{
	ssh_channel ch = ssh_channel_new(tr->session);

	if (!ch) {
		transport_fail(tr, cause, "cannot open channel: %s", ssh_reason(tr));
		return NULL;
	}
	if (ssh_channel_open_session(ch) != SSH_OK ||
	    ssh_channel_request_exec(ch, cmd) != SSH_OK) {
		transport_fail(tr, cause, "cannot run command: %s", ssh_reason(tr));
		if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session))
			ssh_channel_close(ch);
		ssh_channel_free(ch);
		return NULL;
	}
	return ch;
}

int transport_run(struct transport *tr, const char *cmd, struct strbuf *out,
		  struct strbuf *err, int *status, char **cause)
{
	long long deadline = tr->command_timeout > 0 ?
		now_ms() + tr->command_timeout * 1000LL : 0;
	ssh_channel ch;
	int rc = -1, st;

	*status = -1;
	tr->timed_out = false;
	if (!(ch = exec_channel(tr, cmd, cause)))
		return -1;
	if (collect_output(tr, ch, out, err, deadline, cause))
		goto out;
	st = channel_exit_status(ch);
	if (st < 0) {
		transport_fail(tr, cause, "command ended without an exit status (killed by a signal?)");
		goto out;
	}
	*status = st;
	rc = 0;
out:
	if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session))
		ssh_channel_close(ch);
	ssh_channel_free(ch);
	return rc;
}

/* Reads stdout up to the first newline, EOF or the deadline. */
static int read_first_line(struct transport *tr, ssh_channel ch,
			   struct strbuf *line, char **cause)
{
	long long deadline = now_ms() + (tr->command_timeout > 0 ?
					 tr->command_timeout : 30) * 1000LL;
	char c;

	while (!memchr(line->buf, '\n', line->len)) {
		int n = ssh_channel_read_timeout(ch, &c, 1, 0, 20);

		if (n == SSH_ERROR)
			return transport_fail(tr, cause, "cannot read command output: %s",
					      ssh_reason(tr));
		if (n == 1 && line->len < 4096)
			strbuf_addch(line, c);
		else if (n == 0 && (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)))
			return 0;
		if (now_ms() >= deadline)
			return transport_fail(tr, cause, "command timed out");
	}
	return 0;
}

int transport_hold(struct transport *tr, const char *cmd, const char *ready,
		   struct strbuf *line, int *status, char **cause)
{
	ssh_channel ch;

	*status = -1;
	if (tr->hold)
		return transport_fail(tr, cause, "a command is already held");
	if (!(ch = exec_channel(tr, cmd, cause)))
		return -1;
	if (read_first_line(tr, ch, line, cause))
		goto fail;
	if (!strcmp(line->buf, ready)) {
		tr->hold = ch;
		return 0;
	}
	/* another answer: collect the rest and its exit status */
	if (collect_output(tr, ch, line, NULL, 0, cause))
		goto fail;
	*status = channel_exit_status(ch);
	ssh_channel_close(ch);
	ssh_channel_free(ch);
	return 0;
fail:
	if (!atomic_load(&tr->aborted) && ssh_is_connected(tr->session))
		ssh_channel_close(ch);
	ssh_channel_free(ch);
	return -1;
}

void transport_unhold(struct transport *tr)
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
