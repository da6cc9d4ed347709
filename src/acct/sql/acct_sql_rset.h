/*
 * acct_sql_rset.h: the sql method's clusters and row sets for removals
 * (acct_sql_rset.c): slurmdbd's cluster list with each cluster's
 * association rows, and which rows one removal request takes.
 */
#ifndef CLUSTERCTL_ACCT_SQL_RSET_H
#define CLUSTERCTL_ACCT_SQL_RSET_H

#include "base/compat.h"

#include "acct/sql/acct_sqlw.h"

/*
 * What one request removes on a cluster: set, the live rows of the
 * subtrees of the live rows matching acct/user (NULL: any), which get
 * deleted; all, every row of the subtrees (soft-deleted ones too) of the
 * matching rows, live ones only when from_live, whose jobs count.
 */
struct sqlw_rset {
	size_t *set, *all;
	size_t n_set, n_all;
};

/* Appends the association rows of cluster (locked FOR UPDATE) to ns. */
int sqlw_load_nset(struct sqlw *w, const char *cluster, struct acct_nset *ns,
		   char **cause);
/* Fills w->cls once: slurmdbd's cluster list with their nested sets. */
int sqlw_load_clusters(struct sqlw *w, char **cause);
void sqlw_clusters_release(struct sqlw *w);
/* The rows one request for acct/user/part (NULL: any) removes on ns. */
void sqlw_rset_build(const struct acct_nset *ns, const char *acct,
		     const char *user, const char *part, bool from_live,
		     struct sqlw_rset *r);
/* 23.11+: the live rows matching acct/user/part, both as set and as all. */
void sqlw_rset_matches(const struct acct_nset *ns, const char *acct,
		       const char *user, const char *part, struct sqlw_rset *r);
void sqlw_rset_release(struct sqlw_rset *r);
/* "<col>=1<sep><col>=2..." over the ids of rows v[]; caller frees. */
char *sqlw_id_list(const struct acct_nset *ns, const size_t *v, size_t n,
		   const char *col, const char *sep);
/*
 * Writes cl's nested set back: gone rows deleted at once, moved rows by id
 * only when moves_too.
 */
int sqlw_flush_cluster(struct sqlw *w, const struct sqlw_cluster *cl,
		       bool moves_too, char **cause);

#endif
