#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4110-apply-rollback: apply never leaves a daemon down on a bad inventory.
# A database password the database refuses is seen at plan time: the
# slurmdbd.conf holding it is held back on the dbd host (not written, slurmdbd
# not restarted), exit 4 with the database's refusal. A slurm.conf that makes
# slurmctld fail to start: the previous file is put back, the daemon started
# again on it, and the summary says so; a file it created is removed again.
# On 23.11+ "scontrol reconfigure" returns 0 and the old process runs on
# with the old files when the new one exits: apply still sees it fail.
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

test_expect_success 'first apply converges ctl and gpu01' '
	cc apply "$INV" >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	grep "^apply: 2 hosts, " out &&
	cc plan "$INV" >out
'

test_expect_success 'a refused password: plan holds slurmdbd.conf back, names the refusal' '
	echo not-the-password >"$TRASH/wrong.pass" &&
	sed "s|password_file: .*|password_file: $TRASH/wrong.pass|" "$INV" >wrong.yaml &&
	test_must_fail --exit=4 cc plan wrong.yaml >out; cat out &&
	grep "^held: ctl: /etc/slurm/slurmdbd.conf not written, slurmdbd not restarted: the database refused the inventory.s password (cannot connect to MariaDB at 127.0.0.1:$LAB_DB_PORT as .slurm.: Access denied" out &&
	! grep "restart slurmdbd" out && ! grep "^--- ctl:/etc/slurm/slurmdbd.conf" out &&
	! grep -q not-the-password out
'

test_expect_success 'apply with it: slurmdbd keeps its file and pid, exit 4' '
	dbd=$(lab_pid_of ctl slurmdbd) && test -n "$dbd" &&
	on ctl cat /etc/slurm/slurmdbd.conf >dbd.before &&
	test_must_fail --exit=4 cc apply wrong.yaml >out 2>err; cat out err &&
	grep "^held: ctl: /etc/slurm/slurmdbd.conf not written, slurmdbd not restarted: the database refused the inventory.s password (.*Access denied" err &&
	! grep -q not-the-password out err &&
	on ctl cat /etc/slurm/slurmdbd.conf >dbd.after && cmp dbd.before dbd.after &&
	test "$(lab_pid_of ctl slurmdbd)" = "$dbd" &&
	on ctl sacctmgr -n show cluster format=cluster >clusters && grep -w lab clusters
'

test_expect_success 'a slurm.conf slurmctld cannot start on (a StateSaveLocation it cannot create): previous file back, daemon up' '
	sed "s|^  slurm_conf:\$|  slurm_conf:\\n    StateSaveLocation: /nonexistent/slurmctld|" "$INV" >fatal.yaml &&
	cc validate fatal.yaml &&
	on ctl cat /etc/slurm/slurm.conf >conf.before &&
	test_must_fail --exit=4 cc apply fatal.yaml >out 2>err; cat out err &&
	# 22.05 re-reads in place and dies: the reconfigure falls back to a
	# restart, which fails; 23.11+ starts a new process, which exits, and
	# the old one runs on with the old files: the reconfigure fails
	grep -E "^ctl: rolled back: slurmctld did not come up on the new files; previous /etc/slurm/slurm.conf put back, slurmctld running again; (restart slurmctld failed \(exit 1\)|reconfigure slurmctld failed \(exit 1\): slurmctld did not take the new files)" err &&
	grep "^apply: 2 hosts, .*; failed: ctl.*; rolled back: ctl" out &&
	on ctl cat /etc/slurm/slurm.conf >conf.after && cmp conf.before conf.after &&
	on ctl cat /etc/slurm/slurm.conf.clusterctl-old >conf.old && cmp conf.before conf.old &&
	test -n "$(lab_pid_of ctl slurmctld)" && on ctl scontrol ping | grep -q "is UP"
'

test_expect_success 'a file the failed apply created is removed again by the rollback' '
	on ctl mv /etc/slurm/cgroup.conf /etc/slurm/cgroup.conf.saved &&
	on ctl cat /etc/slurm/slurm.conf >conf.before &&
	test_must_fail --exit=4 cc apply fatal.yaml >out 2>err; cat out err &&
	grep "^ctl: rolled back: slurmctld did not come up on the new files; previous .*/etc/slurm/cgroup.conf (new: removed).*, slurmctld running again" err &&
	! on ctl test -e /etc/slurm/cgroup.conf &&
	on ctl cat /etc/slurm/slurm.conf >conf.after && cmp conf.before conf.after &&
	test -n "$(lab_pid_of ctl slurmctld)" && on ctl scontrol ping | grep -q "is UP" &&
	on ctl mv /etc/slurm/cgroup.conf.saved /etc/slurm/cgroup.conf
'

test_expect_success 'the good inventory still converges afterwards' '
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	cc plan "$INV" >out
'

test_done
