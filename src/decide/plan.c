/*
 * plan.c: the plan as a value (plan.h): which sections it covers (--only),
 * how many changes it holds, the hosts it leaves alone folded into
 * hostlists, and freeing it. plan_compute.c fills it, plan_decide.c
 * assembles its inputs, plan_print.c prints it.
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "slurm/hostlist.h"
#include "decide/plan.h"
#include "base/xalloc.h"
#include "observe/capacity.h"
#include "observe/hwtruth.h"
#include "slurm/mungekey.h"
#include "acct/plan/acct_plan.h"

/* ---- --only ---- */

static const char *const plan_only_names[] = {
	"files", "users", "munge", "services", "accounting",
};

int plan_parse_only(const char *s, unsigned *only, char **cause)
{
	char *copy = xstrdup(s), *save = NULL, *w;
	unsigned bits = 0;
	size_t i;

	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(plan_only_names); i++)
			if (!strcmp(w, plan_only_names[i]))
				break;
		if (i == ARRAY_SIZE(plan_only_names)) {
			*cause = xasprintf("unknown section '%s' (expected files, "
					   "users, munge, services, accounting)", w);
			free(copy);
			return -1;
		}
		bits |= 1u << i;
	}
	free(copy);
	if (!bits) {
		*cause = xstrdup("--only needs at least one section");
		return -1;
	}
	*only = bits;
	return 0;
}

/* ---- the plan value ---- */

size_t plan_count(const struct plan *p)
{
	return p->n_files + p->n_idents + p->n_services +
	       (p->acct ? acct_plan_count(p->acct) : 0);
}

char *plan_fold_hosts(const struct plan *p, bool (*pick)(const struct plan *p, size_t h))
{
	const char **names = xcalloc(p->m->n_hosts + 1, sizeof(*names));
	size_t n = 0;
	char *res = NULL;

	for (size_t h = 0; h < p->m->n_hosts; h++)
		if (pick(p, h))
			names[n++] = p->m->hosts[h].name;
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

static bool host_not_ok(const struct plan *p, size_t h)
{
	return !p->hosts[h].ok;
}

static bool host_refused(const struct plan *p, size_t h)
{
	return !p->hosts[h].ok && p->hosts[h].refused;
}

static bool host_unreached(const struct plan *p, size_t h)
{
	return !p->hosts[h].ok && !p->hosts[h].refused;
}

char *plan_unobserved(const struct plan *p)
{
	return plan_fold_hosts(p, host_not_ok);
}

char *plan_refused(const struct plan *p)
{
	return plan_fold_hosts(p, host_refused);
}

char *plan_unreached(const struct plan *p)
{
	return plan_fold_hosts(p, host_unreached);
}

char *plan_hosts_left_alone(const struct plan *p, enum host_scope scope)
{
	const struct model *m = p->m;
	const char **names;
	char *res = NULL;
	size_t i, n = 0;

	if (!m->n_unmanaged)
		return NULL;
	names = xcalloc(m->n_unmanaged, sizeof(*names));
	/* another cluster's slurmdbd host is plan_site_hosts()'s */
	for (i = m->n_hosts; i < model_n_declared(m); i++)
		if (m->hosts[i].scope == scope && !m->hosts[i].other_cluster)
			names[n++] = m->hosts[i].name;
	if (n)
		res = hostlist_compress(names, n);
	free(names);
	return res;
}

char *plan_site_hosts(const struct plan *p)
{
	const struct model *m = p->m;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = m->n_hosts; i < model_n_declared(m); i++)
		if (m->hosts[i].other_cluster)
			strbuf_addf(&sb, "%s%s (cluster '%s''s slurmdbd host)", sb.len ? ", " : "",
				    m->hosts[i].name, m->hosts[i].other_cluster);
	return sb.len ? strbuf_detach(&sb, NULL) : NULL;
}

void plan_free(struct plan *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->n_diffs; i++) {
		free(p->diffs[i].key);
		free(p->diffs[i].text);
		free(p->diffs[i].why);
		free(p->diffs[i].settings);
	}
	free(p->diffs);
	free(p->diff_table);
	free(p->files);
	free(p->idents);
	for (i = 0; i < p->n_id_conflicts; i++)
		free(p->id_conflicts[i]);
	free(p->id_conflicts);
	free(p->file_start);
	free(p->ident_start);
	free(p->service_start);
	for (i = 0; i < p->n_services; i++)
		free(p->services[i].why);
	free(p->services);
	mungekey_release(&p->key);
	free(p->key_note);
	if (p->db_password)
		xfree_secret(p->db_password, strlen(p->db_password));
	acct_plan_free(p->acct);
	capacity_list_free(p->cap_losses, p->n_cap_losses);
	free(p->acct_error);
	free(p->held);
	for (i = 0; p->hw && i < p->m->n_hosts; i++)
		hwtruth_findings_release(&p->hw[i]);
	free(p->hw);
	free(p->hosts);
	free(p->fetch_hosts);
	free(p->fetch_files);
	free(p->fetch_why);
	free(p->sackd_stale_hosts);
	for (i = 0; i < p->n_upgrade; i++)
		free(p->upgrade[i]);
	free(p->upgrade);
	for (i = 0; p->release_refusal && i < p->m->n_hosts; i++)
		free(p->release_refusal[i]);
	free(p->release_refusal);
	free(p);
}
