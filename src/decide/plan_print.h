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

/* Its "users" and "services" arrays alone (diff's JSON has them too). */
json_t *plan_idents_to_json(const struct plan *p);
json_t *plan_services_to_json(const struct plan *p);

/*
 * Identical changes on many hosts, one group each (a 128-node change reads
 * as one entry): the plan's printers use them, and so does diff's
 * (review.h). Groups come in the order of their first item.
 */
struct plan_group {
	size_t first;	/* the first item of the group (its content is printed) */
	char *hosts;	/* folded hostlist, owned */
};

/* Groups of p->files, p->idents, p->services; *ng of them. plan_groups_free(). */
struct plan_group *plan_file_groups(const struct plan *p, size_t *ng);
struct plan_group *plan_ident_groups(const struct plan *p, size_t *ng);
struct plan_group *plan_service_groups(const struct plan *p, size_t *ng);
void plan_groups_free(struct plan_group *g, size_t n);

#endif
