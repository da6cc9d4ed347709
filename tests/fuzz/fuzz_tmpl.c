/*
 * fuzz_tmpl.c: libFuzzer target for the Mustache engine: the input is
 * parsed as a template and, when it parses, expanded against a fixed JSON
 * context (nested objects, lists, every scalar type) with and without
 * HTML escaping. Partial "p" is a fixed template; partial "self" is the
 * input itself, so partial parsing, indentation and the nesting and step
 * limits get fuzzed too. No crash, leak, hang or ASan/UBSan report.
 */
#include "base/compat.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "render/tmpl.h"
#include "base/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char context_json[] =
	"{\"name\": \"gpu[01-16]\", \"n\": 3, \"r\": 1.21, \"t\": true, \"f\": false,"
	" \"z\": null, \"s\": \"<&\\\">\", \"empty\": [], \"obj\": {},"
	" \"nodes\": [{\"name\": \"a\", \"gpus\": [{\"type\": \"h100\", \"n\": 8}]},"
	"             {\"name\": \"b\", \"gpus\": []}],"
	" \"a\": {\"b\": {\"c\": \"deep\"}}}";

static const char partial_p[] =
	"[{{name}}{{#nodes}}\n  {{name}}:{{#gpus}}{{type}}x{{n}}{{/gpus}}\n{{/nodes}}]\n";

struct fuzz_partials {
	const char *self;
};

static const char *fuzz_partial(void *cookie, const char *name)
{
	struct fuzz_partials *fp = cookie;

	if (!strcmp(name, "p"))
		return partial_p;
	if (!strcmp(name, "self"))
		return fp->self;
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static json_t *ctx;
	struct fuzz_partials fp;
	struct strbuf out = STRBUF_INIT;
	char *cause = NULL, *self;
	struct tmpl *t;

	if (size > 4096)
		return 0;
	if (!ctx)
		ctx = json_loads(context_json, 0, NULL);	/* kept for the run */
	t = tmpl_parse((const char *)data, size, "fuzz", &cause);
	if (!t) {
		if (!cause)
			abort();
		free(cause);
		return 0;
	}
	self = xstrndup((const char *)data, size);
	fp.self = self;
	if (tmpl_expand(t, ctx, fuzz_partial, &fp, 0, &out, &cause))
		free(cause);
	strbuf_reset(&out);
	if (tmpl_expand(t, ctx, fuzz_partial, &fp, TMPL_HTML_ESCAPE, &out, &cause))
		free(cause);
	strbuf_release(&out);
	free(self);
	tmpl_free(t);
	return 0;
}
