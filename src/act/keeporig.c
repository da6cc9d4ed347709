/*
 * keeporig.c: a copy of each site file apply replaces, kept once as
 * FILE.clusterctl-orig (keeporig.h).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "act/keeporig.h"
#include "render/render.h"
#include "base/xalloc.h"
#include "transport/transport_exec.h"
#include "base/strbuf.h"
#include "observe/obs.h"

bool keeporig_wanted(const struct plan *p, const struct plan_file *f)
{
	const struct obs_file *o;
	const char *bytes = NULL;
	size_t len = 0;

	if (f->want->secret || (f->change != PLAN_MODIFY &&
				f->change != PLAN_FIX && f->change != PLAN_REMOVE))
		return false;
	o = obs_find(&p->obs[f->host], f->want->path);
	if (!o || !o->exists)
		return false;
	if (o->bytes) {
		bytes = o->bytes;
		len = o->len;
	} else if (o->matches && f->want->blob != SIZE_MAX) {
		bytes = p->rs->blobs[f->want->blob].bytes;
		len = p->rs->blobs[f->want->blob].len;
	}
	/* bytes not at hand: keep it, a copy too many costs nothing */
	return !render_is_ours(bytes, len);
}

void keeporig_cmd(const char *path, struct strbuf *cmd)
{
	char *orig = xasprintf("%s%s", path, KEEPORIG_SUFFIX);
	char *tmp = xasprintf("%s.clusterctl-origtmp", path);

	/* -e and -h: a directory or a symlink there (even dangling) is left too */
	strbuf_addstr(cmd, "o=");
	transport_shell_quote(cmd, orig);
	strbuf_addstr(cmd, "; t=");
	transport_shell_quote(cmd, tmp);
	strbuf_addstr(cmd, "; [ -e \"$o\" ] || [ -h \"$o\" ] || { rm -f -- \"$t\" && "
		      "cp -p -P -- ");
	transport_shell_quote(cmd, path);
	strbuf_addstr(cmd, " \"$t\" && mv -f -T -- \"$t\" \"$o\"; }");
	free(orig);
	free(tmp);
}

int keeporig_keep(struct transport *tr, const struct plan *p,
		  const struct plan_file *f, char **cause)
{
	struct strbuf cmd = STRBUF_INIT, err = STRBUF_INIT;
	int status = 0, ret;

	if (!keeporig_wanted(p, f))
		return 0;
	keeporig_cmd(f->want->path, &cmd);
	ret = transport_run(tr, cmd.buf, NULL, &err, &status, cause);
	if (!ret && status) {
		*cause = xasprintf("keeping the site's '%s' as '%s%s' failed "
				   "(exit %d): %.300s", f->want->path, f->want->path,
				   KEEPORIG_SUFFIX, status, err.buf ? err.buf : "");
		ret = -1;
	}
	strbuf_release(&err);
	strbuf_release(&cmd);
	return ret;
}
