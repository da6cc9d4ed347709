-- sacctmgr -i modify user where name=carol account=hep cluster=lab set MaxJobs=4 GrpTRES=gres/gpu=1
-- exit status 0
-- [N] is the MariaDB connection id

-- [59] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [59]
SET autocommit=0;
-- [59]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [59]
ROLLBACK;
-- [59]
select id, type, name from tres_table where (deleted=0 || deleted=1) order by id;
-- [59]
select distinct t1.id_assoc, t1.acct, t1.parent_acct, t1.user, t1.`partition`, t1.qos, t1.grp_tres_mins, t1.grp_tres_run_mins, t1.grp_tres, t1.max_tres_mins_pj, t1.max_tres_run_mins, t1.max_tres_pj, t1.max_tres_pn, t1.lineage, t1.flags from "lab_assoc_table" as t1 where t1.deleted=0 && (t1.acct='hep') && (t1.user='carol') ORDER BY lineage FOR UPDATE;
-- [59]
call get_parent_limits('assoc_table', 'hep', 'lab', 0);
-- [59]
update "lab_assoc_table" set mod_time=1795749330, max_jobs=4, grp_tres = if (id_assoc=8, '1001=1', grp_tres) where deleted=0 && (id_assoc=8);insert into txn_table (timestamp, action, name, cluster, actor, info) values (1795749330, 1429, '(id_assoc=8)', 'lab', 'root', 'max_jobs=4, grp_tres = if (id_assoc=8, \'1001=1\', grp_tres)');
-- [59]
COMMIT;
-- [59]
ROLLBACK;
-- [59]
ROLLBACK;
-- [59] Quit 
