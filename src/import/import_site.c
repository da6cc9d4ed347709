/*
 * import_site.c: "import cluster HOST... --site DIR": the clusters of one
 * accounting database, each read from its controller as import cluster
 * reads one, written as a site (docs/site.md): DIR/site.yaml with the
 * database: section they share, DIR/CLUSTER.yaml per cluster. A cluster
 * whose slurmdbd another one runs keeps nothing of that slurmdbd (its
 * accounting_host, slurmdbd_conf and the host entry): the site gives it
 * the host again. The accounting is read once, from the database, as
 * "import accounting SITE" reads it (acct_import_site.h), into site.yaml:
 * the clusters' files keep none (when the database cannot be read, the
 * partitions' QoS and accounts are named, as import cluster names them).
 * The database's clusters no controller was given for are named problems.
 *
 * The cluster files are import's own YAML edited as text: its top-level
 * blocks start at column 0, the cluster's keys at column 2.
 */
#include "base/compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "import/acct_import_site.h"
#include "import/import_cluster.h"
#include "import/import_site.h"
#include "inventory/inventory.h"
#include "inventory/model.h"

/* One controller's import. */
struct imported {
	struct strbuf yaml;
	struct model *m;	/* its YAML loaded: the names in it */
	char *password;		/* slurmdbd.conf's StoragePass, a secret; or NULL */
};

static size_t line_end(const char *s, size_t i)
{
	const char *nl = strchr(s + i, '\n');

	return nl ? (size_t)(nl - s) + 1 : strlen(s);
}

/*
 * Cuts the line at i that starts with head and the lines after it that
 * are indented deeper than indent columns or blank (the block under it);
 * into cut when not NULL. True when there was such a line.
 */
static bool cut_block(struct strbuf *sb, const char *head, unsigned indent,
		      struct strbuf *cut)
{
	size_t i = 0, j, n = strlen(head);

	while (i < sb->len && strncmp(sb->buf + i, head, n))
		i = line_end(sb->buf, i);
	if (i >= sb->len)
		return false;
	for (j = line_end(sb->buf, i); j < sb->len; j = line_end(sb->buf, j)) {
		size_t sp = strspn(sb->buf + j, " ");

		if (sb->buf[j + sp] != '\n' && sp <= indent)
			break;
	}
	if (cut)
		strbuf_add(cut, sb->buf + i, j - i);
	memmove(sb->buf + i, sb->buf + j, sb->len - j + 1);
	sb->len -= j - i;
	return true;
}

/* The host of name m's slurmdbd runs on, when no other role is its. */
static bool dbd_only(const struct model *m, const char *name)
{
	for (size_t i = 0; i < model_n_declared(m); i++)
		if (!strcmp(m->hosts[i].name, name))
			return m->hosts[i].roles == ROLE_DBD;
	return false;
}

/*
 * The site's slurmdbd host: the first cluster's whose host runs it with
 * another role (its controller, say), else the first cluster's. Its index.
 */
static size_t dbd_owner(const struct imported *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *h = v[i].m->cluster.accounting_host;

		if (h && !dbd_only(v[i].m, h))
			return i;
	}
	return 0;
}

/* Cluster i without the slurmdbd the site gives it (the owner's). */
static void drop_dbd(struct imported *c, const char *dbd)
{
	char *entry = xasprintf("  - {names: %s, roles: [dbd]}", dbd);

	cut_block(&c->yaml, "  accounting_host:", 2, NULL);
	cut_block(&c->yaml, "  accounting_address:", 2, NULL);
	cut_block(&c->yaml, "  slurmdbd_conf:", 2, NULL);
	cut_block(&c->yaml, entry, 2, NULL);
	free(entry);
}

static int write_file(const char *dir, const char *name, const struct strbuf *sb,
		      struct strbuf *wrote, char **cause)
{
	char *path = xasprintf("%s/%s", dir, name);
	int rc = fileio_write_new(path, sb->buf, sb->len, 0644);

	if (rc < 0)
		*cause = xasprintf("cannot write '%s': %s", path, strerror(errno));
	else
		strbuf_addf(wrote, "%s%s", wrote->len ? ", " : "", path);
	free(path);
	return rc;
}

/*
 * Moves cluster c's qos: entries into qos (the site's, one entry per
 * name: the first cluster's wins): a QoS is a row of the whole database.
 */
static void take_qos(struct imported *c, struct strbuf *qos)
{
	struct strbuf block = STRBUF_INIT;

	if (!cut_block(&c->yaml, "qos:", 0, &block)) {
		strbuf_release(&block);
		return;
	}
	if (!qos->len)
		strbuf_addstr(qos, "qos:\n");
	/* an entry: "  - ..." and the lines deeper under it */
	for (size_t i = line_end(block.buf, 0), j; i < block.len; i = j) {
		char *entry, *name, *at;

		for (j = line_end(block.buf, i); j < block.len && !strncmp(block.buf + j, "    ", 4);
		     j = line_end(block.buf, j))
			;
		entry = xstrndup(block.buf + i, j - i);
		at = strstr(entry, "name: ");
		name = at ? xstrndup(at + 6, strcspn(at + 6, ",}\n")) : NULL;
		if (!strncmp(entry, "  - ", 4) && !(name && strstr(qos->buf, name)))
			strbuf_addstr(qos, entry);
		free(name);
		free(entry);
	}
	strbuf_release(&block);
}

/*
 * Cuts the QoS and accounts the partitions name (import_nodes.c's stubs,
 * with their comments) from cluster c: the site file has the accounting.
 */
static void drop_stubs(struct imported *c)
{
	static const char *const lines[] = {
		"# The QoS the partitions name", "# with their settings (use its qos:",
		"# The accounts the partitions name", "# whole tree (use its accounts:",
	};

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		cut_block(&c->yaml, lines[i], 0, NULL);
	cut_block(&c->yaml, "qos:", 0, NULL);
	cut_block(&c->yaml, "accounts:", 0, NULL);
}

static int write_secret(const char *dir, const char *password, char **cause)
{
	char *path = xasprintf("%s/slurmdbd.pass", dir);
	int rc = fileio_write_new(path, password, strlen(password), 0600);

	if (rc < 0)
		*cause = xasprintf("cannot write '%s': %s", path, strerror(errno));
	free(path);
	return rc;
}

/*
 * DIR/site.yaml and DIR/CLUSTER.yaml of the imports v[0..n); acct: the
 * site's qos:, accounts: and users:, or empty: the partitions' QoS, as
 * each cluster names them, moved to the site.
 */
static int write_site(const char *dir, struct imported *v, size_t n,
		      const struct strbuf *acct, struct strbuf *wrote, char **cause)
{
	struct strbuf site = STRBUF_INIT, db = STRBUF_INIT, qos = STRBUF_INIT;
	size_t owner = dbd_owner(v, n);
	const char *dbd = v[owner].m->cluster.accounting_host;
	int rc = 0;

	strbuf_addf(&site, "# A site of %zu clusters on one accounting database, imported by\n"
		    "# clusterctl from their controllers (docs/site.md).\nsite: {name: ",
		    n);
	strbuf_addstr(&site, v[0].m->cluster.name);
	strbuf_addstr(&site, "}\nclusters: [");
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(&site, "%s%s.yaml", i ? ", " : "", v[i].m->cluster.name);
		/* one database: section, the site's */
		cut_block(&v[i].yaml, "database:", 0, db.len ? NULL : &db);
		if (acct->len)
			drop_stubs(&v[i]);
		else
			take_qos(&v[i], &qos);
		if (i != owner && dbd && v[i].m->cluster.accounting_host &&
		    !strcmp(v[i].m->cluster.accounting_host, dbd))
			drop_dbd(&v[i], dbd);
	}
	strbuf_addf(&site, "]\n\n%s", db.buf);
	/* the database: block ends with its blank line, if any */
	if ((qos.len || acct->len) && !(db.len > 1 && !strcmp(db.buf + db.len - 2, "\n\n")))
		strbuf_addch(&site, '\n');
	strbuf_addstr(&site, acct->len ? acct->buf : qos.buf);
	if (fileio_mkdir_p(dir) < 0) {
		*cause = xasprintf("cannot create '%s': %s", dir, strerror(errno));
		rc = -1;
	}
	if (rc == 0)
		rc = write_file(dir, "site.yaml", &site, wrote, cause);
	/* the database: section names slurmdbd.pass beside it (import cluster -o's) */
	if (rc == 0 && v[owner].password)
		rc = write_secret(dir, v[owner].password, cause);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		char *name = xasprintf("%s.yaml", v[i].m->cluster.name);

		rc = write_file(dir, name, &v[i].yaml, wrote, cause);
		free(name);
	}
	strbuf_release(&site);
	strbuf_release(&db);
	strbuf_release(&qos);
	return rc;
}

/* The clusters of the database no controller was given for: problems. */
static int missing_clusters(const char *spec, const struct import_site_opts *o,
			    const struct imported *v, size_t n, struct strbuf *problems,
			    char **cause)
{
	struct strbuf names = STRBUF_INIT;
	int count = 0;

	if (import_cluster_db_names(spec, o->ssh_config, o->accept_new, &names, cause) < 0) {
		strbuf_release(&names);
		return -1;
	}
	for (const char *p = names.buf; *p;) {
		size_t len = strcspn(p, "\n");
		bool have = false;

		for (size_t i = 0; !have && i < n; i++)
			have = strlen(v[i].m->cluster.name) == len &&
			       !strncmp(v[i].m->cluster.name, p, len);
		if (len && !have) {
			strbuf_addf(problems, "cluster '%.*s' of the database is not imported: "
				    "give its controller too\n", (int)len, p);
			count++;
		}
		p += len + (p[len] == '\n');
	}
	strbuf_release(&names);
	return count;
}

/*
 * The accounting of the clusters v[0..n_v) in their database, read once
 * through the slurmdbd host's cluster's database: section (its tunnel)
 * with its slurmdbd.conf password, into acct. Not read: a problem, acct empty. The problems.
 */
static int read_site_acct(struct imported *v, size_t n_v, bool accept_new,
			  struct strbuf *acct, struct strbuf *problems)
{
	struct imported *owner = &v[dbd_owner(v, n_v)];
	struct model *m = owner->m;
	const char **names = xcalloc(n_v, sizeof(*names));
	char *cause = NULL;
	int n;

	/* the clusters imported (one the database has besides is named apart) */
	for (size_t i = 0; i < n_v; i++)
		names[i] = v[i].m->cluster.name;
	m->db.password = owner->password;
	m->db.password_file = m->db.password_env = NULL;
	n = acct_import_db_site(m, accept_new, names, n_v, acct, problems, &cause);
	m->db.password = NULL;
	free(names);
	if (n < 0) {
		strbuf_reset(acct);
		strbuf_addf(problems, "the accounting (QoS, accounts, users) could not be read: "
			    "%s; the partitions' QoS and accounts are named only ('clusterctl "
			    "import accounting DIR/site.yaml' reads the rest later)\n", cause);
		n = 1;
	}
	free(cause);
	return n;
}

/* Reads controller spec into c: its YAML, and that YAML loaded. */
static int import_one(const char *spec, const struct import_site_opts *o,
		      struct imported *c, struct strbuf *problems, char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	int rc = import_cluster_spec_bare(spec, o->ssh_config, o->accept_new, o->config_dir,
					  &c->yaml, problems, &c->password, cause);

	if (rc < 0)
		return -1;
	c->m = inventory_load_string(spec, c->yaml.buf, c->yaml.len, &dl);
	if (!c->m || !c->m->cluster.name) {
		*cause = xasprintf("'%s': the imported cluster names no cluster", spec);
		rc = -1;
	}
	diag_release(&dl);
	return rc;
}

int import_site(const char *const *specs, size_t n, const struct import_site_opts *o,
		struct strbuf *wrote, struct strbuf *problems, char **cause)
{
	struct imported *v = xcalloc(n + 1, sizeof(*v));
	struct strbuf acct = STRBUF_INIT;
	int rc = 0, count = 0;

	for (size_t i = 0; rc >= 0 && i < n; i++) {
		strbuf_init(&v[i].yaml);
		rc = import_one(specs[i], o, &v[i], problems, cause);
		count += rc > 0 ? rc : 0;
	}
	for (size_t i = 0; rc >= 0 && i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(v[i].m->cluster.name, v[j].m->cluster.name)) {
				*cause = xasprintf("'%s' and '%s' are both cluster '%s'",
						   specs[j], specs[i], v[i].m->cluster.name);
				rc = -1;
				break;
			}
	if (rc >= 0 && (rc = missing_clusters(specs[0], o, v, n, problems, cause)) >= 0) {
		count += rc + read_site_acct(v, n, o->accept_new, &acct, problems);
		rc = write_site(o->dir, v, n, &acct, wrote, cause);
	}
	strbuf_release(&acct);
	for (size_t i = 0; i < n; i++) {
		strbuf_release(&v[i].yaml);
		model_free(v[i].m);
		if (v[i].password)
			xfree_secret(v[i].password, strlen(v[i].password));
	}
	free(v);
	return rc < 0 ? -1 : count;
}
