/*
 * model_defaults_test.c: the GPU-safe defaults: TaskPlugin where
 * cgroup.conf constrains devices, DefMemPerCPU where memory is a
 * consumable, none of them with defaults: slurm or where the inventory
 * says its own.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/xalloc.h"
#include "inventory/inventory.h"
#include "inventory/model.h"
#include "inventory/model_defaults.h"

static struct model *load(const char *cluster, const char *types)
{
	struct diag_list dl = DIAG_LIST_INIT;
	char *src = xasprintf("cluster: {name: t, controller: head%s}\n"
			      "hosts:\n  - {names: head, roles: [controller]}\n"
			      "  - {names: \"n[1-2]\", type: small}\n"
			      "  - {names: \"g[1-2]\", type: big}\n"
			      "node_types: {%s}\n", cluster, types);
	struct model *m = inventory_load_string("d.yaml", src, strlen(src), &dl);

	cr_assert_not_null(m);
	cr_assert_eq(diag_errors(&dl), 0, "%s", dl.n ? dl.items[0].msg : "");
	diag_release(&dl);
	free(src);
	return m;
}

#define TYPES "small: {cpus: 4, memory: 8G}, big: {sockets: 2, cores_per_socket: 8, " \
	"threads_per_core: 2, memory: 64G}"

Test(model_defaults, task_cgroup_where_devices_are_constrained)
{
	struct model *m = load("", TYPES);
	struct model *own = load(", slurm_conf: {TaskPlugin: task/affinity}", TYPES);
	struct model *open = load(", cgroup_conf: {ConstrainDevices: \"no\"}", TYPES);
	struct model *adopted = load(", defaults: slurm", TYPES);

	cr_expect(model_constrains_devices(m));
	cr_expect(model_task_plugin_is_default(m));
	cr_expect_str_eq(model_task_plugin(m), "task/cgroup,task/affinity");
	cr_expect_not(model_task_plugin_is_default(own));
	cr_expect_str_eq(model_task_plugin(own), "task/affinity");
	cr_expect_not(model_constrains_devices(open));
	cr_expect_null(model_task_plugin(open));
	cr_expect_not(model_constrains_devices(adopted));
	cr_expect_null(model_task_plugin(adopted));
	model_free(m);
	model_free(own);
	model_free(open);
	model_free(adopted);
}

Test(model_defaults, mem_per_cpu_where_memory_is_a_consumable)
{
	/* small: 8192 MB / 4 CPUs; big: 65536 MB / 32 threads: the least wins */
	struct model *m = load("", TYPES);
	struct model *gpu = load(", slurm_conf: {DefMemPerGPU: 4096}", TYPES);
	struct model *cores = load(", slurm_conf: {SelectTypeParameters: CR_Core}", TYPES);
	struct model *adopted = load(", defaults: slurm", TYPES);
	struct model *unknown = load("", "small: {cpus: 4}, big: {cpus: 8, memory: 8G}");

	cr_expect_eq(model_default_mem_per_cpu(m), 2048);
	cr_expect_eq(model_default_mem_per_cpu(gpu), MODEL_UNSET);
	cr_expect_eq(model_default_mem_per_cpu(cores), MODEL_UNSET);
	cr_expect_eq(model_default_mem_per_cpu(adopted), MODEL_UNSET);
	cr_expect_eq(model_default_mem_per_cpu(unknown), MODEL_UNSET);
	model_free(m);
	model_free(gpu);
	model_free(cores);
	model_free(adopted);
	model_free(unknown);
}
