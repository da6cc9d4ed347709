#!/bin/sh
# slurm-releases: 22.05 24.11 26.05
# t8000-adopt: adoption in one command (issues 21 and 30). Two lab hosts
# (ctl, gpu01) run a cluster made by hand in a common site style, never
# rendered by clusterctl: NodeName=DEFAULT with CPUs, RealMemory,
# Gres=gpu:fake:2 and Features; PartitionName=DEFAULT DefaultTime=01:00:00;
# gres.conf with a global AutoDetect=off and one line per GPU (NodeName=gpu01
# on each; ADOPT_GRES=global, t8010: without NodeName=, the same file on
# both hosts, as many sites write it); cgroup.conf with swap limits
# (the lab has no cgroups: task/none, so slurmd reads them but nothing
# enforces them); slurmdbd.conf with seven Purge*After keys; QoS with GPU
# limits and preemption and a user whose settings differ per account, all
# made with sacctmgr; an Epilog script slurm.conf names, on both hosts,
# 0750 slurm:slurm (import carries it, mode and owner: --files-dir). Captured with the daemons up: scontrol show
# node/partition/config (times, pids and load dropped), sacctmgr dump and
# what the files mean (tests/tools/slurmmeaning).
# clusterctl runs on the admin's machine (lab.sh admin: it reaches the
# hosts' sshd, not MariaDB). Then the one import command (import cluster
# ctl -o inv.yaml: nodes, partitions, files, ids, ssh, the accounting read
# through ctl's SSH server, database.tunnel, and the password beside it),
# validate with no flags, plan (no restart, reconfigure, accounting change
# or capacity loss), apply: no daemon's pid changed, the captures are as
# before, clusterctl's own time under 10 s, a GPU job runs, the next plan is
# empty, add-user --apply is live with every daemon's pid unchanged. Last,
# the same inventory without the DEFAULT line's CPUs, memory and GPUs: apply
# refuses (exit 4) and every file and pid is as before.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

MEANING=${CLUSTERCTL_TOOLS:-$TOP/build/tools}/slurmmeaning
test -x "$MEANING" || test_skip_or_die "no $MEANING (make tools)"
test -x /usr/bin/time || test_skip_or_die "no /usr/bin/time (GNU time)"
HOSTS="ctl gpu01"
lab_begin
L=$CLUSTERCTL_LAB
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR
lab_hosts_up $HOSTS
lab_db_up
lab_admin_up
lab_pick_port_shift 1
CTLP=$((6817 + LAB_PORT_SHIFT)) DBDP=$((6819 + LAB_PORT_SHIFT)) SDP=$((6831 + LAB_PORT_SHIFT))

on() { lab_exec "$@"; }
# clusterctl as the admin runs it: where MariaDB cannot be reached
cc() { lab_admin "$CLUSTERCTL" "$@"; }

mkdir site
cat >site/slurm.conf <<EOF
# adopt's slurm.conf, written by hand
ClusterName=adopt
SlurmctldHost=ctl
SlurmctldPort=$CTLP
SlurmUser=slurm
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SlurmdParameters=config_overrides
ReturnToService=2
GresTypes=gpu
SelectType=select/cons_tres
PreemptType=preempt/qos
PreemptMode=REQUEUE
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=ctl
AccountingStoragePort=$DBDP
AccountingStorageEnforce=associations,limits,qos
AccountingStorageTRES=gres/gpu
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
Epilog=/etc/slurm/epilog.sh

NodeName=DEFAULT CPUs=2 RealMemory=2000 Gres=gpu:fake:2 Features=fake,a100
NodeName=gpu01 NodeAddr=$LAB_NET.2 Port=$SDP

PartitionName=DEFAULT DefaultTime=01:00:00 State=UP
PartitionName=gpu Nodes=gpu01 Default=YES MaxTime=1-00:00:00
EOF
cat >site/epilog.sh <<'EOF'
#!/bin/sh
# the site's Epilog: a mark per job on the node that ran it
echo "$SLURM_JOB_ID $(hostname)" >"/var/log/slurm/epilog-ran.$SLURM_JOB_ID"
EOF
if [ "${ADOPT_GRES:-}" = global ]; then
	printf 'AutoDetect=off\nName=gpu Type=fake File=/dev/tty1\nName=gpu Type=fake File=/dev/tty2\n'
else
	printf 'AutoDetect=off\nNodeName=gpu01 Name=gpu Type=fake File=/dev/tty1\nNodeName=gpu01 Name=gpu Type=fake File=/dev/tty2\n'
fi >site/gres.conf
printf 'ConstrainCores=yes\nConstrainRAMSpace=yes\nConstrainSwapSpace=yes\nAllowedSwapSpace=0\n' \
	>site/cgroup.conf
cat >site/slurmdbd.conf <<EOF
DbdHost=ctl
DbdPort=$DBDP
SlurmUser=slurm
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$LAB_DB_PORT
StorageUser=slurm
StoragePass=$(cat "$L/secrets/db.pass")
StorageLoc=slurm_acct_db
LogFile=/var/log/slurm/slurmdbd.log
PurgeEventAfter=6month
PurgeJobAfter=18month
PurgeResvAfter=3month
PurgeStepAfter=1month
PurgeSuspendAfter=2month
PurgeTXNAfter=6month
PurgeUsageAfter=36month
EOF

# every file in /etc/slurm and the munge key on both hosts, and every pid
state() { lab_state $HOSTS; }
pids() { state | grep -v /; }

# what slurmctld and slurmdbd say about the cluster, without times, pids,
# loads and allocation
capture() {
	on ctl scontrol show node | tr ' ' '\n' | grep . | grep -Ev \
		'^(BootTime|SlurmdStartTime|LastBusyTime|ResumeAfterTime|CPULoad|FreeMem|AllocMem|AllocTRES|CPUAlloc|State|Reason)=' &&
	on ctl scontrol show partition | tr ' ' '\n' | grep . &&
	on ctl scontrol show config | grep -Ev '^(Configuration data as of|BOOT_TIME|SLURMCTLD_PID|Slurmctld\(|Slurmdbd)' &&
	on ctl sacctmgr -n dump adopt file=/dev/stdout
}

test_expect_success 'setup: users, munge key and the hand-made files on both hosts' '
	for h in $HOSTS; do
		on $h groupadd -g 64030 slurm && on $h useradd -r -M -u 64030 -g 64030 -d /nonexistent -s /usr/sbin/nologin slurm &&
		on $h groupadd -g 64031 munge && on $h useradd -r -M -u 64031 -g 64031 -d /nonexistent -s /usr/sbin/nologin munge &&
		on $h mkdir -p /etc/slurm /etc/munge || exit 1
	done &&
	lab add-unix-user alice 5001 &&
	dd if=/dev/urandom bs=1024 count=1 of=munge.key 2>/dev/null &&
	for h in $HOSTS; do
		lab put $h munge.key /etc/munge/munge.key 0400 munge:munge &&
		for f in slurm.conf gres.conf cgroup.conf; do
			lab put $h site/$f /etc/slurm/$f 0644 root:root || exit 1
		done &&
		lab put $h site/epilog.sh /etc/slurm/epilog.sh 0750 slurm:slurm || exit 1
	done &&
	lab put ctl site/slurmdbd.conf /etc/slurm/slurmdbd.conf 0600 slurm:slurm
'

# secs NAME ARGS...: clusterctl ARGS on the admin's machine (cc), with
# "NAME WALL USER SYS" (seconds; clusterctl's own CPU, not the daemons')
# appended to times
secs() {
	_n=$1; shift
	/usr/bin/time -f "%e %U %S" -o "$TRASH/.secs" bash "$LAB_SH" admin "$CLUSTERCTL" "$@"; _rc=$?
	echo "$_n $(tail -n 1 "$TRASH/.secs")" >>"$TRASH/times"
	return $_rc
}

# until slurmctld has gpu01 idle (20 s)
node_idle() {
	i=0
	while [ $i -lt 40 ]; do
		on ctl sinfo -h -n gpu01 -o %t 2>/dev/null | grep -qx idle && return 0
		sleep 0.5; i=$((i + 1))
	done
	return 1
}

test_expect_success 'setup: the daemons started by hand, accounting made with sacctmgr' '
	on ctl lab-service munge start && on gpu01 lab-service munge start &&
	on ctl lab-service slurmdbd start &&
	on ctl sacctmgr -i add cluster adopt >/dev/null &&
	on ctl lab-service slurmctld start &&
	on gpu01 lab-service slurmd start &&
	node_idle &&
	on ctl sacctmgr -i add qos gpu-low Priority=10 MaxTRESPerUser=gres/gpu=1 GrpTRES=gres/gpu=2 >/dev/null &&
	on ctl sacctmgr -i add qos gpu-high Priority=100 MaxTRESPerJob=gres/gpu=2 Preempt=gpu-low >/dev/null &&
	on ctl sacctmgr -i modify qos gpu-low set PreemptMode=requeue >/dev/null &&
	on ctl sacctmgr -i add account physics Description=physics Organization=science >/dev/null &&
	on ctl sacctmgr -i add account hep Parent=physics Description=hep Organization=science >/dev/null &&
	on ctl sacctmgr -i add user alice Account=physics QOS=gpu-low DefaultQOS=gpu-low MaxJobs=2 >/dev/null &&
	on ctl sacctmgr -i add user alice Account=hep QOS=gpu-low,gpu-high DefaultQOS=gpu-high MaxJobs=5 >/dev/null &&
	on ctl sacctmgr -i modify user alice set DefaultAccount=hep >/dev/null &&
	on ctl scontrol show node gpu01 >node && cat node &&
	grep -q "CPUTot=2 " node && grep -q "RealMemory=2000 " node && grep -q "Gres=gpu:fake:2" node &&
	on ctl sacctmgr -n -P show assoc where user=alice format=account,maxjobs,qos >assoc && cat assoc &&
	grep -x "physics|2|gpu-low" assoc && grep -x "hep|5|gpu-high,gpu-low" assoc &&
	capture >before && "$MEANING" site/slurm.conf site/gres.conf >meaning.before &&
	pids >pids.before && cat pids.before && grep -q "gpu01 slurmd [0-9]" pids.before
'

test_expect_success 'import cluster ctl: the one import command, exit 0, nothing on stderr' '
	secs import-cluster import cluster ctl --ssh-config "$L/ssh/config" \
		--files-dir files -o inv.yaml >out 2>err; rc=$?
	cat out err; test "$rc" = 0 && test_cmp /dev/null err && test_cmp /dev/null out &&
	grep "^  - {names: gpu01, address: $LAB_NET.2, type: " inv.yaml
'

test_expect_success 'import cluster carried the Epilog, its mode and owner, over the same session' '
	grep -x "  - {path: /etc/slurm/epilog.sh, source: files/etc/slurm/epilog.sh, mode: \"0750\", owner: slurm, roles: \[compute\]}" inv.yaml &&
	cmp site/epilog.sh files/etc/slurm/epilog.sh
'

# Nothing to add by hand: how to reach the hosts (the ssh_config import
# went through), the database as slurmdbd reaches it, through ctl's SSH
# server, its password beside the inventory, the accounting in the same
# file (no stub to delete, no second import), the daemons driven by
# systemctl as on any host (the lab's hosts have one).
test_expect_success 'the one inventory: ssh, database through ctl, password, accounting' '
	grep "^  config: $(cd "$L/ssh" && pwd -P)/config\$" inv.yaml &&
	sed -n "/^database:/,/^\$/p" inv.yaml >db && cat db &&
	grep -x "  tunnel: ctl" db && grep -x "  host: 127.0.0.1" db &&
	grep -x "  port: $LAB_DB_PORT" db && grep -x "  password_file: slurmdbd.pass" db &&
	sed -n "s/^StoragePass=//p" site/slurmdbd.conf | tr -d "\n" >pass.site &&
	cmp pass.site slurmdbd.pass && test "$(stat -c %a slurmdbd.pass)" = 600 &&
	! grep -r "$(cat pass.site)" inv.yaml &&
	test "$(grep -c "^accounts:" inv.yaml)" = 1 && test "$(grep -c "^qos:" inv.yaml)" = 1 &&
	grep -x "  - name: gpu-high" inv.yaml &&
	grep -x "      - {account: physics, max_jobs: 2, default_qos: gpu-low, qos: \[gpu-low\]}" inv.yaml &&
	! grep "services:" inv.yaml
'

test_expect_success 'validate, no flags' '
	secs validate validate inv.yaml
'

test_expect_success 'plan: no capacity loss, nothing the site did not have' '
	secs plan plan inv.yaml >plan.out 2>err; rc=$?
	cat plan.out err; test "$rc" = 0 || test "$rc" = 2 &&
	! grep "^capacity:" plan.out
'

# Zero restarts: what the site wrote by hand and the rendered files mean
# the same (plan compares meaning, and an imported inventory says
# defaults: slurm), so nothing is restarted or reconfigured.
RESTARTS='^  [a-z0-9]+: (restart|reconfigure) '
test_expect_success 'plan: zero restarts or reconfigures' '
	test -s plan.out && ! grep -E "$RESTARTS" plan.out
'

test_expect_success 'plan: the carried Epilog is what gpu01 has' '
	! grep ": /etc/slurm/epilog.sh: " plan.out
'

test_expect_success 'plan: the accounting read through ctl, no change to it' '
	! grep "^accounting:" plan.out && ! grep "^  [+~-] " plan.out &&
	! grep "not observed" plan.out
'

test_expect_success 'apply: exit 0, verified, no daemon restarted' '
	pids >pids.apply &&
	secs apply apply inv.yaml >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	grep "0 restarts, 0 reconfigures" out &&
	pids >pids.applied && test_cmp pids.apply pids.applied
'

# Issue 30: one import command and apply in under 10 s of clusterctl's time
test_expect_success 'import, validate, plan and apply: under 10 s of wall time' '
	cat times &&
	awk "{ s += \$2 } END { printf \"%.2f\n\", s; exit !(s < 10) }" times
'

test_expect_success 'after apply: scontrol, sacctmgr dump and the files mean what they did' '
	node_idle &&
	capture >after && diff -u before after &&
	on ctl cat /etc/slurm/slurm.conf >slurm.conf.after &&
	on ctl cat /etc/slurm/gres.conf >gres.conf.after &&
	"$MEANING" slurm.conf.after gres.conf.after >meaning.after &&
	comm -23 meaning.before meaning.after >lost && test_cmp /dev/null lost &&
	comm -13 meaning.before meaning.after | sed -n "s/^set \([a-z]*\)=.*/\1/p" >added &&
	comm -13 meaning.before meaning.after | sed "/^set /d" >added.other &&
	test_cmp /dev/null added.other &&
	sed -n "s/^  #   \([A-Za-z]*\)=.*/\1/p" inv.yaml | tr A-Z a-z >announced &&
	for k in $(cat added); do
		grep -qx "$k" announced || { echo "rendered $k, not announced by import"; exit 1; }
	done &&
	on ctl cat /etc/slurm/slurm.conf.clusterctl-orig >orig && cmp site/slurm.conf orig
'

# settings FILE: a key=value file's settings (cgroup.conf, slurmdbd.conf),
# comments and blank lines dropped, keys lowercased, sorted
settings() {
	sed -e "s/#.*//" -e "/^[[:space:]]*\$/d" "$1" |
		awk -F= "{ k = tolower(\$1); sub(/^[^=]*=/, \"\"); print k \"=\" \$0 }" | sort
}

test_expect_success 'after apply: cgroup.conf and slurmdbd.conf lose no setting' '
	for f in cgroup.conf slurmdbd.conf; do
		on ctl cat /etc/slurm/$f >$f.after && settings site/$f >$f.set.before &&
		settings $f.after >$f.set.after &&
		comm -23 $f.set.before $f.set.after >lost &&
		test_cmp /dev/null lost || exit 1
	done
'

# Issue 21 item 5: what the renderer writes that the site did not have must
# at least be announced by import (its "clusterctl also writes these"
# comment); with defaults: slurm it writes none of its own choices.
unannounced() {
	for f in cgroup.conf slurmdbd.conf; do
		comm -13 "$TRASH/$f.set.before" "$TRASH/$f.set.after" | sed -n "s/=.*//p"
	done | while read -r k; do
		sed -n "s/^  #   \([A-Za-z]*\)=.*/\1/p" "$TRASH/inv.yaml" | tr A-Z a-z | grep -qx "$k" || printf "%s " "$k"
	done
}
test_expect_success 'after apply: cgroup.conf and slurmdbd.conf add only what import announced' '
	test -s cgroup.conf.set.after && test -s slurmdbd.conf.set.after &&
	u=$(unannounced) && { test -z "$u" || { echo "unannounced: $u"; false; }; }
'

test_expect_success 'a GPU job runs, and then the site'\''s Epilog' '
	on ctl sh -c "cd /tmp && timeout 60 srun -p gpu --gres=gpu:1 -N1 printenv CUDA_VISIBLE_DEVICES" >job &&
	cat job && test "$(cat job)" = 0 &&
	i=0 && while [ $i -lt 30 ] && ! on gpu01 sh -c "ls /var/log/slurm/epilog-ran.*" >marks 2>/dev/null; do
		sleep 0.5; i=$((i + 1))
	done && cat marks && test -s marks
'

test_expect_success 'after apply: the next plan is empty' '
	cc plan inv.yaml >out; rc=$?; cat out; test "$rc" = 0 &&
	grep "^plan: no changes" out
'

test_expect_success 'add-user --apply is live: read back, no daemon restarted' '
	pids >pids.a &&
	lab add-unix-user bob 5002 &&
	secs add-user add-user inv.yaml bob --account physics --qos gpu-low --apply >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	on ctl sacctmgr -n -P show user bob format=user,defaultaccount >u && cat u &&
	grep -x "bob|physics" u &&
	pids >pids.b && test_cmp pids.a pids.b
'

# The same cluster with the DEFAULT line left out: the node type loses its
# CPUs, memory and GPUs (features stay), and GPUs are no longer tracked (an
# import that keeps the site's AccountingStorageTRES=gres/gpu in slurm_conf
# loses it too)
sed -e "/^    cpus: /d" -e "/^    memory: /d" -e "/^    gpus: /d" \
	-e "/^    AccountingStorageTRES: gres\/gpu\$/d" "$TRASH/inv.yaml" >"$TRASH/nodefault.yaml"

test_expect_success 'without the DEFAULT line: validate names the QoS GPU limits left without GPUs' '
	! grep -q "^    gpus:" nodefault.yaml &&
	test_must_fail --exit=3 cc validate nodefault.yaml >err 2>&1; cat err &&
	grep "error: QoS .gpu-low. limits .gres/gpu. but GPUs are not tracked" err
'

# with the GPUs still tracked by name (AccountingStorageTRES), validate
# passes: the capacity guard is what stops it
sed "s|^  slurm_conf:\$|  slurm_conf:\n    AccountingStorageTRES: gres/gpu|" \
	"$TRASH/nodefault.yaml" >"$TRASH/nodefault-tres.yaml"

test_expect_success 'without the DEFAULT line: plan names the losses, apply refuses (exit 4), nothing changes' '
	cc validate nodefault-tres.yaml &&
	state >before && grep -q "ctl slurmctld [0-9]" before && grep -q "gpu01 slurmd [0-9]" before &&
	cc plan nodefault-tres.yaml >out; cat out &&
	grep "^capacity: removes 2 GPUs on gpu01" out &&
	grep "^capacity: node gpu01 loses 1 CPU (2 -> 1)\$" out &&
	grep "^capacity: node gpu01 loses 1999 MB of memory" out &&
	test_must_fail --exit=4 cc apply nodefault-tres.yaml >out 2>err; cat out err &&
	grep "^clusterctl: apply: refused: the plan takes capacity away" err &&
	state >after && test_cmp before after &&
	on ctl scontrol show -o node gpu01 | grep -q "CPUTot=2 .*RealMemory=2000 "
'

say "# clusterctl's own time (s: wall user sys): $(tr '\n' ' ' <"$TRASH/times" 2>/dev/null)"
if [ -n "${ADOPT_TIMES:-}" ]; then cp "$TRASH/times" "$ADOPT_TIMES"; fi

test_done
