/*
 * inventory_shape.c: where a top-level list is written in an inventory's
 * text (block or flow, its last item and that item's keys), so that
 * add-user can append to the file in place and keep its layout and
 * comments, which a load-and-dump would lose. Reads libyaml's document
 * marks; builds no model.
 */
#include "base/compat.h"

#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "base/die.h"
#include "inventory/inventory_scan.h"
#include "base/xalloc.h"
#include "inventory/inventory_node.h"
#include "inventory/inventory_shape.h"

/* The furthest end mark below n: where its written content stops. */
static yaml_mark_t content_end(yaml_document_t *doc, yaml_node_t *n,
			       unsigned depth)
{
	yaml_mark_t end = n->end_mark, e;
	yaml_node_item_t *it;
	yaml_node_pair_t *p;

	if (depth > MAX_DEPTH)
		return end;
	if (n->type == YAML_SEQUENCE_NODE) {
		for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
			e = content_end(doc, yaml_document_get_node(doc, *it), depth + 1);
			if (e.index > end.index || n->data.sequence.style == YAML_BLOCK_SEQUENCE_STYLE)
				end = e;
		}
	} else if (n->type == YAML_MAPPING_NODE) {
		for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
			e = content_end(doc, yaml_document_get_node(doc, p->value), depth + 1);
			if (e.index > end.index || n->data.mapping.style == YAML_BLOCK_MAPPING_STYLE)
				end = e;
		}
	}
	return end;
}

static void shape_items(yaml_document_t *doc, yaml_node_t *seq,
			struct inventory_list_shape *out)
{
	yaml_node_item_t *first = seq->data.sequence.items.start;
	yaml_node_item_t *last = seq->data.sequence.items.top - 1;
	yaml_node_t *item;
	yaml_node_pair_t *p;
	yaml_mark_t end;

	out->n_items = (size_t)(seq->data.sequence.items.top - first);
	out->prev_line = (unsigned)seq->start_mark.line;
	if (!out->n_items)
		return;
	if (out->n_items > 1)
		out->prev_line = (unsigned)yaml_document_get_node(doc, last[-1])->start_mark.line;
	item = yaml_document_get_node(doc, *last);
	out->item_line = (unsigned)item->start_mark.line;
	out->item_col = (unsigned)item->start_mark.column;
	end = content_end(doc, item, 0);
	out->end_line = (unsigned)end.line;
	out->end_col = (unsigned)end.column;
	out->item_style = INVENTORY_ITEM_OTHER;
	if (item->type != YAML_MAPPING_NODE)
		return;
	out->item_style = item->data.mapping.style == YAML_FLOW_MAPPING_STYLE ?
				  INVENTORY_ITEM_FLOW_MAP : INVENTORY_ITEM_BLOCK_MAP;
	for (p = item->data.mapping.pairs.start;
	     p < item->data.mapping.pairs.top && out->n_keys < INVENTORY_SHAPE_KEYS; p++) {
		const char *k = inv_key_str(yaml_document_get_node(doc, p->key));

		if (k)
			snprintf(out->keys[out->n_keys++], sizeof(out->keys[0]), "%s", k);
	}
}

static void shape_value(yaml_document_t *doc, yaml_node_t *k, yaml_node_t *v,
			struct inventory_list_shape *out)
{
	out->key_line = (unsigned)k->start_mark.line;
	out->key_col = (unsigned)k->start_mark.column;
	out->value_line = (unsigned)v->start_mark.line;
	out->value_col = (unsigned)v->start_mark.column;
	out->value_end_line = (unsigned)v->end_mark.line;
	out->value_end_col = (unsigned)v->end_mark.column;
	if (v->type != YAML_SEQUENCE_NODE) {
		out->style = INVENTORY_LIST_NULL;
		return;
	}
	out->style = v->data.sequence.style == YAML_FLOW_SEQUENCE_STYLE ?
			     INVENTORY_LIST_FLOW : INVENTORY_LIST_BLOCK;
	shape_items(doc, v, out);
}

int inventory_list_shape(const char *buf, size_t len, const char *key,
			 struct inventory_list_shape *out, char **cause)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root, *v;
	yaml_node_pair_t *p;
	struct inv_scan sc;
	int r = -1;

	memset(out, 0, sizeof(*out));
	*cause = NULL;
	/* what the loader refuses, for the loader's reasons (inventory_scan.h) */
	inv_scan(buf, len, inv_scan_budget(len), NULL, &sc);
	inv_scan_release(&sc);
	if (sc.stop == INV_SCAN_DEEP || sc.stop == INV_SCAN_NODES ||
	    sc.stop == INV_SCAN_CYCLE) {
		*cause = xasprintf("the inventory is %s at line %zu",
				   sc.stop == INV_SCAN_DEEP ? "nested too deep" :
				   "too large", sc.mark.line + 1);
		return -1;
	}
	if (!yaml_parser_initialize(&parser))
		die("out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&parser, &doc)) {
		*cause = xasprintf("%s at line %zu", parser.problem ? parser.problem :
				   "invalid YAML", parser.problem_mark.line + 1);
		goto out_parser;
	}
	root = yaml_document_get_root_node(&doc);
	if (!root || root->type != YAML_MAPPING_NODE) {
		*cause = xstrdup("the top level is not a mapping");
		goto out;
	}
	out->style = INVENTORY_LIST_ABSENT;
	for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&doc, p->key);
		const char *ks = inv_key_str(k);

		if (!ks || strcmp(ks, key))
			continue;
		v = yaml_document_get_node(&doc, p->value);
		if (v->type == YAML_MAPPING_NODE || (v->type == YAML_SCALAR_NODE &&
						     !inv_node_is_null(v))) {
			*cause = xasprintf("'%s' is not a list", key);
			goto out;
		}
		shape_value(&doc, k, v, out);
		break;
	}
	r = 0;
out:
	yaml_document_delete(&doc);
out_parser:
	yaml_parser_delete(&parser);
	return r;
}
