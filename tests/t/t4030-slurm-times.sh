#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4030-slurm-times: times as Slurm reads them, fields past their clock's
# range included (a corpus site's MaxTime=7-0:00:99), on the lab's ctl and
# gpu01: validate takes them, slurm.conf carries them as written, and
# slurmctld and the accounting agree with clusterctl on what they mean:
#   partition gpu max_time 1-0:00:99 (86499 s: 1442 minutes, rounded up),
#   default_time 90:30 (91 minutes); QoS gpu2 max_wall 1:90 (3 minutes).
# scontrol show partition and sacctmgr show qos report those minutes, a
# job completes, and the next plan is empty (the accounting read back in
# minutes equals the inventory's value converted by clusterctl).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

INV=$TRASH/inv.yaml
lab_begin_two "$INV"
sed -i -e 's/max_time: "1-00:00:00",$/max_time: "1-0:00:99",/' \
	-e 's/default_time: "01:00:00"/default_time: "90:30"/' \
	-e 's/max_wall: "1-00:00:00"}/max_wall: "1:90"}/' "$INV"
grep -q 'max_time: "1-0:00:99"' "$INV" && grep -q 'default_time: "90:30"' "$INV" &&
	grep -q 'max_wall: "1:90"' "$INV" || test_skip_or_die "cannot set the times in lab.yaml"

lab_hosts_up ctl gpu01
lab_db_up
lab add-unix-user alice 5001 >/dev/null || test_skip_or_die "cannot add unix user alice"

cc() { "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }

test_expect_success 'validate takes the times Slurm takes' '
	cc validate "$INV"
'

test_expect_success 'apply: slurm.conf has them as written' '
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on ctl grep "^PartitionName=gpu .* MaxTime=1-0:00:99 DefaultTime=90:30 " /etc/slurm/slurm.conf &&
	lab_idle 1
'

test_expect_success 'slurmctld reads them as clusterctl does' '
	on ctl scontrol show partition gpu >part && cat part &&
	grep "MaxTime=1-00:02:00 " part && grep "DefaultTime=01:31:00 " part
'

test_expect_success 'the accounting holds the QoS MaxWall in the same minutes' '
	on ctl sacctmgr -n -P show qos gpu2 format=MaxWall >wall && cat wall &&
	grep -x "00:03:00" wall
'

test_expect_success 'a job completes and the next plan is empty' '
	j=$(on ctl sbatch --parsable -o /dev/null --uid=alice -A hep -p gpu --wrap true) &&
	lab_job_done "$j" &&
	cc plan "$INV" >plan 2>err; rc=$?; cat plan err; test "$rc" = 0
'

test_done
