/*
 * import_daemons.c: cgroup.conf and slurmdbd.conf into the inventory.
 * cgroup.conf has no modelled key: every setting the release takes goes
 * to cluster.cgroup_conf. slurmdbd.conf's storage keys fill database:,
 * its host, port and user keys must agree with slurm.conf's (they are
 * rendered from the same inventory keys), the password becomes a
 * password_file reference, the rest (Purge*After, Archive*, ...) goes to
 * cluster.slurmdbd_conf.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import_daemons.h"
#include "slurm/slurmkeys.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"
#include "base/yamlout.h"
#include "import/import_ctx.h"

/* Appends "    Key: value" for every setting of c the release takes. */
static void emit_settings(struct imp *im, enum slurmkeys_table t, const struct slurmconf *c,
			  const char *const *skip, const char *section, struct strbuf *out)
{
	struct strbuf body = STRBUF_INIT;

	for (size_t i = 0; c && i < c->n; i++) {
		const struct slurmconf_line *l = &c->lines[i];
		bool modelled = false;

		for (size_t k = 0; skip && skip[k]; k++)
			modelled |= imp_key_is(l, skip[k]);
		if (modelled || imp_key_unsayable(im, t, l, &body))
			continue;
		imp_comments(im, l->path, l->lineno, "    ", &body);
		strbuf_addf(&body, "    %s: ", l->kv[0].key);
		imp_conf_value(&body, l->kv[0].value);
		strbuf_addch(&body, '\n');
	}
	if (body.len)
		strbuf_addf(out, "  %s:\n%s", section, body.buf);
	strbuf_release(&body);
}

void imp_emit_cgroup(struct imp *im, const struct slurmconf *cg, struct strbuf *out)
{
	emit_settings(im, SLURMKEYS_CGROUP, cg, NULL, "cgroup_conf", out);
}

static const char *setting(const struct slurmconf *c, const char *key)
{
	const struct slurmconf_line *l = c ? slurmread_setting(c, key) : NULL;

	return l ? l->kv[0].value : NULL;
}

/*
 * A slurmdbd.conf key rendered from the same inventory key as slurm.conf's
 * key conf_key: it must say the same (want, or dflt when slurm.conf is silent).
 */
static void must_agree(struct imp *im, const struct slurmconf *dbd, const char *key,
		       const char *want, const char *alt)
{
	const struct slurmconf_line *l = slurmread_setting(dbd, key);

	if (!l || !want || !strcmp(l->kv[0].value, want) ||
	    (alt && !strcmp(l->kv[0].value, alt)))
		return;
	imp_problem(im, l->path, l->lineno, "%s=%s: the inventory renders %s here (from "
		    "slurm.conf): not in the schema: left out", key, l->kv[0].value, want);
}

bool imp_local_host(const char *h)
{
	return !strcasecmp(h, "localhost") || !strcmp(h, "127.0.0.1") || !strcmp(h, "::1");
}

void imp_emit_dbd(struct imp *im, const struct slurmconf *dbd, struct strbuf *out,
		  struct strbuf *db)
{
	static const char *const modelled[] = {
		"DbdHost", "DbdAddr", "DbdPort", "SlurmUser", "StorageHost", "StoragePort",
		"StorageUser", "StorageLoc", "StoragePass", NULL,
	};
	static const char *const db_keys[][2] = {
		{ "StoragePort", "port" }, { "StorageLoc", "name" }, { "StorageUser", "user" },
	};
	const char *v, *port = setting(&im->conf, "AccountingStoragePort");
	const char *user = setting(&im->conf, "SlurmUser");
	const struct slurmconf_line *pass;

	if (!dbd)
		return;
	must_agree(im, dbd, "DbdHost", im->dbd, NULL);
	must_agree(im, dbd, "DbdAddr", im->dbd_addr ? im->dbd_addr : im->dbd,
		   im->dbd && im->controller &&
		   !strcmp(im->dbd, im->controller) ? im->controller_addr : NULL);
	must_agree(im, dbd, "DbdPort", port ? port : "6819", NULL);
	must_agree(im, dbd, "SlurmUser", user ? user : "root", NULL);
	emit_settings(im, SLURMKEYS_SLURMDBD, dbd, modelled, "slurmdbd_conf", out);
	strbuf_addstr(db, "\ndatabase:\n");
	/*
	 * clusterctl reaches MariaDB as slurmdbd does, from slurmdbd's host,
	 * through its SSH server: where the admin runs clusterctl seldom
	 * reaches the database itself (MariaDB on slurmdbd's loopback, or on
	 * the cluster's network only). host is then as slurmdbd has it.
	 */
	if ((v = setting(dbd, "StorageHost"))) {
		strbuf_addstr(db, "  # reached as slurmdbd reaches it, through this host's SSH server\n"
			      "  tunnel: ");
		yamlout_scalar(db, im->dbd && !imp_local_host(im->dbd) ? im->dbd : im->controller);
		strbuf_addstr(db, "\n  host: ");
		yamlout_scalar(db, v);
		strbuf_addch(db, '\n');
	}
	for (size_t k = 0; k < ARRAY_SIZE(db_keys); k++)
		if ((v = setting(dbd, db_keys[k][0]))) {
			strbuf_addf(db, "  %s: ", db_keys[k][1]);
			yamlout_scalar(db, v);
			strbuf_addch(db, '\n');
		}
	if ((pass = slurmread_setting(dbd, "StoragePass")))
		strbuf_addf(db, "  # StoragePass (%s:%u) is not printed: it goes in this file, "
			    "mode 0600\n  # (import cluster -o FILE writes it beside FILE)\n"
			    "  password_file: slurmdbd.pass\n", pass->path, pass->lineno);
}
