-- sacctmgr -i delete qos gpu4
-- exit status 0
-- [N] is the MariaDB connection id

-- [71] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [71]
SET autocommit=0;
-- [71]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [71]
ROLLBACK;
-- [71]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [71]
select id, name from qos_table where deleted=0 && (name='gpu4');
-- [71]
update qos_table set preempt=regexp_replace(preempt, ',2\\b', '');
-- [71]
update "lab_assoc_table" set mod_time=1795749335 , qos=replace(qos, ',2,', if(qos=',2,', '', ',')), delta_qos=replace(delta_qos, ',+2,', if(delta_qos=',+2,', '', ',')), delta_qos=replace(delta_qos, ',-2,', if(delta_qos=',-2,', '', ',')) where deleted=0;
-- [71]
update "lab2_assoc_table" set mod_time=1795749335 , qos=replace(qos, ',2,', if(qos=',2,', '', ',')), delta_qos=replace(delta_qos, ',+2,', if(delta_qos=',+2,', '', ',')), delta_qos=replace(delta_qos, ',-2,', if(delta_qos=',-2,', '', ',')) where deleted=0;
-- [71]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (id_qos='2') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [71]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (id_qos='2') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [71]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab_job_table" as t1, "lab_assoc_table" as t2 where (id_qos='2') and t1.id_assoc=t2.id_assoc;
-- [71]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (id_qos='2') and t1.id_assoc=t2.id_assoc;
-- [71]
delete from qos_table where creation_time>1795662935 && (id='2');update qos_table set mod_time=1795749335, deleted=1, grace_time=DEFAULT, max_jobs_pa=DEFAULT, max_jobs_per_user=DEFAULT, max_jobs_accrue_pa=DEFAULT, max_jobs_accrue_pu=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs_pa=DEFAULT, max_submit_jobs_per_user=DEFAULT, max_tres_pa=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_pu=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins_pa=DEFAULT, max_tres_run_mins_pu=DEFAULT, min_tres_pj=DEFAULT, max_wall_duration_per_job=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, grp_wall=DEFAULT, preempt=DEFAULT, preempt_exempt_time=DEFAULT, priority=DEFAULT, usage_factor=DEFAULT, usage_thres=DEFAULT, limit_factor=DEFAULT where deleted=0 && (id='2');insert into txn_table (timestamp, action, name, actor) values (1795749335, 1450, 'id=\'2\'', 'root');
-- [71]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.def_qos_id='2') order by lineage;
-- [71]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.def_qos_id='2') order by lineage;
-- [71]
COMMIT;
-- [71]
ROLLBACK;
-- [71]
ROLLBACK;
-- [71] Quit 
