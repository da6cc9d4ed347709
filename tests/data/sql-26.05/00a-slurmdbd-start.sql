-- slurmdbd first start (schema creation)
-- exit status 0
-- [N] is the MariaDB connection id

-- [6] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [6]
SET autocommit=0;
-- [6]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [6]
select @var := concat('');
-- [6]
SELECT REGEXP_REPLACE('abc123', '[0-9]+', 'X');
-- [6]
select @@innodb_buffer_pool_size;
-- [6]
select @@innodb_log_file_size;
-- [6]
select @@innodb_lock_wait_timeout;
-- [6]
select @@max_allowed_packet;
-- [6]
select @@innodb_snapshot_isolation;
-- [6]
select version from convert_version_table;
-- [6]
select name from cluster_table limit 1;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists convert_version_table (`mod_time` bigint unsigned default 0 not null, `version` int default 0, primary key (version)) engine='innodb';
-- [6]
show index from convert_version_table where non_unique=0;
-- [6]
show index from convert_version_table where non_unique=1;
-- [6]
show columns from convert_version_table;
-- [6]
show columns from `qos_table` like 'preempt';
-- [6]
select table_name from table_defs_table where definition='alter table convert_version_table modify `mod_time` bigint unsigned default 0 not null, modify `version` int default 0, drop primary key, add primary key (version);';
-- [6]
select table_name from table_defs_table where table_name='convert_version_table';
-- [6]
alter table convert_version_table modify `mod_time` bigint unsigned default 0 not null, modify `version` int default 0, drop primary key, add primary key (version);
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749301, 1795749301, 'convert_version_table', 'alter table convert_version_table modify `mod_time` bigint unsigned default 0 not null, modify `version` int default 0, drop primary key, add primary key (version);') on duplicate key update definition='alter table convert_version_table modify `mod_time` bigint unsigned default 0 not null, modify `version` int default 0, drop primary key, add primary key (version);', mod_time=1795749301;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists cluster_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `name` tinytext not null, `id` smallint, `control_host` tinytext not null default '', `control_port` int unsigned not null default 0, `last_port` int unsigned not null default 0, `rpc_version` smallint unsigned not null default 0, `classification` smallint unsigned default 0, `dimensions` smallint unsigned default 1, `flags` int unsigned default 0, `federation` tinytext not null, `features` text not null default '', `fed_id` int unsigned default 0 not null, `fed_state` smallint unsigned not null, primary key (name(42))) engine='innodb';
-- [6]
show index from cluster_table where non_unique=0;
-- [6]
show index from cluster_table where non_unique=1;
-- [6]
show columns from cluster_table;
-- [6]
select table_name from table_defs_table where definition='alter table cluster_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `id` smallint, modify `control_host` tinytext not null default \'\', modify `control_port` int unsigned not null default 0, modify `last_port` int unsigned not null default 0, modify `rpc_version` smallint unsigned not null default 0, modify `classification` smallint unsigned default 0, modify `dimensions` smallint unsigned default 1, modify `flags` int unsigned default 0, modify `federation` tinytext not null, modify `features` text not null default \'\', modify `fed_id` int unsigned default 0 not null, modify `fed_state` smallint unsigned not null, drop primary key, add primary key (name(42));';
-- [6]
select table_name from table_defs_table where table_name='cluster_table';
-- [6]
alter table cluster_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `id` smallint, modify `control_host` tinytext not null default '', modify `control_port` int unsigned not null default 0, modify `last_port` int unsigned not null default 0, modify `rpc_version` smallint unsigned not null default 0, modify `classification` smallint unsigned default 0, modify `dimensions` smallint unsigned default 1, modify `flags` int unsigned default 0, modify `federation` tinytext not null, modify `features` text not null default '', modify `fed_id` int unsigned default 0 not null, modify `fed_state` smallint unsigned not null, drop primary key, add primary key (name(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749301, 1795749301, 'cluster_table', 'alter table cluster_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `id` smallint, modify `control_host` tinytext not null default \'\', modify `control_port` int unsigned not null default 0, modify `last_port` int unsigned not null default 0, modify `rpc_version` smallint unsigned not null default 0, modify `classification` smallint unsigned default 0, modify `dimensions` smallint unsigned default 1, modify `flags` int unsigned default 0, modify `federation` tinytext not null, modify `features` text not null default \'\', modify `fed_id` int unsigned default 0 not null, modify `fed_state` smallint unsigned not null, drop primary key, add primary key (name(42));') on duplicate key update definition='alter table cluster_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `id` smallint, modify `control_host` tinytext not null default \'\', modify `control_port` int unsigned not null default 0, modify `last_port` int unsigned not null default 0, modify `rpc_version` smallint unsigned not null default 0, modify `classification` smallint unsigned default 0, modify `dimensions` smallint unsigned default 1, modify `flags` int unsigned default 0, modify `federation` tinytext not null, modify `features` text not null default \'\', modify `fed_id` int unsigned default 0 not null, modify `fed_state` smallint unsigned not null, drop primary key, add primary key (name(42));', mod_time=1795749301;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists txn_table (`deleted` tinyint default 0 not null, `id` int not null auto_increment, `timestamp` bigint unsigned default 0 not null, `action` smallint not null, `name` text not null, `actor` tinytext not null, `cluster` tinytext not null default '', `info` blob, primary key (id), key archive_delete (deleted), key archive_purge (timestamp, cluster(42))) engine='innodb';
-- [6]
show index from txn_table where non_unique=0;
-- [6]
show index from txn_table where non_unique=1;
-- [6]
show columns from txn_table;
-- [6]
select table_name from table_defs_table where definition='alter table txn_table modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `timestamp` bigint unsigned default 0 not null, modify `action` smallint not null, modify `name` text not null, modify `actor` tinytext not null, modify `cluster` tinytext not null default \'\', modify `info` blob, drop primary key, add primary key (id), drop key archive_delete, add key archive_delete (deleted), drop key archive_purge, add key archive_purge (timestamp, cluster(42));';
-- [6]
select table_name from table_defs_table where table_name='txn_table';
-- [6]
alter table txn_table modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `timestamp` bigint unsigned default 0 not null, modify `action` smallint not null, modify `name` text not null, modify `actor` tinytext not null, modify `cluster` tinytext not null default '', modify `info` blob, drop primary key, add primary key (id), drop key archive_delete, add key archive_delete (deleted), drop key archive_purge, add key archive_purge (timestamp, cluster(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749301, 1795749301, 'txn_table', 'alter table txn_table modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `timestamp` bigint unsigned default 0 not null, modify `action` smallint not null, modify `name` text not null, modify `actor` tinytext not null, modify `cluster` tinytext not null default \'\', modify `info` blob, drop primary key, add primary key (id), drop key archive_delete, add key archive_delete (deleted), drop key archive_purge, add key archive_purge (timestamp, cluster(42));') on duplicate key update definition='alter table txn_table modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `timestamp` bigint unsigned default 0 not null, modify `action` smallint not null, modify `name` text not null, modify `actor` tinytext not null, modify `cluster` tinytext not null default \'\', modify `info` blob, drop primary key, add primary key (id), drop key archive_delete, add key archive_delete (deleted), drop key archive_purge, add key archive_purge (timestamp, cluster(42));', mod_time=1795749301;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists tres_table (`creation_time` bigint unsigned not null, `deleted` tinyint default 0 not null, `id` int not null auto_increment, `type` tinytext not null, `name` tinytext not null default '', primary key (id), unique index udex (type(42), name(42))) auto_increment=1001 engine='innodb';
-- [6]
show index from tres_table where non_unique=0;
-- [6]
show index from tres_table where non_unique=1;
-- [6]
show columns from tres_table;
-- [6]
select table_name from table_defs_table where definition='alter table tres_table modify `creation_time` bigint unsigned not null, modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `type` tinytext not null, modify `name` tinytext not null default \'\', drop primary key, add primary key (id), drop index udex, add unique index udex (type(42), name(42));';
-- [6]
select table_name from table_defs_table where table_name='tres_table';
-- [6]
alter table tres_table modify `creation_time` bigint unsigned not null, modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `type` tinytext not null, modify `name` tinytext not null default '', drop primary key, add primary key (id), drop index udex, add unique index udex (type(42), name(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749301, 1795749301, 'tres_table', 'alter table tres_table modify `creation_time` bigint unsigned not null, modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `type` tinytext not null, modify `name` tinytext not null default \'\', drop primary key, add primary key (id), drop index udex, add unique index udex (type(42), name(42));') on duplicate key update definition='alter table tres_table modify `creation_time` bigint unsigned not null, modify `deleted` tinyint default 0 not null, modify `id` int not null auto_increment, modify `type` tinytext not null, modify `name` tinytext not null default \'\', drop primary key, add primary key (id), drop index udex, add unique index udex (type(42), name(42));', mod_time=1795749301;
-- [6]
insert into tres_table (creation_time, id, deleted, type) values (1795749301, 1, 0, 'cpu'), (1795749301, 2, 0, 'mem'), (1795749301, 3, 0, 'energy'), (1795749301, 4, 0, 'node'), (1795749301, 5, 0, 'billing'), (1795749301, 7, 0, 'vmem'), (1795749301, 8, 0, 'pages'), (1795749301, 1000, 1, 'dynamic_offset') on duplicate key update deleted=VALUES(deleted), type=VALUES(type), id=VALUES(id);
-- [6]
insert into tres_table (creation_time, id, deleted, type, name) values (1795749301, 6, 0, 'fs', 'disk') on duplicate key update deleted=VALUES(deleted), type=VALUES(type), name=VALUES(name), id=VALUES(id);
-- [6]
select name from cluster_table where deleted=0;
-- [6]
select name from cluster_table;
-- [6]
select version from convert_version_table;
-- [6]
insert into convert_version_table (version) values (16);
-- [6]
drop procedure if exists get_lineage;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists acct_coord_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `acct` tinytext not null, `user` tinytext not null, primary key (acct(42), user(42)), key user (user(42))) engine='innodb';
-- [6]
show index from acct_coord_table where non_unique=0;
-- [6]
show index from acct_coord_table where non_unique=1;
-- [6]
show columns from acct_coord_table;
-- [6]
select table_name from table_defs_table where definition='alter table acct_coord_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `acct` tinytext not null, modify `user` tinytext not null, drop primary key, add primary key (acct(42), user(42)), drop key user, add key user (user(42));';
-- [6]
select table_name from table_defs_table where table_name='acct_coord_table';
-- [6]
alter table acct_coord_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `acct` tinytext not null, modify `user` tinytext not null, drop primary key, add primary key (acct(42), user(42)), drop key user, add key user (user(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749301, 1795749301, 'acct_coord_table', 'alter table acct_coord_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `acct` tinytext not null, modify `user` tinytext not null, drop primary key, add primary key (acct(42), user(42)), drop key user, add key user (user(42));') on duplicate key update definition='alter table acct_coord_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `acct` tinytext not null, modify `user` tinytext not null, drop primary key, add primary key (acct(42), user(42)), drop key user, add key user (user(42));', mod_time=1795749301;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists acct_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `flags` int unsigned default 0, `name` tinytext not null, `description` text not null, `organization` text not null, primary key (name(42))) engine='innodb';
-- [6]
show index from acct_table where non_unique=0;
-- [6]
show index from acct_table where non_unique=1;
-- [6]
show columns from acct_table;
-- [6]
select table_name from table_defs_table where definition='alter table acct_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `flags` int unsigned default 0, modify `name` tinytext not null, modify `description` text not null, modify `organization` text not null, drop primary key, add primary key (name(42));';
-- [6]
select table_name from table_defs_table where table_name='acct_table';
-- [6]
alter table acct_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `flags` int unsigned default 0, modify `name` tinytext not null, modify `description` text not null, modify `organization` text not null, drop primary key, add primary key (name(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749301, 1795749301, 'acct_table', 'alter table acct_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `flags` int unsigned default 0, modify `name` tinytext not null, modify `description` text not null, modify `organization` text not null, drop primary key, add primary key (name(42));') on duplicate key update definition='alter table acct_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `flags` int unsigned default 0, modify `name` tinytext not null, modify `description` text not null, modify `organization` text not null, drop primary key, add primary key (name(42));', mod_time=1795749301;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists res_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `id` int not null auto_increment, `name` tinytext not null, `description` text default null, `manager` tinytext not null, `server` tinytext not null, `count` int unsigned default 0, `type` int unsigned default 0, `flags` int unsigned default 0, `last_consumed` int unsigned default 0, primary key (id), unique index udex (name(42), server(42), type)) engine='innodb';
-- [6]
show index from res_table where non_unique=0;
-- [6]
show index from res_table where non_unique=1;
-- [6]
show columns from res_table;
-- [6]
select table_name from table_defs_table where definition='alter table res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text default null, modify `manager` tinytext not null, modify `server` tinytext not null, modify `count` int unsigned default 0, modify `type` int unsigned default 0, modify `flags` int unsigned default 0, modify `last_consumed` int unsigned default 0, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42), server(42), type);';
-- [6]
select table_name from table_defs_table where table_name='res_table';
-- [6]
alter table res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text default null, modify `manager` tinytext not null, modify `server` tinytext not null, modify `count` int unsigned default 0, modify `type` int unsigned default 0, modify `flags` int unsigned default 0, modify `last_consumed` int unsigned default 0, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42), server(42), type);
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749302, 1795749302, 'res_table', 'alter table res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text default null, modify `manager` tinytext not null, modify `server` tinytext not null, modify `count` int unsigned default 0, modify `type` int unsigned default 0, modify `flags` int unsigned default 0, modify `last_consumed` int unsigned default 0, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42), server(42), type);') on duplicate key update definition='alter table res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text default null, modify `manager` tinytext not null, modify `server` tinytext not null, modify `count` int unsigned default 0, modify `type` int unsigned default 0, modify `flags` int unsigned default 0, modify `last_consumed` int unsigned default 0, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42), server(42), type);', mod_time=1795749302;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists clus_res_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `cluster` tinytext not null, `res_id` int not null, `allowed` int unsigned default 0, primary key (res_id, cluster(42))) engine='innodb';
-- [6]
show index from clus_res_table where non_unique=0;
-- [6]
show index from clus_res_table where non_unique=1;
-- [6]
show columns from clus_res_table;
-- [6]
select table_name from table_defs_table where definition='alter table clus_res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `cluster` tinytext not null, modify `res_id` int not null, modify `allowed` int unsigned default 0, drop primary key, add primary key (res_id, cluster(42));';
-- [6]
select table_name from table_defs_table where table_name='clus_res_table';
-- [6]
alter table clus_res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `cluster` tinytext not null, modify `res_id` int not null, modify `allowed` int unsigned default 0, drop primary key, add primary key (res_id, cluster(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749302, 1795749302, 'clus_res_table', 'alter table clus_res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `cluster` tinytext not null, modify `res_id` int not null, modify `allowed` int unsigned default 0, drop primary key, add primary key (res_id, cluster(42));') on duplicate key update definition='alter table clus_res_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `cluster` tinytext not null, modify `res_id` int not null, modify `allowed` int unsigned default 0, drop primary key, add primary key (res_id, cluster(42));', mod_time=1795749302;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists qos_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `id` int not null auto_increment, `name` tinytext not null, `description` text, `flags` int unsigned default 0, `grace_time` int unsigned default NULL, `max_jobs_pa` int default NULL, `max_jobs_per_user` int default NULL, `max_jobs_accrue_pa` int default NULL, `max_jobs_accrue_pu` int default NULL, `min_prio_thresh` int default NULL, `max_submit_jobs_pa` int default NULL, `max_submit_jobs_per_user` int default NULL, `max_tres_pa` text not null default '', `max_tres_pj` text not null default '', `max_tres_pn` text not null default '', `max_tres_pu` text not null default '', `max_tres_mins_pj` text not null default '', `max_tres_run_mins_pa` text not null default '', `max_tres_run_mins_pu` text not null default '', `min_tres_pj` text not null default '', `max_wall_duration_per_job` int default NULL, `grp_jobs` int default NULL, `grp_jobs_accrue` int default NULL, `grp_submit_jobs` int default NULL, `grp_tres` text not null default '', `grp_tres_mins` text not null default '', `grp_tres_run_mins` text not null default '', `grp_wall` int default NULL, `preempt` text not null default '', `preempt_mode` int default 0, `preempt_exempt_time` int unsigned default NULL, `priority` int unsigned default 0, `usage_factor` double default 1.0 not null, `usage_thres` double default NULL, `limit_factor` double default NULL, primary key (id), unique index udex (name(42))) engine='innodb';
-- [6]
show index from qos_table where non_unique=0;
-- [6]
show index from qos_table where non_unique=1;
-- [6]
show columns from qos_table;
-- [6]
select table_name from table_defs_table where definition='alter table qos_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text, modify `flags` int unsigned default 0, modify `grace_time` int unsigned default NULL, modify `max_jobs_pa` int default NULL, modify `max_jobs_per_user` int default NULL, modify `max_jobs_accrue_pa` int default NULL, modify `max_jobs_accrue_pu` int default NULL, modify `min_prio_thresh` int default NULL, modify `max_submit_jobs_pa` int default NULL, modify `max_submit_jobs_per_user` int default NULL, modify `max_tres_pa` text not null default \'\', modify `max_tres_pj` text not null default \'\', modify `max_tres_pn` text not null default \'\', modify `max_tres_pu` text not null default \'\', modify `max_tres_mins_pj` text not null default \'\', modify `max_tres_run_mins_pa` text not null default \'\', modify `max_tres_run_mins_pu` text not null default \'\', modify `min_tres_pj` text not null default \'\', modify `max_wall_duration_per_job` int default NULL, modify `grp_jobs` int default NULL, modify `grp_jobs_accrue` int default NULL, modify `grp_submit_jobs` int default NULL, modify `grp_tres` text not null default \'\', modify `grp_tres_mins` text not null default \'\', modify `grp_tres_run_mins` text not null default \'\', modify `grp_wall` int default NULL, modify `preempt` text not null default \'\', modify `preempt_mode` int default 0, modify `preempt_exempt_time` int unsigned default NULL, modify `priority` int unsigned default 0, modify `usage_factor` double default 1.0 not null, modify `usage_thres` double default NULL, modify `limit_factor` double default NULL, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42));';
-- [6]
select table_name from table_defs_table where table_name='qos_table';
-- [6]
alter table qos_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text, modify `flags` int unsigned default 0, modify `grace_time` int unsigned default NULL, modify `max_jobs_pa` int default NULL, modify `max_jobs_per_user` int default NULL, modify `max_jobs_accrue_pa` int default NULL, modify `max_jobs_accrue_pu` int default NULL, modify `min_prio_thresh` int default NULL, modify `max_submit_jobs_pa` int default NULL, modify `max_submit_jobs_per_user` int default NULL, modify `max_tres_pa` text not null default '', modify `max_tres_pj` text not null default '', modify `max_tres_pn` text not null default '', modify `max_tres_pu` text not null default '', modify `max_tres_mins_pj` text not null default '', modify `max_tres_run_mins_pa` text not null default '', modify `max_tres_run_mins_pu` text not null default '', modify `min_tres_pj` text not null default '', modify `max_wall_duration_per_job` int default NULL, modify `grp_jobs` int default NULL, modify `grp_jobs_accrue` int default NULL, modify `grp_submit_jobs` int default NULL, modify `grp_tres` text not null default '', modify `grp_tres_mins` text not null default '', modify `grp_tres_run_mins` text not null default '', modify `grp_wall` int default NULL, modify `preempt` text not null default '', modify `preempt_mode` int default 0, modify `preempt_exempt_time` int unsigned default NULL, modify `priority` int unsigned default 0, modify `usage_factor` double default 1.0 not null, modify `usage_thres` double default NULL, modify `limit_factor` double default NULL, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749302, 1795749302, 'qos_table', 'alter table qos_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text, modify `flags` int unsigned default 0, modify `grace_time` int unsigned default NULL, modify `max_jobs_pa` int default NULL, modify `max_jobs_per_user` int default NULL, modify `max_jobs_accrue_pa` int default NULL, modify `max_jobs_accrue_pu` int default NULL, modify `min_prio_thresh` int default NULL, modify `max_submit_jobs_pa` int default NULL, modify `max_submit_jobs_per_user` int default NULL, modify `max_tres_pa` text not null default \'\', modify `max_tres_pj` text not null default \'\', modify `max_tres_pn` text not null default \'\', modify `max_tres_pu` text not null default \'\', modify `max_tres_mins_pj` text not null default \'\', modify `max_tres_run_mins_pa` text not null default \'\', modify `max_tres_run_mins_pu` text not null default \'\', modify `min_tres_pj` text not null default \'\', modify `max_wall_duration_per_job` int default NULL, modify `grp_jobs` int default NULL, modify `grp_jobs_accrue` int default NULL, modify `grp_submit_jobs` int default NULL, modify `grp_tres` text not null default \'\', modify `grp_tres_mins` text not null default \'\', modify `grp_tres_run_mins` text not null default \'\', modify `grp_wall` int default NULL, modify `preempt` text not null default \'\', modify `preempt_mode` int default 0, modify `preempt_exempt_time` int unsigned default NULL, modify `priority` int unsigned default 0, modify `usage_factor` double default 1.0 not null, modify `usage_thres` double default NULL, modify `limit_factor` double default NULL, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42));') on duplicate key update definition='alter table qos_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `id` int not null auto_increment, modify `name` tinytext not null, modify `description` text, modify `flags` int unsigned default 0, modify `grace_time` int unsigned default NULL, modify `max_jobs_pa` int default NULL, modify `max_jobs_per_user` int default NULL, modify `max_jobs_accrue_pa` int default NULL, modify `max_jobs_accrue_pu` int default NULL, modify `min_prio_thresh` int default NULL, modify `max_submit_jobs_pa` int default NULL, modify `max_submit_jobs_per_user` int default NULL, modify `max_tres_pa` text not null default \'\', modify `max_tres_pj` text not null default \'\', modify `max_tres_pn` text not null default \'\', modify `max_tres_pu` text not null default \'\', modify `max_tres_mins_pj` text not null default \'\', modify `max_tres_run_mins_pa` text not null default \'\', modify `max_tres_run_mins_pu` text not null default \'\', modify `min_tres_pj` text not null default \'\', modify `max_wall_duration_per_job` int default NULL, modify `grp_jobs` int default NULL, modify `grp_jobs_accrue` int default NULL, modify `grp_submit_jobs` int default NULL, modify `grp_tres` text not null default \'\', modify `grp_tres_mins` text not null default \'\', modify `grp_tres_run_mins` text not null default \'\', modify `grp_wall` int default NULL, modify `preempt` text not null default \'\', modify `preempt_mode` int default 0, modify `preempt_exempt_time` int unsigned default NULL, modify `priority` int unsigned default 0, modify `usage_factor` double default 1.0 not null, modify `usage_thres` double default NULL, modify `limit_factor` double default NULL, drop primary key, add primary key (id), drop index udex, add unique index udex (name(42));', mod_time=1795749302;
-- [6]
insert into qos_table (creation_time, mod_time, name, description) values (1795749301, 1795749301, 'normal', 'Normal QOS default') on duplicate key update id=LAST_INSERT_ID(id), deleted=0;
-- [6]
select MAX(id) from qos_table;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists user_table (`creation_time` bigint unsigned not null, `mod_time` bigint unsigned default 0 not null, `deleted` tinyint default 0, `name` tinytext not null, `admin_level` smallint default 1 not null, primary key (name(42))) engine='innodb';
-- [6]
show index from user_table where non_unique=0;
-- [6]
show index from user_table where non_unique=1;
-- [6]
show columns from user_table;
-- [6]
select table_name from table_defs_table where definition='alter table user_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `admin_level` smallint default 1 not null, drop primary key, add primary key (name(42));';
-- [6]
select table_name from table_defs_table where table_name='user_table';
-- [6]
alter table user_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `admin_level` smallint default 1 not null, drop primary key, add primary key (name(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749302, 1795749302, 'user_table', 'alter table user_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `admin_level` smallint default 1 not null, drop primary key, add primary key (name(42));') on duplicate key update definition='alter table user_table modify `creation_time` bigint unsigned not null, modify `mod_time` bigint unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `admin_level` smallint default 1 not null, drop primary key, add primary key (name(42));', mod_time=1795749302;
-- [6]
create table if not exists table_defs_table (creation_time int unsigned not null, mod_time int unsigned default 0 not null, table_name text not null, definition text not null, primary key (table_name(50))) engine='innodb';
-- [6]
create table if not exists federation_table (`creation_time` int unsigned not null, `mod_time` int unsigned default 0 not null, `deleted` tinyint default 0, `name` tinytext not null, `flags` int unsigned default 0, primary key (name(42))) engine='innodb';
-- [6]
show index from federation_table where non_unique=0;
-- [6]
show index from federation_table where non_unique=1;
-- [6]
show columns from federation_table;
-- [6]
select table_name from table_defs_table where definition='alter table federation_table modify `creation_time` int unsigned not null, modify `mod_time` int unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `flags` int unsigned default 0, drop primary key, add primary key (name(42));';
-- [6]
select table_name from table_defs_table where table_name='federation_table';
-- [6]
alter table federation_table modify `creation_time` int unsigned not null, modify `mod_time` int unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `flags` int unsigned default 0, drop primary key, add primary key (name(42));
-- [6]
insert into table_defs_table (creation_time, mod_time, table_name, definition) values (1795749302, 1795749302, 'federation_table', 'alter table federation_table modify `creation_time` int unsigned not null, modify `mod_time` int unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `flags` int unsigned default 0, drop primary key, add primary key (name(42));') on duplicate key update definition='alter table federation_table modify `creation_time` int unsigned not null, modify `mod_time` int unsigned default 0 not null, modify `deleted` tinyint default 0, modify `name` tinytext not null, modify `flags` int unsigned default 0, drop primary key, add primary key (name(42));', mod_time=1795749302;
-- [6]
drop procedure if exists get_parent_limits; create procedure get_parent_limits(my_table text, acct text, cluster text, without_limits int) begin set @mj = NULL; set @mja = NULL; set @mpt = NULL; set @msj = NULL; set @mwpj = NULL; set @mtpj = ''; set @mtpn = ''; set @mtmpj = ''; set @mtrm = ''; set @prio = NULL; set @def_qos_id = NULL; set @qos = ''; set @delta_qos = ''; set @my_acct = acct; if without_limits then set @mj = 0; set @msj = 0; set @mwpj = 0; set @prio = 0; set @def_qos_id = 0; set @qos = 1; end if; REPEAT set @s = 'select '; if @mj is NULL then set @s = CONCAT(@s, '@mj := max_jobs, '); end if; if @mja is NULL then set @s = CONCAT(@s, '@mja := max_jobs_accrue, '); end if; if @mpt is NULL then set @s = CONCAT(@s, '@mpt := min_prio_thresh, '); end if; if @msj is NULL then set @s = CONCAT(@s, '@msj := max_submit_jobs, '); end if; if @mwpj is NULL then set @s = CONCAT(@s, '@mwpj := max_wall_pj, '); end if; if @prio is NULL then set @s = CONCAT(@s, '@prio := priority, '); end if; if @def_qos_id is NULL then set @s = CONCAT(@s, '@def_qos_id := def_qos_id, '); end if; if @qos = '' then set @s = CONCAT(@s, '@qos := qos, @delta_qos := REPLACE(CONCAT(delta_qos, @delta_qos), \',,\', \',\'), '); end if; set @s = concat(@s, '@mtpj := CONCAT(@mtpj, if (@mtpj != \'\' && max_tres_pj != \'\', \',\', \'\'), max_tres_pj), @mtpn := CONCAT(@mtpn, if (@mtpn != \'\' && max_tres_pn != \'\', \',\', \'\'), max_tres_pn), @mtmpj := CONCAT(@mtmpj, if (@mtmpj != \'\' && max_tres_mins_pj != \'\', \',\', \'\'), max_tres_mins_pj), @mtrm := CONCAT(@mtrm, if (@mtrm != \'\' && max_tres_run_mins != \'\', \',\', \'\'), max_tres_run_mins), @my_acct_new := parent_acct from "', cluster, '_', my_table, '" where acct = \'', @my_acct, '\' && user=\'\''); prepare query from @s; execute query; deallocate prepare query; set @my_acct = @my_acct_new; UNTIL without_limits || @my_acct = '' END REPEAT; select @mj, @mja, @mpt, @msj, @mwpj, @mtpj, @mtpn, @mtmpj, @mtrm, @def_qos_id, @qos, @delta_qos, @prio;END;
-- [6]
insert into user_table (creation_time, mod_time, name, admin_level) values (1795749301, 1795749301, 'root', 3) on duplicate key update name='root';insert into acct_table (creation_time, mod_time, name, description, organization) values (1795749301, 1795749301, 'root', 'default root account', 'root') on duplicate key update name='root';
-- [6]
COMMIT;
-- [6]
select default_collation_name from information_schema.schemata where schema_name=database() and default_collation_name not like '%_ci';
-- [6]
select count(*) from information_schema.columns where table_schema=database() and collation_name not like '%_ci';
-- [6]
select user, acct from acct_coord_table where deleted=0;
-- [6] Quit 
-- [7] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [7]
SET autocommit=0;
-- [7]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [7]
select id, type, name from tres_table where deleted=0 order by id;
-- [7]
select name, deleted, description, id, flags, grace_time, grp_tres_mins, grp_tres_run_mins, grp_tres, grp_jobs, grp_jobs_accrue, grp_submit_jobs, grp_wall, max_tres_mins_pj, max_tres_run_mins_pa, max_tres_run_mins_pu, max_tres_pa, max_tres_pj, max_tres_pn, max_tres_pu, max_jobs_pa, max_jobs_per_user, max_jobs_accrue_pa, max_jobs_accrue_pu, min_prio_thresh, max_submit_jobs_pa, max_submit_jobs_per_user, max_wall_duration_per_job, substr(preempt, 1, length(preempt) - 1), preempt_mode, preempt_exempt_time, priority, usage_factor, usage_thres, min_tres_pj, limit_factor from qos_table where deleted=0;
-- [7]
select name, admin_level, deleted from user_table where deleted=0;
-- [7]
select name, id, classification, control_host, control_port, deleted, features, federation, fed_id, fed_state, rpc_version, dimensions, flags from cluster_table where deleted=0;
-- [7]
COMMIT;
-- [7]
COMMIT;
-- [8] Connect slurm@127.0.0.1 on slurm_acct_db using TCP/IP
-- [8]
SET autocommit=0;
-- [8]
SET session sql_mode='ANSI_QUOTES,NO_ENGINE_SUBSTITUTION';
-- [8]
ROLLBACK;
-- [8]
select name, id, classification, control_host, control_port, deleted, features, federation, fed_id, fed_state, rpc_version, dimensions, flags from cluster_table where deleted=0;
-- [8]
ROLLBACK;
-- [8]
ROLLBACK;
-- [8] Quit 
