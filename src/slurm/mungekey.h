/*
 * mungekey.h: the MUNGE key as a secret value. It is generated from the
 * OS CSPRNG, or loaded from a file or from bytes read on a host; it is only
 * ever shown by fingerprint, and its bytes are wiped when it is released.
 *
 * Ownership: struct mungekey is embedded by value (MUNGEKEY_INIT) and owns
 * its bytes; mungekey_release() wipes and frees them. Nothing here prints.
 */
#ifndef CLUSTERCTL_MUNGEKEY_H
#define CLUSTERCTL_MUNGEKEY_H

#include "base/compat.h"

/* What `mungekey --create` makes by default, and munged's bounds. */
#define MUNGEKEY_SIZE 1024
#define MUNGEKEY_MIN_SIZE 32
#define MUNGEKEY_MAX_SIZE 1024

/* "SHA256:" + 43 base64 characters (no padding) + NUL, as OpenSSH shows keys. */
#define MUNGEKEY_FP_LEN 51

struct mungekey {
	unsigned char *bytes;	/* owned, wiped on release; NULL when unset */
	size_t len;
};

#define MUNGEKEY_INIT { NULL, 0 }

/* Replaces k with MUNGEKEY_SIZE bytes from getrandom(). 0, or -1 + *cause. */
int mungekey_generate(struct mungekey *k, char **cause);

/*
 * Replaces k with the contents of a local file; the file must hold between
 * MUNGEKEY_MIN_SIZE and MUNGEKEY_MAX_SIZE bytes. 0, or -1 + *cause (the
 * cause names the path, never the bytes).
 */
int mungekey_load_file(struct mungekey *k, const char *path, char **cause);

/* Replaces k with a copy of len bytes at data. */
void mungekey_set(struct mungekey *k, const void *data, size_t len);

/* True when len is a size munged accepts. */
bool mungekey_size_ok(size_t len);

/* Writes the fingerprint of len bytes at data to fp ("SHA256:..."). */
void mungekey_fingerprint_of(const void *data, size_t len,
			     char fp[MUNGEKEY_FP_LEN]);

/* The fingerprint of k; "" when k is unset. */
void mungekey_fingerprint(const struct mungekey *k, char fp[MUNGEKEY_FP_LEN]);

/* Wipes and frees the bytes; k is left unset and reusable. NULL-safe. */
void mungekey_release(struct mungekey *k);

#endif
