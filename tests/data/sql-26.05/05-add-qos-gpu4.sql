-- sacctmgr -i add qos gpu4 MaxTRESPerUser=gres/gpu=4 Priority=10
-- exit status 0
-- [N] is the MariaDB connection id

-- [29] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [29]
SET autocommit=0;
-- [29]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [29]
ROLLBACK;
-- [29]
select id, type, name from tres_table where (deleted=0 || deleted=1) order by id;
-- [29]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [29]
insert into qos_table (creation_time, mod_time, name, description, flags, grace_time, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, preempt_exempt_time, preempt_mode, priority, usage_factor, usage_thres, limit_factor, max_tres_pu) values (1795749319, 1795749319, 'gpu4', 'gpu4', '0', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 10, 1.000000, NULL, NULL, '1001=4') on duplicate key update deleted=0, id=LAST_INSERT_ID(id), mod_time=1795749319, description='gpu4', flags=0, grace_time=0, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs_pa=NULL, max_jobs_per_user=NULL, max_jobs_accrue_pa=NULL, max_jobs_accrue_pu=NULL, min_prio_thresh=NULL, max_submit_jobs_pa=NULL, max_submit_jobs_per_user=NULL, max_wall_duration_per_job=NULL, preempt_exempt_time=NULL, preempt_mode=0, priority=10, usage_factor=1.000000, usage_thres=NULL, limit_factor=NULL, max_tres_pu='1001=4';
-- [29]
insert into txn_table (timestamp, action, name, actor, info) values (1795749319, 1447, 'gpu4', 'root', 'mod_time=1795749319, description=\'gpu4\', flags=0, grace_time=0, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs_pa=NULL, max_jobs_per_user=NULL, max_jobs_accrue_pa=NULL, max_jobs_accrue_pu=NULL, min_prio_thresh=NULL, max_submit_jobs_pa=NULL, max_submit_jobs_per_user=NULL, max_wall_duration_per_job=NULL, preempt_exempt_time=NULL, preempt_mode=0, priority=10, usage_factor=1.000000, usage_thres=NULL, limit_factor=NULL, max_tres_pu=\'1001=4\'');
-- [29]
COMMIT;
-- [29]
ROLLBACK;
-- [29]
ROLLBACK;
-- [29] Quit 
