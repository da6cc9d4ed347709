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
delete from acct_coord_table where creation_time>1795662933 && ((acct='hep'));update acct_coord_table set mod_time=1795749333, deleted=1 where deleted=0 && ((acct='hep'));insert into txn_table (timestamp, action, name, actor) values (1795749333, 1436, '(acct=\'hep\')', 'root');
-- [65]
select user, acct from acct_coord_table where deleted=0;
-- [65]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [65]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [65]
select user, acct, `partition` from "lab_assoc_table" join (select user as myuser from "lab_assoc_table" as t2  where deleted=0 AND user!='' and (t2.lineage like '%/hep/%') group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab_assoc_table" where deleted=0 AND user=myuser) and not (select count(*) from "lab_assoc_table" as t2  where deleted=0 and user=myuser and (t2.lineage like '%/hep/%') and is_def=1)<(select count(*) FROM "lab_assoc_table" where deleted=0 and user=myuser and is_def=1)) as t3 ON user=myuser where is_def=1 AND deleted=0;
-- [65]
select user, acct, `partition` from "lab2_assoc_table" join (select user as myuser from "lab2_assoc_table" as t2  where deleted=0 AND user!='' and (t2.lineage like '%/hep/%') group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab2_assoc_table" where deleted=0 AND user=myuser) and not (select count(*) from "lab2_assoc_table" as t2  where deleted=0 and user=myuser and (t2.lineage like '%/hep/%') and is_def=1)<(select count(*) FROM "lab2_assoc_table" where deleted=0 and user=myuser and is_def=1)) as t3 ON user=myuser where is_def=1 AND deleted=0;
-- [65]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (t2.lineage like '%/hep/%') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [65]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (t2.lineage like '%/hep/%') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [65]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (t2.lineage like '%/hep/%') and t1.id_assoc=t2.id_assoc;
-- [65]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (t2.lineage like '%/hep/%') and t1.id_assoc=t2.id_assoc;
-- [65]
delete from acct_table where creation_time>1795662933 && (name in('hep'));update acct_table set mod_time=1795749333, deleted=1 where deleted=0 && (name in('hep'));insert into txn_table (timestamp, action, name, actor) values (1795749333, 1435, 'name in(\'hep\')', 'root');
-- [65]
select distinct t2.id_assoc from "lab_assoc_table" as t2 where t2.lineage like '%/hep/%' && t2.deleted=0 order by t2.lineage;
-- [65]
delete quick from "lab_assoc_table" where creation_time>1795662933 && (id_assoc=4 || id_assoc=5);
-- [65]
update "lab_assoc_table" as t1 set mod_time=1795749333, deleted=1, def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, priority=DEFAULT, is_def=DEFAULT, comment=DEFAULT, flags=DEFAULT where (id_assoc=4 || id_assoc=5);
-- [65]
select distinct t2.id_assoc from "lab2_assoc_table" as t2 where t2.lineage like '%/hep/%' && t2.deleted=0 order by t2.lineage;
-- [65]
select user, acct from acct_coord_table where deleted=0;
-- [65]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [65]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [65]
COMMIT;
-- [65]
ROLLBACK;
-- [65]
ROLLBACK;
-- [65] Quit 
