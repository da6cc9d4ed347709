/*
 * tmpl.c: a Mustache engine over jansson values, for the configuration
 * templates (slurm.conf, gres.conf, ...) and "clusterctl template".
 *
 * A template is parsed once into a flat array of nodes; a section is
 * followed by its children and records where they end, so expansion is a
 * loop over the array with one recursion per section level and no
 * allocation beyond the output. Standalone lines (a section, comment,
 * partial or delimiter tag alone on its line) are removed at parse time.
 * Partials are fetched through a callback at expansion time and parsed
 * once per expansion for each distinct (name, indentation): the spec
 * indents every line of a standalone partial's source before rendering,
 * which is exactly what parsing the indented source gives.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/tmpl.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "base/strbuf.h"

/* Section nesting, checked at parse time: expansion recurses once per level. */
#define TMPL_MAX_SECTION_DEPTH 1000
#define TMPL_MAX_PARTIAL_DEPTH 64
/*
 * Node visits and output per expansion: a runaway template fails, not
 * hangs or fills memory (a 10,000-node slurm.conf is under 1 MiB).
 */
#define TMPL_MAX_STEPS 10000000UL
#define TMPL_MAX_OUTPUT (16UL << 20)

enum tn_kind { TN_TEXT, TN_VAR, TN_RAW, TN_SECTION, TN_INVERTED, TN_PARTIAL };

struct tn {
	enum tn_kind kind;
	unsigned line, col;	/* of the tag */
	size_t off, len;	/* TEXT: its bytes in src; PARTIAL: indentation */
	size_t name_off, name_len;	/* tags: the name as written, in src */
	size_t path, npath;	/* tags: name components in comps; 0 = "." */
	size_t end;		/* sections: index of the first node after it */
};

struct tmpl {
	char *name;
	char *src;		/* owned copy, NUL-terminated */
	size_t len;
	struct tn *nodes;
	size_t n, alloc;
	char **comps;		/* dotted-name components, partial names */
	size_t ncomps, alloc_comps;
	unsigned col_shift;	/* indentation added to every line (partials) */
};

/* ---- parsing ---- */

struct tp {
	struct tmpl *t;
	struct diag_list *dl;
	const char *s;
	size_t len, pos;
	bool at_line_start;	/* pos starts a line (start, or after a removed line) */
	/* line counting: line number of lc and where lc's line starts */
	size_t lc, lc_line_start;
	unsigned line;
	/* delimiters: substrings of s, or the defaults */
	const char *open, *close;
	size_t open_len, close_len;
	struct strbuf triple_end, set_end;	/* "}" + close, "=" + close */
	size_t *stack;		/* open section node indices */
	size_t depth, alloc_stack;
};

static void tp_count_to(struct tp *p, size_t to, unsigned *line, unsigned *col)
{
	while (p->lc < to) {
		const char *nl = memchr(p->s + p->lc, '\n', to - p->lc);

		if (!nl) {
			p->lc = to;
			break;
		}
		p->line++;
		p->lc = p->lc_line_start = (size_t)(nl - p->s) + 1;
	}
	*line = p->line;
	*col = (unsigned)(to - p->lc_line_start) + 1;
}

static int tp_fail_at(struct tp *p, size_t at, const char *fmt, ...)
	ATTR_PRINTF(3, 4);

static int tp_fail_at(struct tp *p, size_t at, const char *fmt, ...)
{
	struct src_loc loc = { p->t->name, 0, 0 };
	va_list ap;
	char *msg;

	tp_count_to(p, at, &loc.line, &loc.col);
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_error(p->dl, &loc, "%s", msg);
	free(msg);
	return -1;
}

static void tp_set_delims(struct tp *p, const char *open, size_t open_len,
			  const char *close, size_t close_len)
{
	p->open = open;
	p->open_len = open_len;
	p->close = close;
	p->close_len = close_len;
	strbuf_reset(&p->triple_end);
	strbuf_addch(&p->triple_end, '}');
	strbuf_add(&p->triple_end, close, close_len);
	strbuf_reset(&p->set_end);
	strbuf_addch(&p->set_end, '=');
	strbuf_add(&p->set_end, close, close_len);
}

static bool tp_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool tp_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static struct tn *tp_add(struct tp *p, enum tn_kind kind)
{
	struct tmpl *t = p->t;
	struct tn *nd;

	XGROW(t->nodes, t->alloc, t->n + 1);
	nd = &t->nodes[t->n++];
	memset(nd, 0, sizeof(*nd));
	nd->kind = kind;
	return nd;
}

/* Adds text [from, to) that starts at line:col. */
static void tp_add_text(struct tp *p, size_t from, size_t to, unsigned line,
			unsigned col)
{
	struct tn *nd;

	if (from >= to)
		return;
	nd = tp_add(p, TN_TEXT);
	nd->off = from;
	nd->len = to - from;
	nd->line = line;
	nd->col = col;
}

static size_t tp_add_comp(struct tmpl *t, const char *s, size_t len)
{
	XGROW(t->comps, t->alloc_comps, t->ncomps + 1);
	t->comps[t->ncomps] = xstrndup(s, len);
	return t->ncomps++;
}

/* A parsed tag: its type character and trimmed content, and where it ends. */
struct tp_tag {
	char type;		/* one of {&#^/>!= or 0 for a plain variable */
	size_t start, end;	/* the whole tag, delimiters included */
	size_t c_off, c_len;	/* content, trimmed */
	unsigned line, col;
};

static const char *tp_find(const struct tp *p, size_t from, const char *needle,
			   size_t nlen)
{
	return memmem(p->s + from, p->len - from, needle, nlen);
}

/* Reads the tag that starts at p->s[o] (an opening delimiter). */
static int tp_read_tag(struct tp *p, size_t o, struct tp_tag *tag)
{
	size_t c = o + p->open_len;
	const char *end;
	size_t end_len = p->close_len;

	tp_count_to(p, o, &tag->line, &tag->col);
	tag->start = o;
	tag->type = c < p->len && p->s[c] && strchr("{&#^/>!=", p->s[c]) ?
		    p->s[c] : 0;
	if (tag->type)
		c++;
	if (tag->type == '{') {
		end = tp_find(p, c, p->triple_end.buf, p->triple_end.len);
		end_len = p->triple_end.len;
	} else if (tag->type == '=') {
		end = tp_find(p, c, p->set_end.buf, p->set_end.len);
		end_len = p->set_end.len;
	} else {
		end = tp_find(p, c, p->close, p->close_len);
	}
	if (!end)
		return tp_fail_at(p, o, "tag '%.*s' is never closed",
				  (int)p->open_len, p->open);
	tag->end = (size_t)(end - p->s) + end_len;
	while (c < (size_t)(end - p->s) && tp_is_space(p->s[c]))
		c++;
	tag->c_off = c;
	tag->c_len = (size_t)(end - p->s) - c;
	while (tag->c_len && tp_is_space(p->s[c + tag->c_len - 1]))
		tag->c_len--;
	return 0;
}

/*
 * A tag other than a variable is standalone when only blanks share its
 * line: the line then disappears from the output, and for a partial the
 * leading blanks become its indentation. Sets *ls to the line's start and
 * *next to where scanning resumes (after the line's end).
 */
static bool tp_standalone(const struct tp *p, const struct tp_tag *tag,
			  size_t *ls, size_t *next)
{
	const char *s = p->s;
	size_t i, e;

	if (!tag->type || tag->type == '{' || tag->type == '&')
		return false;
	for (i = tag->start; i > p->pos && s[i - 1] != '\n'; i--)
		if (!tp_is_blank(s[i - 1]))
			return false;
	if (i == p->pos && !p->at_line_start)
		return false;
	for (e = tag->end; e < p->len && tp_is_blank(s[e]); e++)
		;
	if (e < p->len && s[e] == '\r' && e + 1 < p->len && s[e + 1] == '\n')
		e++;
	if (e < p->len && s[e] != '\n')
		return false;
	*ls = i;
	*next = e < p->len ? e + 1 : e;
	return true;
}

/* Splits a dotted name into components; "." alone means the current context. */
static int tp_name(struct tp *p, const struct tp_tag *tag, struct tn *nd)
{
	const char *name = p->s + tag->c_off;
	size_t len = tag->c_len, i, start = 0;

	nd->name_off = tag->c_off;
	nd->name_len = len;
	nd->path = p->t->ncomps;
	nd->npath = 0;
	if (!len)
		return tp_fail_at(p, tag->start, "empty tag");
	for (i = 0; i < len; i++)
		if (tp_is_space(name[i]))
			return tp_fail_at(p, tag->start, "bad name '%.*s' (blank inside)",
					  (int)len, name);
	if (len == 1 && name[0] == '.')
		return 0;
	for (i = 0; i <= len; i++) {
		if (i < len && name[i] != '.')
			continue;
		if (i == start)
			return tp_fail_at(p, tag->start, "bad name '%.*s' (empty part)",
					  (int)len, name);
		tp_add_comp(p->t, name + start, i - start);
		nd->npath++;
		start = i + 1;
	}
	return 0;
}

static int tp_set_delimiters(struct tp *p, const struct tp_tag *tag)
{
	const char *c = p->s + tag->c_off;
	size_t len = tag->c_len, a = 0, b;

	while (a < len && !tp_is_space(c[a]))
		a++;
	for (b = a; b < len && tp_is_space(c[b]); b++)
		;
	if (!a || b == a || b == len || memchr(c + b, ' ', len - b) || memchr(c + b, '\t', len - b) ||
	    memchr(c + b, '\n', len - b) || memchr(c + b, '\r', len - b))
		return tp_fail_at(p, tag->start,
				  "bad delimiters '%.*s': want two words",
				  (int)len, c);
	tp_set_delims(p, c, a, c + b, len - b);
	return 0;
}

static int tp_open_section(struct tp *p, const struct tp_tag *tag)
{
	struct tn *nd = tp_add(p, tag->type == '#' ? TN_SECTION : TN_INVERTED);

	nd->line = tag->line;
	nd->col = tag->col;
	if (tp_name(p, tag, nd))
		return -1;
	if (p->depth == TMPL_MAX_SECTION_DEPTH)
		return tp_fail_at(p, tag->start, "sections nested deeper than %d",
				  TMPL_MAX_SECTION_DEPTH);
	XGROW(p->stack, p->alloc_stack, p->depth + 1);
	p->stack[p->depth++] = p->t->n - 1;
	return 0;
}

static int tp_close_section(struct tp *p, const struct tp_tag *tag)
{
	const char *name = p->s + tag->c_off;
	struct tn *open;

	if (!p->depth)
		return tp_fail_at(p, tag->start,
				  "closing tag '%.*s' without an open section",
				  (int)tag->c_len, name);
	open = &p->t->nodes[p->stack[p->depth - 1]];
	if (open->name_len != tag->c_len ||
	    memcmp(p->s + open->name_off, name, tag->c_len))
		return tp_fail_at(p, tag->start,
				  "mismatched closing tag '%.*s': section '%.*s' "
				  "opened at %u:%u is still open",
				  (int)tag->c_len, name, (int)open->name_len,
				  p->s + open->name_off, open->line, open->col);
	open->end = p->t->n;
	p->depth--;
	return 0;
}

static int tp_partial(struct tp *p, const struct tp_tag *tag, size_t ls,
		      bool standalone)
{
	struct tn *nd = tp_add(p, TN_PARTIAL);
	size_t i;

	nd->line = tag->line;
	nd->col = tag->col;
	nd->name_off = tag->c_off;
	nd->name_len = tag->c_len;
	if (standalone) {
		nd->off = ls;
		nd->len = tag->start - ls;
	}
	if (!tag->c_len)
		return tp_fail_at(p, tag->start, "empty partial name");
	for (i = 0; i < tag->c_len; i++)
		if (tp_is_space(p->s[tag->c_off + i]))
			return tp_fail_at(p, tag->start,
					  "bad partial name '%.*s' (blank inside)",
					  (int)tag->c_len, p->s + tag->c_off);
	nd->path = tp_add_comp(p->t, p->s + tag->c_off, tag->c_len);
	nd->npath = 1;
	return 0;
}

static int tp_handle(struct tp *p, const struct tp_tag *tag, size_t ls,
		     bool standalone)
{
	struct tn *nd;

	switch (tag->type) {
	case '!':
		return 0;
	case '=':
		return tp_set_delimiters(p, tag);
	case '#':
	case '^':
		return tp_open_section(p, tag);
	case '/':
		return tp_close_section(p, tag);
	case '>':
		return tp_partial(p, tag, ls, standalone);
	default:
		nd = tp_add(p, tag->type ? TN_RAW : TN_VAR);
		nd->line = tag->line;
		nd->col = tag->col;
		return tp_name(p, tag, nd);
	}
}

/* Parses the template; 0, or -1 with the error in p->dl. */
static int tp_run(struct tp *p)
{
	while (p->pos < p->len) {
		const char *o = tp_find(p, p->pos, p->open, p->open_len);
		struct tp_tag tag;
		size_t ls = 0, next = 0;
		unsigned line, col;
		bool standalone;

		tp_count_to(p, p->pos, &line, &col);
		if (!o) {
			tp_add_text(p, p->pos, p->len, line, col);
			break;
		}
		if (tp_read_tag(p, (size_t)(o - p->s), &tag))
			return -1;
		standalone = tp_standalone(p, &tag, &ls, &next);
		tp_add_text(p, p->pos, standalone ? ls : tag.start, line, col);
		p->pos = standalone ? next : tag.end;
		p->at_line_start = standalone;
		if (tp_handle(p, &tag, ls, standalone))
			return -1;
	}
	if (p->depth) {
		const struct tn *open = &p->t->nodes[p->stack[p->depth - 1]];

		return tp_fail_at(p, p->len, "unclosed section '%.*s' opened at %u:%u",
				  (int)open->name_len, p->s + open->name_off,
				  open->line, open->col);
	}
	return 0;
}

struct tmpl *tmpl_parse_diag(const char *src, size_t len, const char *name,
			     struct diag_list *dl)
{
	struct tmpl *t;
	struct tp p;
	int ret;

	if (len > TMPL_MAX_SOURCE) {
		struct src_loc loc = { name ? name : "template", 1, 1 };

		/* its parse takes some 150 bytes a tag */
		diag_error(dl, &loc, "template is larger than %lu MiB",
			   TMPL_MAX_SOURCE >> 20);
		return NULL;
	}
	t = xcalloc(1, sizeof(*t));
	t->name = xstrdup(name ? name : "template");
	t->src = xmalloc(len + 1);
	if (len)
		memcpy(t->src, src, len);
	t->src[len] = '\0';
	t->len = len;
	memset(&p, 0, sizeof(p));
	p.t = t;
	p.dl = dl;
	p.s = t->src;
	p.len = len;
	p.at_line_start = true;
	p.line = 1;
	strbuf_init(&p.triple_end);
	strbuf_init(&p.set_end);
	tp_set_delims(&p, "{{", 2, "}}", 2);
	ret = tp_run(&p);
	strbuf_release(&p.triple_end);
	strbuf_release(&p.set_end);
	free(p.stack);
	if (ret) {
		tmpl_free(t);
		return NULL;
	}
	return t;
}

/* "file:line:col: msg", then " (note at file:line:col)" for each note. */
static char *tmpl_format_diags(const struct diag_list *dl)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < dl->n; i++) {
		const struct diag *d = &dl->items[i];

		/* Every diagnostic of this file has a location. */
		if (i)
			strbuf_addf(&sb, " (%s at %s:%u:%u)", d->msg, d->loc.file,
				    d->loc.line, d->loc.col);
		else
			strbuf_addf(&sb, "%s:%u:%u: %s", d->loc.file, d->loc.line,
				    d->loc.col, d->msg);
	}
	return strbuf_detach(&sb, NULL);
}

struct tmpl *tmpl_parse(const char *src, size_t len, const char *name,
			char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct tmpl *t = tmpl_parse_diag(src, len, name, &dl);

	*cause = t ? NULL : tmpl_format_diags(&dl);
	diag_release(&dl);
	return t;
}

const char *tmpl_name(const struct tmpl *t)
{
	return t->name;
}

void tmpl_free(struct tmpl *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->ncomps; i++)
		free(t->comps[i]);
	free(t->comps);
	free(t->nodes);
	free(t->src);
	free(t->name);
	free(t);
}

/* ---- expansion ---- */

/* A partial parsed for one indentation; t NULL when the callback had none. */
struct tx_partial {
	char *name, *indent;
	struct tmpl *t;
};

struct tx {
	json_t **stack;		/* context stack, borrowed values */
	size_t depth, alloc;
	tmpl_partial_fn partial;
	void *cookie;
	unsigned flags;
	struct strbuf *out;
	struct diag_list *dl;
	struct tx_partial *cache;
	size_t ncache, alloc_cache;
	unsigned nesting;	/* partials being expanded */
	unsigned long steps;
	size_t out_limit;	/* out->len beyond which expansion stops */
	bool trace;		/* failing: note each {{> }} on the way out */
};

static int tx_run(struct tx *x, const struct tmpl *t, size_t from, size_t to);

static void tx_push(struct tx *x, json_t *v)
{
	XGROW(x->stack, x->alloc, x->depth + 1);
	x->stack[x->depth++] = v;
}

/*
 * Resolves a name: its first part in the innermost context that has it,
 * the other parts inside that value only (the spec's dotted names).
 */
static json_t *tx_lookup(const struct tx *x, const struct tmpl *t,
			 const struct tn *nd)
{
	json_t *v = NULL;
	size_t i;

	if (!nd->npath)
		return x->depth ? x->stack[x->depth - 1] : NULL;
	for (i = x->depth; i-- > 0 && !v;)
		if (json_is_object(x->stack[i]))
			v = json_object_get(x->stack[i], t->comps[nd->path]);
	for (i = 1; v && i < nd->npath; i++)
		v = json_is_object(v) ? json_object_get(v, t->comps[nd->path + i]) :
					NULL;
	return v;
}

static bool tx_truthy(const json_t *v)
{
	if (!v)
		return false;
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return json_object_size(v) > 0;
	case JSON_ARRAY:
		return json_array_size(v) > 0;
	case JSON_STRING:
		return json_string_length(v) > 0;
	case JSON_INTEGER:
		return json_integer_value(v) != 0;
	case JSON_REAL:
		return json_real_value(v) != 0.0;
	case JSON_TRUE:
		return true;
	default:
		return false;
	}
}

static void tx_add_escaped(struct strbuf *out, const char *s, size_t len)
{
	size_t i, run = 0;

	for (i = 0; i < len; i++) {
		const char *rep;

		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '"': rep = "&quot;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		default: continue;
		}
		strbuf_add(out, s + run, i - run);
		strbuf_addstr(out, rep);
		run = i + 1;
	}
	strbuf_add(out, s + run, len - run);
}

/* Decimal digits of v into the end of buf; returns where they start. */
static char *tx_format_int(char *end, json_int_t v)
{
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v :
				       (unsigned long long)v;
	char *p = end;

	/* By hand: snprintf was a sixth of the time of a node-per-line file. */
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	return p;
}

/* The shortest decimal form that reads back as d; whole numbers without ".0". */
static void tx_format_real(char *buf, size_t size, double d)
{
	int prec;

	if (d == 0.0) {
		snprintf(buf, size, "0");
		return;
	}
	if (d == (double)(long long)d && d > -1e17 && d < 1e17) {
		snprintf(buf, size, "%lld", (long long)d);
		return;
	}
	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, size, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			return;
	}
	snprintf(buf, size, "%.17g", d);
}

static void tx_interpolate(struct tx *x, const json_t *v, bool escape)
{
	char buf[64];
	const char *s = buf;
	size_t len;
	char *dump = NULL;

	switch (v ? json_typeof(v) : JSON_NULL) {
	case JSON_STRING:
		s = json_string_value(v);
		len = json_string_length(v);
		break;
	case JSON_INTEGER:
		s = tx_format_int(buf + sizeof(buf), json_integer_value(v));
		len = (size_t)(buf + sizeof(buf) - s);
		break;
	case JSON_REAL:
		tx_format_real(buf, sizeof(buf), json_real_value(v));
		len = strlen(buf);
		break;
	case JSON_TRUE:
		s = "true";
		len = 4;
		break;
	case JSON_OBJECT:
	case JSON_ARRAY:
		s = dump = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		len = dump ? strlen(dump) : 0;
		break;
	default:
		return;		/* null, false: nothing */
	}
	if (escape)
		tx_add_escaped(x->out, s, len);
	else
		strbuf_add(x->out, s, len);
	free(dump);
}

static int tx_section(struct tx *x, const struct tmpl *t, size_t i)
{
	const struct tn *nd = &t->nodes[i];
	json_t *v = tx_lookup(x, t, nd);
	size_t k;
	int ret = 0;

	if (nd->kind == TN_INVERTED)
		return tx_truthy(v) ? 0 : tx_run(x, t, i + 1, nd->end);
	if (!tx_truthy(v))
		return 0;
	if (!json_is_array(v)) {
		tx_push(x, v);
		ret = tx_run(x, t, i + 1, nd->end);
		x->depth--;
		return ret;
	}
	for (k = 0; k < json_array_size(v) && !ret; k++) {
		tx_push(x, json_array_get(v, k));
		ret = tx_run(x, t, i + 1, nd->end);
		x->depth--;
	}
	return ret;
}

/* The partial's source with indent put before every line. */
static char *tx_indent(const char *src, const char *indent, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = src;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);

		strbuf_addstr(&sb, indent);
		strbuf_add(&sb, p, n);
		p += n;
	}
	return strbuf_detach(&sb, len);
}

static struct tmpl *tx_parse_partial(struct tx *x, const char *name,
				     const char *indent, const char *src)
{
	struct tmpl *t = tmpl_parse_diag(src, strlen(src), name, x->dl);
	char *indented;
	size_t len;

	if (!t || !*indent)
		return t;
	/* Errors were reported against the source as written; now indent it. */
	tmpl_free(t);
	indented = tx_indent(src, indent, &len);
	t = tmpl_parse_diag(indented, len, name, x->dl);
	free(indented);
	if (t)
		t->col_shift = (unsigned)strlen(indent);
	return t;
}

/* Finds or parses the partial of node nd; -1 if it does not parse. */
static int tx_get_partial(struct tx *x, const struct tmpl *t,
			  const struct tn *nd, struct tmpl **out)
{
	const char *name = t->comps[nd->path], *indent = t->src + nd->off;
	struct tx_partial *c;
	const char *src;
	size_t i;

	/* Linear: a template uses a handful of (partial, indentation) pairs. */
	for (i = 0; i < x->ncache; i++) {
		c = &x->cache[i];
		if (!strcmp(c->name, name) && strlen(c->indent) == nd->len &&
		    !memcmp(c->indent, indent, nd->len)) {
			*out = c->t;
			return 0;
		}
	}
	XGROW(x->cache, x->alloc_cache, x->ncache + 1);
	c = &x->cache[x->ncache];
	c->indent = xstrndup(indent, nd->len);
	src = x->partial ? x->partial(x->cookie, name) : NULL;
	*out = src ? tx_parse_partial(x, name, c->indent, src) : NULL;
	if (src && !*out) {
		free(c->indent);
		return -1;
	}
	c->name = xstrdup(name);
	c->t = *out;
	x->ncache++;
	return 0;
}

static int tx_partial(struct tx *x, const struct tmpl *t, size_t i)
{
	const struct tn *nd = &t->nodes[i];
	struct src_loc loc = { t->name, nd->line, nd->col - t->col_shift };
	const char *name = t->comps[nd->path];
	struct tmpl *pt;
	int ret;

	if (x->nesting == TMPL_MAX_PARTIAL_DEPTH) {
		/* Recursion without end: one error, not a note per level. */
		diag_error(x->dl, &loc, "partial '%s' nested deeper than %d",
			   name, TMPL_MAX_PARTIAL_DEPTH);
		return -1;
	}
	if (tx_get_partial(x, t, nd, &pt)) {
		x->trace = true;
		diag_note(x->dl, &loc, "partial '%s' included here", name);
		return -1;
	}
	if (!pt)
		return 0;
	x->nesting++;
	ret = tx_run(x, pt, 0, pt->n);
	x->nesting--;
	if (ret && x->trace)
		diag_note(x->dl, &loc, "partial '%s' included here", name);
	return ret;
}

static int tx_runaway(struct tx *x, const struct tmpl *t, const struct tn *nd)
{
	struct src_loc loc = { t->name, nd->line, nd->col - t->col_shift };

	if (x->steps > TMPL_MAX_STEPS)
		diag_error(x->dl, &loc,
			   "expansion takes more than %lu steps (runaway nesting?)",
			   TMPL_MAX_STEPS);
	else
		diag_error(x->dl, &loc,
			   "expansion is larger than %lu MiB (runaway nesting?)",
			   TMPL_MAX_OUTPUT >> 20);
	return -1;
}

static int tx_run(struct tx *x, const struct tmpl *t, size_t from, size_t to)
{
	size_t i = from;

	while (i < to) {
		const struct tn *nd = &t->nodes[i];

		if (++x->steps > TMPL_MAX_STEPS || x->out->len > x->out_limit)
			return tx_runaway(x, t, nd);
		switch (nd->kind) {
		case TN_TEXT:
			strbuf_add(x->out, t->src + nd->off, nd->len);
			break;
		case TN_VAR:
		case TN_RAW:
			tx_interpolate(x, tx_lookup(x, t, nd),
				       nd->kind == TN_VAR &&
				       (x->flags & TMPL_HTML_ESCAPE));
			break;
		case TN_SECTION:
		case TN_INVERTED:
			if (tx_section(x, t, i))
				return -1;
			i = nd->end;
			continue;
		case TN_PARTIAL:
			if (tx_partial(x, t, i))
				return -1;
			break;
		}
		i++;
	}
	return 0;
}

int tmpl_expand_diag(const struct tmpl *t, json_t *ctx, tmpl_partial_fn partial,
		     void *cookie, unsigned flags, struct strbuf *out,
		     struct diag_list *dl)
{
	struct tx x;
	size_t i;
	int ret;

	memset(&x, 0, sizeof(x));
	x.partial = partial;
	x.cookie = cookie;
	x.flags = flags;
	x.out = out;
	x.out_limit = out->len + TMPL_MAX_OUTPUT;
	x.dl = dl;
	if (ctx)
		tx_push(&x, ctx);
	ret = tx_run(&x, t, 0, t->n);
	for (i = 0; i < x.ncache; i++) {
		free(x.cache[i].name);
		free(x.cache[i].indent);
		tmpl_free(x.cache[i].t);
	}
	free(x.cache);
	free(x.stack);
	return ret;
}

int tmpl_expand(const struct tmpl *t, json_t *ctx, tmpl_partial_fn partial,
		void *cookie, unsigned flags, struct strbuf *out, char **cause)
{
	struct diag_list dl = DIAG_LIST_INIT;
	int ret = tmpl_expand_diag(t, ctx, partial, cookie, flags, out, &dl);

	*cause = ret ? tmpl_format_diags(&dl) : NULL;
	diag_release(&dl);
	return ret;
}
