/*
 * plan_secret.c: secrets in a plan (plan.h). Diffs show StoragePass= and
 * the database password masked; the bytes a file must hold get the
 * password or the munge key put in only when they are staged.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "decide/plan.h"
#include "decide/plan_secret.h"
#include "slurm/slurmkeys.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "inventory/model.h"

#define PLAN_MASK "********"

/* A "KEY = value" line whose key holds a password (slurmkeys_is_secret()). */
static bool plan_is_secret_key(const char *line, size_t len, size_t *eq)
{
	char key[64];
	size_t i = 0, k;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	for (k = 0; i + k < len && k + 1 < sizeof(key) &&
	     !strchr(" \t=\n", line[i + k]); k++)
		key[k] = line[i + k];
	key[k] = '\0';
	if (!k || !slurmkeys_is_secret(key))
		return false;
	i += k;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i >= len || line[i] != '=')
		return false;
	*eq = i;
	return true;
}

static void plan_mask_line(struct strbuf *out, const char *line, size_t len,
			   const char *password)
{
	size_t pl = password ? strlen(password) : 0, i = 0, eq;

	if (plan_is_secret_key(line, len, &eq)) {
		strbuf_add(out, line, eq + 1);
		strbuf_addstr(out, PLAN_MASK);
		if (len && line[len - 1] == '\n')
			strbuf_addch(out, '\n');
		return;
	}
	while (i < len) {
		if (pl && len - i >= pl && !memcmp(line + i, password, pl)) {
			strbuf_addstr(out, PLAN_MASK);
			i += pl;
		} else {
			strbuf_addch(out, line[i++]);
		}
	}
}

char *plan_mask_secrets(const char *text, size_t len, const char *password)
{
	struct strbuf out = STRBUF_INIT;
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (text + i)) + 1 : len - i;

		plan_mask_line(&out, text + i, l, password);
		i += l;
	}
	return strbuf_detach(&out, NULL);
}

/*
 * The secret a placeholder at s stands for (render.h), newly allocated
 * (wipe it), and its length in *phl; NULL when s starts no placeholder
 * clusterctl wrote, or (*unknown) when the secret cannot be had: the
 * database password unknown, a password file that does not read.
 */
static char *plan_placeholder_value(const struct plan *p, const char *s, size_t *phl,
				    bool *unknown)
{
	static const char vp[] = RENDER_SECRET_VALUE_PREFIX;
	const struct cluster *c = &p->m->cluster;
	const struct kv_list *lists[] = { &c->slurm_conf, &c->slurmdbd_conf, &c->cgroup_conf };
	const struct kv *e = NULL;
	const char *end;
	char *key, *v, *cause = NULL;

	if (!strncmp(s, RENDER_SECRET_DB_PASSWORD, strlen(RENDER_SECRET_DB_PASSWORD))) {
		*phl = strlen(RENDER_SECRET_DB_PASSWORD);
		*unknown = !p->db_password;
		return p->db_password ? xstrdup(p->db_password) : NULL;
	}
	if (strncmp(s, vp, sizeof(vp) - 1) || !(end = strchr(s + sizeof(vp) - 1, '@')))
		return NULL;
	key = xstrndup(s + sizeof(vp) - 1, (size_t)(end - s) - (sizeof(vp) - 1));
	for (size_t i = 0; !e && i < ARRAY_SIZE(lists); i++)
		e = kv_find(lists[i], key);
	free(key);
	*phl = (size_t)(end - s) + 1;
	if (!e)
		return NULL;
	/* a {password_file: PATH} value is read now, for the bytes apply writes */
	v = kv_secret(e, &cause);
	*unknown = !v;
	free(cause);
	return v;
}

char *plan_file_bytes(const struct plan *p, const struct rendered_file *f,
		      size_t *len)
{
	const struct rendered_blob *b;
	struct strbuf out = STRBUF_INIT;
	const char *s, *hit;
	char *v;
	size_t phl;

	if (f->secret) {
		if (!p->key.bytes)
			return NULL;
		*len = p->key.len;
		return memcpy(xmalloc(p->key.len), p->key.bytes, p->key.len);
	}
	b = &p->rs->blobs[f->blob];
	if (f->needs_db_password && !p->db_password)
		return NULL;
	s = b->bytes;
	while (f->has_secret_placeholder && (hit = strstr(s, "@clusterctl:"))) {
		bool unknown = false;

		strbuf_add(&out, s, (size_t)(hit - s));
		if ((v = plan_placeholder_value(p, hit, &phl, &unknown))) {
			strbuf_addstr(&out, v);
			xfree_secret(v, strlen(v));
			s = hit + phl;
		} else if (unknown) {
			/* no bytes rather than a placeholder on the hosts */
			if (out.len)
				explicit_bzero(out.buf, out.len);
			strbuf_release(&out);
			return NULL;
		} else {
			/* not ours: the text stays as the template wrote it */
			strbuf_addch(&out, '@');
			s = hit + 1;
		}
	}
	strbuf_add(&out, s, b->len - (size_t)(s - b->bytes));
	return strbuf_detach(&out, len);
}
