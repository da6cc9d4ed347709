#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t1510-release-check: plan asks every host which Slurm it runs (DAEMON -V)
# and plans nothing for a host whose release is not the inventory's
# cluster.slurm_version: exit 4, the host named with both versions. The lab's
# hosts run SLURM_VERSION (Debian 12's 22.05, the Debian 13 root's 24.11 or
# Debian testing's 26.05); an inventory newer than the hosts (an upgrade)
# also names the order Slurm's upgrades take. No Slurm daemon is started.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

lab_begin
INV=$TRASH/lab.yaml
lab_inventory "$TOP/inventories/lab.yaml" "$INV"
lab_hosts_up ctl gpu01 gpu02 gpu03
# another release the inventory names: a newer one (an upgrade under way:
# plan names Slurm's order for it) or, on the newest, an older one
case $SLURM_VERSION in 26.05) other=22.05 order= ;;
*) other=26.05 order=" (upgrade in Slurm's order: slurmdbd first, then slurmctld, then slurmd and the client commands)" ;;
esac

test_expect_success "the hosts run Slurm $SLURM_VERSION" '
	lab_exec gpu01 slurmd -V >v && grep -q " $SLURM_VERSION\\." v
'

test_expect_success 'the release the hosts run: no version error, files planned (exit 2)' '
	test_must_fail --exit=2 "$CLUSTERCTL" plan --only files "$INV" >out 2>err &&
	cat out err && ! grep "says Slurm" out
'

test_expect_success "another release ($other) named: nothing planned, every host named with both versions (exit 4)" '
	sed "s/^\\(  slurm_version: *\\).*/\\1\"$other\"/" "$INV" >other.yaml &&
	grep -q "slurm_version: \"$other\"" other.yaml &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan --only files other.yaml >out 2>err &&
	cat out err &&
	grep "^not observed: ctl,gpu\\[01-03\\]" out &&
	for h in ctl gpu01 gpu02 gpu03; do
		grep -F "  $h: slurmctld -V says Slurm $SLURM_VERSION." out | grep -Fx "  $h: slurmctld -V says Slurm $(lab_exec ctl slurmctld -V | sed "s/.* //"), but the inventory'"'"'s cluster.slurm_version is $other: nothing is planned here$order" ||
			return 1
	done &&
	! grep "/etc/slurm/slurm.conf: create" out
'

test_done
