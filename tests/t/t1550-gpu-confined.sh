#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t1550-gpu-confined: the GPU-safe defaults of a new inventory keep a job to
# its GPUs on real daemons. The two-host lab inventory without the lab's
# TaskPlugin=task/none and cgroup_conf (so, like README's example, it names
# no TaskPlugin and keeps cgroup.conf's ConstrainDevices=yes):
#   1. validate says nothing; render writes TaskPlugin=task/cgroup,task/affinity,
#      ConstrainDevices=yes and DefMemPerCPU (memory is a consumable);
#   2. applied, a job given one of gpu01's two fake GPUs (/dev/tty1, /dev/tty2,
#      character devices) opens its own device, and the devices cgroup that
#      task/cgroup made for it refuses the other ("Operation not permitted");
#   3. the same with TaskPlugin=task/none (what such an inventory rendered
#      before): validate warns at it, and the job opens both devices.
# The lab's hosts see the machine's cgroup v1 hierarchy; slurmd names its
# cgroups after its node (slurm_gpu01), and this lab's node is gpu01 too:
# jobs of another lab's gpu01 run with task/none and make none.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

BASE=$TRASH/base.yaml
INV=$TRASH/gpu.yaml
lab_begin_two "$BASE"
lab_hosts_up ctl gpu01
lab_db_up
[ -d /sys/fs/cgroup/devices ] || test_skip_or_die "no cgroup v1 devices controller here"
JOBS=$TRASH/jobs
mkdir -p "$JOBS"

on() { lab_exec "$@"; }

# without_lab_task: $BASE less the lab's TaskPlugin and cgroup_conf
without_lab_task() {
	sed -e '/^    TaskPlugin: task\/none$/d' -e '/^  cgroup_conf:$/d' \
	    -e '/^    ConstrainDevices: "no"$/d' "$BASE"
}

# job_devices: a --gres=gpu:1 job on gpu01 tries both fake GPUs; its output
job_devices() {
	id=$(on ctl sh -c 'cd "$1" && sbatch --parsable -w gpu01 --gres=gpu:1 -o "%j.out" \
		--wrap "echo CUDA=\$CUDA_VISIBLE_DEVICES; for d in /dev/tty1 /dev/tty2; do \
		if (exec 3<\$d) 2>err; then echo \$d open; else echo \$d \$(cat err); fi; done"' \
		sh "$JOBS") || return 1
	wait_for 60 test -s "$JOBS/$id.out" &&
	wait_for 10 grep -q "^/dev/tty2" "$JOBS/$id.out" &&
	cat "$JOBS/$id.out"
}

test_expect_success '1. no TaskPlugin in the inventory: task/cgroup,task/affinity, devices constrained' '
	without_lab_task >"$INV" &&
	! grep -q "TaskPlugin\|ConstrainDevices" "$INV" &&
	"$CLUSTERCTL" validate "$INV" >out 2>&1; rc=$?; cat out; test $rc = 0 &&
	grep " 0 errors, 0 warnings" out &&
	"$CLUSTERCTL" render "$INV" -o r >/dev/null &&
	grep -x "TaskPlugin=task/cgroup,task/affinity" r/gpu01/etc/slurm/slurm.conf &&
	grep -x "DefMemPerCPU=1000" r/gpu01/etc/slurm/slurm.conf &&
	grep -x "ConstrainDevices=yes" r/gpu01/etc/slurm/cgroup.conf
'

test_expect_success '2. a job with one GPU opens its own device and not the other' '
	"$CLUSTERCTL" apply --only files,users,munge,services "$INV" >out 2>&1; rc=$?; cat out; test $rc = 0 &&
	on gpu01 lab-service slurmd status &&
	lab_idle 1 &&
	job_devices >job.out && cat job.out &&
	if grep -q "^CUDA=0$" job.out; then own=tty1 other=tty2; else own=tty2 other=tty1; fi &&
	grep "^CUDA=[01]$" job.out &&
	grep -x "/dev/$own open" job.out &&
	grep "^/dev/$other .*Operation not permitted" job.out
'

test_expect_success '3. TaskPlugin=task/none (as before): validate warns, the job opens both' '
	sed "s|^  slurm_conf:$|  slurm_conf:\\
    TaskPlugin: task/none|" "$INV" >none.yaml &&
	"$CLUSTERCTL" validate none.yaml >out 2>&1; cat out &&
	n=$(grep -n "TaskPlugin: task/none" none.yaml | cut -d: -f1) &&
	grep "^none.yaml:$n:[0-9]*: warning: cgroup.conf constrains devices (ConstrainDevices=yes) but TaskPlugin=task/none has no task/cgroup" out &&
	"$CLUSTERCTL" apply --only files,services none.yaml >out 2>&1; rc=$?; cat out; test $rc = 0 &&
	lab_idle 1 &&
	job_devices >job.out && cat job.out &&
	grep -x "/dev/tty1 open" job.out && grep -x "/dev/tty2 open" job.out
'

test_done
