#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t6060-site-federation: the two clusters of inventories/multi as a Slurm
# federation (inventories/multi/federation.yaml, docs/site.md) in this
# test's own lab: make demo SITE=multi MULTI_SITE_FILE=federation.yaml
# brings both up from nothing by one `clusterctl apply` (cluster a's rows
# by the sql method on every release, b's through slurmdbd on a's host),
# the second plan is empty, each slurmctld sees both members with their
# features (scontrol show federation), and a plain sbatch on cluster a's
# login host, federated, runs on cluster b by --cluster-constraint. Then:
# sacctmgr show federation reads back the site file; the sql method's rows
# for cluster a are those sacctmgr writes for the same command; a change
# of b's features and state reaches a's running slurmctld; import
# accounting and import cluster --site write the federation back as the
# site file has it; without
# the federation the site plans nothing, and --prune takes each cluster out,
# the federation with the last (kept while the other is a member).
# Runs 20 to 40 seconds (2 cores; 22.05 the longest).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-multi.sh"

# cluster a's rows by the sql method on every release
LAB_ACCT_METHOD=sql
MULTI_SITE_FILE=federation.yaml
export LAB_ACCT_METHOD MULTI_SITE_FILE
q() { lab db-sql -N -D slurm_acct_db -e "$1"; }

# b's membership in plan --json: the one change, its features and state old and new
cat >"$TRASH/member-change.py" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))["accounting"]["changes"]
want = {"op": "change", "kind": "federation_member", "name": "b",
        "attrs": {"features": ["gpu,small", "gpu,tiny"], "state": ["active", "inactive"]}}
got = [{k: x.get(k) for k in want} for x in c]
sys.exit(0 if got == [want] else "changes: %s" % c)
EOF

# the federation as import writes it back, after b's change below
printf '%s\n' "federation:" "  name: multi" "  clusters:" "    - {name: a, features: [big, gpu]}" \
	"    - {name: b, features: [gpu, tiny], state: inactive}" >"$TRASH/fed.expect"

multi_demo_run
FED=$SITE
SITE=$CLUSTERCTL_LAB/multi/site.yaml

test_expect_success 'one apply of the federated site brings both clusters up from nothing' '
	test $(grep -c "^apply: .* hosts, " demo.out) = 2 &&
	! grep -q "^apply: .*failed:" demo.out &&
	test $(grep -c "^plan: no changes" demo.out) = 2
'

multi_demo_checks 7

test_expect_success 'sacctmgr show federation reads back what federation.yaml says' '
	lab_exec ctl-a sacctmgr -n -P show federation format=Federation,Cluster,Features,FedState |
		sed "s/|\$//" | sort >fed &&
	printf "multi|a|big,gpu|ACTIVE\nmulti|b|gpu,small|ACTIVE\n" >expect &&
	test_cmp expect fed
'

test_expect_success 'cluster a'"'"'s rows, written by the sql method, are those sacctmgr writes' '
	q "select federation, fed_id, fed_state, features from cluster_table where name=\"a\"" >rows.sql &&
	q "select info from txn_table where action=1430 and name=\"name='"'"'a'"'"'\" and actor=\"root\" order by id" >txn.sql &&
	test $(wc -l <txn.sql) = 1 &&
	test "$(q "select count(*) from txn_table where action=1493 and name=\"multi\" and info=concat(\"mod_time=\", timestamp)")" = 1 &&
	test "$(q "select deleted, flags from federation_table where name=\"multi\"")" = "$(printf "0\t0")" &&
	lab_exec ctl-a sacctmgr -i modify cluster where name=a set Federation= >/dev/null &&
	"$CLUSTERCTL" export-sacctmgr "$FED" --cluster a --commands | grep " modify cluster " >join &&
	lab_exec ctl-a sh -c "$(cat join)" >/dev/null &&
	q "select federation, fed_id, fed_state, features from cluster_table where name=\"a\"" >rows.sacctmgr &&
	q "select info from txn_table where action=1430 and name=\"name='"'"'a'"'"'\" and actor=\"root\" order by id desc limit 1" >txn.sacctmgr &&
	cat rows.sql txn.sql &&
	test_cmp rows.sql rows.sacctmgr && test_cmp txn.sql txn.sacctmgr &&
	"$CLUSTERCTL" accounting plan "$FED" >again.plan 2>&1 || { cat again.plan; false; }
'

test_expect_success 'b'"'"'s features and state changed: planned, applied, a'"'"'s running slurmctld sees them' '
	pid=$(lab_pid_of ctl-a slurmctld) &&
	sed -i "s/{name: b, features: \[gpu, small\]}/{name: b, features: [gpu, tiny], state: inactive}/" "$FED" &&
	test_must_fail --exit=2 "$CLUSTERCTL" plan "$FED" --cluster b >b.plan 2>&1 &&
	grep -q "^  ~ cluster .b. in federation .multi.\$" b.plan &&
	grep -q "^      features: gpu,small -> gpu,tiny\$" b.plan &&
	grep -q "^      state: active -> inactive\$" b.plan &&
	test_must_fail --exit=2 "$CLUSTERCTL" plan "$FED" --cluster b --json >b.json &&
	python3 "$TRASH/member-change.py" b.json &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan b.json &&
	{ "$CLUSTERCTL" apply "$FED" --cluster b >b.apply 2>&1 || { cat b.apply; false; }; } &&
	wait_for 10 sh -c "bash \"$TOP/scripts/lab.sh\" exec ctl-a scontrol show federation | grep -q \"^Sibling: *b:.* FedState:INACTIVE Features:gpu,tiny \"" &&
	test "$(lab_pid_of ctl-a slurmctld)" = "$pid" &&
	"$CLUSTERCTL" plan "$FED" >again.plan 2>&1 || { cat again.plan; false; }
'

test_expect_success 'import accounting: the federation as the site file has it; planned again, nothing to change' '
	{ "$CLUSTERCTL" import accounting "$FED" >imported.yaml 2>import.err || { cat import.err; false; }; } &&
	sed -n "/^federation:/,\$p" imported.yaml >fed.imported &&
	test_cmp "$TRASH/fed.expect" fed.imported &&
	mkdir -p again && cp "$CLUSTERCTL_LAB/multi/a.yaml" again/ &&
	sed "/^qos:/,\$d" "$CLUSTERCTL_LAB/multi/b.yaml" >again/b.yaml &&
	{ sed "/^qos:/,\$d" "$SITE" && cat imported.yaml; } >again/site.yaml &&
	"$CLUSTERCTL" accounting plan again/site.yaml --prune >again.plan 2>&1 || { cat again.plan; false; }
'

test_expect_success 'import cluster ctl-a ctl-b --site: the federation in site.yaml; it validates and plans nothing' '
	{ "$CLUSTERCTL" import cluster ctl-a ctl-b --site imported-site \
		--ssh-config "$CLUSTERCTL_LAB/ssh/config" >imp.out 2>imp.err ||
		{ cat imp.out imp.err; false; }; } &&
	sed -n "/^federation:/,\$p" imported-site/site.yaml >fed.site &&
	test_cmp "$TRASH/fed.expect" fed.site &&
	"$CLUSTERCTL" validate imported-site/site.yaml &&
	"$CLUSTERCTL" accounting plan imported-site/site.yaml --prune >imp.plan 2>&1 || { cat imp.plan; false; }
'

test_expect_success 'the site without its federation plans nothing; --prune keeps it while the other cluster is a member' '
	{ "$CLUSTERCTL" plan "$SITE" >site.plan 2>&1 || { cat site.plan; false; }; } &&
	test $(grep -c "^plan: no changes" site.plan) = 2 &&
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan "$SITE" --prune >prune.plan 2>&1 &&
	cat prune.plan &&
	grep -q "^  - cluster .a. in federation .multi.\$" prune.plan &&
	grep -q "^  = federation .multi. kept: cluster b uses it (site-wide)\$" prune.plan &&
	grep -q "^  = federation .multi. kept: cluster a uses it (site-wide)\$" prune.plan &&
	grep -q "^  through slurmdbd (sacctmgr): the running slurmctld of cluster .b. caches the federation this changes" prune.plan
'

test_expect_success 'apply --prune: each cluster leaves, the federation goes with the last; nothing left to plan' '
	{ "$CLUSTERCTL" apply "$SITE" --prune >prune.apply 2>&1 || { cat prune.apply; false; }; } &&
	grep -q "^  - federation .multi.\$" prune.apply &&
	lab_exec ctl-a sacctmgr -n -P show federation >none &&
	test_cmp /dev/null none &&
	q "select name, federation, fed_id, fed_state from cluster_table order by name" >left &&
	printf "a\t\t0\t0\nb\t\t0\t0\n" >expect && test_cmp expect left &&
	for c in a b; do
		wait_for 10 sh -c "! bash \"$TOP/scripts/lab.sh\" exec ctl-$c scontrol show federation | grep -q ^Federation:" ||
			{ lab_exec ctl-$c scontrol show federation; false; }
	done &&
	"$CLUSTERCTL" accounting plan "$SITE" --prune >again.plan 2>&1 || { cat again.plan; false; }
'

test_done
