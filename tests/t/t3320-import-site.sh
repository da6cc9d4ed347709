#!/bin/sh
# t3320-import-site: "clusterctl import nodes" of a hand-made cluster in
# the style sites write (issue 21), without daemons: NodeName=DEFAULT and
# PartitionName=DEFAULT lines, Include (relative and absolute),
# continuation lines, "Key= value", ControlMachine/BackupController,
# AllowGroups=ALL, a cluster name in capitals, gres.conf with a global
# AutoDetect=off and a line per GPU or a File= range, cgroup.conf swap
# limits, slurmdbd.conf retention and its password. The YAML validates as
# printed, the render means what the files meant (tests/tools/slurmmeaning
# on both sides), the password is never printed; per-device Cores=,
# Links=, Flags=, MultipleFiles= become gpus: entries of the same meaning;
# what slurmd makes of lines Gres= does not match (a GPU type Gres= does
# not name, counts that disagree) is carried as it means and named; what
# slurmd refuses is named by file:line, exit 4.
. "$(dirname "$0")/test-lib.sh"

MEANING=${CLUSTERCTL_TOOLS:-$TOP/build/tools}/slurmmeaning
test -x "$MEANING" || test_skip_or_die "no $MEANING (make tools)"

# site_meaning_kept OUT: the render in OUT (of site/) means all the site
# files meant (a: the site's facts, b: the render's; what b adds is Slurm's
# or clusterctl's own)
site_meaning_kept() {
	"$MEANING" site/slurm.conf site/gres.conf >a &&
	"$MEANING" "$1/head/etc/slurm/slurm.conf" "$1/head/etc/slurm/gres.conf" >b &&
	comm -23 a b >lost &&
	test_cmp /dev/null lost
}

mkdir -p site abs
cat >site/slurm.conf <<'EOF'
# a site's own slurm.conf, old style
ClusterName=GPU-Site
ControlMachine=head
ControlAddr=10.0.0.1
BackupController=head2   # the backup
BackupAddr=10.0.0.2
SlurmctldPort= 6817
SlurmUser=slurm
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=head
# pmix for OpenMPI 5
MpiDefault = pmix
SchedulerParameters=bf_continue,\
bf_max_job_test=500
include nodes.conf
Include ABS/parts.conf
EOF
sed -i "s|ABS|$TRASH/abs|" site/slurm.conf
cat >site/nodes.conf <<'EOF'
NodeName=DEFAULT CPUs=64 RealMemory=515000 Gres=gpu:a100:2 Features=a100,ib \
   State=UNKNOWN
# the A100 nodes, rack 4
NodeName=gpu[01-02] NodeAddr=10.0.1.[1-2]
NodeName=DEFAULT Gres=gpu:8 Features=big
NodeName=big01 NodeAddr=10.0.2.1
EOF
cat >abs/parts.conf <<'EOF'
PartitionName=DEFAULT DefaultTime=01:00:00 MaxTime=2-00:00:00
PartitionName=gpu Nodes=gpu[01-02] Default=YES AllowGroups=ALL Shared=NO  # open to all
PartitionName=big Nodes=big01 AllowAccounts=ALL MaxTime=7-00:00:00
EOF
cat >site/gres.conf <<'EOF'
AutoDetect=off
# one line per GPU
NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia0
NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia1
NodeName=big01 Name=gpu File=/dev/nvidia[0-7] AutoDetect=off
EOF
cat >site/cgroup.conf <<'EOF'
ConstrainCores=yes
ConstrainRAMSpace=yes
ConstrainSwapSpace=yes
# swap: 10% of the job's memory
AllowedSwapSpace=10
EOF
cat >site/slurmdbd.conf <<'EOF'
DbdHost=head
SlurmUser=slurm
StorageHost=localhost
StorageUser=slurm
StoragePass=s3cret-do-not-print
StorageLoc=slurm_acct_db
PurgeEventAfter=12month
# jobs are kept a year
PurgeJobAfter=12month
PurgeResvAfter=2month
PurgeStepAfter=2month
PurgeSuspendAfter=1month
PurgeTXNAfter=12month
PurgeUsageAfter=24month
EOF

test_expect_success 'import nodes reads the whole site: exit 0, nothing left out' '
	"$CLUSTERCTL" import nodes site/slurm.conf >site.yaml 2>err &&
	test_cmp /dev/null err
'

test_expect_success 'what import prints validates as printed' '
	"$CLUSTERCTL" validate site.yaml
'

test_expect_success 'DEFAULT lines, includes, old names and Allow*=ALL read as slurmctld reads them' '
	grep "^  name: gpu-site\$" site.yaml &&
	grep "^  controller: head\$" site.yaml &&
	grep "^  backup_controller: head2\$" site.yaml &&
	grep "^    cpus: 64\$" site.yaml &&
	grep "^    memory: 515000\$" site.yaml &&
	grep "^    gpus: {type: a100, count: 2, autodetect: \"off\", files: \"/dev/nvidia\[0-1\]\"}\$" site.yaml &&
	grep "^    gpus: {count: 8, autodetect: \"off\", files: \"/dev/nvidia\[0-7\]\"}\$" site.yaml &&
	grep "^    default_time: \"01:00:00\"\$" site.yaml &&
	grep "^    oversubscribe: \"NO\"\$" site.yaml &&
	grep "^    SchedulerParameters: \"bf_continue,bf_max_job_test=500\"\$" site.yaml &&
	! grep "allow_groups\|allow_accounts" site.yaml
'

# above KEY_RE COMMENT: the line before the first line matching KEY_RE is COMMENT
above() {
	grep -B1 "$1" site.yaml | head -n 1 >got &&
	printf "%s\n" "$2" >want &&
	test_cmp want got
}

test_expect_success 'the site'\''s comments sit above the entries their lines became' '
	above "^  name: gpu-site\$" "  # a site'\''s own slurm.conf, old style" &&
	above "^    MpiDefault: pmix\$" "    # pmix for OpenMPI 5" &&
	above "^  - {names: \"gpu\[01-02\]\"" "  # one line per GPU" &&
	grep -B2 "^  - {names: \"gpu\[01-02\]\"" site.yaml | grep "^  # the A100 nodes, rack 4\$" &&
	above "^  - name: gpu\$" "  # open to all" &&
	above "^    AllowedSwapSpace: 10\$" "    # swap: 10% of the job'\''s memory" &&
	above "^    PurgeJobAfter: 12month\$" "    # jobs are kept a year" &&
	# the one beside a line the inventory says its own way: at the end, with its place
	sed -n "/^# The site.s comments beside lines/,\$p" site.yaml >rest &&
	grep -A1 "^# site/slurm.conf:5:\$" rest | grep "^# the backup\$"
'

test_expect_success 'cgroup.conf and slurmdbd.conf come along; the password is never printed' '
	grep "^    AllowedSwapSpace: 10\$" site.yaml &&
	grep "^    ConstrainSwapSpace: \"yes\"\$" site.yaml &&
	for k in Event Job Resv Step Suspend TXN Usage; do
		grep "^    Purge${k}After: " site.yaml || exit 1
	done &&
	grep "^  password_file: slurmdbd.pass\$" site.yaml &&
	! grep -r "s3cret" site.yaml err
'

test_expect_success 'the render means what the site files meant' '
	"$CLUSTERCTL" render site.yaml -o out >/dev/null &&
	site_meaning_kept out &&
	grep "^node big01 cpus=64\$" b &&
	grep "^gres big01 gpu count=8 " b &&
	grep "^part big maxtime=7-00:00:00\$" b
'

test_expect_success 'per-device Cores=, Links=, Flags=, MultipleFiles=: gpus: entries, same meaning' '
	cp site/gres.conf gres.orig &&
	cat >site/gres.conf <<-\EOF &&
	NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia0 Cores=0-31 Flags=nvidia_gpu_env
	NodeName=gpu[01-02] Name=gpu Type=a100 MultipleFiles=/dev/nvidia1,/dev/nvidia-caps1 Cores=32-63
	NodeName=big01 Name=gpu File=/dev/nvidia[0-3] Links=-1,2,2,2
	NodeName=big01 Name=gpu File=/dev/nvidia[4-7] Links=2,-1,2,2
	EOF
	"$CLUSTERCTL" import nodes site/slurm.conf >multi.yaml 2>err &&
	grep "^      - {type: a100, count: 1, files: /dev/nvidia0, cores: 0-31, flags: nvidia_gpu_env}\$" multi.yaml &&
	grep "^      - {type: a100, count: 1, multiple_files: \"/dev/nvidia1,/dev/nvidia-caps1\", cores: 32-63}\$" multi.yaml &&
	grep "^      - {count: 4, files: \"/dev/nvidia\[0-3\]\", links: \"-1,2,2,2\"}\$" multi.yaml &&
	"$CLUSTERCTL" validate multi.yaml &&
	"$CLUSTERCTL" render multi.yaml -o mout >/dev/null &&
	grep "^NodeName=gpu\[01-02\] .*Gres=gpu:a100:2 " mout/head/etc/slurm/slurm.conf &&
	site_meaning_kept mout &&
	grep "^gres gpu01 gpu:a100 count=2 files=/dev/nvidia0 cores=0-31;32-63 links= flags=nvidia_gpu_env; multiplefiles=;/dev/nvidia1,/dev/nvidia-caps1\$" a &&
	grep "^gres big01 gpu count=8 .* links=-1,2,2,2\*4;2,-1,2,2\*4 flags=\$" a
'

# what slurmd makes of lines Gres= does not match (slurm/gresmerge.h): it
# is carried as the files say it, and named; lines slurmd refuses are not
test_expect_success 'gres.conf lines slurmd cuts, ignores or retypes are notes; lines it refuses exit 4' '
	cat >site/gres.conf <<-\EOF &&
	NodeName=gpu[01-02] Name=gpu Type=a100 File=/dev/nvidia0
	NodeName=gpu[01-02] Name=gpu Type=h100 File=/dev/nvidia1
	NodeName=big01 Name=gpu Type=h100 File=/dev/nvidia[0-7]
	EOF
	"$CLUSTERCTL" import nodes site/slurm.conf >notes.yaml 2>err &&
	grep "^clusterctl: import: site/nodes.conf:4: note: Gres=gpu:a100:2 on gpu01: gres.conf gives a device file to 1: slurmd drops the 1 without one" err &&
	grep "^clusterctl: import: site/gres.conf:2: note: Name=gpu Type=h100 on gpu01: no item of its Gres=gpu:a100:2 takes the line: slurmd ignores it" err &&
	grep "^      - {type: a100, count: 1, files: /dev/nvidia0}\$" notes.yaml &&
	grep "^      - {type: a100, count: 1, gres_conf: false}\$" notes.yaml &&
	grep "^    gpus: {gres_conf_type: h100, count: 8, files: \"/dev/nvidia\[0-7\]\"}\$" notes.yaml &&
	"$CLUSTERCTL" validate notes.yaml &&
	"$CLUSTERCTL" render notes.yaml -o nout >/dev/null &&
	grep "^NodeName=big01 Name=gpu Type=h100 File=/dev/nvidia\[0-7\]\$" nout/head/etc/slurm/gres.conf &&
	grep "^NodeName=big01 .*Gres=gpu:8 " nout/head/etc/slurm/slurm.conf &&
	! grep -i "count=" nout/head/etc/slurm/gres.conf &&
	site_meaning_kept nout &&
	grep "^gres gpu01 gpu:a100 count=1 files=/dev/nvidia0 cores=\$" b &&
	grep "^gres big01 gpu count=8 files=/dev/nvidia0,.*,/dev/nvidia7 cores=\$" b &&
	printf "NodeName=big01 Name=gpu File=/dev/nvidia[0-6]\nNodeName=big01 Name=gpu Count=1\n" >site/gres.conf &&
	test_must_fail --exit=4 "$CLUSTERCTL" import nodes site/slurm.conf >lossy.yaml 2>err &&
	grep "^clusterctl: import: site/gres.conf:2: Gres .gpu. on big01: some lines have File= and others not, which slurmd refuses: left out" err &&
	"$CLUSTERCTL" validate lossy.yaml &&
	cp gres.orig site/gres.conf
'

test_expect_success 'several slurmd on one host: one NodeAddr and a Port range for a hostlist' '
	mkdir multi &&
	cat >multi/slurm.conf <<-\EOF &&
	ClusterName=multi
	SlurmctldHost=h
	NodeName=n[1-4] NodeAddr=box1 Port=[17001-17004] CPUs=2 RealMemory=1000
	PartitionName=p Nodes=n[1-4] Default=YES
	EOF
	"$CLUSTERCTL" import nodes multi/slurm.conf >multi.yaml &&
	grep "^  - {names: n4, address: box1, type: cpu2, slurmd_port: 17004}\$" multi.yaml &&
	"$CLUSTERCTL" render multi.yaml -o multi/out >/dev/null &&
	"$MEANING" multi/slurm.conf >a &&
	"$MEANING" multi/out/h/etc/slurm/slurm.conf >b &&
	comm -23 a b >lost &&
	test_cmp /dev/null lost &&
	grep "^node n3 port=17003\$" b &&
	printf "ClusterName=c\nSlurmctldHost=h\nNodeName=n[1-3] NodeAddr=a,b\n" >multi/bad.conf &&
	test_must_fail --exit=1 "$CLUSTERCTL" import nodes multi/bad.conf 2>err &&
	grep "^clusterctl: import: multi/bad.conf:3: NodeAddr has 2 values for 3 nodes" err
'

test_expect_success 'a setting whose plugin needs a file of its own: the file stays on the hosts (a note, exit 0)' '
	printf "ClusterName=c\nSlurmctldHost=h\nTopologyPlugin=topology/tree\nNodeName=n1\nPartitionName=p Nodes=n1 Default=YES\n" >topo.conf &&
	"$CLUSTERCTL" import nodes topo.conf >topo.yaml 2>err &&
	grep "^clusterctl: import: topo.conf:3: note: TopologyPlugin=topology/tree reads topology.conf, a file the inventory does not carry here: it stays on the hosts (--files-dir carries it)" err &&
	grep "^    TopologyPlugin: topology/tree\$" topo.yaml &&
	! grep "NOT IMPORTED" topo.yaml
'

test_expect_success 'the other files slurm.conf names, or Slurm reads when there, are notes: they stay on the hosts' '
	mkdir other &&
	cat >other/slurm.conf <<-\EOF &&
	ClusterName=c
	SlurmctldHost=h
	Prolog=/etc/slurm/prolog.d/*
	EpilogSlurmctld=/opt/site/epilog-ctld.sh
	HealthCheckProgram=/usr/sbin/nhc
	JobSubmitPlugins=lua
	CliFilterPlugins=cli_filter/syslog,cli_filter/lua
	NodeName=n1
	PartitionName=p Nodes=n1 Default=YES
	EOF
	printf "include /etc/slurm/plugstack.conf.d/*.conf\n" >other/plugstack.conf &&
	printf "[general]\nProfileHDF5Dir=/x\n" >other/acct_gather.conf &&
	"$CLUSTERCTL" import nodes other/slurm.conf >other.yaml 2>err &&
	grep "^clusterctl: import: other/slurm.conf:3: note: Prolog=/etc/slurm/prolog.d/\*: the inventory carries the setting, not the file" err &&
	grep "^clusterctl: import: other/slurm.conf:4: note: EpilogSlurmctld=/opt/site/epilog-ctld.sh: the inventory carries" err &&
	grep "^clusterctl: import: other/slurm.conf:6: note: JobSubmitPlugins=lua reads job_submit.lua, a file the inventory does not carry" err &&
	grep "^clusterctl: import: other/slurm.conf:7: note: CliFilterPlugins=cli_filter/syslog,cli_filter/lua reads cli_filter.lua" err &&
	grep "^clusterctl: import: other/acct_gather.conf:0: note: Slurm reads acct_gather.conf when it is there: it stays on the hosts" err &&
	! grep "could not be expressed" err &&
	! grep "nhc\|plugstack" err &&
	"$CLUSTERCTL" validate other.yaml &&
	echo "required /opt/spank/x.so" >>other/plugstack.conf &&
	"$CLUSTERCTL" import nodes other/slurm.conf >/dev/null 2>err &&
	grep "^clusterctl: import: other/plugstack.conf:0: note: Slurm reads plugstack.conf when it is there" err
'

test_expect_success 'a broken Include names the line, exit 1' '
	printf "ClusterName=c\nSlurmctldHost=h\ninclude missing.conf\n" >bad.conf &&
	test_must_fail --exit=1 "$CLUSTERCTL" import nodes bad.conf 2>err &&
	grep "^clusterctl: import: bad.conf:3: Include: missing.conf: cannot read: " err
'

test_done
