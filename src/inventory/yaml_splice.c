/*
 * yaml_splice.c: one entry appended to a top-level YAML list by inserting
 * its text (yaml_splice.h). The shape of the list (where it is, how it is
 * written) comes from inventory_list_shape(); this file only turns that
 * into byte offsets and writes the new entry in the same style.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/die.h"
#include "inventory/inventory.h"
#include "inventory/model.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/yaml_splice.h"
#include "inventory/inventory_shape.h"

struct text {
	const char *buf;
	size_t len;
	const char *eol;	/* "\n" or "\r\n", as the file writes them */
};

/* What is being added, and where. */
struct splice {
	struct text t;
	const struct inventory_list_shape *sh;
	const char *key;
	const struct yaml_splice_field *fields;
	size_t n;
	size_t *order;		/* fields' indexes in the order to write */
	size_t n_order;
};

/* Byte offset of 0-based line/column (columns count characters). */
static size_t text_offset(const struct text *t, unsigned line, unsigned col)
{
	size_t off = 0;

	while (line && off < t->len) {
		const char *nl = memchr(t->buf + off, '\n', t->len - off);

		if (!nl)
			return t->len;
		off = (size_t)(nl - t->buf) + 1;
		line--;
	}
	while (col && off < t->len && t->buf[off] != '\n') {
		off++;
		while (off < t->len && ((unsigned char)t->buf[off] & 0xC0) == 0x80)
			off++;
		col--;
	}
	return off;
}

void yaml_splice_scalar(struct strbuf *sb, const char *s)
{
	static const char *const special[] = { "true", "false", "yes", "no", "on",
					       "off", "null", "y", "n" };
	const char *p;
	bool plain = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_';
	size_t i;

	for (p = s; plain && *p; p++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			       "0123456789_.-", *p) != NULL;
	for (i = 0; plain && i < ARRAY_SIZE(special); i++)
		plain = strcasecmp(s, special[i]) != 0;
	if (plain) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '"');
	for (p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '"');
}

void yaml_splice_item(struct strbuf *sb, const char *item)
{
	if (*item == '{')
		strbuf_addstr(sb, item);
	else
		yaml_splice_scalar(sb, item);
}

static void add_flow_list(struct strbuf *sb, const struct str_list *l)
{
	size_t i;

	strbuf_addch(sb, '[');
	for (i = 0; i < l->n; i++) {
		if (i)
			strbuf_addstr(sb, ", ");
		yaml_splice_item(sb, l->items[i]);
	}
	strbuf_addch(sb, ']');
}

static bool field_present(const struct yaml_splice_field *f)
{
	return f->scalar || (f->list && f->list->n);
}

static void add_field(struct strbuf *sb, const struct yaml_splice_field *f)
{
	strbuf_addf(sb, "%s: ", f->key);
	if (f->scalar)
		yaml_splice_scalar(sb, f->scalar);
	else
		add_flow_list(sb, f->list);
}

/*
 * The fields in the order the existing entries write them: keys the last
 * entry has come in its order, the rest after in the order given.
 */
static void field_order(struct splice *s)
{
	bool *used = xcalloc(s->n + 1, sizeof(*used));
	size_t i, f;

	s->order = xcalloc(s->n + 1, sizeof(*s->order));
	s->n_order = 0;
	for (i = 0; i < s->sh->n_keys; i++)
		for (f = 0; f < s->n; f++)
			if (!used[f] && !strcmp(s->sh->keys[i], s->fields[f].key) &&
			    field_present(&s->fields[f])) {
				used[f] = true;
				s->order[s->n_order++] = f;
			}
	for (f = 0; f < s->n; f++)
		if (!used[f] && field_present(&s->fields[f]))
			s->order[s->n_order++] = f;
	/* the first field (a name) stays first whatever the others do: it is how people scan */
	for (i = 1; i < s->n_order; i++)
		if (s->order[i] == 0) {
			memmove(&s->order[1], &s->order[0], i * sizeof(*s->order));
			s->order[0] = 0;
		}
	free(used);
}

static void render_flow_entry(struct strbuf *sb, const struct splice *s,
			      bool spaced)
{
	size_t i;

	strbuf_addstr(sb, spaced ? "{ " : "{");
	for (i = 0; i < s->n_order; i++) {
		if (i)
			strbuf_addstr(sb, ", ");
		add_field(sb, &s->fields[s->order[i]]);
	}
	strbuf_addstr(sb, spaced ? " }" : "}");
}

static void add_spaces(struct strbuf *sb, unsigned n)
{
	while (n--)
		strbuf_addch(sb, ' ');
}

/* "- name: x" then "  accounts: [...]" lines, keys at the entry's column. */
static void render_block_entry(struct strbuf *sb, const struct splice *s,
			       unsigned dash_col)
{
	unsigned key_col = s->sh->item_col > dash_col ? s->sh->item_col :
		dash_col + 2;
	size_t i;

	for (i = 0; i < s->n_order; i++) {
		if (i) {
			add_spaces(sb, key_col);
		} else {
			add_spaces(sb, dash_col);
			strbuf_addch(sb, '-');
			add_spaces(sb, key_col - dash_col - 1);
		}
		add_field(sb, &s->fields[s->order[i]]);
		strbuf_addstr(sb, s->t.eol);
	}
}

/* Whether the last item's flow mapping is written "{ a: b }" (spaced). */
static bool item_spaced(const struct splice *s)
{
	return s->t.buf[text_offset(&s->t, s->sh->item_line, s->sh->item_col) + 1] == ' ';
}

/* out = t with ins inserted at off, replacing del bytes. */
static void text_splice(struct strbuf *out, const struct text *t, size_t off,
			size_t del, const char *ins)
{
	strbuf_add(out, t->buf, off);
	strbuf_addstr(out, ins);
	strbuf_add(out, t->buf + off + del, t->len - off - del);
}

static void edit_block(struct strbuf *out, const struct splice *s)
{
	const struct text *t = &s->t;
	struct strbuf entry = STRBUF_INIT;
	size_t off = text_offset(t, s->sh->end_line, s->sh->end_col);
	const char *nl = memchr(t->buf + off, '\n', t->len - off);

	/* after the line where the last entry ends (its comment included) */
	if (nl) {
		off = (size_t)(nl - t->buf) + 1;
	} else {
		off = t->len;
		strbuf_addstr(&entry, t->eol);
	}
	if (s->sh->item_style == INVENTORY_ITEM_BLOCK_MAP) {
		render_block_entry(&entry, s, s->sh->value_col);
	} else {
		add_spaces(&entry, s->sh->value_col);
		strbuf_addstr(&entry, "- ");
		render_flow_entry(&entry, s, item_spaced(s));
		strbuf_addstr(&entry, t->eol);
	}
	text_splice(out, t, off, 0, entry.buf);
	strbuf_release(&entry);
}

static void edit_flow(struct strbuf *out, const struct splice *s)
{
	const struct text *t = &s->t;
	const struct inventory_list_shape *sh = s->sh;
	struct strbuf entry = STRBUF_INIT;
	size_t off;

	if (!sh->n_items) {
		/* "[]": the entry goes just before the closing bracket */
		off = text_offset(t, sh->value_end_line, sh->value_end_col);
		while (off > 0 && t->buf[off - 1] != ']')
			off--;
		off -= off > 0;
		render_flow_entry(&entry, s, false);
	} else {
		off = text_offset(t, sh->end_line, sh->end_col);
		if (sh->item_line != sh->prev_line) {
			strbuf_addf(&entry, ",%s", t->eol);
			add_spaces(&entry, sh->item_col);
		} else {
			strbuf_addstr(&entry, ", ");
		}
		render_flow_entry(&entry, s, item_spaced(s));
	}
	text_splice(out, t, off, 0, entry.buf);
	strbuf_release(&entry);
}

/* "key:" or "key: ~": the value becomes a block list of the entry. */
static void edit_null(struct strbuf *out, const struct splice *s)
{
	const struct text *t = &s->t;
	struct strbuf entry = STRBUF_INIT;
	size_t start = text_offset(t, s->sh->value_line, s->sh->value_col);
	size_t end = text_offset(t, s->sh->value_end_line, s->sh->value_end_col);

	strbuf_addstr(&entry, t->eol);
	add_spaces(&entry, s->sh->key_col + 2);
	strbuf_addstr(&entry, "- ");
	render_flow_entry(&entry, s, false);
	while (start > 0 && t->buf[start - 1] == ' ')
		start--;
	text_splice(out, t, start, end - start, entry.buf);
	strbuf_release(&entry);
}

/* No such key: "key:" and the entry at the end of the file. */
static void edit_absent(struct strbuf *out, const struct splice *s)
{
	const struct text *t = &s->t;
	struct strbuf entry = STRBUF_INIT;

	if (t->len && t->buf[t->len - 1] != '\n')
		strbuf_addstr(&entry, t->eol);
	strbuf_addf(&entry, "%s:%s  - ", s->key, t->eol);
	render_flow_entry(&entry, s, false);
	strbuf_addstr(&entry, t->eol);
	text_splice(out, t, t->len, 0, entry.buf);
	strbuf_release(&entry);
}

int yaml_splice_append(const char *buf, size_t len, const char *key,
		       const struct yaml_splice_field *fields, size_t n,
		       struct strbuf *out, char **cause)
{
	struct inventory_list_shape sh;
	struct splice s = {
		{ buf, len, memmem(buf, len, "\r\n", 2) ? "\r\n" : "\n" },
		&sh, key, fields, n, NULL, 0,
	};

	if (!n)
		BUG("yaml_splice_append: an entry of no fields");
	if (inventory_list_shape(buf, len, key, &sh, cause))
		return -1;
	field_order(&s);
	switch (sh.style) {
	case INVENTORY_LIST_BLOCK:
		edit_block(out, &s);
		break;
	case INVENTORY_LIST_FLOW:
		edit_flow(out, &s);
		break;
	case INVENTORY_LIST_NULL:
		edit_null(out, &s);
		break;
	case INVENTORY_LIST_ABSENT:
		edit_absent(out, &s);
		break;
	}
	free(s.order);
	return 0;
}
