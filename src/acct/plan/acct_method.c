/*
 * acct_method.c: how an accounting plan is carried out (acct_method.h):
 * through slurmdbd with sacctmgr, or by the rows slurmdbd would write
 * (sql). A decision of the plan, taken before anything is done, which
 * apply then follows.
 */
#include "base/compat.h"

#include <stdlib.h>

#include "acct/plan/acct_method.h"
#include "acct/plan/acct_sacctmgr.h"
#include "acct/plan/acct_site.h"
#include "acct/rows/acct_db.h"
#include "acct/sql/acct_sql.h"
#include "base/strbuf.h"
#include "inventory/model.h"

/*
 * method auto goes through slurmdbd (the sacctmgr method: slurmctld learns
 * the change at once, nothing restarts) while that is cheaper than sql,
 * whose cost is mostly the daemons' restarts and grows slowly with the
 * rows; bench/acct/threshold.sh measures it per release (bench/README.md):
 * - 22.05: each sacctmgr command costs ~0.5 s and sql ~10 s, so more than
 *   10 commands take sql. Adding 1,000 users (2,100 rows) to 1,000 took
 *   3.5 s by load against 10.1 s by sql; 2,500 (5,250 rows) 6.2 against
 *   10.4 s (16.6 against 12.4 s in an earlier run), 5,000 equal.
 * - 23.11-24.11: commands take milliseconds, and slurmdbd's own start grows
 *   with the associations (40 s on 10,000 users), which sql must pay: any
 *   plan goes through slurmdbd.
 * - 25.05-26.05: commands take milliseconds, slurmdbd starts in under a
 *   second again and sql costs ~5 s: 2,500 users added took 5.8 s by load
 *   against 6.1 s by sql, 5,000 users 10.1 against 6.1 s.
 * A load of more than 4,000 changed rows takes sql on 22.05 and 25.05+.
 */
#define ACCT_AUTO_MAX_COMMANDS 10
#define ACCT_AUTO_MAX_LOAD_ROWS 4000

static bool live_pays(const struct acct_plan *p)
{
	struct strbuf head = STRBUF_INIT, flat = STRBUF_INIT, tail = STRBUF_INIT;
	bool load = acct_sacctmgr_split(p, &head, &flat, &tail);
	size_t commands = acct_count_lines(&head) + acct_count_lines(&tail) + load;
	bool pays = (commands <= ACCT_AUTO_MAX_COMMANDS || acct_sql_commands_via_slurmdbd(&p->info)) &&
		(!load || p->n_changes <= ACCT_AUTO_MAX_LOAD_ROWS || acct_sql_load_via_slurmdbd(&p->info));

	strbuf_release(&head);
	strbuf_release(&flat);
	strbuf_release(&tail);
	return pays;
}

enum db_method acct_plan_method(const struct model *m, const struct acct_plan *p)
{
	char *why = NULL;

	/* another cluster's slurmdbd or slurmctld: through slurmdbd, whatever was asked */
	if (acct_site_method_why(p))
		return DB_METHOD_SACCTMGR;
	if (m->db.method != DB_METHOD_AUTO)
		return m->db.method;
	/*
	 * A database slurmdbd has no tables in yet is a cold cluster: slurmctld
	 * will not start while a partition's QOS= is missing (fatal on 22.05 and
	 * 24.11), and sacctmgr cannot add a limit on gres/gpu before slurmctld
	 * registered that TRES. sql seeds it all (TRES rows too) between
	 * slurmdbd's start and slurmctld's, on the releases whose schema it
	 * writes.
	 */
	if (!p->info.has_schema && acct_sql_writes_release(m->cluster.slurm_version))
		return DB_METHOD_SQL;
	if (live_pays(p))
		return DB_METHOD_SACCTMGR;
	/* a schema the sql writer refuses still takes slurmdbd's way */
	if (acct_sql_check_schema(&p->info, &why) < 0) {
		free(why);
		return DB_METHOD_SACCTMGR;
	}
	return DB_METHOD_SQL;
}
