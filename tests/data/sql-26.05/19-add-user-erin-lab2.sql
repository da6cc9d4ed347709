-- sacctmgr -i add user erin Account=cs Cluster=lab2
-- exit status 0
-- [N] is the MariaDB connection id

-- [77] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [77]
SET autocommit=0;
-- [77]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [77]
ROLLBACK;
-- [77]
insert into user_table (creation_time, mod_time, name, admin_level) values (1795749337, 1795749337, 'erin', 1) on duplicate key update name=VALUES(name), admin_level=IF(deleted=1, VALUES(admin_level), admin_level), deleted=0, mod_time=VALUES(mod_time);
-- [77]
insert into txn_table (timestamp, action, name, actor, info) values (1795749337, 1406, 'erin', 'root', '');
-- [77]
insert into "lab2_assoc_table" (creation_time, mod_time, acct, is_def, user, `partition`, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, qos, delta_qos) values (1795749337, 1795749337, 'cs', 1, 'erin', '', 3, '/cs/0-erin/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', '') on duplicate key update deleted=0, mod_time=1795749337, acct='cs', is_def=1, user='erin', `partition`='', id_parent='3', lineage='/cs/0-erin/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos='', delta_qos='', id_assoc=LAST_INSERT_ID(id_assoc);
-- [77]
call get_parent_limits('assoc_table', 'cs', 'lab2', 0);
-- [77]
select id_assoc from "lab2_assoc_table" where (user='erin' && acct!='cs' && is_def=1);
-- [77]
select distinct is_def, acct from "lab2_assoc_table" where user='erin' and deleted!=1 ORDER BY is_def desc, creation_time desc LIMIT 1;
-- [77]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749337, 1404, 'id_assoc=4', 'root', 'mod_time=1795749337, acct=\'cs\', is_def=1, user=\'erin\', `partition`=\'\', id_parent=\'3\', lineage=\'/cs/0-erin/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'', 'lab2');
-- [77]
COMMIT;
-- [77]
ROLLBACK;
-- [77]
ROLLBACK;
-- [77] Quit 
