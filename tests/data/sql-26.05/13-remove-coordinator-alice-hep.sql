-- sacctmgr -i remove coordinator Account=hep Names=alice
-- exit status 0
-- [N] is the MariaDB connection id

-- [56] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [56]
SET autocommit=0;
-- [56]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [56]
ROLLBACK;
-- [56]
select name, description, organization, deleted, flags from acct_table where deleted=0 && (name='hep');
-- [56]
select name, admin_level, deleted from user_table where deleted=0 && (name='alice');
-- [56]
select user, acct from acct_coord_table where deleted=0 && (user='alice') && (acct='hep') order by user;
-- [56]
delete from acct_coord_table where creation_time>1795662929 && ((user='alice') && (acct='hep'));update acct_coord_table set mod_time=1795749329, deleted=1 where deleted=0 && ((user='alice') && (acct='hep'));insert into txn_table (timestamp, action, name, actor) values (1795749329, 1436, '(user=\'alice\') && (acct=\'hep\')', 'root');
-- [56]
select user, acct from acct_coord_table where deleted=0;
-- [56]
select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%') union select distinct t1.user, t2.acct from "acct_coord_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && t2.user='' && (t1.acct != t2.acct) && t2.lineage like concat('%/', t1.acct, '/%');
-- [56]
select distinct t2.acct, t2.user from "lab_assoc_table" as t1, "lab_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%') union select distinct t2.acct, t2.user from "lab2_assoc_table" as t1, "lab2_assoc_table" as t2 where t1.deleted=0 && t2.deleted=0 && (t1.flags & 65536) && t2.lineage like concat('%/', t1.acct, '/0-%');
-- [56]
COMMIT;
-- [56]
ROLLBACK;
-- [56]
ROLLBACK;
-- [56] Quit 
