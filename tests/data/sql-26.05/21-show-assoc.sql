-- sacctmgr -n -P show assoc format=Cluster,Account,User,Partition,ParentName,QOS
-- exit status 0
-- [N] is the MariaDB connection id

-- [83] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [83]
SET autocommit=0;
-- [83]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [83]
ROLLBACK;
-- [83]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 order by lineage;
-- [83]
call get_parent_limits('assoc_table', 'root', 'lab', 0);
-- [83]
call get_parent_limits('assoc_table', 'cs', 'lab', 0);
-- [83]
call get_parent_limits('assoc_table', 'root', 'lab', 0);
-- [83]
call get_parent_limits('assoc_table', 'physics', 'lab', 0);
-- [83]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 order by lineage;
-- [83]
call get_parent_limits('assoc_table', 'root', 'lab2', 0);
-- [83]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [83]
ROLLBACK;
-- [83]
ROLLBACK;
-- [83] Quit 
