/* embedded.c: lookup in the templates compiled into the binary. */
#include "base/compat.h"

#include <string.h>

#include "render/embedded.h"

const struct embedded_file *embedded_find(const char *name)
{
	size_t i;

	for (i = 0; i < embedded_templates_count; i++)
		if (!strcmp(embedded_templates[i].name, name))
			return &embedded_templates[i];
	return NULL;
}
