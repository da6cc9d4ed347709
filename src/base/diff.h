/*
 * diff.h: line-based unified diffs (as `diff -u` prints them) for plan
 * output. Pure: no I/O, no printing.
 */
#ifndef CLUSTERCTL_DIFF_H
#define CLUSTERCTL_DIFF_H

#include "base/compat.h"

#include "base/strbuf.h"

#define DIFF_CONTEXT 3

/*
 * Appends to out the unified diff turning a (alen bytes) into b (blen
 * bytes): "--- a_label", "+++ b_label", then "@@ -l,n +l,n @@" hunks with
 * `context` lines of context. A last line without a newline is followed by
 * "\ No newline at end of file", as diff(1) does. Nothing is appended when
 * the inputs are equal. The edit script is minimal (Myers) unless the inputs
 * differ by more than a few thousand lines, where it degrades to replacing
 * the differing middle wholesale (still a correct diff).
 * Returns the number of hunks.
 */
size_t diff_unified(const char *a, size_t alen, const char *b, size_t blen,
		    const char *a_label, const char *b_label, unsigned context,
		    struct strbuf *out);

#endif
