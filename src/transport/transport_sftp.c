/*
 * transport_sftp.c: files over the session's SFTP channel, opened on first
 * use (transport_sftp.h). Writes are atomic the OpenSSH way (temp file
 * beside the target, mode/owner set on the handle, fsync, verify,
 * hard-link backup, rename). libssh 0.10 has no wrapper for the
 * posix-rename@openssh.com and hardlink@openssh.com SFTP extensions, so
 * this file sends those two requests itself on the SFTP channel, while no
 * other request is outstanding; a server without them gets an exec'd
 * "mv -f" / "ln -f" instead.
 */
#include "base/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "transport/transport_exec.h"
#include "transport/transport_sftp.h"
#include "transport/transport_ssh_priv.h"

#define SFTP_EXT_FXP_EXTENDED 200
#define SFTP_EXT_FXP_STATUS 101
#define SFTP_EXT_FXP_FSETSTAT 10
#define READ_FILE_MAX (256u << 20)

/* ------------------------------------------------------------------ sftp */

static const char *sftp_error_text(int code)
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
static int transport_sftp_fail(struct transport *tr, char **cause, const char *what,
		     const char *path)
{
	int code = tr->sftp ? sftp_get_error(tr->sftp) : SSH_FX_NO_CONNECTION;

	if (code == SSH_FX_OK || atomic_load(&tr->aborted))
		return transport_fail(tr, cause, "cannot %s '%s': %s", what,
				      path, transport_reason(tr));
	return transport_fail_as(tr, cause, code == SSH_FX_PERMISSION_DENIED ?
				 TRANSPORT_ERR_REFUSED : TRANSPORT_ERR_FAILED,
				 "cannot %s '%s': %s", what, path, sftp_error_text(code));
}


static int sftp_ready(struct transport *tr, char **cause)
{
	if (tr->sftp)
		return 0;
	tr->sftp = sftp_new(tr->session);
	if (!tr->sftp)
		return transport_fail(tr, cause, "cannot open sftp channel: %s",
				      transport_reason(tr));
	if (sftp_init(tr->sftp) != SSH_OK) {
		transport_fail(tr, cause, "cannot start sftp subsystem: %s",
			       transport_reason(tr));
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

static int stat_body(struct transport *tr, const char *path,
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
		return transport_sftp_fail(tr, cause, "stat", path);
	}
	stat_from_attrs(st, a);
	sftp_attributes_free(a);
	return 0;
}

int transport_stat(struct transport *tr, const char *path,
		   struct remote_stat *st, char **cause)
{
	tr->err = 0;
	return transport_result(tr, stat_body(tr, path, st, cause));
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
			return transport_sftp_fail(tr, cause, "read", path);
		if (n == 0)
			return 0;
		total += (size_t)n;
		if (total > READ_FILE_MAX)
			return transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "file '%s' is larger than %u bytes",
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
		return transport_sftp_fail(tr, cause, "stat", path);
	}
	if ((*la)->type == SSH_FILEXFER_TYPE_SYMLINK)
		return transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "'%s' is a symbolic link: refusing "
				      "to follow it", path);
	if ((*la)->type != SSH_FILEXFER_TYPE_REGULAR)
		return transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "'%s' is not a regular file", path);
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

static int read_file_body(struct transport *tr, const char *path,
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
		return transport_sftp_fail(tr, cause, "open", path);
	}
	a = sftp_fstat(f);
	if (!a) {
		transport_sftp_fail(tr, cause, "stat", path);
		goto out;
	}
	if (!same_file(la, a)) {
		transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "'%s' changed while it was opened "
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

int transport_read_file(struct transport *tr, const char *path,
			struct strbuf *content, struct remote_stat *st,
			char **cause)
{
	tr->err = 0;
	return transport_result(tr, read_file_body(tr, path, content, st, cause));
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
		transport_fail(tr, cause, "sftp %s failed: %s", name, transport_reason(tr));
		goto out;
	}
	len = get_u32(hdr);
	if (len < 9 || len > 65536) {
		transport_fail(tr, cause, "sftp %s: bad reply length %u", name, len);
		goto out;
	}
	reply = xmalloc(len);
	if (channel_read_full(tr, tr->sftp->channel, reply, len)) {
		transport_fail(tr, cause, "sftp %s failed: %s", name, transport_reason(tr));
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
			      from, to, sftp_error_text((int)fx));
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
			      from, to, sftp_error_text((int)fx));
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
			rc = transport_sftp_fail(tr, cause, "stat", d);
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
		transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "cannot write '%s' safely: '%s' is not "
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
	transport_fail_as(tr, cause, TRANSPORT_ERR_INVALID, "cannot write '%s' safely: a user other than "
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
		return transport_fail_as(tr, cause, TRANSPORT_ERR_REFUSED, "cannot %s '%s': no space left on device",
				      what, tmp);
	return transport_sftp_fail(tr, cause, what, tmp);
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
		return transport_sftp_fail(tr, cause, "stat", tmp);
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
				      tmp, sftp_error_text((int)fx));
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
		transport_fail_as(tr, cause, TRANSPORT_ERR_REFUSED, "cannot create '%s': no space left on device",
			       *tmp);
	else
		transport_fail(tr, cause, "cannot create '%s': %s", *tmp,
			       atomic_load(&tr->aborted) ? transport_reason(tr) :
			       sftp_error_text(code));
	free(*tmp);
	*tmp = NULL;
	return NULL;
}

static int stage_file_body(struct transport *tr, const char *path,
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

int transport_stage_file(struct transport *tr, const char *path,
			 const void *data, size_t len, unsigned mode,
			 unsigned uid, unsigned gid, char **staged,
			 char **cause)
{
	tr->err = 0;
	return transport_result(tr, stage_file_body(tr, path, data, len, mode, uid, gid, staged, cause));
}

static int commit_file_body(struct transport *tr, const char *staged,
			  const char *path, const char *backup_path,
			  char **cause)
{
	if (sftp_ready(tr, cause))
		return -1;
	if (backup_path) {
		/* link(2) will not replace: drop the previous backup first. */
		if (sftp_unlink(tr->sftp, backup_path) != 0 &&
		    sftp_get_error(tr->sftp) != SSH_FX_NO_SUCH_FILE) {
			transport_sftp_fail(tr, cause, "remove old backup", backup_path);
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

int transport_commit_file(struct transport *tr, const char *staged,
			  const char *path, const char *backup_path,
			  char **cause)
{
	tr->err = 0;
	return transport_result(tr, commit_file_body(tr, staged, path, backup_path, cause));
}

static int remove_body(struct transport *tr, const char *path, char **cause)
{
	if (sftp_ready(tr, cause))
		return -1;
	if (sftp_unlink(tr->sftp, path) == 0 ||
	    sftp_get_error(tr->sftp) == SSH_FX_NO_SUCH_FILE)
		return 0;
	return transport_sftp_fail(tr, cause, "remove", path);
}

int transport_remove(struct transport *tr, const char *path, char **cause)
{
	tr->err = 0;
	return transport_result(tr, remove_body(tr, path, cause));
}

static int mkdir_p_body(struct transport *tr, const char *dir, unsigned mode,
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
			rc = st.exists ? -1 : transport_sftp_fail(tr, cause, "create directory", p);
			break;
		}
		if (!slash)
			break;
		*slash = '/';
	}
	free(p);
	return rc;
}

int transport_mkdir_p(struct transport *tr, const char *dir, unsigned mode,
		      char **cause)
{
	tr->err = 0;
	return transport_result(tr, mkdir_p_body(tr, dir, mode, cause));
}
