/*
 * review_json.h: the review as JSON (docs/json-format.md, "diff --json").
 */
#ifndef CLUSTERCTL_REVIEW_JSON_H
#define CLUSTERCTL_REVIEW_JSON_H

#include "base/compat.h"

#include <jansson.h>
#include "review/review.h"

/* The review's keys (cmd_print_json() puts format_version first). New reference. */
json_t *review_to_json(const struct review *r);

#endif
