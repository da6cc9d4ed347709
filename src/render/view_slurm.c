/*
 * view_slurm.c: the model seen through slurm.conf (view_slurm.h). This is
 * where clusterctl decides what an admin would have written: Debian's paths
 * and Slurm's defaults written out explicitly, pass-through keys
 * overriding them (a default whose key the inventory passes through is
 * left out so the site's value appears once, in the "site" section),
 * AccountingStorageTRES merged with the GPU types, and NodeName and
 * PartitionName lines folded into the fewest hostlist ranges. Output order
 * only depends on the model's order.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strbuf.h"
#include "base/xalloc.h"
#include "render/hostfold.h"
#include "render/view.h"
#include "render/view_slurm.h"
#include "slurm/hostlist.h"
#include "inventory/model.h"
#include "inventory/model_defaults.h"

/* ---- AccountingStorageTRES ---- */

static void tres_add(struct strbuf *sb, const char *item, size_t len)
{
	const char *p = sb->buf;

	while (*p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == len && !strncasecmp(p, item, len))
			return;
		p += n + (end ? 1 : 0);
	}
	if (sb->len)
		strbuf_addch(sb, ',');
	strbuf_add(sb, item, len);
}

static bool node_type_used(const struct model *m, const struct node_type *nt)
{
	size_t i;

	for (i = 0; i < model_n_declared(m); i++)
		if (view_host_type(m, &m->hosts[i]) == nt)
			return true;
	return false;
}

static bool kv_has_key(const struct kv_list *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcasecmp(l->items[i].key, key))
			return true;
	return false;
}

/* Whether a QoS, account, user or user-account limit names the TRES item. */
static bool tres_limited(const struct model *m, const char *item)
{
	for (size_t i = 0; i < m->n_qos; i++) {
		const struct qos *q = &m->qos[i];
		const struct kv_list *l[] = { &q->max_tres_per_user, &q->max_tres_per_job,
			&q->max_tres_per_account, &q->max_tres_per_node,
			&q->min_tres_per_job, &q->grp_tres };

		for (size_t k = 0; k < ARRAY_SIZE(l); k++)
			if (kv_has_key(l[k], item))
				return true;
	}
	for (size_t i = 0; i < m->n_accounts; i++) {
		const struct account *a = &m->accounts[i];

		if (kv_has_key(&a->grp_tres, item) || kv_has_key(&a->max_tres_per_job, item) ||
		    kv_has_key(&a->max_tres_per_node, item))
			return true;
	}
	for (size_t i = 0; i < m->n_users; i++) {
		const struct user *u = &m->users[i];

		if (kv_has_key(&u->grp_tres, item) || kv_has_key(&u->max_tres_per_job, item))
			return true;
		for (size_t j = 0; u->assocs && j < u->accounts.n; j++)
			if (kv_has_key(&u->assocs[j].grp_tres, item) ||
			    kv_has_key(&u->assocs[j].max_tres_per_job, item))
				return true;
	}
	return false;
}

/*
 * gres/gpu for the GPUs of node types some host uses; gres/gpu:<type> only
 * where a limit names it: every TRES slurmctld registers is a row in the
 * database's tres_table for good, so none is added that nothing asked for
 * (a site that wants one lists it in AccountingStorageTRES).
 */
static void tres_add_gpu_types(struct strbuf *sb, const struct model *m)
{
	size_t t, g;

	for (t = 0; t < m->n_node_types; t++) {
		const struct node_type *nt = &m->node_types[t];

		if (!nt->n_gpus || !node_type_used(m, nt))
			continue;
		for (g = 0; g < nt->n_gpus; g++) {
			char *item;

			tres_add(sb, "gres/gpu", 8);
			if (!nt->gpus[g].type)
				continue;
			item = xasprintf("gres/gpu:%s", nt->gpus[g].type);
			if (tres_limited(m, item))
				tres_add(sb, item, strlen(item));
			free(item);
		}
	}
}

char *view_accounting_tres(const struct model *m)
{
	struct strbuf sb = STRBUF_INIT;
	const char *pass = view_kv_get_nocase(&m->cluster.slurm_conf,
					 "AccountingStorageTRES");

	while (pass && *pass) {
		const char *end = strchr(pass, ',');
		size_t len = end ? (size_t)(end - pass) : strlen(pass);

		if (len)
			tres_add(&sb, pass, len);
		pass += len + (end ? 1 : 0);
	}
	/* a site's file says which TRES it tracks: clusterctl adds none (defaults: slurm) */
	if (m->cluster.defaults != DEFAULTS_SLURM)
		tres_add_gpu_types(&sb, m);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}


static void gres_item(struct strbuf *sb, const char *name, const char *type,
		      long long count)
{
	if (sb->len)
		strbuf_addch(sb, ',');
	strbuf_addf(sb, "%s:", name);
	if (type)
		strbuf_addf(sb, "%s:", type);
	strbuf_addf(sb, "%lld", count);
}

char *view_node_gres(const struct node_type *nt)
{
	struct strbuf sb = STRBUF_INIT;
	size_t g;

	/* one item per GPU type, its entries (gres.conf lines) summed */
	for (g = 0; g < nt->n_gpus; g++)
		if (model_gpu_first_of_type(nt, g))
			gres_item(&sb, "gpu", nt->gpus[g].type, model_gpu_type_count(nt, g));
	/* then the other GRES, one item per name and type, in their order */
	for (g = 0; g < nt->n_gres; g++)
		if (model_gres_first_of_kind(nt, g))
			gres_item(&sb, nt->gres[g].name, nt->gres[g].type,
				  model_gres_kind_count(nt, g));
	return strbuf_detach(&sb, NULL);
}

static json_t *node_line(const struct model *m, const struct host *h,
			 const char *names, const char *addrs)
{
	const struct node_type *nt = view_host_type(m, h);
	json_t *o = json_object(), *extra, *host_extra;
	char *s;

	view_set_str(o, "name", names);
	view_set_str(o, "addr", addrs);
	view_set_num(o, "cpus", nt->cpus, false);
	view_set_num(o, "boards", nt->boards, false);
	/* with Boards, Slurm wants the per-board count under its own key */
	view_set_num(o, nt->boards > 0 ? "sockets_per_board" : "sockets",
		nt->sockets, false);
	view_set_num(o, "cores_per_socket", nt->cores_per_socket, false);
	view_set_num(o, "threads_per_core", nt->threads_per_core, false);
	view_set_num(o, "real_memory", nt->memory_mb, false);
	view_set_num(o, "tmp_disk", nt->tmp_disk_mb, true);
	view_set_num(o, "weight", nt->weight, true);
	view_set_list(o, "feature", &nt->features);
	s = view_node_gres(nt);
	view_set_str(o, "gres", s);
	free(s);
	view_set_num(o, "port", h->slurmd_port, false);
	extra = view_extra_list(&nt->extra);
	host_extra = view_extra_list(&h->extra);
	json_array_extend(extra, host_extra);	/* does not steal */
	json_decref(host_extra);
	json_object_set_new(o, "extra", extra);
	return o;
}

static void add_group_lines(const struct model *m, const struct host_group *g,
			    json_t *nodes)
{
	struct fold_run *runs;
	size_t r, n_runs;

	runs = hostfold_runs(m, g, &n_runs);
	for (r = 0; r < n_runs; r++) {
		char *names, *addrs;
		const struct host *h = &m->hosts[g->idx[runs[r].first]];

		hostfold_run_names(m, g, &runs[r], &names, &addrs);
		json_array_append_new(nodes, node_line(m, h, names, addrs));
		free(names);
		free(addrs);
	}
	free(runs);
}

static json_t *node_lines(const struct model *m)
{
	char **sigs = xcalloc(model_n_declared(m) + 1, sizeof(*sigs));
	struct host_group *groups;
	json_t *nodes = json_array();
	size_t i, ng;

	groups = hostfold_group(m, sigs, false, &ng);
	for (i = 0; i < ng; i++)
		add_group_lines(m, &groups[i], nodes);
	hostfold_groups_free(groups, ng, sigs, model_n_declared(m));
	return nodes;
}

/* Partition Nodes=: "ALL" as written, else the expression folded anew. */
static int partition_nodes(const struct partition *p, char **out, char **cause)
{
	struct hostlist hl = HOSTLIST_INIT;

	*out = NULL;
	if (!p->nodes)
		return 0;
	if (!strcasecmp(p->nodes, "ALL")) {
		*out = xstrdup("ALL");
		return 0;
	}
	if (hostlist_expand(p->nodes, &hl, cause) < 0) {
		char *inner = *cause;

		*cause = xasprintf("partition '%s': %s", p->name, inner);
		free(inner);
		hostlist_release(&hl);
		return -1;
	}
	*out = hostlist_compress((const char *const *)hl.names, hl.n);
	hostlist_release(&hl);
	return 0;
}

static json_t *partition_line(const struct partition *p, const char *nodes)
{
	json_t *o = json_object();

	view_set_str(o, "name", p->name);
	view_set_str(o, "nodes", nodes);
	if (p->is_default)
		json_object_set_new(o, "default", json_true());
	view_set_str(o, "max_time", p->max_time);
	view_set_str(o, "default_time", p->default_time);
	view_set_num(o, "priority_tier", p->priority_tier, true);
	view_set_num(o, "priority_job_factor", p->priority_job_factor, true);
	view_set_str(o, "qos", p->qos);
	view_set_list(o, "allow_accounts", &p->allow_accounts);
	view_set_list(o, "deny_accounts", &p->deny_accounts);
	view_set_list(o, "allow_qos", &p->allow_qos);
	view_set_list(o, "allow_groups", &p->allow_groups);
	view_set_str(o, "preempt_mode", p->preempt_mode);
	view_set_str(o, "oversubscribe", p->oversubscribe);
	view_set_num(o, "max_nodes", p->max_nodes, false);
	view_set_str(o, "state", p->state ? p->state : "UP");
	json_object_set_new(o, "extra", view_extra_list(&p->extra));
	return o;
}

static json_t *partition_lines(const struct model *m, char **cause)
{
	json_t *parts = json_array();
	size_t i;

	for (i = 0; i < m->n_partitions; i++) {
		char *nodes;

		if (partition_nodes(&m->partitions[i], &nodes, cause) < 0) {
			json_decref(parts);
			return NULL;
		}
		json_array_append_new(parts,
				      partition_line(&m->partitions[i], nodes));
		free(nodes);
	}
	return parts;
}

/*
 * What clusterctl writes where the inventory says nothing. Not the log
 * files: a site without them logs to syslog, and an adopted cluster must not
 * change that unasked (issue 21). TaskPlugin and DefMemPerCPU depend on the
 * rest of the model: inventory/model_defaults.h.
 */
static const struct default_setting control_defaults[] = {
	{ "AuthType", "auth/munge" },
	{ "StateSaveLocation", "/var/lib/slurm/slurmctld" },
	{ "SlurmdSpoolDir", "/var/lib/slurm/slurmd" },
	{ "SlurmctldPidFile", "/run/slurmctld.pid" },
	{ "SlurmdPidFile", "/run/slurmd.pid" },
	{ "ProctrackType", "proctrack/cgroup" },
	{ "ReturnToService", "1" },
	{ "MpiDefault", "none" },
	{ NULL, NULL }
};

static const struct default_setting scheduling_defaults[] = {
	{ "SchedulerType", "sched/backfill" },
	{ "SelectType", "select/cons_tres" },
	{ "SelectTypeParameters", "CR_Core_Memory" },
	{ NULL, NULL }
};

static const struct default_setting timer_defaults[] = {
	{ "SlurmctldTimeout", "120" },
	{ "SlurmdTimeout", "300" },
	{ "InactiveLimit", "0" },
	{ "MinJobAge", "300" },
	{ "KillWait", "30" },
	{ "Waittime", "0" },
	{ NULL, NULL }
};

static const struct default_setting accounting_defaults[] = {
	{ "AccountingStorageEnforce", "associations,limits,qos" },
	{ "JobAcctGatherType", "jobacct_gather/cgroup" },
	{ "JobCompType", "jobcomp/none" },
	{ NULL, NULL }
};

static const struct default_setting logging_defaults[] = {
	{ "SlurmctldDebug", "info" },
	{ "SlurmdDebug", "info" },
	{ NULL, NULL }
};

static void add_ctld_host(json_t *a, const struct model *m, const char *name)
{
	char *host;

	if (!name)
		return;
	host = view_ctld_host(m, name);
	json_array_append_new(a, view_kv_pair("SlurmctldHost", host));
	free(host);
}

static json_t *control_settings(const struct model *m)
{
	const struct cluster *c = &m->cluster;
	const struct kv_list *pass = &c->slurm_conf;
	json_t *a = json_array();

	view_setting(a, pass, "ClusterName", c->name);
	add_ctld_host(a, m, c->controller);
	add_ctld_host(a, m, c->backup_controller);
	if (c->config_mode == CONFIG_CONFIGLESS)
		view_setting(a, pass, "SlurmctldParameters", "enable_configless");
	view_setting(a, pass, "SlurmUser", c->slurm_user.name);
	if (c->slurmctld_port_last >= 0) {
		char *range = xasprintf("%lld-%lld", c->slurmctld_port, c->slurmctld_port_last);

		view_setting(a, pass, "SlurmctldPort", range);
		free(range);
	} else {
		view_setting_num(a, pass, "SlurmctldPort", c->slurmctld_port, 6817);
	}
	view_setting_num(a, pass, "SlurmdPort", c->slurmd_port, 6818);
	view_settings_table(a, c, pass, control_defaults);
	if (model_task_plugin_is_default(m))
		view_setting(a, pass, "TaskPlugin", model_task_plugin(m));
	return a;
}

/* True when the comma-separated list holds name, in any case. */
static bool gres_types_has(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");

		if (len == n && !strncasecmp(p, name, n))
			return true;
		p += len + (p[len] == ',');
	}
	return false;
}

/* Appends the items of the comma list v that sb lacks (case-insensitively). */
static void gres_types_add(struct strbuf *sb, const char *v)
{
	for (const char *p = v; p && *p;) {
		size_t len = strcspn(p, ",");
		char *name = xstrndup(p, len);

		if (len && !gres_types_has(sb->buf, name))
			strbuf_addf(sb, "%s%s", sb->len ? "," : "", name);
		free(name);
		p += len + (p[len] == ',');
	}
}

/*
 * GresTypes=: the site's own list (cluster.slurm_conf, as written: a name
 * no node has yet is Slurm's to load all the same), then gpu when a
 * declared host has GPUs, then every other GRES name of the declared
 * hosts' node types (once, as Slurm compares them: case-insensitively),
 * in inventory order. NULL when there is none.
 */
static char *gres_types(const struct model *m)
{
	struct strbuf sb = STRBUF_INIT;

	gres_types_add(&sb, view_kv_get_nocase(&m->cluster.slurm_conf, "GresTypes"));
	if (model_has_gpus(m))
		gres_types_add(&sb, "gpu");
	for (size_t t = 0; t < m->n_node_types; t++) {
		const struct node_type *nt = &m->node_types[t];

		if (!node_type_used(m, nt))
			continue;
		for (size_t g = 0; g < nt->n_gres; g++)
			gres_types_add(&sb, nt->gres[g].name);
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

static json_t *scheduling_settings(const struct model *m)
{
	const struct kv_list *pass = &m->cluster.slurm_conf;
	json_t *a = view_defaults_only(&m->cluster, pass, scheduling_defaults);
	char *types = gres_types(m);

	/* merged with the site's value, so never skipped as an override */
	if (types)
		json_array_append_new(a, view_kv_pair("GresTypes", types));
	free(types);
	if (model_default_mem_per_cpu(m) != MODEL_UNSET)
		view_setting_num(a, pass, "DefMemPerCPU", model_default_mem_per_cpu(m), 0);
	return a;
}

static json_t *accounting_settings(const struct model *m)
{
	const struct kv_list *pass = &m->cluster.slurm_conf;
	const struct host *dbd = model_dbd_host(m);
	json_t *a = json_array();
	char *tres;

	if (!dbd) {
		view_setting(a, pass, "AccountingStorageType",
			"accounting_storage/none");
		return a;
	}
	view_setting(a, pass, "AccountingStorageType", "accounting_storage/slurmdbd");
	/* the host's name, as a site writes it (its address is for ssh), or the
	 * address the site gives slurmctld apart from that */
	view_setting(a, pass, "AccountingStorageHost", m->cluster.accounting_address ?
		m->cluster.accounting_address : dbd->name);
	view_setting_num(a, pass, "AccountingStoragePort", m->cluster.slurmdbd_port,
		    6819);
	/* merged with the site's value, so never skipped as an override */
	tres = view_accounting_tres(m);
	if (tres)
		json_array_append_new(a, view_kv_pair("AccountingStorageTRES", tres));
	free(tres);
	view_settings_table(a, &m->cluster, pass, accounting_defaults);
	return a;
}

json_t *view_slurm_conf(const struct model *m, char **cause)
{
	static const char *const merged[] = { "GresTypes", "AccountingStorageTRES", NULL };
	json_t *ctx, *parts, *site;
	/* merged into their sections: the TRES list when there is an accounting one */
	const char *const *skip = model_dbd_host(m) ? merged : (const char *const[]){
		"GresTypes", NULL };

	*cause = NULL;
	parts = partition_lines(m, cause);
	if (!parts)
		return NULL;
	ctx = json_object();
	view_set_str(ctx, "cluster", m->cluster.name);
	if (m->cluster.config_mode == CONFIG_CONFIGLESS)
		json_object_set_new(ctx, "configless", json_true());
	json_object_set_new(ctx, "control", control_settings(m));
	json_object_set_new(ctx, "scheduling", scheduling_settings(m));
	json_object_set_new(ctx, "timers",
			    view_defaults_only(&m->cluster, &m->cluster.slurm_conf, timer_defaults));
	json_object_set_new(ctx, "accounting", accounting_settings(m));
	json_object_set_new(ctx, "logging",
			    view_defaults_only(&m->cluster, &m->cluster.slurm_conf, logging_defaults));
	site = view_site_settings(&m->cluster.slurm_conf, skip);
	if (json_array_size(site))
		json_object_set_new(ctx, "has_site", json_true());
	json_object_set_new(ctx, "site", site);
	json_object_set_new(ctx, "node_lines", node_lines(m));
	json_object_set_new(ctx, "partition_lines", parts);
	return ctx;
}
