/*
 * view_daemons.c: the small files of the daemons (view_daemons.h):
 * cgroup.conf, slurmdbd.conf, and the start arguments (/etc/default/slurmd,
 * sackd) of a host that fetches its configuration in configless mode.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "render/placeholder.h"
#include "render/view.h"
#include "render/view_daemons.h"
#include "inventory/model.h"

static const struct default_setting cgroup_defaults[] = {
	{ "ConstrainCores", "yes" },
	{ "ConstrainDevices", "yes" },
	{ "ConstrainRAMSpace", "yes" },
	{ NULL, NULL }
};

static const struct default_setting slurmdbd_defaults[] = {
	{ "DebugLevel", "info" },
	{ "PidFile", "/run/slurmdbd.pid" },
	{ NULL, NULL }
};


/* ---- cgroup.conf ---- */

json_t *view_cgroup_conf(const struct model *m)
{
	const struct kv_list *pass = &m->cluster.cgroup_conf;
	json_t *ctx = json_object(), *a = view_defaults_only(&m->cluster, pass, cgroup_defaults);

	view_set_str(ctx, "cluster", m->cluster.name);
	json_object_set_new(ctx, "settings", a);
	json_object_set_new(ctx, "site", view_site_settings(pass, NULL));
	return ctx;
}

/* ---- slurmdbd.conf ---- */

json_t *view_slurmdbd_conf(const struct model *m)
{
	const struct cluster *c = &m->cluster;
	const struct db_settings *db = &m->db;
	const struct kv_list *pass = &c->slurmdbd_conf;
	const struct host *dbd = model_dbd_host(m);
	json_t *ctx = json_object(), *a = json_array();

	if (c->defaults != DEFAULTS_SLURM)	/* Slurm's own default too */
		view_setting(a, pass, "AuthType", "auth/munge");
	/* no DbdAddr but the one slurm.conf gives: Slurm takes DbdHost's */
	if (dbd)
		view_setting(a, pass, "DbdHost", dbd->name);
	if (dbd && c->accounting_address)
		view_setting(a, pass, "DbdAddr", c->accounting_address);
	view_setting_num(a, pass, "DbdPort", c->slurmdbd_port, 6819);
	view_setting(a, pass, "SlurmUser", c->slurm_user.name);
	view_settings_table(a, c, pass, slurmdbd_defaults);
	/* the database: section is MariaDB, whatever the defaults */
	view_setting(a, pass, "StorageType", "accounting_storage/mysql");
	view_setting(a, pass, "StorageHost", db_storage_host(db));
	view_setting_num(a, pass, "StoragePort", db_port(db), MODEL_DB_PORT);
	view_setting(a, pass, "StorageUser", db_user(db));
	view_setting(a, pass, "StorageLoc", db_name(db));
	/* never the password: apply puts it in when it writes the file */
	json_array_append_new(a, view_kv_pair("StoragePass", RENDER_SECRET_DB_PASSWORD));
	view_set_str(ctx, "cluster", c->name);
	json_object_set_new(ctx, "settings", a);
	json_object_set_new(ctx, "site", view_site_settings(pass, (const char *const[]){
		"StoragePass", NULL }));
	return ctx;
}

/* ---- /etc/default/slurmd and sackd (configless) ---- */

/*
 * "address:port" of a controller as Slurm reaches it: the address
 * SlurmctldHost gives it apart from the host's, else the host's address
 * (its name when it has none).
 */
static void add_conf_server(struct strbuf *sb, const struct model *m,
			    const struct host *h)
{
	const char *addr = view_ctld_site_addr(&m->cluster, h->name);

	if (!addr)
		addr = h->address ? h->address : h->name;
	strbuf_addf(sb, "%s%s:%lld", sb->len ? "," : "", addr,
		    m->cluster.slurmctld_port >= 0 ? m->cluster.slurmctld_port : 6817);
}

static bool is_primary(const struct model *m, const struct host *h)
{
	return m->cluster.controller ? !strcmp(h->name, m->cluster.controller) :
		(h->roles & ROLE_CONTROLLER) != 0;
}

/*
 * The start arguments of a slurmd or sackd that fetches its configuration
 * (configless mode): "conf_server", the controller then its backups, as
 * --conf-server takes them ("addr:port,addr:port").
 */
json_t *view_fetch_defaults(const struct model *m)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *ctx = json_object();
	size_t i;

	for (i = 0; i < m->n_hosts; i++)
		if (is_primary(m, &m->hosts[i]))
			add_conf_server(&sb, m, &m->hosts[i]);
	for (i = 0; i < m->n_hosts; i++)
		if (!is_primary(m, &m->hosts[i]) && model_host_runs(m, &m->hosts[i], SVC_SLURMCTLD))
			add_conf_server(&sb, m, &m->hosts[i]);
	view_set_str(ctx, "cluster", m->cluster.name);
	view_set_str(ctx, "conf_server", sb.buf);
	strbuf_release(&sb);
	return ctx;
}