#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t1530-mixed-releases: an upgrade under way, on real daemons. The lab's
# ctl (slurmdbd, slurmctld) and gpu01 (slurmd) run SLURM_VERSION; the
# inventory names the next release the lab has (22.05 -> 24.11, 24.11 ->
# 26.05):
#   1. plan shows each daemon's release and names Slurm's order and its next
#      step (slurmdbd); the files are planned and applied as usual, and the
#      older daemons keep running on them
#   2. with a key only the newer release knows (the release table's), plan
#      refuses both hosts naming file, key, daemon and release (exit 4;
#      ctl is a login host too: its client commands, by scontrol -V, are
#      named), apply changes nothing, and the older slurmd and sinfo really
#      reject the key
#   3. 24.11 only (26.05's packages are at hand): ctl gets 26.05's /usr, its
#      daemons still run 24.11's binaries (their logs say which release);
#      slurmctld restarted first is out of Slurm's order; slurmdbd restarted
#      too, slurmd is next
# On 26.05 (no newer release) the inventory names 24.11: hosts newer than
# the inventory are refused as before.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

lab_begin
XDG_RUNTIME_DIR=$TRASH	# apply's local lock: other tests' "lab" clusters stay apart
export XDG_RUNTIME_DIR
INV=$TRASH/lab.yaml
lab_two_hosts "$INV"
lab_hosts_up ctl gpu01
lab_db_up

on() { lab_exec "$@"; }
# with_release R [KEY]: $INV naming Slurm R, with slurm_conf KEY ("K: V") added
with_release() {
	sed -e "s/^\\(  slurm_version: *\\).*/\\1\"$1\"/" \
	    -e "s|^    ReturnToService: 2\$|    ReturnToService: 2${2:+\\
    $2}|" "$INV"
}

case $SLURM_VERSION in
22.05) new=24.11 key="HashPlugin: hash/k12" kname=HashPlugin ;;	# 24.05's
24.11) new=26.05 key="HealthCheckTimeout: 30" kname=HealthCheckTimeout ;;	# 26.05's
*) new=24.11 key= kname= ;;
esac
run=$(lab_exec ctl slurmctld -V | sed "s/.* //")

test_expect_success "the lab's daemons run Slurm $SLURM_VERSION ($run)" '
	"$CLUSTERCTL" apply --only files,users,munge,services "$INV" >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	on ctl lab-service slurmctld status && on ctl lab-service slurmdbd status &&
	on gpu01 lab-service slurmd status
'

if [ "$SLURM_VERSION" = 26.05 ]; then
test_expect_success 'an inventory older than the hosts: each refused, naming both releases (exit 4)' '
	with_release 24.11 >old.yaml &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan --only files,services old.yaml >out 2>err &&
	cat out &&
	grep -Fx "  ctl: slurmctld -V says Slurm $run, but the inventory'"'"'s cluster.slurm_version is 24.11: nothing is planned here" out &&
	grep -Fx "  gpu01: slurmd -V says Slurm $run, but the inventory'"'"'s cluster.slurm_version is 24.11: nothing is planned here" out
'
test_done
fi

test_expect_success "1. inventory $new: each daemon's release, Slurm's order, slurmdbd next" '
	with_release $new >new.yaml &&
	"$CLUSTERCTL" plan --only files,services new.yaml >out 2>err; rc=$?
	cat out; test "$rc" = 0 || test "$rc" = 2 &&
	grep -Fx "  slurmctld $run: ctl" out &&
	grep -Fx "  slurmdbd $run: ctl" out &&
	grep -Fx "  slurmd $run: gpu01" out &&
	grep -Fx "  clients $run: ctl" out &&
	grep -Fx "upgrade: the inventory names Slurm $new; Slurm'"'"'s order: slurmdbd first, then slurmctld, then slurmd and the client commands" out &&
	grep -Fx "upgrade: next: slurmdbd on ctl (install Slurm $new, then restart it)" out &&
	! grep "not observed" out &&
	"$CLUSTERCTL" plan --json --only files,services new.yaml >p.json 2>err; rc=$?
	test "$rc" = 0 || test "$rc" = 2 &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan p.json &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
r = {(x[\"daemon\"], x[\"hosts\"]): x for x in d[\"releases\"]}
assert r[(\"slurmd\", \"gpu01\")][\"running\"] == sys.argv[2], r
assert r[(\"slurmctld\", \"ctl\")][\"state\"] == \"running\", r
assert d[\"upgrade\"][1].startswith(\"next: slurmdbd on ctl\"), d[\"upgrade\"]
" p.json "$run"
'

test_expect_success "1. apply of the $new inventory to the $SLURM_VERSION daemons: as usual, they keep running" '
	"$CLUSTERCTL" apply --only files,users,munge,services new.yaml >out 2>err; rc=$?
	cat out err; test "$rc" = 0 &&
	grep "^upgrade: next: slurmdbd on ctl" out &&
	on ctl lab-service slurmctld status && on ctl lab-service slurmdbd status &&
	on gpu01 lab-service slurmd status &&
	"$CLUSTERCTL" plan --only files,services new.yaml >out 2>err; rc=$?
	cat out; test "$rc" = 0
'

test_expect_success "2. $kname (Slurm $new only): refused on both hosts by name; apply changes nothing" '
	with_release $new "$key" >key.yaml && grep -q "^    $key\$" key.yaml &&
	"$CLUSTERCTL" validate key.yaml >/dev/null &&
	lab_state ctl gpu01 >before &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan --only files,services key.yaml >out 2>err &&
	cat out &&
	grep "^not observed: ctl,gpu01" out &&
	grep -F "  ctl: /etc/slurm/slurm.conf: key '"'"'$kname'"'"' needs Slurm " out | grep -F "and slurmctld here runs $run: it would refuse the file" &&
	grep -F "  gpu01: /etc/slurm/slurm.conf: key '"'"'$kname'"'"' needs Slurm " out | grep -F "and slurmd here runs $run: it would refuse the file" &&
	grep -F "  ctl: " out | grep -F "and the client commands here run $run: they would refuse the file" &&
	"$CLUSTERCTL" apply --only files,services key.yaml >out 2>err; rc=$?
	cat out err; echo "apply: exit $rc"; test "$rc" = 4 &&
	grep "^apply: .*; refused (release): ctl,gpu01$" out &&
	lab_state ctl gpu01 >after && test_cmp before after &&
	! on ctl grep -i "^$kname" /etc/slurm/slurm.conf
'

test_expect_success "2. the $SLURM_VERSION slurmd really rejects $kname" '
	on gpu01 sh -c "cp /etc/slurm/slurm.conf /tmp/t1530-$$.conf && echo $kname=$(echo "$key" | sed "s/.*: //") >>/tmp/t1530-$$.conf" &&
	test_must_fail on gpu01 slurmd -G -f /tmp/t1530-$$.conf >out 2>&1; cat out &&
	rm -f /tmp/t1530-$$.conf &&
	grep "unrecognized key: $kname" out
'

test_expect_success "2. the $SLURM_VERSION client commands (ctl is a login host) really reject $kname" '
	on ctl sh -c "cp /etc/slurm/slurm.conf /tmp/t1530-$$.conf && echo $kname=$(echo "$key" | sed "s/.*: //") >>/tmp/t1530-$$.conf" &&
	test_must_fail on ctl env SLURM_CONF=/tmp/t1530-$$.conf sinfo >out 2>&1; cat out &&
	on ctl rm -f /tmp/t1530-$$.conf &&
	grep "unrecognized key: $kname" out
'

if [ "$SLURM_VERSION" = 24.11 ]; then
R=$(bash "$TOP/scripts/lab-root.sh" ensure 26.05 2>/dev/null) ||
	test_skip_or_die "no Slurm 26.05 root for the upgrade step"
test_expect_success "3. 26.05's packages on ctl, its daemons not restarted: they run 24.11 (by their logs)" '
	on ctl sh -c "mount --bind $R/usr /usr && mount --bind $R/etc/ld.so.cache /etc/ld.so.cache &&
		mount --bind $CLUSTERCTL_LAB/sbin /usr/local/sbin" &&
	on ctl slurmdbd -V | grep "26\\.05" &&
	"$CLUSTERCTL" plan --only files,services new.yaml >out 2>err; rc=$?
	cat out; test "$rc" = 0 || test "$rc" = 2 &&
	for d in slurmctld slurmdbd; do
		grep -F "  $d 26.05." out | grep -F ": ctl (installed; the process runs another binary, $run by its log: not restarted since its package changed)" ||
			return 1
	done &&
	grep -Fx "upgrade: next: slurmdbd on ctl (Slurm 26.05 is installed: restart it)" out &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan --only files,services key.yaml >out 2>err &&
	cat out &&
	grep -F "  ctl: /etc/slurm/slurm.conf: key '"'"'$kname'"'"' needs Slurm " out | grep -F "and slurmctld here runs $run:"
'

test_expect_success '3. slurmctld restarted first, on 26.05: out of Slurm'"'"'s order' '
	on ctl lab-service slurmctld restart && sleep 1 &&
	"$CLUSTERCTL" plan --only files,services new.yaml >out 2>err; rc=$?
	cat out; test "$rc" = 0 || test "$rc" = 2 &&
	grep -F "  slurmctld 26.05." out | grep -F ": ctl" | grep -v "another binary" &&
	grep -F "upgrade: out of order: slurmctld on ctl runs 26.05." out |
		grep -F "newer than slurmdbd on ctl ($run): Slurm upgrades slurmdbd first"
'

test_expect_success '3. slurmdbd restarted on 26.05: back in order, slurmd is next' '
	on ctl lab-service slurmdbd restart && sleep 2 &&
	on ctl grep "slurmdbd version 26.05.* started" /var/log/slurm/slurmdbd.log &&
	"$CLUSTERCTL" plan --only files,services new.yaml >out 2>err; rc=$?
	cat out; test "$rc" = 0 || test "$rc" = 2 &&
	grep -F "  slurmdbd 26.05." out | grep -F ": ctl" | grep -v "another binary" &&
	! grep "out of order" out &&
	grep -Fx "upgrade: next: slurmd on gpu01 (install Slurm 26.05, then restart it)" out
'
fi

test_done
