/*
 * import_cluster.c: a running cluster's controller read over SSH into the
 * struct import_source import_nodes() takes: the configuration files
 * (includes read through the same session), the release and the service
 * users, and the ssh: section that reached it.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/acct_import.h"
#include "import/import_cluster.h"
#include "import/import_daemons.h"
#include "import/import_hw.h"
#include "import/import_nodes.h"
#include "slurm/slurmread.h"
#include "base/diag.h"
#include "base/strbuf.h"
#include "inventory/inventory.h"
#include "inventory/model.h"
#include "transport/transport.h"
#include "transport/transport_exec.h"
#include "transport/transport_sftp.h"
#include "transport/transport_ssh.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "slurm/slurmconf.h"

/* slurmread_fn over a transport: a file the controller does not have is an error. */
static int remote_read(void *arg, const char *path, char **text, size_t *len, char **cause)
{
	struct transport *tr = arg;
	struct strbuf sb = STRBUF_INIT;
	struct remote_stat st;

	if (transport_read_file(tr, path, &sb, &st, cause) < 0)
		return -1;
	if (!st.exists) {
		strbuf_release(&sb);
		*cause = xasprintf("%s:%s: cannot read: No such file or directory",
				   transport_host(tr), path);
		return -1;
	}
	*text = strbuf_detach(&sb, len);
	return 0;
}

/* import_mode_fn over a transport */
static int remote_mode(void *arg, const char *path, unsigned *mode, long long *uid,
		       long long *gid)
{
	struct remote_stat st;
	char *cause = NULL;

	if (transport_stat(arg, path, &st, &cause) < 0 || !st.exists) {
		free(cause);
		return -1;
	}
	*mode = st.mode;
	*uid = st.uid;
	*gid = st.gid;
	return 0;
}

/* Reads dir/name into f when the controller has it (required: always). */
static int read_remote(struct transport *tr, const char *dir, const char *name,
		       bool required, struct import_file *f, char **cause)
{
	char *path = xasprintf("%s/%s", dir, name), *text = NULL;
	struct remote_stat st;
	size_t len = 0;

	if (!required && transport_stat(tr, path, &st, cause) < 0) {
		free(path);
		return -1;
	}
	if (!required && !st.exists) {
		free(path);
		return 0;
	}
	if (remote_read(tr, path, &text, &len, cause) < 0) {
		free(path);
		return -1;
	}
	f->path = path;
	f->text = text;
	f->len = len;
	return 0;
}

/* The first line cmd prints on the controller (newly allocated), or NULL + *cause. */
static char *remote_line(struct transport *tr, const char *cmd, char **cause)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int status = -1;
	char *line = NULL;

	if (transport_run(tr, cmd, &out, &err, &status, cause) < 0)
		goto out;
	if (status != 0 || !out.len) {
		*cause = xasprintf("'%s': %s: exit %d%s%.200s", transport_host(tr), cmd, status,
				   err.len ? ": " : "", err.buf);
		goto out;
	}
	line = xstrndup(out.buf, strcspn(out.buf, "\n"));
out:
	strbuf_release(&out);
	strbuf_release(&err);
	return line;
}

/* "slurm 24.11.1" -> "24.11.1" */
static char *read_release(struct transport *tr, char **cause)
{
	char *line = remote_line(tr, "slurmctld -V 2>&1 || /usr/sbin/slurmctld -V 2>&1", cause);
	char *sp, *v;

	if (!line)
		return NULL;
	sp = strrchr(line, ' ');
	v = xstrdup(sp ? sp + 1 : line);
	free(line);
	return v;
}

/* name's UID and GID into u from the controller's getent passwd; -1 when it has no such user. */
static int read_user(struct transport *tr, const char *name, struct import_user *u,
		     char **cause)
{
	struct strbuf cmd = STRBUF_INIT;
	char *line, *f[4] = { 0 }, *s;

	u->uid = u->gid = -1;
	strbuf_addstr(&cmd, "getent passwd ");
	transport_shell_quote(&cmd, name);
	strbuf_addstr(&cmd, " || true");
	line = remote_line(tr, cmd.buf, cause);
	strbuf_release(&cmd);
	if (!line) {
		/* no such user: getent prints nothing */
		free(*cause);
		*cause = NULL;
		return 0;
	}
	s = line;
	for (int k = 0; k < 4 && s; k++) {
		f[k] = s;
		if ((s = strchr(s, ':')))
			*s++ = '\0';
	}
	if (f[3]) {
		u->uid = strtoll(f[2], NULL, 10);
		u->gid = strtoll(f[3], NULL, 10);
	}
	free(line);
	return 0;
}

/*
 * The ssh: section that reached the controller: what t set beyond the
 * defaults, the ssh_config given (which names the identity and
 * known_hosts) by its absolute path: where the YAML will live is not
 * known here, and credential paths are not confined (pathtrust.h).
 */
static char *ssh_yaml(const struct transport_target *t)
{
	struct strbuf sb = STRBUF_INIT;
	char *abs;

	if (!t->user && !t->port && !t->ssh_config)
		return NULL;
	strbuf_addstr(&sb, "\nssh:\n");
	if (t->user) {
		strbuf_addstr(&sb, "  user: ");
		yamlout_scalar(&sb, t->user);
		strbuf_addch(&sb, '\n');
	}
	if (t->port)
		strbuf_addf(&sb, "  port: %d\n", t->port);
	if (t->ssh_config) {
		abs = realpath(t->ssh_config, NULL);
		strbuf_addstr(&sb, "  # the ssh_config the import went through (its IdentityFile and\n"
			      "  # UserKnownHostsFile)\n  config: ");
		yamlout_scalar(&sb, abs ? abs : t->ssh_config);
		strbuf_addch(&sb, '\n');
		free(abs);
	}
	return strbuf_detach(&sb, NULL);
}

/* The SlurmUser slurm.conf names (the last one), or NULL. */
static char *slurm_user_of(const struct import_file *conf)
{
	struct slurmconf c = { 0 };
	char *cause = NULL, *name = NULL;

	if (slurmread_settings(conf->path, conf->text, conf->len, &c, &cause) == 0 &&
	    slurmread_setting(&c, "SlurmUser"))
		name = xstrdup(slurmread_setting(&c, "SlurmUser")->kv[0].value);
	free(cause);
	slurmconf_release(&c);
	return name;
}

/*
 * The host slurmdbd runs on when slurm.conf (resolved: src->read for its
 * includes) names one other than the controller, reached as reached:
 * AccountingStorageHost= with accounting_storage/slurmdbd that is neither
 * that name, nor the first SlurmctldHost's name or address, nor this
 * host's own name for itself. NULL otherwise (a slurm.conf that does not
 * read is import_nodes()'s to report). Newly allocated.
 */
static char *dbd_elsewhere(const struct import_source *src, const char *reached)
{
	struct slurmconf c = { 0 };
	const struct slurmconf_line *type, *host, *ctl;
	char *cause = NULL, *name = NULL, *addr = NULL, *h = NULL;

	if (slurmread_conf_text(src->conf.path, src->conf.text, src->conf.len, src->read,
				src->read_arg, &c, &cause) < 0)
		goto out;
	type = slurmread_setting(&c, "AccountingStorageType");
	host = slurmread_setting(&c, "AccountingStorageHost");
	if (!type || !host || strcasecmp(type->kv[0].value, "accounting_storage/slurmdbd"))
		goto out;
	if ((ctl = slurmread_setting(&c, "SlurmctldHost")))
		imp_split_host(ctl->kv[0].value, &name, &addr);
	h = host->kv[0].value;
	if (strcmp(h, reached) && !imp_local_host(h) && (!name || strcmp(h, name)) &&
	    (!addr || strcmp(h, addr)))
		h = xstrdup(h);
	else
		h = NULL;
out:
	free(cause);
	free(name);
	free(addr);
	slurmconf_release(&c);
	return h;
}

/*
 * slurmdbd.conf from dbd, the host slurmdbd runs on, through the same SSH
 * settings as t into src->dbd (named "dbd:DIR/slurmdbd.conf"), in place of
 * any copy the controller holds (slurmdbd never reads that one). A host
 * that cannot be reached, or has no slurmdbd.conf, is a problem named in
 * problems: its retention (Purge*After) and other settings would be lost
 * without a word. The number of problems added.
 */
static int read_dbd_conf(const struct transport_target *t, const char *dbd, const char *dir,
			 struct import_source *src, struct strbuf *problems)
{
	struct transport_target d = *t;
	struct transport *tr = NULL;
	struct import_file f = { 0 };
	char *why = NULL;
	int n = 0;

	free((char *)src->dbd.path);
	free((char *)src->dbd.text);
	memset(&src->dbd, 0, sizeof(src->dbd));
	d.host = dbd;
	d.address = NULL;
	if (transport_connect(&d, &tr, &why) < 0 ||
	    read_remote(tr, dir, "slurmdbd.conf", false, &f, &why) < 0 || !f.path) {
		strbuf_addf(problems, "%s:%s/slurmdbd.conf: slurm.conf's AccountingStorageHost=%s "
			    "runs slurmdbd, whose slurmdbd.conf could not be read (%s): its "
			    "settings (Purge*After retention, ...) are not imported\n", dbd, dir,
			    dbd, why ? why : "no such file");
		n = 1;
	} else {
		src->dbd.path = xasprintf("%s:%s", dbd, f.path);
		src->dbd.text = f.text;
		src->dbd.len = f.len;
		f.text = NULL;
	}
	free((char *)f.path);
	free((char *)f.text);
	free(why);
	transport_close(tr);
	return n;
}

/* slurmdbd.conf's StoragePass (the last one), or NULL; newly allocated, a secret. */
static char *storage_pass(const struct import_file *dbd)
{
	struct slurmconf c = { 0 };
	const struct slurmconf_line *l;
	char *cause = NULL, *pass = NULL;

	if (dbd->path && slurmread_settings(dbd->path, dbd->text, dbd->len, &c, &cause) == 0 &&
	    (l = slurmread_setting(&c, "StoragePass")))
		pass = xstrdup(l->kv[0].value);
	free(cause);
	slurmconf_release(&c);
	return pass;
}

/* What reading the accounting needs besides the YAML: import_source.accounting's arg. */
struct acct_read {
	const char *pass;	/* slurmdbd.conf's StoragePass; NULL: none */
	bool accept_new;
};

/*
 * import_source.accounting: the database the YAML's database: section
 * names, through its tunnel, with slurmdbd.conf's password (held in
 * memory only). A database that cannot be read is a problem, not a
 * failure: the rest of the cluster is still imported.
 */
static int read_accounting(void *arg, struct strbuf *yaml, struct strbuf *problems,
			   bool *read)
{
	const struct acct_read *a = arg;
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("imported.yaml", yaml->buf, yaml->len, &dl);
	struct strbuf acct = STRBUF_INIT;
	char *cause = NULL;
	int n = 0;

	*read = false;
	/* no database: no accounting to read (slurmdbd.conf's problem, if any, is named) */
	if (m && m->db.host) {
		m->db.password = a->pass;
		m->db.password_file = m->db.password_env = NULL;
		n = acct_import_db(m, a->accept_new, &acct, problems, &cause);
	}
	if (n < 0) {
		strbuf_addf(problems, "the accounting (QoS, accounts, users) could not be read: "
			    "%s; the partitions' QoS and accounts are named only ('clusterctl "
			    "import accounting' reads the rest later)\n", cause);
		n = 1;
	} else if (acct.len) {
		strbuf_addch(yaml, '\n');
		strbuf_add(yaml, acct.buf, acct.len);
		*read = true;
	}
	free(cause);
	strbuf_release(&acct);
	model_free(m);
	diag_release(&dl);
	return n;
}

/* import_cluster(), with the accounting read from the database or not */
static int import_at(const struct transport_target *t, const char *config_dir,
		     struct import_carry *carry, bool accounting, struct strbuf *out,
		     struct strbuf *problems, char **password, char **cause)
{
	struct import_source src = { .read = remote_read, .carry = carry, .mode = remote_mode,
				     .accounting = accounting ? read_accounting : NULL };
	struct acct_read acct = { .accept_new = t->accept_new_host_keys };
	struct transport *tr = NULL;
	const char *dir = config_dir ? config_dir : "/etc/slurm";
	char *dbd = NULL, *pass = NULL;
	int rc = -1, n_dbd = 0;

	if (transport_connect(t, &tr, cause) < 0)
		return -1;
	src.read_arg = tr;
	if (read_remote(tr, dir, "slurm.conf", true, &src.conf, cause) < 0 ||
	    read_remote(tr, dir, "gres.conf", false, &src.gres, cause) < 0 ||
	    read_remote(tr, dir, "cgroup.conf", false, &src.cgroup, cause) < 0 ||
	    read_remote(tr, dir, "slurmdbd.conf", false, &src.dbd, cause) < 0 ||
	    !(src.release = read_release(tr, cause)))
		goto out;
	/* slurmdbd on a host of its own: its slurmdbd.conf is there */
	if ((dbd = dbd_elsewhere(&src, t->host)))
		n_dbd = read_dbd_conf(t, dbd, dir, &src, problems);
	/* slurmctld runs as root without SlurmUser=: nothing to carry then */
	src.slurm_user.name = slurm_user_of(&src.conf);
	if (src.slurm_user.name &&
	    read_user(tr, src.slurm_user.name, &src.slurm_user, cause) < 0)
		goto out;
	src.munge_user.name = "munge";
	if (read_user(tr, "munge", &src.munge_user, cause) < 0)
		goto out;
	if (src.munge_user.uid < 0)
		src.munge_user.name = NULL;
	src.ssh_yaml = ssh_yaml(t);
	acct.pass = pass = storage_pass(&src.dbd);
	src.accounting_arg = &acct;
	rc = import_nodes(&src, out, problems, cause);
	if (rc >= 0)
		rc += n_dbd;
	if (rc >= 0 && password) {
		*password = pass;
		pass = NULL;
	}
out:
	if (pass)
		xfree_secret(pass, strlen(pass));
	free(dbd);
	import_source_release(&src);
	transport_close(tr);
	return rc;
}

int import_cluster(const struct transport_target *t, const char *config_dir,
		   struct import_carry *carry, struct strbuf *out,
		   struct strbuf *problems, char **password, char **cause)
{
	return import_at(t, config_dir, carry, true, out, problems, password, cause);
}

/* "[USER@]HOST[:PORT]" into t; t's strings point into the returned copy (caller frees). */
static char *spec_target(const char *spec, struct transport_target *t)
{
	char *copy = xstrdup(spec), *host = copy, *at = strchr(copy, '@'), *colon;

	if (at) {
		*at = '\0';
		t->user = copy;
		host = at + 1;
	}
	if ((colon = strrchr(host, ':'))) {
		*colon = '\0';
		t->port = atoi(colon + 1);
	}
	t->host = host;
	return copy;
}

static int spec_import(const char *spec, const char *ssh_config, bool accept_new,
		       const char *config_dir, struct import_carry *carry, bool accounting,
		       struct strbuf *out, struct strbuf *problems, char **password,
		       char **cause)
{
	struct transport_target t = {
		.ssh_config = ssh_config,
		.accept_new_host_keys = accept_new,
	};
	char *copy = spec_target(spec, &t);
	int rc = import_at(&t, config_dir, carry, accounting, out, problems, password, cause);

	free(copy);
	return rc;
}

int import_cluster_spec(const char *spec, const char *ssh_config, bool accept_new,
			const char *config_dir, struct import_carry *carry,
			struct strbuf *out, struct strbuf *problems, char **password,
			char **cause)
{
	return spec_import(spec, ssh_config, accept_new, config_dir, carry, true, out,
			   problems, password, cause);
}

int import_cluster_spec_bare(const char *spec, const char *ssh_config, bool accept_new,
			     const char *config_dir, struct strbuf *out,
			     struct strbuf *problems, char **password, char **cause)
{
	return spec_import(spec, ssh_config, accept_new, config_dir, NULL, false, out,
			   problems, password, cause);
}

int import_cluster_db_names(const char *spec, const char *ssh_config, bool accept_new,
			    struct strbuf *names, char **cause)
{
	struct transport_target t = {
		.ssh_config = ssh_config,
		.accept_new_host_keys = accept_new,
	};
	struct strbuf err = STRBUF_INIT;
	struct transport *tr = NULL;
	char *copy = spec_target(spec, &t);
	int status = -1, rc = -1;

	if (transport_connect(&t, &tr, cause) < 0)
		goto out;
	if (transport_run(tr, "sacctmgr -n -P show cluster format=Cluster", names, &err,
			  &status, cause) < 0)
		goto out;
	if (status != 0) {
		*cause = xasprintf("'%s': sacctmgr show cluster: exit %d%s%.200s", t.host,
				   status, err.len ? ": " : "", err.buf);
		goto out;
	}
	rc = 0;
out:
	strbuf_release(&err);
	transport_close(tr);
	free(copy);
	return rc;
}
