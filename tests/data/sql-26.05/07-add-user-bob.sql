-- sacctmgr -i add user bob Account=physics Cluster=lab AdminLevel=Operator DefaultAccount=physics
-- exit status 0
-- [N] is the MariaDB connection id

-- [38] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [38]
SET autocommit=0;
-- [38]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [38]
ROLLBACK;
-- [38]
insert into user_table (creation_time, mod_time, name, admin_level) values (1795749322, 1795749322, 'bob', 2) on duplicate key update name=VALUES(name), admin_level=IF(deleted=1, VALUES(admin_level), admin_level), deleted=0, mod_time=VALUES(mod_time);
-- [38]
insert into txn_table (timestamp, action, name, actor, info) values (1795749322, 1406, 'bob', 'root', 'admin_level=2');
-- [38]
insert into "lab_assoc_table" (creation_time, mod_time, acct, is_def, user, `partition`, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, qos, delta_qos) values (1795749322, 1795749322, 'physics', 1, 'bob', '', 3, '/physics/0-bob/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', '') on duplicate key update deleted=0, mod_time=1795749322, acct='physics', is_def=1, user='bob', `partition`='', id_parent='3', lineage='/physics/0-bob/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos='', delta_qos='', id_assoc=LAST_INSERT_ID(id_assoc);
-- [38]
call get_parent_limits('assoc_table', 'physics', 'lab', 0);
-- [38]
select id_assoc from "lab_assoc_table" where (user='bob' && acct!='physics' && is_def=1);
-- [38]
select distinct is_def, acct from "lab_assoc_table" where user='bob' and deleted!=1 ORDER BY is_def desc, creation_time desc LIMIT 1;
-- [38]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749322, 1404, 'id_assoc=6', 'root', 'mod_time=1795749322, acct=\'physics\', is_def=1, user=\'bob\', `partition`=\'\', id_parent=\'3\', lineage=\'/physics/0-bob/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'', 'lab');
-- [38]
COMMIT;
-- [38]
ROLLBACK;
-- [38]
ROLLBACK;
-- [38] Quit 
