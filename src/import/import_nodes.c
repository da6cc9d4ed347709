/*
 * import_nodes.c: slurm.conf + gres.conf back into an inventory: the
 * cluster's own settings, partitions (and stubs for the QoS and accounts
 * they name), the hardware from import_hw.c, and the rest of slurm.conf
 * as cluster.slurm_conf. The inverse of view.c's slurm.conf, checked by
 * rendering: the keys a render of the inventory without slurm_conf writes
 * the same way are left out (they are clusterctl's defaults), every other
 * key is carried.
 */
#include "base/compat.h"

#include <ctype.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "import/import_ctx.h"
#include "import/import_daemons.h"
#include "import/import_gres.h"
#include "import/import_hw.h"
#include "slurm/slurmread.h"
#include "slurm/hostlist.h"
#include "inventory/inventory.h"
#include "slurm/passfile.h"
#include "render/render.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmdiff.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "inventory/validate.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "slurm/sitecomments.h"
#include "inventory/inventory_scalar.h"
#include "import/import_nodes.h"
#include "import/import_files.h"

/* PartitionName= keys a partition models. */
static const char *const part_keys[][2] = {
	{ "MaxTime", "max_time" }, { "DefaultTime", "default_time" },
	{ "PriorityTier", "priority_tier" }, { "PriorityJobFactor", "priority_job_factor" },
	{ "QOS", "qos" }, { "AllowAccounts", "allow_accounts" },
	{ "DenyAccounts", "deny_accounts" }, { "AllowQos", "allow_qos" },
	{ "AllowGroups", "allow_groups" }, { "PreemptMode", "preempt_mode" },
	{ "OverSubscribe", "oversubscribe" }, { "MaxNodes", "max_nodes" },
};

/* ---- partitions ---- */

/* PartitionName= keys modelled outside part_keys. */
static const char *const part_plain[] = { "Nodes", "Default", "State" };

/* Allow*=ALL is Slurm's default: saying it is saying nothing. */
static bool default_all(const char *yaml_key, const char *v)
{
	return !strncmp(yaml_key, "allow_", 6) && !strcasecmp(v, "ALL");
}

/* The partition's nodes: as written, or expanded where it names a NodeSet or ALL. */
static void emit_part_nodes(struct imp *im, const char *v, struct strbuf *out)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL, *folded = NULL;
	bool named = false;

	/* check_partition_nodes() said it expands */
	if (slurmread_nodes(&im->conf, v, &hl, &named, &cause) == 0 && named)
		folded = hostlist_compress((const char *const *)hl.names, hl.n);
	strbuf_addstr(out, "\n    nodes: ");
	yamlout_scalar(out, folded ? folded : v);
	free(folded);
	free(cause);
	hostlist_release(&hl);
}

static void emit_partition(struct imp *im, const struct slurmconf_line *l,
			   struct strbuf *out)
{
	struct strbuf extra = STRBUF_INIT;
	const char *v;

	imp_comments(im, l->path, l->lineno, "  ", out);
	strbuf_addstr(out, "  - name: ");
	yamlout_scalar(out, l->kv[0].value);
	if ((v = slurmconf_get(l, "Nodes")))
		emit_part_nodes(im, v, out);
	if (slurmread_default_partition(&im->conf) == l)
		strbuf_addstr(out, "\n    default: true");
	else if (slurmread_bool(slurmconf_get(l, "Default")) == 1)
		imp_note(im, l->path, l->lineno, "PartitionName=%s Default=%s: a later "
			 "partition is the default (slurmctld: \"changing default partition "
			 "from %s to %s\"): left out", l->kv[0].value, slurmconf_get(l, "Default"),
			 l->kv[0].value, slurmread_default_partition(&im->conf)->kv[0].value);
	for (size_t k = 0; k < ARRAY_SIZE(part_keys); k++) {
		if (!(v = slurmconf_get(l, part_keys[k][0])) || default_all(part_keys[k][1], v))
			continue;
		if (strstr(part_keys[k][1], "_time") && !inventory_valid_time(v)) {
			imp_problem(im, l->path, l->lineno, "%s=%s: not a time the inventory "
				    "takes: left out", part_keys[k][0], v);
			continue;
		}
		strbuf_addf(out, "\n    %s: ", part_keys[k][1]);
		if (!strncmp(part_keys[k][1], "allow_", 6) || !strncmp(part_keys[k][1], "deny_", 5))
			yamlout_list(out, v);
		else
			yamlout_scalar(out, v);
		if (!strcmp(part_keys[k][1], "qos") || !strcmp(part_keys[k][1], "allow_qos"))
			strbuf_addf(&im->qos_names, ",%s,", v);
		if (strstr(part_keys[k][1], "_accounts"))
			strbuf_addf(&im->acct_names, ",%s,", v);
	}
	if ((v = slurmconf_get(l, "State")) && strcasecmp(v, "UP")) {
		strbuf_addstr(out, "\n    state: ");
		yamlout_scalar(out, v);
	}
	imp_extra(l, part_plain, ARRAY_SIZE(part_plain), part_keys, ARRAY_SIZE(part_keys),
		  &extra);
	if (extra.len)
		strbuf_addf(out, "\n    extra: {%s}", extra.buf);
	strbuf_addch(out, '\n');
	strbuf_release(&extra);
}

static void emit_partitions(struct imp *im, struct strbuf *out)
{
	bool any = false;

	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];

		if (!imp_key_is(l, "PartitionName"))
			continue;
		if (!any)
			strbuf_addstr(out, "\npartitions:\n");
		emit_partition(im, l, out);
		any = true;
	}
}

/* Each name of the ",a,b,"-joined lists in names once, as "  - {name: x}". */
static void emit_stubs(const char *names, struct strbuf *out)
{
	struct strbuf seen = STRBUF_INIT;

	strbuf_addch(&seen, ',');
	for (const char *p = names; *p;) {
		size_t n = strcspn(p, ",");
		char *name = xstrndup(p, n);
		char *key = xasprintf(",%s,", name);

		if (n && !strstr(seen.buf, key)) {
			strbuf_addf(&seen, "%s,", name);
			strbuf_addstr(out, "  - {name: ");
			yamlout_scalar(out, name);
			strbuf_addstr(out, "}\n");
		}
		free(key);
		free(name);
		p += n + (p[n] == ',');
	}
	strbuf_release(&seen);
}

/* The QoS and accounts partitions name must be defined for validate. */
static void emit_stubs_sections(struct imp *im, struct strbuf *out)
{
	/* without accounting Slurm has no QoS nor accounts: the names stand alone */
	if (!im->dbd)
		return;
	if (im->qos_names.len) {
		strbuf_addstr(out, "\n# The QoS the partitions name; 'clusterctl import "
			      "accounting' prints them\n# with their settings (use its "
			      "qos: section instead).\nqos:\n");
		emit_stubs(im->qos_names.buf, out);
	}
	if (im->acct_names.len) {
		strbuf_addstr(out, "\n# The accounts the partitions name; 'clusterctl import "
			      "accounting' prints the\n# whole tree (use its accounts: "
			      "section instead).\naccounts:\n");
		emit_stubs(im->acct_names.buf, out);
	}
}

/* ---- the cluster: section and slurm_conf ---- */

/*
 * AccountingStorageHost may be an address: when it is addr, the address
 * of host name, slurmdbd runs on name, and the address stays as the site
 * wrote it (cluster.accounting_address).
 */
static void dbd_by_address(struct imp *im, const char *name, const char *addr)
{
	if (!im->dbd || im->dbd_addr || !name || !addr || strcmp(im->dbd, addr) ||
	    !strcmp(name, addr))
		return;
	im->dbd_addr = im->dbd;
	im->dbd = xstrdup(name);
}

/*
 * AccountingStorageHost may be an address (or another name) of the host
 * slurmdbd.conf's DbdHost names (slurmdbd runs only where DbdHost is its
 * host name): slurmdbd runs on that host, and the site's word for it stays
 * (cluster.accounting_address). dbd is the slurmdbd.conf read, or NULL.
 */
static void dbd_by_dbdhost(struct imp *im, const struct slurmconf *dbd)
{
	const struct slurmconf_line *l = dbd ? slurmread_setting(dbd, "DbdHost") : NULL;

	if (!l || !im->dbd || im->dbd_addr || imp_local_host(l->kv[0].value) ||
	    imp_local_host(im->dbd))
		return;
	dbd_by_address(im, l->kv[0].value, im->dbd);
}

/*
 * slurm.conf keys modelled outside slurm_conf, read into the cluster:
 * section; dbd is the slurmdbd.conf read with it, or NULL.
 */
static void read_cluster(struct imp *im, const struct slurmconf *dbd)
{
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		const char *v = l->kv[0].value;

		if (imp_key_is(l, "SlurmctldHost") && !im->controller)
			imp_split_host(v, &im->controller, &im->controller_addr);
		else if (imp_key_is(l, "SlurmctldHost"))
			imp_split_host(v, &im->backup, &im->backup_addr);
		else if (imp_key_is(l, "AccountingStorageHost")) {
			free(im->dbd);
			im->dbd = xstrdup(v);
		}
	}
	dbd_by_address(im, im->controller, im->controller_addr);
	dbd_by_address(im, im->backup, im->backup_addr);
	for (size_t i = 0; i < im->n_nodes; i++)
		dbd_by_address(im, im->nodes[i].name, im->nodes[i].addr);
	dbd_by_dbdhost(im, dbd);
}

/* "  key: {name: n, uid: u, gid: g}" for a user the controller has. */
static void emit_user(const char *key, const struct import_user *u, struct strbuf *out)
{
	if (!u->name)
		return;
	strbuf_addf(out, "  %s: {name: ", key);
	yamlout_scalar(out, u->name);
	if (u->uid >= 0)
		strbuf_addf(out, ", uid: %lld", u->uid);
	if (u->gid >= 0)
		strbuf_addf(out, ", gid: %lld", u->gid);
	strbuf_addstr(out, "}\n");
}

/*
 * The address of host name as the inventory gives it, or NULL: a node's
 * NodeAddr (a controller that is also a node has only that one).
 */
static const char *addr_of(const struct imp *im, const char *name)
{
	for (size_t i = 0; i < im->n_nodes; i++)
		if (!strcmp(im->nodes[i].name, name))
			return im->nodes[i].addr;
	if (im->controller && !strcmp(name, im->controller))
		return im->controller_addr;
	if (im->backup && !strcmp(name, im->backup))
		return im->backup_addr;
	return NULL;
}

/*
 * SlurmctldHost= as the site wrote it. A controller named without an
 * address whose host entry has one (it is a node, with NodeAddr) would
 * render as name(address), an address the site never gave: slurmctld_host:
 * name keeps it a name. A controller written with an address its host
 * entry does not render (a node without NodeAddr or with another, or any
 * under slurmctld_host: name) keeps it in controller_address or
 * backup_controller_address: Slurm's address for it, not ssh's.
 */
static void emit_ctld_host_form(struct imp *im, struct strbuf *out)
{
	static const char *const keys[] = { "controller_address",
					    "backup_controller_address" };
	const char *names[] = { im->controller, im->backup };
	const char *addrs[] = { im->controller_addr, im->backup_addr };
	bool by_name = false;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		by_name |= names[i] && !addrs[i] && addr_of(im, names[i]);
	if (by_name)
		strbuf_addstr(out, "  # SlurmctldHost= gave the name alone: each node resolves it\n"
			      "  slurmctld_host: name\n");
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		const char *rendered = by_name || !names[i] ? NULL : addr_of(im, names[i]);

		if (!addrs[i] || (rendered && !strcmp(rendered, addrs[i])))
			continue;
		strbuf_addf(out, "  %s: ", keys[i]);
		yamlout_scalar(out, addrs[i]);
		strbuf_addch(out, '\n');
	}
}

/* cluster: keys from modelled slurm.conf keys. */
/* cluster.name: ClusterName, lowercased as slurmctld does (and says so in its log) */
static void emit_cluster_name(struct imp *im, struct strbuf *out)
{
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		char *lower;

		if (!imp_key_is(l, "ClusterName"))
			continue;
		lower = xstrdup(l->kv[0].value);
		for (char *p = lower; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		imp_comments(im, l->path, l->lineno, "  ", out);
		strbuf_addstr(out, "  name: ");
		yamlout_scalar(out, lower);
		strbuf_addch(out, '\n');
		free(lower);
	}
}

/* The service users, and the ports where they are not Slurm's defaults. */
static void emit_users_and_ports(struct imp *im, struct strbuf *out)
{
	static const char *const ports[][3] = {
		{ "SlurmctldPort", "slurmctld_port", "6817" },
		{ "SlurmdPort", "slurmd_port", "6818" },
		{ "AccountingStoragePort", "slurmdbd_port", "6819" },
	};

	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		const char *v = l->kv[0].value;

		if (imp_key_is(l, "SlurmUser") && !im->src->slurm_user.name)
			strbuf_addf(out, "  slurm_user: {name: %s}\n", v);
		for (size_t k = 0; k < ARRAY_SIZE(ports); k++)
			if (imp_key_is(l, ports[k][0]) && strcmp(v, ports[k][2]))
				strbuf_addf(out, "  %s: %s\n", ports[k][1], v);
	}
	emit_user("slurm_user", &im->src->slurm_user, out);
	/* without SlurmUser= slurmctld runs as root, not as the inventory's default */
	if (!im->src->slurm_user.name && !slurmread_setting(&im->conf, "SlurmUser"))
		strbuf_addstr(out, "  slurm_user: {name: root}\n");
	emit_user("munge_user", &im->src->munge_user, out);
}

static void emit_cluster_keys(struct imp *im, struct strbuf *out)
{
	emit_cluster_name(im, out);
	if (im->src->release)
		strbuf_addf(out, "  # slurmctld -V: %s\n", im->src->release);
	else
		strbuf_addstr(out, "  # slurm.conf does not say which release it is for: the oldest\n"
			      "  # from 22.05 on that takes every key it has\n");
	strbuf_addf(out, "  slurm_version: \"%s\"\n", im->version_name);
	/*
	 * What a site left to Slurm stays Slurm's: clusterctl adds none of its
	 * own choices. A slurm.conf clusterctl wrote has them all written out.
	 */
	if (!render_is_ours(im->src->conf.text, im->src->conf.len))
		strbuf_addstr(out, "  # where these files said nothing, Slurm's defaults hold\n"
			      "  defaults: slurm\n");
	for (size_t i = 0; i < im->conf.n; i++)
		if (imp_key_is(&im->conf.lines[i], "SlurmctldHost") ||
		    imp_key_is(&im->conf.lines[i], "ControlMachine"))
			imp_comments(im, im->conf.lines[i].path, im->conf.lines[i].lineno, "  ", out);
	if (im->controller)
		strbuf_addf(out, "  controller: %s\n", im->controller);
	if (im->backup)
		strbuf_addf(out, "  backup_controller: %s\n", im->backup);
	emit_ctld_host_form(im, out);
	if (im->dbd)
		strbuf_addf(out, "  accounting_host: %s\n", im->dbd);
	if (im->dbd_addr) {
		strbuf_addstr(out, "  accounting_address: ");
		yamlout_scalar(out, im->dbd_addr);
		strbuf_addch(out, '\n');
	}
	emit_users_and_ports(im, out);
}

/* True when the rendered conf r has key with value (ClusterName in any case, as Slurm reads it). */
/* By meaning: ClusterName in any case, GresTypes in any order, ... (slurmdiff.h). */
static bool rendered_same(const struct slurmconf *r, const char *key, const char *value)
{
	char *want = slurmdiff_value(key, value);
	bool same = false;

	for (size_t i = 0; !same && i < r->n; i++) {
		char *have;

		if (strcasecmp(r->lines[i].kv[0].key, key))
			continue;
		have = slurmdiff_value(key, r->lines[i].kv[0].value);
		same = !strcmp(have, want);
		free(have);
	}
	free(want);
	return same;
}

static bool source_has(const struct slurmconf *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcasecmp(c->lines[i].kv[0].key, key))
			return true;
	return false;
}

/* Lines that are not a slurm.conf setting (nodes, partitions, node sets, ...). */
static bool line_kind(const struct slurmconf_line *l)
{
	static const char *const keys[] = { "NodeName", "PartitionName", "NodeSet",
					    "DownNodes", "FrontendName", "Include",
					    "SwitchName" };

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (imp_key_is(l, keys[i]))
			return true;
	return false;
}

/* A host written as its name in one file and its address in the other. */
static bool same_host(const struct imp *im, const char *a, const char *b)
{
	const char *aa = addr_of(im, a), *ba = addr_of(im, b);

	return (aa && !strcmp(aa, b)) || (ba && !strcmp(ba, a));
}

/* True when the rendered key names the same host as value. */
static bool rendered_host(const struct imp *im, const struct slurmconf *r,
			  const char *key, const char *value)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcasecmp(r->lines[i].kv[0].key, key) &&
		    same_host(im, value, r->lines[i].kv[0].value))
			return true;
	return false;
}

/*
 * slurm_conf: the source keys a render without them does not write the
 * same way (and every key from clusterctl's own site section).
 */
static void emit_slurm_conf(struct imp *im, const struct slurmconf *r,
			    struct strbuf *out)
{
	struct strbuf notes = STRBUF_INIT, body = STRBUF_INIT;

	for (size_t i = 0; i < r->n; i++) {
		const struct slurmconf_line *l = &r->lines[i];

		if (!line_kind(l) && !source_has(&im->conf, l->kv[0].key))
			strbuf_addf(&notes, "  #   %s=%s\n", l->kv[0].key, l->kv[0].value);
	}
	if (notes.len)
		strbuf_addf(out, "  # clusterctl also writes these, which this "
			    "slurm.conf does not have:\n%s", notes.buf);
	for (size_t i = 0; i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		struct slurmkey_check ck;

		if (line_kind(l))
			continue;
		slurmkeys_check(SLURMKEYS_CONF, l->kv[0].key, im->version, &ck);
		if (ck.status == SLURMKEY_MODELLED) {
			if (!rendered_same(r, l->kv[0].key, l->kv[0].value) &&
			    !rendered_host(im, r, l->kv[0].key, l->kv[0].value))
				imp_problem(im, l->path, l->lineno, "%s=%s: the inventory "
					    "renders it differently (%s)", l->kv[0].key,
					    l->kv[0].value, ck.hint);
			continue;
		}
		if (imp_key_unsayable(im, SLURMKEYS_CONF, l, &body))
			continue;
		if (!l->site && rendered_same(r, l->kv[0].key, l->kv[0].value))
			continue;
		imp_comments(im, l->path, l->lineno, "    ", &body);
		strbuf_addf(&body, "    %s: ", l->kv[0].key);
		imp_conf_value(&body, l->kv[0].value);
		strbuf_addch(&body, '\n');
	}
	if (body.len)
		strbuf_addf(out, "  slurm_conf:\n%s", body.buf);
	strbuf_release(&notes);
	strbuf_release(&body);
}

/* Lines the schema has no place for at all. */
static void unplaceable(struct imp *im)
{
	static const char *const keys[] = { "DownNodes", "FrontendName", "SwitchName" };

	for (size_t i = 0; i < im->conf.n; i++)
		for (size_t k = 0; k < ARRAY_SIZE(keys); k++)
			if (imp_key_is(&im->conf.lines[i], keys[k]))
				imp_problem(im, im->conf.lines[i].path, im->conf.lines[i].lineno,
					    "%s= lines are not in the schema: left out", keys[k]);
	for (size_t i = 0; i < im->gres.n; i++) {
		const struct slurmgres_rec *g = &im->gres.recs[i];

		/* gres.c _merge_config(): a line no Gres= item takes is dropped */
		if (g->name && !imp_gres_named(im, g->name))
			imp_note(im, g->path, g->lineno, "Name=%s: no node's Gres= names it: "
				 "slurmd ignores the line: left out", g->name);
	}
	for (size_t i = 0; i < im->gres.n_skipped; i++)
		imp_note(im, im->gres.skipped[i].path, im->gres.skipped[i].lineno,
			 "NodeName=%s is no hostlist: slurmd skips the line (it names no "
			 "node): left out", im->gres.skipped[i].nodes);
}

/* ---- rendering the candidate ---- */

/* Renders yaml and parses the controller's slurm.conf into r. */
static int render_conf(const struct imp *im, const char *yaml, struct slurmconf *r,
		       char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct rendered_set set = RENDERED_SET_INIT;
	struct model *m = inventory_load_string("imported.yaml", yaml, strlen(yaml), &dl);
	const struct rendered_file *f;
	int rc = -1;

	if (m && validate_model(m, &dl) == 0 && !diag_errors(&dl) &&
	    render_cluster(m, &set, &dl) == 0 &&
	    (f = rendered_set_find(&set, im->controller,
				   "/etc/slurm/slurm.conf"))) {
		const struct rendered_blob *b = rendered_file_blob(&set, f);

		rc = slurmread_conf_text("rendered", b->bytes, b->len, slurmread_local, NULL,
					 r, cause);
	} else {
		struct strbuf sb = STRBUF_INIT;

		diag_sort(&dl);
		for (size_t i = 0; i < dl.n && i < 5; i++) {
			char *s = diag_format(&dl.items[i]);

			strbuf_addf(&sb, "\n  %s", s);
			free(s);
		}
		*cause = xasprintf("the imported inventory does not validate (GPUs "
				   "without gres.conf lines?):%s", sb.buf);
		strbuf_release(&sb);
	}
	rendered_set_release(&set);
	model_free(m);
	diag_release(&dl);
	return rc;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every node a partition names is declared, or slurmctld does not start. */
static int check_partition_nodes(const struct imp *im, char **cause)
{
	const char **names = xcalloc(im->n_nodes + 1, sizeof(*names));
	int rc = 0;

	for (size_t i = 0; i < im->n_nodes; i++)
		names[i] = im->nodes[i].name;
	xqsort(names, im->n_nodes, sizeof(*names), cmp_name);
	for (size_t i = 0; rc == 0 && i < im->conf.n; i++) {
		const struct slurmconf_line *l = &im->conf.lines[i];
		const char *v = imp_key_is(l, "PartitionName") ? slurmconf_get(l, "Nodes") : NULL;
		struct hostlist hl = HOSTLIST_INIT;
		char *why = NULL;
		bool named;

		if (v && slurmread_nodes(&im->conf, v, &hl, &named, &why) < 0) {
			*cause = xasprintf("%s:%u: Nodes=%s: %s", l->path, l->lineno, v, why);
			rc = -1;
		}
		for (size_t k = 0; rc == 0 && k < hl.n; k++)
			if (!bsearch(&hl.names[k], names, im->n_nodes, sizeof(*names), cmp_name)) {
				*cause = xasprintf("%s:%u: partition %s: no NodeName= line declares "
						   "%s, which slurmctld refuses", l->path, l->lineno,
						   l->kv[0].value, hl.names[k]);
				rc = -1;
			}
		free(why);
		hostlist_release(&hl);
	}
	free(names);
	return rc;
}

/* What slurmctld stops on, before anything is made of the files: 0, or -1 + *cause. */
static int slurmctld_refuses(const struct imp *im, char **cause)
{
	const char *path = im->src->conf.path;

	if (!im->controller) {
		*cause = xasprintf("%s: no SlurmctldHost= (or ControlMachine=) line", path);
		return -1;
	}
	/* slurmctld/read_config.c read_slurm_conf(): "no nodes configured", it stops */
	if (!im->n_nodes) {
		*cause = xasprintf("%s: no NodeName= line, which slurmctld refuses (\"no nodes "
				   "configured\")", path);
		return -1;
	}
	/* read_config.c _validate_and_set_defaults(): slurmctld and slurmd stop */
	if (!slurmread_setting(&im->conf, "ClusterName")) {
		*cause = xasprintf("%s: no ClusterName= line, which Slurm refuses (\"ClusterName "
				   "needs to be specified\")", path);
		return -1;
	}
	return check_partition_nodes(im, cause);
}

/* Reads gres.conf, cgroup.conf and slurmdbd.conf where the cluster has them. */
static int read_others(struct imp *im, struct slurmconf *cg, struct slurmconf *dbd,
		       char **cause)
{
	const struct import_source *src = im->src;

	if (src->gres.path && slurmread_gres(src->gres.path, src->gres.text, src->gres.len,
					     src->read, src->read_arg, &im->gres, cause) < 0)
		return -1;
	if (src->cgroup.path && slurmread_settings(src->cgroup.path, src->cgroup.text,
						   src->cgroup.len, cg, cause) < 0)
		return -1;
	if (src->dbd.path && slurmread_settings(src->dbd.path, src->dbd.text, src->dbd.len,
						dbd, cause) < 0)
		return -1;
	return 0;
}

/* "a, b and c": the files read, for the YAML's first line. */
static void files_read(const struct import_source *src, struct strbuf *sb)
{
	const char *paths[] = { src->conf.path, src->gres.path, src->cgroup.path, src->dbd.path };
	size_t n = 0, last = 0;

	for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
		if (paths[i])
			last = i;
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
		if (paths[i])
			strbuf_addf(sb, "%s%s", n++ ? i == last ? " and " : ", " : "", paths[i]);
}

/* What import prints must validate as printed. */
static int check_printed(const struct strbuf *out, char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct model *m = inventory_load_string("imported.yaml", out->buf, out->len, &dl);
	int rc = 0;

	if (!m || validate_model(m, &dl) != 0 || diag_errors(&dl)) {
		size_t e = 0;
		char *s;

		diag_sort(&dl);
		while (e < dl.n && dl.items[e].level != DIAG_ERROR)
			e++;
		s = e < dl.n ? diag_format(&dl.items[e]) : xstrdup("?");

		*cause = xasprintf("BUG: the imported inventory does not validate: %s", s);
		free(s);
		rc = -1;
	}
	model_free(m);
	diag_release(&dl);
	return rc;
}

/*
 * Reads src's files into im as Slurm reads them (cg, dbd: cgroup.conf and
 * slurmdbd.conf), its node lines and cluster settings, refusing what
 * slurmctld refuses. 0, or -1 with *cause.
 */
static int read_sources(struct imp *im, const struct import_source *src,
			struct slurmconf *cg, struct slurmconf *dbd, char **cause)
{
	if (slurmread_conf_text(src->conf.path, src->conf.text, src->conf.len, src->read,
				src->read_arg, &im->conf, cause) < 0 ||
	    read_others(im, cg, dbd, cause) < 0)
		return -1;
	imp_choose_version(im, cg, dbd);
	imp_scan_comments(im);
	if (src->release && slurmkeys_version_index(src->release) < 0)
		imp_problem(im, src->conf.path, 0, "slurmctld -V says %s, a release "
			    "clusterctl does not know (%s): written as %s", src->release,
			    slurmkeys_supported_versions(), im->version_name);
	for (size_t i = 0; i < im->conf.n; i++)
		if (imp_key_is(&im->conf.lines[i], "NodeName") && imp_add_node_line(im, i, cause) < 0)
			return -1;
	read_cluster(im, src->dbd.path ? dbd : NULL);
	if (slurmctld_refuses(im, cause) < 0)
		return -1;
	unplaceable(im);
	imp_files_not_carried(im);
	return 0;
}

int import_nodes(const struct import_source *src, struct strbuf *out,
		 struct strbuf *problems, char **cause)
{
	struct imp im;
	struct strbuf head = STRBUF_INIT, body = STRBUF_INIT, full = STRBUF_INIT;
	struct strbuf daemons = STRBUF_INIT, db = STRBUF_INIT, printed = STRBUF_INIT;
	struct strbuf stubs = STRBUF_INIT;
	bool read = false;
	struct slurmconf r = { 0 }, cg = { 0 }, dbd = { 0 };
	int rc = -1;

	imp_init(&im, src, problems);
	if (read_sources(&im, src, &cg, &dbd, cause) < 0)
		goto out;
	emit_cluster_keys(&im, &head);
	imp_emit_types(&im, &body);
	imp_emit_hosts(&im, &body);
	emit_partitions(&im, &body);
	emit_stubs_sections(&im, &stubs);
	strbuf_addf(&full, "cluster:\n%s%s%s", head.buf, body.buf, stubs.buf);
	if (render_conf(&im, full.buf, &r, cause) < 0)
		goto out;
	imp_emit_cgroup(&im, src->cgroup.path ? &cg : NULL, &daemons);
	imp_emit_dbd(&im, src->dbd.path ? &dbd : NULL, &daemons, &db);
	strbuf_addstr(&printed, "# Imported by clusterctl from ");
	files_read(src, &printed);
	strbuf_addf(&printed, ".\ncluster:\n%s", head.buf);
	emit_slurm_conf(&im, &r, &printed);
	strbuf_addf(&printed, "%s%s%s%s", daemons.buf, src->ssh_yaml ? src->ssh_yaml : "",
		    db.buf, body.buf);
	/* the accounting itself where it can be read, else what partitions name */
	if (src->accounting)
		im.n_problems += src->accounting(src->accounting_arg, &printed, problems, &read);
	if (!read)
		strbuf_add(&printed, stubs.buf, stubs.len);
	sitecomments_rest(&im.comments, &printed);
	if (check_printed(&printed, cause) < 0)
		goto out;
	/* after the check: the sources are written once the import succeeded */
	imp_emit_files(&im, &printed);
	strbuf_add(out, printed.buf, printed.len);
	rc = im.n_problems;
out:
	slurmconf_release(&r);
	slurmconf_release(&cg);
	slurmconf_release(&dbd);
	strbuf_release(&head);
	strbuf_release(&body);
	strbuf_release(&full);
	strbuf_release(&daemons);
	strbuf_release(&db);
	strbuf_release(&printed);
	strbuf_release(&stubs);
	imp_release(&im);
	return rc;
}

/*
 * Reads path into f when it exists (required: always); 0, or -1 + *cause.
 * f->path stays NULL for an optional file that is not there.
 */
static int read_source(const char *path, bool required, struct import_file *f, char **cause)
{
	char *text = NULL;
	size_t len = 0;

	if (!required && access(path, F_OK) != 0)
		return 0;
	if (slurmread_local(NULL, path, &text, &len, cause) < 0)
		return -1;
	f->path = xstrdup(path);
	f->text = text;
	f->len = len;
	return 0;
}

/* import_mode_fn for local files: a copy's owner says nothing of the hosts' */
static int local_mode(void *arg, const char *path, unsigned *mode, long long *uid,
		      long long *gid)
{
	struct stat st;

	(void)arg;
	if (stat(path, &st) < 0)
		return -1;
	*mode = (unsigned)st.st_mode & 07777;
	*uid = *gid = -1;
	return 0;
}

int import_nodes_files(const char *conf_path, const char *gres_path,
		       struct import_carry *carry, struct strbuf *out,
		       struct strbuf *problems, char **cause)
{
	/* a copy of /etc/slurm: what it includes from there is read beside it */
	struct import_source src = { .read = slurmread_copy, .read_arg = (void *)conf_path,
				     .carry = carry, .mode = local_mode };
	const char *slash = strrchr(conf_path, '/');
	int dir = slash ? (int)(slash - conf_path + 1) : 0;
	char *gres = gres_path ? xstrdup(gres_path) : xasprintf("%.*sgres.conf", dir, conf_path);
	char *cgroup = xasprintf("%.*scgroup.conf", dir, conf_path);
	char *dbd = xasprintf("%.*sslurmdbd.conf", dir, conf_path);
	int rc = -1;

	if (read_source(conf_path, true, &src.conf, cause) == 0 &&
	    read_source(gres, gres_path != NULL, &src.gres, cause) == 0 &&
	    read_source(cgroup, false, &src.cgroup, cause) == 0 &&
	    read_source(dbd, false, &src.dbd, cause) == 0)
		rc = import_nodes(&src, out, problems, cause);
	import_source_release(&src);
	free(gres);
	free(cgroup);
	free(dbd);
	return rc;
}

void import_source_release(struct import_source *src)
{
	struct import_file *files[] = { &src->conf, &src->gres, &src->cgroup, &src->dbd };

	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		free((char *)files[i]->path);
		free((char *)files[i]->text);
	}
	free((char *)src->release);
	free((char *)src->slurm_user.name);
	free((char *)src->ssh_yaml);
	memset(src, 0, sizeof(*src));
}
