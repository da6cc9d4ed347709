#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t1510-release-check: plan asks every host which Slurm each of its daemons
# has (DAEMON -V) and whether it runs it. A host newer than the inventory's
# cluster.slurm_version is planned nothing: exit 4, the host named with both
# versions. Hosts older than the inventory are an upgrade under way: plan
# names each daemon's release, Slurm's order and the next step, and plans
# the files (t1530 has the daemons running). The lab's hosts run
# SLURM_VERSION (Debian 12's 22.05, the Debian 13 root's 24.11 or Debian
# testing's 26.05). No Slurm daemon is started.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

lab_begin
INV=$TRASH/lab.yaml
lab_inventory "$TOP/inventories/lab.yaml" "$INV"
lab_hosts_up ctl gpu01 gpu02 gpu03
# another release the inventory names: a newer one (an upgrade under way)
# or, on the newest, an older one (refused)
case $SLURM_VERSION in 26.05) other=22.05 ;; *) other=26.05 ;; esac
run=$(lab_exec ctl slurmctld -V | sed "s/.* //")

test_expect_success "the hosts run Slurm $SLURM_VERSION" '
	lab_exec gpu01 slurmd -V >v && grep -q " $SLURM_VERSION\\." v
'

test_expect_success 'the release the hosts run: no version error, files planned (exit 2)' '
	test_must_fail --exit=2 "$CLUSTERCTL" plan --only files "$INV" >out 2>err &&
	cat out err && ! grep "says Slurm" out && ! grep "^upgrade:" out &&
	grep -Fx "  slurmctld $run: ctl (stopped)" out &&
	grep -Fx "  slurmd $run: gpu[01-03] (stopped)" out
'

sed "s/^\\(  slurm_version: *\\).*/\\1\"$other\"/" "$INV" >other.yaml
if [ "$SLURM_VERSION" = 26.05 ]; then
test_expect_success "an older release ($other) named: nothing planned, every host named with both versions (exit 4)" '
	grep -q "slurm_version: \"$other\"" other.yaml &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan --only files other.yaml >out 2>err &&
	cat out err &&
	grep "^not observed: ctl,gpu\\[01-03\\]" out &&
	grep -Fx "  ctl: slurmctld -V says Slurm $run, but the inventory'"'"'s cluster.slurm_version is $other: nothing is planned here" out &&
	for h in gpu01 gpu02 gpu03; do
		grep -Fx "  $h: slurmd -V says Slurm $run, but the inventory'"'"'s cluster.slurm_version is $other: nothing is planned here" out ||
			return 1
	done &&
	! grep "/etc/slurm/slurm.conf: create" out
'
else
test_expect_success "a newer release ($other) named: an upgrade, Slurm's order named, files planned (exit 2)" '
	grep -q "slurm_version: \"$other\"" other.yaml &&
	test_must_fail --exit=2 "$CLUSTERCTL" plan --only files other.yaml >out 2>err &&
	cat out err &&
	! grep "not observed" out &&
	grep -Fx "  slurmd $run: gpu[01-03] (stopped)" out &&
	grep -Fx "upgrade: the inventory names Slurm $other; Slurm'"'"'s order: slurmdbd first, then slurmctld, then slurmd and the client commands" out &&
	grep -Fx "upgrade: next: slurmdbd on ctl (install Slurm $other, then restart it)" out &&
	grep "/etc/slurm/slurm.conf: create" out &&
	if [ "$SLURM_VERSION" = 22.05 ]; then
		grep -Fx "upgrade: too far: slurmctld on ctl runs $run; Slurm $other upgrades in place from 24.11 or later only (older state is lost): go through a release in between" out
	else
		! grep "too far" out
	fi
'
fi

test_done
