#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4120-capacity-guard: apply never takes capacity away unasked, and keeps
# the site's own files (issue 21, items 4 and 6). The site's slurm.conf
# and cgroup.conf found before the first apply are kept for good as
# FILE.clusterctl-orig (a second apply leaves them). An inventory that
# drops one of gpu01's GPUs, lowers its CPUs and memory, removes partition debug
# and gpu's DefaultTime: plan names each loss (text and JSON), apply
# refuses with exit 4 and every file and daemon is as before (checksums,
# pids); with --allow-capacity-loss it goes through and verifies. A
# template that leaves CPUs out of the node line: slurmctld comes back
# with 1 CPU where the inventory says 2, and apply exits 4 naming it.
# Two lab hosts: ctl and gpu01.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

HOSTS="ctl gpu01"
lab_begin
INV=$TRASH/inv.yaml
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR

lab_two_hosts "$INV"

lab_hosts_up $HOSTS
lab_db_up

on() { lab_exec "$@"; }
cc() { "$CLUSTERCTL" "$@"; }

# every managed file's checksum on both hosts, and every daemon's pid
state() { lab_state $HOSTS; }

test_expect_success 'setup: the site wrote its own slurm.conf and cgroup.conf' '
	printf "# the site'"'"'s own slurm.conf\nClusterName=lab\n" >site-slurm.conf &&
	printf "# the site'"'"'s own cgroup.conf\nConstrainCores=no\n" >site-cgroup.conf &&
	on gpu01 mkdir -p /etc/slurm && on ctl mkdir -p /etc/slurm &&
	on gpu01 sh -c "cat >/etc/slurm/slurm.conf" <site-slurm.conf &&
	on ctl sh -c "cat >/etc/slurm/cgroup.conf && chmod 0640 /etc/slurm/cgroup.conf" <site-cgroup.conf
'

test_expect_success 'first apply keeps them as FILE.clusterctl-orig' '
	cc apply "$INV" >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	on gpu01 cat /etc/slurm/slurm.conf.clusterctl-orig >got && cmp site-slurm.conf got &&
	on ctl cat /etc/slurm/cgroup.conf.clusterctl-orig >got && cmp site-cgroup.conf got &&
	test "$(on ctl stat -c %a /etc/slurm/cgroup.conf.clusterctl-orig)" = 640 &&
	! on ctl test -e /etc/slurm/slurm.conf.clusterctl-orig &&
	! on gpu01 test -e /etc/munge/munge.key.clusterctl-orig &&
	on gpu01 ls -a /etc/slurm >ls && ! grep origtmp ls
'

test_expect_success 'the converged cluster: plan sees no loss' '
	cc plan "$INV" >out; cat out &&
	! grep "^capacity:" out &&
	cc plan --json "$INV" >out.json &&
	python3 -c "import json,sys; d = json.load(open(\"out.json\")); sys.exit(d[\"capacity_losses\"] != [])"
'

# gpu01: 1 GPU, 1 CPU, 1000 MB; partition debug gone; gpu without DefaultTime
sed -e "s|^    gpus: {type: fake, count: 2, files: \"/dev/tty\[1-2\]\"}|    gpus: {type: fake, count: 1, files: /dev/tty1}|" -e 's/^    cpus: 2$/    cpus: 1/' -e 's/^    cores_per_socket: 2$/    cores_per_socket: 1/' \
	-e 's/^    memory_mb: 2000$/    memory_mb: 1000/' -e '/{name: debug,/d' \
	-e 's/^     default_time: "01:00:00", /     /' "$INV" >"$TRASH/loss.yaml"

test_expect_success 'plan names every loss, in text and JSON' '
	grep -q "cpus: 1" loss.yaml && grep -q "count: 1, files: /dev/tty1" loss.yaml &&
	! grep -q "name: debug" loss.yaml && ! grep -q default_time loss.yaml &&
	cc plan loss.yaml >out; cat out &&
	grep "^capacity: removes 1 GPU on gpu01 (gpu:fake: 2 -> 1)\$" out &&
	grep "^capacity: node gpu01 loses 1 CPU (2 -> 1)\$" out &&
	grep "^capacity: node gpu01 loses 1000 MB of memory (RealMemory 2000 -> 1000)\$" out &&
	grep "^capacity: partition debug removed\$" out &&
	grep "^capacity: partition gpu loses DefaultTime (01:00:00)\$" out &&
	grep "^capacity: apply refuses these losses unless --allow-capacity-loss is given\$" out &&
	{ cc plan --json loss.yaml >out.json; test $? = 2; } &&
	python3 -c "import json,sys; l = json.load(open(\"out.json\"))[\"capacity_losses\"]; print(l); sys.exit(len(l) != 5 or \"partition debug removed\" not in l)"
'

test_expect_success 'apply refuses it (exit 4): every file and daemon as before' '
	state >before && grep -q "ctl slurmctld [0-9]" before && grep -q "gpu01 slurmd [0-9]" before &&
	test_must_fail --exit=4 cc apply loss.yaml >out 2>err; cat out err &&
	grep "^clusterctl: apply: refused: the plan takes capacity away from slurmctld (5 losses above); nothing was changed. Pass --allow-capacity-loss if that is intended\$" err &&
	state >after && test_cmp before after &&
	on ctl scontrol show node gpu01 | grep -q "CPUTot=2 "
'

test_expect_success 'with --allow-capacity-loss it goes through, verified' '
	cc apply --allow-capacity-loss loss.yaml >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	on ctl scontrol show node -o gpu01 >node && grep -q "CPUTot=1 " node &&
	grep -q "RealMemory=1000 " node && grep -q "Gres=gpu:fake:1" node &&
	! on ctl scontrol show partition debug >/dev/null 2>&1 &&
	on ctl scontrol show partition -o gpu | grep -q "DefaultTime=NONE" &&
	on gpu01 cat /etc/slurm/slurm.conf.clusterctl-orig >got && cmp site-slurm.conf got
'

test_expect_success 'back to the inventory: gains are no loss' '
	cc apply "$INV" >out 2>err; rc=$?
	cat out err; test "$rc" = 0 && ! grep "^capacity:" out &&
	on ctl scontrol show node -o gpu01 | grep -q "CPUTot=2 .*Gres=gpu:fake:2"
'

test_expect_success 'slurmctld back with 1 CPU where the inventory says 2: apply exits 4' '
	mkdir -p tpl &&
	sed -e "s/{{#cpus}} CPUs={{cpus}}{{\\/cpus}}//" -e "s/{{#sockets}} Sockets={{sockets}}{{\\/sockets}}//" \
		-e "s/{{#cores_per_socket}} CoresPerSocket={{cores_per_socket}}{{\\/cores_per_socket}}//" \
		"$TOP/templates/slurm.conf.mustache" >tpl/slurm.conf.mustache &&
	! grep -q "CPUs=" tpl/slurm.conf.mustache &&
	sed "s|^  controller: ctl\$|  controller: ctl\\n  template_dir: $TRASH/tpl|" "$INV" >notpl.yaml &&
	grep -q template_dir notpl.yaml &&
	test_must_fail --exit=4 cc apply --allow-path "$TRASH/tpl" notpl.yaml >out 2>err; cat out err &&
	grep "^clusterctl: apply: verification: gpu01: slurmctld has CPUs=1, the inventory says 2\$" err &&
	on ctl scontrol show node -o gpu01 | grep -q "CPUTot=1 "
'

test_expect_success 'the inventory again: apply restores 2 CPUs, exit 0' '
	cc apply "$INV" >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	on ctl scontrol show node -o gpu01 | grep -q "CPUTot=2 "
'

test_done
