-- sacctmgr -i delete account hep
-- exit status 0
-- [N] is the MariaDB connection id

-- [65] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [65]
SET autocommit=0;
-- [65]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [65]
ROLLBACK;
-- [65]
select name from acct_table where deleted=0 && (name='hep');
-- [65]
select user, acct from acct_coord_table where deleted=0 && (acct='hep') order by user;
-- [65]
delete from acct_coord_table where creation_time>1795367670 && ((acct='hep'));update acct_coord_table set mod_time=1795454070, deleted=1 where deleted=0 && ((acct='hep'));insert into txn_table (timestamp, action, name, actor) values (1795454070, 1436, '(acct=\'hep\')', 'root');
-- [65]
select user, acct from "lab_assoc_table" where is_def=1 and deleted=0 and user in (select user as myuser from "lab_assoc_table" as t2  where deleted=0 and user!='' and (t2.lineage like '%/hep/%') group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab_assoc_table" where deleted=0 AND user=myuser));
-- [65]
select distinct t0.id_job, t2.acct, t2.user, t2.partition from "lab_job_table" as t0, "lab_assoc_table" as t2 where (t2.lineage like '%/hep/%') and t0.id_assoc=t2.id_assoc and t0.time_end=0 && t0.state<3;
-- [65]
select t0.id_assoc from "lab_assoc_table" as t2 STRAIGHT_JOIN "lab_job_table" as t0 where (t2.lineage like '%/hep/%') and t0.id_assoc=t2.id_assoc limit 1;
-- [65]
delete from acct_table where creation_time>1795367670 && (name in('hep'));update acct_table set mod_time=1795454070, deleted=1 where deleted=0 && (name in('hep'));insert into txn_table (timestamp, action, name, actor) values (1795454070, 1435, 'name in(\'hep\')', 'root');
-- [65]
select distinct t2.id_assoc from "lab_assoc_table" as t2 where t2.lineage like '%/hep/%' && t2.deleted=0;
-- [65]
select rpc_version from cluster_table where name='lab' && deleted=0;
-- [65]
delete quick from "lab_assoc_table" where creation_time>1795367670 && (id_assoc=4 || id_assoc=5);
-- [65]
update "lab_assoc_table" as t1 set mod_time=1795454070, deleted=1, def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, priority=DEFAULT, is_def=DEFAULT, comment=DEFAULT, flags=DEFAULT where (id_assoc=4 || id_assoc=5);
-- [65]
select user, acct from "lab2_assoc_table" where is_def=1 and deleted=0 and user in (select user as myuser from "lab2_assoc_table" as t2  where deleted=0 and user!='' and (t2.lineage like '%/hep/%') group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab2_assoc_table" where deleted=0 AND user=myuser));
-- [65]
select distinct t0.id_job, t2.acct, t2.user, t2.partition from "lab2_job_table" as t0, "lab2_assoc_table" as t2 where (t2.lineage like '%/hep/%') and t0.id_assoc=t2.id_assoc and t0.time_end=0 && t0.state<3;
-- [65]
select t0.id_assoc from "lab2_assoc_table" as t2 STRAIGHT_JOIN "lab2_job_table" as t0 where (t2.lineage like '%/hep/%') and t0.id_assoc=t2.id_assoc limit 1;
-- [65]
delete from acct_table where creation_time>1795367670 && (name in('hep'));update acct_table set mod_time=1795454070, deleted=1 where deleted=0 && (name in('hep'));insert into txn_table (timestamp, action, name, actor) values (1795454070, 1435, 'name in(\'hep\')', 'root');
-- [65]
select distinct t2.id_assoc from "lab2_assoc_table" as t2 where t2.lineage like '%/hep/%' && t2.deleted=0;
-- [65]
COMMIT;
-- [65]
ROLLBACK;
-- [65] Quit 
