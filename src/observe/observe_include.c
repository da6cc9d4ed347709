/*
 * observe_include.c: the files a host's Slurm configs include, observed
 * after the files clusterctl renders (observe_include.h). What is missing
 * is found by reading each observed slurm.conf and gres.conf the way
 * slurmread.h does, with a reader that answers from the observation and
 * notes every path it was asked for and does not hold.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/fileio.h"
#include "observe/observe.h"
#include "observe/observe_include.h"
#include "base/sha256.h"
#include "slurm/slurmread.h"
#include "base/xalloc.h"
#include "observe/obs.h"
#include "slurm/slurmconf.h"

/* Nesting Slurm never needs (slurmread.c stops at the same depth). */
#define INCLUDE_ROUNDS 16

struct include_probe {
	const struct obs_host *h;
	char **missing;
	size_t n, alloc;
};

static void probe_note(struct include_probe *pr, const char *path)
{
	for (size_t i = 0; i < pr->n; i++)
		if (!strcmp(pr->missing[i], path))
			return;
	XGROW(pr->missing, pr->alloc, pr->n + 1);
	pr->missing[pr->n++] = xstrdup(path);
}

/* A file held answers with its bytes; one not held is noted, and empty. */
static int probe_read(void *arg, const char *path, char **text, size_t *len,
		      char **cause)
{
	struct include_probe *pr = arg;
	const struct obs_file *f = obs_find(pr->h, path);

	(void)cause;
	if (!f)
		probe_note(pr, path);
	*len = f && f->bytes ? f->len : 0;
	*text = xstrndup(f && f->bytes ? f->bytes : "", *len);
	return 0;
}

/*
 * True when some line of text starts (after blanks) with "include" and a
 * blank, in any case: only then is the file read. A large cluster's
 * slurm.conf that changed on every host is otherwise not parsed once per
 * host here (the plan reads it once per distinct change).
 */
static bool has_include_line(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p > 7 && !strncasecmp(p, "include", 7) && p[7] && strchr(" \t\v\f", p[7]))
			return true;
		p = nl ? nl + 1 : end;
	}
	return false;
}

/* The paths file f (a config the plan compares) includes, noted in pr. */
static void probe_file(struct include_probe *pr, const struct obs_file *f)
{
	const char *name = fileio_basename(f->path);
	struct slurmconf c = { 0 };
	struct slurmgres g = { 0 };
	char *cause = NULL;

	if (!has_include_line(f->bytes, f->len))
		return;
	/* what does not read is compared as text: its paths do not matter */
	if (!strcmp(name, "slurm.conf"))
		(void)slurmread_conf_text(f->path, f->bytes, f->len, probe_read, pr, &c,
					  &cause);
	else if (!strcmp(name, "gres.conf"))
		(void)slurmread_gres(f->path, f->bytes, f->len, probe_read, pr, &g, &cause);
	free(cause);
	slurmconf_release(&c);
	slurmgres_release(&g);
}

char **observe_include_missing(const struct obs_host *h, size_t *n)
{
	struct include_probe pr = { .h = h };

	for (size_t i = 0; i < h->n_files; i++)
		if (h->files[i].bytes && !h->files[i].included)
			probe_file(&pr, &h->files[i]);
	*n = pr.n;
	return pr.missing;
}

/* One round: the files named by paths[0..n) observed into h. */
static int include_round(struct transport *tr, struct obs_host *h, char **paths,
			 size_t n, char **cause)
{
	struct observe_file *files = xcalloc(n, sizeof(*files));
	struct observe_request rq = { .files = files, .n_files = n };
	struct obs_host got = { 0 };
	int r;

	for (size_t i = 0; i < n; i++)
		files[i].path = paths[i];
	r = observe_host(tr, &rq, &got, cause);
	for (size_t i = 0; r == 0 && i < got.n_files; i++) {
		const struct obs_file *g = &got.files[i];

		obs_add_file(h, g->path, g->exists, g->mode, g->uid, g->gid, g->bytes,
			     g->len)->included = true;
	}
	obs_host_release(&got);
	free(files);
	return r;
}

int observe_includes(struct transport *tr, struct obs_host *h, char **cause)
{
	int r = 0;

	for (int round = 0; r == 0 && round < INCLUDE_ROUNDS; round++) {
		size_t n = 0;
		char **paths = observe_include_missing(h, &n);

		if (n)
			r = include_round(tr, h, paths, n, cause);
		for (size_t i = 0; i < n; i++)
			free(paths[i]);
		free(paths);
		if (!n)
			break;
	}
	return r;
}

int observe_include_read(void *arg, const char *path, char **text, size_t *len,
			 char **cause)
{
	const struct obs_file *f = obs_find(arg, path);

	if (!f || !f->exists || !f->bytes) {
		*cause = xasprintf("%s: %s", path, !f ? "not observed" :
				   !f->exists ? "not on the host" : "its bytes were not kept");
		return -1;
	}
	*len = f->len;
	*text = xstrndup(f->bytes, f->len);
	return 0;
}

void observe_include_digest(const struct obs_host *h, char out[65])
{
	struct sha256_ctx c;
	unsigned char md[32];
	bool any = false;

	sha256_init(&c);
	for (size_t i = 0; i < h->n_files; i++) {
		const struct obs_file *f = &h->files[i];
		char head[32];
		int hl;

		if (!f->included)
			continue;
		hl = snprintf(head, sizeof(head), "%c%zu:", f->exists ? '+' : '-',
			      f->bytes ? f->len : 0);
		any = true;
		sha256_update(&c, f->path, strlen(f->path) + 1);
		sha256_update(&c, head, (size_t)hl);
		if (f->bytes)
			sha256_update(&c, f->bytes, f->len);
	}
	sha256_final(&c, md);
	out[0] = '\0';
	for (size_t i = 0; any && i < sizeof(md); i++)
		snprintf(out + 2 * i, 3, "%02x", md[i]);
}
