/*
 * transport_exec.h: commands on a host over exec channels of the session
 * (transport_exec.c).
 */
#ifndef CLUSTERCTL_TRANSPORT_EXEC_H
#define CLUSTERCTL_TRANSPORT_EXEC_H

#include "base/compat.h"

#include "base/strbuf.h"
#include "transport/transport.h"

/*
 * Runs cmd through the remote user's shell. Appends stdout to out and
 * stderr to err, made printable (strbuf_add_printable: it is only ever
 * shown), (either may be NULL to discard; each is capped at
 * TRANSPORT_RUN_MAX_OUTPUT bytes, the rest discarded) and sets *status to
 * the exit status. A non-zero status is not an error (returns 0); no exit
 * status at all (killed by a signal) or the command timeout is (-1).
 */
#define TRANSPORT_RUN_MAX_OUTPUT (64u << 20)
int transport_run(struct transport *tr, const char *cmd, struct strbuf *out,
		  struct strbuf *err, int *status, char **cause);

/*
 * Starts cmd and reads its stdout up to the first newline (appended to
 * line). A command whose first line is ready ("locked\n") is held: it
 * keeps running, its stdin open, until transport_unhold() or
 * transport_close() sends EOF, or the session dies (a killed clusterctl
 * included); *status stays -1. Any other answer is read to the end: line
 * gets all it printed and *status its exit status. -1 only for transport
 * errors or no line within the command timeout (30 s when none). One held
 * command per transport.
 */
int transport_hold(struct transport *tr, const char *cmd, const char *ready,
		   struct strbuf *line, int *status, char **cause);

/* Ends the held command (EOF on its stdin). NULL-safe, idempotent. */
void transport_unhold(struct transport *tr);

/*
 * Appends a single-quoted POSIX shell word for s to out ('a'\''b'), for
 * callers building transport_run() command lines.
 */
void transport_shell_quote(struct strbuf *out, const char *s);

#endif
