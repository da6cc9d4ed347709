-- sacctmgr -i add user carol Account=hep,cs Cluster=lab DefaultAccount=cs QOS=normal,gpu4 DefaultQOS=gpu4 GrpTRES=gres/gpu=2
-- exit status 0
-- [N] is the MariaDB connection id

-- [47] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [47]
SET autocommit=0;
-- [47]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [47]
ROLLBACK;
-- [47]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [47]
select id, type, name from tres_table where (deleted=0 || deleted=1) order by id;
-- [47]
insert into user_table (creation_time, mod_time, name, admin_level) values (1795749326, 1795749326, 'carol', 1) on duplicate key update name=VALUES(name), admin_level=IF(deleted=1, VALUES(admin_level), admin_level), deleted=0, mod_time=VALUES(mod_time);
-- [47]
insert into txn_table (timestamp, action, name, actor, info) values (1795749326, 1406, 'carol', 'root', '');
-- [47]
insert into "lab_assoc_table" (creation_time, mod_time, acct, is_def, user, `partition`, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, grp_tres, qos) values (1795749326, 1795749326, 'hep', 0, 'carol', '', 4, '/physics/hep/0-carol/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 2, '1001=2', ',1,2,') on duplicate key update deleted=0, mod_time=1795749326, acct='hep', is_def=0, user='carol', `partition`='', id_parent='4', lineage='/physics/hep/0-carol/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=2, grp_tres='1001=2', qos=',1,2,', id_assoc=LAST_INSERT_ID(id_assoc);
-- [47]
call get_parent_limits('assoc_table', 'hep', 'lab', 0);
-- [47]
insert into "lab_assoc_table" (creation_time, mod_time, acct, is_def, user, `partition`, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, grp_tres, qos) values (1795749326, 1795749326, 'cs', 1, 'carol', '', 7, '/cs/0-carol/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 2, '1001=2', ',1,2,') on duplicate key update deleted=0, mod_time=1795749326, acct='cs', is_def=1, user='carol', `partition`='', id_parent='7', lineage='/cs/0-carol/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=2, grp_tres='1001=2', qos=',1,2,', id_assoc=LAST_INSERT_ID(id_assoc);
-- [47]
call get_parent_limits('assoc_table', 'cs', 'lab', 0);
-- [47]
select id_assoc from "lab_assoc_table" where (user='carol' && acct!='cs' && is_def=1);
-- [47]
select distinct is_def, acct from "lab_assoc_table" where user='carol' and deleted!=1 ORDER BY is_def desc, creation_time desc LIMIT 1;
-- [47]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749326, 1404, 'id_assoc=8', 'root', 'mod_time=1795749326, acct=\'hep\', is_def=0, user=\'carol\', `partition`=\'\', id_parent=\'4\', lineage=\'/physics/hep/0-carol/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=2, grp_tres=\'1001=2\', qos=\',1,2,\'', 'lab'), (1795749326, 1404, 'id_assoc=9', 'root', 'mod_time=1795749326, acct=\'cs\', is_def=1, user=\'carol\', `partition`=\'\', id_parent=\'7\', lineage=\'/cs/0-carol/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=2, grp_tres=\'1001=2\', qos=\',1,2,\'', 'lab');
-- [47]
COMMIT;
-- [47]
ROLLBACK;
-- [47]
ROLLBACK;
-- [47] Quit 
