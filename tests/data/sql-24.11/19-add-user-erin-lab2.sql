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
insert into user_table (creation_time, mod_time, name, admin_level) values (1795454074, 1795454074, 'erin', 1) on duplicate key update name=VALUES(name), admin_level=IF(deleted=1, VALUES(admin_level), admin_level), deleted=0, mod_time=VALUES(mod_time);
-- [77]
select acct from acct_coord_table where user='erin' && deleted=0;
-- [77]
select distinct t2.acct from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/%0-erin/%') union select distinct t2.acct from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/%0-erin/%');
-- [77]
insert into txn_table (timestamp, action, name, actor, info) values (1795454074, 1406, 'erin', 'root', '');
-- [77]
select rpc_version from cluster_table where name='lab2' && deleted=0;
-- [77]
select distinct id_assoc, parent_acct, lft, rgt, deleted from "lab2_assoc_table" where acct='cs' && user='erin' && `partition`='' order by lft FOR UPDATE;
-- [77]
SELECT lft FROM "lab2_assoc_table" WHERE acct = 'cs' and user = '' order by lft;
-- [77]
insert into "lab2_assoc_table" (creation_time, mod_time, acct, is_def, user, `partition`, id_parent, lineage, shares, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_wall_pj, priority, def_qos_id, qos, delta_qos, lft, rgt, deleted) values (1795454074, 1795454074, 'cs', 1, 'erin', '', 3, '/cs/0-erin/', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '', '', 3, 4, 2);
-- [77]
call get_parent_limits('assoc_table', 'cs', 'lab2', 0);
-- [77]
select lft, rgt from "lab2_assoc_table" where id_assoc=4;
-- [77]
select id_assoc from "lab2_assoc_table" where (user='erin' && acct!='cs' && is_def=1);
-- [77]
select distinct is_def, acct from "lab2_assoc_table" where user='erin' and deleted!=1 ORDER BY is_def desc, creation_time desc LIMIT 1;
-- [77]
UPDATE "lab2_assoc_table" SET rgt = rgt+2 WHERE rgt > 2 && deleted < 2;UPDATE "lab2_assoc_table" SET lft = lft+2 WHERE lft > 2 && deleted < 2;UPDATE "lab2_assoc_table" SET deleted = 0 WHERE deleted = 2;
-- [77]
select rpc_version from cluster_table where name='lab2' && deleted=0;
-- [77]
select id_assoc, lft from "lab2_assoc_table" where lft > 3 && deleted = 0;
-- [77]
insert into txn_table (timestamp, action, name, actor, info, cluster) values (1795454074, 1404, 'id_assoc=4', 'root', 'mod_time=1795454074, acct=\'cs\', is_def=1, user=\'erin\', `partition`=\'\', id_parent=\'3\', lineage=\'/cs/0-erin/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'', 'lab2');
-- [77]
COMMIT;
-- [77]
ROLLBACK;
-- [77] Quit 
