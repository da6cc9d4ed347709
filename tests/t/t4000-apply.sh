#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4000-apply: plan and apply end to end on 8 lab hosts (ctl + gpu[01-07], real
# sshd, munged, slurmdbd on the lab's MariaDB, slurmctld, slurmd): every file
# with the right bytes/owner/mode, users with the inventory's ids, one munge key
# that works across hosts, a converged plan; one hand-edited file; one host down;
# a changed host key; a full disk; a wrong slurm uid; JSON without secrets; a
# reconfigurable change applied by reconfigure (daemon pids unchanged); and
# daemons found stopped (one slurmd, a restarted host) planned and started.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

HOSTS="ctl gpu01 gpu02 gpu03 gpu04 gpu05 gpu06 gpu07"
command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
INV=$TRASH/inv.yaml
# apply's local lock lives here: other tests' clusters named "lab" stay apart
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR

lab_inventory "$TOP/inventories/lab.yaml" "$INV"
sed -i -e 's/gpu\[01-03\]/gpu[01-07]/g' -e "s/\\($LAB_NET\\.\\)\\[2-4\\]/\\1[2-8]/" "$INV"
lab_slurm_ports "$INV" 7
grep -q 'gpu\[01-07\]' "$INV" && grep -q "$LAB_NET.\[2-8\]" "$INV" ||
	test_skip_or_die "cannot derive an 8-host inventory from lab.yaml"
"$CLUSTERCTL" validate "$INV" >/dev/null 2>&1 || test_skip_or_die "the 8-host inventory does not validate"

lab_hosts_up $HOSTS
lab_db_up
L=$CLUSTERCTL_LAB
DBPASS=$(cat "$L/secrets/db.pass")

on() { lab_exec "$@"; }
cc() { "$CLUSTERCTL" "$@"; }
# st HOST PATH: "mode uid gid"
st() { on "$1" stat -c '%a %u %g' "$2"; }
pid_of() { on "$1" lab-service "$2" status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p'; }

test_expect_success 'first apply converges 8 hosts' '
	cc apply "$INV" >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	grep "^apply: 8 hosts, " out &&
	! grep "failed:" out
'

test_expect_success 'every host has the same slurm.conf, owner and mode' '
	on ctl cat /etc/slurm/slurm.conf >ref &&
	grep -q "^ClusterName=lab" ref && grep -q "gpu\[01-07\]" ref &&
	for h in $HOSTS; do
		on $h cat /etc/slurm/slurm.conf >got && cmp ref got &&
		echo "644 0 0" >expect && st $h /etc/slurm/slurm.conf >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'slurmdbd.conf on ctl only, 0600 slurm, with the real password' '
	echo "600 64030 64030" >expect && st ctl /etc/slurm/slurmdbd.conf >actual &&
	test_cmp expect actual &&
	on ctl grep -qx "StoragePass=$DBPASS" /etc/slurm/slurmdbd.conf &&
	! on gpu01 test -e /etc/slurm/slurmdbd.conf
'

test_expect_success 'users and groups have the inventory ids everywhere' '
	for h in $HOSTS; do
		on $h getent passwd slurm | cut -d: -f3,4 >a && echo 64030:64030 >e && test_cmp e a &&
		on $h getent passwd munge | cut -d: -f3,4 >a && echo 64031:64031 >e && test_cmp e a &&
		on $h getent group slurm | cut -d: -f3 >a && echo 64030 >e && test_cmp e a || return 1
	done
'

test_expect_success 'one munge key, 0400 munge, identical on every host' '
	for h in $HOSTS; do
		on $h sha256sum /etc/munge/munge.key | cut -d" " -f1 || return 1
		echo "400 64031 64031" >expect && st $h /etc/munge/munge.key >actual &&
		test_cmp expect actual || return 1
	done >sums &&
	test "$(sort -u sums | wc -l)" = 1 &&
	test "$(on ctl stat -c %s /etc/munge/munge.key)" = 1024
'

test_expect_success 'a credential made on gpu01 decodes on gpu02' '
	on gpu01 munge -n >cred && on gpu02 unmunge <cred >dec &&
	grep "STATUS:.*Success" dec
'

test_expect_success 'the applied cluster works: 7 idle nodes, accounting, a GPU job' '
	i=0; while [ $i -lt 30 ]; do
		on ctl sinfo -h -N -p gpu -o "%N %t" >nodes 2>/dev/null
		[ "$(grep -c " idle$" nodes)" = 7 ] && break
		sleep 1; i=$((i + 1))
	done; cat nodes; test "$(grep -c " idle$" nodes)" = 7 &&
	on ctl sacctmgr -nP show assoc format=account,user >assoc &&
	grep -x "hep|alice" assoc && grep -x "physics|bob" assoc &&
	on ctl sh -c "cd /tmp && timeout 60 srun -p gpu --gres=gpu:1 -N1 printenv CUDA_VISIBLE_DEVICES" >job &&
	grep -x 0 job
'

test_expect_success 'a second plan is empty (exit 0)' '
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0 &&
	grep "^plan: no changes" out
'

# The counts leave out plan's hardware section: lab hosts have more memory
# than the inventory declares, a warning on every plan.
test_expect_success 'slurmd stopped on one host: plan names that one start (exit 2)' '
	on gpu02 lab-service slurmd stop &&
	test_must_fail --exit=3 on gpu02 lab-service slurmd status &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	sed "/^hardware (/,/^plan:/d" out | grep -c "^  [a-z]" >n && echo 1 >e && test_cmp e n &&
	grep "^  gpu02: start slurmd (not running)$" out &&
	grep "^plan: 1 change pending on 8 hosts$" out &&
	test_must_fail --exit=2 cc plan --json "$INV" >plan.json &&
	python3 -c "import json,sys; d=json.load(open(\"plan.json\")); \
sys.exit(0 if d[\"services\"] == [{\"hosts\": \"gpu02\", \"service\": \"slurmd\", \
\"action\": \"start\", \"why\": \"not running\"}] and d[\"changes\"] == 1 else 1)" &&
	cc plan --only files,users,munge "$INV" >out && grep "^plan: no changes" out
'

test_expect_success 'apply starts it, the node runs a job, a second plan is empty' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep "^apply: 8 hosts, 0 files changed, .*, 0 restarts, 1 start, 0 reconfigures" out &&
	on gpu02 lab-service slurmd status &&
	on ctl sh -c "cd /tmp && timeout 60 srun -p gpu -w gpu02 -N1 hostname" >job &&
	grep -x gpu02 job &&
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0 &&
	grep "^plan: no changes" out
'

test_expect_success 'a hand edit on one host: plan shows that diff for that host only' '
	on gpu03 sed -i "s/^ReturnToService=2/ReturnToService=1/" /etc/slurm/slurm.conf &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	sed "/^hardware (/,/^plan:/d" out | grep -c "^  [a-z]" >n && echo 2 >e && test_cmp e n &&
	grep "^  gpu03: /etc/slurm/slurm.conf: modify, settings:$" out &&
	grep "^    ReturnToService: 1 -> 2$" out &&
	grep "^    -ReturnToService=1$" out && grep "^    +ReturnToService=2$" out &&
	grep -c "^    [-+][^-+]" out >n && echo 2 >e && test_cmp e n &&
	grep "^  ctl: reconfigure slurmctld" out
'

test_expect_success 'apply fixes it and keeps the edited file as backup' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	on gpu03 cat /etc/slurm/slurm.conf >got && cmp ref got &&
	on gpu03 grep -x "ReturnToService=1" /etc/slurm/slurm.conf.clusterctl-old &&
	cc plan "$INV"
'

# change_inventory: a reconfigurable slurm.conf change (partition MaxTime);
# tests run in subshells, so the count lives in a file
echo 30 >"$TRASH/minutes"
change_inventory() {
	n=$(($(cat "$TRASH/minutes") + 1)) && echo $n >"$TRASH/minutes" &&
	sed -i "s/max_time: \"00:[0-9]*:00\"/max_time: \"00:$n:00\"/" "$INV"
}

test_expect_success 'one host down: the others are applied, exit 4, summary names it' '
	lab host-stop gpu05 &&
	change_inventory &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err; cat out err &&
	grep "^apply: 8 hosts, .*; failed: gpu05$" out &&
	grep "^gpu05: " err &&
	on gpu01 grep -q "MaxTime=00:31:00" /etc/slurm/slurm.conf
'

test_expect_success 'after the host is back a rerun converges and starts its daemons' '
	lab host-start gpu05 &&
	test_must_fail --exit=3 on gpu05 lab-service slurmd status &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  gpu05: start munge (not running)$" out &&
	grep "^  gpu05: start slurmd (not running)$" out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep ", 2 starts, " out &&
	on gpu05 grep -q "MaxTime=00:31:00" /etc/slurm/slurm.conf &&
	on gpu05 lab-service munge status && on gpu05 lab-service slurmd status &&
	cc plan "$INV" >out
'

test_expect_success 'a changed host key: that host is refused, nothing written there' '
	lab host-rekey gpu06 &&
	on gpu06 cat /etc/slurm/slurm.conf >before &&
	change_inventory &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err; cat out err &&
	grep "failed: gpu06$" out && grep "^gpu06: .*host key" err &&
	on gpu06 cat /etc/slurm/slurm.conf >after && cmp before after &&
	on gpu01 grep -q "MaxTime=00:32:00" /etc/slurm/slurm.conf
'

test_expect_success 'plan says which kind each refusal is: a changed key is no hint, an unknown one is' '
	test_must_fail cc plan --json "$INV" >p.json 2>/dev/null;
	python3 -c "
import json, sys
u = {x[\"host\"]: x[\"kind\"] for x in json.load(open(sys.argv[1]))[\"unobserved\"]}
assert u == {\"gpu06\": \"host_key_changed\"}, u
" p.json &&
	test_must_fail cc plan "$INV" >p.txt 2>/dev/null; ! grep "^hint:" p.txt &&
	ssh-keygen -R "$LAB_NET.7" -f "$L/ssh/known_hosts" >/dev/null 2>&1;
	ssh-keygen -R gpu06 -f "$L/ssh/known_hosts" >/dev/null 2>&1;
	test_must_fail cc plan --json "$INV" >p.json 2>/dev/null;
	python3 -c "
import json, sys
u = {x[\"host\"]: x[\"kind\"] for x in json.load(open(sys.argv[1]))[\"unobserved\"]}
assert u == {\"gpu06\": \"host_key_unknown\"}, u
" p.json &&
	test_must_fail cc plan "$INV" >p.txt 2>/dev/null; cat p.txt &&
	grep "^hint: gpu06 showed host keys not in known_hosts: .*--accept-new-host-keys" p.txt
'

test_expect_success 'the re-keyed host converges once its new key is accepted' '
	ssh-keygen -R "$LAB_NET.7" -f "$L/ssh/known_hosts" >/dev/null 2>&1;
	ssh-keygen -R gpu06 -f "$L/ssh/known_hosts" >/dev/null 2>&1;
	cc apply --accept-new-host-keys "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0
'

test_expect_success 'a full disk on one host: old file intact, clear error' '
	on gpu07 sh -c "cp -a /etc/slurm /tmp/slurm-copy &&
		mount -t tmpfs -o size=256k tmpfs /etc/slurm &&
		cp -a /tmp/slurm-copy/. /etc/slurm/ &&
		dd if=/dev/zero of=/etc/slurm/filler bs=4k 2>/dev/null; true" &&
	on gpu07 cat /etc/slurm/slurm.conf >before &&
	change_inventory &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err; cat out err &&
	grep "failed: gpu07$" out && grep "^gpu07: .*no space left on device" err &&
	on gpu07 cat /etc/slurm/slurm.conf >after && cmp before after &&
	! on gpu07 ls -a /etc/slurm | grep "clusterctl-" | grep -v "clusterctl-old$"
'

test_expect_success 'the full host converges once there is room' '
	on gpu07 rm -f /etc/slurm/filler &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0
'

test_expect_success 'a slurm user with the wrong uid: plan shows the fix' '
	on gpu02 lab-service slurmd stop &&
	on gpu02 unshare --pid --fork --mount-proc usermod -u 1234 slurm &&
	on gpu02 lab-service slurmd start &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  gpu02: fix user .slurm.: uid 1234 -> 64030; re-owns files of uid 1234$" out
'

test_expect_success 'apply makes it right and slurmd still runs' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	on gpu02 getent passwd slurm | cut -d: -f3 >a && echo 64030 >e && test_cmp e a &&
	on gpu02 lab-service slurmd status &&
	cc plan "$INV"
'

# munge_user without uid/gid: the ids come from the hosts
sed "s/munge_user: {name: munge, uid: 64031, gid: 64031}/munge_user: {name: munge}/" \
	"$INV" >"$TRASH/noids.yaml"

test_expect_success 'ids the inventory leaves open follow the hosts: a new munge user gets 64031' '
	grep -q "munge_user: {name: munge}$" "$TRASH/noids.yaml" &&
	on gpu03 lab-service munge stop &&
	on gpu03 unshare --pid --fork --mount-proc sh -c "userdel munge; groupdel munge 2>/dev/null; :" &&
	! on gpu03 getent passwd munge &&
	test_must_fail --exit=2 cc plan "$TRASH/noids.yaml" >out && cat out &&
	grep "^  gpu03: create group .munge. (gid 64031)$" out &&
	grep "^  gpu03: create user .munge. (uid 64031)$" out &&
	cc apply "$TRASH/noids.yaml" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	on gpu03 getent passwd munge | cut -d: -f3,4 >a && echo 64031:64031 >e && test_cmp e a &&
	on gpu03 lab-service munge status &&
	cc plan "$TRASH/noids.yaml"
'

test_expect_success 'ids that differ while the inventory sets none: left alone, exit 4' '
	on gpu03 lab-service munge stop &&
	on gpu03 unshare --pid --fork --mount-proc sh -c "usermod -u 999 munge &&
		chown -R munge /var/log/munge /var/lib/munge /etc/munge/munge.key" &&
	on gpu03 lab-service munge start &&
	test_must_fail --exit=4 cc plan "$TRASH/noids.yaml" >out && cat out &&
	grep "^  user munge: uid 999 on gpu03; uid 64031 on ctl,gpu\[01-02,04-07\]" out &&
	test_must_fail --exit=4 cc apply "$TRASH/noids.yaml" >out 2>&1 && cat out &&
	grep "left alone: user munge" out &&
	on gpu03 getent passwd munge | cut -d: -f3 >a && echo 999 >e && test_cmp e a &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	on gpu03 getent passwd munge | cut -d: -f3 >a && echo 64031 >e && test_cmp e a &&
	cc plan "$INV"
'

test_expect_success 'plan --json parses and holds no secret' '
	on gpu04 sh -c "echo \"# x\" >>/etc/slurm/slurm.conf" &&
	test_must_fail --exit=2 cc plan --json "$INV" >plan.json &&
	python3 -m json.tool plan.json >/dev/null &&
	on ctl cat /etc/munge/munge.key >key &&
	b64=$(base64 -w0 key | cut -c1-24) && hex=$(od -An -tx1 -N12 key | tr -d " \n") &&
	! grep -F "$b64" plan.json && ! grep -F "$hex" plan.json &&
	! grep -F "$DBPASS" plan.json &&
	cc plan "$INV" >plan.txt; ! grep -F "$DBPASS" plan.txt && ! grep -F "$b64" plan.txt &&
	cc apply "$INV" >out 2>&1 && ! grep -F "$DBPASS" out
'

# 22.05 reconfigures in place; 23.11+ re-executes slurmctld and slurmd
# (new pids: not a restart by clusterctl, which the apply line counts)
if slurm_at_least 23.11; then reexec=true; else reexec=false; fi

test_expect_success 'a reconfigurable change is reconfigured, daemons keep their pids (22.05) or re-execute (23.11+)' '
	ctld=$(pid_of ctl slurmctld) && d1=$(pid_of gpu01 slurmd) &&
	test -n "$ctld" && test -n "$d1" &&
	change_inventory &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  ctl: reconfigure slurmctld" out && ! grep "restart" out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep ", 0 restarts, 1 reconfigure" out &&
	if $reexec; then
		wait_for 30 lab_pid_moved gpu01 slurmd "$d1" && lab_pid_moved ctl slurmctld "$ctld"
	else
		test "$(pid_of ctl slurmctld)" = "$ctld" && test "$(pid_of gpu01 slurmd)" = "$d1"
	fi
'

test_expect_success 'a held lock on the controller stops apply before any change' '
	on ctl sh -c "rm -f /run/release; echo admin@elsewhere pid 42 >/run/clusterctl.lock" &&
	{ on ctl flock /run/clusterctl.lock sh -c "while [ ! -e /run/release ]; do sleep 0.1; done" & } &&
	i=0; while on ctl flock -n /run/clusterctl.lock true && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	on gpu01 cat /etc/slurm/slurm.conf >before &&
	change_inventory &&
	test_must_fail --exit=1 cc apply "$INV" >out 2>err; cat out err
	on ctl touch /run/release; wait
	grep "another apply holds the lock on .ctl. (admin@elsewhere pid 42)" err &&
	on gpu01 cat /etc/slurm/slurm.conf >after && cmp before after
'

test_expect_success 'once the holder is gone apply runs, and leaves no lock held' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	# the remote holder ends with apply'"'"'s SSH session, which sshd tears
	# down after clusterctl exits: a moment later on a loaded machine
	wait_for 10 on ctl flock -n /run/clusterctl.lock true &&
	on ctl cat /run/clusterctl.lock >owner && grep "^clusterctl on .* pid [0-9]* since " owner
'

# lock_held FILE: someone holds the flock on FILE
lock_held() { ! flock -n "$1" true; }

test_expect_success 'a local apply in progress blocks a second one' '
	change_inventory &&
	flock -o "$XDG_RUNTIME_DIR/clusterctl-lab.lock" sleep 60 & holder=$! &&
	wait_for 10 lock_held "$XDG_RUNTIME_DIR/clusterctl-lab.lock" &&
	test_must_fail --exit=1 cc apply "$INV" 2>err; cat err; kill $holder; wait $holder;
	grep -q "another apply is running here" err &&
	cc apply "$INV" >/dev/null
'

test_expect_success 'apply --dry-run is plan; apply --json without it is a usage error' '
	change_inventory &&
	test_must_fail --exit=2 cc apply --dry-run "$INV" >out && grep "^plan: " out &&
	test_must_fail --exit=64 cc apply --json "$INV" &&
	cc apply "$INV" >/dev/null && cc plan "$INV" >/dev/null
'

test_expect_success 'an unreachable accounting database: plan says so and exits 4' '
	lab db-down >/dev/null 2>&1 &&
	test_must_fail --exit=4 cc plan "$INV" >out && cat out &&
	grep "^accounting: not observed: " out &&
	test_must_fail --exit=4 cc plan --json "$INV" >plan.json &&
	python3 -c "import json,sys; d=json.load(open(\"plan.json\")); sys.exit(0 if \"error\" in d[\"accounting\"] else 1)" &&
	lab db-up >/dev/null 2>&1
'

test_expect_success 'controller down: the key is not judged, apply changes nothing' '
	lab host-stop ctl &&
	on gpu01 sha256sum /etc/munge/munge.key >key.before &&
	test_must_fail --exit=4 cc plan "$INV" >out && cat out &&
	grep "^munge key: not checked: the controller .ctl. was not observed" out &&
	! grep "munge\.key" out &&
	change_inventory &&
	on gpu01 cat /etc/slurm/slurm.conf >before &&
	test_must_fail --exit=1 cc apply "$INV" >out 2>err; cat out err &&
	grep "cannot take the lock on the controller .ctl., nothing was changed" err &&
	on gpu01 cat /etc/slurm/slurm.conf >after && cmp before after &&
	on gpu01 sha256sum /etc/munge/munge.key >key.after && cmp key.before key.after
'

test_done
