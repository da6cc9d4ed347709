/*
 * fileio_test.c: whole-file reads, exact modes whatever the umask, the
 * atomic replacement (mode and owner kept, no temp file left, a symlink
 * replaced rather than followed) and mkdir -p, in a fresh directory under
 * /tmp per test.
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/fileio.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

static char dir[] = "/tmp/fileio_test.XXXXXX";

static void make_dir(void)
{
	strcpy(dir, "/tmp/fileio_test.XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	cr_expect_eq(system(cmd), 0);
	free(cmd);
}

TestSuite(fileio, .init = make_dir, .fini = remove_dir);

/* The names in dir, sorted, one per line (dot files too). */
static char *listing(const char *d)
{
	struct strbuf sb = STRBUF_INIT;
	struct dirent **names;
	int n = scandir(d, &names, NULL, alphasort);

	cr_assert(n >= 0);
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, ".."))
			strbuf_addf(&sb, "%s\n", names[i]->d_name);
		free(names[i]);
	}
	free(names);
	return strbuf_detach(&sb, NULL);
}

Test(fileio, write_new_has_the_exact_mode_and_refuses_an_existing_file)
{
	char *path = xasprintf("%s/f", dir), *text;
	mode_t old = umask(077);
	struct stat st;
	size_t len;

	cr_assert_eq(fileio_write_new(path, "a\0b", 3, 0644), 0);
	umask(old);
	text = fileio_read(path, &len, &st);
	cr_assert_not_null(text);
	cr_expect_eq(len, 3);
	cr_expect_eq(memcmp(text, "a\0b", 3), 0);
	cr_expect_eq(st.st_mode & 07777, 0644, "the umask does not count");
	free(text);
	cr_expect_eq(fileio_write_new(path, "x", 1, 0600), -1);
	cr_expect_eq(errno, EEXIST);
	free(path);
}

Test(fileio, read_of_a_missing_file_sets_errno)
{
	char *path = xasprintf("%s/none", dir);

	cr_expect_null(fileio_read(path, NULL, NULL));
	cr_expect_eq(errno, ENOENT);
	free(path);
}

/* A FIFO with no writer: an open() without O_NONBLOCK would wait for ever. */
Test(fileio, read_refuses_a_fifo_a_socket_a_device_and_a_directory, .timeout = 10)
{
	char *fifo = xasprintf("%s/fifo", dir), *sock = xasprintf("%s/sock", dir);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	cr_assert_eq(mkfifo(fifo, 0600), 0);
	cr_expect_null(fileio_read(fifo, NULL, NULL));
	cr_expect_eq(errno, FILEIO_EFIFO);
	cr_expect_str_eq(fileio_strerror(errno), "a FIFO, not a regular file");
	cr_expect_eq(fileio_open_regular(fifo, NULL), -1);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", sock);
	cr_assert_eq(bind(s, (struct sockaddr *)&sa, sizeof(sa)), 0);
	cr_expect_null(fileio_read(sock, NULL, NULL));
	cr_expect_str_eq(fileio_strerror(errno), "a socket, not a regular file");
	cr_expect_null(fileio_read("/dev/zero", NULL, NULL));
	cr_expect_str_eq(fileio_strerror(errno), "a device, not a regular file");
	cr_expect_null(fileio_read(dir, NULL, NULL));
	cr_expect_eq(errno, EISDIR);
	cr_expect_str_eq(fileio_strerror(ENOENT), strerror(ENOENT));
	close(s);
	free(fifo);
	free(sock);
}

Test(fileio, read_refuses_more_than_the_limit)
{
	char *path = xasprintf("%s/big", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	char *text;
	size_t len;

	cr_assert_geq(fd, 0);
	cr_assert_eq(ftruncate(fd, FILEIO_MAX_READ), 0);
	text = fileio_read(path, &len, NULL);
	cr_assert_not_null(text, "exactly the limit is read");
	cr_expect_eq(len, FILEIO_MAX_READ);
	free(text);
	cr_assert_eq(ftruncate(fd, FILEIO_MAX_READ + 1), 0);
	cr_expect_null(fileio_read(path, &len, NULL));
	cr_expect_eq(errno, EFBIG);
	/* a pipe has no size to check first: counted as it is read */
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	close(fd);
	fd = open(path, O_RDONLY);
	cr_expect_null(fileio_read_fd(fd, &len));
	cr_expect_eq(errno, EFBIG);
	close(fd);
	free(path);
}

Test(fileio, replace_keeps_mode_and_leaves_no_temp_file)
{
	char *path = xasprintf("%s/inv.yaml", dir), *text, *names;
	struct stat st;

	cr_assert_eq(fileio_write_new(path, "old\n", 4, 0640), 0);
	cr_assert_eq(fileio_replace(path, "new text\n", 9, 0640, getuid(), getgid()), 0);
	text = fileio_read(path, NULL, &st);
	cr_expect_str_eq(text, "new text\n");
	cr_expect_eq(st.st_mode & 07777, 0640);
	names = listing(dir);
	cr_expect_str_eq(names, "inv.yaml\n", "no temp file stays");
	free(names);
	free(text);
	free(path);
}

Test(fileio, replace_of_a_symlink_replaces_the_link)
{
	char *target = xasprintf("%s/real", dir), *link_path = xasprintf("%s/link", dir);
	char *text;
	struct stat st;

	cr_assert_eq(fileio_write_new(target, "real\n", 5, 0600), 0);
	cr_assert_eq(symlink("real", link_path), 0);
	cr_assert_eq(fileio_replace(link_path, "mine\n", 5, 0600, getuid(), getgid()), 0);
	cr_assert_eq(lstat(link_path, &st), 0);
	cr_expect(S_ISREG(st.st_mode), "the link became a file");
	text = fileio_read(target, NULL, NULL);
	cr_expect_str_eq(text, "real\n", "the file it pointed at is untouched");
	free(text);
	free(target);
	free(link_path);
}

Test(fileio, replace_into_a_missing_directory_fails_cleanly)
{
	char *path = xasprintf("%s/no/such/file", dir), *names;

	cr_expect_eq(fileio_replace(path, "x", 1, 0600, getuid(), getgid()), -1);
	cr_expect_eq(errno, ENOENT);
	names = listing(dir);
	cr_expect_str_eq(names, "");
	free(names);
	free(path);
}

Test(fileio, mkdir_p_makes_every_level_and_accepts_what_exists)
{
	char *deep = xasprintf("%s/a/b/c", dir), *file = xasprintf("%s/a/f", dir);
	char *under_file = xasprintf("%s/a/f/g", dir);
	struct stat st;

	cr_assert_eq(fileio_mkdir_p(deep), 0);
	cr_expect(stat(deep, &st) == 0 && S_ISDIR(st.st_mode));
	cr_expect_eq(fileio_mkdir_p(deep), 0, "already there");
	cr_assert_eq(fileio_write_new(file, "", 0, 0600), 0);
	cr_expect_eq(fileio_mkdir_p(under_file), -1, "a file is in the way");
	cr_expect_eq(errno, ENOTDIR);
	cr_expect_eq(fileio_mkdir_p(""), -1);
	free(deep);
	free(file);
	free(under_file);
}

Test(fileio, mkdir_below_remembers_the_deepest_directory)
{
	struct strbuf known = STRBUF_INIT;
	char *h1 = xasprintf("%s/h1/etc/slurm", dir), *h2 = xasprintf("%s/h2/etc", dir);
	char *h1b = xasprintf("%s/h1/etc/munge", dir);
	struct stat st;

	strbuf_addstr(&known, dir);
	cr_assert_eq(fileio_mkdir_below(h1, &known), 0);
	cr_expect_str_eq(known.buf, h1);
	cr_assert_eq(fileio_mkdir_below(h1b, &known), 0, "a sibling below a known parent");
	cr_assert_eq(fileio_mkdir_below(h2, &known), 0);
	cr_expect(stat(h1b, &st) == 0 && S_ISDIR(st.st_mode));
	cr_expect(stat(h2, &st) == 0 && S_ISDIR(st.st_mode));
	cr_expect(strchr(h1 + strlen(dir) + 1, '/') != NULL, "dir is restored");
	strbuf_release(&known);
	free(h1);
	free(h1b);
	free(h2);
}
