/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.20-11.8.9-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: slurm_acct_db
-- ------------------------------------------------------
-- Server version	11.8.9-MariaDB-2 from Debian-log

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*M!100616 SET @OLD_NOTE_VERBOSITY=@@NOTE_VERBOSITY, NOTE_VERBOSITY=0 */;

--
-- Dumping data for table `cluster_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `cluster_table` WRITE;
/*!40000 ALTER TABLE `cluster_table` DISABLE KEYS */;
INSERT INTO `cluster_table` (`creation_time`, `mod_time`, `deleted`, `name`, `id`, `control_host`, `control_port`, `last_port`, `rpc_version`, `classification`, `dimensions`, `flags`, `federation`, `features`, `fed_id`, `fed_state`) VALUES (1795749304,1795749307,0,'lab',1432,'127.0.0.1',29422,29422,11520,0,1,128,'','',0,0);
INSERT INTO `cluster_table` (`creation_time`, `mod_time`, `deleted`, `name`, `id`, `control_host`, `control_port`, `last_port`, `rpc_version`, `classification`, `dimensions`, `flags`, `federation`, `features`, `fed_id`, `fed_state`) VALUES (1795749312,1795749312,0,'lab2',2167,'',0,0,0,0,1,0,'','',0,0);
/*!40000 ALTER TABLE `cluster_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `acct_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `acct_table` WRITE;
/*!40000 ALTER TABLE `acct_table` DISABLE KEYS */;
INSERT INTO `acct_table` (`creation_time`, `mod_time`, `deleted`, `flags`, `name`, `description`, `organization`) VALUES (1795749325,1795749325,0,0,'cs','cs','cs');
INSERT INTO `acct_table` (`creation_time`, `mod_time`, `deleted`, `flags`, `name`, `description`, `organization`) VALUES (1795749336,1795749336,0,0,'hep','hep','science');
INSERT INTO `acct_table` (`creation_time`, `mod_time`, `deleted`, `flags`, `name`, `description`, `organization`) VALUES (1795749315,1795749315,0,0,'physics','physics dept','science');
INSERT INTO `acct_table` (`creation_time`, `mod_time`, `deleted`, `flags`, `name`, `description`, `organization`) VALUES (1795749301,1795749301,0,0,'root','default root account','root');
/*!40000 ALTER TABLE `acct_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `user_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `user_table` WRITE;
/*!40000 ALTER TABLE `user_table` DISABLE KEYS */;
INSERT INTO `user_table` (`creation_time`, `mod_time`, `deleted`, `name`, `admin_level`) VALUES (1795749318,1795749318,0,'alice',1);
INSERT INTO `user_table` (`creation_time`, `mod_time`, `deleted`, `name`, `admin_level`) VALUES (1795749326,1795749326,0,'carol',1);
INSERT INTO `user_table` (`creation_time`, `mod_time`, `deleted`, `name`, `admin_level`) VALUES (1795749327,1795749327,0,'dave',1);
INSERT INTO `user_table` (`creation_time`, `mod_time`, `deleted`, `name`, `admin_level`) VALUES (1795749337,1795749337,0,'erin',1);
INSERT INTO `user_table` (`creation_time`, `mod_time`, `deleted`, `name`, `admin_level`) VALUES (1795749301,1795749301,0,'root',3);
/*!40000 ALTER TABLE `user_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `qos_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `qos_table` WRITE;
/*!40000 ALTER TABLE `qos_table` DISABLE KEYS */;
INSERT INTO `qos_table` (`creation_time`, `mod_time`, `deleted`, `id`, `name`, `description`, `flags`, `grace_time`, `max_jobs_pa`, `max_jobs_per_user`, `max_jobs_accrue_pa`, `max_jobs_accrue_pu`, `min_prio_thresh`, `max_submit_jobs_pa`, `max_submit_jobs_per_user`, `max_tres_pa`, `max_tres_pj`, `max_tres_pn`, `max_tres_pu`, `max_tres_mins_pj`, `max_tres_run_mins_pa`, `max_tres_run_mins_pu`, `min_tres_pj`, `max_wall_duration_per_job`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `preempt`, `preempt_mode`, `preempt_exempt_time`, `priority`, `usage_factor`, `usage_thres`, `limit_factor`) VALUES (1795749301,1795749301,0,1,'normal','Normal QOS default',0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'','','','','','','','',NULL,NULL,NULL,NULL,'','','',NULL,'',0,NULL,0,1,NULL,NULL);
/*!40000 ALTER TABLE `qos_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `tres_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `tres_table` WRITE;
/*!40000 ALTER TABLE `tres_table` DISABLE KEYS */;
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,1,'cpu','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,2,'mem','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,3,'energy','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,4,'node','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,5,'billing','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,6,'fs','disk');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,7,'vmem','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,0,8,'pages','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749301,1,1000,'dynamic_offset','');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749307,0,1001,'gres','gpu');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749307,0,1002,'gres','gpumem');
INSERT INTO `tres_table` (`creation_time`, `deleted`, `id`, `type`, `name`) VALUES (1795749307,0,1003,'gres','gpuutil');
/*!40000 ALTER TABLE `tres_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `acct_coord_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `acct_coord_table` WRITE;
/*!40000 ALTER TABLE `acct_coord_table` DISABLE KEYS */;
/*!40000 ALTER TABLE `acct_coord_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `txn_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `txn_table` WRITE;
/*!40000 ALTER TABLE `txn_table` DISABLE KEYS */;
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,1,1795749304,1405,'lab','root','','mod_time=1795749304, shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\',1,\', federation=\'\', fed_id=0, fed_state=0, features=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,2,1795749306,1404,'id_assoc=2','root','lab','mod_time=1795749306, acct=\'root\', user=\'root\', `partition`=\'\', id_parent=\'1\', lineage=\'/0-root/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, is_def=1, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, flags=131072, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,3,1795749306,1404,'id_assoc=2','root','lab','mod_time=1795749306, acct=\'root\', user=\'root\', `partition`=\'\', id_parent=\'1\', lineage=\'/0-root/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, is_def=1, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, flags=131072, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,4,1795749307,1430,'name=\'lab\'','root','','control_host=\'127.0.0.1\', control_port=29422, last_port=29422, rpc_version=11520, dimensions=1, flags=128');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,5,1795749307,1485,'id=1001','root','lab','type=\'gres\', name=\'gpu\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,6,1795749307,1485,'id=1002','root','lab','type=\'gres\', name=\'gpumem\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,7,1795749307,1485,'id=1003','root','lab','type=\'gres\', name=\'gpuutil\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,8,1795749312,1405,'lab2','root','','mod_time=1795749312, shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\',1,\', federation=\'\', fed_id=0, fed_state=0, features=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,9,1795749314,1404,'id_assoc=2','root','lab2','mod_time=1795749314, acct=\'root\', user=\'root\', `partition`=\'\', id_parent=\'1\', lineage=\'/0-root/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, is_def=1, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, flags=131072, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,10,1795749314,1404,'id_assoc=2','root','lab2','mod_time=1795749314, acct=\'root\', user=\'root\', `partition`=\'\', id_parent=\'1\', lineage=\'/0-root/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, is_def=1, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, flags=131072, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,11,1795749315,1402,'physics','root','','description=\'physics dept\', organization=\'science\', flags=\'0\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,12,1795749315,1404,'id_assoc=3','root','lab','mod_time=1795749315, acct=\'physics\', is_def=0, parent_acct=\'root\', user=\'\', id_parent=\'1\', lineage=\'/physics/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,13,1795749316,1402,'hep','root','','description=\'hep\', organization=\'science\', flags=\'0\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,14,1795749316,1404,'id_assoc=4','root','lab','mod_time=1795749316, acct=\'hep\', is_def=0, parent_acct=\'physics\', user=\'\', id_parent=\'3\', lineage=\'/physics/hep/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,15,1795749318,1406,'alice','root','','');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,16,1795749318,1404,'id_assoc=5','root','lab','mod_time=1795749318, acct=\'hep\', is_def=1, user=\'alice\', `partition`=\'\', id_parent=\'4\', lineage=\'/physics/hep/0-alice/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,17,1795749319,1447,'gpu4','root','','mod_time=1795749319, description=\'gpu4\', flags=0, grace_time=0, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs_pa=NULL, max_jobs_per_user=NULL, max_jobs_accrue_pa=NULL, max_jobs_accrue_pu=NULL, min_prio_thresh=NULL, max_submit_jobs_pa=NULL, max_submit_jobs_per_user=NULL, max_wall_duration_per_job=NULL, preempt_exempt_time=NULL, preempt_mode=0, priority=10, usage_factor=1.000000, usage_thres=NULL, limit_factor=NULL, max_tres_pu=\'1001=4\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,18,1795749320,1429,'(id_assoc=5)','root','lab','qos=if (qos=\'\', \'\', replace(concat(replace(qos, \',2,\', \',\'), \',2,\'), \',,\', \',\')), delta_qos=if (qos=\'\', replace(concat(replace(replace(delta_qos, \',+2,\', \',\'), \',-2,\', \',\'), \',+2,\'), \',,\', \',\'), \'\')');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,19,1795749321,1429,'(id_assoc=4)','root','lab','grp_tres = if (id_assoc=4, \'1001=8\', grp_tres)');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,20,1795749322,1406,'bob','root','','admin_level=2');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,21,1795749322,1404,'id_assoc=6','root','lab','mod_time=1795749322, acct=\'physics\', is_def=1, user=\'bob\', `partition`=\'\', id_parent=\'3\', lineage=\'/physics/0-bob/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,22,1795749323,1436,'(user=\'bob\')','root','',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,23,1795749323,1439,'name in(\'bob\')','root','',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,24,1795749325,1402,'cs','root','','description=\'cs\', organization=\'cs\', flags=\'0\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,25,1795749325,1404,'id_assoc=7','root','lab','mod_time=1795749325, acct=\'cs\', is_def=0, parent_acct=\'root\', user=\'\', id_parent=\'1\', lineage=\'/cs/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,26,1795749325,1404,'id_assoc=3','root','lab2','mod_time=1795749325, acct=\'cs\', is_def=0, parent_acct=\'root\', user=\'\', id_parent=\'1\', lineage=\'/cs/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,27,1795749326,1406,'carol','root','','');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,28,1795749326,1404,'id_assoc=8','root','lab','mod_time=1795749326, acct=\'hep\', is_def=0, user=\'carol\', `partition`=\'\', id_parent=\'4\', lineage=\'/physics/hep/0-carol/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=2, grp_tres=\'1001=2\', qos=\',1,2,\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,29,1795749326,1404,'id_assoc=9','root','lab','mod_time=1795749326, acct=\'cs\', is_def=1, user=\'carol\', `partition`=\'\', id_parent=\'7\', lineage=\'/cs/0-carol/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=2, grp_tres=\'1001=2\', qos=\',1,2,\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,30,1795749327,1406,'dave','root','','');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,31,1795749327,1404,'id_assoc=10','root','lab','mod_time=1795749327, acct=\'cs\', is_def=1, user=\'dave\', `partition`=\'debug\', id_parent=\'7\', lineage=\'/cs/0-dave/debug/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,32,1795749328,1403,'alice','root','','hep');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,33,1795749329,1436,'(user=\'alice\') && (acct=\'hep\')','root','',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,34,1795749330,1429,'(id_assoc=8)','root','lab','max_jobs=4, grp_tres = if (id_assoc=8, \'1001=1\', grp_tres)');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,35,1795749331,1437,'id_assoc=8','root','lab',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,36,1795749333,1436,'(acct=\'hep\')','root','',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,37,1795749333,1435,'name in(\'hep\')','root','',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,38,1795749334,1429,'(id_assoc=9)','root','lab','def_qos_id=1');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,39,1795749335,1450,'id=\'2\'','root','',NULL);
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,40,1795749336,1402,'hep','root','','description=\'hep\', organization=\'science\', flags=\'0\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,41,1795749336,1404,'id_assoc=11','root','lab','mod_time=1795749336, acct=\'hep\', is_def=0, parent_acct=\'physics\', user=\'\', id_parent=\'3\', lineage=\'/physics/hep/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,42,1795749337,1406,'erin','root','','');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,43,1795749337,1404,'id_assoc=4','root','lab2','mod_time=1795749337, acct=\'cs\', is_def=1, user=\'erin\', `partition`=\'\', id_parent=\'3\', lineage=\'/cs/0-erin/\', shares=1, grp_jobs=NULL, grp_jobs_accrue=NULL, grp_submit_jobs=NULL, grp_wall=NULL, max_jobs=NULL, max_jobs_accrue=NULL, min_prio_thresh=NULL, max_submit_jobs=NULL, max_wall_pj=NULL, priority=NULL, def_qos_id=NULL, qos=\'\', delta_qos=\'\'');
INSERT INTO `txn_table` (`deleted`, `id`, `timestamp`, `action`, `name`, `actor`, `cluster`, `info`) VALUES (0,44,1795749338,1437,'id_assoc=3 || id_assoc=4','root','lab2',NULL);
/*!40000 ALTER TABLE `txn_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `convert_version_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `convert_version_table` WRITE;
/*!40000 ALTER TABLE `convert_version_table` DISABLE KEYS */;
INSERT INTO `convert_version_table` (`mod_time`, `version`) VALUES (0,16);
/*!40000 ALTER TABLE `convert_version_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `lab_assoc_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `lab_assoc_table` WRITE;
/*!40000 ALTER TABLE `lab_assoc_table` DISABLE KEYS */;
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749304,1795749335,0,NULL,0,0,1,'','root','','',0,'/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,',1,','');
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749306,1795749335,0,NULL,131072,1,2,'root','root','','',1,'/0-root/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,'','');
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749315,1795749335,0,NULL,0,0,3,'','physics','','root',1,'/physics/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,'','');
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749325,1795749335,0,NULL,0,0,7,'','cs','','root',1,'/cs/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,'','');
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749326,1795749335,0,NULL,0,1,9,'carol','cs','','',7,'/cs/0-carol/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'1001=2','','',NULL,NULL,1,',1,','');
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749327,1795749335,0,NULL,0,1,10,'dave','cs','debug','',7,'/cs/0-dave/debug/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,'','');
INSERT INTO `lab_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749336,1795749336,0,NULL,0,0,11,'','hep','','physics',3,'/physics/hep/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,'','');
/*!40000 ALTER TABLE `lab_assoc_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;

--
-- Dumping data for table `lab2_assoc_table`
--

SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;
LOCK TABLES `lab2_assoc_table` WRITE;
/*!40000 ALTER TABLE `lab2_assoc_table` DISABLE KEYS */;
INSERT INTO `lab2_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749312,1795749335,0,NULL,0,0,1,'','root','','',0,'/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,',1,','');
INSERT INTO `lab2_assoc_table` (`creation_time`, `mod_time`, `deleted`, `comment`, `flags`, `is_def`, `id_assoc`, `user`, `acct`, `partition`, `parent_acct`, `id_parent`, `lineage`, `shares`, `max_jobs`, `max_jobs_accrue`, `min_prio_thresh`, `max_submit_jobs`, `max_tres_pj`, `max_tres_pn`, `max_tres_mins_pj`, `max_tres_run_mins`, `max_wall_pj`, `grp_jobs`, `grp_jobs_accrue`, `grp_submit_jobs`, `grp_tres`, `grp_tres_mins`, `grp_tres_run_mins`, `grp_wall`, `priority`, `def_qos_id`, `qos`, `delta_qos`) VALUES (1795749314,1795749335,0,NULL,131072,1,2,'root','root','','',1,'/0-root/',1,NULL,NULL,NULL,NULL,'','','','',NULL,NULL,NULL,NULL,'','','',NULL,NULL,NULL,'','');
/*!40000 ALTER TABLE `lab2_assoc_table` ENABLE KEYS */;
UNLOCK TABLES;
COMMIT;
SET AUTOCOMMIT=@OLD_AUTOCOMMIT;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*M!100616 SET NOTE_VERBOSITY=@OLD_NOTE_VERBOSITY */;

-- Dump completed
