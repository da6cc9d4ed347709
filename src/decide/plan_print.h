/*
 * plan_print.h: the plan for people and for machines (plan_print.c)
 */
#ifndef CLUSTERCTL_PLAN_PRINT_H
#define CLUSTERCTL_PLAN_PRINT_H

#include "base/compat.h"

#include <jansson.h>

#include "base/strbuf.h"
#include "decide/plan.h"

enum plan_print_flags { PLAN_PRINT_COLOR = 1 << 0 };

/* Appends the human-readable plan, changes grouped by folded hostlists. */
void plan_print(const struct plan *p, unsigned flags, struct strbuf *out);

/* The plan as JSON (same grouping). New reference. */
json_t *plan_to_json(const struct plan *p);

#endif
