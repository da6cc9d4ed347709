-- sacctmgr -i add user dave Account=cs Cluster=lab Partition=debug
-- exit status 0
-- [N] is the MariaDB connection id

-- [50] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [50]
SET autocommit=0;
-- [50]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [50]
ROLLBACK;
-- [50]
insert into user_table (creation_time, mod_time, name, admin_level) values (1795749327, 1795749327, 'dave', 1) on duplicate key update name=VALUES(name), admin_level=IF(deleted=1, VALUES(admin_level), admin_level), deleted=0, mod_time=VALUES(mod_time);
-- [50]
insert into txn_table (timestamp, action, name, actor, info) values (1795749327, 1406, 'dave', 'root', '');
-- [50]
insert into "lab_assoc_table" (creation_time, mod_time, acct, is_def, user, `partition`, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, qos, delta_qos) values (1795749327, 1795749327, 'cs', 1, 'dave', 'debug', 7, '/cs/0-dave/debug/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', '') on duplicate key update deleted=0, mod_time=1795749327, acct='cs', is_def=1, user='dave', `partition`='debug', id_parent='7', lineage='/cs/0-dave/debug/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos='', delta_qos='', id_assoc=LAST_INSERT_ID(id_assoc);
-- [50]
call get_parent_limits('assoc_table', 'cs', 'lab', 0);
-- [50]
select id_assoc from "lab_assoc_table" where (user='dave' && acct!='cs' && is_def=1);
-- [50]
select distinct is_def, acct from "lab_assoc_table" where user='dave' and deleted!=1 ORDER BY is_def desc, creation_time desc LIMIT 1;
-- [50]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749327, 1404, 'id_assoc=10', 'root', 'mod_time=1795749327, acct=\'cs\', is_def=1, user=\'dave\', `partition`=\'debug\', id_parent=\'7\', lineage=\'/cs/0-dave/debug/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'', 'lab');
-- [50]
COMMIT;
-- [50]
ROLLBACK;
-- [50]
ROLLBACK;
-- [50] Quit 
