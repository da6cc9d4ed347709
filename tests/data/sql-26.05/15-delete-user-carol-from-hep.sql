-- sacctmgr -i delete user where name=carol account=hep cluster=lab
-- exit status 0
-- [N] is the MariaDB connection id

-- [62] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [62]
SET autocommit=0;
-- [62]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [62]
ROLLBACK;
-- [62]
select distinct t1.id_assoc, t1.lineage from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.acct='hep') && (t1.user='carol') ORDER BY lineage;
-- [62]
select distinct id_assoc, id_parent, acct, parent_acct, user, `partition` from "lab_assoc_table" where (lineage like '/physics/hep/0-carol/%') and deleted = 0 order by lineage;
-- [62]
select user, acct, `partition` from "lab_assoc_table" join (select user as myuser from "lab_assoc_table"  where deleted=0 AND user!='' and (id_assoc=8) group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab_assoc_table" where deleted=0 AND user=myuser) and not (select count(*) from "lab_assoc_table"  where deleted=0 and user=myuser and (id_assoc=8) and is_def=1)<(select count(*) FROM "lab_assoc_table" where deleted=0 and user=myuser and is_def=1)) as t3 ON user=myuser where is_def=1 AND deleted=0;
-- [62]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (lineage like '/physics/hep/0-carol/%') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [62]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (lineage like '/physics/hep/0-carol/%') and t1.id_assoc=t2.id_assoc;
-- [62]
insert into txn_table (timestamp, action, name, actor, cluster) values (1795749331, 1437, 'id_assoc=8', 'root', 'lab');
-- [62]
delete quick from "lab_assoc_table" where creation_time>1795662931 && (id_assoc=8);
-- [62]
update "lab_assoc_table" as t1 set mod_time=1795749331, deleted=1, def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, priority=DEFAULT, is_def=DEFAULT, comment=DEFAULT, flags=DEFAULT where (id_assoc=8);
-- [62]
select name, admin_level, deleted from user_table where deleted=0 && (name='carol');
-- [62]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.user='carol') order by lineage;
-- [62]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.user='carol') order by lineage;
-- [62]
COMMIT;
-- [62]
ROLLBACK;
-- [62]
ROLLBACK;
-- [62] Quit 
