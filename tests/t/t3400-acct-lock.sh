#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3400-acct-lock: the cluster lock of the writing commands on the lab
# (slurmdbd and slurmctld on ctl, MariaDB). An "accounting apply" whose
# slurmdbd stop is slow holds the lock: "apply" from another machine and a
# second "accounting apply" from this one refuse, naming who holds it, and
# write nothing; the other way round too. Ctrl-C (SIGINT) while slurmdbd is
# stopped: nothing is written, slurmdbd runs again, the lock is free, and
# the process was not dumpable meanwhile; SIGTERM to apply, the same. A
# killed (-9) apply leaves no lock. And the --exec-via contract.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

INV=$TRASH/lab.yaml
acct_lab_begin "$INV" ctl
# two "machines": each its own local lock directory
A=$TRASH/here B=$TRASH/elsewhere
mkdir -m 0700 "$A" "$B"

# checksums OUT: the tables an accounting apply writes (slurmdbd itself
# writes cluster_table and txn_table as it starts)
checksums() {
	echo 'checksum table acct_table, user_table, qos_table, acct_coord_table, tres_table, lab_assoc_table;' |
		acct_sql slurm_acct_db >"$1"
}
# lock_held: somebody holds the controller's lock. Read from /proc/locks,
# never by taking the flock: a probe that takes it, however briefly, makes an
# apply starting at that moment refuse ("another apply holds the lock"), as a
# loaded CI machine showed.
lock_held() {
	acct_on sh -c 'i=$(stat -c %i /run/clusterctl.lock 2>/dev/null) || exit 1
		grep -q "^[0-9]*: FLOCK .* [0-9a-f]*:[0-9a-f]*:$i " /proc/locks'
}
lock_free() { ! lock_held; }
# until CMD...: up to 60 s (a loaded machine runs other labs beside this one)
until_ok() {
	i=0
	until "$@"; do
		i=$((i + 1)); [ $i -gt 240 ] && { echo "timed out: $*"; return 1; }
		sleep 0.25
	done
}
dbd_down() { ! acct_on lab-service slurmdbd status >/dev/null 2>&1; }
# (in the background: env itself, so that $! is clusterctl's pid)
cc_a() { env XDG_RUNTIME_DIR="$A" "$CLUSTERCTL" "$@"; }
cc_b() { env XDG_RUNTIME_DIR="$B" "$CLUSTERCTL" "$@"; }
# slow NAME GPUS: the inventory with gpu2's limit at GPUS and a slurmdbd stop that takes 8 s
slow() {
	sed -e "s/max_tres_per_user: {gres\\/gpu: 2}/max_tres_per_user: {gres\\/gpu: $2}/" \
	    -e "s/^cluster:\$/cluster:\n  services:\n    slurmdbd: {stop: \"systemctl stop slurmdbd; sleep 8\"}/" \
		"$INV" >"$1"
	grep -q "stop slurmdbd; sleep 8" "$1"
}

test_expect_success 'lab: slurmdbd and slurmctld; the lab inventory seeded' '
	acct_lab_up "$INV" "$TRASH/render" ctl &&
	cc_a accounting apply "$INV" --exec-via "$ACCT_VIA" >out &&
	slow slow1.yaml 1 && slow slow3.yaml 3 && slow slow4.yaml 4 &&
	lock_free
'

test_expect_success 'accounting apply holds the lock: apply and a second accounting apply refuse' '
	env XDG_RUNTIME_DIR="$A" "$CLUSTERCTL" accounting apply slow1.yaml --exec-via "$ACCT_VIA" >bg.out 2>bg.err & bg=$!
	until_ok lock_held && until_ok dbd_down &&
	test_must_fail --exit=1 cc_b apply --only accounting slow3.yaml >out 2>err; cat err
	grep "another apply holds the lock on .ctl. (clusterctl on .* pid $bg since " err &&
	test_must_fail --exit=1 cc_b accounting apply slow3.yaml --exec-via "$ACCT_VIA" >out 2>err2 &&
	grep "another apply holds the lock on .ctl. (clusterctl on .* pid $bg since " err2 &&
	test_must_fail --exit=1 cc_a accounting apply slow3.yaml --exec-via "$ACCT_VIA" >out 2>err3 &&
	grep "another apply is running here (lock .$A/clusterctl-lab.lock.)" err3 &&
	wait $bg && cat bg.out bg.err && grep "applied and read back" bg.out &&
	acct_on sacctmgr -n -P show qos gpu2 format=MaxTRESPU >actual &&
	echo gres/gpu=1 >expect && test_cmp expect actual &&
	until_ok lock_free
'

test_expect_success 'apply holds the lock: accounting apply from another machine refuses' '
	env XDG_RUNTIME_DIR="$B" "$CLUSTERCTL" apply --only accounting slow3.yaml >bg.out 2>bg.err & bg=$!
	until_ok lock_held && until_ok dbd_down &&
	test_must_fail --exit=1 cc_a accounting apply slow4.yaml --exec-via "$ACCT_VIA" >out 2>err; cat err
	grep "another apply holds the lock on .ctl. (clusterctl on .* pid $bg since " err &&
	{ wait $bg; cat bg.out bg.err; grep "accounting change" bg.out; } &&
	acct_on sacctmgr -n -P show qos gpu2 format=MaxTRESPU >actual &&
	echo gres/gpu=3 >expect && test_cmp expect actual &&
	until_ok lock_free
'

# env --default-signal: a background job of a script starts with SIGINT
# ignored; a Ctrl-C at a terminal would reach it.
test_expect_success 'Ctrl-C while slurmdbd is stopped: nothing written, slurmdbd running, lock free' '
	checksums before &&
	env --default-signal=INT,TERM XDG_RUNTIME_DIR="$A" "$CLUSTERCTL" accounting apply slow4.yaml \
		--exec-via "$ACCT_VIA" >bg.out 2>bg.err & bg=$!
	until_ok dbd_down && lock_held &&
	grep "^Max core file size *0 *0 " /proc/$bg/limits &&
	kill -INT $bg && { wait $bg; echo $? >rc; } && cat bg.out bg.err &&
	echo 1 >expect && test_cmp expect rc &&
	grep "^clusterctl: accounting: interrupted: nothing was written, slurmdbd started again$" bg.err &&
	acct_on lab-service slurmdbd status && acct_wait_dbd &&
	checksums after && test_cmp before after &&
	acct_on sacctmgr -n -P show qos gpu2 format=MaxTRESPU >actual &&
	echo gres/gpu=3 >expect && test_cmp expect actual &&
	lock_free &&
	sed "s/stop: \"systemctl stop slurmdbd; sleep 8\"/stop: systemctl stop slurmdbd/" slow4.yaml >four.yaml &&
	cc_a accounting apply four.yaml --exec-via "$ACCT_VIA" >out &&
	grep "applied and read back" out
'

test_expect_success 'SIGTERM to apply (over SSH) while slurmdbd is stopped: the same' '
	checksums before &&
	env XDG_RUNTIME_DIR="$B" "$CLUSTERCTL" apply --only accounting slow1.yaml >bg.out 2>bg.err & bg=$!
	until_ok dbd_down && lock_held &&
	kill -TERM $bg && { wait $bg; echo $? >rc; } && cat bg.out bg.err &&
	echo 1 >expect && test_cmp expect rc &&
	grep "^clusterctl: apply: accounting: interrupted: nothing was written, slurmdbd started again$" bg.err &&
	acct_on lab-service slurmdbd status && acct_wait_dbd &&
	checksums after && test_cmp before after &&
	lock_free
'

test_expect_success 'an apply killed with SIGKILL leaves no lock behind' '
	env XDG_RUNTIME_DIR="$A" "$CLUSTERCTL" accounting apply slow1.yaml --exec-via "$ACCT_VIA" >bg.out 2>bg.err & bg=$!
	until_ok lock_held && until_ok dbd_down &&
	kill -KILL $bg; wait $bg
	until_ok lock_free &&
	acct_svc slurmdbd start; acct_wait_dbd &&
	cc_a accounting plan slow1.yaml >/dev/null; test $? = 2
'

# The --exec-via contract (acct.h): VIA is read by sh once, then gets HOST,
# sh, -c and SCRIPT as 4 arguments to run as they are. ssh joins them for a
# second shell instead: scripts/exec-via-ssh quotes them once more (here a
# stand-in for ssh that does exactly what ssh does with its arguments).
test_expect_success '--exec-via: 4 arguments, as they are; the ssh wrapper quotes once more' '
	cat >argv.sh <<-EOF &&
	printf "%s\n" "\$#" "\$1" "\$2" "\$3" >>"$TRASH/argv.log"
	exec $ACCT_VIA "\$@"
	EOF
	cat >fakessh <<-EOF &&
	#!/bin/sh
	[ "\$1" = -- ] && shift
	h=\$1; shift
	exec bash "$TOP/scripts/lab.sh" exec "\$h" sh -c "\$*"
	EOF
	chmod +x fakessh &&
	cat >desc.sed <<-\EOF &&
	s/^\(  *method:\).*/\1 sacctmgr/
	s/description: physics department/description: "it'"'"'s $(touch \/run\/pwned) `touch \/run\/pwned` \\\\ \\"q\\""/
	EOF
	sed -f desc.sed "$INV" >desc.yaml && grep -F "\$(touch" desc.yaml &&
	cc_a accounting apply desc.yaml --exec-via "sh $TRASH/argv.sh" >out 2>err; cat out err
	grep "applied and read back" out &&
	awk "NR % 4 == 1" argv.log | sort -u >n && echo 4 >expect && test_cmp expect n &&
	awk "NR % 4 != 1" argv.log | sort -u >a && printf "%s\n" -c ctl sh >expect && test_cmp expect a &&
	acct_on sacctmgr -n -P show account physics format=descr >d && cat d &&
	grep -F "\$(touch /run/pwned) \`touch /run/pwned\`" d &&
	! acct_on test -e /run/pwned &&
	sed "s/description: high energy physics/description: \"\$(touch \/run\/pwned2)\"/" desc.yaml >desc2.yaml &&
	cc_a accounting apply desc2.yaml \
		--exec-via "EXEC_VIA_SSH=$TRASH/fakessh sh $TOP/scripts/exec-via-ssh" >out 2>err; cat out err
	grep "applied and read back" out &&
	! acct_on test -e /run/pwned2 && ! acct_on test -e /run/pwned &&
	lock_free
'

test_done
