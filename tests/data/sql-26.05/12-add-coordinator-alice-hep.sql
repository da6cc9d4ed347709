-- sacctmgr -i add coordinator Account=hep Names=alice
-- exit status 0
-- [N] is the MariaDB connection id

-- [53] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [53]
SET autocommit=0;
-- [53]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [53]
ROLLBACK;
-- [53]
select name, description, organization, deleted, flags from acct_table where deleted=0 && (name='hep');
-- [53]
select name, admin_level, deleted from user_table where deleted=0 && (name='alice');
-- [53]
insert into acct_coord_table (creation_time, mod_time, acct, user) values (1795749328, 1795749328, 'hep', 'alice') on duplicate key update mod_time=1795749328, deleted=0, user=VALUES(user);
-- [53]
select user, acct from acct_coord_table where deleted=0;
-- [53]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [53]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [53]
insert into txn_table (timestamp, action, name, actor, info) values (1795749328, 1403, 'alice', 'root', 'hep');
-- [53]
COMMIT;
-- [53]
ROLLBACK;
-- [53]
ROLLBACK;
-- [53] Quit 
