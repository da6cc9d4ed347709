/*
 * view_gres.c: the model seen through gres.conf (view_gres.h): per node
 * type, its GPUs (and other GRES) as lines folded over the hosts of that
 * type, in the order slurmd pairs devices with types.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/xalloc.h"
#include "render/hostfold.h"
#include "render/view.h"
#include "render/view_gres.h"
#include "slurm/hostlist.h"
#include "inventory/model.h"

/* A gres.conf line's context: its nodes, Name=, Type=, File=. */
static json_t *gres_line(const char *names, const char *name, const char *type,
			 const char *file)
{
	json_t *o = json_object();

	view_set_str(o, "nodes", names);
	view_set_str(o, "name", name);
	view_set_str(o, "type", type);
	view_set_str(o, "file", file);
	return o;
}

static void gres_line_rest(json_t *o, const char *cores, const char *links,
			   const char *flags)
{
	view_set_str(o, "cores", cores);
	view_set_str(o, "links", links);
	view_set_str(o, "flags", flags);
}

/*
 * One gres.conf line per gres: entry. Count= goes with File= for shard and
 * mps only: theirs is spread over the files; any other name has one per file.
 */
static void add_other_gres_lines(const struct node_type *nt, const char *names,
				 json_t *lines)
{
	for (size_t g = 0; g < nt->n_gres; g++) {
		const struct gres_spec *s = &nt->gres[g];
		json_t *o;

		if (s->no_line)
			continue;
		o = gres_line(names, s->name, s->type ? s->type : s->line_type, s->files);

		if (!s->files)
			view_set_num(o, "count", s->count, true);
		else if (model_gres_is_shared(s->name))
			view_set_num(o, "file_count", s->count, true);
		gres_line_rest(o, s->cores, s->links, s->flags);
		json_array_append_new(lines, o);
	}
}

/*
 * One gres.conf line per gpus: entry, then per gres: entry; the AutoDetect
 * line once, first. An entry with autodetect (but off) and no files of its
 * own is that line only: the GPUs are what autodetection finds. An entry
 * gres.conf has no line for (no_line) is none: Gres= alone counts it.
 */
static void add_gres_lines(const struct node_type *nt, const char *names,
			   json_t *lines)
{
	bool autodetect_done = false;
	size_t g;

	for (g = 0; g < nt->n_gpus; g++) {
		const struct gpu_spec *s = &nt->gpus[g];
		json_t *o;

		if (s->autodetect && !autodetect_done) {
			o = json_object();
			view_set_str(o, "nodes", names);
			view_set_str(o, "autodetect", s->autodetect);
			json_array_append_new(lines, o);
			autodetect_done = true;
		}
		if (s->no_line || (s->autodetect && strcasecmp(s->autodetect, "off") &&
				   !s->files && !s->multiple_files))
			continue;
		o = gres_line(names, "gpu", s->type ? s->type : s->line_type, s->files);
		view_set_str(o, "multiple_files", s->multiple_files);
		if (!s->multiple_files)
			view_set_num(o, "count", s->count, true);
		gres_line_rest(o, s->cores, s->links, s->flags);
		json_array_append_new(lines, o);
	}
	add_other_gres_lines(nt, names, lines);
}

json_t *view_gres_conf(const struct model *m, char **cause)
{
	char **sigs = xcalloc(model_n_declared(m) + 1, sizeof(*sigs));
	struct host_group *groups;
	json_t *ctx = json_object(), *lines = json_array();
	size_t i, j, ng;

	*cause = NULL;
	groups = hostfold_group(m, sigs, true, &ng);
	for (i = 0; i < ng; i++) {
		const struct host_group *g = &groups[i];
		const struct node_type *nt = view_host_type(m, &m->hosts[g->idx[0]]);
		const char **names;
		char *folded;

		if (!nt->n_gpus && !nt->n_gres)
			continue;
		names = xcalloc(g->n + 1, sizeof(*names));
		for (j = 0; j < g->n; j++)
			names[j] = m->hosts[g->idx[j]].name;
		folded = hostlist_compress(names, g->n);
		add_gres_lines(nt, folded, lines);
		free(folded);
		free(names);
	}
	hostfold_groups_free(groups, ng, sigs, model_n_declared(m));
	view_set_str(ctx, "cluster", m->cluster.name);
	json_object_set_new(ctx, "gres", lines);
	return ctx;
}
