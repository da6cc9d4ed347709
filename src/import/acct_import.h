/*
 * acct_import.h: the accounting of a running cluster as inventory YAML
 * ("clusterctl import accounting"): the qos:, accounts: and users:
 * sections, read from the live database (read-only) or from a
 * "sacctmgr dump" flat file, written as a person would write them
 * (defaults left out, the account tree nested, comments where something
 * was inferred).
 *
 * What the schema cannot say (a user whose settings differ between its
 * accounts, partition associations, user limits the user level lacks,
 * accounts or users without an association on the cluster) is never
 * dropped silently: each is a line in `problems` ("user 'x': ..."), and
 * the YAML carries a comment at the place. The import is then lossy and
 * the command says so.
 *
 * Ownership: out and problems are the caller's, appended to; *cause is
 * newly allocated, the caller frees it. Nothing here prints or exits.
 */
#ifndef CLUSTERCTL_ACCT_IMPORT_H
#define CLUSTERCTL_ACCT_IMPORT_H

#include "base/compat.h"

#include "inventory/model.h"
#include "base/strbuf.h"

struct acct_objset;

/*
 * Reads cluster m->cluster.name from the database m->db names (SELECTs
 * only, rolled back; through database.tunnel's host when m names one,
 * trusting its unknown host key when accept_new) and appends its YAML to
 * out. Returns the number of problems appended (0: the YAML says
 * everything the database holds), or -1 + *cause when the database cannot
 * be read or holds no such cluster.
 */
int acct_import_db(const struct model *m, bool accept_new, struct strbuf *out,
		   struct strbuf *problems, char **cause);

/*
 * Parses the "sacctmgr dump" flat file text (len bytes; path names it in
 * messages) and appends its YAML to out. A dump of Slurm before 25.05
 * holds no QoS: the QoS it names are written by name only, with a comment.
 * Returns the number of problems, or -1 + *cause on a malformed file
 * ("path:line: ...").
 */
int acct_import_dump(const char *path, const char *text, size_t len,
		     struct strbuf *out, struct strbuf *problems, char **cause);

/*
 * The emitter both share: set holds canonical objects (acct_state.h) of
 * one cluster, root's rows left out. qos_known: false when the source
 * could not say how QoS are set (a dump), so QoS are named only. source
 * names where it came from, for the header comment.
 */
int acct_import_emit(const struct acct_objset *set, bool qos_known,
		     const char *source, struct strbuf *out,
		     struct strbuf *problems);

/*
 * acct_import_emit() of a site's set (several clusters merged, one
 * association per account, user and partition): clusters[i] says which
 * clusters set->items[i] is on, "a,b" (NULL: every cluster of the
 * database), written as the site file's clusters: keys.
 */
int acct_import_emit_site(const struct acct_objset *set, const char *const *clusters,
			  bool qos_known, const char *source, struct strbuf *out,
			  struct strbuf *problems);

/*
 * Appends a problem line for every limit cluster's association rows (and,
 * with qos, the QoS rows: they are the whole database's) and root's own
 * association hold that the schema cannot: the count, or -1 + *cause. db
 * is an open connection (transport/db.h), info what acct_observe() read.
 */
struct db;
struct acct_dbinfo;
int acct_import_unmodelled(struct db *db, const char *cluster,
			   const struct acct_dbinfo *info, bool qos,
			   struct strbuf *problems, char **cause);

#endif
