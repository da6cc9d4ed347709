/*
 * plan_test.c: the plan value from hand-made desired and observed states:
 * change detection, grouping under folded hostlists, secrets never printed,
 * the restart classification, users/groups (the getent parsers: observe_test.c).
 */
#include "base/compat.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "observe/observe.h"
#include "decide/plan.h"
#include "slurm/slurmdiff.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "decide/plan_classify.h"
#include "decide/plan_compute.h"
#include "decide/plan_decide.h"
#include "decide/plan_print.h"
#include "decide/plan_secret.h"
#include "decide/plan_services.h"
#include "inventory/model.h"
#include "observe/obs.h"
#include "slurm/mungekey.h"

#define SLURM_CONF "ClusterName=c\nSlurmctldPort=6817\n" \
	"NodeName=n[1-4] CPUs=4\nPartitionName=p Nodes=ALL\n"
/* SLURM_CONF with a reconfigurable edit */
#define SLURM_CONF_EDITED "ClusterName=c\nSlurmctldPort=6817\n" \
	"NodeName=n[1-4] CPUs=4\nPartitionName=p Nodes=ALL MaxTime=1\n"
/* what slurmdbd.conf holds when it matches (password "pw") */
#define DBD_CONF "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n"

struct fixture {
	struct model *m;
	struct rendered_set rs;
	struct obs_host obs[4];
	struct mungekey key;
};

static size_t add_blob(struct rendered_set *rs, const char *bytes)
{
	struct rendered_blob *b;

	XGROW(rs->blobs, rs->alloc_blobs, rs->n_blobs + 1);
	b = &rs->blobs[rs->n_blobs];
	b->bytes = xstrdup(bytes);
	b->len = strlen(bytes);
	return rs->n_blobs++;
}

static void add_file(struct rendered_set *rs, const char *host, const char *path,
		     const char *owner, unsigned mode, size_t blob)
{
	struct rendered_file *f;

	XGROW(rs->files, rs->alloc_files, rs->n_files + 1);
	f = &rs->files[rs->n_files++];
	memset(f, 0, sizeof(*f));
	f->host = xstrdup(host);
	f->path = xstrdup(path);
	f->owner = xstrdup(owner);
	f->group = xstrdup(owner);
	f->mode = mode;
	f->blob = blob;
	f->secret = blob == SIZE_MAX;
	f->needs_db_password = blob != SIZE_MAX &&
		strstr(rs->blobs[blob].bytes, RENDER_SECRET_DB_PASSWORD);
	f->has_secret_placeholder = blob != SIZE_MAX &&
		strstr(rs->blobs[blob].bytes, "@clusterctl:");
}

/* 4 hosts n1..n4; n1 controller+dbd; slurm.conf everywhere, munge key, and
 * slurmdbd.conf on n1. Observed: everything in place. */
static void setup(struct fixture *fx, const char *dbd_observed)
{
	static const char *const names[] = { "n1", "n2", "n3", "n4" };
	size_t conf, dbd, i;
	char *cause = NULL;

	memset(fx, 0, sizeof(*fx));
	fx->m = model_new();
	fx->m->hosts = pool_alloc(&fx->m->pool, 4 * sizeof(struct host));
	fx->m->n_hosts = 4;
	fx->m->cluster.controller = "n1";
	fx->m->cluster.slurm_user.uid = fx->m->cluster.slurm_user.gid = 64030;
	fx->m->cluster.munge_user.uid = fx->m->cluster.munge_user.gid = 64031;
	for (i = 0; i < 4; i++) {
		fx->m->hosts[i].name = names[i];
		fx->m->hosts[i].roles = i ? ROLE_COMPUTE :
			ROLE_CONTROLLER | ROLE_DBD;
	}
	cr_assert_eq(mungekey_generate(&fx->key, &cause), 0);
	conf = add_blob(&fx->rs, SLURM_CONF);
	dbd = add_blob(&fx->rs, "DbdHost=n1\nStoragePass=" RENDER_SECRET_DB_PASSWORD
		       "\nStorageUser=slurm\n");
	for (i = 0; i < 4; i++) {
		char fp[MUNGEKEY_FP_LEN];
		struct obs_file *k;

		add_file(&fx->rs, names[i], "/etc/munge/munge.key", "munge", 0400,
			 SIZE_MAX);
		add_file(&fx->rs, names[i], "/etc/slurm/slurm.conf", "root", 0644, conf);
		if (!i)
			add_file(&fx->rs, names[i], "/etc/slurm/slurmdbd.conf",
				 "slurm", 0600, dbd);
		fx->obs[i].ok = true;
		k = obs_add_file(&fx->obs[i], "/etc/munge/munge.key", true,
				      0400, 64031, 64031, NULL, 0);
		mungekey_fingerprint(&fx->key, fp);
		memcpy(k->fp, fp, sizeof(fp));
		obs_add_file(&fx->obs[i], "/etc/slurm/slurm.conf", true, 0644,
				  0, 0, SLURM_CONF, strlen(SLURM_CONF));
		if (!i)
			obs_add_file(&fx->obs[i], "/etc/slurm/slurmdbd.conf",
					  true, 0600, 64030, 64030, dbd_observed,
					  strlen(dbd_observed));
		observe_parse_passwd("slurm:x:64030:64030::/nonexistent:/usr/sbin/nologin\n"
				      "munge:x:64031:64031::/nonexistent:/usr/sbin/nologin\n",
				      "slurm", &fx->obs[i].users[IDENT_SLURM]);
		observe_parse_passwd("munge:x:64031:64031::/:/bin/false\n", "munge",
				      &fx->obs[i].users[IDENT_MUNGE]);
		observe_parse_group("slurm:x:64030:\nmunge:x:64031:\n", "slurm",
				     &fx->obs[i].groups[IDENT_SLURM]);
		observe_parse_group("slurm:x:64030:\nmunge:x:64031:\n", "munge",
				     &fx->obs[i].groups[IDENT_MUNGE]);
	}
}

/* Frees what add_file() allocated for f. */
static void free_file(struct rendered_file *f)
{
	free(f->host);
	free(f->path);
	free(f->owner);
	free(f->group);
}

static void teardown_fx(struct fixture *fx)
{
	size_t i;

	for (i = 0; i < fx->rs.n_files; i++)
		free_file(&fx->rs.files[i]);
	for (i = 0; i < fx->rs.n_blobs; i++)
		free(fx->rs.blobs[i].bytes);
	free(fx->rs.files);
	free(fx->rs.blobs);
	for (i = 0; i < 4; i++)
		obs_host_release(&fx->obs[i]);
	mungekey_release(&fx->key);
	model_free(fx->m);
}

static struct plan *compute(struct fixture *fx, const char *password)
{
	struct plan_inputs in = { .obs = fx->obs, .key = &fx->key,
				  .key_source = PLAN_KEY_CONTROLLER,
				  .db_password = password };

	return plan_compute(fx->m, &fx->rs, &in);
}

static char *text(const struct plan *p)
{
	struct strbuf sb = STRBUF_INIT;

	plan_print(p, 0, &sb);
	return strbuf_detach(&sb, NULL);
}

static char *json(const struct plan *p)
{
	json_t *j = plan_to_json(p);
	char *s = json_dumps(j, JSON_SORT_KEYS);

	json_decref(j);
	return s;
}

static struct obs_file *obs_file(struct obs_host *h, const char *path)
{
	return (struct obs_file *)obs_find(h, path);
}

/* Makes host h's observed slurm.conf hold bytes. */
static void observe_conf(struct fixture *fx, size_t h, const char *bytes)
{
	struct obs_file *f = obs_file(&fx->obs[h], "/etc/slurm/slurm.conf");

	free(f->bytes);
	f->bytes = xstrdup(bytes);
	f->len = strlen(bytes);
}

Test(plan, converged_cluster_has_no_changes)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 0);
	cr_expect_eq(p->n_files_total, 9);
	cr_expect_null(plan_unobserved(p));
	t = text(p);
	cr_expect(strstr(t, "plan: no changes (9 files on 4 hosts checked)"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, one_edited_host_shows_only_its_diff)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, DBD_CONF);
	observe_conf(&fx, 2, SLURM_CONF_EDITED);
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_files, 1);
	cr_expect_eq(p->files[0].host, 2);
	cr_expect_eq(p->files[0].change, PLAN_MODIFY);
	cr_expect_eq(p->files[0].restart, RESTART_RECONFIGURE);
	t = text(p);
	cr_expect(strstr(t, "files:\n  n3: /etc/slurm/slurm.conf: modify, settings:\n"
			    "    partition p: MaxTime 1 -> (none)\n"
			    "    --- a/etc/slurm/slurm.conf\n"
			    "    +++ b/etc/slurm/slurm.conf\n"
			    "    @@ -1,4 +1,4 @@\n"
			    "     ClusterName=c\n     SlurmctldPort=6817\n"
			    "     NodeName=n[1-4] CPUs=4\n"
			    "    -PartitionName=p Nodes=ALL MaxTime=1\n"
			    "    +PartitionName=p Nodes=ALL\n"), "%s", t);
	/* reconfigure once, on the controller, not a restart */
	cr_expect(strstr(t, "services:\n  n1: reconfigure slurmctld"), "%s", t);
	cr_expect(!strstr(t, "restart"), "%s", t);
	cr_expect(strstr(t, "plan: 2 changes pending on 4 hosts"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * --limit n2: n1 (the controller) and n2 stay managed, n3 and n4 are left
 * out; as render would after the limit, the set loses their files.
 */
static void limit_to_n2(struct fixture *fx)
{
	static const char *const names[] = { "n2" };
	char *cause;
	size_t i, keep = 0;

	cr_assert_eq(model_limit_hosts(fx->m, names, 1, &cause), 0);
	cr_assert_eq(fx->m->n_hosts, 2);
	for (i = 0; i < fx->rs.n_files; i++) {
		struct rendered_file *f = &fx->rs.files[i];

		if (strcmp(f->host, "n3") && strcmp(f->host, "n4"))
			fx->rs.files[keep++] = *f;
		else
			free_file(f);
	}
	fx->rs.n_files = keep;
}

Test(plan, hosts_outside_limit_are_named_and_stale_configs_warned)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j;

	setup(&fx, DBD_CONF);
	observe_conf(&fx, 1, SLURM_CONF_EDITED);
	limit_to_n2(&fx);
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_files, 1);
	t = text(p);
	cr_expect(strstr(t, "outside --limit: n[3-4] (not observed, left as they are)\n"
			    "warning: hosts outside --limit keep their old "
			    "/etc/slurm/slurm.conf until an apply reaches them"), "%s", t);
	cr_expect(strstr(t, "plan: 2 changes pending on 2 hosts\n"), "%s", t);
	j = json(p);
	cr_expect(strstr(j, "\"outside_limit_hosts\": \"n[3-4]\""), "%s", j);
	cr_expect(strstr(j, "\"unmanaged_hosts\": null"), "%s", j);
	free(t);
	free(j);
	plan_free(p);
	/* converged inside the limit: the hosts outside are still named */
	observe_conf(&fx, 1, SLURM_CONF);
	p = compute(&fx, "pw");
	t = text(p);
	cr_expect(strstr(t, "outside --limit: n[3-4] (not observed, left as they are)\n"
			    "plan: no changes (5 files on 2 hosts checked)"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, same_change_on_many_hosts_is_grouped)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j;
	size_t i;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	for (i = 0; i < 4; i++) {
		struct obs_file *f = obs_file(&fx.obs[i], "/etc/slurm/slurm.conf");

		f->exists = false;
	}
	obs_file(&fx.obs[3], "/etc/munge/munge.key")->mode = 0644;
	p = compute(&fx, "pw");
	cr_expect_eq(p->n_files, 5);
	t = text(p);
	cr_expect(strstr(t, "  n[1-4]: /etc/slurm/slurm.conf: create\n"
			    "    --- /dev/null\n"), "%s", t);
	cr_expect(strstr(t, "  n4: /etc/munge/munge.key: munge key unchanged, "
			    "mode 0644 -> 0400\n"), "%s", t);
	/* a new slurm.conf defines nodes: both daemons restart */
	cr_expect(strstr(t, "  n1: restart slurmctld (slurm.conf: "), "%s", t);
	cr_expect(strstr(t, "  n[2-4]: restart slurmd (slurm.conf: "), "%s", t);
	j = json(p);
	cr_expect(strstr(j, "\"hosts\": \"n[1-4]\""), "%s", j);
	free(t);
	free(j);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, secrets_never_printed)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j, hex[2 * 8 + 1];
	size_t i;

	setup(&fx, "DbdHost=n1\nStoragePass=oldpassword\nStorageUser=slurm\n");
	obs_file(&fx.obs[1], "/etc/munge/munge.key")->fp[0] = 'X';
	p = compute(&fx, "n3wpassw0rd");
	cr_expect_eq(p->n_files, 2);
	t = text(p);
	j = json(p);
	cr_expect(strstr(t, "  n1: /etc/slurm/slurmdbd.conf: modify, settings:\n"
			    "    StoragePass changed\n"
			    "    (a secret value differs; not shown)\n"), "%s", t);
	cr_expect(strstr(t, "n1: restart slurmdbd"), "%s", t);
	cr_expect(strstr(t, "n2: restart munge (munge key)"), "%s", t);
	for (i = 0; i < 8; i++)
		sprintf(hex + 2 * i, "%02x", fx.key.bytes[i]);
	cr_expect(!strstr(t, "n3wpassw0rd") && !strstr(t, "oldpassword"), "%s", t);
	cr_expect(!strstr(j, "n3wpassw0rd") && !strstr(j, "oldpassword"), "%s", j);
	cr_expect(!strstr(t, hex) && !strstr(j, hex));
	cr_expect(strstr(t, p->key_fp));
	free(t);
	free(j);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, a_refused_password_holds_slurmdbd_conf_back)
{
	struct fixture fx;
	struct plan_inputs in;
	struct plan *p;
	char *t;

	setup(&fx, "DbdHost=n1\nStoragePass=oldpassword\nStorageUser=slurm\n");
	obs_file(&fx.obs[1], "/etc/munge/munge.key")->fp[0] = 'X';
	observe_conf(&fx, 0, SLURM_CONF_EDITED);
	p = compute(&fx, "n3wpassw0rd");
	cr_expect_eq(p->n_files, 3);
	plan_free(p);
	in = (struct plan_inputs){ .obs = fx.obs, .key = &fx.key,
				   .key_source = PLAN_KEY_CONTROLLER,
				   .db_password = "n3wpassw0rd",
				   .db_refusal = "Access denied for user 'slurm'" };
	p = plan_compute(fx.m, &fx.rs, &in);
	/* n1's slurm.conf and n2's key stay planned; slurmdbd.conf and its restart go */
	cr_expect_eq(p->n_files, 2);
	cr_expect_eq(p->file_start[1], 1);
	cr_expect_eq(p->file_start[4], 2);
	t = text(p);
	cr_expect(strstr(t, "held: n1: /etc/slurm/slurmdbd.conf not written, slurmdbd not "
			 "restarted: the database refused the inventory's password "
			 "(Access denied for user 'slurm')\n"), "%s", t);
	cr_expect(!strstr(t, "restart slurmdbd") && !strstr(t, "slurmdbd.conf: modify"), "%s", t);
	cr_expect(strstr(t, "n2: restart munge (munge key)"), "%s", t);
	cr_expect(strstr(t, "n1: /etc/slurm/slurm.conf: modify"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, masked_diff_keeps_other_lines)
{
	char *m = plan_mask_secrets("A=1\n  storagepass = hunter2\nB=hunter2x\nC",
				    40, "hunter2");

	cr_expect_str_eq(m, "A=1\n  storagepass =********\nB=********x\nC");
	free(m);
}

Test(plan, wrong_uid_is_fixed_and_restarts_daemons)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	observe_parse_passwd("slurm:x:1234:64030::/:/bin/false\n", "slurm",
			      &fx.obs[0].users[IDENT_SLURM]);
	fx.obs[3].groups[IDENT_MUNGE].exists = false;
	fx.obs[3].users[IDENT_MUNGE].exists = false;
	p = compute(&fx, "pw");
	cr_expect_eq(p->n_idents, 3);
	t = text(p);
	cr_expect(strstr(t, "users and groups:\n"
			    "  n1: fix user 'slurm': uid 1234 -> 64030; re-owns files of uid 1234\n"
			    "  n4: create group 'munge' (gid 64031)\n"
			    "  n4: create user 'munge' (uid 64031)\n"), "%s", t);
	cr_expect(strstr(t, "n1: restart slurmdbd (slurm ids)"), "%s", t);
	cr_expect(strstr(t, "n1: restart slurmctld (slurm ids)"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, unset_ids_follow_what_the_hosts_agree_on)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	fx.m->cluster.munge_user.uid = fx.m->cluster.munge_user.gid = MODEL_UNSET;
	fx.obs[3].groups[IDENT_MUNGE].exists = false;
	fx.obs[3].users[IDENT_MUNGE].exists = false;
	p = compute(&fx, "pw");
	t = text(p);
	/* a node added to a running cluster gets the others' ids */
	cr_expect(strstr(t, "  n4: create group 'munge' (gid 64031)\n"
			    "  n4: create user 'munge' (uid 64031)\n"), "%s", t);
	cr_expect_eq(p->n_id_conflicts, 0);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, unset_ids_that_differ_are_left_alone_and_reported)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	fx.m->cluster.munge_user.uid = fx.m->cluster.munge_user.gid = MODEL_UNSET;
	observe_parse_passwd("munge:x:999:64031::/:/bin/false\n", "munge",
			      &fx.obs[2].users[IDENT_MUNGE]);
	observe_parse_passwd("munge:x:999:64031::/:/bin/false\n", "munge",
			      &fx.obs[3].users[IDENT_MUNGE]);
	fx.obs[1].groups[IDENT_MUNGE].exists = false;
	fx.obs[1].users[IDENT_MUNGE].exists = false;
	p = compute(&fx, "pw");
	cr_expect_eq(p->n_idents, 0, "no munge ident is created or renumbered");
	cr_assert_eq(p->n_id_conflicts, 1);
	cr_expect_str_eq(p->id_conflicts[0], "user munge: uid 999 on n[3-4]; uid 64031 on n1 "
			 "(cluster.munge_user does not set the id every host must have)");
	t = text(p);
	cr_expect(strstr(t, "left alone, ids differ between hosts:\n  user munge: uid "
			 "999 on n[3-4]; uid 64031 on n1"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, unobserved_hosts_are_named)
{
	struct fixture fx;
	struct plan *p;
	char *t, *u;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	fx.obs[1].ok = fx.obs[2].ok = false;
	fx.obs[2].error = xstrdup("connection refused");
	obs_file(&fx.obs[1], "/etc/slurm/slurm.conf")->exists = false;
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 0);
	u = plan_unobserved(p);
	cr_expect_str_eq(u, "n[2-3]");
	t = text(p);
	cr_expect(strstr(t, "not observed: n[2-3]\n  n2: not reached\n"
			    "  n3: connection refused\n"), "%s", t);
	free(u);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, only_limits_sections)
{
	struct fixture fx;
	struct plan_inputs in = { .only = PLAN_ONLY_USERS };
	struct plan *p;

	setup(&fx, "x");
	in.obs = fx.obs;
	obs_file(&fx.obs[1], "/etc/slurm/slurm.conf")->exists = false;
	p = plan_compute(fx.m, &fx.rs, &in);
	cr_expect_eq(plan_count(p), 0);
	plan_free(p);
	teardown_fx(&fx);
}

static unsigned classify(const char *path, const char *a, const char *b,
			 char **why)
{
	return plan_classify(path, a, strlen(a), b, strlen(b), why);
}

Test(plan, classification_follows_the_man_pages)
{
	char *why = NULL;

	cr_expect_eq(classify("/etc/slurm/slurm.conf", "A=1\n", "A=1\n", &why), 0);
	cr_expect_eq(classify("/etc/slurm/slurm.conf", "A=1\n", "A=1 # c\n\n", &why), 0);
	cr_expect_eq(classify("/etc/slurm/slurm.conf", "PartitionName=p MaxTime=1\n",
			      "PartitionName=p MaxTime=2\n", &why), RESTART_RECONFIGURE);
	cr_expect_null(why);
	cr_expect_eq(classify("/etc/slurm/slurm.conf", "NodeName=a CPUs=1\nX=1\n",
			      "NodeName=a CPUs=2\nX=2\n", &why),
		     RESTART_CTLD | RESTART_SLURMD | RESTART_RECONFIGURE);
	cr_expect_str_eq(why, "slurm.conf: NodeName");
	free(why);
	cr_expect_eq(classify("/etc/slurm/slurm.conf", "schedulertype=a\n",
			      "SchedulerType=b\n", &why), RESTART_CTLD);
	cr_expect_str_eq(why, "slurm.conf: SchedulerType");
	free(why);
	cr_expect_eq(classify("/etc/slurm/slurm.conf", "SlurmdSpoolDir=/a\n",
			      "SlurmdSpoolDir=/b\n", NULL), RESTART_SLURMD);
	cr_expect_eq(classify("/etc/slurm/gres.conf", "Name=gpu File=/dev/a\n",
			      "Name=gpu File=/dev/b\n", NULL),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_eq(classify("/etc/slurm/cgroup.conf", "A=1\n", "A=2\n", NULL),
		     RESTART_RECONFIGURE);
	/* slurmd's unit drop-in (configless): systemd reads it on a restart */
	cr_expect_eq(classify(SLURM_SLURMD_DROPIN, "", "[Unit]\n", &why),
		     RESTART_SLURMD);
	cr_expect_str_eq(why, SLURM_SLURMD_DROPIN);
	free(why);
	/* sackd's start arguments (configless login hosts) */
	cr_expect_eq(classify(SLURM_SACKD_DEFAULTS, "", "SACKD_OPTIONS=x\n", &why),
		     RESTART_SACKD);
	cr_expect_str_eq(why, SLURM_SACKD_DEFAULTS);
	free(why);
	/* and its unit's drop-in */
	cr_expect_eq(classify(SLURM_SACKD_DROPIN, "", "[Service]\n", &why),
		     RESTART_SACKD);
	cr_expect_str_eq(why, SLURM_SACKD_DROPIN);
	free(why);
	cr_expect_eq(classify("/etc/slurm/slurmdbd.conf", "A=1\n", "A=2\n", NULL),
		     RESTART_DBD);
}

Test(plan, parse_only)
{
	unsigned only = 0;
	char *cause = NULL;

	cr_expect_eq(plan_parse_only("files,munge", &only, &cause), 0);
	cr_expect_eq(only, PLAN_ONLY_FILES | PLAN_ONLY_MUNGE);
	cr_expect_eq(plan_parse_only("files,disks", &only, &cause), -1);
	cr_expect_str_eq(cause, "unknown section 'disks' (expected files, users, "
				"munge, services, accounting)");
	free(cause);
	cr_expect_eq(plan_parse_only(",", &only, &cause), -1);
	free(cause);
}

/* ---- the summary helper of apply (plan's and apply's options: cmd_test.c) ---- */

#include "act/apply.h"

Test(plan, apply_summary_line)
{
	struct apply_summary sum = { .hosts = 8, .files = 24, .users_created = 2,
				     .reconfigures = 1 };
	char *line;

	strbuf_init(&sum.errors);
	line = apply_summary_line(&sum);
	cr_expect_str_eq(line, "apply: 8 hosts, 24 files changed, 2 users/groups "
			       "created, 0 fixed, munge key unchanged, 0 restarts, "
			       "1 reconfigure");
	free(line);
	sum.failed = xstrdup("gpu[03,07]");
	sum.key_changed = true;
	sum.key_hosts = 1;
	line = apply_summary_line(&sum);
	cr_expect_str_eq(line, "apply: 8 hosts, 24 files changed, 2 users/groups "
			       "created, 0 fixed, munge key installed on 1 host, "
			       "0 restarts, 1 reconfigure; failed: gpu[03,07]");
	free(line);
	apply_summary_release(&sum);
	cr_expect_null(sum.failed);
}

Test(plan, json_has_the_grouped_sections)
{
	struct fixture fx;
	json_t *j, *files, *f;
	struct plan *p;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	obs_file(&fx.obs[1], "/etc/slurm/slurm.conf")->exists = false;
	obs_file(&fx.obs[2], "/etc/slurm/slurm.conf")->exists = false;
	fx.obs[3].ok = false;
	p = compute(&fx, "pw");
	j = plan_to_json(p);
	cr_expect_eq(json_integer_value(json_object_get(j, "changes")),
		     (json_int_t)plan_count(p));
	cr_expect_str_eq(json_string_value(json_object_get(j, "unobserved_hosts")), "n4");
	files = json_object_get(j, "files");
	cr_assert_eq(json_array_size(files), 1);
	f = json_array_get(files, 0);
	cr_expect_str_eq(json_string_value(json_object_get(f, "hosts")), "n[2-3]");
	cr_expect_str_eq(json_string_value(json_object_get(f, "change")), "create");
	cr_expect(strstr(json_string_value(json_object_get(f, "diff")),
			 "+++ b/etc/slurm/slurm.conf\n"));
	cr_expect_str_eq(json_string_value(json_object_get(
		json_object_get(j, "munge_key"), "fingerprint")), p->key_fp);
	json_decref(j);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, unknown_password_is_a_warning)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, "DbdHost=n1\nStoragePass=pw\nStorageUser=slurm\n");
	p = compute(&fx, NULL);
	cr_expect_eq(p->n_files, 1);
	cr_expect_null(plan_file_bytes(p, p->files[0].want, &(size_t){ 0 }));
	t = text(p);
	cr_expect(strstr(t, "warning: the database password is unknown"), "%s", t);
	cr_expect(!strstr(t, "StoragePass=pw"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, services_run_in_start_order_per_host)
{
	struct fixture fx;
	struct plan *p;
	size_t i;

	/* n1 is controller + dbd: a new key, a new slurmdbd.conf, a node change */
	setup(&fx, "DbdHost=n1\nStoragePass=old\nStorageUser=slurm\n");
	fx.m->cluster.accounting_host = "n1";
	obs_file(&fx.obs[0], "/etc/munge/munge.key")->fp[0] = 'X';
	observe_conf(&fx, 0, "NodeName=x\n");
	p = compute(&fx, "new");
	/* slurmctld restarts, so no reconfigure is needed on top */
	cr_assert_eq(p->service_start[1] - p->service_start[0], 3);
	cr_expect_eq(p->services[0].kind, SVC_MUNGE);
	cr_expect_eq(p->services[1].kind, SVC_SLURMDBD);
	cr_expect_eq(p->services[2].kind, SVC_SLURMCTLD);
	cr_expect_eq(p->services[2].action, PLAN_SVC_RESTART);
	cr_expect_eq(p->service_start[4], 3);
	for (i = 0; i < p->n_services; i++)
		cr_expect_eq(p->services[i].host, 0);
	plan_free(p);
	teardown_fx(&fx);
}

/* ---- daemons found stopped (the status command) ---- */

/* The converged fixture with every daemon of every host observed running. */
static void setup_running(struct fixture *fx)
{
	size_t h;
	int k;

	setup(fx, DBD_CONF);
	for (h = 0; h < 4; h++)
		for (k = 0; k < SVC_COUNT; k++)
			fx->obs[h].svc[k] = OBS_SVC_RUNNING;
}

static void expect_service(const struct plan *p, size_t i, size_t host,
			   enum service_kind k, enum plan_svc_action a)
{
	cr_assert_lt(i, p->n_services);
	cr_expect_eq(p->services[i].host, host, "service %zu: host %zu", i,
		     p->services[i].host);
	cr_expect_eq(p->services[i].kind, k, "service %zu: kind %d", i,
		     p->services[i].kind);
	cr_expect_eq(p->services[i].action, a, "service %zu: action %d", i,
		     p->services[i].action);
}

Test(plan, stopped_daemon_is_started)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j;

	setup_running(&fx);
	fx.obs[2].svc[SVC_SLURMD] = OBS_SVC_STOPPED;
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 1);
	cr_assert_eq(p->n_services, 1);
	expect_service(p, 0, 2, SVC_SLURMD, PLAN_SVC_START);
	t = text(p);
	cr_expect(strstr(t, "services:\n  n3: start slurmd (not running)\n"), "%s", t);
	cr_expect(strstr(t, "plan: 1 change pending on 4 hosts"), "%s", t);
	cr_expect(!strstr(t, "reconfigure"), "%s", t);
	j = json(p);
	cr_expect(strstr(j, "\"action\": \"start\", \"hosts\": \"n3\", "
			    "\"service\": \"slurmd\", \"why\": \"not running\""), "%s", j);
	free(t);
	free(j);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * The status command says stopped, yet the process of the pid file runs
 * the daemon's binary (started by hand, outside the service manager): not
 * started a second time, and the plan says both.
 */
Test(plan, a_daemon_its_status_calls_stopped_but_runs_is_not_started)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup_running(&fx);
	fx.obs[0].svc[SVC_SLURMDBD] = OBS_SVC_STOPPED;
	snprintf(fx.obs[0].rel[SVC_SLURMDBD].installed, OBS_RELEASE_LEN, "22.05.8");
	fx.obs[0].rel[SVC_SLURMDBD].run = OBS_RUN_INSTALLED;
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 0);
	cr_expect_eq(p->n_services, 0);
	t = text(p);
	cr_expect(strstr(t, "  slurmdbd 22.05.8: n1 (runs, though its status command says it "
			    "does not: started outside its service manager?)\n"), "%s", t);
	free(t);
	plan_free(p);
	/* and with no process behind the pid file, it is stopped: started */
	fx.obs[0].rel[SVC_SLURMDBD].run = OBS_RUN_STOPPED;
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_services, 1);
	expect_service(p, 0, 0, SVC_SLURMDBD, PLAN_SVC_START);
	t = text(p);
	cr_expect(strstr(t, "  slurmdbd 22.05.8: n1 (stopped)\n"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, unknown_state_and_other_sections_start_nothing)
{
	struct fixture fx;
	struct plan_inputs in = { .only = PLAN_ONLY_FILES | PLAN_ONLY_USERS |
					  PLAN_ONLY_MUNGE };
	struct plan *p;

	setup(&fx, DBD_CONF);
	/* not asked (e.g. an observation without status): as before */
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 0);
	plan_free(p);
	/* stopped, but the plan does not cover services (--only) */
	fx.obs[1].svc[SVC_SLURMD] = OBS_SVC_STOPPED;
	in.obs = fx.obs;
	in.key = &fx.key;
	in.db_password = "pw";
	p = plan_compute(fx.m, &fx.rs, &in);
	cr_expect_eq(plan_count(p), 0);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, unobserved_host_is_never_started)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, DBD_CONF);
	fx.obs[2].svc[SVC_SLURMD] = OBS_SVC_STOPPED;
	fx.obs[2].svc[SVC_MUNGE] = OBS_SVC_STOPPED;
	fx.obs[2].ok = false;
	fx.obs[2].error = xstrdup("connection refused");
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 0);
	t = text(p);
	cr_expect(!strstr(t, "start"), "%s", t);
	cr_expect(strstr(t, "not observed: n3\n"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, only_daemons_the_host_runs_are_started)
{
	struct fixture fx;
	struct plan *p;

	setup(&fx, DBD_CONF);
	/* n2 is a compute host: no slurmctld or slurmdbd of its own */
	fx.obs[1].svc[SVC_SLURMCTLD] = OBS_SVC_STOPPED;
	fx.obs[1].svc[SVC_SLURMDBD] = OBS_SVC_STOPPED;
	/* n1 is controller + dbd, with no slurmd */
	fx.obs[0].svc[SVC_SLURMD] = OBS_SVC_STOPPED;
	p = compute(&fx, "pw");
	cr_expect_eq(plan_count(p), 0);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, a_stopped_slurmd_with_a_changed_file)
{
	static const struct {
		const char *conf;
		enum plan_svc_action want;
	} cases[] = {
		/* a node definition changed: the restart starts it too */
		{ "NodeName=x\n", PLAN_SVC_RESTART },
		/* reconfigurable: it reads the new file when it starts, so no
		 * reconfigure on top */
		{ SLURM_CONF_EDITED, PLAN_SVC_START },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct fixture fx;
		struct plan *p;

		setup_running(&fx);
		observe_conf(&fx, 2, cases[i].conf);
		fx.obs[2].svc[SVC_SLURMD] = OBS_SVC_STOPPED;
		p = compute(&fx, "pw");
		cr_expect_eq(p->n_services, 1, "case %zu", i);
		expect_service(p, 0, 2, SVC_SLURMD, cases[i].want);
		plan_free(p);
		teardown_fx(&fx);
	}
}

Test(plan, starts_follow_the_restart_order)
{
	struct fixture fx;
	struct plan *p;

	setup_running(&fx);
	fx.m->cluster.accounting_host = "n1";
	/* n1: everything down (after a reboot), n4: munge and slurmd down */
	fx.obs[0].svc[SVC_MUNGE] = OBS_SVC_STOPPED;
	fx.obs[0].svc[SVC_SLURMDBD] = OBS_SVC_STOPPED;
	fx.obs[0].svc[SVC_SLURMCTLD] = OBS_SVC_STOPPED;
	fx.obs[3].svc[SVC_SLURMD] = OBS_SVC_STOPPED;
	fx.obs[3].svc[SVC_MUNGE] = OBS_SVC_STOPPED;
	/* n1 gets a new slurmdbd.conf (a restart), n2 a reconfigurable change */
	fx.obs[0].files[2].bytes[0] = 'X';
	observe_conf(&fx, 1, SLURM_CONF_EDITED);
	p = compute(&fx, "pw");
	cr_expect_eq(p->service_start[1], 4);
	expect_service(p, 0, 0, SVC_MUNGE, PLAN_SVC_START);
	expect_service(p, 1, 0, SVC_SLURMDBD, PLAN_SVC_RESTART);
	expect_service(p, 2, 0, SVC_SLURMCTLD, PLAN_SVC_START);
	expect_service(p, 3, 0, SVC_SLURMCTLD, PLAN_SVC_RECONFIGURE);
	cr_expect_eq(p->service_start[3], 4);
	cr_expect_eq(p->service_start[4], 6);
	expect_service(p, 4, 3, SVC_MUNGE, PLAN_SVC_START);
	expect_service(p, 5, 3, SVC_SLURMD, PLAN_SVC_START);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, status_output_and_commands)
{
	struct obs_host h = { .ok = true };
	struct model *m = model_new();

	observe_parse_status("munge 0\nslurmd 3\nslurmctld x\nbogus 1\n"
			      "slurmdbd 0", &h);
	cr_expect_eq(h.svc[SVC_MUNGE], OBS_SVC_RUNNING);
	cr_expect_eq(h.svc[SVC_SLURMD], OBS_SVC_STOPPED);
	cr_expect_eq(h.svc[SVC_SLURMCTLD], OBS_SVC_UNKNOWN);
	cr_expect_eq(h.svc[SVC_SLURMDBD], OBS_SVC_RUNNING);
	observe_parse_status("slurmd 0 trailing\n", &h);
	cr_expect_eq(h.svc[SVC_SLURMD], OBS_SVC_STOPPED);
	cr_expect_str_eq(observe_status_cmd(m, SVC_SLURMD),
			 "systemctl is-active --quiet slurmd");
	m->cluster.services[SVC_MUNGE].status = "lab-service munge status";
	cr_expect_str_eq(observe_status_cmd(m, SVC_MUNGE), "lab-service munge status");
	/* started some other way and no status command: not guessed */
	m->cluster.services[SVC_SLURMD].start = "/etc/init.d/slurmd start";
	cr_expect_null(observe_status_cmd(m, SVC_SLURMD));
	cr_expect_str_eq(plan_svc_action_name(PLAN_SVC_START), "start");
	model_free(m);
}

Test(plan, apply_summary_counts_starts)
{
	struct apply_summary sum = { .hosts = 4, .restarts = 1, .starts = 2 };
	char *line;

	strbuf_init(&sum.errors);
	line = apply_summary_line(&sum);
	cr_expect_str_eq(line, "apply: 4 hosts, 0 files changed, 0 users/groups "
			       "created, 0 fixed, munge key unchanged, 1 restart, "
			       "2 starts, 0 reconfigures");
	free(line);
	apply_summary_release(&sum);
}

/*
 * issue 15: AccountingStoragePass and JobCompPass are masked in diffs like
 * StoragePass, and the rendered placeholder gets the inventory's value
 * only in the bytes apply writes.
 */
Test(plan, masked_diff_covers_every_password_key)
{
	static const char in[] = "AccountingStoragePass=hunter2\nJobCompPass = x1\n"
				 "jobcomppass=x2\nJobCompUser=x3\n";
	char *m = plan_mask_secrets(in, strlen(in), NULL);

	cr_expect_str_eq(m, "AccountingStoragePass=********\nJobCompPass =********\n"
			    "jobcomppass=********\nJobCompUser=x3\n");
	free(m);
}

/*
 * The fixture's slurm.conf with AccountingStoragePass as a secret
 * pass-through value: its rendered text holds the placeholder, and the
 * inventory's slurm_conf holds value.
 */
static void use_secret_slurm_conf(struct fixture *fx, const char *value)
{
	static const char want[] = SLURM_CONF
		"AccountingStoragePass=" RENDER_SECRET_VALUE_PREFIX "AccountingStoragePass@\n";
	struct kv *kv;

	free(fx->rs.blobs[0].bytes);
	fx->rs.blobs[0].bytes = xstrdup(want);
	fx->rs.blobs[0].len = strlen(want);
	for (size_t i = 0; i < fx->rs.n_files; i++)
		if (fx->rs.files[i].blob == 0)
			fx->rs.files[i].has_secret_placeholder = true;
	kv = pool_alloc(&fx->m->pool, sizeof(*kv));
	kv->key = "AccountingStoragePass";
	kv->value = value;
	fx->m->cluster.slurm_conf = (struct kv_list){ kv, 1 };
}

Test(plan, secret_pass_through_values_never_in_the_plan)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j, *bytes;
	size_t i, len;

	setup(&fx, DBD_CONF);
	use_secret_slurm_conf(&fx, "new-SECRET");
	observe_conf(&fx, 1, SLURM_CONF "AccountingStoragePass=old-SECRET\n");
	observe_conf(&fx, 2, SLURM_CONF "AccountingStoragePass=new-SECRET\n");
	observe_conf(&fx, 3, SLURM_CONF "AccountingStoragePass=new-SECRET\n");
	p = compute(&fx, "pw");
	t = text(p);
	j = json(p);
	cr_expect_null(strstr(t, "SECRET"), "%s", t);
	cr_expect_null(strstr(j, "SECRET"), "%s", j);
	cr_expect_null(strstr(t, RENDER_SECRET_VALUE_PREFIX), "%s", t);
	/* n1 lacks the line, n2 has the old value, n3 and n4 are up to date */
	cr_expect_not_null(strstr(t, "+AccountingStoragePass=********\n"), "%s", t);
	cr_expect_not_null(strstr(t, "n2: /etc/slurm/slurm.conf: modify, settings:\n"
				  "    AccountingStoragePass changed\n"), "%s", t);
	cr_expect_not_null(strstr(t, "(a secret value differs; not shown)"), "%s", t);
	/* n3 named nowhere: not at a line's start nor in a hostlist (the munge
	 * key's base64 fingerprint may hold the letters "n3") */
	cr_expect_null(strstr(t, "  n3"), "%s", t);
	cr_expect_null(strstr(t, ",n3"), "%s", t);
	cr_expect_null(strstr(t, "n[3"), "%s", t);
	for (i = 0; i < p->n_files; i++)
		if (!strcmp(p->files[i].want->host, "n2") &&
		    !strcmp(p->files[i].want->path, "/etc/slurm/slurm.conf"))
			break;
	cr_assert_lt(i, p->n_files);
	bytes = plan_file_bytes(p, p->files[i].want, &len);
	cr_expect_not_null(strstr(bytes, "\nAccountingStoragePass=new-SECRET\n"), "%s", bytes);
	free(bytes);
	free(t);
	free(j);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * issue 30: an imported password stays in a file ({password_file: PATH}):
 * apply's bytes hold the file's value (its line break dropped), and a file
 * that does not read gives no bytes, never the placeholder.
 */
Test(plan, secret_pass_through_from_a_password_file)
{
	char path[] = "/tmp/plan-secret-XXXXXX";
	int fd = mkstemp(path);
	struct fixture fx;
	struct plan *p;
	char *bytes;
	size_t i, len;

	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "file-SECRET\n", 12), 12);
	close(fd);
	setup(&fx, DBD_CONF);
	use_secret_slurm_conf(&fx, "");
	fx.m->cluster.slurm_conf.items[0].password_file = path;
	observe_conf(&fx, 1, SLURM_CONF "AccountingStoragePass=old-SECRET\n");
	p = compute(&fx, "pw");
	for (i = 0; i < p->n_files; i++)
		if (!strcmp(p->files[i].want->path, "/etc/slurm/slurm.conf"))
			break;
	cr_assert_lt(i, p->n_files);
	bytes = plan_file_bytes(p, p->files[i].want, &len);
	cr_assert_not_null(bytes);
	cr_expect_not_null(strstr(bytes, "\nAccountingStoragePass=file-SECRET\n"), "%s", bytes);
	free(bytes);
	unlink(path);
	cr_expect_null(plan_file_bytes(p, p->files[i].want, &len));
	plan_free(p);
	teardown_fx(&fx);
}

/* 23.11+ reconfigure re-executes the daemons: only ports, auth, identities,
 * pid files, the controller's place and node lines still need a restart. */
Test(plan, classification_per_release)
{
	static const char sel_a[] = "SelectType=select/cons_tres\n";
	static const char sel_b[] = "SelectType=select/linear\n";
	static const char port_a[] = "SlurmctldPort=6817\n";
	static const char port_b[] = "SlurmctldPort=6917\n";
	char *why = NULL;

	cr_expect_eq(plan_classify_release("/etc/slurm/slurm.conf", sel_a, strlen(sel_a),
					   sel_b, strlen(sel_b), false, NULL),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_eq(plan_classify_release("/etc/slurm/slurm.conf", sel_a, strlen(sel_a),
					   sel_b, strlen(sel_b), true, NULL),
		     RESTART_RECONFIGURE);
	cr_expect_eq(plan_classify_release("/etc/slurm/slurm.conf", port_a, strlen(port_a),
					   port_b, strlen(port_b), true, &why),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_expect_str_eq(why, "slurm.conf: SlurmctldPort");
	free(why);
}

/*
 * Configless: the controller's changed slurm.conf reaches the hosts that
 * fetch it through slurmctld; a reconfigurable key restarts no slurmd, a
 * node definition restarts every fetching slurmd.
 */
Test(plan, configless_changes_reach_fetching_hosts_through_slurmctld)
{
	struct fixture fx;
	struct plan *p;
	char *t;
	size_t i;

	setup(&fx, DBD_CONF);
	fx.m->cluster.config_mode = CONFIG_CONFIGLESS;
	observe_conf(&fx, 0, SLURM_CONF_EDITED);
	p = compute(&fx, "pw");
	cr_assert_str_eq(p->fetch_hosts, "n[2-4]");
	cr_expect_str_eq(p->fetch_files, "slurm.conf");
	cr_expect(!p->fetch_restart);
	t = text(p);
	cr_expect(strstr(t, "configless: n[2-4] receive slurm.conf through slurmctld "
			    "(scontrol reconfigure); slurmd restart: no\n"), "%s", t);
	cr_expect(!strstr(t, "restart slurmd"), "%s", t);
	free(t);
	t = json(p);
	cr_expect(strstr(t, "\"configless\": {\"files\": \"slurm.conf\", \"hosts\": "
			    "\"n[2-4]\", \"slurmd_restart\": false, \"why\": null}"), "%s", t);
	free(t);
	plan_free(p);

	observe_conf(&fx, 0, "ClusterName=c\nSlurmctldPort=6817\n"
		     "NodeName=n[1-4] CPUs=2\nPartitionName=p Nodes=ALL\n");
	p = compute(&fx, "pw");
	cr_expect(p->fetch_restart);
	for (i = 1; i < 4; i++)
		cr_expect_eq(p->service_start[i + 1] - p->service_start[i], 1,
			     "host %zu", i);
	t = text(p);
	cr_expect(strstr(t, "  n[2-4]: restart slurmd (slurm.conf: NodeName)\n"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * A running sackd (configless login host n4) whose cache is not the
 * controller's slurm.conf restarts where sackd fetches only when it starts
 * (before 25.05); one with the controller's bytes, or on 25.05, does not.
 */
Test(plan, stale_sackd_cache_restarts_sackd_before_25_05)
{
	struct fixture fx;
	struct obs_file *cache;
	struct plan *p;
	char *t;

	setup_running(&fx);
	fx.m->cluster.config_mode = CONFIG_CONFIGLESS;
	fx.m->cluster.slurm_version = "24.11";
	fx.m->hosts[3].roles = ROLE_LOGIN;
	cache = obs_add_file(&fx.obs[3], SLURM_SACKD_CACHE, true, 0644, 0, 0,
				  SLURM_CONF_EDITED, strlen(SLURM_CONF_EDITED));
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_services, 1);
	expect_service(p, 0, 3, SVC_SACKD, PLAN_SVC_RESTART);
	t = text(p);
	cr_expect(strstr(t, "  n4: restart sackd (cached slurm.conf is not the "
			    "controller's; this sackd fetches only when it starts)\n"),
		  "%s", t);
	/* slurmctld does not hand it over: n4 is not among those receiving it */
	cr_expect(!strstr(t, "configless:"), "%s", t);
	free(t);
	plan_free(p);

	fx.m->cluster.slurm_version = "25.05";
	p = compute(&fx, "pw");
	cr_expect_eq(p->n_services, 0);
	plan_free(p);

	fx.m->cluster.slurm_version = "24.11";
	free(cache->bytes);
	cache->bytes = NULL;
	cache->matches = true;
	p = compute(&fx, "pw");
	cr_expect_eq(p->n_services, 0);
	plan_free(p);

	/* a stopped sackd is started, not restarted */
	cache->matches = false;
	fx.obs[3].svc[SVC_SACKD] = OBS_SVC_STOPPED;
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_services, 1);
	expect_service(p, 0, 3, SVC_SACKD, PLAN_SVC_START);
	plan_free(p);
	teardown_fx(&fx);
}

/* A pass-through file of n1's in config_dir, after n1's three files (the
 * set stays sorted by host). */
static void add_ctl_passfile(struct fixture *fx, const char *path, const char *bytes)
{
	struct rendered_file added;

	add_file(&fx->rs, "n1", path, "root", 0644, add_blob(&fx->rs, bytes));
	added = fx->rs.files[fx->rs.n_files - 1];
	memmove(&fx->rs.files[4], &fx->rs.files[3],
		(fx->rs.n_files - 4) * sizeof(*fx->rs.files));
	fx->rs.files[3] = added;
	fx->rs.files[3].passthrough = true;
}

/* The running fixture in configless mode on release, n1 with a plugstack.conf. */
static void setup_configless_plugstack(struct fixture *fx, const char *release,
				       const char *plugstack)
{
	setup_running(fx);
	fx->m->cluster.config_mode = CONFIG_CONFIGLESS;
	fx->m->cluster.slurm_version = release;
	fx->m->cluster.config_dir = "/etc/slurm";
	add_ctl_passfile(fx, "/etc/slurm/plugstack.conf", plugstack);
}

/*
 * slurmctld serves what it read when it started or last reconfigured: a
 * changed plugstack.conf (on 22.05 a slurmd restart, no reconfigure of its
 * own) reconfigures slurmctld too, or the restarted slurmd fetch the old one.
 */
Test(plan, configless_served_file_reconfigures_slurmctld)
{
	static const char plugstack[] = "required /usr/lib/spank/pyxis.so\n";
	struct fixture fx;
	struct plan *p;
	char *t;

	setup_configless_plugstack(&fx, "22.05", plugstack);
	obs_add_file(&fx.obs[0], "/etc/slurm/plugstack.conf", true, 0644, 0, 0,
		     "# none\n", 7);
	p = compute(&fx, "pw");
	t = text(p);
	cr_expect(strstr(t, "  n1: reconfigure slurmctld (configuration changed)\n"), "%s", t);
	cr_expect(strstr(t, "  n[2-4]: restart slurmd (plugstack.conf: "), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * Before 25.05 sackd also caches the pass-through files slurmctld serves it
 * (plugstack.conf) only when it starts: a cached copy that is not the
 * controller's restarts it, naming the file.
 */
Test(plan, stale_sackd_passfile_restarts_sackd_before_25_05)
{
	static const char plugstack[] = "required /usr/lib/spank/pyxis.so\n";
	struct fixture fx;
	struct obs_file *cache;
	struct plan *p;
	char *t;

	setup_configless_plugstack(&fx, "24.11", plugstack);
	fx.m->hosts[3].roles = ROLE_LOGIN;
	obs_add_file(&fx.obs[0], "/etc/slurm/plugstack.conf", true, 0644, 0, 0,
		     plugstack, strlen(plugstack))->matches = true;
	obs_add_file(&fx.obs[3], SLURM_SACKD_CACHE, true, 0644, 0, 0, NULL, 0)->matches = true;
	cache = obs_add_file(&fx.obs[3], SLURM_SACKD_CACHE_DIR "/plugstack.conf", true,
			     0644, 0, 0, "# old\n", 6);
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_services, 1);
	expect_service(p, 0, 3, SVC_SACKD, PLAN_SVC_RESTART);
	t = text(p);
	cr_expect(strstr(t, "  n4: restart sackd (cached plugstack.conf is not the "
			    "controller's; this sackd fetches only when it starts)\n"),
		  "%s", t);
	free(t);
	plan_free(p);

	free(cache->bytes);
	cache->bytes = NULL;
	cache->matches = true;
	p = compute(&fx, "pw");
	cr_expect_eq(p->n_services, 0);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * The controller's slurm.conf holds a secret put in at push time: sackd's
 * cached bytes come back and are compared with the secret in place, so an
 * up-to-date sackd is left alone (it was restarted by every plan before).
 */
Test(plan, sackd_cache_is_compared_with_secret_values_in_place)
{
	static const char served[] = SLURM_CONF "AccountingStoragePass=the-SECRET\n";
	static const char old[] = SLURM_CONF "AccountingStoragePass=old-SECRET\n";
	struct fixture fx;
	struct obs_file *cache;
	struct plan *p;
	char *t;
	size_t i;

	setup_running(&fx);
	fx.m->cluster.config_mode = CONFIG_CONFIGLESS;
	fx.m->cluster.slurm_version = "24.11";
	fx.m->hosts[3].roles = ROLE_LOGIN;
	use_secret_slurm_conf(&fx, "the-SECRET");
	observe_conf(&fx, 0, served);
	cache = obs_add_file(&fx.obs[3], SLURM_SACKD_CACHE, true, 0644, 0, 0,
				  served, strlen(served));
	p = compute(&fx, "pw");
	for (i = 0; i < p->n_services; i++)
		cr_expect_neq(p->services[i].kind, SVC_SACKD, "service %zu", i);
	plan_free(p);

	free(cache->bytes);
	cache->bytes = xstrdup(old);
	cache->len = strlen(old);
	p = compute(&fx, "pw");
	for (i = 0; i < p->n_services && p->services[i].kind != SVC_SACKD; i++)
		;
	cr_assert_lt(i, p->n_services);
	expect_service(p, i, 3, SVC_SACKD, PLAN_SVC_RESTART);
	t = text(p);
	cr_expect_null(strstr(t, "SECRET"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/* A file of the absent set the host has is removed; one it lacks is not. */
Test(plan, absent_files_are_removed_when_present)
{
	struct fixture fx;
	struct rendered_file *f;
	struct plan *p;
	char *t;

	setup(&fx, DBD_CONF);
	fx.rs.absent = xcalloc(2, sizeof(*fx.rs.absent));
	fx.rs.n_absent = fx.rs.alloc_absent = 2;
	for (size_t i = 0; i < 2; i++) {
		f = &fx.rs.absent[i];
		f->host = xstrdup(i ? "n3" : "n2");
		f->path = xstrdup(SLURM_SLURMD_DEFAULTS);
		f->owner = xstrdup("root");
		f->group = xstrdup("root");
		f->blob = SIZE_MAX;
		f->absent = f->only_ours = true;
	}
	obs_add_file(&fx.obs[1], SLURM_SLURMD_DEFAULTS, true, 0644, 0, 0,
			  "# " RENDER_OURS_MARK "\nSLURMD_OPTIONS=x\n", 40);
	/* not ours: left alone */
	obs_add_file(&fx.obs[2], SLURM_SLURMD_DEFAULTS, true, 0644, 0, 0,
			  "#SLURMD_OPTIONS=\"\"\n", 19);
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_files, 1);
	cr_expect_eq(p->files[0].change, PLAN_REMOVE);
	cr_expect_eq(p->files[0].host, 1);
	t = text(p);
	cr_expect(strstr(t, "  n2: /etc/default/slurmd: remove (moved to "
			    "/etc/default/slurmd.clusterctl-old)\n"), "%s", t);
	cr_expect(strstr(t, "  n2: restart slurmd (/etc/default/slurmd)\n"), "%s", t);
	free(t);
	plan_free(p);
	for (size_t i = 0; i < 2; i++) {
		free(fx.rs.absent[i].host);
		free(fx.rs.absent[i].path);
		free(fx.rs.absent[i].owner);
		free(fx.rs.absent[i].group);
	}
	free(fx.rs.absent);
	teardown_fx(&fx);
}

/* The munge key changes planned (one per host whose key differs). */
static size_t key_changes(const struct plan *p)
{
	size_t i, n = 0;

	for (i = 0; i < p->n_files; i++)
		n += p->files[i].want->secret && p->files[i].content;
	return n;
}

Test(plan, decide_keeps_the_controllers_key)
{
	struct fixture fx;
	struct plan_round r;
	struct plan *p;
	char *cause = NULL, fp[MUNGEKEY_FP_LEN];

	setup(&fx, DBD_CONF);
	r = (struct plan_round){ .obs = fx.obs, .controller_key = &fx.key,
				 .db_password = "pw" };
	p = plan_decide(fx.m, &fx.rs, &r, &cause);
	cr_assert(p, "%s", cause);
	mungekey_fingerprint(&fx.key, fp);
	cr_expect_eq(p->key_source, PLAN_KEY_CONTROLLER);
	cr_expect_str_eq(p->key_fp, fp);
	cr_expect_null(p->key_note);
	cr_expect_eq(plan_count(p), 0);
	/* no database in the inventory: no accounting section */
	cr_expect(!p->acct_wanted && !p->acct && !p->acct_error);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, decide_without_the_controllers_key_makes_one)
{
	struct fixture fx;
	struct mungekey none = MUNGEKEY_INIT;
	struct plan_round r;
	struct plan *p;
	char *cause = NULL;

	setup(&fx, DBD_CONF);
	r = (struct plan_round){ .obs = fx.obs, .controller_key = &none,
				 .db_password = "pw" };
	p = plan_decide(fx.m, &fx.rs, &r, &cause);
	cr_assert(p, "%s", cause);
	cr_expect_eq(p->key_source, PLAN_KEY_GENERATED);
	cr_expect_eq(key_changes(p), 4, "every host gets the new key");
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, decide_leaves_the_key_alone_without_the_controller)
{
	struct fixture fx;
	struct mungekey none = MUNGEKEY_INIT;
	struct plan_round r;
	struct plan *p;
	char *cause = NULL, *t;

	setup(&fx, DBD_CONF);
	fx.obs[0].ok = false;
	r = (struct plan_round){ .obs = fx.obs, .controller_key = &none,
				 .db_password = "pw" };
	p = plan_decide(fx.m, &fx.rs, &r, &cause);
	cr_assert(p, "%s", cause);
	cr_expect_eq(key_changes(p), 0, "a new key would split the cluster");
	cr_expect_str_eq(p->key_note, "not checked: the controller 'n1' was not "
			 "observed (its key is the cluster's)");
	cr_expect(fx.obs[0].error == NULL && !fx.obs[0].ok,
		  "the observation stays as observed");
	t = text(p);
	cr_expect(strstr(t, "not checked: the controller 'n1'"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/* n1: slurmdbd 26.05 and slurmctld 24.11; n2 slurmd 24.11, n3 slurmd 26.05
 * (ahead of slurmctld), n4 slurmd 26.05 installed under a running 24.11 */
static void setup_upgrade(struct fixture *fx, const char *conf)
{
	static const struct { size_t h; enum service_kind k; const char *v;
			      enum obs_run run; } rel[] = {
		{ 0, SVC_SLURMDBD, "26.05.5", OBS_RUN_INSTALLED },
		{ 0, SVC_SLURMCTLD, "24.11.5", OBS_RUN_INSTALLED },
		{ 1, SVC_SLURMD, "24.11.5", OBS_RUN_INSTALLED },
		{ 2, SVC_SLURMD, "26.05.5", OBS_RUN_INSTALLED },
		{ 3, SVC_SLURMD, "26.05.5", OBS_RUN_OTHER },
	};

	setup(fx, DBD_CONF);
	fx->m->cluster.slurm_version = "26.05";
	free(fx->rs.blobs[0].bytes);
	fx->rs.blobs[0].bytes = xstrdup(conf);
	fx->rs.blobs[0].len = strlen(conf);
	for (size_t i = 0; i < ARRAY_SIZE(rel); i++) {
		snprintf(fx->obs[rel[i].h].rel[rel[i].k].installed, OBS_RELEASE_LEN,
			 "%s", rel[i].v);
		fx->obs[rel[i].h].rel[rel[i].k].run = rel[i].run;
	}
}

Test(plan, an_upgrade_names_the_order_and_the_next_step)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j, *un;

	setup_upgrade(&fx, SLURM_CONF);
	p = compute(&fx, "pw");
	un = plan_unobserved(p);
	cr_expect_null(un, "nothing an older daemon rejects: %s", un);
	t = text(p);
	cr_expect(strstr(t, "releases (DAEMON -V, and the binary its process runs):\n"
			 "  slurmctld 24.11.5: n1\n  slurmdbd 26.05.5: n1\n"), "%s", t);
	cr_expect(strstr(t, "  slurmd 24.11.5: n2\n  slurmd 26.05.5: n3\n"
			 "  slurmd 26.05.5: n4 (installed; the process runs another "
			 "binary: not restarted since its package changed)\n"), "%s", t);
	cr_expect(strstr(t, "upgrade: next: slurmctld on n1 (install Slurm 26.05, "
			 "then restart it)\n"), "%s", t);
	cr_expect(strstr(t, "upgrade: out of order: slurmd on n3 runs 26.05.5, newer "
			 "than slurmctld on n1 (24.11.5): Slurm upgrades slurmctld "
			 "first\n"), "%s", t);
	cr_expect(!strstr(t, "too far"), "24.11 -> 26.05 is in the window: %s", t);
	j = json(p);
	cr_expect(strstr(j, "{\"daemon\": \"slurmd\", \"hosts\": \"n4\", \"installed\": "
			 "\"26.05.5\", \"state\": \"replaced\"}"), "%s", j);
	cr_expect(strstr(j, "{\"daemon\": \"slurmctld\", \"hosts\": \"n1\", \"installed\": "
			 "\"24.11.5\", \"running\": \"24.11.5\", \"state\": \"running\"}"),
		  "%s", j);
	free(j);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/* What 24.11 does not know refuses the hosts whose daemon runs 24.11 only. */
Test(plan, a_key_an_older_daemon_rejects_refuses_its_hosts)
{
	struct fixture fx;
	struct plan *p;
	char *t, *un;

	setup_upgrade(&fx, SLURM_CONF "HealthCheckTimeout=30\n"
		      "PartitionName=q Nodes=ALL Exclusive=NO\n");
	p = compute(&fx, "pw");
	un = plan_unobserved(p);
	cr_expect_str_eq(un, "n[1-2]");
	t = text(p);
	cr_expect(strstr(t, "  n1: /etc/slurm/slurm.conf: key 'HealthCheckTimeout' needs "
			 "Slurm 26.05, and slurmctld here runs 24.11.5: it would refuse "
			 "the file; /etc/slurm/slurm.conf: key 'Exclusive' needs Slurm "
			 "26.05, and slurmctld here runs 24.11.5: it would refuse the "
			 "file: nothing is planned here until it runs Slurm 26.05"), "%s", t);
	cr_expect(strstr(t, "  n2: /etc/slurm/slurm.conf: key 'HealthCheckTimeout' needs "
			 "Slurm 26.05, and slurmd here runs 24.11.5"), "%s", t);
	/* n3 runs 26.05; n4's running release is not known: planned */
	cr_expect(!strstr(t, "  n3: "), "%s", t);
	cr_expect(!strstr(t, "  n4: "), "%s", t);
	free(un);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/*
 * A login host's client commands read slurm.conf at each call: older ones
 * are refused a key they do not know, and are the upgrade's last step.
 */
Test(plan, older_client_commands_refuse_their_login_host)
{
	struct fixture fx;
	struct plan *p;
	char *t, *j;

	setup_upgrade(&fx, SLURM_CONF "HealthCheckTimeout=30\n");
	fx.m->hosts[3].roles = ROLE_LOGIN;
	memset(&fx.obs[3].rel[SVC_SLURMD], 0, sizeof(fx.obs[3].rel[SVC_SLURMD]));
	snprintf(fx.obs[3].rel[OBS_REL_CLIENTS].installed, OBS_RELEASE_LEN, "24.11.5");
	p = compute(&fx, "pw");
	t = text(p);
	cr_expect(strstr(t, "  clients 24.11.5: n4\n"), "%s", t);
	cr_expect(strstr(t, "  n4: /etc/slurm/slurm.conf: key 'HealthCheckTimeout' needs "
			 "Slurm 26.05, and the client commands here run 24.11.5: they "
			 "would refuse the file: nothing is planned here until it runs "
			 "Slurm 26.05"), "%s", t);
	j = json(p);
	cr_expect(strstr(j, "{\"daemon\": \"clients\", \"hosts\": \"n4\", \"installed\": "
			 "\"24.11.5\", \"running\": \"24.11.5\", \"state\": \"installed\"}"),
		  "%s", j);
	free(j);
	free(t);
	plan_free(p);

	/* the daemons upgraded: the client commands are next */
	for (size_t h = 0; h < 3; h++)
		for (int k = SVC_SLURMCTLD; k < SVC_COUNT; k++)
			if (fx.obs[h].rel[k].installed[0]) {
				snprintf(fx.obs[h].rel[k].installed, OBS_RELEASE_LEN, "26.05.5");
				fx.obs[h].rel[k].run = OBS_RUN_INSTALLED;
			}
	p = compute(&fx, "pw");
	t = text(p);
	cr_expect(strstr(t, "upgrade: next: the client commands on n4 (install Slurm "
			 "26.05)\n"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/* 22.05 -> 26.05 skips more than Slurm's window (from 24.11 on). */
Test(plan, an_upgrade_too_far_is_named)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup_upgrade(&fx, SLURM_CONF);
	snprintf(fx.obs[1].rel[SVC_SLURMD].installed, OBS_RELEASE_LEN, "22.05.8");
	p = compute(&fx, "pw");
	t = text(p);
	plan_free(p);
	teardown_fx(&fx);
	cr_expect(strstr(t, "upgrade: too far: slurmd on n2 runs 22.05.8; Slurm 26.05 "
			 "upgrades in place from 24.11 or later only"), "%s", t);
	free(t);
}

static int file_order(const void *a, const void *b)
{
	const struct rendered_file *x = a, *y = b;
	int c = strcmp(x->host, y->host);

	return c ? c : strcmp(x->path, y->path);
}

/* A pass-through file (files:) at path on n2, observed holding have. */
static void add_passthrough(struct fixture *fx, const char *path, const char *want,
			    const char *have)
{
	add_file(&fx->rs, "n2", path, "root", 0755, add_blob(&fx->rs, want));
	fx->rs.files[fx->rs.n_files - 1].passthrough = true;
	qsort(fx->rs.files, fx->rs.n_files, sizeof(*fx->rs.files), file_order);
	if (have)
		obs_add_file(&fx->obs[1], path, true, 0755, 0, 0, have, strlen(have));
}

Test(plan, a_changed_script_is_written_and_nothing_restarts)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, DBD_CONF);
	add_passthrough(&fx, "/etc/slurm/epilog.sh", "#!/bin/sh\ntouch /tmp/b\n",
			"#!/bin/sh\ntouch /tmp/a\n");
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_files, 1);
	cr_expect_eq(p->files[0].change, PLAN_MODIFY);
	cr_expect_eq(p->files[0].restart, 0);
	cr_expect_eq(p->n_services, 0);
	t = text(p);
	cr_expect(strstr(t, "n2: /etc/slurm/epilog.sh: modify\n"
			    "    --- a/etc/slurm/epilog.sh\n"
			    "    +++ b/etc/slurm/epilog.sh\n"), "%s", t);
	cr_expect(strstr(t, "    -touch /tmp/a\n    +touch /tmp/b\n"), "%s", t);
	cr_expect(!strstr(t, "restart") && !strstr(t, "reconfigure"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

Test(plan, a_new_topology_conf_reconfigures)
{
	struct fixture fx;
	struct plan *p;
	char *t;

	setup(&fx, DBD_CONF);
	add_passthrough(&fx, "/etc/slurm/topology.conf", "SwitchName=s0 Nodes=n[1-4]\n",
			NULL);
	p = compute(&fx, "pw");
	cr_assert_eq(p->n_files, 1);
	cr_expect_eq(p->files[0].change, PLAN_CREATE);
	cr_expect_eq(p->files[0].restart, RESTART_RECONFIGURE);
	t = text(p);
	cr_expect(strstr(t, "n2: /etc/slurm/topology.conf: create"), "%s", t);
	cr_expect(strstr(t, "reconfigure slurmctld"), "%s", t);
	free(t);
	plan_free(p);
	teardown_fx(&fx);
}

/* One setting at a time, as diff's review shows each (review.h). */
static struct slurmdiff_item setting_item(enum slurmdiff_scope scope, const char *where,
					  const char *key, const char *old, const char *new)
{
	/* borrowed for the call: plan_classify_setting() only reads it */
	return (struct slurmdiff_item){ scope, (char *)where, (char *)key, (char *)old,
					(char *)new, false };
}

Test(plan, each_setting_is_classified_on_its_release)
{
	struct slurmdiff_item task = setting_item(SLURMDIFF_GLOBAL, NULL, "TaskPlugin",
						  "task/none", "task/affinity");
	struct slurmdiff_item node = setting_item(SLURMDIFF_NODE, "n4", "CPUs", "4", "8");
	struct slurmdiff_item part = setting_item(SLURMDIFF_PARTITION, "p", "MaxTime", "1", "2");
	struct slurmdiff_item dbd = setting_item(SLURMDIFF_GLOBAL, NULL, "ArchiveJobs", NULL, "yes");
	const char *key;

	cr_assert_eq(plan_classify_setting("/etc/slurm/slurm.conf", &task, false, &key),
		     RESTART_SLURMD);
	cr_assert_str_eq(key, "TaskPlugin");
	/* 23.11+: the reconfigure re-executes slurmd, which reads it again */
	cr_assert_eq(plan_classify_setting("/etc/slurm/slurm.conf", &task, true, &key),
		     RESTART_RECONFIGURE);
	cr_assert_eq(plan_classify_setting("/etc/slurm/slurm.conf", &node, true, &key),
		     RESTART_CTLD | RESTART_SLURMD);
	cr_assert_str_eq(key, "NodeName");
	cr_assert_eq(plan_classify_setting("/etc/slurm/slurm.conf", &part, false, &key),
		     RESTART_RECONFIGURE);
	cr_assert_null(key);
	cr_assert_eq(plan_classify_setting("/etc/slurm/slurmdbd.conf", &dbd, false, NULL),
		     RESTART_DBD);
}
