#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4010-plan-meaning: plan compares Slurm configs by meaning, not text, on
# the lab (ctl, gpu[01-03]). After apply, slurm.conf and gres.conf are
# rewritten by hand on every host to the same meaning in another form
# (comments, keys in another case with blanks around '=', a NodeName=DEFAULT
# line, a continuation line, a gres.conf line per GPU; tests/t/reform.py):
# plan says "formatting only" for them, plans no restart or reconfigure and
# exits 2 (changes pending); apply writes them back and slurmctld/slurmd
# keep their pids. Then one real setting changed by hand is named, and
# classified as before (ReturnToService: reconfigure; gres.conf: restart,
# of the slurmd that reads it). A site's gres.conf without NodeName= and
# with AutoDetect=off, a line per GPU, is formatting only (issue 30).
# Last, the node lines moved into an included nodes.conf on every host
# (slurm.conf says "Include nodes.conf"): plan reads the included file from
# each host and says "formatting only"; a feature added to gpu03 inside
# nodes.conf (and slurmctld restarted on it) is named as gpu03's setting,
# restarts as a node change does, and is a capacity loss apply refuses.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

HOSTS="ctl gpu01 gpu02 gpu03"
command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
INV=$TRASH/inv.yaml
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR

lab_inventory "$TOP/inventories/lab.yaml" "$INV"
lab_slurm_ports "$INV"
lab_hosts_up $HOSTS
lab_db_up

on() { lab_exec "$@"; }
cc() { "$CLUSTERCTL" "$@"; }
pid_of() { on "$1" lab-service "$2" status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p'; }
# reform HOST FILE [SED]: FILE (slurm.conf or gres.conf under /etc/slurm)
# on HOST in another form, then edited by the sed script SED if given
reform() {
	on "$1" cat "/etc/slurm/$2" >"orig.$1.$2" &&
	python3 "$TOP/tests/t/reform.py" "$2" <"orig.$1.$2" | sed -e "${3:-}" >"new.$1.$2" &&
	! cmp -s "orig.$1.$2" "new.$1.$2" &&
	on "$1" sh -c "cat >/etc/slurm/$2" <"new.$1.$2"
}

test_expect_success 'apply converges the lab; a second plan is empty' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0 &&
	grep "^plan: no changes" out
'

test_expect_success 'slurm.conf and gres.conf rewritten by hand to the same meaning' '
	for h in $HOSTS; do
		reform $h slurm.conf && reform $h gres.conf || return 1
	done &&
	cat new.ctl.slurm.conf new.ctl.gres.conf &&
	grep -q "^NodeName=DEFAULT " new.ctl.slurm.conf &&
	grep -q "^clustername = lab$" new.ctl.slurm.conf &&
	test "$(grep -c "^nodename=" new.gpu01.gres.conf)" = 2 &&
	on ctl scontrol show config >config && grep "^ClusterName *= lab$" config &&
	on ctl sinfo -h -N -p gpu -o "%N %G" >nodes && cat nodes &&
	test "$(grep -c "gpu:fake:2" nodes)" = 3
'

test_expect_success 'plan: formatting only, nothing restarts or reconfigures (exit 2)' '
	ctld=$(pid_of ctl slurmctld) && d1=$(pid_of gpu01 slurmd) && d3=$(pid_of gpu03 slurmd) &&
	test -n "$ctld" && test -n "$d1" && test -n "$d3" &&
	echo "$ctld $d1 $d3" >pids &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/slurm.conf: modify, formatting only$" out &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/gres.conf: modify, formatting only$" out &&
	test "$(grep -c ": /etc/" out)" = 2 &&
	grep "^    +NodeName=gpu01 " out &&
	! grep "^services:" out && ! grep "restart\|reconfigure" out &&
	test_must_fail --exit=2 cc plan --json "$INV" >plan.json &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan plan.json &&
	python3 -c "import json,sys; d=json.load(open(\"plan.json\")); \
sys.exit(0 if d[\"services\"] == [] and len(d[\"files\"]) == 2 and \
all(f[\"settings\"] == [] and f[\"change\"] == \"modify\" for f in d[\"files\"]) else 1)"
'

test_expect_success 'apply writes them back; slurmctld and slurmd keep their pids' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep "^apply: 4 hosts, 8 files changed, .* 0 restarts, .*0 reconfigures" out &&
	for h in $HOSTS; do
		on $h cat /etc/slurm/slurm.conf >got && cmp got orig.ctl.slurm.conf &&
		on $h cat /etc/slurm/gres.conf >got && cmp got orig.ctl.gres.conf || return 1
	done &&
	echo "$(pid_of ctl slurmctld) $(pid_of gpu01 slurmd) $(pid_of gpu03 slurmd)" >pids.after &&
	test_cmp pids pids.after &&
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0
'

test_expect_success 'a real slurm.conf change among the reform is named and reconfigured' '
	reform gpu03 slurm.conf "s/^returntoservice = 2$/returntoservice = 1/" &&
	grep -q "^returntoservice = 1$" new.gpu03.slurm.conf &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  gpu03: /etc/slurm/slurm.conf: modify, settings:$" out &&
	grep "^    ReturnToService: 1 -> 2$" out &&
	test "$(grep -c "^    [A-Za-z].* -> " out)" = 1 &&
	grep "^  ctl: reconfigure slurmctld" out && ! grep "restart" out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep ", 0 restarts, 1 reconfigure" out
'

test_expect_success 'a real gres.conf change is named for the node whose slurmd reads it, and restarts it' '
	reform gpu03 gres.conf "/tty2/d" &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  gpu03: /etc/slurm/gres.conf: modify, settings:$" out &&
	grep "^    gpu03: gpu:fake Count=1 File=/dev/tty1 -> Count=2 File=/dev/tty\[1-2\]$" out &&
	grep "^  gpu03: restart slurmd (gres.conf: gres)$" out &&
	test_must_fail --exit=2 cc plan --json "$INV" >plan.json &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan plan.json &&
	python3 -c "import json,sys; f=json.load(open(\"plan.json\"))[\"files\"]; \
sys.exit(0 if [x[\"settings\"] for x in f] == [[\"gpu03: gpu:fake Count=1 File=/dev/tty1 -> Count=2 File=/dev/tty[1-2]\"]] else 1)" &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep " 1 restart," out &&
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0
'


# issue 30: a site's own gres.conf, as an adopted cluster has it: one file
# for every host without NodeName= (each slurmd takes its lines as its
# own), a global AutoDetect=off (the render has none: the same to slurmd),
# a line per GPU: plan compares what each host's slurmd (every node's for
# the controller's copy) makes of it, so nothing restarts
test_expect_success 'a gres.conf without NodeName=, with AutoDetect=off, a line per GPU: formatting only' '
	ctld=$(pid_of ctl slurmctld) && d2=$(pid_of gpu02 slurmd) &&
	test -n "$ctld" && test -n "$d2" &&
	printf "AutoDetect=off\n# one line per GPU, every node\nName=gpu Type=fake File=/dev/tty1\nName=gpu Type=fake File=/dev/tty2\n" >site.gres.conf &&
	for h in $HOSTS; do
		on $h cat /etc/slurm/gres.conf >"keep.$h.gres.conf" &&
		on $h sh -c "cat >/etc/slurm/gres.conf" <site.gres.conf || return 1
	done &&
	! grep -q "NodeName=.*AutoDetect" keep.gpu01.gres.conf &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/gres.conf: modify, formatting only$" out &&
	test "$(grep -c ": /etc/" out)" = 1 &&
	! grep "^services:" out && ! grep "restart\|reconfigure\|^capacity:" out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	grep ", 0 restarts, 0 reconfigures" out &&
	test "$(pid_of ctl slurmctld) $(pid_of gpu02 slurmd)" = "$ctld $d2" &&
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0
'

test_expect_success 'nodes moved into an included file: formatting only' '
	for h in $HOSTS; do
		on $h sh -c "cd /etc/slurm && grep ^NodeName= slurm.conf >nodes.conf &&
			sed -i -e \"0,/^NodeName=/s/^NodeName=.*/Include nodes.conf/\" \
			-e \"/^NodeName=/d\" slurm.conf" || return 1
	done &&
	on ctl cat /etc/slurm/slurm.conf >inc.conf && cat inc.conf &&
	grep "^Include nodes.conf$" inc.conf && ! grep "^NodeName=" inc.conf &&
	test "$(on ctl cat /etc/slurm/nodes.conf | grep -c ^NodeName=gpu)" = 3 &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/slurm.conf: modify, formatting only$" out &&
	test "$(grep -c ": /etc/" out)" = 1 &&
	! grep "^services:" out && ! grep "restart\|reconfigure\|^capacity:" out
'

test_expect_success 'a node changed inside the included file: named, restarts, a capacity loss' '
	for h in $HOSTS; do
		on $h sed -i "s/^\(NodeName=gpu03 .*Feature=\)fake /\1fake,big /" \
			/etc/slurm/nodes.conf || return 1
	done &&
	on ctl grep "^NodeName=gpu03 .*Feature=fake,big " /etc/slurm/nodes.conf &&
	on ctl lab-service slurmctld restart &&
	for i in 1 2 3 4 5 6 7 8 9 10; do
		on ctl scontrol show node gpu03 2>/dev/null | grep -q "AvailableFeatures=fake,big" && break
		sleep 1
	done &&
	on ctl scontrol show node gpu03 | grep "AvailableFeatures=fake,big" &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/slurm.conf: modify, settings:$" out &&
	grep "^    gpu03: Features big,fake -> fake$" out &&
	test "$(grep -c "^    [A-Za-z].* -> " out)" = 1 &&
	grep "^  ctl: restart slurmctld (slurm.conf: NodeName)" out &&
	grep "^capacity: node gpu03 loses feature .big.$" out &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err && cat out err &&
	on ctl grep -q "^Include nodes.conf$" /etc/slurm/slurm.conf &&
	cc apply --allow-capacity-loss "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	cc plan "$INV" >out; rc=$?; cat out; test "$rc" = 0 &&
	for h in $HOSTS; do on $h rm /etc/slurm/nodes.conf || return 1; done
'

test_done
