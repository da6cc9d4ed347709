/*
 * tmpl.h: Mustache templates over jansson values. Parse once, expand many
 * times; expansion is linear in the output.
 *
 * Conforms to the Mustache spec's modules interpolation, sections,
 * inverted, comments, partials and delimiters, standalone-line rules and
 * partial indentation included. Choices the spec leaves open:
 *   - HTML escaping is off unless TMPL_HTML_ESCAPE is given (config files
 *     are not HTML); {{{x}}} and {{&x}} are always raw.
 *   - Falsey (a section is skipped, an inverted section shown): a missing
 *     name, null, false, 0, 0.0, "", [] and {}. Everything else is truthy;
 *     a list runs its section once per element, any other value once with
 *     that value pushed on the context stack.
 *   - Interpolation: strings as they are, integers in decimal, reals in
 *     the shortest form that reads back exactly (1.210 -> "1.21"), true as
 *     "true", null and false as nothing, lists and objects as compact JSON.
 *   - A missing partial renders as nothing; partials may nest 64 deep,
 *     sections 1000 deep, and one expansion may visit at most 10,000,000
 *     tags and texts and write at most 16 MiB (a runaway template fails
 *     instead of hanging or filling memory; a 10,000-node slurm.conf needs
 *     well under 1 MiB). A template's source is at most 1 MiB.
 *
 * Errors carry "name:line:col" (1-based, bytes); inside a partial, the
 * partial's name is the file name.
 */
#ifndef CLUSTERCTL_TMPL_H
#define CLUSTERCTL_TMPL_H

#include "base/compat.h"

#include <jansson.h>

#include "base/diag.h"
#include "base/strbuf.h"

enum tmpl_flags {
	TMPL_HTML_ESCAPE = 1 << 0,	/* escape & " < > in {{x}} */
};

/*
 * Returns the NUL-terminated source of partial `name`, or NULL (renders as
 * empty). The returned pointer must stay valid until tmpl_expand() returns.
 */
typedef const char *(*tmpl_partial_fn)(void *cookie, const char *name);

struct tmpl;

/* The largest template source tmpl_parse() takes. */
#define TMPL_MAX_SOURCE (1UL << 20)

/*
 * Parses src (len bytes, NULs allowed only as text; at most
 * TMPL_MAX_SOURCE); `name` is used in
 * error messages ("name:line:col: unclosed section 'x' opened at 3:5").
 * Returns a new template (tmpl_free) or NULL with *cause set (newly
 * allocated; caller frees).
 */
struct tmpl *tmpl_parse(const char *src, size_t len, const char *name,
			char **cause);

/* As tmpl_parse(), the error going to dl with its location instead. */
struct tmpl *tmpl_parse_diag(const char *src, size_t len, const char *name,
			     struct diag_list *dl);

/*
 * Appends the expansion of t with context ctx (borrowed; may be NULL) to
 * out. partial may be NULL (no partials). Returns 0, or -1 with *cause set
 * (newly allocated; caller frees): a partial that does not parse, or
 * partials nested too deep. out may hold partial output on error.
 */
int tmpl_expand(const struct tmpl *t, json_t *ctx, tmpl_partial_fn partial,
		void *cookie, unsigned flags, struct strbuf *out, char **cause);

/*
 * As tmpl_expand(), the error going to dl: the error at its place in the
 * partial, then a note at each {{> name}} tag that led there.
 */
int tmpl_expand_diag(const struct tmpl *t, json_t *ctx, tmpl_partial_fn partial,
		     void *cookie, unsigned flags, struct strbuf *out,
		     struct diag_list *dl);

/* The name given to tmpl_parse() (borrowed). */
const char *tmpl_name(const struct tmpl *t);

void tmpl_free(struct tmpl *t);

#endif
