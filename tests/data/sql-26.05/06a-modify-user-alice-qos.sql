-- sacctmgr -i modify user alice set qos+=gpu4
-- exit status 0
-- [N] is the MariaDB connection id

-- [32] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [32]
SET autocommit=0;
-- [32]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [32]
ROLLBACK;
-- [32]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [32]
select name, id, classification, control_host, control_port, deleted, features, federation, fed_id, fed_state, rpc_version, dimensions, flags from cluster_table where deleted=0;
-- [32]
select tres, cluster_nodes from "lab_event_table" where time_end=0 and node_name='' limit 1;
-- [32]
select tres, cluster_nodes from "lab2_event_table" where time_end=0 and node_name='' limit 1;
-- [32]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.acct='root') && (t1.user='') order by lineage;
-- [32]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.acct='root') && (t1.user='') order by lineage;
-- [32]
select distinct t1.id_assoc, t1.acct, t1.parent_acct, t1.user, t1.`partition`, t1.qos, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.user='alice') ORDER BY lineage FOR UPDATE;
-- [32]
call get_parent_limits('assoc_table', 'hep', 'lab', 0);
-- [32]
update "lab_assoc_table" set mod_time=1795749320, qos=if (qos='', '', replace(concat(replace(qos, ',2,', ','), ',2,'), ',,', ',')), delta_qos=if (qos='', replace(concat(replace(replace(delta_qos, ',+2,', ','), ',-2,', ','), ',+2,'), ',,', ','), '') where deleted=0 && (id_assoc=5);insert into txn_table (timestamp, action, name, cluster, actor, info) values (1795749320, 1429, '(id_assoc=5)', 'lab', 'root', 'qos=if (qos=\'\', \'\', replace(concat(replace(qos, \',2,\', \',\'), \',2,\'), \',,\', \',\')), delta_qos=if (qos=\'\', replace(concat(replace(replace(delta_qos, \',+2,\', \',\'), \',-2,\', \',\'), \',+2,\'), \',,\', \',\'), \'\')');
-- [32]
select distinct t1.id_assoc, t1.acct, t1.parent_acct, t1.user, t1.`partition`, t1.qos, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.user='alice') ORDER BY lineage FOR UPDATE;
-- [32]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.acct='hep') && (t1.user='alice') order by lineage;
-- [32]
call get_parent_limits('assoc_table', 'hep', 'lab', 0);
-- [32]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.acct='hep') && (t1.user='alice') order by lineage;
-- [32]
COMMIT;
-- [32]
ROLLBACK;
-- [32]
ROLLBACK;
-- [32] Quit 
