#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4300-passfiles: pass-through files (files:) on the lab (ctl + gpu[01-03]):
# an Epilog script for the compute hosts and a topology.conf for every host,
# kept beside the inventory. plan shows them as new files per host, apply
# writes them with their mode and owner, slurmctld reads the topology, a job
# runs and the Epilog really ran on its node; a changed script is a file diff
# that restarts nothing, and apply writes it without touching a daemon.
# Configless: the topology goes to the controller only and reaches the
# nodes through slurmctld (each release serves it), before and after a
# change; the Epilog, which slurmctld never serves, is still on the nodes.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

HOSTS="ctl gpu01 gpu02 gpu03"
lab_begin
INV=$TRASH/inv.yaml
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR

lab_inventory "$TOP/inventories/lab.yaml" "$INV"
lab_slurm_ports "$INV" 3
# the Epilog and the topology, named by slurm.conf and carried by files:
sed -i -e 's|^  slurm_conf:$|&\n    Epilog: /etc/slurm/epilog.sh\n    TopologyPlugin: topology/tree|' "$INV"
cat >>"$INV" <<'EOF'

files:
  - {path: /etc/slurm/epilog.sh, source: files/epilog.sh, mode: "0755", roles: [compute]}
  - {path: /etc/slurm/topology.conf, source: files/topology.conf, owner: slurm, mode: "0640"}
EOF
mkdir "$TRASH/files"
cat >"$TRASH/files/epilog.sh" <<'EOF'
#!/bin/sh
# the lab's Epilog: leaves a mark per job on the node that ran it (a lab
# host's /var/log is its own, /tmp and /var/tmp are the machine's)
echo "v1 $SLURM_JOB_ID $(hostname)" >"/var/log/slurm/epilog-ran.$SLURM_JOB_ID"
exit 0
EOF
printf 'SwitchName=leaf0 Nodes=gpu[01-03]\n' >"$TRASH/files/topology.conf"
grep -q "Epilog: /etc/slurm/epilog.sh" "$INV" ||
	test_skip_or_die "cannot add the Epilog to lab.yaml's slurm_conf"

lab_hosts_up $HOSTS
lab_db_up

on() { lab_exec "$@"; }
cc() { "$CLUSTERCTL" "$@"; }
# job_on HOST VERSION: a batch job on HOST completes, and the Epilog's mark
# on HOST says VERSION, the job and HOST; $job is the job's id
job_on() {
	on ctl sh -c "cd /tmp && timeout 60 sbatch --parsable -p gpu -w $1 --wrap=true" >jobid &&
	job=$(cat jobid) && echo "job $job" && lab_job_done "$job" &&
	i=0 && while [ $i -lt 30 ] && ! on $1 test -e /var/log/slurm/epilog-ran.$job; do
		sleep 0.5; i=$((i + 1))
	done &&
	on $1 cat /var/log/slurm/epilog-ran.$job >mark && echo "$2 $job $1" >e && test_cmp e mark
}

test_expect_success 'validate: the files exist, slurm.conf names nothing unprovided' '
	cc validate "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep ": 0 errors, 0 warnings$" out
'

test_expect_success 'validate: a source outside the tree, a script without an entry' '
	sed -e "s|source: files/epilog.sh|source: /etc/passwd|" \
	    -e "s|^    Epilog: .*|&\n    Prolog: /etc/slurm/prolog.sh|" "$INV" >bad.yaml &&
	test_must_fail --exit=3 cc validate bad.yaml >out 2>&1; cat out &&
	grep "bad.yaml:[0-9]*:[0-9]*: error: source: .*/etc/passwd.* is outside the inventory" out &&
	grep "bad.yaml:[0-9]*:[0-9]*: warning: Prolog=/etc/slurm/prolog.sh names .*which no files: entry provides" out
'

test_expect_success 'render: the script on the compute hosts, the topology everywhere' '
	cc render "$INV" -o rendered >/dev/null &&
	cmp "$TRASH/files/epilog.sh" rendered/gpu02/etc/slurm/epilog.sh &&
	! test -e rendered/ctl/etc/slurm/epilog.sh &&
	cmp "$TRASH/files/topology.conf" rendered/ctl/etc/slurm/topology.conf
'

test_expect_success 'first plan: both files new on the hosts they go to' '
	test_must_fail --exit=2 cc plan "$INV" >out; cat out &&
	grep "^  gpu\[01-03\]: /etc/slurm/epilog.sh: create" out &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/topology.conf: create" out
'

test_expect_success 'apply writes them with their mode and owner' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do
		echo "755 0 0" >e && on $h stat -c "%a %u %g" /etc/slurm/epilog.sh >a &&
		test_cmp e a && on $h cat /etc/slurm/epilog.sh >got &&
		cmp "$TRASH/files/epilog.sh" got || return 1
	done &&
	! on ctl test -e /etc/slurm/epilog.sh &&
	for h in $HOSTS; do
		echo "640 64030 64030" >e && on $h stat -c "%a %u %g" /etc/slurm/topology.conf >a &&
		test_cmp e a || return 1
	done
'

test_expect_success 'slurmctld reads the topology; a job runs and its Epilog ran on its node' '
	on ctl scontrol show topology >topo 2>&1; cat topo &&
	grep "SwitchName=leaf0" topo &&
	i=0; while [ $i -lt 30 ]; do
		on ctl sinfo -h -N -p gpu -o "%N %t" >nodes 2>/dev/null
		[ "$(grep -c " idle$" nodes)" = 3 ] && break
		sleep 1; i=$((i + 1))
	done; cat nodes &&
	job_on gpu02 v1 &&
	! on gpu01 test -e /var/log/slurm/epilog-ran.$job
'

test_expect_success 'a second plan is empty' '
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0 &&
	grep "^plan: no changes" out
'

test_expect_success 'a changed script: a file diff per host, nothing restarted' '
	sed -i "s/echo \"v1 /echo \"v2 /" "$TRASH/files/epilog.sh" &&
	test_must_fail --exit=2 cc plan "$INV" >out; cat out &&
	grep "^  gpu\[01-03\]: /etc/slurm/epilog.sh: modify" out &&
	grep "^    -echo \"v1 " out && grep "^    +echo \"v2 " out &&
	! grep -E "restart|reconfigure" out
'

test_expect_success 'apply writes it and touches no daemon; the next Epilog is the new one' '
	lab_state $HOSTS | grep -v " slurm/epilog.sh" >before &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	lab_state $HOSTS | grep -v " slurm/epilog.sh" >after &&
	test_cmp before after &&
	job_on gpu03 v2 &&
	cc plan "$INV" >out && grep "^plan: no changes" out
'

test_expect_success 'a changed topology.conf: a reconfigure, which slurmctld takes' '
	printf "SwitchName=leaf0 Nodes=gpu[01-02]\nSwitchName=leaf1 Nodes=gpu03\nSwitchName=top Switches=leaf[0-1]\n" \
		>"$TRASH/files/topology.conf" &&
	test_must_fail --exit=2 cc plan "$INV" >out; cat out &&
	grep "/etc/slurm/topology.conf: modify" out &&
	grep "reconfigure slurmctld" out && ! grep "restart" out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	on ctl scontrol show topology >topo 2>&1; cat topo &&
	grep "SwitchName=leaf1" topo
'

# cached HOST FILE: slurmd on HOST has fetched the controller's FILE (30 s)
cached() {
	i=0 && while [ $i -lt 60 ]; do
		on $1 cat /run/slurm/conf/topology.conf >cache 2>/dev/null &&
			cmp -s "$2" cache && return 0
		sleep 0.5; i=$((i + 1))
	done
	cat cache; return 1
}

test_expect_success 'configless: topology.conf stays on ctl, slurmd fetches it; the Epilog is pushed' '
	sed -i "s/^  config_mode: push\$/  config_mode: configless/" "$INV" &&
	grep -q "config_mode: configless" "$INV" &&
	cc render "$INV" -o cl >/dev/null &&
	test -e cl/ctl/etc/slurm/topology.conf && ! test -e cl/gpu01/etc/slurm/topology.conf &&
	test -e cl/gpu01/etc/slurm/epilog.sh &&
	test_must_fail --exit=2 cc plan "$INV" >out; cat out &&
	grep "^  gpu\[01-03\]: /etc/slurm/topology.conf: remove" out &&
	! grep ": /etc/slurm/epilog.sh: " out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do
		! on $h test -e /etc/slurm/topology.conf &&
		on $h test -x /etc/slurm/epilog.sh &&
		cached $h "$TRASH/files/topology.conf" || return 1
	done &&
	job_on gpu01 v2 &&
	cc plan "$INV" >out && grep "^plan: no changes" out
'

test_expect_success 'configless: a changed topology.conf reaches the nodes through slurmctld' '
	printf "SwitchName=leaf0 Nodes=gpu[01-03]\n" >"$TRASH/files/topology.conf" &&
	test_must_fail --exit=2 cc plan "$INV" >out; cat out &&
	grep "^  ctl: /etc/slurm/topology.conf: modify" out &&
	! grep "^  gpu.*topology.conf" out &&
	grep "^configless: gpu\[01-03\] receive topology.conf through slurmctld (scontrol reconfigure); slurmd restart: no" out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do cached $h "$TRASH/files/topology.conf" || return 1; done &&
	on ctl scontrol show topology >topo 2>&1; cat topo &&
	! grep "SwitchName=leaf1" topo
'

test_done
