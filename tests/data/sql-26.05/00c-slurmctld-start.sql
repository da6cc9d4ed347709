-- slurmctld start: cluster and TRES (gres/gpu) registration
-- exit status 0
-- [N] is the MariaDB connection id

-- [14] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [14]
SET autocommit=0;
-- [14]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [14]
select name, id, classification, control_host, control_port, deleted, features, federation, fed_id, fed_state, rpc_version, dimensions, flags from cluster_table where deleted=0 && (name='lab');
-- [14]
select tres, cluster_nodes from "lab_event_table" where time_end=0 and node_name='' limit 1;
-- [14]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.acct='root') && (t1.user='') order by lineage;
-- [14]
select name, control_port, federation, features, id from cluster_table where deleted=0 && (name='lab');
-- [14]
update cluster_table set mod_time=1795749307, control_host='127.0.0.1', control_port=29422, last_port=29422, rpc_version=11520, dimensions=1, flags=128 where deleted=0 && name='lab';insert into txn_table (timestamp, action, name, actor, info) values (1795749307, 1430, 'name=\'lab\'', 'root', 'control_host=\'127.0.0.1\', control_port=29422, last_port=29422, rpc_version=11520, dimensions=1, flags=128');
-- [14]
COMMIT;
-- [14]
select distinct t1.name, t1.flags from federation_table as t1 left join cluster_table as t2 on t1.name=t2.federation and t2.deleted=0 where t1.deleted=0 order by t1.name;
-- [14]
select id, type, name from tres_table where deleted=0 && (type='billing' || type='cpu' || type='energy' || (type='fs' && name='disk') || (type='gres' && name='gpu') || (type='gres' && name='gpumem') || (type='gres' && name='gpuutil') || type='mem' || type='node' || type='pages' || type='vmem') order by id;
-- [14]
COMMIT;
-- [14]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [14]
COMMIT;
-- [14]
select name, admin_level, deleted from user_table where deleted=0;
-- [14]
COMMIT;
-- [14]
select distinct t1.id_assoc, t1.user, t1.acct, t1.`partition`, t1.comment, t1.shares, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.grp_jobs, t1.grp_jobs_accrue, t1.grp_submit_jobs, t1.grp_wall, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.max_jobs, t1.max_jobs_accrue, t1.min_prio_thresh, t1.max_submit_jobs, t1.max_wall_pj, t1.parent_acct, t1.priority, t1.def_qos_id, t1.qos, t1.delta_qos, t1.is_def, t1.deleted, t1.id_parent, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 order by lineage;
-- [14]
call get_parent_limits('assoc_table', 'root', 'lab', 0);
-- [14]
COMMIT;
-- [14]
select distinct t1.id_wckey, t1.is_def, t1.wckey_name, t1.user, t1.deleted from "lab_wckey_table" as t1 where t1.deleted=0 order by wckey_name, user;
-- [14]
COMMIT;
-- [14]
select distinct count, description, flags, id, last_consumed, manager, t1.mod_time, name, server, type, SUM(allowed) from res_table as t1 left outer join clus_res_table as t2 on (res_id=id && t2.deleted=0) where t1.deleted=0 group by id;
-- [14]
COMMIT;
-- [14]
insert into tres_table (creation_time, type, name) values (1795749307, 'gres', 'gpu') on duplicate key update deleted=0, id=LAST_INSERT_ID(id);
-- [14]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749307, 1485, 'id=1001', 'root', 'type=\'gres\', name=\'gpu\'', 'lab');
-- [14]
insert into tres_table (creation_time, type, name) values (1795749307, 'gres', 'gpumem') on duplicate key update deleted=0, id=LAST_INSERT_ID(id);
-- [14]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749307, 1485, 'id=1002', 'root', 'type=\'gres\', name=\'gpumem\'', 'lab');
-- [14]
insert into tres_table (creation_time, type, name) values (1795749307, 'gres', 'gpuutil') on duplicate key update deleted=0, id=LAST_INSERT_ID(id);
-- [14]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749307, 1485, 'id=1003', 'root', 'type=\'gres\', name=\'gpuutil\'', 'lab');
-- [14]
COMMIT;
-- [14]
COMMIT;
-- [14]
select id, type, name from tres_table where deleted=0 && (type='billing' || type='cpu' || type='energy' || (type='fs' && name='disk') || (type='gres' && name='gpu') || (type='gres' && name='gpumem') || (type='gres' && name='gpuutil') || type='mem' || type='node' || type='pages' || type='vmem') order by id;
-- [14]
COMMIT;
-- [14]
select tres, cluster_nodes from "lab_event_table" where time_end=0 and node_name='' and state=0 limit 1;
-- [14]
insert into "lab_event_table" (cluster_nodes, tres, time_start, reason) values ('n1', '1=1,2=1,3=0,4=1,5=1,6=0,7=0,8=0,1001=0,1002=0,1003=0', 1795749307, 'Cluster Registered TRES') on duplicate key update time_end=0, tres=VALUES(tres);
-- [14]
update "lab_event_table" set time_end=1795749307 where time_end=0 and state=1 and node_name='';
-- [14]
COMMIT;
-- [14]
select distinct t1.name, t1.flags from federation_table as t1 left join cluster_table as t2 on t1.name=t2.federation and t2.deleted=0 where t1.deleted=0 && (t2.name='lab') order by t1.name;
-- [14]
COMMIT;
