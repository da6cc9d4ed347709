/*
 * render_dir.c: a render written to a directory (render_dir.h): the files
 * under DIR/<host>/<path>, identical bytes hard-linked, DIR/manifest.json
 * last; a previous render in DIR read back from its manifest so that only
 * what changed is rewritten and what went away is removed.
 */
#include "base/compat.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "inventory/model.h"
#include "render/render_dir.h"
#include "base/strbuf.h"
#include "base/version.h"
#include "base/xalloc.h"
#include "render/render.h"

#define MANIFEST_NAME "manifest.json"

/* ---- the manifest ---- */

/* Appends s as a JSON string (quotes, backslashes and controls escaped). */
static void add_json_string(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			strbuf_addf(out, "\\%c", c);
		else if (c < 0x20)
			strbuf_addf(out, "\\u%04x", c);
		else
			strbuf_addch(out, c);
	}
	strbuf_addch(out, '"');
}

static void add_json_field(struct strbuf *out, const char *key,
			   const char *value)
{
	strbuf_addf(out, ", \"%s\": ", key);
	add_json_string(out, value);
}

/*
 * One entry per line, so a diff of two manifests reads file by file and a
 * later render can read it back line by line. Written by hand rather than
 * through jansson: 40,000 entries must cost milliseconds.
 */
static void manifest_entry(struct strbuf *out, const struct rendered_set *set,
			   const struct rendered_file *f)
{
	const struct rendered_blob *b = rendered_file_blob(set, f);
	char mode[8];

	snprintf(mode, sizeof(mode), "%04o", f->mode);
	strbuf_addstr(out, "    {\"host\": ");
	add_json_string(out, f->host);
	add_json_field(out, "path", f->path);
	add_json_field(out, "owner", f->owner);
	add_json_field(out, "group", f->group);
	add_json_field(out, "mode", mode);
	if (b)
		add_json_field(out, "sha256", b->sha256);
	if (f->secret)
		strbuf_addstr(out, ", \"secret\": true");
	if (f->has_secret_placeholder)
		strbuf_addstr(out, ", \"secret_placeholder\": true");
	strbuf_addch(out, '}');
}

/*
 * Streamed into s 64 KB at a time: the manifest of 100,000 hosts is some
 * 70 MB, which must not be held whole.
 */
static void manifest_write(const struct model *m, const struct rendered_set *set,
			   struct fileio_stream *s)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;

	strbuf_addf(&out, "{\n  \"format_version\": %d,\n  \"cluster\": ",
		    CL_JSON_FORMAT_VERSION);
	add_json_string(&out, m->cluster.name ? m->cluster.name : "");
	strbuf_addstr(&out, ",\n  \"files\": [\n");
	for (i = 0; i < set->n_files; i++) {
		manifest_entry(&out, set, &set->files[i]);
		strbuf_addstr(&out, i + 1 < set->n_files ? ",\n" : "\n");
		if (out.len >= 65536) {
			fileio_stream_write(s, out.buf, out.len);
			strbuf_reset(&out);
		}
	}
	strbuf_addstr(&out, "  ]\n}\n");
	fileio_stream_write(s, out.buf, out.len);
	strbuf_release(&out);
}

/* ---- a previous render, from its manifest ---- */

struct old_file {
	char *host, *path;
	char sha256[65];	/* "" for a secret */
	unsigned mode;
	bool seen;		/* also in the new render */
};

struct old_render {
	struct old_file *files;
	size_t n, alloc;
};

/* A manifest's host and path must stay inside DIR. */
static bool safe_entry(const char *host, const char *path)
{
	size_t len;

	if (!host || !path || !*host || strchr(host, '/') ||
	    !strcmp(host, ".") || !strcmp(host, "..") || path[0] != '/')
		return false;
	len = strlen(path);
	return !strstr(path, "/../") && !strstr(path, "/./") &&
	       !(len >= 3 && !strcmp(path + len - 3, "/.."));
}

/* Parses one manifest line: an entry object, or a line of the frame. */
static int old_add_line(struct old_render *old, char *line, char **cause)
{
	size_t len = strlen(line);
	json_t *e;
	const char *host, *path, *sha, *mode;
	struct old_file *o;

	while (len && strchr(" \t\r\n,", line[len - 1]))
		line[--len] = '\0';
	while (*line == ' ')
		line++;
	if (strncmp(line, "{\"host\"", 7))
		return 0;
	e = json_loads(line, 0, NULL);
	host = json_string_value(json_object_get(e, "host"));
	path = json_string_value(json_object_get(e, "path"));
	sha = json_string_value(json_object_get(e, "sha256"));
	mode = json_string_value(json_object_get(e, "mode"));
	if (!safe_entry(host, path) || !mode || (sha && strlen(sha) != 64)) {
		*cause = xstrdup("bad entry");
		json_decref(e);
		return -1;
	}
	XGROW(old->files, old->alloc, old->n + 1);
	o = &old->files[old->n++];
	o->host = xstrdup(host);
	o->path = xstrdup(path);
	snprintf(o->sha256, sizeof(o->sha256), "%s", sha ? sha : "");
	o->mode = (unsigned)strtoul(mode, NULL, 8);
	o->seen = false;
	json_decref(e);
	return 0;
}

static int old_cmp(const void *a, const void *b)
{
	const struct old_file *x = a, *y = b;
	int c = strcmp(x->host, y->host);

	return c ? c : strcmp(x->path, y->path);
}

static void old_release(struct old_render *old)
{
	size_t i;

	for (i = 0; i < old->n; i++) {
		free(old->files[i].host);
		free(old->files[i].path);
	}
	free(old->files);
	*old = (struct old_render){ NULL, 0, 0 };
}

/*
 * Reads a manifest line by line (one entry per line, as manifest_write()
 * writes it), so a 40,000-file render costs a few MB, not a JSON tree. A
 * FIFO put there is refused, not waited on (fileio.h).
 */
static int old_load(const char *manifest, struct old_render *old, char **cause)
{
	int fd = fileio_open_regular(manifest, NULL);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	char *line = NULL, *why = NULL;
	size_t cap = 0, lineno = 0;
	bool framed = false;
	int r = 0;

	if (!f) {
		*cause = xasprintf("cannot read '%s': %s", manifest,
				   fileio_strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (r == 0 && getline(&line, &cap, f) > 0) {
		lineno++;
		if (strstr(line, "\"files\": ["))
			framed = true;
		r = old_add_line(old, line, &why);
	}
	if (r == 0 && !framed)
		why = xstrdup("no file list");
	if (why)
		*cause = xasprintf("'%s' is not a clusterctl manifest (line %zu: %s)",
				   manifest, lineno, why);
	free(why);
	free(line);
	fclose(f);
	if (old->n)
		xqsort(old->files, old->n, sizeof(*old->files), old_cmp);
	return *cause ? -1 : 0;
}

static struct old_file *old_find(struct old_render *old, const char *host,
				 const char *path)
{
	struct old_file key = { (char *)host, (char *)path, "", 0, false };

	return old->n ? bsearch(&key, old->files, old->n, sizeof(key), old_cmp)
		      : NULL;
}

/* Removes file, then its now-empty parents up to (not including) DIR. */
static void remove_with_parents(const char *dir, char *file)
{
	size_t dlen = strlen(dir);
	char *slash;

	if (unlink(file) < 0 && errno != ENOENT)
		return;
	while ((slash = strrchr(file, '/')) && (size_t)(slash - file) > dlen) {
		*slash = '\0';
		if (rmdir(file) < 0)
			break;
	}
}

/* Deletes what the previous render had and this one has not. */
static void remove_unseen(const char *dir, struct old_render *old)
{
	size_t i;

	for (i = 0; i < old->n; i++) {
		char *file;

		if (old->files[i].seen || !old->files[i].sha256[0])
			continue;
		file = xasprintf("%s/%s%s", dir, old->files[i].host,
				 old->files[i].path);
		remove_with_parents(dir, file);
		free(file);
	}
}

/* ---- writing ---- */

struct writer {
	const char *dir;
	struct old_render *old;
	struct strbuf last_dir;	/* deepest directory known to exist */
	char **first;		/* per blob: a path holding its bytes */
	unsigned *first_mode;
	size_t kept, written;
};

static bool same_file_on_disk(const char *target, const struct rendered_blob *b)
{
	struct stat st;

	return lstat(target, &st) == 0 && S_ISREG(st.st_mode) &&
	       (size_t)st.st_size == b->len;
}

static void remember_first(struct writer *w, size_t blob, char **target,
			   unsigned mode)
{
	if (w->first[blob])
		return;
	w->first[blob] = *target;
	w->first_mode[blob] = mode;
	*target = NULL;
}

/*
 * An unchanged file of the previous render (same sha256 and mode in its
 * manifest, same size on disk) is kept; a changed one is unlinked first,
 * never rewritten in place, since it may be a hard link shared with
 * files that did not change.
 */
static int write_one(struct writer *w, const struct rendered_set *set,
		     const struct rendered_file *f, char **cause)
{
	const struct rendered_blob *b = rendered_file_blob(set, f);
	struct old_file *o = old_find(w->old, f->host, f->path);
	char *target = xasprintf("%s/%s%s", w->dir, f->host, f->path);
	char *parent = NULL;
	int r = -1;

	if (o)
		o->seen = true;
	if (f->secret) {
		r = 0;
		goto out;
	}
	if (o && o->mode == f->mode && !strcmp(o->sha256, b->sha256) &&
	    same_file_on_disk(target, b)) {
		remember_first(w, f->blob, &target, f->mode);
		w->kept++;
		r = 0;
		goto out;
	}
	if (o && unlink(target) < 0 && errno != ENOENT) {
		*cause = xasprintf("cannot remove '%s': %s", target, strerror(errno));
		goto out;
	}
	parent = xstrdup(target);
	*strrchr(parent, '/') = '\0';
	if (fileio_mkdir_below(parent, &w->last_dir) < 0) {
		*cause = xasprintf("cannot create '%s': %s", parent, strerror(errno));
		goto out;
	}
	w->written++;
	/* identical bytes become hard links; copies where links fail */
	if (w->first[f->blob] && w->first_mode[f->blob] == f->mode) {
		if (link(w->first[f->blob], target) == 0) {
			r = 0;
			goto out;
		}
		/*
		 * At the file system's link limit (65,000 on ext4) the copy
		 * becomes the file the next links go to: one copy per limit,
		 * not one per host past it.
		 */
		if (errno == EMLINK) {
			free(w->first[f->blob]);
			w->first[f->blob] = NULL;
		}
	}
	if (fileio_write_new(target, b->bytes, b->len, f->mode) < 0) {
		*cause = xasprintf("cannot write '%s': %s", target, strerror(errno));
		goto out;
	}
	remember_first(w, f->blob, &target, f->mode);
	r = 0;
out:
	free(parent);
	free(target);
	return r;
}

static int write_files(const char *dir, const struct rendered_set *set,
		       struct old_render *old, char **cause)
{
	struct writer w = { dir, old, STRBUF_INIT, NULL, NULL, 0, 0 };
	size_t i;
	int r = 0;

	strbuf_addstr(&w.last_dir, dir);	/* made by prepare_dir() */
	w.first = xcalloc(set->n_blobs + 1, sizeof(*w.first));
	w.first_mode = xcalloc(set->n_blobs + 1, sizeof(*w.first_mode));
	for (i = 0; i < set->n_files && r == 0; i++) {
		if (!safe_entry(set->files[i].host, set->files[i].path)) {
			*cause = xasprintf("host '%s' path '%s' would leave '%s'",
					   set->files[i].host, set->files[i].path, dir);
			r = -1;
			break;
		}
		r = write_one(&w, set, &set->files[i], cause);
	}
	if (r == 0)
		remove_unseen(dir, old);
	for (i = 0; i < set->n_blobs; i++)
		free(w.first[i]);
	free(w.first);
	free(w.first_mode);
	strbuf_release(&w.last_dir);
	return r;
}

static bool dir_is_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool empty = true;

	if (!d)
		return false;
	while (empty && (de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			empty = false;
	closedir(d);
	return empty;
}

/*
 * DIR ready for a render: created, or empty, or holding a previous render
 * whose manifest is loaded into old. Anything else is refused.
 */
static int prepare_dir(char *dir, struct old_render *old, char **cause)
{
	char *manifest = NULL;
	struct stat st;
	int r = -1;

	if (stat(dir, &st) < 0) {
		if (errno == ENOENT && fileio_mkdir_p(dir) == 0)
			return 0;
		*cause = xasprintf("cannot create '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		*cause = xasprintf("'%s' is not a directory", dir);
		return -1;
	}
	manifest = xasprintf("%s/%s", dir, MANIFEST_NAME);
	if (access(manifest, F_OK) == 0)
		r = old_load(manifest, old, cause);
	else if (dir_is_empty(dir))
		r = 0;
	else
		*cause = xasprintf("refusing to write into '%s': not empty and "
				   "holds no %s of a previous render", dir,
				   MANIFEST_NAME);
	free(manifest);
	return r;
}

/* The manifest last, replaced atomically: it only ever lists what is there. */
static int write_manifest(const struct model *m, const struct rendered_set *set,
			  const char *dir, char **cause)
{
	char *path = xasprintf("%s/%s", dir, MANIFEST_NAME);
	struct fileio_stream s;
	int r;

	if (fileio_stream_open(&s, path, 0644, geteuid(), getegid()) == 0)
		manifest_write(m, set, &s);
	r = fileio_stream_commit(&s);
	if (r < 0)
		*cause = xasprintf("cannot write '%s': %s", path, strerror(errno));
	free(path);
	return r;
}

int render_dir_write(const struct model *m, const struct rendered_set *set,
		     const char *dir, char **cause)
{
	struct old_render old = { NULL, 0, 0 };
	char *own = xstrdup(dir);	/* prepare_dir() writes into it */
	int r;

	r = prepare_dir(own, &old, cause) < 0 ||
	    write_files(own, set, &old, cause) < 0 ||
	    write_manifest(m, set, own, cause) < 0 ? -1 : 0;
	old_release(&old);
	free(own);
	return r;
}
