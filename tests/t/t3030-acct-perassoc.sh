#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3030-acct-perassoc: per-association settings and partition associations
# (users[].accounts[] entries {account: A, partition: P, ...}) on a real
# slurmdbd, slurmctld and MariaDB in the lab (host ctl), by t3000's method:
# seeded with the sql method and with the sacctmgr method, every "sacctmgr
# show" view and every table row is the same; a change of the user-level
# settings (which sacctmgr's "modify user where account=A" also spreads to
# the partition associations in A) ends the same by both methods; the
# read-back names a partition association changed behind the apply;
# --prune removes a dropped partition association as "sacctmgr delete"
# does (t3020's method: views, rows, nested set and audit rows equal); the
# export-sacctmgr flat file loaded by "sacctmgr load" gives the same views;
# add-user --apply adds a user with a partition association of its own.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

INV=$TRASH/lab.yaml
acct_lab_begin "$INV" ctl

# per_users: the lab users replaced by ones with per-association settings
per_users() {
	sed "/^users:/,\$d" "$INV" && cat <<-\EOF
	users:
	  - name: alice
	    qos: [normal, gpu2]
	    default_qos: normal
	    fairshare: 5
	    max_jobs: 10
	    accounts:
	      - hep
	      - {account: hep, partition: gpu, fairshare: 8, qos: [gpu2], default_qos: gpu2,
	         grp_tres: {gres/gpu: 2}}
	      - {account: physics, fairshare: parent, max_jobs: 4, max_wall: "02:00:00"}
	      - {account: physics, partition: debug, max_submit_jobs: 5}
	  - name: bob
	    admin_level: operator
	    accounts: [physics, {account: hep, partition: gpu, max_submit_jobs: 3}]
	  - name: carol
	    default_account: hep
	    accounts:
	      - {account: physics, partition: debug}
	      - {account: hep, partition: gpu, max_jobs: 2}
	      - {account: hep, partition: debug}
	EOF
}

# removal_txns OUT: the audit rows of association and user removals, sorted
removal_txns() {
	echo "select action, name, actor, cluster, coalesce(info, 'NULL') from txn_table where action in (1437, 1439);" |
		acct_sql -N slurm_acct_db | sort >"$1"
}

# method_run METHOD NAME BASE NEXT [--prune]: a fresh database seeded from
# BASE by the sql method, then NEXT applied by METHOD; leaves
# NAME.METHOD.{views,rows,nset,txn}; afterwards a plan has nothing to do
method_run() {
	acct_reset_db $tres >/dev/null &&
	acct_seed sql "$3" >"$2.$1.seed" 2>&1 || { cat "$2.$1.seed"; return 1; }
	sed "s/^\\(  *method:\\).*/\\1 $1/" "$4" >"$4.$1.yaml" &&
	"$CLUSTERCTL" accounting apply "$4.$1.yaml" ${5:-} --exec-via "$ACCT_VIA" >"$2.$1.out" 2>&1 ||
		{ cat "$2.$1.out"; return 1; }
	acct_svc slurmdbd restart && acct_wait_dbd && acct_svc slurmctld restart &&
		acct_wait_ctld || return 1
	acct_views "$2.$1.views" && acct_rows "$2.$1.rows" && acct_tree_rows "$2.$1.nset" &&
	removal_txns "$2.$1.txn" && acct_nested_ok &&
	"$CLUSTERCTL" accounting plan "$4.$1.yaml" ${5:-} >"$2.$1.plan" ||
		{ cat "$2.$1.plan"; return 1; }
}

# methods_same NAME BASE NEXT [--prune]: both methods end the same
methods_same() {
	tres=$(acct_tres_of "$2") || return 1
	method_run sql "$@" && method_run sacctmgr "$@" &&
	diff -u "$1.sacctmgr.views" "$1.sql.views" &&
	diff -u "$1.sacctmgr.rows" "$1.sql.rows" &&
	diff -u "$1.sacctmgr.nset" "$1.sql.nset" &&
	diff -u "$1.sacctmgr.txn" "$1.sql.txn"
}

test_expect_success 'slurmdbd and slurmctld run in the lab' '
	acct_lab_up "$INV" "$TRASH/render" ctl &&
	per_users >per.yaml &&
	"$CLUSTERCTL" validate per.yaml
'

test_expect_success 'sql seed and sacctmgr seed are the same: views and rows' '
	acct_equivalence per.yaml eq &&
	grep "^assoc: lab|hep|alice|gpu||8|.*|gres/gpu=2|.*|gpu2|gpu2\$" eq.sql.views &&
	grep "^assoc: lab|hep|alice|||5|.*|gpu2,normal|normal\$" eq.sql.views &&
	grep "^assoc: lab|physics|alice|||parent|.*|4|.*|02:00:00|" eq.sql.views &&
	grep "^assoc: lab|hep|carol|debug|" eq.sql.views &&
	grep "^user: carol|hep|None|" eq.sql.views &&
	test $(grep -c "^lab_assoc_table: .*is_def=1" eq.sql.rows) -ge 3 &&
	"$CLUSTERCTL" accounting plan per.yaml.sacctmgr.yaml
'

test_expect_success 'a user-level change that sacctmgr spreads to partition rows ends the same' '
	sed -e "s/^    fairshare: 5\$/    fairshare: 6/" -e "s/^    max_jobs: 10\$/    max_jobs: 11/" \
		per.yaml >per2.yaml &&
	! cmp -s per.yaml per2.yaml &&
	methods_same chg per.yaml per2.yaml &&
	grep "^assoc: lab|hep|alice|gpu||8|" chg.sql.views &&
	grep "^assoc: lab|hep|alice|||6|" chg.sql.views &&
	grep "^assoc: lab|physics|alice|debug||6|" chg.sql.views
'

test_expect_success 'prune: a dropped partition association goes as sacctmgr delete takes it' '
	sed -e "/^      - {account: physics, partition: debug, max_submit_jobs: 5}\$/d" \
		-e "/^      - {account: hep, partition: debug}\$/d" per.yaml >pruned.yaml &&
	test $(($(wc -l <per.yaml) - $(wc -l <pruned.yaml))) = 2 &&
	methods_same prune per.yaml pruned.yaml --prune &&
	! grep "^assoc: lab|physics|alice|debug|" prune.sql.views &&
	! grep "^assoc: lab|hep|carol|debug|" prune.sql.views &&
	grep "^assoc: lab|physics|carol|debug|" prune.sql.views &&
	test $(wc -l <prune.sql.txn) = 2
'

test_expect_success 'read-back names a partition association changed behind the apply' '
	cat >meddle.sh <<-EOF &&
	#!/bin/sh
	$ACCT_VIA "\$@"; rc=\$?
	case "\$4" in *"slurmdbd start"*|*"start slurmdbd"*)
		echo "update lab_assoc_table set max_jobs=9 where user=\"carol\" and \\\`partition\\\`=\"gpu\";" |
			$ACCT_SQL slurm_acct_db ;;
	esac
	exit \$rc
	EOF
	chmod +x meddle.sh &&
	acct_reset_db $(acct_tres_of per.yaml) >/dev/null &&
	test_must_fail "$CLUSTERCTL" accounting apply per.yaml --exec-via "$TRASH/meddle.sh" >out 2>err &&
	grep "differs (1): association .carol. in .hep. partition .gpu. MaxJobs is .9., expected .2." err &&
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan per.yaml >plan.out &&
	grep "association .carol. in .hep. partition .gpu." plan.out
'

test_expect_success 'export-sacctmgr: its flat file through sacctmgr load gives the same views' '
	"$CLUSTERCTL" export-sacctmgr per.yaml >flat.cfg &&
	grep "^User - .alice.:DefaultAccount=.hep.:Partition=.gpu.:" flat.cfg &&
	sed -n "s/^#   \\(sacctmgr -i .*\\)/\\1/p" flat.cfg >qos.sh &&
	test -s qos.sh &&
	acct_reset_db $(acct_tres_of per.yaml) >/dev/null &&
	lab put ctl qos.sh /tmp/qos.sh 0644 root:root &&
	lab put ctl flat.cfg /tmp/flat.cfg 0644 root:root &&
	acct_on sh -e /tmp/qos.sh >/dev/null &&
	acct_on sacctmgr -i load file=/tmp/flat.cfg >load.out 2>&1 &&
	acct_svc slurmdbd restart && acct_wait_dbd && acct_svc slurmctld restart && acct_wait_ctld &&
	acct_views flat.views &&
	diff -u eq.sql.views flat.views
'

test_expect_success 'add-user --apply: a user with a partition association of its own' '
	acct_reset_db $(acct_tres_of per.yaml) >/dev/null &&
	acct_seed sacctmgr per.yaml >seed.out 2>&1 &&
	cp per.yaml.sacctmgr.yaml au.yaml &&
	"$CLUSTERCTL" add-user au.yaml dave --account physics \
		--account "{account: hep, partition: gpu, max_jobs: 2}" --apply >out 2>&1 ||
		{ cat out; false; } &&
	sed -n "/^  - name: dave\$/,\$p" au.yaml >dave &&
	printf "%s\n" "  - name: dave" "    accounts: [physics, {account: hep, partition: gpu, max_jobs: 2}]" >expect &&
	test_cmp expect dave &&
	acct_on sacctmgr -n -P show assoc where users=dave format=account,partition,maxjobs >actual &&
	sort actual >got &&
	printf "hep|gpu|2\nphysics||\n" >expect &&
	test_cmp expect got &&
	"$CLUSTERCTL" accounting plan au.yaml
'

test_done
