/*
 * plan_secret.h: secrets in a plan (plan_secret.c): masked in every diff, put back
 * only into the bytes apply writes
 */
#ifndef CLUSTERCTL_PLAN_SECRET_H
#define CLUSTERCTL_PLAN_SECRET_H

#include "base/compat.h"

#include <stddef.h>

#include "decide/plan.h"

/*
 * The bytes the file must hold: the blob with the database password put in
 * place of the placeholder, or the munge key. Newly allocated (caller frees
 * with xfree_secret(bytes, *len)), NULL when not known (no password).
 */
char *plan_file_bytes(const struct plan *p, const struct rendered_file *f,
		      size_t *len);

/*
 * Replaces the value of secret keys (StoragePass=) and every occurrence of
 * password (if not NULL or empty) with ********. Newly allocated.
 */
char *plan_mask_secrets(const char *text, size_t len, const char *password);

#endif
