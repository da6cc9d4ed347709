/*
 * import_ctx.c: the shared state of "import nodes" and the helpers both
 * halves use: problems named by file and line, extra: mappings.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import_ctx.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "base/yamlout.h"
#include "slurm/sitecomments.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmkeys.h"
#include "slurm/slurmvalues.h"

void imp_init(struct imp *im, const struct import_source *src, struct strbuf *problems)
{
	memset(im, 0, sizeof(*im));
	im->src = src;
	im->problems = problems;
	strbuf_init(&im->qos_names);
	strbuf_init(&im->acct_names);
}

/* Appends "path:line: [kind]message" to im->problems. */
static void add_line(struct imp *im, const char *path, unsigned line, const char *kind,
		     const char *fmt, va_list ap)
{
	strbuf_addf(im->problems, "%s:%u: %s", path, line, kind);
	strbuf_vaddf(im->problems, fmt, ap);
	strbuf_addch(im->problems, '\n');
}

void imp_problem(struct imp *im, const char *path, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_line(im, path, line, "", fmt, ap);
	va_end(ap);
	im->n_problems++;
}

void imp_note(struct imp *im, const char *path, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_line(im, path, line, "note: ", fmt, ap);
	va_end(ap);
}

void imp_conf_value(struct strbuf *out, const char *value)
{
	char *quoted;

	/* slurmconf.h: a quoted value has no '"' inside; validate names any other */
	if (!strpbrk(value, " \t") || strchr(value, '"')) {
		yamlout_scalar(out, value);
		return;
	}
	quoted = xasprintf("\"%s\"", value);
	yamlout_scalar(out, quoted);
	free(quoted);
}

/* The comments of path (text: NULL to read it through src->read). */
static void scan_file(struct imp *im, const char *path, const char *text, size_t len)
{
	char *own = NULL, *cause = NULL;

	if (!path || sitecomments_scanned(&im->comments, path))
		return;
	if (!text && im->src->read(im->src->read_arg, path, &own, &len, &cause) < 0) {
		free(cause);
		return;
	}
	sitecomments_scan(&im->comments, path, text ? text : own, len);
	free(own);
}

void imp_scan_comments(struct imp *im)
{
	const struct import_source *src = im->src;

	scan_file(im, src->conf.path, src->conf.text, src->conf.len);
	for (size_t i = 0; i < im->conf.n; i++)
		scan_file(im, im->conf.lines[i].path, NULL, 0);
	scan_file(im, src->gres.path, src->gres.text, src->gres.len);
	for (size_t i = 0; i < im->gres.n; i++)
		scan_file(im, im->gres.recs[i].path, NULL, 0);
	scan_file(im, src->cgroup.path, src->cgroup.text, src->cgroup.len);
	scan_file(im, src->dbd.path, src->dbd.text, src->dbd.len);
}

void imp_comments(struct imp *im, const char *path, unsigned lineno, const char *indent,
		  struct strbuf *out)
{
	sitecomments_take(&im->comments, path, lineno, indent, out);
}

bool imp_key_is(const struct slurmconf_line *l, const char *key)
{
	return !strcasecmp(l->kv[0].key, key);
}

void imp_extra(const struct slurmconf_line *l, const char *const *plain, size_t n_plain,
	       const char *const (*keys)[2], size_t n_keys, struct strbuf *extra)
{
	for (size_t i = 1; i < l->n; i++) {
		const char *k = l->kv[i].key;
		bool modelled = false;

		for (size_t t = 0; t < n_plain; t++)
			modelled |= !strcasecmp(k, plain[t]);
		for (size_t t = 0; t < n_keys; t++)
			modelled |= !strcasecmp(k, keys[t][0]);
		if (modelled)
			continue;
		strbuf_addf(extra, "%s%s: ", extra->len ? ", " : "", k);
		imp_conf_value(extra, l->kv[i].value);
	}
}

/* How many keys of c (table t; record lines: their words too) release v does not know yet. */
static size_t too_new(const struct slurmconf *c, enum slurmkeys_table t, int v)
{
	size_t n = 0;

	for (size_t i = 0; c && i < c->n; i++) {
		const struct slurmconf_line *l = &c->lines[i];
		enum slurmkeys_table words = imp_key_is(l, "NodeName") ? SLURMKEYS_NODE :
			imp_key_is(l, "PartitionName") ? SLURMKEYS_PARTITION : t;
		struct slurmkey_check ck;

		for (size_t k = words == t ? 0 : 1; k < (words == t ? 1 : l->n); k++) {
			slurmkeys_check(words, l->kv[k].key, v, &ck);
			n += ck.status == SLURMKEY_TOO_NEW;
		}
	}
	return n;
}

/*
 * Whether an AutoDetect= of gres.conf names what release idx does not know
 * (AutoDetect=nvidia before 24.11): slurmd would log an error and detect
 * nothing, so the files are for a later release.
 */
static bool autodetect_too_new(const struct slurmgres *g, int idx)
{
	if (g->autodetect && slurmvalues_autodetect(g->autodetect, idx))
		return true;
	for (size_t i = 0; i < g->n; i++)
		if (g->recs[i].autodetect && slurmvalues_autodetect(g->recs[i].autodetect, idx))
			return true;
	return false;
}

void imp_choose_version(struct imp *im, const struct slurmconf *cg,
			const struct slurmconf *dbd)
{
	char *all = xstrdup(slurmkeys_supported_versions()), *save = NULL;
	int first = slurmkeys_version_index("22.05");

	im->version = first;
	free(im->version_name);
	im->version_name = xstrdup("22.05");
	if (im->src->release && slurmkeys_version_index(im->src->release) >= 0) {
		/* the controller said: its keys are checked against that release */
		im->version = slurmkeys_version_index(im->src->release);
		free(im->version_name);
		im->version_name = xstrndup(im->src->release,
					    strspn(im->src->release, "0123456789") + 3);
		free(all);
		return;
	}
	for (char *v = strtok_r(all, ", ", &save); v; v = strtok_r(NULL, ", ", &save)) {
		int idx = slurmkeys_version_index(v);

		if (idx < first)
			continue;
		free(im->version_name);
		im->version_name = xstrdup(v);
		im->version = idx;
		if (!too_new(&im->conf, SLURMKEYS_CONF, idx) &&
		    !too_new(cg, SLURMKEYS_CGROUP, idx) && !too_new(dbd, SLURMKEYS_SLURMDBD, idx) &&
		    !autodetect_too_new(&im->gres, idx))
			break;
	}
	free(all);
}

void imp_secret_ref(struct imp *im, const struct slurmconf_line *l, struct strbuf *out)
{
	char *file = xasprintf("%s.pass", l->kv[0].key);

	for (char *p = file; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	strbuf_addf(out, "    # %s (%s:%u) is not printed: put it in this file, mode 0600\n"
		    "    %s: {password_file: %s}\n", l->kv[0].key, l->path, l->lineno,
		    l->kv[0].key, file);
	imp_note(im, l->path, l->lineno, "%s: a password: not printed: put it in %s (beside "
		 "the inventory, mode 0600), which apply writes it from", l->kv[0].key, file);
	free(file);
}

/*
 * A value the release refuses, or reads as something else (slurmvalues.h),
 * is left out and named with what Slurm does with it: validate refuses it
 * in an inventory, and the import's own inventory must validate. A value
 * Slurm only warns of is carried (validate warns the same).
 */
static bool value_unsayable(struct imp *im, enum slurmkeys_table t,
			    const struct slurmconf_line *l)
{
	const char *key = l->kv[0].key, *value = l->kv[0].value;
	struct slurmvalue_check vc;
	struct strbuf sb = STRBUF_INIT;
	bool bad = slurmvalues_check(t, key, value, im->version, &vc) == SLURMVALUE_ERROR;

	if (bad) {
		strbuf_addf(&sb, "%s=%s: Slurm %s ", key, value, im->version_name);
		if (vc.item[0])
			strbuf_addf(&sb, "has no '%s' there", vc.item);
		else
			strbuf_addstr(&sb, "does not take it");
		if (vc.why[0])
			strbuf_addf(&sb, " (%s)", vc.why);
		if (vc.accepts)
			strbuf_addf(&sb, "; it takes %s", vc.accepts);
		imp_problem(im, l->path, l->lineno, "%s: left out", sb.buf);
	}
	strbuf_release(&sb);
	slurmvalue_check_release(&vc);
	return bad;
}

bool imp_key_unsayable(struct imp *im, enum slurmkeys_table t,
		       const struct slurmconf_line *l, struct strbuf *out)
{
	const char *key = l->kv[0].key, *value = l->kv[0].value, *since, *instead;
	struct slurmkey_check ck;
	const char *item;

	if (slurmkeys_is_secret(key)) {
		imp_secret_ref(im, l, out);
		return true;
	}
	slurmkeys_check(t, key, im->version, &ck);
	/* before defunct: FastSchedule=1 is ignored, =2 stops slurmctld */
	item = slurmkeys_removed_value(t, key, value, im->version, &since, &instead);
	if (item) {
		imp_problem(im, l->path, l->lineno, "%s=%s: Slurm %s has no %s (gone in %s), "
			    "and slurmctld stops on it: left out", key, value, im->version_name,
			    item, since);
		return true;
	}
	switch (ck.status) {
	case SLURMKEY_DEFUNCT:
		/* read_config.c: _defunct_option(), or FastSchedule=1's own error */
		strbuf_addf(out, "    # %s=%s: Slurm ignores it since %s: left out\n", key,
			    value, ck.since);
		imp_note(im, l->path, l->lineno, "%s=%s: Slurm ignores it since %s (slurmctld "
			 "logs an error and goes on): left out", key, value, ck.since);
		return true;
	case SLURMKEY_REMOVED:
	case SLURMKEY_TOO_NEW:
		/* read_config.c: fatal, at an unknown key or with its own message */
		imp_problem(im, l->path, l->lineno, "%s: not a key of Slurm %s (%s %s), and "
			    "slurmctld stops on it: left out", key, im->version_name,
			    ck.status == SLURMKEY_REMOVED ? "removed in" : "new in", ck.since);
		return true;
	case SLURMKEY_UNKNOWN:
		imp_problem(im, l->path, l->lineno, "%s: not a key Slurm knows, and slurmctld "
			    "stops on it: left out", key);
		return true;
	default:
		break;
	}
	return value_unsayable(im, t, l);
}

void imp_release(struct imp *im)
{
	free(im->version_name);
	for (size_t i = 0; i < im->n_nodes; i++) {
		free(im->nodes[i].name);
		free(im->nodes[i].addr);
	}
	for (size_t i = 0; i < im->n_types; i++) {
		free(im->types[i].sig);
		free(im->types[i].name);
		strbuf_release(&im->types[i].yaml);
	}
	free(im->nodes);
	free(im->types);
	free(im->controller);
	free(im->controller_addr);
	free(im->backup);
	free(im->backup_addr);
	free(im->dbd_addr);
	free(im->dbd);
	strbuf_release(&im->qos_names);
	strbuf_release(&im->acct_names);
	sitecomments_release(&im->comments);
	free(im->gres_by_node);
	slurmconf_release(&im->conf);
	slurmgres_release(&im->gres);
}
