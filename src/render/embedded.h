/*
 * embedded.h: the default templates, compiled into the binary from
 * the .mustache files in templates/ by scripts/embed-templates.sh.
 */
#ifndef CLUSTERCTL_EMBEDDED_H
#define CLUSTERCTL_EMBEDDED_H

#include <stddef.h>

struct embedded_file {
	const char *name;	/* base name, e.g. "slurm.conf.mustache" */
	const char *data;	/* NUL-terminated */
	size_t len;
};

/* Terminated by an entry with name NULL. */
extern const struct embedded_file embedded_templates[];
extern const size_t embedded_templates_count;

/* Returns the embedded template called name, or NULL. */
const struct embedded_file *embedded_find(const char *name);

#endif
