/*
 * review_files.h: "diff --files": the unified diffs of a review
 * (review.h), no hunk shown twice.
 */
#ifndef CLUSTERCTL_REVIEW_FILES_H
#define CLUSTERCTL_REVIEW_FILES_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "review/review.h"

/*
 * The unified diffs, each identical hunk once under the hostlist of every
 * host whose file has it ("# HOSTS: PATH" before its "---"/"+++" lines);
 * a file a new host gets with the bytes others get is named, not shown
 * again; the munge key is never shown.
 */
void review_print_files(const struct review *r, struct strbuf *out);

#endif
