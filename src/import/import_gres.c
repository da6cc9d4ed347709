/*
 * import_gres.c: a node's Gres= and gres.conf lines as gpus: and gres:
 * entries, from what slurmd makes of them (import_gres.h).
 */
#include "base/compat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import_gres.h"
#include "inventory/model.h"
#include "slurm/gresmerge.h"
#include "slurm/hostlist.h"
#include "slurm/slurmread.h"
#include "base/xalloc.h"
#include "base/yamlout.h"

/* The most a gres: entry counts (inventory_nodes.c). */
#define GRES_COUNT_MAX (1ULL << 50)

/* One entry: consecutive device records that say the same but their files. */
struct entry {
	const struct gresmerge_dev *first;
	struct hostlist files;		/* the kept files of all, in order */
	uint64_t count;
};

/* The entries of one node, as YAML flow mappings (owned). */
struct entry_list {
	char **v;
	size_t n, alloc;
};

static bool is_gpu(const struct gresmerge_item *it)
{
	return !strcasecmp(it->name, "gpu");
}

static bool same_opt(const char *a, const char *b)
{
	return a ? b && !strcmp(a, b) : !b;
}

/* files folded, or NULL when folding would reorder them (the GPU indexes). */
static char *fold_files(const struct hostlist *files)
{
	char *s = hostlist_compress((const char *const *)files->names, files->n);
	struct hostlist back = HOSTLIST_INIT;
	char *cause = NULL;
	bool same = hostlist_expand(s, &back, &cause) == 0 && back.n == files->n;

	for (size_t i = 0; same && i < back.n; i++)
		same = !strcmp(back.names[i], files->names[i]);
	free(cause);
	hostlist_release(&back);
	if (!same) {
		free(s);
		return NULL;
	}
	return s;
}

/* Appends the files device d keeps (a cut line its first ones). */
static void dev_files(const struct gresmerge_dev *d, struct hostlist *out)
{
	for (size_t k = 0; d->rec && k < d->files; k++)
		hostlist_push(out, d->rec->files.names[k]);
}

/* The Type= d's line has under an untyped item (slurmd drops it), or NULL. */
static const char *dev_line_type(const struct gresmerge *m, const struct gresmerge_dev *d)
{
	return d->rec && !m->items[d->item].type ? d->rec->type : NULL;
}

/* Can device record d join entry e (one line for both, nothing lost)? */
static bool entry_joins(const struct gresmerge *m, const struct entry *e,
			const struct gresmerge_dev *d)
{
	const struct slurmgres_rec *a = e->first->rec, *b = d->rec;
	struct hostlist both = HOSTLIST_INIT;
	char *folded;

	if (!a || !b || a->multiple_files || b->multiple_files || !a->file != !b->file ||
	    !same_opt(a->cores, b->cores) || !same_opt(a->links, b->links) ||
	    !same_opt(a->flags, b->flags) ||
	    !same_opt(dev_line_type(m, e->first), dev_line_type(m, d)))
		return false;
	/* shard, mps: one line's count is spread evenly over its files */
	if (model_gres_is_shared(b->name) && e->count * d->files != d->count * e->files.n)
		return false;
	for (size_t k = 0; k < e->files.n; k++)
		hostlist_push(&both, e->files.names[k]);
	dev_files(d, &both);
	folded = fold_files(&both);
	hostlist_release(&both);
	free(folded);
	return folded != NULL;
}

static void opt_yaml(struct strbuf *out, const char *key, const char *v)
{
	if (!v)
		return;
	strbuf_addf(out, ", %s: ", key);
	yamlout_scalar(out, v);
}

/* True when AutoDetect ad finds GPUs (set, and not off). */
static bool detects(const char *ad)
{
	return ad && strcasecmp(ad, "off");
}

/*
 * Entry e of item it as a flow mapping. ad: the node's AutoDetect (GPU
 * items only), said on the node's first GPU entry (first), and on an
 * entry without a line when it detects: that entry is the AutoDetect line.
 */
static void entry_yaml(const struct gresmerge *m, const struct gresmerge_item *it,
		       const struct entry *e, const char *ad, bool first, struct strbuf *out)
{
	const struct slurmgres_rec *r = e->first->rec;
	char *files = e->files.n ? fold_files(&e->files) : NULL;

	strbuf_addch(out, '{');
	if (!is_gpu(it)) {
		strbuf_addstr(out, "name: ");
		yamlout_scalar(out, it->name);
		strbuf_addstr(out, ", ");
	}
	if (it->type)
		strbuf_addf(out, "type: %s, ", it->type);
	if (dev_line_type(m, e->first))
		strbuf_addf(out, "gres_conf_type: %s, ", dev_line_type(m, e->first));
	strbuf_addf(out, "count: %llu", (unsigned long long)e->count);
	opt_yaml(out, "autodetect", first || (!r && detects(ad)) ? ad : NULL);
	if (!r && !detects(ad))
		strbuf_addstr(out, ", gres_conf: false");
	opt_yaml(out, "files", files);
	if (r) {
		opt_yaml(out, "multiple_files", r->multiple_files);
		opt_yaml(out, "cores", r->cores);
		opt_yaml(out, "links", r->links);
		opt_yaml(out, "flags", r->flags);
	}
	strbuf_addch(out, '}');
	free(files);
}

static void entry_list_take(struct entry_list *el, struct strbuf *sb)
{
	XGROW(el->v, el->alloc, el->n + 1);
	el->v[el->n++] = strbuf_detach(sb, NULL);
}

/* el's entries as a key's value: one inline, several as a block list. */
static void entries_yaml(struct entry_list *el, struct strbuf *out)
{
	for (size_t i = 0; i < el->n; i++) {
		if (el->n == 1)
			strbuf_addstr(out, el->v[i]);
		else
			strbuf_addf(out, "\n      - %s", el->v[i]);
		free(el->v[i]);
	}
	free(el->v);
}

/*
 * What slurmd refuses in node's lines of name before it merges them
 * (gres.c _foreach_gres_conf(): fatal), or NULL; *where the line to blame.
 */
static const char *lines_refused(const struct slurmgres *g, const char *node,
				 const char *name, const struct slurmgres_rec **where)
{
	const struct slurmgres_rec *first = NULL;
	size_t bare = 0;

	for (size_t i = 0; i < g->n; i++) {
		const struct slurmgres_rec *r = &g->recs[i];
		bool file = r->file || r->multiple_files;

		if (!r->name || strcasecmp(r->name, name) || !slurmgres_for_node(r, node))
			continue;
		*where = r;
		if (first && !(first->file || first->multiple_files) != !file)
			return "some lines have File= and others not, which slurmd refuses";
		if (first && !first->type != !r->type)
			return "some lines have Type= and others not, which slurmd refuses";
		if (!file && !r->type && bare++)
			return "two lines without File= or Type=, which slurmd refuses";
		first = first ? first : r;
	}
	return NULL;
}

/* Why the schema cannot say item k's devices, or NULL; *where the line to blame. */
static const char *unsayable(const struct slurmgres *g, const char *node,
			     const struct gresmerge *m, size_t k,
			     const struct slurmgres_rec **where)
{
	const struct gresmerge_item *it = &m->items[k];
	const char *why = lines_refused(g, node, it->name, where);

	if (why)
		return why;
	*where = NULL;
	if (!is_gpu(it) && it->count > GRES_COUNT_MAX)
		return "a count above what a gres: entry holds (2^50): not in the schema";
	for (size_t i = 0; !is_gpu(it) && i < m->n_devs; i++)
		if (m->devs[i].item == k && m->devs[i].rec && m->devs[i].rec->multiple_files) {
			*where = m->devs[i].rec;
			return "MultipleFiles= for a GRES other than gpu: not in the schema";
		}
	return NULL;
}

/* What slurmd does with item k's lines that the entries say too: notes (l: the node's line). */
static void item_notes(struct imp *im, const struct slurmconf_line *l,
		       const struct gresmerge *m, size_t k, const char *node, const char *ad)
{
	const struct gresmerge_item *it = &m->items[k];
	uint64_t fileless = 0, filed = 0;

	for (size_t i = 0; i < m->n_devs; i++) {
		const struct gresmerge_dev *d = &m->devs[i];

		if (d->item != k)
			continue;
		if (d->rec && (d->rec->file || d->rec->multiple_files))
			filed += d->count;
		else
			fileless += d->count;
		if (gresmerge_cut(d))	/* gres.c _merge_gres2(), _set_file_subset() */
			imp_note(im, d->rec->path, d->rec->lineno, "Name=%s on %s: its Gres= "
				 "takes %llu of the line's %llu: slurmd cuts the line to them "
				 "(the first files): the rest left out", d->rec->name, node,
				 (unsigned long long)d->count, (unsigned long long)d->rec->count);
	}
	/* gres.c after the merge: "Ignoring file-less GPU" */
	if (is_gpu(it) && fileless && !detects(ad))
		imp_note(im, l->path, l->lineno, "Gres=%s%s%s:%llu on %s: gres.conf "
			 "gives a device file to %llu: slurmd drops the %llu without one, and "
			 "slurmctld drains the node for fewer GPUs than Gres= says (unless "
			 "SlurmdParameters=config_overrides): carried as written", it->name,
			 it->type ? ":" : "", it->type ? it->type : "",
			 (unsigned long long)(filed + fileless), node, (unsigned long long)filed,
			 (unsigned long long)fileless);
}

/*
 * Adds item k's entries (its devices, joined) to out; ad: the node's
 * AutoDetect (a GPU item), said on the first entry when first.
 */
static void item_entries(const struct gresmerge *m, size_t k, const char *ad, bool first,
			 struct entry_list *out)
{
	struct entry e = { 0 };
	struct strbuf one = STRBUF_INIT;

	for (size_t i = 0; i <= m->n_devs; i++) {
		const struct gresmerge_dev *d = i < m->n_devs ? &m->devs[i] : NULL;

		if (d && d->item != k)
			continue;
		if (e.first && (!d || !entry_joins(m, &e, d))) {
			entry_yaml(m, &m->items[k], &e, ad, first, &one);
			entry_list_take(out, &one);
			hostlist_release(&e.files);
			e = (struct entry){ 0 };
			first = false;
		}
		if (!d)
			break;
		if (!e.first)
			e.first = d;
		e.count += d->count;
		dev_files(d, &e.files);
	}
}

/* The lines for node that no item takes: slurmd ignores them. */
static void ignored_notes(struct imp *im, const struct gresmerge *m, const char *node,
			  const char *gres)
{
	for (size_t i = 0; i < m->n_ignored; i++) {
		const struct slurmgres_rec *r = m->ignored[i];

		/* a name no node's Gres= has is named once, for the file (import_nodes.c) */
		if (!imp_gres_named(im, r->name))
			continue;
		imp_note(im, r->path, r->lineno, "Name=%s%s%s on %s: no item of its Gres=%s "
			 "takes the line: slurmd ignores it (\"Ignoring extra GRES\"): left out",
			 r->name, r->type ? " Type=" : "", r->type ? r->type : "", node, gres);
	}
}

/* Items of gres that parse, comma-joined (those that do not are problems). */
static char *parsed_items(struct imp *im, const struct slurmconf_line *l, const char *gres,
			  bool report)
{
	struct strbuf good = STRBUF_INIT;
	char *copy = xstrdup(gres), *save = NULL;

	for (char *s = strtok_r(copy, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
		struct gresmerge_item it;

		if (gresmerge_item_parse(s, &it) == 0)
			strbuf_addf(&good, "%s%s", good.len ? "," : "", s);
		else if (report)
			imp_problem(im, l->path, l->lineno, "Gres '%s': a socket list or count "
				    "the schema has no place for: left out", s);
		gresmerge_item_release(&it);
	}
	free(copy);
	return strbuf_detach(&good, NULL);
}

void imp_gres_yaml(struct imp *im, const struct slurmconf_line *l, const char *gres,
		   const char *node, bool report, struct strbuf *gpus, struct strbuf *other)
{
	char *good = parsed_items(im, l, gres, report), *cause = NULL;
	const char *ad = slurmgres_autodetect(&im->gres, node);
	struct entry_list gl = { 0 }, ol = { 0 };
	struct gresmerge m;
	bool ad_said = false;

	if (gresmerge_node(&im->gres, node, good, &m, &cause) < 0) {
		free(cause);	/* every item parsed just now */
		free(good);
		return;
	}
	for (size_t k = 0; k < m.n_items; k++) {
		const struct slurmgres_rec *where;
		const char *why = unsayable(&im->gres, node, &m, k, &where);
		bool gpu = is_gpu(&m.items[k]);
		bool has = false;

		for (size_t i = 0; i < m.n_devs; i++)
			has |= m.devs[i].item == k;
		if (!has)
			continue;
		if (why) {
			if (report)
				imp_problem(im, where ? where->path : l->path,
					    where ? where->lineno : l->lineno, "Gres '%s' on %s: "
					    "%s: left out", m.items[k].name, node, why);
			continue;
		}
		if (report)
			item_notes(im, l, &m, k, node, gpu ? ad : NULL);
		/* AutoDetect is the node's: said on its first GPU entry */
		item_entries(&m, k, gpu ? ad : NULL, gpu && !ad_said && ad, gpu ? &gl : &ol);
		ad_said |= gpu;
	}
	if (report)
		ignored_notes(im, &m, node, gres);
	gresmerge_release(&m);
	entries_yaml(&gl, gpus);
	entries_yaml(&ol, other);
	free(good);
}

bool imp_gres_named(const struct imp *im, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < im->conf.n; i++) {
		const char *v = imp_key_is(&im->conf.lines[i], "NodeName") ?
			slurmconf_get(&im->conf.lines[i], "Gres") : NULL;

		for (const char *p = v; p && *p;) {
			size_t len = strcspn(p, ",");

			if (strcspn(p, ":,") == n && !strncasecmp(p, name, n))
				return true;
			p += len + (p[len] == ',');
		}
	}
	return false;
}
