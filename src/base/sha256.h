/*
 * sha256.h: SHA-256 (FIPS 180-4) for content hashes of rendered files and
 * the verification of staged remote copies. Plain C, no OpenSSL.
 */
#ifndef CLUSTERCTL_SHA256_H
#define CLUSTERCTL_SHA256_H

#include "base/compat.h"

/* Incremental interface, for data that arrives in pieces. */
struct sha256_ctx {
	uint32_t h[8];
	uint64_t total;		/* bytes hashed so far */
	unsigned char block[64];
	size_t fill;		/* bytes waiting in block */
};

void sha256_init(struct sha256_ctx *c);
void sha256_update(struct sha256_ctx *c, const void *data, size_t len);
/* Writes the digest to out; c must be re-initialised before reuse. */
void sha256_final(struct sha256_ctx *c, unsigned char out[32]);

/* One-shot digest of len bytes at data (data may be NULL when len is 0). */
void sha256(const void *data, size_t len, unsigned char out[32]);
/* The same as 64 lowercase hex digits plus a NUL. */
void sha256_hex(const void *data, size_t len, char out[65]);

#endif
