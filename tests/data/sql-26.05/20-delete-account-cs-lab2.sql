-- sacctmgr -i delete account where name=cs cluster=lab2
-- exit status 0
-- [N] is the MariaDB connection id

-- [80] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [80]
SET autocommit=0;
-- [80]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [80]
ROLLBACK;
-- [80]
select distinct t1.id_assoc, t1.lineage from "lab2_assoc_table" as t1 where t1.deleted=0 && (t1.acct='cs') ORDER BY lineage;
-- [80]
select distinct id_assoc, id_parent, acct, parent_acct, user, `partition` from "lab2_assoc_table" where (lineage like '/cs/%' || lineage like '/cs/0-erin/%') and deleted = 0 order by lineage;
-- [80]
select user, acct, `partition` from "lab2_assoc_table" join (select user as myuser from "lab2_assoc_table"  where deleted=0 AND user!='' and (id_assoc=3 || id_assoc=4) group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab2_assoc_table" where deleted=0 AND user=myuser) and not (select count(*) from "lab2_assoc_table"  where deleted=0 and user=myuser and (id_assoc=3 || id_assoc=4) and is_def=1)<(select count(*) FROM "lab2_assoc_table" where deleted=0 and user=myuser and is_def=1)) as t3 ON user=myuser where is_def=1 AND deleted=0;
-- [80]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (lineage like '/cs/%' || lineage like '/cs/0-erin/%') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3 limit 1;
-- [80]
select distinct t1.id_job, t2.acct, t2.user, t2.partition, t1.id_qos, t1.id_wckey from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (lineage like '/cs/%' || lineage like '/cs/0-erin/%') and t1.id_assoc=t2.id_assoc;
-- [80]
insert into txn_table (timestamp, action, name, actor, cluster) values (1795749338, 1437, 'id_assoc=3 || id_assoc=4', 'root', 'lab2');
-- [80]
delete quick from "lab2_assoc_table" where creation_time>1795662938 && (id_assoc=3 || id_assoc=4);
-- [80]
update "lab2_assoc_table" as t1 set mod_time=1795749338, deleted=1, def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, priority=DEFAULT, is_def=DEFAULT, comment=DEFAULT, flags=DEFAULT where (id_assoc=3 || id_assoc=4);
-- [80]
COMMIT;
-- [80]
ROLLBACK;
-- [80]
ROLLBACK;
-- [80] Quit 
