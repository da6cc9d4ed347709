/*
 * fuzz_validate.c: libFuzzer target for the whole validate path, what a
 * review pipeline runs on a merge request's inventory (issue 29): the
 * bytes through inventory_load_string(), validate_model(), diag_sort()
 * and the text printer (excerpts included, from the bytes themselves as
 * the source), and, when the inventory is valid, render_cluster() in
 * memory. Must never crash, leak, hang or trip ASan/UBSan, and stays
 * within the bounds t0285 checks on the command line. Includes,
 * template_dir and files: sources resolve in a directory that does not
 * exist, so the fuzzer reads no file of this machine. Executions per
 * second and coverage are bench/fuzz's, not CI's.
 */
#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "inventory/inventory.h"
#include "inventory/validate.h"
#include "render/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_PATH "/nonexistent-fuzz-dir/inventory.yaml"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct rendered_set set = RENDERED_SET_INIT;
	struct model *m;
	FILE *devnull = fopen("/dev/null", "w");

	diag_set_source(&dl, FUZZ_PATH, (const char *)data, size);
	m = inventory_load_string(FUZZ_PATH, (const char *)data, size, &dl);
	if (m && validate_model(m, &dl) == 0 && !diag_errors(&dl))
		render_cluster(m, &set, &dl);
	diag_sort(&dl);
	if (devnull) {
		diag_print(&dl, devnull);
		fclose(devnull);
	}
	rendered_set_release(&set);
	model_free(m);
	diag_release(&dl);
	return 0;
}
