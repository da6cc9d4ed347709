-- sacctmgr -i modify account hep set GrpTRES=gres/gpu=8
-- exit status 0
-- [N] is the MariaDB connection id

-- [35] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [35]
SET autocommit=0;
-- [35]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [35]
ROLLBACK;
-- [35]
select id, type, name from tres_table where (deleted=0 || deleted=1) order by id;
-- [35]
select distinct t1.id_assoc, t1.acct, t1.parent_acct, t1.user, t1.`partition`, t1.qos, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.acct='hep') && user = ''  ORDER BY lineage FOR UPDATE;
-- [35]
call get_parent_limits('assoc_table', 'physics', 'lab', 0);
-- [35]
select distinct id_assoc, user, acct, parent_acct, `partition`, max_jobs, max_jobs_accrue, min_prio_thresh, max_submit_jobs, max_tres_pj, max_tres_pn, max_wall_pj, max_tres_mins_pj, max_tres_run_mins, priority, def_qos_id, qos, delta_qos, lineage from "lab_assoc_table" where deleted!=1 && id_assoc!=4 && lineage like '/physics/hep/%' && ((user = '' && parent_acct = 'hep') || (user != '' && acct = 'hep')) order by lineage;
-- [35]
update "lab_assoc_table" set mod_time=1795749321, grp_tres = if (id_assoc=4, '1001=8', grp_tres) where deleted=0 && (id_assoc=4);insert into txn_table (timestamp, action, name, cluster, actor, info) values (1795749321, 1429, '(id_assoc=4)', 'lab', 'root', 'grp_tres = if (id_assoc=4, \'1001=8\', grp_tres)');
-- [35]
select distinct t1.id_assoc, t1.acct, t1.parent_acct, t1.user, t1.`partition`, t1.qos, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.lineage, t1.flags from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.acct='hep') && user = ''  ORDER BY lineage FOR UPDATE;
-- [35]
COMMIT;
-- [35]
ROLLBACK;
-- [35]
ROLLBACK;
-- [35] Quit 
