/*
 * inventory_nodes.c: the schema of what slurm.conf says about machines:
 * node types (with their GPUs and other GRES), hosts, and partitions. A hosts: entry names
 * many hosts with one hostlist expression; it is expanded here, bounded
 * before anything is allocated, so every later stage sees plain hosts.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/diag.h"
#include "slurm/hostlist.h"
#include "inventory/inventory_keys.h"
#include "inventory/model.h"
#include "base/xalloc.h"
#include "inventory/inventory_node.h"
#include "inventory/inventory_nodes.h"
#include "inventory/inventory_overlay.h"

/*
 * Hosts in one inventory. A few bytes of hostlist can name a million hosts,
 * and every host costs files and directories in a render, a session in a
 * plan: the limit turns a 250-byte inventory that would make render write
 * tens of GB into one error at the expression. 65,536 (Slurm's own limit
 * of one range) is six times the largest clusters of the benchmarks, and
 * what a render keeps in memory under the 64 MB any input may take
 * (docs/security.md): some 600 bytes a host, 100,000 hosts took 66 MB.
 */
#define MAX_HOSTS 65536ULL

/* ------------------------------------------------------------------ */
/* node types                                                          */

/* gres_conf: false is an entry gres.conf has no line for (no_line) */
static void load_gres_conf_line(struct loader *ld, bool *no_line, yaml_node_t *val)
{
	const char *s = inv_scalar_str(ld, val, "a boolean");

	if (!s)
		return;
	if (strcmp(s, "false") && strcmp(s, "true"))
		inv_type_error(ld, val, "a boolean (true or false)");
	*no_line = !strcmp(s, "false");
}

static void load_gpu_line(struct loader *ld, void *obj, yaml_node_t *val,
			  const struct src_loc *kloc)
{
	(void)kloc;
	load_gres_conf_line(ld, &((struct gpu_spec *)obj)->no_line, val);
}

static void load_gres_line(struct loader *ld, void *obj, yaml_node_t *val,
			   const struct src_loc *kloc)
{
	(void)kloc;
	load_gres_conf_line(ld, &((struct gres_spec *)obj)->no_line, val);
}

#define LINE_DOC "false: gres.conf has no line for these (slurm.conf's Gres= counts them)"
#define LINE_TYPE_DOC "gres.conf Type= of an untyped entry (slurm.conf names none; slurmd drops it)"

static const struct key_spec gpu_keys[] = {
	{ "type", K_STR, F(struct gpu_spec, type), .doc = "GRES type, e.g. a40" },
	{ "gres_conf", K_FN, .fn = load_gpu_line, .type_doc = "boolean", .def = "true",
	  .doc = LINE_DOC },
	{ "gres_conf_type", K_STR, F(struct gpu_spec, line_type), .doc = LINE_TYPE_DOC },
	{ "count", K_INT, F(struct gpu_spec, count), .required = true, .min = 1,
	  .max = 1024, .doc = "GPUs of this entry (a type's entries add up)" },
	{ "files", K_STR, F(struct gpu_spec, files), L(struct gpu_spec, files_loc),
	  .doc = "device files, a hostlist: /dev/nvidia[0-3]" },
	{ "multiple_files", K_STR, F(struct gpu_spec, multiple_files),
	  L(struct gpu_spec, multiple_files_loc),
	  .doc = "gres.conf MultipleFiles: the files of one GPU (count 1)" },
	{ "autodetect", K_STR, F(struct gpu_spec, autodetect),
	  L(struct gpu_spec, autodetect_loc),
	  .doc = "gres.conf AutoDetect (nvml, rsmi, ...), for the node" },
	{ "cores", K_STR, F(struct gpu_spec, cores), .doc = "gres.conf Cores=" },
	{ "links", K_STR, F(struct gpu_spec, links), .doc = "gres.conf Links=" },
	{ "flags", K_STR, F(struct gpu_spec, flags), L(struct gpu_spec, flags_loc),
	  .doc = "gres.conf Flags, e.g. nvidia_gpu_env" },
};
static const struct key_table gpu_table = TABLE("gpu", gpu_keys);

static void load_one_gpu(struct loader *ld, yaml_node_t *n, void *elem)
{
	struct gpu_spec *g = elem;

	g->count = MODEL_UNSET;
	g->loc = inv_node_loc(ld, n);
	inv_load_mapping(ld, n, &gpu_table, g);
}

static const struct key_spec gres_keys[] = {
	{ "name", K_STR, F(struct gres_spec, name), L(struct gres_spec, name_loc),
	  .required = true, .doc = "GRES name: shard, mps, or a site's own (nic, qpu ...)" },
	{ "type", K_STR, F(struct gres_spec, type), .doc = "GRES type" },
	{ "gres_conf", K_FN, .fn = load_gres_line, .type_doc = "boolean", .def = "true",
	  .doc = LINE_DOC },
	{ "gres_conf_type", K_STR, F(struct gres_spec, line_type), .doc = LINE_TYPE_DOC },
	{ "count", K_INT, F(struct gres_spec, count), .required = true, .min = 1,
	  .max = 1LL << 50, .doc = "of this entry (a name and type's entries add up); "
	  "shard and mps: spread over the files" },
	{ "files", K_STR, F(struct gres_spec, files), L(struct gres_spec, files_loc),
	  .doc = "device files, a hostlist; shard and mps: some of the GPUs' files" },
	{ "cores", K_STR, F(struct gres_spec, cores), .doc = "gres.conf Cores=" },
	{ "links", K_STR, F(struct gres_spec, links), .doc = "gres.conf Links=" },
	{ "flags", K_STR, F(struct gres_spec, flags), L(struct gres_spec, flags_loc),
	  .doc = "gres.conf Flags, e.g. CountOnly" },
};
static const struct key_table gres_table = TABLE("gres", gres_keys);

static void load_one_gres(struct loader *ld, yaml_node_t *n, void *elem)
{
	struct gres_spec *g = elem;

	g->count = MODEL_UNSET;
	g->loc = inv_node_loc(ld, n);
	inv_load_mapping(ld, n, &gres_table, g);
}

/*
 * A node type's list of gres.conf lines (gpus:, gres:): one entry as a
 * mapping, or a list of them. The value replaces what was there (an
 * overlay's list is the whole list). Returns the entries, *n their count.
 */
static void *load_entries(struct loader *ld, yaml_node_t *val, size_t size,
			  void (*load_one)(struct loader *, yaml_node_t *, void *),
			  size_t *n)
{
	yaml_node_item_t *it;
	char *v;

	*n = 0;
	if (val->type == YAML_MAPPING_NODE) {
		v = pool_alloc(&ld->m->pool, size);
		load_one(ld, val, v);
		*n = 1;
		return v;
	}
	if (val->type != YAML_SEQUENCE_NODE) {
		inv_type_error(ld, val, "a mapping or a list of mappings");
		return NULL;
	}
	v = pool_alloc(&ld->m->pool, (inv_seq_len(val) + 1) * size);
	for (it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
		yaml_node_t *e = inv_node_get(ld, *it);

		if (e)
			load_one(ld, e, v + (*n)++ * size);
	}
	return v;
}

static void load_gpus(struct loader *ld, void *obj, yaml_node_t *val,
		      const struct src_loc *kloc)
{
	struct node_type *nt = obj;

	(void)kloc;
	nt->gpus = load_entries(ld, val, sizeof(*nt->gpus), load_one_gpu, &nt->n_gpus);
}

static void load_gres(struct loader *ld, void *obj, yaml_node_t *val,
		      const struct src_loc *kloc)
{
	struct node_type *nt = obj;

	(void)kloc;
	nt->gres = load_entries(ld, val, sizeof(*nt->gres), load_one_gres, &nt->n_gres);
}

#define NT_INT(n, field, doc_)                                            \
	{ n, K_INT, F(struct node_type, field), .min = 1, .max = 1 << 30, .doc = doc_ }
static const struct key_spec node_type_keys[] = {
	NT_INT("cpus", cpus, "CPUs (default: sockets x cores x threads)"),
	NT_INT("boards", boards, "Boards"),
	NT_INT("sockets", sockets, "Sockets (per board)"),
	NT_INT("cores_per_socket", cores_per_socket, "CoresPerSocket"),
	NT_INT("threads_per_core", threads_per_core, "ThreadsPerCore"),
	{ "memory", K_MEM, F(struct node_type, memory_mb), L(struct node_type, memory_loc),
	  .doc = "RealMemory: MB, or with a unit (190G, 1.5T)" },
	{ "memory_mb", K_INT, F(struct node_type, memory_mb), L(struct node_type, memory_loc),
	  .min = 1,
	  .max = 1LL << 40, .doc = "RealMemory in MB (same as memory)" },
	{ "tmp_disk", K_MEM, F(struct node_type, tmp_disk_mb),
	  .doc = "TmpDisk: MB, or with a unit" },
	{ "weight", K_INT, F(struct node_type, weight), .min = 0,
	  .max = 4294967294LL, .doc = "Weight (lower is scheduled first)" },
	{ "features", K_STRLIST, F(struct node_type, features),
	  .doc = "Features, e.g. [a40, ib]" },
	{ "gpus", K_FN, 0, .fn = load_gpus, .type_doc = "mapping or list",
	  .doc = "GPUs: one entry per gres.conf line: {type, count, files, cores, ...}" },
	{ "gres", K_FN, 0, .fn = load_gres, .type_doc = "mapping or list",
	  .doc = "every other GRES (shard, mps, a site's own): one entry per gres.conf "
	  "line: {name, type, count, files, flags, ...}" },
	{ "extra", K_KV, F(struct node_type, extra),
	  .doc = "more NodeName= keys, checked against Slurm's" },
};
static const struct key_table node_type_table = TABLE("node type", node_type_keys);

static void node_type_init(struct node_type *nt)
{
	memset(nt, 0, sizeof(*nt));
	nt->cpus = nt->boards = nt->sockets = MODEL_UNSET;
	nt->cores_per_socket = nt->threads_per_core = MODEL_UNSET;
	nt->memory_mb = nt->tmp_disk_mb = nt->weight = MODEL_UNSET;
}

/* An overlay's node type of a name the inventory has: merged into it. */
static bool overlay_node_type(struct loader *ld, const char *name, yaml_node_t *v)
{
	size_t i;

	for (i = 0; ld->overlay && i < ld->n_node_types; i++) {
		if (!strcmp(ld->node_types[i].name, name)) {
			inv_load_mapping(ld, v, &node_type_table, &ld->node_types[i]);
			return true;
		}
	}
	return false;
}

void inv_load_node_types(struct loader *ld, void *obj, yaml_node_t *val,
			 const struct src_loc *kloc)
{
	yaml_node_pair_t *p;
	bool *rep;

	(void)obj;
	if (!ld->m->node_types_loc.file)
		ld->m->node_types_loc = *kloc;
	if (val->type != YAML_MAPPING_NODE) {
		inv_type_error(ld, val, "a mapping of node type names");
		return;
	}
	rep = inv_map_repeats(ld, val, false);
	for (p = val->data.mapping.pairs.start; p < val->data.mapping.pairs.top; p++) {
		yaml_node_t *k = inv_node_get(ld, p->key), *v = inv_node_get(ld, p->value);
		struct inv_entity ent;
		struct node_type nt;

		if (!k || !v || (rep && rep[p - val->data.mapping.pairs.start]))
			continue;
		node_type_init(&nt);
		if (!(nt.name = inv_scalar_str(ld, k, "a node type name")))
			continue;
		if (overlay_node_type(ld, nt.name, v))
			continue;
		nt.loc = inv_node_loc(ld, k);
		/* from its name: what validate says of it is said there */
		inv_entity_begin(ld, &ent);
		ld->adding++;
		inv_load_mapping(ld, v, &node_type_table, &nt);
		ld->adding--;
		inv_entity_end(ld, &ent, MODEL_FAILED_NODE_TYPES, k);
		XGROW(ld->node_types, ld->alloc_node_types, ld->n_node_types + 1);
		ld->node_types[ld->n_node_types++] = nt;
	}
	free(rep);
}

/* ------------------------------------------------------------------ */
/* hosts                                                               */

/* One "hosts:" entry before expansion; tmpl is copied to every host. */
struct host_entry {
	const char *names;
	struct src_loc names_loc;
	yaml_node_t *addresses;
	struct src_loc addresses_loc;
	bool managed;			/* true unless managed: false */
	struct host tmpl;
};

static const char *const role_names[] = { "controller", "backup", "dbd",
					  "compute", "login", "storage" };

unsigned inv_load_role_bits(struct loader *ld, yaml_node_t *val)
{
	struct str_list l = { 0 };
	unsigned bits = 0;
	size_t i, r;

	inv_load_strlist(ld, val, &l);
	for (i = 0; i < l.n; i++) {
		const char *hint;

		for (r = 0; r < ARRAY_SIZE(role_names); r++)
			if (!strcmp(l.items[i], role_names[r]))
				break;
		if (r < ARRAY_SIZE(role_names)) {
			bits |= 1u << r;
			continue;
		}
		hint = diag_suggest(l.items[i], role_names, ARRAY_SIZE(role_names));
		if (hint)
			diag_error(ld->dl, &l.locs[i],
				   "unknown role '%s' (did you mean '%s'?)",
				   l.items[i], hint);
		else
			diag_error(ld->dl, &l.locs[i],
				   "unknown role '%s' (expected controller, backup, "
				   "dbd, compute, login or storage)", l.items[i]);
	}
	return bits;
}

static void load_roles(struct loader *ld, void *obj, yaml_node_t *val,
		       const struct src_loc *kloc)
{
	struct host_entry *he = obj;

	he->tmpl.roles_loc = *kloc;
	he->tmpl.roles |= inv_load_role_bits(ld, val);
}

static void load_addresses(struct loader *ld, void *obj, yaml_node_t *val,
			   const struct src_loc *kloc)
{
	struct host_entry *he = obj;

	if (val->type == YAML_MAPPING_NODE) {
		inv_type_error(ld, val, "a hostlist expression or a list of addresses");
		return;
	}
	he->addresses = val;
	he->addresses_loc = *kloc;
}

#define HE(field) F(struct host_entry, field)
static const struct key_spec host_keys[] = {
	{ "names", K_STR, HE(names), L(struct host_entry, names_loc),
	  .required = true, .doc = "hostlist expression: gpu[01-16],login1" },
	{ "addresses", K_FN, 0, .fn = load_addresses,
	  .type_doc = "hostlist or list",
	  .doc = "addresses, expanded in lock-step with names (counts must match)" },
	{ "address", K_FN, 0, .fn = load_addresses, .type_doc = "hostlist or list",
	  .doc = "same as addresses" },
	{ "type", K_STR, HE(tmpl.type_name), L(struct host_entry, tmpl.type_loc),
	  .doc = "node type (compute hosts)" },
	{ "roles", K_FN, 0, .fn = load_roles, .type_doc = "list of strings",
	  .def = "[compute] if type is set, else none",
	  .doc = "controller, backup, dbd, compute, login, storage" },
	PORT("ssh_port", struct host_entry, tmpl.ssh_port, "SSH port of these hosts"),
	{ "ssh_user", K_STR, HE(tmpl.ssh_user), .doc = "SSH user of these hosts" },
	{ "slurmd_port", K_INT, HE(tmpl.slurmd_port), .min = 1, .max = 65535,
	  .doc = "Port= of slurmd: the first host's; each next host gets +1" },
	{ "extra", K_KV, HE(tmpl.extra), .doc = "more NodeName= keys for these hosts" },
	{ "managed", K_BOOL, HE(managed), L(struct host_entry, tmpl.managed_loc),
	  .def = "true",
	  .doc = "false: declared in slurm.conf and gres.conf only, never "
		 "contacted (not its controller or accounting host)" },
};
static const struct key_table host_table = TABLE("host entry", host_keys);

/*
 * An upper bound of the names expr expands to, without expanding it: the
 * product over bracket groups of their ranges' sizes. Guards MAX_HOSTS
 * before hostlist_expand() allocates them all.
 */
static unsigned long long hostlist_estimate(const char *p)
{
	unsigned long long total = 0, prod = 1, group = 0;
	bool in = false;

	for (;; p++) {
		if (!*p || (!in && *p == ',')) {
			total += prod;
			prod = 1;
			if (!*p || total > MAX_HOSTS)
				return total;
		} else if (*p == '[') {
			in = true;
			group = 0;
		} else if (in && *p == ']') {
			in = false;
			prod *= group ? group : 1;
			if (prod > MAX_HOSTS)
				prod = MAX_HOSTS + 1;
		} else if (in && *p >= '0' && *p <= '9') {
			char *end;
			unsigned long long a = strtoull(p, &end, 10), b = a;

			if (*end == '-' && end[1] >= '0' && end[1] <= '9')
				b = strtoull(end + 1, &end, 10);
			group += (b >= a ? b - a : a - b) + 1;
			if (group > MAX_HOSTS)
				group = MAX_HOSTS + 1;
			p = end - 1;
		}
	}
}

/* Expands one hostlist for an entry; 0 or -1 after a diagnostic. */
static int expand_checked(struct loader *ld, const char *expr,
			  const struct src_loc *loc, struct hostlist *out)
{
	char *cause = NULL;

	if (hostlist_estimate(expr) + ld->n_expanded > MAX_HOSTS) {
		diag_error(ld->dl, loc, "'%s' expands to too many names (an "
			   "inventory holds at most %llu hosts)", expr, MAX_HOSTS);
		return -1;
	}
	if (hostlist_expand(expr, out, &cause)) {
		diag_error(ld->dl, loc, "invalid hostlist '%s': %s", expr, cause);
		free(cause);
		return -1;
	}
	return 0;
}

static int expand_addresses(struct loader *ld, struct host_entry *he,
			    struct hostlist *out)
{
	yaml_node_item_t *it;
	const char *s;

	if (!he->addresses)
		return 0;
	if (he->addresses->type == YAML_SCALAR_NODE) {
		s = inv_scalar_str(ld, he->addresses, "a hostlist expression");
		return s ? expand_checked(ld, s, &he->addresses_loc, out) : -1;
	}
	for (it = he->addresses->data.sequence.items.start;
	     it < he->addresses->data.sequence.items.top; it++) {
		yaml_node_t *e = inv_node_get(ld, *it);
		struct src_loc loc;

		if (!e || !(s = inv_scalar_str(ld, e, "an address")))
			return -1;
		loc = inv_node_loc(ld, e);
		if (expand_checked(ld, s, &loc, out))
			return -1;
	}
	return 0;
}

static void push_hosts(struct loader *ld, struct host_entry *he,
		       const struct hostlist *names, const struct hostlist *addrs)
{
	size_t i;

	XGROW(ld->hosts, ld->alloc_hosts, ld->n_hosts + names->n);
	for (i = 0; i < names->n; i++) {
		struct host *h = &ld->hosts[ld->n_hosts++];

		*h = he->tmpl;
		h->name = pool_strdup(&ld->m->pool, names->names[i]);
		if (addrs->n == names->n)
			h->address = pool_strdup(&ld->m->pool, addrs->names[i]);
		if (he->tmpl.slurmd_port != MODEL_UNSET)
			h->slurmd_port = he->tmpl.slurmd_port + (long long)i;
		h->scope = he->managed ? HOST_MANAGED : HOST_DECLARED;
	}
	ld->n_expanded += names->n;
}

/*
 * An overlay's host entry: every name must be a host of the inventory; the
 * keys the entry writes replace those hosts' values.
 */
static void overlay_hosts(struct loader *ld, const struct host_entry *he,
			  bool has_roles, const struct hostlist *names,
			  const struct hostlist *addrs)
{
	size_t i;

	for (i = 0; i < names->n; i++) {
		struct host *h = inv_overlay_host(ld, names->names[i]);

		if (!h) {
			diag_error(ld->dl, &he->names_loc,
				   "overlay names host '%s', which the inventory does not have",
				   names->names[i]);
			continue;
		}
		if (addrs->n == names->n)
			h->address = pool_strdup(&ld->m->pool, addrs->names[i]);
		if (he->tmpl.type_name) {
			h->type_name = he->tmpl.type_name;
			h->type_loc = he->tmpl.type_loc;
		}
		if (has_roles) {
			h->roles = he->tmpl.roles;
			h->roles_loc = he->tmpl.roles_loc;
		}
		if (he->tmpl.ssh_port != MODEL_UNSET)
			h->ssh_port = he->tmpl.ssh_port;
		if (he->tmpl.ssh_user)
			h->ssh_user = he->tmpl.ssh_user;
		if (he->tmpl.slurmd_port != MODEL_UNSET)
			h->slurmd_port = he->tmpl.slurmd_port + (long long)i;
		if (he->tmpl.managed_loc.file) {
			h->scope = he->managed ? HOST_MANAGED : HOST_DECLARED;
			h->managed_loc = he->tmpl.managed_loc;
		}
		inv_kv_merge(&ld->m->pool, &h->extra, &he->tmpl.extra);
	}
}

static void load_host_entry(struct loader *ld, yaml_node_t *n)
{
	struct host_entry he = { 0 };
	struct hostlist names = HOSTLIST_INIT, addrs = HOSTLIST_INIT;
	bool has_roles;

	he.tmpl.ssh_port = he.tmpl.slurmd_port = MODEL_UNSET;
	he.managed = true;
	if (!ld->overlay)
		he.tmpl.entry = ld->n_entries++;
	inv_load_mapping(ld, n, &host_table, &he);
	if (!he.names)
		return;
	has_roles = he.tmpl.roles_loc.file != NULL;
	he.tmpl.loc = he.names_loc;
	if (!he.tmpl.type_loc.file)
		he.tmpl.type_loc = he.names_loc;
	if (!he.tmpl.managed_loc.file && !ld->overlay)
		he.tmpl.managed_loc = he.names_loc;
	if (!he.tmpl.roles_loc.file) {
		he.tmpl.roles_loc = he.names_loc;
		if (he.tmpl.type_name)
			he.tmpl.roles = ROLE_COMPUTE;
	}
	if (expand_checked(ld, he.names, &he.names_loc, &names))
		goto out;
	if (!expand_addresses(ld, &he, &addrs) && he.addresses &&
	    addrs.n != names.n)
		diag_error(ld->dl, &he.addresses_loc,
			   "host entry has %zu name%s but %zu address%s", names.n,
			   names.n == 1 ? "" : "s", addrs.n, addrs.n == 1 ? "" : "es");
	if (he.tmpl.slurmd_port != MODEL_UNSET &&
	    he.tmpl.slurmd_port + (long long)names.n - 1 > 65535)
		diag_error(ld->dl, &he.names_loc,
			   "slurmd_port %lld + %zu hosts goes past 65535",
			   he.tmpl.slurmd_port, names.n);
	if (ld->overlay)
		overlay_hosts(ld, &he, has_roles, &names, &addrs);
	else
		push_hosts(ld, &he, &names, &addrs);
out:
	hostlist_release(&names);
	hostlist_release(&addrs);
}

void inv_load_hosts(struct loader *ld, void *obj, yaml_node_t *val,
		    const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->hosts_loc.file)
		ld->m->hosts_loc = *kloc;
	inv_for_each_item(ld, val, load_host_entry, MODEL_FAILED_HOSTS);
}

/* ------------------------------------------------------------------ */
/* partitions                                                          */

#define PT(field) F(struct partition, field)
static const struct key_spec partition_keys[] = {
	{ "name", K_STR, PT(name), L(struct partition, loc), .required = true,
	  .doc = "PartitionName" },
	{ "nodes", K_STR, PT(nodes), L(struct partition, nodes_loc),
	  .required = true, .doc = "hostlist of compute hosts, or ALL" },
	{ "default", K_BOOL, PT(is_default), L(struct partition, default_loc),
	  .def = "false", .doc = "Default=YES; at most one partition has it (none: a job must name its partition)" },
	{ "max_time", K_TIME, PT(max_time), L(struct partition, max_time_loc),
	  .doc = "MaxTime" },
	{ "default_time", K_TIME, PT(default_time), L(struct partition, default_time_loc),
	  .doc = "DefaultTime" },
	{ "priority_tier", K_INT, PT(priority_tier), .min = 0, .max = 65533,
	  .doc = "PriorityTier" },
	{ "priority_job_factor", K_INT, PT(priority_job_factor), .min = 0,
	  .max = 65533, .doc = "PriorityJobFactor" },
	{ "max_nodes", K_INT, PT(max_nodes), .min = 1, .max = 1 << 30,
	  .doc = "MaxNodes" },
	{ "qos", K_STR, PT(qos), L(struct partition, qos_loc),
	  .doc = "partition QOS (a qos: name)" },
	{ "allow_accounts", K_STRLIST, PT(allow_accounts), .doc = "AllowAccounts" },
	{ "deny_accounts", K_STRLIST, PT(deny_accounts), .doc = "DenyAccounts" },
	{ "allow_qos", K_STRLIST, PT(allow_qos), .doc = "AllowQos" },
	{ "allow_groups", K_STRLIST, PT(allow_groups), .doc = "AllowGroups" },
	{ "preempt_mode", K_STR, PT(preempt_mode),
	  L(struct partition, preempt_mode_loc),
	  .doc = "PreemptMode: OFF, CANCEL, GANG, REQUEUE, SUSPEND, WITHIN, PRIORITY (A,B)" },
	{ "oversubscribe", K_STR, PT(oversubscribe),
	  L(struct partition, oversubscribe_loc),
	  .doc = "OverSubscribe: EXCLUSIVE, FORCE[:N], YES[:N] or NO" },
	{ "state", K_STR, PT(state), L(struct partition, state_loc), .def = "UP",
	  .doc = "State: UP, DOWN, DRAIN or INACTIVE" },
	{ "extra", K_KV, PT(extra), .doc = "more PartitionName= keys" },
};
static const struct key_table partition_table = TABLE("partition", partition_keys);

static void load_partition(struct loader *ld, yaml_node_t *n)
{
	struct partition p = { 0 }, *old;

	old = INV_OVERLAY_FIND(ld, n, ld->partitions, ld->n_partitions, struct partition);
	if (old) {
		inv_load_mapping(ld, n, &partition_table, old);
		return;
	}
	p.priority_tier = p.priority_job_factor = p.max_nodes = MODEL_UNSET;
	p.loc = inv_node_loc(ld, n);
	ld->adding++;
	inv_load_mapping(ld, n, &partition_table, &p);
	ld->adding--;
	if (!p.name)
		return;
	XGROW(ld->partitions, ld->alloc_partitions, ld->n_partitions + 1);
	ld->partitions[ld->n_partitions++] = p;
}

void inv_load_partitions(struct loader *ld, void *obj, yaml_node_t *val,
			 const struct src_loc *kloc)
{
	(void)obj;
	if (!ld->m->partitions_loc.file)
		ld->m->partitions_loc = *kloc;
	inv_for_each_item(ld, val, load_partition, MODEL_FAILED_PARTITIONS);
}

const struct inv_ref_section inv_nodes_ref[] = {
	{ "node_types.NAME", "A hardware kind; hosts refer to it by name.",
	  &node_type_table },
	{ "node_types.NAME.gpus", "The GPUs: one entry (a mapping), or a list of them, "
	  "each one gres.conf line; a type's Gres= count is the sum of its "
	  "entries. Several entries of one type give each device its own cores, "
	  "links or flags. An entry without files, multiple_files or autodetect "
	  "is a Count= line: GPUs slurmd binds to no device (validate warns). "
	  "autodetect is the node's: every entry that sets it sets the same; "
	  "entries with files next to it are checked against what it finds.",
	  &gpu_table },
	{ "node_types.NAME.gres", "The GRES other than GPUs: one entry (a mapping), "
	  "or a list of them, each one gres.conf line; Gres= lists them after the "
	  "GPUs, a name and type's count the sum of its entries, and GresTypes= "
	  "every name. shard and mps share the node's GPUs: the node type needs "
	  "gpus with files (or autodetect), and their files are some of the GPUs'; "
	  "their count is spread over those files (count / files each), and slurmd "
	  "gives them the type of the GPU they share. Any other name with files has "
	  "one per file. `name: gpu` is refused: GPUs are `gpus`.", &gres_table },
	{ "hosts[]", "A host entry: `names` is a hostlist expression; every "
	  "other key applies to each host it expands to. `addresses` expand "
	  "in the same order and their count must match. `slurmd_port` is "
	  "the first host's port, the next host gets the next port (for "
	  "several slurmd on one machine).", &host_table },
	{ "partitions[]", "A Slurm partition.", &partition_table },
	{ 0 }
};
