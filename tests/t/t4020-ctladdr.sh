#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4020-ctladdr: a controller Slurm reaches by another address than
# clusterctl does (cluster.controller_address, accounting_address), as sites
# give their controller a management-network address. The lab's ctl and
# gpu01 (configless) share this machine's network, so $LAB_NET.200 is an
# address of ctl too: slurmctld and slurmdbd listen on every address, and
# no sshd listens there (ssh to it fails, so clusterctl's plan and apply,
# which work, reach ctl by its host address).
#   1. from nothing: apply exits 0; slurm.conf says
#      SlurmctldHost=ctl(<.200>) and AccountingStorageHost=<.200>,
#      slurmdbd.conf DbdHost=ctl and DbdAddr=<.200>; gpu01's slurmd runs
#      with --conf-server <.200>:port from the configuration it fetched
#      there; slurmctld's connection to slurmdbd goes to <.200>; a job
#      completes; plan exits 0
#   2. controller_address moved to <.201>: the plan changes ctl's files and
#      gpu01's /etc/default/slurmd, apply runs, slurmd fetches from <.201>,
#      a job completes, plan exits 0
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

INV=$TRASH/inv.yaml
lab_begin_two "$INV"
A1=$LAB_NET.200
A2=$LAB_NET.201
sed -i -e "s/^  config_mode: .*/  config_mode: configless/" \
	-e "s/^cluster:\$/cluster:\\n  controller_address: $A1\\n  accounting_address: $A1/" "$INV"
grep -q "^  config_mode: configless" "$INV" || test_skip_or_die "cannot make the inventory configless"
"$CLUSTERCTL" validate "$INV" >/dev/null 2>&1 || test_skip_or_die "the inventory does not validate"
CTLD_PORT=$(sed -n 's/^  slurmctld_port: //p' "$INV")
DBD_PORT=$(sed -n 's/^  slurmdbd_port: //p' "$INV")
CTLD_PORT=${CTLD_PORT:-6817} DBD_PORT=${DBD_PORT:-6819}

lab_hosts_up ctl gpu01
lab_db_up
lab add-unix-user alice 5001 >/dev/null || test_skip_or_die "cannot add unix user alice"
say "# Slurm $(cat "$CLUSTERCTL_LAB/slurm-version"), slurmctld port $CTLD_PORT"

cc() { "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }

# job: a job on gpu01, submitted from gpu01 (its commands read the fetched
# slurm.conf, so reach slurmctld at the site's address), completes
job() {
	j=$(on gpu01 sbatch --parsable -o /dev/null --uid=alice -A hep -p gpu --wrap true) &&
	lab_job_done "$j"
}

# fetching ADDR: gpu01's slurmd runs with --conf-server ADDR:port, from the
# slurm.conf it fetched, which names ctl at ADDR
fetching() {
	p=$(lab_pid_of gpu01 slurmd) && test -n "$p" &&
	on gpu01 cat "/proc/$p/cmdline" | tr '\0' ' ' >cmdline && cat cmdline &&
	grep -- "--conf-server $1:$CTLD_PORT" cmdline &&
	on gpu01 grep -x "SlurmctldHost=ctl($1)" /run/slurm/conf/slurm.conf &&
	! on gpu01 test -e /etc/slurm/slurm.conf
}

test_expect_success 'nothing listens for ssh on the Slurm address: clusterctl cannot use it' '
	! ss -Hltn | awk "{ print \$4 }" | grep -x "$A1:22" &&
	! ss -Hltn | awk "{ print \$4 }" | grep -x "$A2:22"
'

test_expect_success '1. from nothing: apply over ssh to the host address (exit 0)' '
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	grep "^  ctl: /etc/slurm/slurm.conf: create" plan &&
	grep "^  gpu01: /etc/default/slurmd: " plan &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	lab_idle 1
'

test_expect_success '1. slurm.conf and slurmdbd.conf give Slurm the site address' '
	on ctl grep -x "SlurmctldHost=ctl($A1)" /etc/slurm/slurm.conf &&
	on ctl grep -x "AccountingStorageHost=$A1" /etc/slurm/slurm.conf &&
	on ctl grep -x "DbdHost=ctl" /etc/slurm/slurmdbd.conf &&
	on ctl grep -x "DbdAddr=$A1" /etc/slurm/slurmdbd.conf &&
	on ctl scontrol show config >config && grep "^SlurmctldHost\[0\] *= ctl($A1)" config &&
	grep "^AccountingStorageHost *= $A1\$" config
'

test_expect_success '1. slurmd fetched its configuration from the site address' '
	fetching "$A1"
'

test_expect_success '1. slurmctld reaches slurmdbd at the site address' '
	i=0
	while [ $i -lt 20 ]; do
		ss -Htn state established "( dport = :$DBD_PORT )" >conns
		awk "{ print \$4 }" conns | grep -x "$A1:$DBD_PORT" && break
		sleep 0.5; i=$((i + 1))
	done
	cat conns && awk "{ print \$4 }" conns | grep -x "$A1:$DBD_PORT"
'

test_expect_success '1. a job completes and the next plan is empty' '
	job &&
	cc plan "$INV" >plan 2>err; rc=$?; cat plan err; test "$rc" = 0
'

test_expect_success '2. controller_address moved: ctl files and gpu01 conf-server change' '
	sed -i "s/^  controller_address: .*/  controller_address: $A2/" "$INV" &&
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	grep "^  ctl: /etc/slurm/slurm.conf: " plan &&
	grep "^  gpu01: /etc/default/slurmd: " plan &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	lab_idle 1 && fetching "$A2"
'

test_expect_success '2. a job completes and the next plan is empty' '
	job &&
	cc plan "$INV" >plan 2>err; rc=$?; cat plan err; test "$rc" = 0
'

test_done
