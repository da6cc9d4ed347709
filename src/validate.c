/*
 * validate.c: semantic checks of a loaded model (see validate.h).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "validate.h"
#include "xalloc.h"

size_t validate_model(struct model *m, struct diag_list *dl)
{
	size_t before = diag_errors(dl);

	model_index_hosts(m);
	return diag_errors(dl) - before;
}

bool validate_tres_name(const char *name)
{
	(void)name;
	return true;
}

char *validate_effective_slurm_conf(const struct model *m, const char *key)
{
	(void)m;
	(void)key;
	return NULL;
}
