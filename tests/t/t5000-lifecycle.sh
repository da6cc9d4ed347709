#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t5000-lifecycle: the whole life of the lab cluster with only clusterctl and
# the lab scripts, from hosts that have no Slurm config, no slurm or munge
# user and an empty database:
#   1. plan lists every file, user, key and accounting row (exit 2)
#   2. apply (exit 0); a GPU job runs; over the QoS GPU limit a job pends with
#      QOSMaxGRESPerUser; a user without an association is rejected
#   3. plan exits 0
#   4. an edit (a node added to a partition, a QoS limit raised, an account
#      and two users added -- one through add-user -- and a user removed):
#      plan shows exactly that; apply makes it with a reconfigure, no restart
#      of slurmd; the new limit holds for new jobs
#   5. a host down: apply of a further change succeeds on the rest, exit 4,
#      names it; back up, apply converges it
#   6. render at two git revisions and diff -r: the same files as plan
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
command -v git >/dev/null 2>&1 || test_skip_or_die "needs git"
lab_begin
XDG_RUNTIME_DIR=$TRASH	# apply's local lock: other tests' "lab" clusters stay apart
export XDG_RUNTIME_DIR
INV=$TRASH/repo/lab.yaml
mkdir -p "$TRASH/repo"
lab_inventory "$TOP/inventories/lab.yaml" "$INV"
lab_slurm_ports "$INV" 3
# the starting point: the debug partition on two of the three nodes
sed -i 's/{name: debug, nodes: "gpu\[01-03\]"/{name: debug, nodes: "gpu[01-02]"/' "$INV"
grep -q 'name: debug, nodes: "gpu\[01-02\]"' "$INV" ||
	test_skip_or_die "lab.yaml changed shape: debug partition not found"
"$CLUSTERCTL" validate "$INV" >/dev/null 2>&1 || test_skip_or_die "the test inventory does not validate"
(cd "$TRASH/repo" && git init -q && git add lab.yaml &&
	git -c user.name=t -c user.email=t@t commit -qm base) || test_skip_or_die "git init failed"

lab_hosts_up ctl gpu01 gpu02 gpu03
lab_db_up
for u in alice:5001 bob:5002 carol:5003 dave:5004 erin:5005; do
	lab add-unix-user "${u%:*}" "${u#*:}" >/dev/null || test_skip_or_die "cannot add unix user $u"
done

cc() { "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }
submit() { on ctl sbatch --parsable -o /dev/null "$@"; }
pid_of() { on "$1" lab-service "$2" status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p'; }

# wait_job JID STATE|REASON VALUE: until squeue shows it (30 s)
wait_job() {
	i=0
	fmt=%T
	[ "$2" = reason ] && fmt=%r
	while [ $i -lt 60 ]; do
		v=$(on ctl squeue -h -j "$1" -o "$fmt" 2>/dev/null)
		[ "$v" = "$3" ] && return 0
		sleep 0.5; i=$((i + 1))
	done
	echo "job $1: $2 is '$v', not '$3'"
	return 1
}


test_expect_success '1. plan on empty hosts lists every file, user, key and row; exit 2' '
	test_must_fail --exit=2 cc plan "$INV" >plan 2>err; cat plan err &&
	for f in slurm.conf gres.conf cgroup.conf; do
		grep "^  ctl,gpu\[01-03\]: /etc/slurm/$f: create" plan || return 1
	done &&
	grep "^  ctl: /etc/slurm/slurmdbd.conf: create" plan &&
	grep "^  ctl,gpu\[01-03\]: create user .slurm. (uid 64030)" plan &&
	grep "^  ctl,gpu\[01-03\]: create user .munge. (uid 64031)" plan &&
	grep "^munge key: SHA256:.* (newly generated)" plan &&
	grep "^  ctl,gpu\[01-03\]: /etc/munge/munge.key: munge key missing" plan &&
	grep "^  + cluster .lab.\$" plan && grep "^  + qos .gpu2.\$" plan &&
	grep "^  + account .physics.\$" plan && grep "^  + account .hep.\$" plan &&
	grep "^  + user .alice.\$" plan && grep "^  + user .bob.\$" plan
'

test_expect_success '2. apply makes a working cluster (exit 0)' '
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	grep "^apply: 4 hosts, " out && ! grep "failed:" out &&
	i=0 && while [ $i -lt 60 ]; do
		on ctl sinfo -h -o "%P %D %t" >sinfo
		grep -q "^gpu\* 3 idle\$" sinfo && break
		sleep 0.5; i=$((i + 1))
	done && cat sinfo &&
	grep "^gpu\* 3 idle\$" sinfo && grep "^debug 2 idle\$" sinfo
'

test_expect_success '2. a GPU job runs as alice' '
	j=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:1 --wrap "test -n \"\$CUDA_VISIBLE_DEVICES\"") &&
	lab_job_done "$j"
'

test_expect_success '2. over the GPU QoS limit a job pends with QOSMaxGRESPerUser' '
	a=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:2 --wrap "sleep 120") &&
	wait_job "$a" state RUNNING &&
	b=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:1 --wrap true) &&
	wait_job "$b" reason QOSMaxGRESPerUser &&
	on ctl scancel "$a" "$b"
'

test_expect_success '2. a user without an association is rejected' '
	test_must_fail on ctl sbatch --uid=carol -p gpu -o /dev/null --wrap true 2>err &&
	cat err && grep -i "invalid account" err
'

test_expect_success '3. plan after apply exits 0' '
	cc plan "$INV" >plan; rc=$?; cat plan; test "$rc" = 0
'

test_expect_success '4. edit the inventory: node, QoS limit, account, two users, one removed' '
	sed -i -e "s/{name: debug, nodes: \"gpu\[01-02\]\"/{name: debug, nodes: \"gpu[01-03]\"/" \
		-e "s/max_tres_per_user: {gres\\/gpu: 2}/max_tres_per_user: {gres\\/gpu: 3}/" \
		-e "/^  - {name: bob, /d" "$INV" &&
	sed -i "s/^users:\$/  - {name: chem, description: chemistry, organization: lab}\\n\\nusers:/" "$INV" &&
	echo "  - {name: erin, accounts: [chem]}" >>"$INV" &&
	cc add-user "$INV" dave --account chem --qos normal >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	cc validate "$INV" &&
	(cd "$TRASH/repo" && git -c user.name=t -c user.email=t@t commit -qam edit) &&
	(cd "$TRASH/repo" && git diff HEAD~1 -- lab.yaml) >inv.diff && cat inv.diff &&
	test "$(grep -c "^[-+] " inv.diff)" = 8
'

test_expect_success '4. plan --prune shows exactly those changes, grouped by host' '
	test_must_fail --exit=2 cc plan --prune "$INV" >plan 2>err; cat plan err &&
	grep "^  ctl,gpu\[01-03\]: /etc/slurm/slurm.conf: modify, settings:\$" plan &&
	grep "^    partition debug: Nodes gpu\[01-02\] -> gpu\[01-03\]\$" plan &&
	test "$(grep -c ": /etc/" plan)" = 1 &&
	grep "^    -PartitionName=debug Nodes=gpu\[01-02\]" plan &&
	grep "^    +PartitionName=debug Nodes=gpu\[01-03\]" plan &&
	test "$(grep -c "^    [-+][^-+]" plan)" = 2 &&
	grep "reconfigure slurmctld" plan && ! grep -i "restart" plan &&
	! grep "user .slurm.\|user .munge.\|munge key.*chang" plan &&
	sed -n "/^  [~+-] /p" plan | sort >acct &&
	cat >expect <<-\EOF &&
	  + account '"'"'chem'"'"'
	  + association of account '"'"'chem'"'"'
	  + association '"'"'dave'"'"' in '"'"'chem'"'"'
	  + association '"'"'erin'"'"' in '"'"'chem'"'"'
	  + user '"'"'dave'"'"'
	  + user '"'"'erin'"'"'
	  - association '"'"'bob'"'"' in '"'"'physics'"'"'
	  - user '"'"'bob'"'"'
	  ~ qos '"'"'gpu2'"'"'
	EOF
	sort expect >expect.sorted && test_cmp expect.sorted acct &&
	grep "max_tres_per_user: gres/gpu=2 -> gres/gpu=3" plan
'

test_expect_success '6. render at both revisions, diff -r: the same file changes as plan' '
	(cd "$TRASH/repo" && git show HEAD~1:lab.yaml) >old.yaml &&
	cc render old.yaml -o r-old >/dev/null && cc render "$INV" -o r-new >/dev/null &&
	diff -r r-old r-new >rdiff; test $? = 1 &&
	grep "^diff -r" rdiff | sed "s|^diff -r r-old/\([^ ]*\) .*|\1|" | sort >changed &&
	cat changed &&
	grep -v "manifest.json" changed >files &&
	printf "%s\n" ctl/etc/slurm/slurm.conf gpu01/etc/slurm/slurm.conf \
		gpu02/etc/slurm/slurm.conf gpu03/etc/slurm/slurm.conf >expect &&
	test_cmp expect files &&
	cc plan --prune --json "$INV" >plan.json; test $? = 2 &&
	python3 - plan.json <<-\EOF >groups &&
	import json, sys
	def walk(v):
	    if isinstance(v, dict):
	        if "path" in v and "hosts" in v and v.get("change", v.get("op")) not in (None, "unchanged"):
	            print(v["hosts"], v["path"])
	        for x in v.values():
	            walk(x)
	    elif isinstance(v, list):
	        for x in v:
	            walk(x)
	walk(json.load(open(sys.argv[1])))
	EOF
	cat groups &&
	while read -r hosts path; do
		for h in $(cc hostlist expand "$hosts"); do echo "$h$path"; done
	done <groups | sort >planned &&
	cat planned && test_cmp expect planned
'

# a reconfigure keeps slurmd's process on 22.05; 23.11+ re-executes it (a new
# pid, no restart by clusterctl: the apply line says 0 restarts)
if slurm_at_least 23.11; then reexec=true; else reexec=false; fi

test_expect_success '4. apply makes them with a reconfigure; slurmd keeps its pid (22.05) or is re-executed (23.11+)' '
	d1=$(pid_of gpu01 slurmd) && test -n "$d1" &&
	cc apply --prune "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	grep " 0 restarts, 1 reconfigure" out &&
	if $reexec; then
		wait_for 30 lab_pid_moved gpu01 slurmd "$d1"
	else
		test "$(pid_of gpu01 slurmd)" = "$d1"
	fi &&
	on ctl sinfo -h -p debug -o %D >n && echo 3 >e && test_cmp e n &&
	on ctl sacctmgr -n -P show assoc where account=chem format=user >a &&
	sort a | grep . >users && printf "dave\nerin\n" >e && test_cmp e users &&
	test -z "$(on ctl sacctmgr -n -P show user bob)" &&
	cc plan --prune "$INV"
'

test_expect_success '4. the raised limit holds for new jobs: 3 GPUs run, a 4th pends' '
	a=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:2 --wrap "sleep 120") &&
	b=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:1 --wrap "sleep 120") &&
	wait_job "$a" state RUNNING && wait_job "$b" state RUNNING &&
	c=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:1 --wrap true) &&
	wait_job "$c" reason QOSMaxGRESPerUser &&
	on ctl scancel "$a" "$b" "$c" &&
	j=$(submit --uid=dave -A chem -p gpu --wrap true) && lab_job_done "$j"
'

test_expect_success '5. a host down: the rest applied, exit 4, named' '
	lab host-stop gpu02 &&
	sed -i "s/max_time: \"00:30:00\"/max_time: \"00:45:00\"/" "$INV" &&
	grep -q "00:45:00" "$INV" &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err; cat out err &&
	grep "failed: gpu02\$" out &&
	on gpu01 grep -q "MaxTime=00:45:00" /etc/slurm/slurm.conf &&
	on ctl grep -q "MaxTime=00:45:00" /etc/slurm/slurm.conf
'

test_expect_success '5. back up, apply converges it' '
	lab host-start gpu02 &&
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on gpu02 grep -q "MaxTime=00:45:00" /etc/slurm/slurm.conf &&
	cc plan "$INV"
'

test_expect_success 'add-user --apply: one line in the file, the user in the database' '
	cp "$INV" before.yaml &&
	cc add-user "$INV" frank --account chem --apply >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	diff before.yaml "$INV" | grep "^[<>]" >d; cat d && test "$(wc -l <d)" = 1 &&
	grep "^> .*name: frank" d &&
	on ctl sacctmgr -n -P show assoc where user=frank format=account >a &&
	echo chem >e && test_cmp e a &&
	cc plan --only accounting "$INV"
'

test_expect_success 'add-user --apply refuses while other accounting changes are pending' '
	sed -i "s/max_tres_per_user: {gres\\/gpu: 3}/max_tres_per_user: {gres\\/gpu: 4}/" "$INV" &&
	cp "$INV" before.yaml &&
	test_must_fail cc add-user "$INV" gina --account chem --apply 2>err; cat err &&
	grep "1 other pending change" err && cmp before.yaml "$INV" &&
	test -z "$(on ctl sacctmgr -n -P show user gina)"
'

test_done
