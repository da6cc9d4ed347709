#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t1500-render-daemons: the files `clusterctl render inventories/lab.yaml` writes
# run real Slurm. Each lab host gets exactly its rendered files (copied in by the
# manifest's owner and mode, no SSH: this proves the files, not the push), the
# inventory's slurm/munge users, one munge key; then munged everywhere, slurmdbd
# on the lab's MariaDB, slurmctld, and slurmd on gpu[01-03]. sinfo/scontrol must
# show the inventory's nodes, partitions, GRES and limits, and a --gres=gpu:1 job
# must complete. Expected values are those of inventories/lab.yaml.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

HOSTS="ctl gpu01 gpu02 gpu03"		# lab.yaml's hosts, in its order (= addresses .1-.4)
GPU_HOSTS="gpu01 gpu02 gpu03"
command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
"$CLUSTERCTL" render --help >/dev/null 2>&1 || test_skip_or_die "clusterctl render is not built"
lab_begin
OUT=$TRASH/out
INV=$TRASH/lab.yaml
JOBS=$TRASH/jobs
mkdir -p "$JOBS"

# The lab shares this machine's network: the copy of lab.yaml gets this lab's
# paths and addresses, and Slurm ports that nothing else holds (lab_slurm_ports).
# In CI (one test at a time) lab.yaml's ports are kept.
lab_inventory "$TOP/inventories/lab.yaml" "$INV"
lab_slurm_ports "$INV" 3

# svc_ids NAME: "name uid gid" of slurm_user/munge_user in the inventory
svc_ids() {
	sed -n "s/^ *${1}_user: *{name: *\\([a-z_][a-z0-9_-]*\\), *uid: *\\([0-9]*\\), *gid: *\\([0-9]*\\)}.*/\\1 \\2 \\3/p" "$INV"
}

# on_ctl CMD...: a Slurm client command inside the controller host
on_ctl() { lab_exec ctl "$@"; }

# install_rendered: every manifest entry with a rendered file (whose sha256 must be
# the manifest's) goes into its host
install_rendered() {
	manifest=$(find "$OUT" -maxdepth 1 -name '*.json' | head -n 1)
	test -n "$manifest" || { echo "no manifest in $OUT"; return 1; }
	python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
for f in (m if isinstance(m, list) else m["files"]):
    mode = f["mode"]
    mode = format(mode, "o") if isinstance(mode, int) else format(int(mode, 8), "o")
    print("\t".join([f["host"], f["path"], f["owner"], f["group"], mode, f.get("sha256", "-")]))
' "$manifest" >entries || return 1
	test -s entries || { echo "empty manifest"; return 1; }
	while IFS='	' read -r host path owner group mode sha; do
		src=$OUT/$host$path
		test -f "$src" || continue	# the munge key: no bytes in the render
		test "$(sha256sum <"$src" | cut -d" " -f1)" = "$sha" || { echo "$src: sha256 differs from the manifest"; return 1; }
		if test "${path##*/}" = slurmdbd.conf; then
			sed "s/@clusterctl:db-password@/$(cat "$CLUSTERCTL_LAB/secrets/db.pass")/" "$src" >dbd.conf
			src=dbd.conf
		fi
		lab put "$host" "$src" "$path" "$mode" "$owner:$group" || return 1
		echo "$host $path $mode $owner:$group" >>installed
	done <entries
}

# wait_job JID: until the job ends (2 min: a loaded machine is slow); prints its state
wait_job() {
	i=0
	while [ $i -lt 240 ]; do
		st=$(on_ctl sacct -n -X -P -j "$1" -o state | head -n 1)
		case $st in COMPLETED|FAILED|CANCELLED*|TIMEOUT|NODE_FAIL) break ;; esac
		sleep 0.5; i=$((i + 1))
	done
	echo "$st"
}

# submit ARGS...: sbatch from the controller, output under $JOBS; prints the job id
submit() { on_ctl sh -c 'cd "$1" && shift && sbatch --parsable -o "%j.out" "$@"' sh "$JOBS" "$@"; }

test_expect_success 'render inventories/lab.yaml' '
	"$CLUSTERCTL" render "$INV" -o "$OUT" &&
	ls "$OUT" | grep -v "\.json\$" >actual &&
	printf "%s\n" $HOSTS >expect &&
	test_cmp expect actual &&
	test -f "$OUT/ctl/etc/slurm/slurmdbd.conf" &&
	test -f "$OUT/gpu01/etc/slurm/gres.conf"
'

lab_hosts_up $HOSTS
lab_db_up

test_expect_success 'the slurm and munge users get the inventory ids on every host' '
	for who in slurm munge; do
		set -- $(svc_ids $who) && test $# = 3 || { echo "no ${who}_user in $INV"; return 1; }
		for h in $HOSTS; do
			lab_exec "$h" sh -c "echo \"$1:x:$3:\" >>/etc/group &&
				echo \"$1:x:$2:$3::/nonexistent:/usr/sbin/nologin\" >>/etc/passwd" &&
			echo "$1:x:$2:$3::/nonexistent:/usr/sbin/nologin" >expect &&
			lab_exec "$h" getent passwd "$1" >actual &&
			test_cmp expect actual || return 1
		done
	done
'

test_expect_success 'every host gets its rendered files with the manifest owner and mode' '
	install_rendered &&
	grep -q "^ctl /etc/slurm/slurmdbd.conf 600 slurm:slurm\$" installed &&
	while read -r h path mode owner; do
		echo "$mode $owner" >expect &&
		lab_exec "$h" stat -c "%a %U:%G" "$path" >actual &&
		test_cmp expect actual || return 1
	done <installed &&
	for h in $HOSTS; do
		lab_exec "$h" cmp /etc/slurm/slurm.conf - <"$OUT/$h/etc/slurm/slurm.conf" || return 1
	done &&
	test_must_fail lab_exec gpu01 test -e /etc/slurm/slurmdbd.conf
'

test_expect_success 'one munge key on all hosts; munged everywhere; credentials cross hosts' '
	head -c 1024 /dev/urandom >munge.key &&
	for h in $HOSTS; do
		lab put "$h" munge.key /etc/munge/munge.key 0400 munge:munge &&
		lab_exec "$h" lab-service munge start || return 1
	done &&
	lab_exec gpu03 munge -n | lab_exec ctl unmunge >cred &&
	grep "^ENCODE_HOST: *gpu03 " cred
'

test_expect_success 'slurmdbd starts from the rendered slurmdbd.conf; cluster lab is added' '
	on_ctl lab-service slurmdbd start &&
	on_ctl sacctmgr -i add cluster lab &&
	on_ctl sacctmgr -n -P show cluster format=cluster >actual &&
	echo lab >expect &&
	test_cmp expect actual
'

test_expect_success 'slurmctld and the three slurmd start; every node turns idle' '
	on_ctl lab-service slurmctld start &&
	for h in $GPU_HOSTS; do lab_exec "$h" lab-service slurmd start || return 1; done &&
	i=0 &&
	while [ $i -lt 240 ]; do
		on_ctl sinfo -h -N -o "%N %t" | sort -u >actual
		printf "%s idle\n" $GPU_HOSTS >expect
		cmp -s expect actual && break
		sleep 0.5; i=$((i + 1))
	done &&
	test_cmp expect actual
'

test_expect_success 'each slurmd listens on its own port from the inventory' '
	i=1 &&
	for h in $GPU_HOSTS; do
		pid=$(lab_exec "$h" lab-service slurmd status | sed -n "s/.*pid \([0-9]*\).*/\1/p") &&
		test -n "$pid" &&
		ss -Hltnp | grep "pid=$pid," | awk "{ print \$4 }" | sed "s/.*://" >actual &&
		echo $((6830 + i + LAB_PORT_SHIFT)) >expect &&
		test_cmp expect actual &&
		i=$((i + 1)) || return 1
	done
'

test_expect_success 'partitions: nodes, default, time limits and priority tier of lab.yaml' '
	on_ctl sinfo -h -o "%P %a %l %D %N" >actual &&
	cat >expect <<-\EOF &&
	gpu* up 1-00:00:00 3 gpu[01-03]
	debug up 30:00 3 gpu[01-03]
	EOF
	test_cmp expect actual &&
	on_ctl scontrol -o show partition gpu >gpu &&
	for kv in Default=YES DefaultTime=01:00:00 MaxTime=1-00:00:00 QoS=normal Nodes=gpu[01-03]; do
		grep -qF " $kv " gpu || { echo "gpu: no $kv"; return 1; }
	done &&
	on_ctl scontrol -o show partition debug >debug &&
	for kv in Default=NO MaxTime=00:30:00 PriorityTier=2; do
		grep -qF " $kv " debug || { echo "debug: no $kv"; return 1; }
	done
'

test_expect_success 'nodes: CPUs, memory, topology, features and GRES gpu:fake:2' '
	for h in $GPU_HOSTS; do
		on_ctl scontrol -o show node "$h" >node &&
		for kv in CPUTot=2 RealMemory=2000 Sockets=1 CoresPerSocket=2 ThreadsPerCore=1 \
			AvailableFeatures=fake Gres=gpu:fake:2 State=IDLE; do
			grep -qF " $kv " node || { echo "$h: no $kv"; cat node; return 1; }
		done &&
		grep -q "CfgTRES=.*gres/gpu=2" node || return 1
	done
'

test_expect_success 'slurmctld runs the rendered accounting and GRES settings' '
	on_ctl scontrol show config >config &&
	grep -E "^AccountingStorageTRES *=.*gres/gpu" config &&
	grep -E "^AccountingStorageEnforce *=.*limits" config &&
	grep -E "^AccountingStorageEnforce *=.*qos" config &&
	grep -E "^GresTypes *= gpu\$" config &&
	grep -E "^SelectType *= select/cons_tres\$" config &&
	grep -E "^SlurmUser *= slurm\\($(svc_ids slurm | cut -d" " -f2)\\)" config
'

test_expect_success 'an sbatch --gres=gpu:1 job runs to COMPLETED on a gpu node' '
	jid=$(submit -p gpu --gres=gpu:1 --wrap "hostname; echo GPUS=\$CUDA_VISIBLE_DEVICES") &&
	test "$(wait_job "$jid")" = COMPLETED &&
	grep -E "^gpu0[1-3]\$" "$JOBS/$jid.out" &&
	grep "^GPUS=0\$" "$JOBS/$jid.out" &&
	on_ctl sacct -n -X -P -j "$jid" -o alloctres | grep "gres/gpu=1"
'

test_expect_success 'limits hold: 3 GPUs on a 2-GPU node are refused' '
	test_must_fail submit -p gpu --gres=gpu:3 --wrap true 2>err &&
	grep -i "node configuration is not available" err
'

# job_reason_set JID: "STATE REASON" of the job in ./actual, once the
# scheduler has given it a reason
job_reason_set() { on_ctl squeue -h -j "$1" -o "%T %r" >actual && ! grep -q " None\$" actual; }

test_expect_success 'limits hold: debug jobs over MaxTime=00:30:00 wait, within it they run' '
	if jid=$(submit -p debug -t 00:31:00 --wrap true 2>err); then
		# the reason is None until the scheduler has looked at the job
		wait_for 20 job_reason_set "$jid" &&
		grep -E "^PENDING (PartitionTimeLimit|PartitionConfig)\$" actual &&
		on_ctl scancel "$jid"
	else
		grep -i "time limit" err
	fi &&
	jid=$(submit -p debug -t 00:30:00 --wrap true) &&
	test "$(wait_job "$jid")" = COMPLETED
'

# svc_pid HOST SERVICE: the pid lab-service reports
svc_pid() { lab_exec "$1" lab-service "$2" status | sed -n 's/.*(pid \([0-9]*\))$/\1/p'; }

# Slurm 23.11+ answers "scontrol reconfigure" by re-executing slurmctld and
# every slurmd (new pids, same pid files); 22.05 re-reads in the same process.
if slurm_at_least 23.11; then same_pid=false; else same_pid=true; fi

test_expect_success "lab-service: reconfigure keeps pids (22.05) or re-executes (23.11+), restart replaces them, stop stops" '
	c1=$(svc_pid ctl slurmctld) && d1=$(svc_pid gpu01 slurmd) &&
	test -n "$c1" && test -n "$d1" &&
	on_ctl lab-service slurmctld reconfigure &&
	if $same_pid; then
		test "$(svc_pid ctl slurmctld)" = "$c1" &&
		test "$(svc_pid gpu01 slurmd)" = "$d1"
	else
		wait_for 30 lab_pid_moved gpu01 slurmd "$d1" &&
		c2=$(svc_pid ctl slurmctld) && test -n "$c2" && test "$c2" != "$c1" &&
		d1=$(svc_pid gpu01 slurmd) && test -n "$d1" &&
		on_ctl scontrol ping | grep -q "is UP"
	fi &&
	lab_exec gpu01 lab-service slurmd restart &&
	d2=$(svc_pid gpu01 slurmd) && test -n "$d2" && test "$d2" != "$d1" &&
	! test -e /proc/$d1 &&
	lab_exec gpu03 lab-service slurmd stop &&
	test_must_fail --exit=3 lab_exec gpu03 lab-service slurmd status
'

test_done
