#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3340-import-cluster: "clusterctl import cluster HOST" against a lab
# host (ctl) holding a hand-made site's /etc/slurm (DEFAULT lines, an
# include, a global AutoDetect=off, cgroup.conf, slurmdbd.conf with its
# password): everything is read over SSH, the release comes from the
# host's "slurmctld -V" and the slurm and munge UIDs/GIDs from its
# passwd; a comment in the included file sits above the host entry; the
# YAML validates as printed, renders what the files meant
# (tests/tools/slurmmeaning on both sides) and never holds the password.
# A host that cannot be reached, or has no slurm.conf, exits 1.
# A slurmdbd on a host of its own (AccountingStorageHost=dbd1) has its
# slurmdbd.conf read there over the same SSH settings, not the
# controller's stale copy; named by its address (AccountingStorageHost=
# dbd1's), the same, with the address kept (accounting_address) and
# slurmdbd on the host its DbdHost names; one that cannot be read is
# named, exit 4. No MariaDB runs here: the accounting, which import cluster
# reads through slurmdbd's host (database.tunnel), is the one problem named
# (exit 4), the partitions' QoS and accounts by name only (t8000 reads it).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

MEANING=${CLUSTERCTL_TOOLS:-$TOP/build/tools}/slurmmeaning
test -x "$MEANING" || test_skip_or_die "no $MEANING (make tools)"
lab_begin
L=$CLUSTERCTL_LAB
lab_hosts_up ctl dbd1

mkdir site
cat >site/slurm.conf <<'EOF2'
ClusterName=Adopted
SlurmctldHost=ctl
SlurmUser=slurm
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=ctl
include nodes.conf
PartitionName=DEFAULT DefaultTime=01:00:00
PartitionName=gpu Nodes=gpu[01-02] Default=YES MaxTime=1-00:00:00
EOF2
cat >site/nodes.conf <<'EOF2'
NodeName=DEFAULT CPUs=2 RealMemory=2000 Gres=gpu:fake:2 Features=fake
# the GPU pair, read through the include
NodeName=gpu[01-02]
EOF2
cat >site/gres.conf <<'EOF2'
AutoDetect=off
NodeName=gpu[01-02] Name=gpu Type=fake File=/dev/tty1
NodeName=gpu[01-02] Name=gpu Type=fake File=/dev/tty2
EOF2
printf 'ConstrainCores=yes\nConstrainSwapSpace=yes\nAllowedSwapSpace=0\n' >site/cgroup.conf
printf 'DbdHost=ctl\nStorageHost=localhost\nStoragePass=lab-secret-1\nPurgeJobAfter=12month\n' \
	>site/slurmdbd.conf

# no_db ERR [HOST]: the one problem on ERR is the accounting, which the
# database (StorageHost=localhost, as HOST reaches it; default ctl) could
# not give: nothing listens there
no_db() {
	grep -v "^clusterctl: import: 1 thing could not be expressed in the inventory" "$1" >"$1.rest" &&
	cat "$1.rest" && test "$(wc -l <"$1.rest")" = 1 &&
	grep "^clusterctl: import: the accounting (QoS, accounts, users) could not be read: cannot reach MariaDB at localhost:3306 through .${2:-ctl}. (database.tunnel): .*Connection refused; the partitions. QoS and accounts are named only" "$1.rest"
}

test_expect_success 'setup: the site files on ctl, its slurm and munge users' '
	for u in slurm munge; do
		lab_exec ctl getent passwd $u >/dev/null ||
			lab_exec ctl useradd -r -M -d /nonexistent -s /usr/sbin/nologin $u || exit 1
	done &&
	lab_exec ctl mkdir -p /etc/slurm &&
	for f in slurm.conf nodes.conf gres.conf cgroup.conf slurmdbd.conf; do
		lab_exec ctl sh -c "cat >/etc/slurm/$f" <site/$f || exit 1
	done &&
	lab_exec ctl cat /etc/slurm/nodes.conf >got &&
	test_cmp site/nodes.conf got
'

test_expect_success 'import cluster ctl reads it all over SSH: nothing but the accounting left out' '
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl --ssh-config "$L/ssh/config" \
		>inv.yaml 2>err && no_db err &&
	sed -n "/^database:\$/,/^\$/p" inv.yaml >db && cat db &&
	grep -x "  tunnel: ctl" db && grep -x "  host: localhost" db &&
	"$CLUSTERCTL" validate inv.yaml &&
	grep -A1 "^  # the GPU pair, read through the include\$" inv.yaml | grep "^  - {names: \"gpu\[01-02\]\"" &&
	sed -n "/^ssh:\$/,/^\$/p" inv.yaml >ssh &&
	grep "^  config: \"\\{0,1\\}$(cd "$L/ssh" && pwd -P)/config\"\\{0,1\\}\$" ssh
'

test_expect_success 'the release and the service users are the host'\''s' '
	release=$(lab_exec ctl slurmctld -V | sed "s/^.* //") &&
	grep "^  # slurmctld -V: $release\$" inv.yaml &&
	grep "^  slurm_version: \"$(echo "$release" | cut -d. -f1-2)\"\$" inv.yaml &&
	grep "^  slurm_user: {name: slurm, uid: $(lab_exec ctl id -u slurm), gid: $(lab_exec ctl id -g slurm)}\$" inv.yaml &&
	grep "^  munge_user: {name: munge, uid: $(lab_exec ctl id -u munge), gid: $(lab_exec ctl id -g munge)}\$" inv.yaml
'

test_expect_success 'what was read means what the files meant; the password never shows' '
	grep "^    PurgeJobAfter: 12month\$" inv.yaml &&
	grep "^    AllowedSwapSpace: 0\$" inv.yaml &&
	! grep -r "lab-secret-1" inv.yaml err &&
	"$CLUSTERCTL" render inv.yaml -o out >/dev/null &&
	"$MEANING" site/slurm.conf site/gres.conf >a &&
	"$MEANING" out/ctl/etc/slurm/slurm.conf out/ctl/etc/slurm/gres.conf >b &&
	comm -23 a b >lost &&
	test_cmp /dev/null lost &&
	grep "^node gpu02 cpus=2\$" b &&
	grep "^gres gpu02 gpu:fake count=2 " b
'

test_expect_success '-o FILE: the inventory in FILE, the password beside it (0600), the carried files under it' '
	lab_exec ctl sh -c "mkdir -p /etc/slurm-o && cp /etc/slurm/* /etc/slurm-o/ &&
		echo Epilog=/etc/slurm/epilog.sh >>/etc/slurm-o/slurm.conf &&
		printf \"#!/bin/sh\\ntrue\\n\" >/etc/slurm-o/epilog.sh && chmod 755 /etc/slurm-o/epilog.sh" &&
	mkdir o &&
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl /etc/slurm-o --ssh-config "$L/ssh/config" \
		--files-dir files -o o/inv.yaml >o.out 2>err && no_db err && test_cmp /dev/null o.out &&
	printf lab-secret-1 >want && test_cmp want o/slurmdbd.pass &&
	test "$(stat -c %a o/slurmdbd.pass)" = 600 &&
	grep -x "  password_file: slurmdbd.pass" o/inv.yaml && ! grep -r lab-secret-1 o/inv.yaml &&
	grep "^  - {path: /etc/slurm/epilog.sh, source: files/etc/slurm/epilog.sh, mode: \"0755\"" o/inv.yaml &&
	test -f o/files/etc/slurm/epilog.sh && ! test -e files &&
	"$CLUSTERCTL" validate o/inv.yaml
'

test_expect_success '-o FILE: never over a file, nor beside another password; nothing written' '
	cp o/inv.yaml inv.before &&
	test_must_fail --exit=1 "$CLUSTERCTL" import cluster ctl /etc/slurm-o --ssh-config "$L/ssh/config" \
		-o o/inv.yaml 2>err && cat err &&
	grep "^clusterctl: import: o/inv.yaml exists: not overwritten\$" err &&
	test_cmp inv.before o/inv.yaml &&
	mkdir p && echo other >p/slurmdbd.pass &&
	test_must_fail --exit=1 "$CLUSTERCTL" import cluster ctl /etc/slurm-o --ssh-config "$L/ssh/config" \
		-o p/inv.yaml 2>err && cat err &&
	grep "^clusterctl: import: p/slurmdbd.pass holds another password: nothing written\$" err &&
	! test -e p/inv.yaml && echo other >want && test_cmp want p/slurmdbd.pass
'

test_expect_success 'no slurm.conf in CONFIG_DIR, or no such host: exit 1 naming it' '
	test_must_fail --exit=1 "$CLUSTERCTL" import cluster ctl /nonexistent \
		--ssh-config "$L/ssh/config" 2>err &&
	grep "^clusterctl: import: ctl:/nonexistent/slurm.conf: cannot read" err &&
	test_must_fail --exit=1 "$CLUSTERCTL" import cluster nosuchhost.invalid \
		--ssh-config "$L/ssh/config" 2>err &&
	grep "^clusterctl: import: .*nosuchhost.invalid" err
'


test_expect_success 'slurmdbd on its own host: its slurmdbd.conf is read there' '
	sed "s/^AccountingStorageHost=ctl\$/AccountingStorageHost=dbd1/" site/slurm.conf >dbd.conf &&
	grep -q "^AccountingStorageHost=dbd1\$" dbd.conf &&
	lab_exec ctl mkdir -p /etc/slurm-dbd &&
	for f in nodes.conf gres.conf cgroup.conf; do
		lab_exec ctl sh -c "cat >/etc/slurm-dbd/$f" <site/$f || return 1
	done &&
	lab_exec ctl sh -c "cat >/etc/slurm-dbd/slurm.conf" <dbd.conf &&
	printf "DbdHost=ctl\nStorageHost=localhost\nPurgeJobAfter=1month\n" |
		lab_exec ctl sh -c "cat >/etc/slurm-dbd/slurmdbd.conf" &&
	lab_exec dbd1 mkdir -p /etc/slurm-dbd &&
	printf "DbdHost=dbd1\nStorageHost=localhost\nPurgeJobAfter=6month\nPurgeStepAfter=2month\n" |
		lab_exec dbd1 sh -c "cat >/etc/slurm-dbd/slurmdbd.conf" &&
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl /etc/slurm-dbd \
		--ssh-config "$L/ssh/config" >dbd.yaml 2>err && cat dbd.yaml && no_db err dbd1 &&
	grep -x "  tunnel: dbd1" dbd.yaml &&
	grep "^# Imported by clusterctl from .*dbd1:/etc/slurm-dbd/slurmdbd.conf" dbd.yaml &&
	grep "^  accounting_host: dbd1\$" dbd.yaml &&
	grep "^    PurgeJobAfter: 6month\$" dbd.yaml && grep "^    PurgeStepAfter: 2month\$" dbd.yaml &&
	! grep "1month" dbd.yaml &&
	"$CLUSTERCTL" validate dbd.yaml
'

test_expect_success 'slurmdbd named by its address: read there, kept as the site wrote it' '
	addr=$(awk "\$1 == \"dbd1\" { print \$2 }" "$L/hosts.tsv") && test -n "$addr" &&
	sed "s/^AccountingStorageHost=ctl\$/AccountingStorageHost=$addr/" site/slurm.conf |
		lab_exec ctl sh -c "cat >/etc/slurm-dbd/slurm.conf" &&
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl /etc/slurm-dbd \
		--ssh-config "$L/ssh/config" >addr.yaml 2>err && cat addr.yaml && no_db err dbd1 &&
	grep -x "  tunnel: dbd1" addr.yaml &&
	grep "^# Imported by clusterctl from .*$addr:/etc/slurm-dbd/slurmdbd.conf" addr.yaml &&
	grep "^  accounting_host: dbd1\$" addr.yaml &&
	grep "^  accounting_address: $addr\$" addr.yaml &&
	grep "^  - {names: dbd1, address: $addr, roles: \[dbd\]}\$" addr.yaml &&
	grep "^    PurgeJobAfter: 6month\$" addr.yaml &&
	"$CLUSTERCTL" validate addr.yaml &&
	"$CLUSTERCTL" render addr.yaml -o addr >/dev/null &&
	grep -x "AccountingStorageHost=$addr" addr/ctl/etc/slurm/slurm.conf &&
	grep -x "DbdHost=dbd1" addr/dbd1/etc/slurm/slurmdbd.conf &&
	lab_exec ctl sh -c "cat >/etc/slurm-dbd/slurm.conf" <dbd.conf
'

test_expect_success 'a slurmdbd host whose slurmdbd.conf cannot be read: named, exit 4' '
	lab_exec dbd1 rm /etc/slurm-dbd/slurmdbd.conf &&
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl /etc/slurm-dbd \
		--ssh-config "$L/ssh/config" >dbd.yaml 2>err && cat err &&
	grep "^clusterctl: import: dbd1:/etc/slurm-dbd/slurmdbd.conf: slurm.conf.s AccountingStorageHost=dbd1 runs slurmdbd, whose slurmdbd.conf could not be read (no such file): its settings (Purge\*After retention, ...) are not imported\$" err &&
	! grep "^    Purge" dbd.yaml &&
	sed "s/^AccountingStorageHost=dbd1\$/AccountingStorageHost=nosuchdbd.invalid/" dbd.conf |
		lab_exec ctl sh -c "cat >/etc/slurm-dbd/slurm.conf" &&
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl /etc/slurm-dbd \
		--ssh-config "$L/ssh/config" >dbd.yaml 2>err && cat err &&
	grep "^clusterctl: import: nosuchdbd.invalid:/etc/slurm-dbd/slurmdbd.conf: slurm.conf.s AccountingStorageHost=nosuchdbd.invalid runs slurmdbd, whose slurmdbd.conf could not be read (.*nosuchdbd.invalid.*)" err
'

test_done
