/*
 * acct_print.h: the accounting plan for people and for machines
 * (acct_print.c).
 */
#ifndef CLUSTERCTL_ACCT_PRINT_H
#define CLUSTERCTL_ACCT_PRINT_H

#include "base/compat.h"

#include <jansson.h>
#include "acct/rows/acct.h"
#include "base/strbuf.h"

/* Appends the human-readable accounting section of the plan. */
void acct_plan_print(const struct acct_plan *p, struct strbuf *out);

/* The plan as JSON: {"changes": [{op, kind, name, attrs: {a: [old, new]}}]}. New reference. */
json_t *acct_plan_to_json(const struct acct_plan *p);

#endif
