#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t7000-configless: cluster.config_mode: configless on the lab (ctl, gpu[01-03],
# and login1, a login host without slurmd):
#   1. from nothing: compute hosts hold no Slurm config, only the munge key,
#      the users, /etc/default/slurmd (--conf-server) and a slurmd.service
#      drop-in that systemd's own loader (systemd-analyze) reads as clearing
#      the unit's ConditionPathExists; slurmd runs from the configuration it
#      fetched (its cache); a GPU job completes; plan exits 0; login1 runs
#      its client commands from what sackd fetched (24.11: no Slurm config
#      there, only /etc/default/sackd and a sackd.service drop-in that
#      restarts an exited sackd) or, on 22.05 (no sackd), from the
#      files pushed to it
#   2. a MaxTime change: only ctl's files change over SSH, the plan says
#      gpu[01-03] receive it through slurmctld with no slurmd restart; every
#      slurmd's cached slurm.conf holds the new value; login1's sackd (24.11:
#      its cache is stale when plan looks) restarts, its own slurm.conf
#      changes (22.05), or (25.05+) slurmctld pushes it to the running
#      sackd: its cache holds the new value, apply restarts nothing
#      and again with --limit ctl: only ctl observed and changed, the
#      plan names gpu[01-03] outside the limit and still receiving it, and
#      (before 25.05) warns that login1 may keep the old slurm.conf; the next
#      full plan restarts a stale sackd (24.11) or pushes the file (22.05);
#      on 25.05+ login1's sackd gets it through slurmctld, the plan names
#      login1 among those receiving it, and nothing is left; a password
#      passed through slurm_conf reaches login1 once, and the next plan
#      exits 0 (sackd's cache compared with the secret in place)
#   3. configless -> push -> configless -> push: stale files moved aside
#      (login1 too on 24.11, with its /etc/default/sackd)
#      (FILE.clusterctl-old kept), slurmd restarted on what the mode says,
#      plan empty at each end, a job runs each time
#   4. pass-through files slurmctld serves (files:): plugstack.conf goes to
#      slurmd and sackd, helpers.conf to slurmd only (Slurm's source). Both
#      stay on ctl and reach gpu[01-03] through slurmctld; login1 gets
#      helpers.conf pushed, and its sackd caches plugstack.conf (22.05: no
#      sackd, both pushed). A changed plugstack.conf restarts login1's sackd
#      where it fetches only when it starts (24.11) and reaches it through
#      slurmctld from 25.05; slurmd restart for its SPANK plugins on 22.05,
#      a reconfigure from 23.11
#   5. the controller down during a configless apply: ctl is named, exit 4,
#      every slurmd keeps running
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
XDG_RUNTIME_DIR=$TRASH	# apply's local lock: other tests' "lab" clusters stay apart
export XDG_RUNTIME_DIR
INV=$TRASH/lab-configless.yaml
lab_inventory "$TOP/inventories/lab-configless.yaml" "$INV"
lab_slurm_ports "$INV" 3
"$CLUSTERCTL" validate "$INV" >/dev/null 2>&1 || test_skip_or_die "the test inventory does not validate"

lab_hosts_up ctl gpu01 gpu02 gpu03 login1
lab_db_up
lab add-unix-user alice 5001 >/dev/null || test_skip_or_die "cannot add unix user alice"
REL=$(cat "$CLUSTERCTL_LAB/slurm-version")
say "# Slurm $REL"

# login1 runs no slurmd: from 23.11 sackd fetches its configuration in
# configless mode; 22.05 has no sackd, and login1 keeps the pushed files
if [ "$REL" = 22.05 ]; then
	SACKD=
	PUSHED='ctl,login1'		# hosts holding Slurm configs in configless mode
	FETCHING='gpu\[01-03\]'		# hosts that lose them there
	MAXTIME_RESTARTS='0 restarts'	# what a MaxTime change restarts
else
	SACKD=yes
	PUSHED=ctl
	FETCHING='gpu\[01-03\],login1'
	MAXTIME_RESTARTS='1 restart'	# login1's sackd
fi
# from 25.05 slurmctld pushes a reconfigure to the sackd registered with it
# (slurmkeys.c, SLURM_SACKD_PUSHED): login1 receives like the slurmd
SACKD_PUSHED=
RECEIVES='gpu[01-03]'		# hosts the plan says slurmctld hands slurm.conf to
if [ -n "$SACKD" ] && slurm_at_least 25.05; then
	SACKD_PUSHED=yes
	RECEIVES='gpu[01-03],login1'
	MAXTIME_RESTARTS='0 restarts'
fi

cc() { "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }
pid_of() { on "$1" lab-service "$2" status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p'; }
mode() { sed -i "s/^  config_mode: .*/  config_mode: $1/" "$INV"; }

# idle_nodes: until sinfo shows gpu[01-03] idle (30 s)
idle_nodes() { lab_idle 3; }

# gpu_job: a job asking for a GPU completes (sacct says so, 30 s)
gpu_job() {
	j=$(on ctl sbatch --parsable -o /dev/null --uid=alice -A hep -p gpu --gres=gpu:1 \
		--wrap "test -n \"\$CUDA_VISIBLE_DEVICES\"") && lab_job_done "$j"
}

# the slurmd.service drop-in that lets slurmd start without a slurm.conf
DROPIN=/etc/systemd/system/slurmd.service.d/clusterctl-configless.conf
SACKD_DROPIN=/etc/systemd/system/sackd.service.d/clusterctl-configless.conf

# fetching HOST: slurmd runs with --conf-server and from its cached
# slurm.conf, and the unit's drop-in is there
fetching() {
	p=$(pid_of "$1" slurmd) && test -n "$p" &&
	on "$1" cat "/proc/$p/cmdline" | tr '\0' ' ' | grep -- "--conf-server $LAB_NET.1:" &&
	on "$1" test -s /run/slurm/conf/slurm.conf &&
	! on "$1" test -e /etc/slurm/slurm.conf &&
	on "$1" grep -qx "ConditionPathExists=" "$DROPIN"
}

# sackd_mode: login1 runs sackd (24.11, configless inventory)
sackd_mode() { [ -n "$SACKD" ] && grep -q "^  config_mode: configless" "$INV"; }

# login_file: the slurm.conf login1's client commands read
login_file() { if sackd_mode; then echo /run/slurm/conf/slurm.conf; else echo /etc/slurm/slurm.conf; fi; }

# login_conf: login1 runs its client commands from what the mode gives it:
# a sackd that fetched the configuration (and no local copy), else its own
# files (and no sackd start arguments of ours)
login_conf() {
	if sackd_mode; then
		p=$(pid_of login1 sackd) && test -n "$p" &&
		on login1 cat "/proc/$p/cmdline" | tr '\0' ' ' | grep -- "--conf-server $LAB_NET.1:" &&
		on login1 test -s /run/slurm/conf/slurm.conf &&
		! on login1 test -e /etc/slurm/slurm.conf
	else
		on login1 test -s /etc/slurm/slurm.conf &&
		! on login1 grep -s "^SACKD_OPTIONS=.*--conf-server" /etc/default/sackd
	fi &&
	on login1 sinfo -h -p gpu -o %D >login.sinfo && grep -x 3 login.sinfo
}

# local_conf HOST: slurmd runs without --conf-server from /etc/slurm/slurm.conf
# (and without the slurmd.service drop-in that lets it start with none)
local_conf() {
	p=$(pid_of "$1" slurmd) && test -n "$p" &&
	! on "$1" cat "/proc/$p/cmdline" | tr '\0' ' ' | grep -- "--conf-server" &&
	on "$1" test -s /etc/slurm/slurm.conf &&
	! on "$1" grep -s "^SLURMD_OPTIONS=.*--conf-server" /etc/default/slurmd &&
	! on "$1" test -e "$DROPIN"
}

test_expect_success '1. from nothing: apply makes a configless cluster (exit 0)' '
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	grep "^  $PUSHED: /etc/slurm/slurm.conf: create" plan &&
	grep "^  gpu\[01-03\]: /etc/default/slurmd: " plan &&
	! grep "^  [^:]*gpu[^:]*: /etc/slurm/" plan &&
	if [ -n "$SACKD" ]; then grep "^  login1: /etc/default/sackd: create" plan
	else ! grep sackd plan; fi &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	idle_nodes
'

test_expect_success '1. compute hosts hold no Slurm config; slurmd runs from its fetched cache' '
	on ctl grep "^SlurmctldParameters=enable_configless" /etc/slurm/slurm.conf &&
	for h in gpu01 gpu02 gpu03; do
		on $h ls -A /etc/slurm >ls.$h && ! test -s ls.$h &&
		on $h test -s /etc/munge/munge.key &&
		on $h id slurm && on $h id munge &&
		fetching $h || return 1
	done &&
	on gpu01 grep "^NodeName=gpu" /run/slurm/conf/slurm.conf &&
	on gpu01 test -s /run/slurm/conf/gres.conf
'

# unit_conditions HOST: the Condition* settings systemd's own unit loader
# (systemd-analyze verify, whose debug dump lists them) keeps for HOST's
# slurmd.service (its release's unit) with the drop-ins HOST has
unit_conditions() {
	r=$TRASH/unit-root.$1 && rm -rf "$r" &&
	mkdir -p "$r/lib/systemd/system" "$r$(dirname "$DROPIN")" &&
	on "$1" cat /lib/systemd/system/slurmd.service >"$r/lib/systemd/system/slurmd.service" &&
	{ ! on "$1" test -e "$DROPIN" || on "$1" cat "$DROPIN" >"$r$DROPIN"; } &&
	SYSTEMD_LOG_LEVEL=debug systemd-analyze --root="$r" verify slurmd.service 2>&1 |
		grep "Condition" >"$r.conditions"
	cat "$r.conditions"
}

test_expect_success '1. the drop-in clears the unit'"'"'s ConditionPathExists (systemd-analyze)' '
	command -v systemd-analyze || return 1
	on gpu01 grep "^ConditionPathExists=/etc/slurm/slurm.conf" /lib/systemd/system/slurmd.service >unit.cond
	if test -s unit.cond; then
		# the unit alone keeps the condition: the check below can fail
		on gpu01 cat "$DROPIN" >dropin.saved && on gpu01 rm "$DROPIN" &&
		unit_conditions gpu01 | grep "ConditionPathExists: /etc/slurm/slurm.conf" &&
		on gpu01 sh -c "cat >$DROPIN" <dropin.saved || return 1
	fi &&
	unit_conditions gpu01 >cond && cat cond && ! grep ConditionPathExists cond
'

test_expect_success '1. login1 runs client commands from sackd (24.11) or its own files (22.05)' '
	login_conf &&
	on login1 ls -A /etc/slurm >ls.login1 && cat ls.login1 &&
	if [ -n "$SACKD" ]; then ! test -s ls.login1 && ! on login1 grep -s "conf-server" /etc/default/slurmd
	else test -s ls.login1; fi
'

# sackd_restart: the Restart= policy systemd's unit loader (systemd-analyze
# verify's debug dump) gives login1's sackd.service with the drop-in login1
# has, or without any drop-in ("bare")
sackd_restart() {
	r=$TRASH/sackd-root && rm -rf "$r" &&
	mkdir -p "$r/lib/systemd/system" "$r$(dirname "$SACKD_DROPIN")" &&
	on login1 cat /lib/systemd/system/sackd.service >"$r/lib/systemd/system/sackd.service" &&
	{ [ "${1:-}" = bare ] || on login1 cat "$SACKD_DROPIN" >"$r$SACKD_DROPIN"; } &&
	SYSTEMD_LOG_LEVEL=debug systemd-analyze --root="$r" verify sackd.service 2>&1 |
		sed -n "s/^[[:space:]]*Restart: //p"
}

test_expect_success '1. login1: sackd.service starts an exited sackd again (24.11 drop-in)' '
	if [ -n "$SACKD" ]; then
		command -v systemd-analyze &&
		sackd_restart bare >restart.bare && cat restart.bare && grep -x no restart.bare &&
		sackd_restart >restart && cat restart && grep -x on-failure restart
	else ! on login1 test -e "$SACKD_DROPIN"; fi
'

test_expect_success '1. a GPU job completes; plan exits 0' '
	gpu_job &&
	cc plan "$INV" >plan 2>err; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '2. MaxTime: plan changes ctl only, slurmd get it through slurmctld' '
	for h in gpu01 gpu02 gpu03; do pid_of $h slurmd >pid.$h && test -s pid.$h || return 1; done &&
	sed -i "s/{name: debug, nodes: \"gpu\[01-03\]\", max_time: \"00:30:00\"/{name: debug, nodes: \"gpu[01-03]\", max_time: \"00:45:00\"/" "$INV" &&
	grep -q "max_time: \"00:45:00\"" "$INV" &&
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	grep "^  $PUSHED: /etc/slurm/slurm.conf: modify, settings:\$" plan &&
	grep "^    partition debug: MaxTime 00:30:00 -> 00:45:00\$" plan &&
	test "$(grep -c ": /etc/" plan)" = 1 &&
	if [ -n "$SACKD" ] && [ -z "$SACKD_PUSHED" ]; then grep "^  login1: restart sackd (cached slurm.conf is not the controller.s; this sackd fetches only when it starts)\$" plan
	else ! grep "restart sackd" plan; fi &&
	grep -Fx "configless: $RECEIVES receive slurm.conf through slurmctld (scontrol reconfigure); slurmd restart: no" plan &&
	grep "reconfigure slurmctld" plan && ! grep -i "restart slurm" plan &&
	test_must_fail --exit=2 cc plan --json "$INV" >plan.json &&
	python3 -c "import json,sys; c=json.load(open(\"plan.json\"))[\"configless\"]; sys.exit(not (c[\"hosts\"] == sys.argv[1] and c[\"files\"] == \"slurm.conf\" and c[\"slurmd_restart\"] is False))" "$RECEIVES"
'

# login_has MAXTIME: login1's client config holds it (30 s: a pushed sackd
# cache changes a moment after the reconfigure)
login_has() {
	i=0
	while [ $i -lt 60 ] && ! on login1 grep -q "^PartitionName=debug .*MaxTime=$1" "$(login_file)"; do
		sleep 0.5; i=$((i + 1))
	done
	on login1 grep "^PartitionName=debug .*MaxTime=$1" "$(login_file)"
}

test_expect_success '2. apply: every slurmd runs the new MaxTime, none restarted by apply' '
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	! grep "restart slurm" out && grep " $MAXTIME_RESTARTS, 1 reconfigure" out &&
	if [ -n "$SACKD_PUSHED" ]; then ! grep "restart sackd" out; fi &&
	login_has 00:45:00 &&
	for h in gpu01 gpu02 gpu03; do
		i=0
		while [ $i -lt 60 ] && ! on $h grep -q "^PartitionName=debug .*MaxTime=00:45:00" /run/slurm/conf/slurm.conf; do
			sleep 0.5; i=$((i + 1))
		done
		on $h grep "^PartitionName=debug .*MaxTime=00:45:00" /run/slurm/conf/slurm.conf &&
		on $h scontrol show partition debug | grep "MaxTime=00:45:00" &&
		! on $h test -e /etc/slurm/slurm.conf || return 1
		# 22.05 re-reads in the same process; 24.11 re-executes slurmd
		if [ "$REL" = 22.05 ]; then test "$(pid_of $h slurmd)" = "$(cat pid.$h)" || return 1; fi
	done &&
	idle_nodes &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '2. --limit ctl: only ctl is observed and changed, every slurmd gets MaxTime' '
	test_must_fail --exit=64 cc plan --limit gpu09 "$INV" 2>err && grep "gpu09. is not a host" err &&
	sed -i "s/max_time: \"00:45:00\"/max_time: \"01:00:00\"/" "$INV" &&
	grep -q "max_time: \"01:00:00\"" "$INV" &&
	test_must_fail --exit=2 cc plan --limit ctl "$INV" >plan 2>err; cat plan err &&
	grep "^outside --limit: gpu\[01-03\],login1 (not observed" plan &&
	grep -F "configless: $RECEIVES receive slurm.conf through slurmctld" plan &&
	if [ -n "$SACKD_PUSHED" ]; then ! grep "^warning:.*login1" plan
	elif [ -n "$SACKD" ]; then grep "^warning: sackd on login1 (outside --limit) keeps the old slurm.conf until it restarts" plan
	else grep "^warning: hosts outside --limit keep their old /etc/slurm/slurm.conf until an apply reaches them" plan; fi &&
	grep "^plan: [0-9]* changes\{0,1\} pending on 1 host\$" plan &&
	cc apply --limit ctl "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	grep "^apply: 1 host, 1 file changed, " out && grep " 0 restarts, 1 reconfigure" out &&
	for h in gpu01 gpu02 gpu03; do
		i=0
		while [ $i -lt 60 ] && ! on $h scontrol show partition debug | grep -q "MaxTime=01:00:00"; do
			sleep 0.5; i=$((i + 1))
		done
		on $h scontrol show partition debug | grep "MaxTime=01:00:00" || return 1
	done &&
	idle_nodes &&
	if [ -n "$SACKD_PUSHED" ]; then login_has 01:00:00
	elif [ -z "$SACKD" ]; then ! on login1 grep "^PartitionName=debug .*MaxTime=01:00:00" "$(login_file)"; fi
'

# before 25.05 sackd listens on SlurmdPort, which the lab's gpu01 slurmd
# holds too: slurmctld's push (from 23.11) reaches login1's sackd or not;
# the plan then restarts a sackd whose cache is stale, and only then
test_expect_success '2. the next full apply brings login1 what --limit left out (none on 25.05+)' '
	if [ -n "$SACKD" ] && ! on login1 grep -q "^PartitionName=debug .*MaxTime=01:00:00" "$(login_file)"; then
		test -z "$SACKD_PUSHED" &&
		test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
		grep "^  login1: restart sackd (cached slurm.conf is not the controller" plan
	elif [ -n "$SACKD" ]; then
		cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0 && ! grep "restart sackd" plan
	else
		test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
		grep "^  login1: /etc/slurm/slurm.conf: modify" plan
	fi &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on login1 grep "^PartitionName=debug .*MaxTime=01:00:00" "$(login_file)" &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

# a password passed through slurm_conf is rendered as a placeholder: what
# login1's sackd cached is compared with the value in place, so an
# up-to-date sackd is not restarted by every plan
test_expect_success '2. a secret in slurm.conf reaches login1 once; then plan exits 0' '
	sed -i "s/^    ReturnToService: 2\$/    ReturnToService: 2\n    JobCompPass: jc-SECRET-1/" "$INV" &&
	grep "JobCompPass: jc-SECRET-1" "$INV" &&
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	! grep SECRET plan &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on ctl grep -x "JobCompPass=jc-SECRET-1" /etc/slurm/slurm.conf &&
	on login1 grep -x "JobCompPass=jc-SECRET-1" "$(login_file)" &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '3. configless -> push: configs back on gpu hosts, --conf-server moved aside' '
	mode push &&
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	grep "^  gpu\[01-03\]: /etc/default/slurmd: remove (moved to /etc/default/slurmd.clusterctl-old)\$" plan &&
	grep "^  $FETCHING: /etc/slurm/slurm.conf: create\$" plan &&
	grep "^  gpu\[01-03\]: restart slurmd" plan &&
	if [ -n "$SACKD" ]; then grep "^  login1: /etc/default/sackd: remove (moved to /etc/default/sackd.clusterctl-old)\$" plan; fi &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do
		local_conf $h &&
		on $h grep -q "conf-server" /etc/default/slurmd.clusterctl-old || return 1
	done &&
	login_conf &&
	idle_nodes && gpu_job &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '3. push -> configless: stale configs moved aside, slurmd fetches' '
	mode configless &&
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	for f in slurm.conf gres.conf cgroup.conf; do
		grep "^  $FETCHING: /etc/slurm/$f: remove (moved to /etc/slurm/$f.clusterctl-old)\$" plan || return 1
	done &&
	test_must_fail --exit=2 cc plan --json "$INV" >plan.json &&
	grep "\"change\": \"remove\"" plan.json &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do
		fetching $h && on $h test -s /etc/slurm/slurm.conf.clusterctl-old || return 1
	done &&
	login_conf &&
	idle_nodes && gpu_job &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '3. configless -> push again: no stale file, plan empty' '
	mode push &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do local_conf $h || return 1; done &&
	login_conf && idle_nodes && gpu_job &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0 &&
	mode configless && cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do fetching $h || return 1; done && login_conf && idle_nodes
'

# cached HOST FILE SOURCE: HOST's /run/slurm/conf/FILE (what its slurmd or
# sackd fetched) holds SOURCE's bytes (30 s: a reconfigure is asynchronous)
cached() {
	i=0
	while [ $i -lt 60 ]; do
		on "$1" cat "/run/slurm/conf/$2" >cache 2>/dev/null && cmp -s "$3" cache && return 0
		sleep 0.5; i=$((i + 1))
	done
	echo "$1: /run/slurm/conf/$2:"; cat cache; return 1
}

test_expect_success '4. served files: on ctl only; slurmd fetch both, login1 what sackd is not served' '
	mkdir -p "$TRASH/files" &&
	printf "# site SPANK plugins: none yet\n" >"$TRASH/files/plugstack.conf" &&
	printf "# node features helpers: none\n" >"$TRASH/files/helpers.conf" &&
	cat >>"$INV" <<-\EOF &&

	files:
	  - {path: /etc/slurm/plugstack.conf, source: files/plugstack.conf}
	  - {path: /etc/slurm/helpers.conf, source: files/helpers.conf}
	EOF
	cc validate "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	cc render "$INV" -o sv >/dev/null &&
	test -e sv/ctl/etc/slurm/plugstack.conf && test -e sv/ctl/etc/slurm/helpers.conf &&
	! test -e sv/gpu01/etc/slurm/plugstack.conf && ! test -e sv/gpu01/etc/slurm/helpers.conf &&
	test -e sv/login1/etc/slurm/helpers.conf &&
	if [ -n "$SACKD" ]; then ! test -e sv/login1/etc/slurm/plugstack.conf
	else test -e sv/login1/etc/slurm/plugstack.conf; fi &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do
		cached $h plugstack.conf "$TRASH/files/plugstack.conf" &&
		cached $h helpers.conf "$TRASH/files/helpers.conf" &&
		! on $h test -e /etc/slurm/plugstack.conf || return 1
	done &&
	on login1 cat /etc/slurm/helpers.conf >got && cmp "$TRASH/files/helpers.conf" got &&
	if [ -n "$SACKD" ]; then
		cached login1 plugstack.conf "$TRASH/files/plugstack.conf" &&
		! on login1 test -e /etc/slurm/plugstack.conf
	else
		on login1 cat /etc/slurm/plugstack.conf >got && cmp "$TRASH/files/plugstack.conf" got
	fi &&
	login_conf && idle_nodes &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '4. a changed plugstack.conf: ctl only; sackd restarts only before 25.05' '
	printf "# site SPANK plugins: none yet\n# reviewed\n" >"$TRASH/files/plugstack.conf" &&
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	grep "^  $PUSHED: /etc/slurm/plugstack.conf: modify" plan &&
	! grep "^  gpu.*: /etc/slurm/plugstack.conf" plan &&
	if [ -n "$SACKD" ] && [ -z "$SACKD_PUSHED" ]; then
		grep "^  login1: restart sackd (cached plugstack.conf is not the controller.s; this sackd fetches only when it starts)\$" plan
	else ! grep "restart sackd" plan; fi &&
	grep -F "configless: $RECEIVES receive plugstack.conf through slurmctld" plan &&
	# 22.05 loads SPANK plugins at start only; from 23.11 a reconfigure
	# starts new daemons (docs/restart-classification.md)
	if [ "$REL" = 22.05 ]; then grep "^  gpu\[01-03\]: restart slurmd (plugstack.conf: " plan
	else ! grep "restart slurmd" plan && grep "^  ctl: reconfigure slurmctld" plan; fi &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for h in gpu01 gpu02 gpu03; do
		cached $h plugstack.conf "$TRASH/files/plugstack.conf" || return 1
	done &&
	if [ -n "$SACKD" ]; then cached login1 plugstack.conf "$TRASH/files/plugstack.conf"
	else on login1 cat /etc/slurm/plugstack.conf >got && cmp "$TRASH/files/plugstack.conf" got; fi &&
	login_conf && idle_nodes && gpu_job &&
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '5. controller down during a configless apply: ctl named, slurmd keep running' '
	for h in gpu01 gpu02 gpu03; do pid_of $h slurmd >pid.$h && test -s pid.$h || return 1; done &&
	lab host-stop ctl >/dev/null 2>&1 &&
	sed -i "s/max_time: \"00:45:00\"/max_time: \"00:50:00\"/" "$INV" &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err; cat out err &&
	grep "ctl" out err | grep -i "fail\|unreach\|connect\|not" &&
	for h in gpu01 gpu02 gpu03; do
		test "$(pid_of $h slurmd)" = "$(cat pid.$h)" &&
		on $h test -s /run/slurm/conf/slurm.conf || return 1
	done &&
	{ [ -z "$SACKD" ] || test -n "$(pid_of login1 sackd)"; }
'

test_done
