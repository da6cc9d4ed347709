/*
 * inventory_scan.c: the first pass over a file's YAML events
 * (inventory_scan.h). Each node is counted once as it is read, each alias
 * as the count of its anchor's node, so the count is what a walk of the
 * built document would visit. An anchor's count is the nodes counted
 * between its node's start and end: one table entry per anchor, no tree.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/die.h"
#include "base/ixhash.h"
#include "inventory/inventory_scan.h"
#include "base/xalloc.h"

uint64_t inv_scan_budget(uint64_t bytes)
{
	return INV_NODES_BASE + bytes / INV_BYTES_PER_NODE;
}

/* ---- anchors: name -> nodes, in an open-addressing table ---- */

/* The count of an anchor whose node has not ended: an alias to it is a cycle. */
#define ANCHOR_OPEN UINT64_MAX

struct anchor {
	char *name;		/* owned; NULL: a free slot */
	uint64_t nodes;
};

struct anchors {
	struct anchor *slots;
	size_t n, size;		/* size: a power of two, or 0 */
};

static struct anchor *anchor_slot(struct anchors *a, const char *name)
{
	size_t k = (size_t)ixhash_str(name) & (a->size - 1);

	while (a->slots[k].name && strcmp(a->slots[k].name, name))
		k = (k + 1) & (a->size - 1);
	return &a->slots[k];
}

static void anchors_grow(struct anchors *a)
{
	struct anchors bigger = { NULL, a->n, a->size ? 2 * a->size : 64 };
	size_t i;

	bigger.slots = xcalloc(bigger.size, sizeof(*bigger.slots));
	for (i = 0; i < a->size; i++)
		if (a->slots[i].name)
			*anchor_slot(&bigger, a->slots[i].name) = a->slots[i];
	free(a->slots);
	*a = bigger;
}

/* A later anchor of the same name hides the earlier one, as in YAML. */
static void anchors_set(struct anchors *a, const char *name, uint64_t nodes)
{
	struct anchor *s;

	if (2 * (a->n + 1) > a->size)
		anchors_grow(a);
	s = anchor_slot(a, name);
	if (!s->name) {
		s->name = xstrdup(name);
		a->n++;
	}
	s->nodes = nodes;
}

/* The anchor's count; 1 for a name never defined (the load reports it). */
static uint64_t anchors_get(const struct anchors *a, const char *name)
{
	struct anchor *s = a->size ? anchor_slot((struct anchors *)a, name) : NULL;

	return s && s->name ? s->nodes : 1;
}

static void anchors_release(struct anchors *a)
{
	size_t i;

	for (i = 0; i < a->size; i++)
		free(a->slots[i].name);
	free(a->slots);
}

/* ---- the pass ---- */

struct frame {
	uint64_t start;		/* sc->nodes before the collection's own node */
	char *anchor;		/* owned, or NULL */
};

struct scan_state {
	struct inv_scan *sc;
	bool (*is_top_key)(const char *key);
	uint64_t budget;
	struct anchors anchors;
	struct frame stack[MAX_YAML_DEPTH + 1];
	unsigned depth, docs;
	size_t top_items;	/* nodes finished at depth 1 of document 1 */
};

static bool stop_at(struct scan_state *st, enum inv_scan_stop why,
		    const yaml_event_t *ev)
{
	st->sc->stop = why;
	st->sc->mark = ev->start_mark;
	return false;
}

/* Counts n more nodes; false (stopped) past the budget. */
static bool count(struct scan_state *st, uint64_t n, const yaml_event_t *ev)
{
	if (n > st->budget - st->sc->nodes)
		return stop_at(st, INV_SCAN_NODES, ev);
	st->sc->nodes += n;
	return true;
}

static bool scan_alias(struct scan_state *st, const yaml_event_t *ev)
{
	const char *name = (const char *)ev->data.alias.anchor;
	uint64_t n = anchors_get(&st->anchors, name);

	if (n != ANCHOR_OPEN && count(st, n, ev))
		return true;
	st->sc->alias = xstrdup(name);
	st->sc->alias_nodes = n;
	return n == ANCHOR_OPEN ? stop_at(st, INV_SCAN_CYCLE, ev) : false;
}

static bool scan_open(struct scan_state *st, const yaml_event_t *ev,
		      const yaml_char_t *anchor)
{
	struct frame *f;

	if (st->depth == MAX_YAML_DEPTH)
		return stop_at(st, INV_SCAN_DEEP, ev);
	if (!count(st, 1, ev))
		return false;
	f = &st->stack[st->depth++];
	f->start = st->sc->nodes - 1;
	f->anchor = anchor ? xstrdup((const char *)anchor) : NULL;
	if (anchor)
		anchors_set(&st->anchors, f->anchor, ANCHOR_OPEN);
	return true;
}

static void scan_close(struct scan_state *st)
{
	struct frame *f = &st->stack[--st->depth];

	if (f->anchor) {
		anchors_set(&st->anchors, f->anchor, st->sc->nodes - f->start);
		free(f->anchor);
	}
}

static bool scan_scalar(struct scan_state *st, const yaml_event_t *ev)
{
	uint64_t n = 1 + ev->data.scalar.length / INV_BYTES_PER_NODE;

	if (!count(st, n, ev))
		return false;
	if (ev->data.scalar.anchor)
		anchors_set(&st->anchors, (const char *)ev->data.scalar.anchor, n);
	return true;
}

/* What the include check needs: the first document's top-level keys. */
static void scan_top(struct scan_state *st, const yaml_event_t *ev)
{
	bool first = st->docs == 1;

	if (first && st->depth == 1 && ev->type == YAML_MAPPING_START_EVENT)
		st->sc->mapping = true;
	/* keys are the even items of the root mapping */
	if (!first || !st->is_top_key || st->depth != 1 || !st->sc->mapping ||
	    st->top_items % 2 || ev->type != YAML_SCALAR_EVENT)
		return;
	if (st->is_top_key((const char *)ev->data.scalar.value))
		st->sc->known_key = true;
}

/* One event; false when the scan stops. */
static bool scan_event(struct scan_state *st, const yaml_event_t *ev)
{
	bool ok = true;

	switch (ev->type) {
	case YAML_DOCUMENT_START_EVENT:
		st->docs++;
		break;
	case YAML_SEQUENCE_START_EVENT:
		ok = scan_open(st, ev, ev->data.sequence_start.anchor);
		break;
	case YAML_MAPPING_START_EVENT:
		ok = scan_open(st, ev, ev->data.mapping_start.anchor);
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		scan_close(st);
		break;
	case YAML_SCALAR_EVENT:
		ok = scan_scalar(st, ev);
		break;
	case YAML_ALIAS_EVENT:
		ok = scan_alias(st, ev);
		break;
	case YAML_STREAM_END_EVENT:
		return false;
	default:
		break;
	}
	scan_top(st, ev);
	if (st->docs == 1 && st->depth == 1 &&
	    (ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT ||
	     ev->type == YAML_SCALAR_EVENT || ev->type == YAML_ALIAS_EVENT))
		st->top_items++;
	return ok;
}

void inv_scan(const char *buf, size_t len, uint64_t budget,
	      bool (*is_top_key)(const char *key), struct inv_scan *sc)
{
	struct scan_state *st = xcalloc(1, sizeof(*st));
	yaml_parser_t parser;
	yaml_event_t ev;
	bool more = true;

	memset(sc, 0, sizeof(*sc));
	st->sc = sc;
	st->is_top_key = is_top_key;
	st->budget = budget;
	if (!yaml_parser_initialize(&parser))
		die("out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (more) {
		if (!yaml_parser_parse(&parser, &ev)) {
			if (parser.error == YAML_MEMORY_ERROR)
				die("out of memory");
			sc->stop = INV_SCAN_SYNTAX;
			break;
		}
		more = scan_event(st, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	while (st->depth)
		free(st->stack[--st->depth].anchor);
	anchors_release(&st->anchors);
	free(st);
}

void inv_scan_release(struct inv_scan *sc)
{
	free(sc->alias);
	sc->alias = NULL;
}
