/*
 * slurmvalues_rows.c: the value types of Slurm's configuration keys per
 * release, as read from Slurm's source (slurmvalues.h says where).
 */
#include "base/compat.h"

#include "slurm/slurmkeys.h"
#include "slurm/slurmvalues_rows.h"

#define C SLURMKEYS_CONF
#define N SLURMKEYS_NODE
#define P SLURMKEYS_PARTITION
#define G SLURMKEYS_CGROUP
#define D SLURMKEYS_SLURMDBD
#define ALL 0, SV_NREL
#define TO24 0, SV_2411
#define AT24 SV_2411, SV_2605
#define AT26 SV_2605, SV_NREL
#define FROM24 SV_2411, SV_NREL
#define TO23 0, SV_2311		/* cray_aries went in 23.11, auth/slurm came */
#define FROM23 SV_2311, SV_NREL
#define AT23 SV_2311, SV_2411
#define NUM(t, k, span, kind, fl, lo, hi) { k, t, span, kind, fl, lo, hi, NULL, NULL }
#define WORDS(t, k, span, kind, fl, w, r) { k, t, span, kind, fl, 0, 0, w, r }

/*
 * The rows. Integers, booleans and floats keep the type of Slurm's option
 * tables; min and max are what the code after the parser enforces
 * (MaxJobCount=0: "No jobs permitted", fatal; MinJobAge=1: raised to 2 with
 * an error: SV_SOFT_LOW) or what Slurm reads as something else without a word
 * (ReturnToService=5, JobCompPort=70000: an error here). Plugin words are the
 * plugins of each tag's src/plugins (a site's own plugin of these types is
 * not known here); sites write their own job_submit, cli_filter, site_factor,
 * prep, burst_buffer and node_features plugins, whose keys are not checked,
 * nor are the *Parameters keys, whose words Slurm looks for and otherwise
 * ignores, paths, and the plugin keys of 24.11 on not read here (HashPlugin,
 * TLSType, CertmgrType, MetricsType, ...): a key without a row takes any
 * single value.
 */
static const char *const debug_flags_22 =
	"Accrue,Agent,Backfill,BackfillMap,BurstBuffer,cgroup,CPU_Bind,Data,"
	"DB_Archive,DB_Assoc,DB_TRES,DB_Event,DB_Job,DB_QOS,DB_Query,DB_Reservation,"
	"DB_Resource,DB_Step,DB_Usage,DB_WCKey,Dependency,Elasticsearch,Energy,"
	"ExtSensors,Federation,FrontEnd,Gang,Gres,Hetjob,Interconnect,JobAccountGather,"
	"JAG,JobContainer,License,MPI,Network,Net,NetworkRaw,NetRaw,NO_CONF_HASH,"
	"NodeFeatures,Priority,Profile,Protocol,Reservation,Route,Script,SelectType,"
	"Steps,Switch,Task,TraceJobs,Trigger,Triggers,CpuFrequency,Power,PowerSave,"
	"TimeCray,WorkQueue,WorkQ";
static const char *const debug_flags_24 =
	"Accrue,Agent,AuditRPCs,Backfill,BackfillMap,BurstBuffer,cgroup,CPU_Bind,Data,"
	"DBD_Agent,DB_Archive,DB_Assoc,DB_TRES,DB_Event,DB_Job,DB_QOS,DB_Query,"
	"DB_Reservation,DB_Resource,DB_Step,DB_Usage,DB_WCKey,Dependency,Energy,"
	"Federation,FrontEnd,Gang,GLOB_SILENCE,Gres,Hetjob,Interconnect,"
	"JobAccountGather,JAG,JobComp,Elasticsearch,JobContainer,License,MPI,Network,"
	"Net,NetworkRaw,NetRaw,NO_CONF_HASH,NodeFeatures,Priority,Profile,Protocol,"
	"Reservation,Route,Sack,Script,SelectType,Steps,Switch,Task,TLS,TraceJobs,"
	"Trigger,Triggers,CpuFrequency,Power,PowerSave,WorkQueue,WorkQ,ConMgr";
static const char *const debug_flags_26 =
	"Accrue,Agent,AuditRPCs,AuditTLS,Backfill,BackfillMap,BurstBuffer,cgroup,"
	"CPU_Bind,Data,DBD_Agent,DB_Archive,DB_Assoc,DB_TRES,DB_Event,DB_Job,DB_QOS,"
	"DB_Query,DB_Reservation,DB_Resource,DB_Step,DB_Usage,DB_WCKey,Dependency,"
	"Energy,Federation,Gang,GLOB_SILENCE,Gres,Hetjob,Interconnect,JobAccountGather,"
	"JAG,JobComp,Elasticsearch,JobContainer,License,Metrics,MPI,Namespace,Network,"
	"Net,NetworkRaw,NetRaw,NO_CONF_HASH,NodeFeatures,Priority,Profile,Protocol,"
	"Reservation,Route,Sack,Script,SelectType,Steps,Switch,Task,thread,threads,"
	"workqueue,workq,TLS,TraceJobs,Trigger,Triggers,CpuFrequency,Power,PowerSave,"
	"ConMgr";
#define SELECT_PARAMS "!CR_Socket,!CR_Socket_Memory,!CR_Core,!CR_Core_Memory," \
	"!CR_Memory,!CR_CPU,!CR_CPU_Memory,CR_ONE_TASK_PER_CORE," \
	"CR_CORE_DEFAULT_DIST_BLOCK,CR_LLN,CR_PACK_NODES"
#define SHARING_PARAMS ",LL_SHARED_GRES,MULTIPLE_SHARING_GRES_PJ," \
	"ENFORCE_BINDING_GRES,ONE_TASK_PER_SHARING_GRES"
#define PREEMPT_MODES "!off,!cluster,!cancel,!requeue,!suspend,!on,gang,within"
#define TASK_PARAMS "!none,!sockets,!cores,!threads,verbose,^autobind=none," \
	"^autobind=threads,^autobind=cores,^autobind=sockets,SlurmdOffSpec"
#define RLIMITS "ALL,NONE,AS,CORE,CPU,DATA,FSIZE,MEMLOCK,NOFILE,NPROC,RSS,STACK," \
	"RLIMIT_AS,RLIMIT_CORE,RLIMIT_CPU,RLIMIT_DATA,RLIMIT_FSIZE,RLIMIT_MEMLOCK," \
	"RLIMIT_NOFILE,RLIMIT_NPROC,RLIMIT_RSS,RLIMIT_STACK"
#define NODE_STATES "UNKNOWN,DOWN,IDLE,ALLOCATED,ERROR,MIXED,FUTURE,CLOUD,DRAIN,FAIL"
#define CPU_BIND "no,none,socket,sockets,ldom,ldoms,core,cores,thread,threads,off,v,verbose"
#define PRIVATE "account,event,job,node,partition,reservation,usage,user,all"

static const struct slurmvalue_row rows[] = {
	/* slurm.conf: integers */
	NUM(C, "AcctGatherNodeFreq", ALL, SV_U16, 0, 0, 0),
	NUM(C, "BatchStartTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "CompleteWait", ALL, SV_U16, 0, 0, 0),
	NUM(C, "DefCPUPerGPU", ALL, SV_U64, 0, 0, 0),
	NUM(C, "DefMemPerCPU", ALL, SV_U64, 0, 0, 0),
	NUM(C, "DefMemPerGPU", ALL, SV_U64, 0, 0, 0),
	NUM(C, "DefMemPerNode", ALL, SV_U64, 0, 0, 0),
	NUM(C, "EioTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "EpilogMsgTime", ALL, SV_U32, 0, 0, 0),
	NUM(C, "EpilogTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "FairShareDampeningFactor", ALL, SV_U16, 0, 0, 0),
	NUM(C, "FirstJobId", ALL, SV_U32, 0, 1, 0),
	NUM(C, "GetEnvTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "GroupUpdateForce", ALL, SV_U16, 0, 0, 0),
	NUM(C, "GroupUpdateTime", ALL, SV_U16, 0, 0, 0),
	NUM(C, "HealthCheckInterval", ALL, SV_U16, 0, 0, 0),
	NUM(C, "HealthCheckTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "InactiveLimit", ALL, SV_U16, 0, 0, 0),
	NUM(C, "JobCompPort", ALL, SV_U32, 0, 1, 65535),
	NUM(C, "JobFileAppend", ALL, SV_U16, 0, 0, 0),
	NUM(C, "JobRequeue", ALL, SV_U16, SV_SOFT_HIGH, 0, 1),
	NUM(C, "KeepAliveTime", ALL, SV_U32, SV_SOFT_HIGH, 0, 2147483647),
	NUM(C, "KillOnBadExit", ALL, SV_U16, 0, 0, 0),
	NUM(C, "KillWait", ALL, SV_U16, 0, 0, 0),
	NUM(C, "MaxArraySize", ALL, SV_U32, SV_SOFT_HIGH, 0, 4000001),
	NUM(C, "MaxBatchRequeue", ALL, SV_U32, 0, 0, 0),
	NUM(C, "MaxDBDMsgs", ALL, SV_U32, 0, 10000, 0),
	NUM(C, "MaxJobCount", ALL, SV_U32, 0, 1, 0),
	NUM(C, "MaxJobId", ALL, SV_U32, SV_SOFT_HIGH, 1, 0x03FFFFFF),
	NUM(C, "MaxMemPerCPU", ALL, SV_U64, 0, 0, 0),
	NUM(C, "MaxMemPerNode", ALL, SV_U64, 0, 0, 0),
	NUM(C, "MaxNodeCount", ALL, SV_U32, 0, 0, 0),
	NUM(C, "MaxStepCount", ALL, SV_U32, 0, 1, 0),
	NUM(C, "MaxTasksPerNode", ALL, SV_U16, 0, 0, 0),
	NUM(C, "MessageTimeout", ALL, SV_U16, SV_SOFT_HIGH, 0, 100),
	NUM(C, "MinJobAge", ALL, SV_U32, SV_SOFT_LOW, 2, 0),
	NUM(C, "OverTimeLimit", ALL, SV_U16, 0, 0, 0),
	NUM(C, "PriorityWeightAge", ALL, SV_U32, 0, 0, 0),
	NUM(C, "PriorityWeightAssoc", ALL, SV_U32, 0, 0, 0),
	NUM(C, "PriorityWeightFairshare", ALL, SV_U32, 0, 0, 0),
	NUM(C, "PriorityWeightJobSize", ALL, SV_U32, 0, 0, 0),
	NUM(C, "PriorityWeightPartition", ALL, SV_U32, 0, 0, 0),
	NUM(C, "PriorityWeightQOS", ALL, SV_U32, 0, 0, 0),
	NUM(C, "PrologEpilogTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "PrologTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "PropagatePrioProcess", ALL, SV_U16, 0, 0, 2),
	NUM(C, "ResumeRate", ALL, SV_U16, 0, 0, 0),
	NUM(C, "ResumeTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "ResvOverRun", ALL, SV_U16, 0, 0, 0),
	NUM(C, "ReturnToService", ALL, SV_U16, 0, 0, 2),
	NUM(C, "SchedulerTimeSlice", ALL, SV_U16, SV_SOFT_LOW, 5, 0),
	NUM(C, "SlurmSchedLogLevel", ALL, SV_U16, 0, 0, 0),
	NUM(C, "SlurmctldTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "SlurmdTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "SuspendRate", ALL, SV_U16, 0, 0, 0),
	NUM(C, "SuspendTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "TCPTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "TreeWidth", ALL, SV_U16, SV_SOFT_LOW, 1, 0),
	NUM(C, "UnkillableStepTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(C, "VSizeFactor", ALL, SV_U16, 0, 0, 0),
	NUM(C, "WaitTime", ALL, SV_U16, 0, 0, 0),
	/* slurm.conf: booleans, times, levels */
	NUM(C, "AllowSpecResourcesUsage", ALL, SV_BOOL, 0, 0, 0),
	NUM(C, "DisableRootJobs", ALL, SV_BOOL, 0, 0, 0),
	NUM(C, "PriorityFavorSmall", ALL, SV_BOOL, 0, 0, 0),
	NUM(C, "TrackWCKey", ALL, SV_BOOL, 0, 0, 0),
	NUM(C, "UsePAM", ALL, SV_BOOL, 0, 0, 0),
	NUM(C, "PreemptExemptTime", ALL, SV_SECS, 0, 0, 0),
	NUM(C, "PriorityCalcPeriod", ALL, SV_MINS, 0, 1, 0),
	NUM(C, "PriorityDecayHalfLife", ALL, SV_MINS, 0, 0, 0),
	NUM(C, "PriorityMaxAge", ALL, SV_MINS, 0, 0, 0),
	NUM(C, "SlurmctldDebug", ALL, SV_LEVEL, 0, 0, 0),
	NUM(C, "SlurmctldSyslogDebug", ALL, SV_LEVEL, 0, 0, 0),
	NUM(C, "SlurmdDebug", ALL, SV_LEVEL, 0, 0, 0),
	NUM(C, "SlurmdSyslogDebug", ALL, SV_LEVEL, 0, 0, 0),
	{ "SuspendTime", C, ALL, SV_NUMWORD, 0, 0, 0xffffffffULL, "NONE,INFINITE,-1", NULL },
	NUM(C, "PriorityWeightTRES", ALL, SV_WEIGHTS, 0, 0, 0),
	/* slurm.conf: words */
	WORDS(C, "AccountingStorageEnforce", ALL, SV_LIST, 0,
	      "1,associations,2,limits,safe,wckeys,qos,all,nojobs,nosteps", NULL),
	WORDS(C, "AccountingStoreFlags", TO24, SV_SUBSTR, 0, "job_comment,job_env,job_script", NULL),
	WORDS(C, "AccountingStoreFlags", FROM24, SV_SUBSTR, 0,
	      "job_comment,job_env,job_extra,job_script,no_stdio", NULL),
	WORDS(C, "CpuFreqDef", ALL, SV_WORD, 0,
	      "Conservative,OnDemand,Performance,PowerSave,SchedUtil", NULL),
	WORDS(C, "CpuFreqGovernors", ALL, SV_LIST, 0,
	      "Conservative,OnDemand,Performance,PowerSave,SchedUtil,UserSpace", NULL),
	WORDS(C, "DebugFlags", TO24, SV_LIST, 0, debug_flags_22, NULL),
	WORDS(C, "DebugFlags", AT24, SV_LIST, 0, debug_flags_24, NULL),
	WORDS(C, "DebugFlags", AT26, SV_LIST, 0, debug_flags_26, NULL),
	WORDS(C, "EnforcePartLimits", ALL, SV_WORD, 0, "all,any,yes,no,up,down,true,false,1,0", NULL),
	WORDS(C, "HealthCheckNodeState", TO24, SV_LIST, 0, "ANY,ALLOC,CYCLE,IDLE,MIXED", NULL),
	WORDS(C, "HealthCheckNodeState", AT24, SV_LIST, 0,
	      "ANY,ALLOC,CYCLE,IDLE,MIXED,NONDRAINED_IDLE", NULL),
	WORDS(C, "HealthCheckNodeState", AT26, SV_LIST, 0,
	      "ANY,ALLOC,CYCLE,IDLE,MIXED,NONDRAINED_IDLE,REBOOT_ONLY,START_ONLY", NULL),
	WORDS(C, "LogTimeFormat", TO24, SV_SUBSTR, 0,
	      "iso8601_ms,iso8601,rfc5424_ms,rfc5424,clock,short,thread_id", NULL),
	WORDS(C, "LogTimeFormat", FROM24, SV_SUBSTR, 0, "iso8601_ms,iso8601,rfc5424_ms,"
	      "rfc5424,rfc3339,clock,short,thread_id,format_stderr", NULL),
	WORDS(C, "PreemptMode", TO24, SV_LIST, 0, PREEMPT_MODES, "SUSPEND+GANG,ON+GANG,GANG-WITHIN"),
	WORDS(C, "PreemptMode", AT24, SV_LIST, 0, PREEMPT_MODES, "SUSPEND+GANG,ON+GANG,GANG-WITHIN"),
	WORDS(C, "PreemptMode", AT26, SV_LIST, 0, PREEMPT_MODES ",priority",
	      "SUSPEND+GANG,ON+GANG,GANG-WITHIN"),
	WORDS(C, "PriorityFlags", ALL, SV_SUBSTR, 0, "ACCRUE_ALWAYS,SMALL_RELATIVE_TO_TIME,"
	      "CALCULATE_RUNNING,DEPTH_OBLIVIOUS,NO_FAIR_TREE,INCR_ONLY,MAX_TRES,"
	      "NO_NORMAL_ALL,NO_NORMAL_ASSOC,NO_NORMAL_PART,NO_NORMAL_QOS,NO_NORMAL_TRES", NULL),
	WORDS(C, "PriorityUsageResetPeriod", ALL, SV_WORD, 0,
	      "none,now,daily,weekly,monthly,quarterly,yearly", NULL),
	WORDS(C, "PrivateData", TO24, SV_SUBSTR, 0, PRIVATE ",cloud", NULL),
	WORDS(C, "PrivateData", FROM24, SV_SUBSTR, 0, PRIVATE, NULL),
	WORDS(C, "PrologFlags", TO24, SV_LIST, 0, "Alloc,Contain,DeferBatch,NoHold,Serial,X11",
	      "NoHold-Contain,NoHold-X11"),
	WORDS(C, "PrologFlags", FROM24, SV_LIST, 0, "Alloc,Contain,RunInJob,DeferBatch,NoHold,"
	      "ForceRequeueOnFail,Serial,X11", "NoHold-Contain,NoHold-X11,NoHold-RunInJob,"
	      "Serial-RunInJob"),
	WORDS(C, "PropagateResourceLimits", ALL, SV_LIST, 0, RLIMITS, NULL),
	WORDS(C, "PropagateResourceLimitsExcept", ALL, SV_LIST, 0, RLIMITS, NULL),
	WORDS(C, "ReconfigFlags", TO24, SV_LIST, 0, "KeepPartInfo,KeepPartState", NULL),
	WORDS(C, "ReconfigFlags", AT24, SV_LIST, 0, "KeepPartInfo,KeepPartState,"
	      "KeepPowerSaveSettings,KeepNodeStateFuture", NULL),
	WORDS(C, "ReconfigFlags", AT26, SV_LIST, 0,
	      "KeepPartInfo,KeepPartState,KeepPowerSaveSettings", NULL),
	WORDS(C, "SelectTypeParameters", TO24, SV_LIST, 0, SELECT_PARAMS ",other_cons_res,"
	      "other_cons_tres,CR_ALLOCATE_FULL_SOCKET",
	      "CR_ONE_TASK_PER_CORE-CR_CPU,CR_ONE_TASK_PER_CORE-CR_CPU_Memory"),
	WORDS(C, "SelectTypeParameters", AT24, SV_LIST, 0, SELECT_PARAMS SHARING_PARAMS,
	      "CR_ONE_TASK_PER_CORE-CR_CPU,CR_ONE_TASK_PER_CORE-CR_CPU_Memory"),
	WORDS(C, "SelectTypeParameters", AT26, SV_LIST, 0,
	      SELECT_PARAMS SHARING_PARAMS ",CR_NO_DIST_TOPO_BLOCK",
	      "CR_ONE_TASK_PER_CORE-CR_CPU,CR_ONE_TASK_PER_CORE-CR_CPU_Memory"),
	WORDS(C, "TaskPluginParam", TO24, SV_LIST, 0, TASK_PARAMS, NULL),
	WORDS(C, "TaskPluginParam", AT24, SV_LIST, 0, TASK_PARAMS ",OOMKillStep", NULL),
	WORDS(C, "TaskPluginParam", AT26, SV_LIST, 0,
	      TASK_PARAMS ",OOMKillStep,SlurmdSpecOverride", "SlurmdOffSpec-SlurmdSpecOverride"),
	/* slurm.conf: plugins */
	WORDS(C, "AcctGatherEnergyType", TO24, SV_WORD, 0, "acct_gather_energy/none,"
	      "acct_gather_energy/gpu,acct_gather_energy/ibmaem,acct_gather_energy/ipmi,"
	      "acct_gather_energy/pm_counters,acct_gather_energy/rapl,"
	      "acct_gather_energy/rsmi,acct_gather_energy/xcc", NULL),
	WORDS(C, "AcctGatherEnergyType", FROM24, SV_WORD, 0, "acct_gather_energy/none,"
	      "acct_gather_energy/gpu,acct_gather_energy/ibmaem,acct_gather_energy/ipmi,"
	      "acct_gather_energy/pm_counters,acct_gather_energy/rapl,acct_gather_energy/xcc", NULL),
	WORDS(C, "AcctGatherFilesystemType", ALL, SV_WORD, 0,
	      "acct_gather_filesystem/none,acct_gather_filesystem/lustre", NULL),
	WORDS(C, "AcctGatherInterconnectType", ALL, SV_WORD, 0, "acct_gather_interconnect/none,"
	      "acct_gather_interconnect/ofed,acct_gather_interconnect/sysfs", NULL),
	WORDS(C, "AcctGatherProfileType", ALL, SV_WORD, 0, "acct_gather_profile/none,"
	      "acct_gather_profile/hdf5,acct_gather_profile/influxdb", NULL),
	WORDS(C, "AccountingStorageType", TO24, SV_WORD, 0,
	      "accounting_storage/none,accounting_storage/slurmdbd", NULL),
	WORDS(C, "AccountingStorageType", FROM24, SV_WORD, 0,
	      "accounting_storage/none,accounting_storage/slurmdbd,accounting_storage/ctld_relay", NULL),
	WORDS(C, "AuthType", TO23, SV_WORD, 0, "auth/munge,auth/none", NULL),
	WORDS(C, "AuthType", FROM23, SV_WORD, 0, "auth/munge,auth/slurm,auth/none", NULL),
	WORDS(C, "CredType", ALL, SV_WORD, 0, "cred/munge,cred/none", NULL),
	WORDS(C, "JobAcctGatherType", ALL, SV_WORD, 0,
	      "jobacct_gather/none,jobacct_gather/linux,jobacct_gather/cgroup", NULL),
	WORDS(C, "JobCompType", TO24, SV_WORD, 0, "jobcomp/none,jobcomp/filetxt,jobcomp/mysql,"
	      "jobcomp/elasticsearch,jobcomp/lua,jobcomp/script", NULL),
	WORDS(C, "JobCompType", FROM24, SV_WORD, 0, "jobcomp/none,jobcomp/filetxt,jobcomp/mysql,"
	      "jobcomp/elasticsearch,jobcomp/kafka,jobcomp/lua,jobcomp/script", NULL),
	WORDS(C, "JobContainerType", TO24, SV_WORD, 0, "job_container/none,"
	      "job_container/tmpfs,job_container/cncu", NULL),
	WORDS(C, "JobContainerType", FROM24, SV_WORD, 0,
	      "job_container/none,job_container/tmpfs", NULL),
	WORDS(C, "MCSPlugin", TO24, SV_WORD, 0, "mcs/none,mcs/account,mcs/group,mcs/user", NULL),
	WORDS(C, "MCSPlugin", FROM24, SV_WORD, 0,
	      "mcs/none,mcs/account,mcs/group,mcs/user,mcs/label", NULL),
	WORDS(C, "MpiDefault", ALL, SV_WORD, 0,
	      "none,pmi2,pmix,pmix_v2,pmix_v3,pmix_v4,pmix_v5,cray_shasta", NULL),
	WORDS(C, "PreemptType", ALL, SV_WORD, 0,
	      "preempt/none,preempt/partition_prio,preempt/qos", NULL),
	WORDS(C, "PriorityType", ALL, SV_WORD, 0, "priority/basic,priority/multifactor", NULL),
	WORDS(C, "ProctrackType", TO23, SV_WORD, 0, "proctrack/cgroup,proctrack/linuxproc,"
	      "proctrack/pgid,proctrack/cray_aries", NULL),
	WORDS(C, "ProctrackType", FROM23, SV_WORD, 0,
	      "proctrack/cgroup,proctrack/linuxproc,proctrack/pgid", NULL),
	WORDS(C, "SchedulerType", ALL, SV_WORD, 0, "sched/backfill,sched/builtin", NULL),
	WORDS(C, "SelectType", TO24, SV_WORD, 0, "select/cons_tres,select/cons_res,"
	      "select/linear,select/cray_aries", NULL),
	WORDS(C, "SelectType", FROM24, SV_WORD, 0, "select/cons_tres,select/linear", NULL),
	WORDS(C, "SwitchType", TO23, SV_WORD, 0,
	      "switch/none,switch/cray_aries,switch/hpe_slingshot", NULL),
	WORDS(C, "SwitchType", AT23, SV_WORD, 0, "switch/none,switch/hpe_slingshot", NULL),
	WORDS(C, "SwitchType", FROM24, SV_WORD, 0,
	      "switch/none,switch/hpe_slingshot,switch/nvidia_imex", NULL),
	WORDS(C, "TaskPlugin", TO23, SV_LIST, SV_BARE,
	      "task/affinity,task/cgroup,task/none,task/cray_aries", NULL),
	WORDS(C, "TaskPlugin", FROM23, SV_LIST, SV_BARE,
	      "task/affinity,task/cgroup,task/none", NULL),
	WORDS(C, "TopologyPlugin", TO24, SV_WORD, 0,
	      "topology/none,topology/tree,topology/3d_torus,topology/hypercube", NULL),
	WORDS(C, "TopologyPlugin", AT24, SV_WORD, 0, "topology/none,topology/default,"
	      "topology/tree,topology/3d_torus,topology/block", NULL),
	WORDS(C, "TopologyPlugin", AT26, SV_WORD, 0, "topology/none,topology/default,"
	      "topology/flat,topology/tree,topology/block,topology/torus3d,topology/ring", NULL),

	/* NodeName= */
	NUM(N, "Boards", ALL, SV_U16, 0, 0, 0),
	NUM(N, "CoreSpecCount", ALL, SV_U16, 0, 0, 0),
	NUM(N, "CoresPerSocket", ALL, SV_U16, 0, 0, 0),
	NUM(N, "CPUs", ALL, SV_U16, 0, 0, 0),
	NUM(N, "MemSpecLimit", ALL, SV_U64, 0, 0, 0),
	NUM(N, "Procs", ALL, SV_U16, 0, 0, 0),
	NUM(N, "RealMemory", ALL, SV_U64, 0, 1, 0),
	NUM(N, "RestrictedCoresPerGPU", ALL, SV_U16, 0, 0, 0),
	NUM(N, "Sockets", ALL, SV_U16, 0, 0, 0),
	NUM(N, "SocketsPerBoard", ALL, SV_U16, 0, 0, 0),
	NUM(N, "ThreadsPerCore", ALL, SV_U16, 0, 0, 0),
	NUM(N, "TmpDisk", ALL, SV_U32, 0, 0, 0),
	NUM(N, "Weight", ALL, SV_U32, 0, 0, 0),
	WORDS(N, "CpuBind", ALL, SV_WORD, 0, CPU_BIND, NULL),
	WORDS(N, "State", TO24, SV_WORD, 0, NODE_STATES, NULL),
	WORDS(N, "State", AT24, SV_WORD, 0, NODE_STATES, NULL),
	WORDS(N, "State", AT26, SV_WORD, 0, NODE_STATES ",EXTERNAL", NULL),

	/* PartitionName= */
	NUM(P, "DefCPUPerGPU", ALL, SV_U64, 0, 0, 0),
	NUM(P, "DefMemPerCPU", ALL, SV_U64, 0, 0, 0),
	NUM(P, "DefMemPerGPU", ALL, SV_U64, 0, 0, 0),
	NUM(P, "DefMemPerNode", ALL, SV_U64, 0, 0, 0),
	NUM(P, "GraceTime", ALL, SV_U32, 0, 0, 0),
	NUM(P, "MaxCPUsPerNode", ALL, SV_U32, 0, 0, 0),
	NUM(P, "MaxCPUsPerSocket", ALL, SV_U32, 0, 0, 0),
	NUM(P, "MaxMemPerCPU", ALL, SV_U64, 0, 0, 0),
	NUM(P, "MaxMemPerNode", ALL, SV_U64, 0, 0, 0),
	NUM(P, "MaxNodes", ALL, SV_U32, 0, 0, 0),
	NUM(P, "MinNodes", ALL, SV_U32, 0, 0, 0),
	NUM(P, "Priority", ALL, SV_U16, 0, 0, 0),
	NUM(P, "PriorityJobFactor", ALL, SV_U16, 0, 0, 0),
	NUM(P, "PriorityTier", ALL, SV_U16, 0, 0, 0),
	NUM(P, "ResumeTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(P, "SuspendTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(P, "DefaultTime", ALL, SV_MINS, 0, 0, 0),
	NUM(P, "MaxTime", ALL, SV_MINS, 0, 0, 0),
	NUM(P, "DisableRootJobs", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "ExclusiveTopo", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "ExclusiveUser", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "Hidden", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "LLN", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "PowerDownOnIdle", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "ReqResv", ALL, SV_BOOL, 0, 0, 0),
	NUM(P, "RootOnly", ALL, SV_BOOL, 0, 0, 0),
	{ "OverTimeLimit", P, ALL, SV_NUMWORD, SV_SOFT_LOW, 0, 0xfffe, "UNLIMITED,INFINITE", NULL },
	{ "SuspendTime", P, ALL, SV_NUMWORD, 0, 0, 0xffffffffULL, "INFINITE,-1", NULL },
	WORDS(P, "CpuBind", ALL, SV_WORD, 0, CPU_BIND, NULL),
	WORDS(P, "PreemptMode", TO24, SV_LIST, 0, PREEMPT_MODES, "GANG-WITHIN"),
	WORDS(P, "PreemptMode", AT24, SV_LIST, 0, PREEMPT_MODES, "GANG-WITHIN"),
	WORDS(P, "PreemptMode", AT26, SV_LIST, 0, PREEMPT_MODES ",priority", "GANG-WITHIN"),
	NUM(P, "TRESBillingWeights", ALL, SV_WEIGHTS, 0, 0, 0),
	WORDS(P, "SelectTypeParameters", ALL, SV_WORD, 0,
	      "CR_Core,CR_Core_Memory,CR_Socket,CR_Socket_Memory", NULL),

	/* cgroup.conf */
	NUM(G, "AllowedKmemSpace", ALL, SV_FLOAT, 0, 0, 0),
	NUM(G, "AllowedRAMSpace", ALL, SV_FLOAT, 0, 0, 0),
	NUM(G, "AllowedSwapSpace", ALL, SV_FLOAT, 0, 0, 0),
	NUM(G, "CgroupAutomount", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "CgroupJobIdPaths", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "ConstrainCores", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "ConstrainDevices", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "ConstrainKmemSpace", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "ConstrainRAMSpace", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "ConstrainSwapSpace", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "EnableControllers", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "IgnoreSystemd", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "IgnoreSystemdOnFailure", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "MaxKmemPercent", ALL, SV_FLOAT, 0, 0, 100),
	NUM(G, "MaxRAMPercent", ALL, SV_FLOAT, 0, 0, 100),
	NUM(G, "MaxSwapPercent", ALL, SV_FLOAT, 0, 0, 100),
	NUM(G, "MemoryLimitEnforcement", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "MemoryLimitThreshold", ALL, SV_FLOAT, 0, 0, 100),
	NUM(G, "MemorySwappiness", ALL, SV_U64, SV_SOFT_HIGH, 0, 100),
	NUM(G, "MinKmemSpace", ALL, SV_U64, 0, 0, 0),
	NUM(G, "MinRAMSpace", ALL, SV_U64, 0, 0, 0),
	NUM(G, "SignalChildrenProcesses", ALL, SV_BOOL, 0, 0, 0),
	NUM(G, "SystemdTimeout", ALL, SV_U64, 0, 0, 0),
	WORDS(G, "CgroupPlugin", TO24, SV_WORD, 0, "autodetect,cgroup/v1,cgroup/v2", NULL),
	WORDS(G, "CgroupPlugin", FROM24, SV_WORD, 0, "autodetect,cgroup/v1,cgroup/v2,disabled", NULL),

	/* slurmdbd.conf */
	NUM(D, "AllowNoDefAcct", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "AllResourcesAbsolute", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveEvents", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveJobEnv", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveJobs", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveJobScript", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveResvs", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveSteps", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveSuspend", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveTXN", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "ArchiveUsage", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "CommitDelay", ALL, SV_U16, 0, 0, 0),
	NUM(D, "DebugLevel", ALL, SV_LEVEL, 0, 0, 0),
	NUM(D, "DebugLevelSyslog", ALL, SV_LEVEL, 0, 0, 0),
	NUM(D, "DisableArchiveCommands", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "DisableCoordDBD", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "DisableRollups", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "JobPurge", ALL, SV_U32, 0, 0, 0),
	NUM(D, "MaxPurgeLimit", ALL, SV_U32, 0, 0, 0),
	NUM(D, "MessageTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(D, "PurgeEventAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeEventMonths", ALL, SV_U32, 0, 0, 0),
	NUM(D, "PurgeJobAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeJobEnvAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeJobMonths", ALL, SV_U32, 0, 0, 0),
	NUM(D, "PurgeJobScriptAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeResvAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeStepAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeStepMonths", ALL, SV_U32, 0, 0, 0),
	NUM(D, "PurgeSuspendAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeSuspendMonths", ALL, SV_U32, 0, 0, 0),
	NUM(D, "PurgeTXNAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeTXNMonths", ALL, SV_U32, 0, 0, 0),
	NUM(D, "PurgeUsageAfter", ALL, SV_PURGE, 0, 0, 0),
	NUM(D, "PurgeUsageMonths", ALL, SV_U32, 0, 0, 0),
	NUM(D, "StepPurge", ALL, SV_U32, 0, 0, 0),
	NUM(D, "TCPTimeout", ALL, SV_U16, 0, 0, 0),
	NUM(D, "TrackSlurmctldDown", ALL, SV_BOOL, 0, 0, 0),
	NUM(D, "TrackWCKey", ALL, SV_BOOL, 0, 0, 0),
	WORDS(D, "DebugFlags", TO24, SV_LIST, 0, debug_flags_22, NULL),
	WORDS(D, "DebugFlags", AT24, SV_LIST, 0, debug_flags_24, NULL),
	WORDS(D, "DebugFlags", AT26, SV_LIST, 0, debug_flags_26, NULL),
	WORDS(D, "PrivateData", ALL, SV_SUBSTR, 0, PRIVATE, NULL),
	WORDS(D, "StorageType", ALL, SV_WORD, 0, "accounting_storage/mysql", NULL),
};

const struct slurmvalue_row *slurmvalue_rows(size_t *n)
{
	*n = ARRAY_SIZE(rows);
	return rows;
}
