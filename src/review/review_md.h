/*
 * review_md.h: the review as a merge-request comment (Markdown), sized
 * for one: GitHub takes 65,536 characters.
 */
#ifndef CLUSTERCTL_REVIEW_MD_H
#define CLUSTERCTL_REVIEW_MD_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "review/review.h"

/*
 * The summary and the inventory's changes, then a collapsible <details>
 * per hostlist group (its files' settings and diffs), the daemons,
 * accounting, capacity and the munge key; at most about limit bytes
 * (diffs are left out first, then groups, with a line saying so).
 */
void review_print_markdown(const struct review *r, size_t limit, struct strbuf *out);

#endif
