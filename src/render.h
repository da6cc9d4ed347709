/*
 * render.h: a validated model to the files every host gets (DESIGN.md §5).
 * Pure: no I/O to nodes, same model, same bytes. The result is a value that
 * `render -o` writes to a directory and that plan/apply diff and push.
 *
 * Ownership: a struct rendered_set owns every string and blob it holds and
 * copies what it needs from the model, so it outlives model_free().
 * Release it with rendered_set_release().
 */
#ifndef CLUSTERCTL_RENDER_H
#define CLUSTERCTL_RENDER_H

#include "compat.h"

#include "diag.h"
#include "model.h"

/*
 * Rendered files never hold secrets. slurmdbd.conf carries this placeholder
 * after "StoragePass="; apply substitutes the real database password when it
 * writes the file (files with it have needs_db_password set).
 */
#define RENDER_SECRET_DB_PASSWORD "@clusterctl:db-password@"

/*
 * The value of a secret pass-through key (slurmkeys_is_secret(), e.g.
 * AccountingStoragePass in cluster.slurm_conf) is rendered as
 * "@clusterctl:secret:KEY@"; apply puts the inventory's value back.
 */
#define RENDER_SECRET_VALUE_PREFIX "@clusterctl:secret:"

/* Bytes of one or more identical files; owned by the set. */
struct rendered_blob {
	char *bytes;		/* NUL-terminated for convenience */
	size_t len;		/* excluding that NUL */
	char sha256[65];	/* lowercase hex of the len bytes */
	bool value_placeholder;	/* holds RENDER_SECRET_VALUE_PREFIX */
};

struct rendered_file {
	char *host;		/* host name */
	char *path;		/* absolute target path, e.g. /etc/slurm/slurm.conf */
	char *owner, *group;	/* user/group names */
	unsigned mode;		/* e.g. 0644 */
	size_t blob;		/* index into set->blobs; SIZE_MAX when secret */
	bool secret;		/* munge key: no blob; bytes come from mungekey at apply */
	/* holds a RENDER_SECRET_ placeholder: plan_file_bytes() has the bytes */
	bool has_secret_placeholder;
	bool needs_db_password;		/* ... RENDER_SECRET_DB_PASSWORD among them */
};

struct rendered_set {
	struct rendered_file *files;
	size_t n_files, alloc_files;
	struct rendered_blob *blobs;
	size_t n_blobs, alloc_blobs;
};

#define RENDERED_SET_INIT { NULL, 0, 0, NULL, 0, 0 }

/*
 * Renders every host's files from a validated model into out (which must be
 * empty, e.g. RENDERED_SET_INIT). Files are sorted by host (model order)
 * then path; files with identical bytes share one blob. Templates come from
 * cluster.template_dir when it is set (a file missing there falls back to
 * the embedded copy), else from the templates embedded in the binary.
 * Returns 0, or -1 with the problems added to dl (out is then empty).
 */
int render_cluster(const struct model *m, struct rendered_set *out,
		   struct diag_list *dl);

/* Frees everything the set owns and leaves it empty. NULL-safe. */
void rendered_set_release(struct rendered_set *set);

/* The blob of a file, or NULL for a secret file. Borrowed from the set. */
const struct rendered_blob *rendered_file_blob(const struct rendered_set *set,
					       const struct rendered_file *f);

/* The file for host and path, or NULL. Borrowed from the set. */
const struct rendered_file *rendered_set_find(const struct rendered_set *set,
					      const char *host,
					      const char *path);

#endif
