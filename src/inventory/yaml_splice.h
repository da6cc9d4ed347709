/*
 * yaml_splice.h: adds one entry to a top-level list of a YAML file by
 * editing its text, not by re-emitting the document: only the new entry's
 * text is inserted, so comments, order and formatting of everything else
 * stay byte for byte. The entry copies the style of the list (block or
 * flow list, block or flow mapping items, indentation, key order, inner
 * spacing, line endings); the shape is read by inventory_list_shape().
 */
#ifndef CLUSTERCTL_YAML_SPLICE_H
#define CLUSTERCTL_YAML_SPLICE_H

#include "base/compat.h"

#include <stddef.h>

struct str_list;
struct strbuf;

/*
 * One key of the new entry: a scalar, or a flow list. A field with no
 * scalar and no (or an empty) list is left out.
 */
struct yaml_splice_field {
	const char *key;
	const char *scalar;
	const struct str_list *list;	/* items as yaml_splice_item() writes them */
};

/*
 * out = buf with a new entry of fields appended to the top-level list
 * key (created at the end of the file when absent; a null value becomes
 * a list). The fields come in the order the list's last entry writes its
 * keys, the others after in the order given; the first field given stays
 * first. 0, or -1 with *cause (newly allocated) when buf is not YAML or
 * its top level is not a mapping.
 */
int yaml_splice_append(const char *buf, size_t len, const char *key,
		       const struct yaml_splice_field *fields, size_t n,
		       struct strbuf *out, char **cause);

/* s as a scalar: plain when that is safe, else double-quoted. */
void yaml_splice_scalar(struct strbuf *sb, const char *s);

/* A list item: a flow mapping ("{...}") as written, else a scalar. */
void yaml_splice_item(struct strbuf *sb, const char *item);

#endif
