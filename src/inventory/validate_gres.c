/*
 * validate_gres.c: a node type's GRES other than its GPUs, checked for
 * what Slurm refuses or silently drops, as read in its gres.c and
 * gres_c_s.c (24.11; the same rules since 22.05):
 *
 * - a gres.conf line's Count= must match its File= count, except for the
 *   "shared" GRES shard and mps, whose count is spread over the files
 *   (fatal in slurmd), count / files each: a remainder is lost, and
 *   slurmctld drains a node that reports less than Gres= says;
 * - the lines of one name all have Type= or none does, all have File= or
 *   none does, and without either there is one line only (fatal); shard
 *   and mps have at most one line without File= (fatal);
 * - lines of one name that set Flags= set the same ones (fatal);
 * - GresTypes with shard or mps needs gpu (fatal), the GPUs they share
 *   need File= lines (else "SHARING configuration lacks File", then no
 *   sharing GRES: fatal), and a shard or mps line with File= whose file
 *   is no GPU's is discarded;
 * - slurmctld with shared GRES needs select/cons_tres (fatal);
 * - slurmd gives shard and mps the type of the GPU they share (a warning
 *   for a type of their own).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/diag.h"
#include "slurm/hostlist.h"
#include "inventory/validate_gres.h"
#include "inventory/model.h"
#include "inventory/validate_ref.h"

/* gres.conf Flags= words Slurm's releases know (22.05 to 26.05). */
static const char *const gres_flag_words[] = {
	"CountOnly", "explicit", "one_sharing", "all_sharing", "nvidia_gpu_env",
	"amd_gpu_env", "intel_gpu_env", "opencl_env", "no_gpu_env",
};

/* The index in gres_flag_words of the n bytes at word (any case), or -1. */
static int flag_index(const char *word, size_t n)
{
	for (size_t k = 0; k < ARRAY_SIZE(gres_flag_words); k++)
		if (strlen(gres_flag_words[k]) == n && !strncasecmp(word, gres_flag_words[k], n))
			return (int)k;
	return -1;
}

/* The known words of flags as bits (index in gres_flag_words); unknown ones skipped. */
static unsigned flag_bits(const char *flags)
{
	unsigned bits = 0;

	while (flags && *flags) {
		size_t n = strcspn(flags, ",");
		int k = flag_index(flags, n);

		if (k >= 0)
			bits |= 1u << k;
		flags += n + (flags[n] == ',');
	}
	return bits;
}

void validate_gres_flags(struct vctx *v, const struct node_type *nt,
			 const char *what, const char *flags,
			 const struct src_loc *loc)
{
	const char *p = flags;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if (flag_index(p, n) < 0)
			diag_error(v->dl, loc, "node type '%s': unknown %s flag "
				   "'%.*s' (Slurm knows CountOnly, explicit, one_sharing, "
				   "all_sharing, nvidia_gpu_env, amd_gpu_env, intel_gpu_env, "
				   "opencl_env, no_gpu_env)", nt->name, what, (int)n, p);
		p += n + (p[n] == ',');
	}
}

/* The GPUs' device files of nt, one per GPU; false when they are not all known. */
static bool gpu_files(struct vctx *v, const struct node_type *nt,
		      struct hostlist *out)
{
	for (size_t g = 0; g < nt->n_gpus; g++) {
		const struct gpu_spec *s = &nt->gpus[g];
		char *cause = NULL;

		/* autodetected or multi-file GPUs: which files they have is the node's */
		if (!s->files || s->autodetect || s->multiple_files ||
		    validate_expand(v, s->files, out, &cause)) {
			free(cause);
			return false;
		}
	}
	return true;
}

/* A shard or mps entry's files: each one a GPU's, else slurmd drops it. */
static void check_shared_files(struct vctx *v, const struct node_type *nt,
			       const struct gres_spec *g, const struct hostlist *files)
{
	struct hostlist gpus = HOSTLIST_INIT;

	if (gpu_files(v, nt, &gpus)) {
		for (size_t i = 0; i < files->n; i++) {
			size_t k;

			for (k = 0; k < gpus.n && strcmp(gpus.names[k], files->names[i]); k++)
				;
			if (k < gpus.n)
				continue;
			diag_error(v->dl, &g->files_loc, "node type '%s': %s file '%s' is "
				   "none of its gpus' files: slurmd discards the line",
				   nt->name, g->name, files->names[i]);
			break;
		}
	}
	hostlist_release(&gpus);
}

/*
 * shard, mps: slurmd gives each its GPU's Type= (gres_c_s.c copies the
 * sharing GPU's type over the line's), so a type of its own never shows.
 */
static void check_shared_type(struct vctx *v, const struct node_type *nt,
			      const struct gres_spec *g)
{
	for (size_t i = 0; i < nt->n_gpus; i++)
		if (nt->gpus[i].type && !strcasecmp(nt->gpus[i].type, g->type))
			return;
	diag_warning(v->dl, &g->loc, "node type '%s': %s type '%s' is none of its "
		     "gpus' types: slurmd gives %s the type of the GPU it shares",
		     nt->name, g->name, g->type, g->name);
}

/* The Type= of g's gres.conf line (its own, or gres_conf_type's). */
static const char *line_type(const struct gres_spec *g)
{
	return g->type ? g->type : g->line_type;
}

/* One entry on its own: name, type, flags, its count against its files. */
static void check_entry(struct vctx *v, const struct node_type *nt,
			const struct gres_spec *g)
{
	struct hostlist files = HOSTLIST_INIT;
	char *cause = NULL;

	if (!g->name)
		return;		/* the loader said so */
	if (!strcasecmp(g->name, "gpu")) {
		diag_error(v->dl, &g->name_loc, "node type '%s': GPUs are the node "
			   "type's 'gpus', not a gres entry named '%s'", nt->name, g->name);
		return;
	}
	if (!validate_conf_name_ok(g->name) || strchr(g->name, ':'))
		diag_error(v->dl, &g->name_loc, "node type '%s': invalid gres name '%s'",
			   nt->name, g->name);
	if (line_type(g) && (!validate_conf_name_ok(line_type(g)) || strchr(line_type(g), ':')))
		diag_error(v->dl, &g->loc, "node type '%s': invalid %s type '%s'",
			   nt->name, g->name, line_type(g));
	if (g->type && g->line_type)
		diag_error(v->dl, &g->loc, "node type '%s': %s entry has a type and a "
			   "gres_conf_type: the type is both files' (gres_conf_type is for "
			   "an untyped entry's line)", nt->name, g->name);
	if (g->no_line && (g->files || g->cores || g->links || g->flags || g->line_type))
		diag_error(v->dl, &g->loc, "node type '%s': %s entry with gres_conf: false "
			   "has no gres.conf line to say its files, cores, links, flags or "
			   "type", nt->name, g->name);
	validate_gres_flags(v, nt, "gres", g->flags, &g->flags_loc);
	if (g->type && model_gres_is_shared(g->name))
		check_shared_type(v, nt, g);
	if (!g->files)
		return;
	if (validate_expand(v, g->files, &files, &cause)) {
		diag_error(v->dl, &g->files_loc, "node type '%s': invalid %s files '%s': %s",
			   nt->name, g->name, g->files, cause);
		free(cause);
	} else if (model_gres_is_shared(g->name)) {
		check_shared_files(v, nt, g, &files);
		if (g->count != MODEL_UNSET && files.n && g->count % (long long)files.n)
			diag_error(v->dl, &g->loc, "node type '%s': %s count %lld over %zu "
				   "files: slurmd gives each file %lld (%lld in all), and "
				   "slurmctld drains the node (count too low)", nt->name,
				   g->name, g->count, files.n, g->count / (long long)files.n,
				   g->count / (long long)files.n * (long long)files.n);
	} else if (g->count != MODEL_UNSET && (long long)files.n != g->count) {
		diag_error(v->dl, &g->loc, "node type '%s': %s count %lld disagrees "
			   "with %zu device file%s in '%s', which slurmd refuses",
			   nt->name, g->name, g->count, files.n, files.n == 1 ? "" : "s",
			   g->files);
	}
	hostlist_release(&files);
}

/*
 * The gres.conf lines of nt named like gres[first] (the entries from it
 * that have one: slurmd checks the lines), what they say together.
 */
static void check_name(struct vctx *v, const struct node_type *nt, size_t first)
{
	const struct gres_spec *a = &nt->gres[first];
	const struct gres_spec *flagged;
	size_t bare;

	while (a->no_line && ++first < nt->n_gres)
		a = &nt->gres[first];
	if (a->no_line || !a->name || strcasecmp(a->name, nt->gres[first].name))
		return;
	flagged = a->flags ? a : NULL;
	bare = !a->files && (!line_type(a) || model_gres_is_shared(a->name));
	for (size_t i = first + 1; i < nt->n_gres; i++) {
		const struct gres_spec *b = &nt->gres[i];

		if (!b->name || strcasecmp(b->name, a->name) || b->no_line)
			continue;
		if (!line_type(a) != !line_type(b))
			diag_error(v->dl, &b->loc, "node type '%s': some %s entries have a "
				   "type and some not, which slurmd refuses", nt->name, a->name);
		else if (!a->files != !b->files)
			diag_error(v->dl, &b->loc, "node type '%s': some %s entries have "
				   "files and some only a count, which slurmd refuses",
				   nt->name, a->name);
		else if (!b->files && (!line_type(b) || model_gres_is_shared(b->name)) && bare++)
			diag_error(v->dl, &b->loc, "node type '%s': a second %s entry "
				   "without files%s, which slurmd refuses", nt->name, a->name,
				   model_gres_is_shared(a->name) ? "" : " or type");
		if (b->flags && flagged && flag_bits(b->flags) != flag_bits(flagged->flags)) {
			diag_error(v->dl, &b->flags_loc, "node type '%s': %s flags '%s' "
				   "differ from '%s': slurmd wants one name's lines to agree",
				   nt->name, a->name, b->flags, flagged->flags);
			diag_note(v->dl, &flagged->flags_loc, "'%s' set here", flagged->flags);
		} else if (b->flags && !flagged) {
			flagged = b;
		}
	}
}

/* shard, mps: GPUs to share, with files (or found by autodetect). */
static void check_sharing(struct vctx *v, const struct node_type *nt,
			  const struct gres_spec *g)
{
	bool bound = false;

	for (size_t i = 0; i < nt->n_gpus; i++)
		bound |= nt->gpus[i].files || nt->gpus[i].multiple_files ||
			 nt->gpus[i].autodetect;
	if (!nt->n_gpus)
		diag_error(v->dl, &g->name_loc, "node type '%s': %s shares GPUs and "
			   "the node type has no gpus: slurmd refuses it", nt->name, g->name);
	else if (!bound)
		diag_error(v->dl, &g->name_loc, "node type '%s': %s shares GPUs with "
			   "device files and its gpus have no files nor autodetect: slurmd "
			   "refuses it", nt->name, g->name);
}

/* The first shard or mps entry of a used node type, or NULL. */
static const struct gres_spec *first_shared(const struct model *m)
{
	for (size_t t = 0; t < m->n_node_types; t++)
		for (size_t g = 0; g < m->node_types[t].n_gres; g++)
			if (model_gres_is_shared(m->node_types[t].gres[g].name))
				return &m->node_types[t].gres[g];
	return NULL;
}

static void check_select_type(struct vctx *v)
{
	const struct kv_list *kv = &v->m->cluster.slurm_conf;
	const struct gres_spec *g = first_shared(v->m);

	for (size_t i = 0; g && i < kv->n; i++) {
		if (strcasecmp(kv->items[i].key, "SelectType") ||
		    !strcmp(kv->items[i].value, "select/cons_tres"))
			continue;
		diag_error(v->dl, &kv->items[i].value_loc, "SelectType %s: slurmctld "
			   "takes shared GRES (%s) with select/cons_tres only",
			   kv->items[i].value, g->name);
		diag_note(v->dl, &g->name_loc, "%s here", g->name);
	}
}

void validate_gres(struct vctx *v)
{
	for (size_t t = 0; t < v->m->n_node_types; t++) {
		const struct node_type *nt = &v->m->node_types[t];

		for (size_t g = 0; g < nt->n_gres; g++) {
			const struct gres_spec *s = &nt->gres[g];
			bool first_of_name = true;

			check_entry(v, nt, s);
			if (!s->name || !strcasecmp(s->name, "gpu"))
				continue;
			for (size_t i = 0; i < g; i++)
				if (nt->gres[i].name && !strcasecmp(nt->gres[i].name, s->name))
					first_of_name = false;
			if (!first_of_name)
				continue;
			check_name(v, nt, g);
			if (model_gres_is_shared(s->name))
				check_sharing(v, nt, s);
		}
	}
	check_select_type(v);
}
