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
select distinct id_assoc, id_parent, lft, acct, parent_acct, user, `partition` from "lab2_assoc_table" where (lineage='/cs/' || lineage='/cs/0-erin/') and deleted = 0 order by lineage;
-- [80]
select user, acct from "lab2_assoc_table" where is_def=1 and deleted=0 and user in (select user as myuser from "lab2_assoc_table"  where deleted=0 and user!='' and (id_assoc=3 || id_assoc=4) group by user having max(is_def)=1 and not count(*)=(select count(*) FROM "lab2_assoc_table" where deleted=0 AND user=myuser));
-- [80]
select t1.id_job, t2.acct, t2.user, t2.partition from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (lineage='/cs/' || lineage='/cs/0-erin/') and t1.id_assoc=t2.id_assoc and t1.time_end=0 && t1.state<3;
-- [80]
select t1.id_assoc from "lab2_job_table" as t1, "lab2_assoc_table" as t2 where (lineage='/cs/' || lineage='/cs/0-erin/') and t1.id_assoc=t2.id_assoc limit 1;
-- [80]
insert into txn_table (timestamp, action, name, actor, cluster) values (1795454075, 1437, 'id_assoc=3 || id_assoc=4', 'root', 'lab2');
-- [80]
select rpc_version from cluster_table where name='lab2' && deleted=0;
-- [80]
select id_assoc from "lab2_assoc_table" as t1 where creation_time>1795367675 && (id_assoc=3 || id_assoc=4);
-- [80]
SELECT lft, rgt, (rgt - lft + 1) FROM "lab2_assoc_table" WHERE id_assoc = 3;
-- [80]
delete quick from "lab2_assoc_table" where lft between 2 AND 5;UPDATE "lab2_assoc_table" SET rgt = rgt - 4 WHERE rgt > 5;UPDATE "lab2_assoc_table" SET lft = lft - 4 WHERE lft > 5;
-- [80]
SELECT lft, rgt, (rgt - lft + 1) FROM "lab2_assoc_table" WHERE id_assoc = 4;
-- [80]
update "lab2_assoc_table" as t1 set mod_time=1795454075, deleted=1, def_qos_id=DEFAULT, shares=DEFAULT, max_jobs=DEFAULT, max_jobs_accrue=DEFAULT, min_prio_thresh=DEFAULT, max_submit_jobs=DEFAULT, max_wall_pj=DEFAULT, max_tres_pj=DEFAULT, max_tres_pn=DEFAULT, max_tres_mins_pj=DEFAULT, max_tres_run_mins=DEFAULT, grp_jobs=DEFAULT, grp_submit_jobs=DEFAULT, grp_jobs_accrue=DEFAULT, grp_wall=DEFAULT, grp_tres=DEFAULT, grp_tres_mins=DEFAULT, grp_tres_run_mins=DEFAULT, qos=DEFAULT, delta_qos=DEFAULT, priority=DEFAULT, is_def=DEFAULT, comment=DEFAULT, flags=DEFAULT where (id_assoc=3 || id_assoc=4);
-- [80]
select rpc_version from cluster_table where name='lab2' && deleted=0;
-- [80]
select id_assoc, lft from "lab2_assoc_table" where lft > 2 && deleted = 0;
-- [80]
select rpc_version from cluster_table where name='lab2' && deleted=0;
-- [80]
select id_assoc, lft from "lab2_assoc_table" where lft > 2 && deleted = 0;
-- [80]
COMMIT;
-- [80]
ROLLBACK;
-- [80] Quit 
