-- sacctmgr -i add account cs Cluster=lab,lab2 Description=cs Organization=cs
-- exit status 0
-- [N] is the MariaDB connection id

-- [44] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [44]
SET autocommit=0;
-- [44]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [44]
ROLLBACK;
-- [44]
select name from acct_table where name='cs' and !deleted;
-- [44]
insert into acct_table (creation_time, mod_time, name, description, organization, flags) values (1795749325, 1795749325, 'cs', 'cs', 'cs', 0) on duplicate key update deleted=0, description=VALUES(description), mod_time=VALUES(mod_time), organization=VALUES(organization);
-- [44]
insert into txn_table (timestamp, action, name, actor, info) values (1795749325, 1402, 'cs', 'root', 'description=\'cs\', organization=\'cs\', flags=\'0\'');
-- [44]
insert into "lab_assoc_table" (creation_time, mod_time, acct, is_def, parent_acct, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, qos, delta_qos) values (1795749325, 1795749325, 'cs', 0, 'root', 1, '/cs/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', '') on duplicate key update deleted=0, mod_time=1795749325, acct='cs', is_def=0, parent_acct='root', user='', id_parent='1', lineage='/cs/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos='', delta_qos='', id_assoc=LAST_INSERT_ID(id_assoc);
-- [44]
call get_parent_limits('assoc_table', 'root', 'lab', 0);
-- [44]
insert into "lab2_assoc_table" (creation_time, mod_time, acct, is_def, parent_acct, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, qos, delta_qos) values (1795749325, 1795749325, 'cs', 0, 'root', 1, '/cs/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', '') on duplicate key update deleted=0, mod_time=1795749325, acct='cs', is_def=0, parent_acct='root', user='', id_parent='1', lineage='/cs/', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos='', delta_qos='', id_assoc=LAST_INSERT_ID(id_assoc);
-- [44]
call get_parent_limits('assoc_table', 'root', 'lab2', 0);
-- [44]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795749325, 1404, 'id_assoc=7', 'root', 'mod_time=1795749325, acct=\'cs\', is_def=0, parent_acct=\'root\', user=\'\', id_parent=\'1\', lineage=\'/cs/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'', 'lab'), (1795749325, 1404, 'id_assoc=3', 'root', 'mod_time=1795749325, acct=\'cs\', is_def=0, parent_acct=\'root\', user=\'\', id_parent=\'1\', lineage=\'/cs/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'', 'lab2');
-- [44]
select user, acct from acct_coord_table where deleted=0;
-- [44]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [44]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [44]
COMMIT;
-- [44]
ROLLBACK;
-- [44]
ROLLBACK;
-- [44] Quit 
