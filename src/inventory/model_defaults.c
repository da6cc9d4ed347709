/*
 * model_defaults.c: the defaults that depend on the model (see
 * model_defaults.h): TaskPlugin where cgroup.conf constrains devices, and
 * DefMemPerCPU where memory is a consumable.
 */
#include "base/compat.h"

#include <string.h>
#include <strings.h>

#include "inventory/model.h"
#include "inventory/model_defaults.h"

static const char *const default_task_plugin = "task/cgroup,task/affinity";

static bool clusterctl_defaults(const struct model *m)
{
	return m->cluster.defaults != DEFAULTS_SLURM;
}

bool model_constrains_devices(const struct model *m)
{
	static const char *const yes[] = { "yes", "true", "1", "up" };
	const struct kv *e = kv_find_nocase(&m->cluster.cgroup_conf, "ConstrainDevices");

	if (!e)
		return clusterctl_defaults(m);
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++)
		if (!strcasecmp(e->value, yes[i]))
			return true;
	return false;
}

bool model_task_plugin_is_default(const struct model *m)
{
	return !kv_find_nocase(&m->cluster.slurm_conf, "TaskPlugin") &&
	       clusterctl_defaults(m) && model_constrains_devices(m);
}

const char *model_task_plugin(const struct model *m)
{
	const struct kv *e = kv_find_nocase(&m->cluster.slurm_conf, "TaskPlugin");

	if (e)
		return e->value;
	return model_task_plugin_is_default(m) ? default_task_plugin : NULL;
}

const char *model_select_type_parameters(const struct model *m)
{
	const struct kv *e = kv_find_nocase(&m->cluster.slurm_conf, "SelectTypeParameters");

	if (e)
		return e->value;
	return clusterctl_defaults(m) ? "CR_Core_Memory" : NULL;
}

/* The node type's CPUs as slurm.conf gets them, or MODEL_UNSET. */
static long long type_cpus(const struct node_type *nt)
{
	long long n = 1;

	if (nt->cpus != MODEL_UNSET)
		return nt->cpus;
	if (nt->sockets == MODEL_UNSET || nt->cores_per_socket == MODEL_UNSET)
		return MODEL_UNSET;
	n = nt->sockets * nt->cores_per_socket;
	if (nt->threads_per_core != MODEL_UNSET)
		n *= nt->threads_per_core;
	if (nt->boards != MODEL_UNSET)
		n *= nt->boards;
	return n;
}

static const struct node_type *host_node_type(const struct model *m, const struct host *h)
{
	if (h->type)
		return h->type;
	return h->type_name ? model_find_node_type(m, h->type_name) : NULL;
}

/* The least memory_mb / CPUs of the node types hosts use; MODEL_UNSET if any lacks one. */
static long long least_mem_per_cpu(const struct model *m)
{
	long long least = MODEL_UNSET;

	for (size_t i = 0; i < model_n_declared(m); i++) {
		const struct node_type *nt = host_node_type(m, &m->hosts[i]);
		long long cpus, per;

		if (!nt)
			continue;
		cpus = type_cpus(nt);
		if (nt->memory_mb == MODEL_UNSET || nt->memory_mb < 1 || cpus < 1)
			return MODEL_UNSET;
		per = nt->memory_mb / cpus;
		if (least == MODEL_UNSET || per < least)
			least = per;
	}
	return least < 1 ? MODEL_UNSET : least;
}

long long model_default_mem_per_cpu(const struct model *m)
{
	static const char *const set[] = { "DefMemPerCPU", "DefMemPerNode", "DefMemPerGPU" };
	const char *params = model_select_type_parameters(m);

	if (!clusterctl_defaults(m) || !params || !strcasestr(params, "memory"))
		return MODEL_UNSET;
	for (size_t i = 0; i < ARRAY_SIZE(set); i++)
		if (kv_find_nocase(&m->cluster.slurm_conf, set[i]))
			return MODEL_UNSET;
	return least_mem_per_cpu(m);
}
