/*
 * mungekey_test.c: generation, loading and fingerprints of the munge key.
 * The fingerprint is cross-checked with an independent implementation
 * (python3 hashlib + base64), and error messages must never carry key bytes.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurm/mungekey.h"
#include "base/xalloc.h"

static char *write_temp(const void *data, size_t len)
{
	char *path = xstrdup("/tmp/mungekeytestXXXXXX");
	int fd = mkstemp(path);

	cr_assert(fd >= 0);
	cr_assert(write(fd, data, len) == (ssize_t)len);
	close(fd);
	return path;
}

Test(mungekey, generate_gives_1024_fresh_bytes)
{
	struct mungekey a = MUNGEKEY_INIT, b = MUNGEKEY_INIT;
	char *cause = NULL;
	char fa[MUNGEKEY_FP_LEN], fb[MUNGEKEY_FP_LEN];

	cr_assert_eq(mungekey_generate(&a, &cause), 0);
	cr_assert_eq(mungekey_generate(&b, &cause), 0);
	cr_expect_eq(a.len, 1024);
	cr_expect_eq(b.len, 1024);
	cr_expect_neq(memcmp(a.bytes, b.bytes, 1024), 0);
	mungekey_fingerprint(&a, fa);
	mungekey_fingerprint(&b, fb);
	cr_expect_str_neq(fa, fb);
	cr_expect_eq(strlen(fa), 50);
	cr_expect_eq(strncmp(fa, "SHA256:", 7), 0);
	mungekey_release(&a);
	mungekey_release(&b);
	cr_expect_null(a.bytes);
	cr_expect_eq(a.len, 0);
}

Test(mungekey, fingerprint_matches_openssh_style)
{
	char fp[MUNGEKEY_FP_LEN];

	/* sha256("") in base64 without padding, as ssh-keygen -l prints */
	mungekey_fingerprint_of("", 0, fp);
	cr_expect_str_eq(fp, "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU");
}

Test(mungekey, fingerprint_agrees_with_python)
{
	struct mungekey k = MUNGEKEY_INIT;
	char fp[MUNGEKEY_FP_LEN], want[128] = "", *cause = NULL, *path, *cmd;
	FILE *f;

	cr_assert_eq(mungekey_generate(&k, &cause), 0);
	path = write_temp(k.bytes, k.len);
	cmd = xasprintf("python3 -c 'import hashlib,base64,sys;"
			"print(\"SHA256:\"+base64.b64encode(hashlib.sha256("
			"open(sys.argv[1],\"rb\").read()).digest()).decode()"
			".rstrip(\"=\"))' %s", path);
	f = popen(cmd, "r");
	cr_assert(f);
	cr_assert(fgets(want, sizeof(want), f));
	pclose(f);
	want[strcspn(want, "\n")] = '\0';
	mungekey_fingerprint(&k, fp);
	cr_expect_str_eq(fp, want);
	unlink(path);
	free(path);
	free(cmd);
	mungekey_release(&k);
}

Test(mungekey, load_file_keeps_exact_bytes)
{
	unsigned char data[100];
	struct mungekey k = MUNGEKEY_INIT;
	char *cause = NULL, *path;
	size_t i;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)(i * 7);
	path = write_temp(data, sizeof(data));
	cr_assert_eq(mungekey_load_file(&k, path, &cause), 0);
	cr_expect_eq(k.len, sizeof(data));
	cr_expect_eq(memcmp(k.bytes, data, sizeof(data)), 0);
	unlink(path);
	free(path);
	mungekey_release(&k);
}

static void expect_load_fails(const void *data, size_t len, const char *what)
{
	struct mungekey k = MUNGEKEY_INIT;
	char *cause = NULL, *path = write_temp(data, len);

	cr_expect_eq(mungekey_load_file(&k, path, &cause), -1);
	cr_assert_not_null(cause);
	cr_expect(strstr(cause, path), "cause names the file: %s", cause);
	cr_expect(strstr(cause, what), "cause says '%s': %s", what, cause);
	cr_expect(!strstr(cause, "AAAA"), "no key bytes in: %s", cause);
	cr_expect_null(k.bytes);
	unlink(path);
	free(path);
	free(cause);
}

Test(mungekey, load_file_rejects_bad_sizes)
{
	static char big[MUNGEKEY_MAX_SIZE + 10];

	memset(big, 'A', sizeof(big));
	expect_load_fails("AAAA", 4, "too few");
	expect_load_fails(big, sizeof(big), "too many");
	expect_load_fails("", 0, "too few");
}

Test(mungekey, load_file_reports_missing_file)
{
	struct mungekey k = MUNGEKEY_INIT;
	char *cause = NULL;

	cr_expect_eq(mungekey_load_file(&k, "/nonexistent/munge.key", &cause), -1);
	cr_assert_not_null(cause);
	cr_expect_str_eq(cause, "cannot open munge key '/nonexistent/munge.key': "
				"No such file or directory");
	free(cause);
}

Test(mungekey, unset_key_has_empty_fingerprint)
{
	struct mungekey k = MUNGEKEY_INIT;
	char fp[MUNGEKEY_FP_LEN] = "x";

	mungekey_fingerprint(&k, fp);
	cr_expect_str_eq(fp, "");
	mungekey_release(&k);
	mungekey_release(NULL);
	mungekey_set(&k, "0123456789abcdef0123456789abcdef", 32);
	cr_expect_eq(k.len, 32);
	cr_expect(mungekey_size_ok(k.len));
	cr_expect(!mungekey_size_ok(31));
	mungekey_release(&k);
}
