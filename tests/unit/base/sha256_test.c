/*
 * sha256_test.c: the FIPS 180-4 / NIST example vectors, plus the
 * incremental interface fed in awkward piece sizes, which must agree with
 * the one-shot digest (the block-boundary logic is where bugs hide).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "base/sha256.h"

static void check_hex(const char *data, size_t len, const char *want)
{
	char got[65];

	sha256_hex(data, len, got);
	cr_assert_str_eq(got, want);
}

Test(sha256, empty_string)
{
	check_hex("", 0,
		  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check_hex(NULL, 0,
		  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

Test(sha256, abc)
{
	check_hex("abc", 3,
		  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

Test(sha256, two_block_448_bit_message)
{
	const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

	check_hex(m, strlen(m),
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

Test(sha256, million_a)
{
	size_t n = 1000000;
	char *m = malloc(n);

	cr_assert_not_null(m);
	memset(m, 'a', n);
	check_hex(m, n,
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(m);
}

Test(sha256, raw_digest_matches_hex)
{
	unsigned char d[32];
	char hex[65];

	sha256("abc", 3, d);
	sha256_hex("abc", 3, hex);
	cr_assert_eq(d[0], 0xba);
	cr_assert_eq(d[31], 0xad);
	cr_assert_eq(strlen(hex), 64);
}

Test(sha256, incremental_equals_one_shot_at_every_split)
{
	char buf[200];
	unsigned char whole[32], parts[32];
	size_t len, cut;

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7 + 3);
	/* Lengths around 55/56/64 exercise the padding's two-block case. */
	for (len = 0; len <= sizeof(buf); len++) {
		sha256(buf, len, whole);
		for (cut = 0; cut <= len; cut += 13) {
			struct sha256_ctx c;

			sha256_init(&c);
			sha256_update(&c, buf, cut);
			sha256_update(&c, buf + cut, len - cut);
			sha256_final(&c, parts);
			cr_assert_arr_eq(whole, parts, 32, "len %zu cut %zu", len, cut);
		}
	}
}
