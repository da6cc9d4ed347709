#!/bin/sh
# slurm-releases: 26.05 (the release table's 26.05 rows, fed to 26.05's daemons)
# t1520-release-keys: each key src/slurm/slurmkeys.c lists as added, defunct or
# removed by 25.05, 25.11 or 26.05 goes to a real 26.05 daemon, and the daemon
# does what the table says:
#   1. the keys 25.11 and 26.05 added, through the inventory (slurm_conf,
#      cgroup_conf, slurmdbd_conf, a node type's and a partition's extra):
#      validate takes them, apply renders them and every daemon starts with
#      no complaint about a key; Slurm{ctld,d}HttpAuthParameters, whose
#      every value needs a plugin Debian does not build, stop the daemon on
#      that plugin, not on the key
#   2. AccountingStorageUser (defunct since 25.11): validate warns at its
#      line and column; slurmctld starts and logs that it is defunct
#   3. what 26.05 rejects: validate refuses it at its line and column, and
#      slurmctld (slurm.conf) or slurmd (cgroup.conf) given it by hand stops
#      with an error naming it (TaskPluginParam=Sched, gone long before, too:
#      old site files still carry it)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

slurm_at_least 26.05 || test_skip_or_die "the 26.05 rows need Slurm 26.05 (SLURM_VERSION=$SLURM_VERSION)"
lab_begin
XDG_RUNTIME_DIR=$TRASH	# apply's local lock: other tests' "lab" clusters stay apart
export XDG_RUNTIME_DIR
BASE=$TRASH/base.yaml
INV=$TRASH/lab.yaml
lab_inventory "$TOP/inventories/lab.yaml" "$BASE"
lab_slurm_ports "$BASE" 3
# accounting by sacctmgr is not what this test is about: files, users,
# munge key and services only
ONLY=files,users,munge,services

lab_hosts_up ctl gpu01 gpu02 gpu03
lab_db_up

on() { lab_exec "$@"; }

# with_keys: $BASE plus what the release table says 25.11 and 26.05 added
with_keys() {
	sed -e 's|^    ReturnToService: 2$|    ReturnToService: 2\
    CliFilterParameters: cli_filter_lua_path=/etc/slurm/cli_filter.lua\
    HttpParserType: http_parser/llhttp_parser\
    UrlParserType: url_parser/internal\
    JobCompPassScript: /bin/true\
    MetricsType: metrics/openmetrics\
    MetricsAuthUsers: root\
    MetricsParameters: ignore_private_data\
    NamespaceType: namespace/none\
    HealthCheckInterval: 300\
    HealthCheckTimeout: 30\
    LicenseParameters: RemoteFuzzyMatch|' \
	    -e 's|^  cgroup_conf:$|  cgroup_conf:\
    CgroupSlice: system.slice\
    CgroupJobIdPaths: "no"|' \
	    -e 's|^  slurmdbd_conf:$|  slurmdbd_conf:\
    DisableArchiveCommands: "yes"\
    MaxPurgeLimit: 1000\
    ArchiveJobEnv: "no"\
    ArchiveJobScript: "no"\
    DisableRollups: "no"\
    PurgeJobEnvAfter: 12month\
    PurgeJobScriptAfter: 12month|' \
	    -e 's|^    features: \[fake\]$|    features: [fake]\
    extra: {SuspendTime: INFINITE, Parameters: l3cache_as_socket, GresConf: none}|' \
	    -e 's|priority_tier: 2}$|priority_tier: 2, extra: {Exclusive: "NO"}}|' "$BASE"
}

# log_clean HOST LOG: the daemon logged no unknown or defunct key, nothing fatal
log_clean() { ! on "$1" grep -Ei "unrecognized|defunct|fatal:" "$2"; }

test_expect_success '1. 25.11 and 26.05 keys: validate takes them, every daemon starts on them' '
	with_keys >"$INV" &&
	grep -q "CgroupJobIdPaths" "$INV" && grep -q "Exclusive" "$INV" &&
	grep -q "SuspendTime: INFINITE" "$INV" && grep -q "HealthCheckTimeout: 30" "$INV" &&
	grep -q "PurgeJobScriptAfter: 12month" "$INV" &&
	"$CLUSTERCTL" validate "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep " 0 errors, 0 warnings" out &&
	"$CLUSTERCTL" apply --only $ONLY "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on ctl grep -x "HealthCheckTimeout=30" /etc/slurm/slurm.conf &&
	on ctl grep -x "DisableRollups=no" /etc/slurm/slurmdbd.conf &&
	on gpu01 grep -x "CgroupJobIdPaths=no" /etc/slurm/cgroup.conf &&
	on ctl grep "^NodeName=.*SuspendTime=INFINITE" /etc/slurm/slurm.conf &&
	on ctl grep "^PartitionName=debug .*Exclusive=NO" /etc/slurm/slurm.conf &&
	on ctl lab-service slurmdbd status && on ctl lab-service slurmctld status &&
	on gpu01 lab-service slurmd status &&
	log_clean ctl /var/log/slurm/slurmctld.log &&
	log_clean ctl /var/log/slurm/slurmdbd.log &&
	log_clean gpu01 /var/log/slurm/slurmd.log &&
	on ctl scontrol show config >config &&
	grep -E "^HealthCheckTimeout *= 30" config &&
	grep -E "^MetricsType *= metrics/openmetrics" config &&
	grep -E "^UrlParserType *= url_parser/internal" config
'

test_expect_success '2. AccountingStorageUser: validate warns; slurmctld starts and calls it defunct' '
	sed "s|^    ReturnToService: 2\$|    ReturnToService: 2\\
    AccountingStorageUser: slurm|" "$BASE" >"$INV" &&
	"$CLUSTERCTL" validate "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	n=$(grep -n "AccountingStorageUser" "$INV" | cut -d: -f1) &&
	grep "^$INV:$n:5: warning: slurm.conf key .AccountingStorageUser. is ignored since Slurm 25.11 (slurm_version is 26.05)\$" out &&
	"$CLUSTERCTL" apply --only $ONLY "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on ctl grep -x "AccountingStorageUser=slurm" /etc/slurm/slurm.conf &&
	on ctl lab-service slurmctld status &&
	on ctl grep "The option \"AccountingStorageUser\" is defunct" /var/log/slurm/slurmctld.log
'

# refused KEY VALUE WHAT: validate refuses KEY: VALUE in slurm_conf at its
# line and column with WHAT
refused() {
	sed "s|^    ReturnToService: 2\$|    ReturnToService: 2\\
    $1: $2|" "$BASE" >"$INV" &&
	test_must_fail "$CLUSTERCTL" validate "$INV" >out 2>&1; cat out &&
	n=$(grep -n "^    $1: " "$INV" | cut -d: -f1) &&
	grep "^$INV:$n:[0-9]*: error: slurm.conf $3" out
}

# stops_on HOST FILE LINE DAEMON...: DAEMON (in the foreground), with LINE
# added to FILE on HOST, exits by itself within 30 s, not with status 0; its
# output in ./stops.out; FILE is restored
stops_on() {
	h=$1 f=$2 line=$3; shift 3
	on "$h" cp "$f" "$f.t1520" &&
	on "$h" sh -c 'echo "$1" >>"$2"' sh "$line" "$f" &&
	on "$h" sh -c 'timeout 30 "$@"; echo "exit $?"' sh "$@" >stops.out 2>&1
	on "$h" mv "$f.t1520" "$f"
	cat stops.out
	st=$(sed -n "s/^exit //p" stops.out | tail -n 1)
	test -n "$st" && test "$st" != 0 && test "$st" != 124
}

# ctld_fatal LINE PATTERN: slurmctld stops on LINE in slurm.conf, saying PATTERN
ctld_fatal() {
	on ctl lab-service slurmctld stop &&
	stops_on ctl /etc/slurm/slurm.conf "$1" slurmctld -D -i &&
	grep -E "$2" stops.out
}

# SlurmctldHttpAuthParameters and SlurmdHttpAuthParameters (26.05): any
# value makes the daemon load the HTTP authentication plugins, auth/jwt among
# them, which Debian's build lacks: the daemon stops on the plugin, not on
# the key (an unknown key stops it with "unrecognized key")
test_expect_success '1. Slurm{ctld,d}HttpAuthParameters: known to 26.05 (Debian has no auth/jwt to act on them)' '
	on ctl lab-service slurmctld stop &&
	stops_on ctl /etc/slurm/slurm.conf SlurmctldHttpAuthParameters=x slurmctld -D -i &&
	grep "http authentication plugins failed to load" stops.out &&
	! grep -i "unrecognized" stops.out &&
	stops_on ctl /etc/slurm/slurm.conf NoSuchKeyIn2605=x slurmctld -D -i &&
	grep -i "unrecognized key: NoSuchKeyIn2605" stops.out &&
	on gpu01 lab-service slurmd stop &&
	stops_on gpu01 /etc/slurm/slurm.conf SlurmdHttpAuthParameters=x slurmd -D &&
	grep "http authentication plugins failed to load" stops.out &&
	! grep -i "unrecognized" stops.out &&
	on ctl lab-service slurmctld start && on gpu01 lab-service slurmd start
'

test_expect_success '3. FrontendName (gone in 25.05): refused; slurmctld stops on it' '
	refused FrontendName fe1 "key .FrontendName. was removed in Slurm 25.05" &&
	ctld_fatal "FrontendName=fe1" "unrecognized key: FrontendName"
'

test_expect_success '3. TopologyPlugin=topology/3d_torus (gone in 25.05): refused; slurmctld stops' '
	refused TopologyPlugin topology/3d_torus "TopologyPlugin=topology/3d_torus was removed in Slurm 25.05" &&
	ctld_fatal "TopologyPlugin=topology/3d_torus" "topology/3d_torus"
'

test_expect_success '3. NodeFeaturesPlugins=node_features/knl_generic (gone in 25.11): refused; slurmctld stops' '
	refused NodeFeaturesPlugins node_features/knl_generic \
		"NodeFeaturesPlugins=node_features/knl_generic was removed in Slurm 25.11" &&
	ctld_fatal "NodeFeaturesPlugins=node_features/knl_generic" "knl_generic"
'

test_expect_success '3. TaskPluginParam=Sched (gone in 21.08, still in old site files): refused; slurmctld stops' '
	refused TaskPluginParam Sched "TaskPluginParam=sched was removed in Slurm 21.08" &&
	ctld_fatal "TaskPluginParam=Sched" "Bad TaskPluginParam: Sched"
'

test_expect_success '3. cgroup.conf CgroupReleaseAgentDir: refused; slurmd stops on it' '
	sed "s|^  cgroup_conf:\$|  cgroup_conf:\\
    CgroupReleaseAgentDir: /tmp|" "$BASE" >"$INV" &&
	test_must_fail "$CLUSTERCTL" validate "$INV" >out 2>&1; cat out &&
	grep "error: cgroup.conf key .CgroupReleaseAgentDir. was removed in Slurm 22.05" out &&
	on gpu01 lab-service slurmd stop &&
	stops_on gpu01 /etc/slurm/cgroup.conf CgroupReleaseAgentDir=/tmp slurmd -D &&
	grep "CgroupReleaseAgentDir" stops.out
'

test_done
