-- sacctmgr -i delete user bob
-- exit status 0
-- [N] is the MariaDB connection id

-- [41] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [41]
SET autocommit=0;
-- [41]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [41]
ROLLBACK;
-- [41]
select name from user_table where deleted=0  && (name='bob');
-- [41]
select user, acct from acct_coord_table where deleted=0 && (user='bob') order by user;
-- [41]
delete from acct_coord_table where creation_time>1795662923 && ((user='bob'));update acct_coord_table set mod_time=1795749323, deleted=1 where deleted=0 && ((user='bob'));insert into txn_table (timestamp, action, name, actor) values (1795749323, 1436, '(user=\'bob\')', 'root');
-- [41]
select user, acct from acct_coord_table where deleted=0;
-- [41]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [41]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [41]
select t1.id_wckey, t1.wckey_name, t1.user from "lab_wckey_table" as t1 where t1.deleted=0 && (t1.user='bob');
-- [41]
select t1.id_wckey, t1.wckey_name, t1.user from "lab2_wckey_table" as t1 where t1.deleted=0 && (t1.user='bob');
-- [41]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (t2.lineage like '%/0-bob/%') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [41]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (t2.lineage like '%/0-bob/%') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [41]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (t2.lineage like '%/0-bob/%') and t1.id_assoc=t2.id_assoc;
-- [41]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (t2.lineage like '%/0-bob/%') and t1.id_assoc=t2.id_assoc;
-- [41]
delete from user_table where creation_time>1795662923 && (name in('bob'));update user_table set mod_time=1795749323, deleted=1 where deleted=0 && (name in('bob'));insert into txn_table (timestamp, action, name, actor) values (1795749323, 1439, 'name in(\'bob\')', 'root');
-- [41]
select distinct t2.id_assoc from "lab_assoc_table" as t2 where t2.lineage like '%/0-bob/%' && t2.deleted=0 order by t2.lineage;
-- [41]
delete quick from "lab_assoc_table" where creation_time>1795662923 && (id_assoc=6);
-- [41]
update "lab_assoc_table" as t1 set mod_time=1795749323, deleted=1, def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, priority=DEFAULT, is_def=DEFAULT, comment=DEFAULT, flags=DEFAULT where (id_assoc=6);
-- [41]
select distinct t2.id_assoc from "lab2_assoc_table" as t2 where t2.lineage like '%/0-bob/%' && t2.deleted=0 order by t2.lineage;
-- [41]
update acct_coord_table set deleted=1, mod_time=1795749323 where (null);
-- [41]
select user, acct from acct_coord_table where deleted=0;
-- [41]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [41]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [41]
COMMIT;
-- [41]
ROLLBACK;
-- [41]
ROLLBACK;
-- [41] Quit 
