/*
 * plan_decide.c: the whole plan from one observation round (plan.h). What
 * is chosen here, and only here: the munge key the cluster gets, whether
 * it can be judged at all, and the accounting section (acct_plan_compute
 * reads the database and diffs it, and its method is fixed in the plan).
 * plan_compute() then compares; nothing changes the plan afterwards.
 */
#include "base/compat.h"

#include <stdlib.h>

#include "acct/rows/acct.h"
#include "decide/plan.h"
#include "decide/plan_decide.h"
#include "base/xalloc.h"
#include "decide/plan_compute.h"
#include "inventory/model.h"
#include "slurm/mungekey.h"
#include "acct/plan/acct_plan.h"

static int plan_choose_key(const struct model *m, const struct mungekey *found,
			   struct mungekey *key, enum plan_key_source *src,
			   char **cause)
{
	if (found && found->bytes) {
		mungekey_set(key, found->bytes, found->len);
		*src = PLAN_KEY_CONTROLLER;
		return 0;
	}
	if (m->cluster.munge_key_source) {
		*src = PLAN_KEY_FILE;
		return mungekey_load_file(key, m->cluster.munge_key_source, cause);
	}
	*src = PLAN_KEY_GENERATED;
	return mungekey_generate(key, cause);
}

/*
 * The accounting section into in: the plan, or why there is none; a
 * password the database refused also holds its files back.
 */
static void plan_accounting(const struct model *m, const struct plan_round *r,
			    struct plan_inputs *in)
{
	char *cause = NULL;
	enum acct_plan_result rc;

	if (!m->db.host || !(in->only & PLAN_ONLY_ACCOUNTING))
		return;
	rc = acct_plan_compute(m, r->prune, r->accept_new, &in->acct, &cause);
	if (rc == ACCT_PLANNED)
		return;
	in->acct = NULL;
	if (rc == ACCT_DB_REFUSED && cause)
		in->db_refusal = cause;
	in->acct_error = cause ? cause :
		xstrdup("cannot read the accounting database");
}

struct plan *plan_decide(const struct model *m, const struct rendered_set *rs,
			 const struct plan_round *r, char **cause)
{
	struct mungekey key = MUNGEKEY_INIT;
	struct plan_inputs in = { .only = r->only ? r->only : PLAN_ONLY_ALL,
				  .obs = r->obs, .key = &key,
				  .db_password = r->db_password };
	size_t ctl = model_controller(m);
	char *note = NULL;
	struct plan *p;
	/*
	 * Without the controller we cannot know the cluster's key: planning a
	 * new one would split the cluster, so the key waits for the next run.
	 */
	bool skip_key = (in.only & PLAN_ONLY_MUNGE) &&
		(ctl == SIZE_MAX || !r->obs[ctl].ok);

	*cause = NULL;
	if (plan_choose_key(m, r->controller_key, &key, &in.key_source, cause))
		return NULL;
	if (skip_key) {
		in.only &= ~(unsigned)PLAN_ONLY_MUNGE;
		in.key_note = note = ctl == SIZE_MAX ?
			xstrdup("not checked: the inventory names no controller") :
			xasprintf("not checked: the controller '%s' was not observed "
				  "(its key is the cluster's)", m->hosts[ctl].name);
	}
	plan_accounting(m, r, &in);
	p = plan_compute(m, rs, &in);
	free(note);
	mungekey_release(&key);
	return p;
}
