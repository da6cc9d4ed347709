/*
 * review_text.h: the review for people (review.h), and the pieces of
 * text the other printers (review_md.h, review_files.h, review_json.h)
 * say the same way. Nothing here prints: it appends to a strbuf.
 */
#ifndef CLUSTERCTL_REVIEW_TEXT_H
#define CLUSTERCTL_REVIEW_TEXT_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "review/review.h"

/*
 * The daemons restart names (enum restart_need bits) into names, in the
 * order apply restarts them; how many.
 */
size_t review_restart_daemons(unsigned restart, const char *names[RESTART_NBITS]);

/*
 * What a change needs from the daemons: "restart slurmctld, slurmd",
 * "reconfigure" or "nothing restarts".
 */
void review_restart_text(unsigned restart, struct strbuf *out);

/* "+ host gpu04: type fake2; roles compute", "~ cluster name: a -> b". */
void review_item_text(const struct review_item *it, struct strbuf *out);

/* A file change without settings: "new, the same bytes as gpu01 get". */
void review_describe_file(const struct review *r, const struct review_file *rf,
			  struct strbuf *out);

/* What happens to the munge key, and why it was not compared. */
void review_munge_text(const struct review *r, struct strbuf *out);

/* "1 inventory change, 3 settings, ...; no capacity lost", or "no change". */
void review_summary(const struct review *r, struct strbuf *out);

/*
 * The review for people, in the reviewer's order: the inventory's
 * changes, each setting under its hosts and file with what it needs, the
 * other files (a new host's on one line), users, daemons, accounting,
 * capacity, the munge key, the summary. Fits a screen for a change of a
 * few settings.
 */
void review_print_text(const struct review *r, struct strbuf *out);

#endif
