/*
 * acct_sacctmgr_fed.c: a plan's federation rows as "sacctmgr -i" commands
 * (acct_sacctmgr_fed.h), for the sacctmgr method and export-sacctmgr:
 *   federation added     sacctmgr -i add federation F (or it is there)
 *   member added/changed sacctmgr -i modify cluster where name=C set
 *                        Federation=F Features=... FedState=...
 *   member removed       sacctmgr -i modify cluster where name=C set Federation=
 *   federation removed   sacctmgr -i delete federation where name=F
 * with what acct_fed_member_sets() says a membership's change sets.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "acct/plan/acct_sacctmgr_fed.h"
#include "acct/read/acct_fed.h"
#include "acct/rows/acct_obj.h"
#include "base/xalloc.h"
#include "transport/transport_exec.h"

/* " Key=Value" as one shell word. */
static void word(struct strbuf *out, const char *key, const char *val)
{
	char *tok = xasprintf("%s=%s", key, val ? val : "");

	strbuf_addch(out, ' ');
	transport_shell_quote(out, tok);
	free(tok);
}

static void modify_cluster(struct strbuf *out, const char *cluster)
{
	strbuf_addstr(out, "sacctmgr -i modify cluster where");
	word(out, "name", cluster);
	strbuf_addstr(out, " set");
}

/* The membership of c->want, as acct_fed_member_sets() says. */
static void member_set(struct strbuf *out, const struct acct_change *c)
{
	struct acct_fed_sets set;

	acct_fed_member_sets(c, &set);
	modify_cluster(out, c->want->name);
	if (set.federation)
		word(out, "Federation", acct_obj_get(c->want, "federation"));
	if (set.features)
		word(out, "Features", acct_obj_get(c->want, "features"));
	if (set.state)
		word(out, "FedState", acct_obj_get(c->want, "state"));
	strbuf_addch(out, '\n');
}

void acct_sacctmgr_fed_change(struct strbuf *out, const struct acct_change *c)
{
	if (c->want->kind == ACCT_FEDMEMBER) {
		member_set(out, c);
	} else if (c->op == ACCT_ADD) {
		/* another cluster's script may have added it: that is done too */
		strbuf_addstr(out, "sacctmgr -i add federation ");
		transport_shell_quote(out, c->want->name);
		strbuf_addstr(out, " || sacctmgr -n -P show federation format=federation | "
			      "grep -Fqx ");
		transport_shell_quote(out, c->want->name);
		strbuf_addch(out, '\n');
	}
}

void acct_sacctmgr_fed_remove(struct strbuf *out, const struct acct_obj *o)
{
	if (o->kind == ACCT_FEDMEMBER) {
		modify_cluster(out, o->name);
		word(out, "Federation", NULL);
	} else {
		strbuf_addstr(out, "sacctmgr -i delete federation where");
		word(out, "name", o->name);
	}
	strbuf_addch(out, '\n');
}
