/*
 * fuzz_inventory.c: libFuzzer target for the inventory loader and the
 * validator: arbitrary bytes through inventory_load_string() and, when a
 * model comes back, validate_model() and diag_sort(); the same bytes
 * through inventory_list_shape() (add-user's view). Must never crash,
 * leak or trip ASan/UBSan. Includes are resolved relative to a directory
 * that does not exist, so the fuzzer cannot wander the file system.
 */
#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "inventory/inventory.h"
#include "inventory/validate.h"
#include "base/diag.h"
#include "inventory/model.h"
#include "inventory/inventory_shape.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct inventory_list_shape shape;
	struct model *m;
	char *cause = NULL;

	m = inventory_load_string("/nonexistent-fuzz-dir/inventory.yaml",
				  (const char *)data, size, &dl);
	if (m)
		validate_model(m, &dl);
	diag_sort(&dl);
	model_free(m);
	diag_release(&dl);
	if (inventory_list_shape((const char *)data, size, "users", &shape, &cause))
		free(cause);
	return 0;
}
