/*
 * validate_ref.c: sorted name indexes over the model's arrays and the
 * reports of names defined twice or referred to but not defined
 * (validate_ref.h), for the checks of validate.c and validate_acct.c.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "inventory/validate_ref.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "inventory/name_index.h"

/*
 * Reports every name defined twice: "duplicate KIND 'x'" at the later one
 * with a note at the first.
 */
void validate_report_dups(struct vctx *v, const struct name_index *ix,
			  const char *kind, size_t loc_off)
{
	size_t i;

	for (i = 1; i < ix->n; i++) {
		const char *a = *(const char *const *)ix->names[i - 1];
		const char *b = *(const char *const *)ix->names[i];
		size_t first = i - 1;

		if (strcmp(a, b))
			continue;
		while (first && !strcmp(*(const char *const *)ix->names[first - 1], b))
			first--;
		diag_error(v->dl, (const void *)((const char *)ix->names[i] + loc_off),
			   "duplicate %s '%s'", kind, b);
		diag_note(v->dl, (const void *)((const char *)ix->names[first] + loc_off),
			  "first defined here");
	}
}

int validate_expand(struct vctx *v, const char *expr, struct hostlist *out,
		    char **cause)
{
	size_t n, max = v->names_left < VALIDATE_EXPR_NAMES ? v->names_left :
		    VALIDATE_EXPR_NAMES;

	/* counted first, no further than allowed: what is refused is never made */
	if (hostlist_count(expr, max, &n, cause) < 0)
		return -1;
	if (n > max && max == VALIDATE_EXPR_NAMES) {
		*cause = xasprintf("'%s' names more than %u hosts, more than an "
				   "inventory may hold", expr, VALIDATE_EXPR_NAMES);
		return -1;
	}
	if (n > max) {
		*cause = xasprintf("the inventory's hostlists name more than %u hosts "
				   "in all (partitions' nodes, files: hosts, GPU and "
				   "GRES files): this one is not checked", VALIDATE_NAMES);
		return -1;
	}
	v->names_left -= n;
	return hostlist_expand_max(expr, VALIDATE_EXPR_NAMES, out, cause);
}

/* True when a hint among n candidates still fits in v's budget (taken). */
static bool hint_affordable(struct vctx *v, size_t n)
{
	if (n > v->hints_left)
		return false;
	v->hints_left -= n;
	return true;
}

bool validate_knock_on(const struct vctx *v, unsigned kind)
{
	return (v->m->failed & kind) != 0;
}

/* The kind of entity ix indexes (enum model_failed), or 0. */
static unsigned index_kind(const struct vctx *v, const struct name_index *ix)
{
	return ix == &v->types ? MODEL_FAILED_NODE_TYPES :
	       ix == &v->parts ? MODEL_FAILED_PARTITIONS :
	       ix == &v->qos ? MODEL_FAILED_QOS :
	       ix == &v->accounts ? MODEL_FAILED_ACCOUNTS :
	       ix == &v->users ? MODEL_FAILED_USERS : 0;
}

/* Reports "OWNER: unknown KIND 'name' (did you mean ...)". */
void validate_unknown_ref(struct vctx *v, const struct src_loc *loc,
			  const char *owner, const char *kind, const char *name,
			  const struct name_index *ix)
{
	const char *hint;

	if (ix && validate_knock_on(v, index_kind(v, ix)))
		return;
	hint = ix && hint_affordable(v, ix->n) ? name_index_suggest(ix, name) : NULL;

	if (hint)
		diag_error(v->dl, loc, "%s: unknown %s '%s' (did you mean '%s'?)",
			   owner, kind, name, hint);
	else
		diag_error(v->dl, loc, "%s: unknown %s '%s'", owner, kind, name);
}

void validate_list_refs(struct vctx *v, const struct str_list *l,
			const char *owner, const char *kind,
			const struct name_index *ix)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!name_index_find(ix, l->items[i]))
			validate_unknown_ref(v, &l->locs[i], owner, kind, l->items[i], ix);
}

/* Host and partition names go on slurm.conf lines: no blanks, '=', ','. */
bool validate_conf_name_ok(const char *name)
{
	const char *p;

	if (!*name)
		return false;
	for (p = name; *p; p++)
		if (isspace((unsigned char)*p) || strchr("=,#[]\"'", *p))
			return false;
	return true;
}

char *validate_host_hint(struct vctx *v, const char *name)
{
	const char **cands, *hint;
	char *res;
	size_t i;

	if (!hint_affordable(v, model_n_declared(v->m)))
		return xstrdup("");
	cands = xcalloc(model_n_declared(v->m) + 1, sizeof(*cands));
	for (i = 0; i < model_n_declared(v->m); i++)
		cands[i] = v->m->hosts[i].name;
	hint = diag_suggest(name, cands, model_n_declared(v->m));
	res = hint ? xasprintf(" (did you mean '%s'?)", hint) : xstrdup("");
	free(cands);
	return res;
}
