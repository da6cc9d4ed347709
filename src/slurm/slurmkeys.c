/*
 * slurmkeys.c: the key tables of slurm.conf, NodeName=, PartitionName=,
 * cgroup.conf and slurmdbd.conf per Slurm release (see slurmkeys.h for where they come from), and the
 * keys the inventory models itself, which must not be passed through.
 * Tables are sorted case-insensitively for a binary search.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/diag.h"
#include "slurm/slurmkeys.h"
#include "base/xalloc.h"

/*
 * 25.11 (index 9) is read from Slurm's source only (tag slurm-25-11-7-1): no
 * package of it installs on this machine. 26.05 (index 10, tag
 * slurm-26-05-3-1) is also checked against Debian testing's 26.05.5 daemons
 * by tests/t/t1520-release-keys.sh. gres.conf's keys (Name, Type, File(s),
 * Count, Cores, CPUs, Flags, Links, MultipleFiles, AutoDetect, NodeName) are
 * the same from 24.11 to 26.05, which only adds the value AutoDetect=full.
 */
static const char *const versions[] = {
	"20.02", "20.11", "21.08", "22.05", "23.02",
	"23.11", "24.05", "24.11", "25.05", "25.11", "26.05",
};

/*
 * added: first release index whose table has the key (0: 20.02 or older);
 * gone: first release where it is removed or fatal (-1: never);
 * defunct: first release where it is ignored with an error (-1: never).
 */
struct slurmkey {
	const char *name;
	int added, gone, defunct;
};

static const struct slurmkey conf_keys[] = {
	{ "AccountingStorageBackupHost", 0, -1, -1 },
	{ "AccountingStorageEnforce", 0, -1, -1 },
	{ "AccountingStorageExternalHost", 0, -1, -1 },
	{ "AccountingStorageHost", 0, -1, -1 },
	{ "AccountingStorageLoc", 0, 1, -1 },
	{ "AccountingStorageParameters", 1, -1, -1 },
	{ "AccountingStoragePass", 0, -1, -1 },
	{ "AccountingStoragePort", 0, -1, -1 },
	{ "AccountingStorageTRES", 0, -1, -1 },
	{ "AccountingStorageType", 0, -1, -1 },
	{ "AccountingStorageUser", 0, -1, 9 },
	{ "AccountingStoreFlags", 2, -1, -1 },
	{ "AccountingStoreJobComment", 0, 2, -1 },
	{ "AcctGatherEnergyType", 0, -1, -1 },
	{ "AcctGatherFilesystemType", 0, -1, -1 },
	{ "AcctGatherInfinibandType", 0, -1, -1 },
	{ "AcctGatherInterconnectType", 0, -1, -1 },
	{ "AcctGatherNodeFreq", 0, -1, -1 },
	{ "AcctGatherProfileType", 0, -1, -1 },
	{ "AllowSpecResourcesUsage", 0, -1, -1 },
	{ "AuthAltParameters", 1, -1, -1 },
	{ "AuthAltTypes", 0, -1, -1 },
	{ "AuthInfo", 0, -1, -1 },
	{ "AuthType", 0, -1, -1 },
	{ "BackupAddr", 0, -1, -1 },
	{ "BackupController", 0, -1, -1 },
	{ "BatchStartTimeout", 0, -1, -1 },
	{ "BcastExclude", 2, -1, -1 },
	{ "BcastParameters", 2, -1, -1 },
	{ "BurstBufferParameters", 0, -1, -1 },
	{ "BurstBufferType", 0, -1, -1 },
	{ "CacheGroups", 0, 2, -1 },
	{ "CertgenParameters", 8, -1, -1 },
	{ "CertgenType", 8, -1, -1 },
	{ "CertmgrParameters", 7, -1, -1 },
	{ "CertmgrType", 7, -1, -1 },
	{ "CheckpointType", 0, 2, -1 },
	{ "ChosLoc", 0, 1, -1 },
	{ "CliFilterParameters", 9, -1, -1 },
	{ "CliFilterPlugins", 0, -1, -1 },
	{ "ClusterName", 0, -1, -1 },
	{ "CommunicationParameters", 0, -1, -1 },
	{ "CompleteWait", 0, -1, -1 },
	{ "ControlAddr", 0, -1, -1 },
	{ "ControlMachine", 0, -1, -1 },
	{ "CoreSpecPlugin", 0, -1, 6 },
	{ "CpuFreqDef", 0, -1, -1 },
	{ "CpuFreqGovernors", 0, -1, -1 },
	{ "CredType", 0, -1, -1 },
	{ "CryptoType", 0, -1, -1 },
	{ "DataParserParameters", 7, -1, -1 },
	{ "DebugFlags", 0, -1, -1 },
	{ "DefaultStorageHost", 0, 2, -1 },
	{ "DefaultStorageLoc", 0, 2, -1 },
	{ "DefaultStoragePass", 0, 2, -1 },
	{ "DefaultStoragePort", 0, 2, -1 },
	{ "DefaultStorageType", 0, 2, -1 },
	{ "DefaultStorageUser", 0, 2, -1 },
	{ "DefCPUPerGPU", 0, -1, -1 },
	{ "DefMemPerCPU", 0, -1, -1 },
	{ "DefMemPerGPU", 0, -1, -1 },
	{ "DefMemPerNode", 0, -1, -1 },
	{ "DependencyParameters", 0, -1, -1 },
	{ "DisableRootJobs", 0, -1, -1 },
	{ "DownNodes", 0, -1, -1 },
	{ "EioTimeout", 0, -1, -1 },
	{ "EnforcePartLimits", 0, -1, -1 },
	{ "Epilog", 0, -1, -1 },
	{ "EpilogMsgTime", 0, -1, -1 },
	{ "EpilogSlurmctld", 0, -1, -1 },
	{ "EpilogTimeout", 8, -1, -1 },
	{ "ExtSensorsFreq", 0, -1, 5 },
	{ "ExtSensorsType", 0, -1, 5 },
	{ "FairShareDampeningFactor", 0, -1, -1 },
	{ "FastSchedule", 0, -1, 0 },
	{ "FederationParameters", 0, -1, -1 },
	{ "FirstJobId", 0, -1, -1 },
	{ "FrontendName", 0, 8, -1 },
	{ "GetEnvTimeout", 0, -1, 8 },
	{ "GpuFreqDef", 0, -1, -1 },
	{ "GresTypes", 0, -1, -1 },
	{ "GroupUpdateForce", 0, -1, -1 },
	{ "GroupUpdateTime", 0, -1, -1 },
	{ "HashPlugin", 6, -1, -1 },
	{ "HealthCheckInterval", 0, -1, -1 },
	{ "HealthCheckNodeState", 0, -1, -1 },
	{ "HealthCheckProgram", 0, -1, -1 },
	{ "HealthCheckTimeout", 10, -1, -1 },
	{ "HttpParserType", 9, -1, -1 },
	{ "InactiveLimit", 0, -1, -1 },
	{ "InteractiveStepOptions", 1, -1, -1 },
	{ "JobAcctGatherFrequency", 0, -1, -1 },
	{ "JobAcctGatherParams", 0, -1, -1 },
	{ "JobAcctGatherType", 0, -1, -1 },
	{ "JobCheckpointDir", 0, 2, -1 },
	{ "JobCompHost", 0, -1, -1 },
	{ "JobCompLoc", 0, -1, -1 },
	{ "JobCompParams", 0, -1, -1 },
	{ "JobCompPass", 0, -1, -1 },
	{ "JobCompPassScript", 9, -1, -1 },
	{ "JobCompPort", 0, -1, -1 },
	{ "JobCompType", 0, -1, -1 },
	{ "JobCompUser", 0, -1, -1 },
	{ "JobContainerType", 0, -1, -1 },
	{ "JobCredentialPrivateKey", 0, -1, 5 },
	{ "JobCredentialPublicCertificate", 0, -1, 5 },
	{ "JobFileAppend", 0, -1, -1 },
	{ "JobRequeue", 0, -1, -1 },
	{ "JobSubmitPlugins", 0, -1, -1 },
	{ "KeepAliveTime", 0, -1, -1 },
	{ "KillOnBadExit", 0, -1, -1 },
	{ "KillWait", 0, -1, -1 },
	{ "LaunchParameters", 0, -1, -1 },
	{ "LaunchType", 0, -1, -1 },
	{ "Layouts", 0, 1, -1 },
	{ "LicenseParameters", 10, -1, -1 },
	{ "Licenses", 0, -1, -1 },
	{ "LogTimeFormat", 0, -1, -1 },
	{ "MailDomain", 0, -1, -1 },
	{ "MailProg", 0, -1, -1 },
	{ "MaxArraySize", 0, -1, -1 },
	{ "MaxBatchRequeue", 4, -1, -1 },
	{ "MaxDBDMsgs", 0, -1, -1 },
	{ "MaxJobCount", 0, -1, -1 },
	{ "MaxJobId", 0, -1, -1 },
	{ "MaxMemPerCPU", 0, -1, -1 },
	{ "MaxMemPerNode", 0, -1, -1 },
	{ "MaxNodeCount", 3, -1, -1 },
	{ "MaxStepCount", 0, -1, -1 },
	{ "MaxTasksPerNode", 0, -1, -1 },
	{ "MCSParameters", 0, -1, -1 },
	{ "MCSPlugin", 0, -1, -1 },
	{ "MemLimitEnforce", 0, 2, -1 },
	{ "MessageTimeout", 0, -1, -1 },
	{ "MetricsAuthUsers", 10, -1, -1 },
	{ "MetricsParameters", 10, -1, -1 },
	{ "MetricsType", 9, -1, -1 },
	{ "MinJobAge", 0, -1, -1 },
	{ "MpiDefault", 0, -1, -1 },
	{ "MpiParams", 0, -1, -1 },
	{ "MsgAggregationParams", 0, 1, -1 },
	{ "NamespaceType", 9, -1, -1 },
	{ "NodeFeaturesPlugins", 0, -1, -1 },
	{ "NodeName", 0, -1, -1 },
	{ "NodeSet", 0, -1, -1 },
	{ "OverTimeLimit", 0, -1, -1 },
	{ "PartitionName", 0, -1, -1 },
	{ "PluginDir", 0, -1, -1 },
	{ "PlugStackConfig", 0, -1, -1 },
	{ "PowerAction", 10, -1, -1 },
	{ "PowerParameters", 0, -1, 6 },
	{ "PowerPlugin", 0, -1, 6 },
	{ "PreemptExemptTime", 0, -1, -1 },
	{ "PreemptMode", 0, -1, -1 },
	{ "PreemptParameters", 4, -1, -1 },
	{ "PreemptType", 0, -1, -1 },
	{ "PrEpParameters", 0, -1, -1 },
	{ "PrEpPlugins", 0, -1, -1 },
	{ "PriorityCalcPeriod", 0, -1, -1 },
	{ "PriorityDecayHalfLife", 0, -1, -1 },
	{ "PriorityFavorSmall", 0, -1, -1 },
	{ "PriorityFlags", 0, -1, -1 },
	{ "PriorityMaxAge", 0, -1, -1 },
	{ "PriorityParameters", 0, -1, -1 },
	{ "PrioritySiteFactorParameters", 0, -1, -1 },
	{ "PrioritySiteFactorPlugin", 0, -1, -1 },
	{ "PriorityType", 0, -1, -1 },
	{ "PriorityUsageResetPeriod", 0, -1, -1 },
	{ "PriorityWeightAge", 0, -1, -1 },
	{ "PriorityWeightAssoc", 0, -1, -1 },
	{ "PriorityWeightFairshare", 0, -1, -1 },
	{ "PriorityWeightJobSize", 0, -1, -1 },
	{ "PriorityWeightPartition", 0, -1, -1 },
	{ "PriorityWeightQOS", 0, -1, -1 },
	{ "PriorityWeightTRES", 0, -1, -1 },
	{ "PrivateData", 0, -1, -1 },
	{ "ProctrackType", 0, -1, -1 },
	{ "Prolog", 0, -1, -1 },
	{ "PrologEpilogTimeout", 0, -1, -1 },
	{ "PrologFlags", 0, -1, -1 },
	{ "PrologSlurmctld", 0, -1, -1 },
	{ "PrologTimeout", 8, -1, -1 },
	{ "PropagatePrioProcess", 0, -1, -1 },
	{ "PropagateResourceLimits", 0, -1, -1 },
	{ "PropagateResourceLimitsExcept", 0, -1, -1 },
	{ "RebootProgram", 0, -1, -1 },
	{ "ReconfigFlags", 0, -1, -1 },
	{ "RequeueExit", 0, -1, -1 },
	{ "RequeueExitHold", 0, -1, -1 },
	{ "ResumeFailProgram", 0, -1, -1 },
	{ "ResumeProgram", 0, -1, -1 },
	{ "ResumeRate", 0, -1, -1 },
	{ "ResumeTimeout", 0, -1, -1 },
	{ "ResvEpilog", 0, -1, -1 },
	{ "ResvOverRun", 0, -1, -1 },
	{ "ResvProlog", 0, -1, -1 },
	{ "ReturnToService", 0, -1, -1 },
	{ "RoutePlugin", 0, -1, -1 },
	{ "SallocDefaultCommand", 0, 1, -1 },
	{ "SbcastParameters", 0, -1, -1 },
	{ "SchedulerAuth", 0, 6, 0 },
	{ "SchedulerParameters", 0, -1, -1 },
	{ "SchedulerPort", 0, 2, -1 },
	{ "SchedulerRootFilter", 0, 2, -1 },
	{ "SchedulerTimeSlice", 0, -1, -1 },
	{ "SchedulerType", 0, -1, -1 },
	{ "ScronParameters", 1, -1, -1 },
	{ "SelectType", 0, -1, -1 },
	{ "SelectTypeParameters", 0, -1, -1 },
	{ "SlurmctldAddr", 0, -1, -1 },
	{ "SlurmctldDebug", 0, -1, -1 },
	{ "SlurmctldHost", 0, -1, -1 },
	{ "SlurmctldHttpAuthParameters", 10, -1, -1 },
	{ "SlurmctldLogFile", 0, -1, -1 },
	{ "SlurmctldParameters", 0, -1, -1 },
	{ "SlurmctldPidFile", 0, -1, -1 },
	{ "SlurmctldPlugstack", 0, 4, -1 },
	{ "SlurmctldPort", 0, -1, -1 },
	{ "SlurmctldPrimaryOffProg", 0, -1, -1 },
	{ "SlurmctldPrimaryOnProg", 0, -1, -1 },
	{ "SlurmctldSyslogDebug", 0, -1, -1 },
	{ "SlurmctldTimeout", 0, -1, -1 },
	{ "SlurmdDebug", 0, -1, -1 },
	{ "SlurmdHttpAuthParameters", 10, -1, -1 },
	{ "SlurmdLogFile", 0, -1, -1 },
	{ "SlurmdParameters", 0, -1, -1 },
	{ "SlurmdPidFile", 0, -1, -1 },
	{ "SlurmdPort", 0, -1, -1 },
	{ "SlurmdSpoolDir", 0, -1, -1 },
	{ "SlurmdSyslogDebug", 0, -1, -1 },
	{ "SlurmdTimeout", 0, -1, -1 },
	{ "SlurmdUser", 0, -1, -1 },
	{ "SlurmSchedLogFile", 0, -1, -1 },
	{ "SlurmSchedLogLevel", 0, -1, -1 },
	{ "SlurmUser", 0, -1, -1 },
	{ "SrunEpilog", 0, -1, -1 },
	{ "SrunPortRange", 0, -1, -1 },
	{ "SrunProlog", 0, -1, -1 },
	{ "StateSaveLocation", 0, -1, -1 },
	{ "SuspendExcNodes", 0, -1, -1 },
	{ "SuspendExcParts", 0, -1, -1 },
	{ "SuspendExcStates", 4, -1, -1 },
	{ "SuspendProgram", 0, -1, -1 },
	{ "SuspendRate", 0, -1, -1 },
	{ "SuspendTime", 0, -1, -1 },
	{ "SuspendTimeout", 0, -1, -1 },
	{ "SwitchParameters", 2, -1, -1 },
	{ "SwitchType", 0, -1, -1 },
	{ "TaskEpilog", 0, -1, -1 },
	{ "TaskPlugin", 0, -1, -1 },
	{ "TaskPluginParam", 0, -1, -1 },
	{ "TaskProlog", 0, -1, -1 },
	{ "TCPTimeout", 0, -1, -1 },
	{ "TLSParameters", 6, -1, -1 },
	{ "TLSType", 6, -1, -1 },
	{ "TmpFS", 0, -1, -1 },
	{ "TopologyParam", 0, -1, -1 },
	{ "TopologyPlugin", 0, -1, -1 },
	{ "TrackWCKey", 0, -1, -1 },
	{ "TreeWidth", 0, -1, -1 },
	{ "UnkillableStepProgram", 0, -1, -1 },
	{ "UnkillableStepTimeout", 0, -1, -1 },
	{ "UrlParserType", 9, -1, -1 },
	{ "UsePAM", 0, -1, -1 },
	{ "VSizeFactor", 0, -1, -1 },
	{ "WaitTime", 0, -1, -1 },
	{ "X11Parameters", 0, -1, -1 },
};

static const struct slurmkey node_keys[] = {
	{ "BcastAddr", 0, -1, -1 },
	{ "Boards", 0, -1, -1 },
	{ "CoreSpecCount", 0, -1, -1 },
	{ "CoresPerSocket", 0, -1, -1 },
	{ "CpuBind", 0, -1, -1 },
	{ "CPUs", 0, -1, -1 },
	{ "CPUSpecList", 0, -1, -1 },
	{ "Feature", 0, -1, -1 },
	{ "Features", 0, -1, -1 },
	{ "Gres", 0, -1, -1 },
	{ "GresConf", 9, -1, -1 },
	{ "MemSpecLimit", 0, -1, -1 },
	{ "NodeAddr", 0, -1, -1 },
	{ "NodeHostname", 0, -1, -1 },
	{ "Parameters", 9, -1, -1 },
	{ "Port", 0, -1, -1 },
	{ "Procs", 0, -1, -1 },
	{ "RealMemory", 0, -1, -1 },
	{ "Reason", 0, -1, -1 },
	{ "RestrictedCoresPerGPU", 6, -1, -1 },
	{ "Sockets", 0, -1, -1 },
	{ "SocketsPerBoard", 0, -1, -1 },
	{ "State", 0, -1, -1 },
	{ "SuspendTime", 10, -1, -1 },
	{ "ThreadsPerCore", 0, -1, -1 },
	{ "TmpDisk", 0, -1, -1 },
	{ "Topology", 8, -1, -1 },
	{ "TRESWeights", 0, -1, -1 },
	{ "Weight", 0, -1, -1 },
};

static const struct slurmkey partition_keys[] = {
	{ "AllocNodes", 0, -1, -1 },
	{ "AllowAccounts", 0, -1, -1 },
	{ "AllowGroups", 0, -1, -1 },
	{ "AllowQos", 0, -1, -1 },
	{ "Alternate", 0, -1, -1 },
	{ "CpuBind", 0, -1, -1 },
	{ "Default", 0, -1, -1 },
	{ "DefaultTime", 0, -1, -1 },
	{ "DefCPUPerGPU", 0, -1, -1 },
	{ "DefMemPerCPU", 0, -1, -1 },
	{ "DefMemPerGPU", 0, -1, -1 },
	{ "DefMemPerNode", 0, -1, -1 },
	{ "DenyAccounts", 0, -1, -1 },
	{ "DenyQos", 0, -1, -1 },
	{ "DisableRootJobs", 0, -1, -1 },
	{ "Exclusive", 10, -1, -1 },
	{ "ExclusiveTopo", 6, -1, -1 },
	{ "ExclusiveUser", 0, -1, -1 },
	{ "GraceTime", 0, -1, -1 },
	{ "Hidden", 0, -1, -1 },
	{ "LLN", 0, -1, -1 },
	{ "MaxCPUsPerNode", 0, -1, -1 },
	{ "MaxCPUsPerSocket", 4, -1, -1 },
	{ "MaxMemPerCPU", 0, -1, -1 },
	{ "MaxMemPerNode", 0, -1, -1 },
	{ "MaxNodes", 0, -1, -1 },
	{ "MaxTime", 0, -1, -1 },
	{ "MinNodes", 0, -1, -1 },
	{ "Nodes", 0, -1, -1 },
	{ "OverSubscribe", 0, -1, -1 },
	{ "OverTimeLimit", 0, -1, -1 },
	{ "PowerDownOnIdle", 4, -1, -1 },
	{ "PreemptMode", 0, -1, -1 },
	{ "Priority", 0, -1, -1 },
	{ "PriorityJobFactor", 0, -1, -1 },
	{ "PriorityTier", 0, -1, -1 },
	{ "QOS", 0, -1, -1 },
	{ "ReqResv", 0, -1, -1 },
	{ "ResumeTimeout", 2, -1, -1 },
	{ "RootOnly", 0, -1, -1 },
	{ "SelectTypeParameters", 0, -1, -1 },
	{ "Shared", 0, -1, -1 },
	{ "State", 0, -1, -1 },
	{ "SuspendTime", 2, -1, -1 },
	{ "SuspendTimeout", 2, -1, -1 },
	{ "Topology", 8, -1, -1 },
	{ "TRESBillingWeights", 0, -1, -1 },
};

static const struct slurmkey cgroup_keys[] = {
	{ "AllowedDevicesFile", 0, -1, -1 },
	{ "AllowedKmemSpace", 0, 5, -1 },
	{ "AllowedRAMSpace", 0, -1, -1 },
	{ "AllowedSwapSpace", 0, -1, -1 },
	{ "CgroupAutomount", 0, -1, 5 },
	{ "CgroupJobIdPaths", 10, -1, -1 },
	{ "CgroupMountpoint", 0, -1, -1 },
	{ "CgroupPlugin", 2, -1, -1 },
	{ "CgroupReleaseAgentDir", 0, 3, -1 },	/* fatal() in 22.05's cgroup.c */
	{ "CgroupSlice", 9, -1, -1 },
	{ "ConstrainCores", 0, -1, -1 },
	{ "ConstrainDevices", 0, -1, -1 },
	{ "ConstrainKmemSpace", 0, 5, -1 },
	{ "ConstrainRAMSpace", 0, -1, -1 },
	{ "ConstrainSwapSpace", 0, -1, -1 },
	{ "EnableControllers", 5, -1, -1 },
	{ "EnableExtraControllers", 8, -1, -1 },
	{ "IgnoreSystemd", 3, -1, -1 },
	{ "IgnoreSystemdOnFailure", 3, -1, -1 },
	{ "MaxKmemPercent", 0, 5, -1 },
	{ "MaxRAMPercent", 0, -1, -1 },
	{ "MaxSwapPercent", 0, -1, -1 },
	{ "MemoryLimitEnforcement", 0, -1, -1 },
	{ "MemoryLimitThreshold", 0, -1, -1 },
	{ "MemorySwappiness", 0, -1, -1 },
	{ "MinKmemSpace", 0, 5, -1 },
	{ "MinRAMSpace", 0, -1, -1 },
	{ "RootOwnedCgroups", 4, 5, -1 },
	{ "SignalChildrenProcesses", 5, -1, -1 },
	{ "SystemdTimeout", 6, -1, -1 },
	{ "TaskAffinity", 0, 3, -1 },
};

static const struct slurmkey dbd_keys[] = {
	{ "AllowNoDefAcct", 3, -1, -1 },
	{ "AllResourcesAbsolute", 4, -1, -1 },
	{ "ArchiveDir", 0, -1, -1 },
	{ "ArchiveEvents", 0, -1, -1 },
	{ "ArchiveJobEnv", 10, -1, -1 },
	{ "ArchiveJobs", 0, -1, -1 },
	{ "ArchiveJobScript", 10, -1, -1 },
	{ "ArchiveResvs", 0, -1, -1 },
	{ "ArchiveScript", 0, -1, -1 },
	{ "ArchiveSteps", 0, -1, -1 },
	{ "ArchiveSuspend", 0, -1, -1 },
	{ "ArchiveTXN", 0, -1, -1 },
	{ "ArchiveUsage", 0, -1, -1 },
	{ "AuthAltParameters", 1, -1, -1 },
	{ "AuthAltTypes", 0, -1, -1 },
	{ "AuthInfo", 0, -1, -1 },
	{ "AuthType", 0, -1, -1 },
	{ "CommitDelay", 0, -1, -1 },
	{ "CommunicationParameters", 1, -1, -1 },
	{ "DbdAddr", 0, -1, -1 },
	{ "DbdBackupHost", 0, -1, -1 },
	{ "DbdHost", 0, -1, -1 },
	{ "DbdPort", 0, -1, -1 },
	{ "DebugFlags", 0, -1, -1 },
	{ "DebugLevel", 0, -1, -1 },
	{ "DebugLevelSyslog", 0, -1, -1 },
	{ "DefaultQOS", 0, -1, -1 },
	{ "DisableArchiveCommands", 9, -1, -1 },
	{ "DisableCoordDBD", 6, -1, -1 },
	{ "DisableRollups", 10, -1, -1 },
	{ "HashPlugin", 6, -1, -1 },
	{ "JobPurge", 0, -1, -1 },
	{ "LogFile", 0, -1, -1 },
	{ "LogTimeFormat", 0, -1, -1 },
	{ "MaxPurgeLimit", 9, -1, -1 },
	{ "MaxQueryTimeRange", 0, -1, -1 },
	{ "MessageTimeout", 0, -1, -1 },
	{ "Parameters", 0, -1, -1 },
	{ "PidFile", 0, -1, -1 },
	{ "PluginDir", 0, -1, -1 },
	{ "PrivateData", 0, -1, -1 },
	{ "PurgeEventAfter", 0, -1, -1 },
	{ "PurgeEventMonths", 0, -1, -1 },
	{ "PurgeJobAfter", 0, -1, -1 },
	{ "PurgeJobEnvAfter", 10, -1, -1 },
	{ "PurgeJobMonths", 0, -1, -1 },
	{ "PurgeJobScriptAfter", 10, -1, -1 },
	{ "PurgeResvAfter", 0, -1, -1 },
	{ "PurgeStepAfter", 0, -1, -1 },
	{ "PurgeStepMonths", 0, -1, -1 },
	{ "PurgeSuspendAfter", 0, -1, -1 },
	{ "PurgeSuspendMonths", 0, -1, -1 },
	{ "PurgeTXNAfter", 0, -1, -1 },
	{ "PurgeTXNMonths", 0, -1, -1 },
	{ "PurgeUsageAfter", 0, -1, -1 },
	{ "PurgeUsageMonths", 0, -1, -1 },
	{ "SlurmUser", 0, -1, -1 },
	{ "StepPurge", 0, -1, -1 },
	{ "StorageBackupHost", 0, -1, -1 },
	{ "StorageHost", 0, -1, -1 },
	{ "StorageLoc", 0, -1, -1 },
	{ "StorageParameters", 1, -1, -1 },
	{ "StoragePass", 0, -1, -1 },
	{ "StoragePassScript", 9, -1, -1 },
	{ "StoragePort", 0, -1, -1 },
	{ "StorageType", 0, -1, -1 },
	{ "StorageUser", 0, -1, -1 },
	{ "TCPTimeout", 0, -1, -1 },
	{ "TLSParameters", 6, -1, -1 },
	{ "TLSType", 6, -1, -1 },
	{ "TrackSlurmctldDown", 0, -1, -1 },
	{ "TrackWCKey", 0, -1, -1 },
};

struct modelled {
	const char *name, *hint;
};

static const struct modelled conf_modelled[] = {
	{ "AccountingStorageHost", "set cluster.accounting_host (and accounting_address) instead" },
	{ "AccountingStoragePort", "set cluster.slurmdbd_port instead" },
	{ "BackupAddr", "set cluster.backup_controller_address instead" },
	{ "BackupController", "set cluster.backup_controller instead" },
	{ "ClusterName", "set cluster.name instead" },
	{ "ControlAddr", "set cluster.controller_address instead" },
	{ "ControlMachine", "set cluster.controller (and controller_address) instead" },
	{ "NodeName", "describe nodes with node_types and hosts instead" },
	{ "PartitionName", "describe partitions with partitions instead" },
	{ "SlurmUser", "set cluster.slurm_user instead" },
	{ "SlurmctldHost", "set cluster.controller (and controller_address) instead" },
	{ "SlurmctldPort", "set cluster.slurmctld_port instead" },
	{ "SlurmdPort", "set cluster.slurmd_port instead" },
};

static const struct modelled node_modelled[] = {
	{ "Boards", "set the node type's boards instead" },
	{ "CoresPerSocket", "set the node type's cores_per_socket instead" },
	{ "CPUs", "set the node type's cpus instead" },
	{ "Feature", "set the node type's features instead" },
	{ "Features", "set the node type's features instead" },
	{ "Gres", "set the node type's gpus and gres instead" },
	{ "NodeAddr", "set the host entry's addresses instead" },
	{ "Port", "set the host entry's slurmd_port instead" },
	{ "RealMemory", "set the node type's memory instead" },
	{ "Sockets", "set the node type's sockets instead" },
	{ "ThreadsPerCore", "set the node type's threads_per_core instead" },
	{ "TmpDisk", "set the node type's tmp_disk instead" },
	{ "Weight", "set the node type's weight instead" },
};

static const struct modelled partition_modelled[] = {
	{ "AllowAccounts", "set the partition's allow_accounts instead" },
	{ "AllowGroups", "set the partition's allow_groups instead" },
	{ "AllowQos", "set the partition's allow_qos instead" },
	{ "Default", "set the partition's default instead" },
	{ "DefaultTime", "set the partition's default_time instead" },
	{ "DenyAccounts", "set the partition's deny_accounts instead" },
	{ "MaxNodes", "set the partition's max_nodes instead" },
	{ "MaxTime", "set the partition's max_time instead" },
	{ "Nodes", "set the partition's nodes instead" },
	{ "OverSubscribe", "set the partition's oversubscribe instead" },
	{ "PreemptMode", "set the partition's preempt_mode instead" },
	{ "PriorityJobFactor", "set the partition's priority_job_factor instead" },
	{ "PriorityTier", "set the partition's priority_tier instead" },
	{ "QOS", "set the partition's qos instead" },
	{ "State", "set the partition's state instead" },
};

static const struct modelled cgroup_modelled[] = { { NULL, NULL } };

static const struct modelled dbd_modelled[] = {
	{ "DbdAddr", "set cluster.accounting_address instead" },
	{ "DbdHost", "set cluster.accounting_host (and accounting_address) instead" },
	{ "DbdPort", "set cluster.slurmdbd_port instead" },
	{ "SlurmUser", "set cluster.slurm_user instead" },
	{ "StorageHost", "set database.storage_host instead" },
	{ "StorageLoc", "set database.name instead" },
	{ "StoragePass", "set database.password_file or password_env instead" },
	{ "StoragePort", "set database.port instead" },
	{ "StorageUser", "set database.user instead" },
};

struct table {
	const struct slurmkey *keys;
	size_t n;
	const struct modelled *modelled;
	size_t n_modelled;
};

static const struct table tables[] = {
	[SLURMKEYS_CONF] = { conf_keys, ARRAY_SIZE(conf_keys), conf_modelled,
			     ARRAY_SIZE(conf_modelled) },
	[SLURMKEYS_NODE] = { node_keys, ARRAY_SIZE(node_keys), node_modelled,
			     ARRAY_SIZE(node_modelled) },
	[SLURMKEYS_PARTITION] = { partition_keys, ARRAY_SIZE(partition_keys),
				  partition_modelled, ARRAY_SIZE(partition_modelled) },
	[SLURMKEYS_CGROUP] = { cgroup_keys, ARRAY_SIZE(cgroup_keys), cgroup_modelled, 0 },
	[SLURMKEYS_SLURMDBD] = { dbd_keys, ARRAY_SIZE(dbd_keys), dbd_modelled,
				 ARRAY_SIZE(dbd_modelled) },
};

int slurmkeys_version_index(const char *version)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(versions); i++) {
		len = strlen(versions[i]);
		if (!strncmp(version, versions[i], len) &&
		    (!version[len] || version[len] == '.'))
			return (int)i;
	}
	return -1;
}

const char *slurmkeys_supported_versions(void)
{
	return "20.02, 20.11, 21.08, 22.05, 23.02, 23.11, 24.05, 24.11, 25.05, 25.11, 26.05";
}

/*
 * The release each behaviour came in. sackd (23.11) registers with
 * slurmctld, whose sackd_mgr sends each reconfigure to it from 23.11 on, to
 * SlurmdPort on the sackd's host; from 25.05 sackd registers a port of its
 * own (--port, SACKD_PORT) and the push is counted on from there: 26.05's
 * sackd takes it (tests/t/t7000-configless.sh). Before 25.05 the plan keeps
 * comparing sackd's cache and restarts a stale one (the lab's 24.11 sackd,
 * on the SlurmdPort of a slurmd sharing its network, got a push in one run
 * of t7000 and not in earlier ones, when the lab ran sackd as root).
 */
static const char *const behaviour_since[] = {
	[SLURM_RECONFIGURE_REEXECS] = "23.11",
	[SLURM_SACKD] = "23.11",
	[SLURM_SACKD_PUSHED] = "25.05",
};

const char *slurmkeys_upgrades_from(const char *target)
{
	int v = target ? slurmkeys_version_index(target) : -1;
	/* the 6-month cycle began with 24.05; 24.11 widened the window */
	int back = v >= slurmkeys_version_index("24.11") ? 3 : 2;

	return v < 0 ? NULL : versions[v >= back ? v - back : 0];
}

bool slurmkeys_has(const char *slurm_version, enum slurm_behaviour b)
{
	int v = slurm_version ? slurmkeys_version_index(slurm_version) : -1;

	return v >= 0 && v >= slurmkeys_version_index(behaviour_since[b]);
}

static int key_cmp(const void *a, const void *b)
{
	return strcasecmp(a, ((const struct slurmkey *)b)->name);
}

static const struct modelled *find_modelled(const struct table *t,
					    const char *key)
{
	size_t i;

	for (i = 0; i < t->n_modelled; i++)
		if (!strcasecmp(t->modelled[i].name, key))
			return &t->modelled[i];
	return NULL;
}

static char *lower(const char *s)
{
	char *d = xstrdup(s), *p;

	for (p = d; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

/* The closest key valid in this release, compared in lowercase. */
static const char *suggest(const struct table *t, const char *key, int version)
{
	char **names = xcalloc(t->n, sizeof(*names));
	char *word = lower(key);
	const char *hit, *res = NULL;
	size_t i, n = 0;
	size_t *idx = xcalloc(t->n, sizeof(*idx));

	for (i = 0; i < t->n; i++) {
		const struct slurmkey *k = &t->keys[i];

		if (k->added > version || (k->gone >= 0 && k->gone <= version))
			continue;
		idx[n] = i;
		names[n++] = lower(k->name);
	}
	hit = diag_suggest(word, (const char *const *)names, n);
	for (i = 0; i < n; i++) {
		if (names[i] == hit)
			res = t->keys[idx[i]].name;
		free(names[i]);
	}
	free(names);
	free(idx);
	free(word);
	return res;
}

void slurmkeys_check(enum slurmkeys_table table, const char *key, int version,
		     struct slurmkey_check *out)
{
	const struct table *t = &tables[table];
	const struct slurmkey *k = bsearch(key, t->keys, t->n, sizeof(*k), key_cmp);
	const struct modelled *mod = find_modelled(t, key);

	memset(out, 0, sizeof(*out));
	if (version < 0 || version >= (int)ARRAY_SIZE(versions))
		version = (int)ARRAY_SIZE(versions) - 1;
	out->canonical = k ? k->name : mod ? mod->name : NULL;
	if (mod) {
		out->status = SLURMKEY_MODELLED;
		out->hint = mod->hint;
	} else if (!k) {
		out->status = SLURMKEY_UNKNOWN;
		out->suggest = suggest(t, key, version);
	} else if (k->gone >= 0 && k->gone <= version) {
		out->status = SLURMKEY_REMOVED;
		out->since = versions[k->gone];
	} else if (k->added > version) {
		out->status = SLURMKEY_TOO_NEW;
		out->since = versions[k->added];
	} else if (k->defunct >= 0 && k->defunct <= version) {
		out->status = SLURMKEY_DEFUNCT;
		out->since = versions[k->defunct];
	}
}

bool slurmkeys_is_secret(const char *key)
{
	/* every key of any table whose value Slurm documents as a password */
	static const char *const secret[] = {
		"AccountingStoragePass", "DefaultStoragePass", "JobCompPass",
		"StoragePass",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(secret); i++)
		if (!strcasecmp(key, secret[i]))
			return true;
	return false;
}

/*
 * Values a release refuses although it knows the key: plugins removed in
 * 23.11 (select/cons_res: "plugin not found", fatal; the Cray XC
 * "cray_aries" plugins), and SelectTypeParameters' OTHER_CONS_RES. Slurm
 * 24.11's plugin directory has none of them. topology/3d_torus went in
 * 25.05, node_features/knl_generic in 25.11. TaskPluginParam's Cpusets went
 * in 20.11 and Sched (which changed nothing) in 21.08: both "Bad
 * TaskPluginParam", fatal (read_config.c; 22.05's slurmctld refuses Sched in
 * the lab). FastSchedule is parsed still (26.05 too): =1 is ignored with an
 * error, so the key is defunct since 20.02, and =0 and =2 are fatal.
 * A value matches when one of its
 * comma-separated items equals `item` (case-insensitively).
 */
static const struct removed_value {
	enum slurmkeys_table table;
	const char *key, *item;
	int gone;
	const char *instead;
} removed_values[] = {
	{ SLURMKEYS_CONF, "SelectType", "select/cons_res", 5, "select/cons_tres" },
	{ SLURMKEYS_CONF, "SelectType", "select/cray_aries", 5, "select/cons_tres" },
	{ SLURMKEYS_CONF, "SelectTypeParameters", "other_cons_res", 5, NULL },
	{ SLURMKEYS_CONF, "SwitchType", "switch/cray_aries", 5, NULL },
	{ SLURMKEYS_CONF, "TaskPlugin", "task/cray_aries", 5, NULL },
	{ SLURMKEYS_CONF, "FastSchedule", "0", 0, NULL },
	{ SLURMKEYS_CONF, "FastSchedule", "2", 0, "SlurmdParameters=config_overrides" },
	{ SLURMKEYS_CONF, "TaskPluginParam", "cpusets", 1, NULL },
	{ SLURMKEYS_CONF, "TaskPluginParam", "sched", 2, NULL },
	{ SLURMKEYS_CONF, "CoreSpecPlugin", "core_spec/cray_aries", 5, NULL },
	{ SLURMKEYS_CONF, "TopologyPlugin", "topology/3d_torus", 8, NULL },
	{ SLURMKEYS_CONF, "NodeFeaturesPlugins", "node_features/knl_generic", 9, NULL },
};

/* value is a comma-separated list holding item */
static bool has_item(const char *value, const char *item)
{
	size_t len = strlen(item);

	for (const char *p = value; p; p = strchr(p, ',')) {
		if (*p == ',')
			p++;
		while (*p == ' ')
			p++;
		if (!strncasecmp(p, item, len) &&
		    (!p[len] || p[len] == ',' || p[len] == ' '))
			return true;
	}
	return false;
}

const char *slurmkeys_removed_value(enum slurmkeys_table table, const char *key,
				    const char *value, int version,
				    const char **since, const char **instead)
{
	if (!value || version < 0)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(removed_values); i++) {
		const struct removed_value *r = &removed_values[i];

		if (r->table == table && !strcasecmp(r->key, key) &&
		    r->gone <= version && has_item(value, r->item)) {
			*since = versions[r->gone];
			*instead = r->instead;
			return r->item;
		}
	}
	return NULL;
}
