#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3310-import-lab: "clusterctl import accounting" against a real slurmdbd
# and MariaDB in the lab (host ctl). A database seeded by sacctmgr commands
# (an account tree, users in several accounts, coordinators, admin levels,
# QoS with flags, limits, usage factor and preemption) is imported, the
# result appended to the lab inventory, validated, and applied with the sql
# method to a fresh database: every "sacctmgr show" view is the same as the
# source's. The same through a "sacctmgr dump" file (QoS settings aside:
# dumps before 25.05 hold none: named, exit 4), and with --qos FILE
# ("sacctmgr show qos -P") the same qos: as from the database. Then per-association settings (a user whose
# fairshare and limits differ between accounts, partition associations with
# their own limits) are imported as accounts: entries and round-trip the
# same way, from the database and from a dump. What the schema cannot hold
# (limits without a key) is named on stderr, marked at the top of the YAML,
# and exits 4.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

INV=$TRASH/lab.yaml
acct_lab_begin "$INV" ctl

# seed_source: the source database, written by sacctmgr only
seed_source() {
	acct_on sh -e -c '
		S="sacctmgr -i"
		$S modify qos normal set Description=normal >/dev/null
		$S add qos scavenger Description=preemptable Priority=1 PreemptMode=requeue UsageFactor=0.5 >/dev/null
		$S add qos gold Description="Gold service" Priority=100 Flags=DenyOnLimit,NoDecay \
			MaxTRESPerUser=gres/gpu=2,cpu=16 MaxWall=2-00:00:00 GraceTime=120 \
			UsageFactor=1.5 MaxJobsPerUser=10 GrpTRES=mem=20G >/dev/null
		$S modify qos gold set Preempt=scavenger >/dev/null
		$S add account science Description="Science faculty" Organization=campus >/dev/null
		$S add account physics parent=science Fairshare=40 GrpTRES=cpu=64,gres/gpu=8 \
			MaxJobs=20 QOS=normal,gold,scavenger DefaultQOS=normal >/dev/null
		$S add account chem parent=science Fairshare=parent MaxWall=1-00:00:00 >/dev/null
		$S add account ops Description=operations GrpJobs=5 GrpSubmitJobs=50 >/dev/null
		$S add user alice account=physics,chem DefaultAccount=physics QOS=normal,gold \
			DefaultQOS=normal Fairshare=10 MaxJobs=4 MaxSubmitJobs=8 >/dev/null
		$S add user bob account=chem AdminLevel=Operator >/dev/null
		$S add user carol account=ops,physics DefaultAccount=ops AdminLevel=Administrator \
			GrpTRES=cpu=8 MaxWall=12:00:00 >/dev/null
		$S add coordinator account=physics names=alice >/dev/null
		$S add coordinator account=ops names=carol,bob >/dev/null
	'
}

# restart_views VIEWS: restart slurmdbd and slurmctld (which registers its
# TRES, gres/gpu:fake), then write the views: both sides are read so
restart_views() {
	acct_svc slurmdbd restart && acct_wait_dbd && acct_svc slurmctld restart &&
		acct_wait_ctld && acct_views "$1"
}

# apply_fresh YAML VIEWS: seed YAML (sql method) into a fresh database, restart
# the daemons as acct_equivalence does, write the views
apply_fresh() {
	acct_reset_db gres/gpu >/dev/null &&
	acct_seed sql "$1" >"$1.out" 2>&1 || { cat "$1.out"; return 1; }
	restart_views "$2"
}

# compose ACCOUNTING.yaml OUT: the lab inventory with these sections instead
compose() {
	sh "$TOP/bench/acct/compose.sh" "$INV" "$1" >"$2"
}

test_expect_success 'slurmdbd and slurmctld run in the lab' '
	acct_lab_up "$INV" "$TRASH/render" ctl &&
	acct_reset_db gres/gpu >/dev/null &&
	seed_source &&
	restart_views src.views &&
	grep -q "^qos: gold|100|.*|scavenger|" src.views &&
	grep -q "^user: carol|ops|Administrator|ops$" src.views
'

test_expect_success 'import accounting reads the database, exit 0, nothing on stderr' '
	"$CLUSTERCTL" import accounting "$INV" >imp.yaml 2>err &&
	test_cmp /dev/null err &&
	grep -q "^  - {name: alice, accounts: \[physics, chem\]" imp.yaml &&
	grep -q "^      - name: chem" imp.yaml &&
	grep -q "^        fairshare: parent" imp.yaml
'

test_expect_success 'import accounting from an inventory of a cluster name and database: alone' '
	{ printf "cluster:\n  name: lab\n" &&
	  awk "/^database:/ { on = 1; print; next } /^[^ #]/ { on = 0 } on" "$INV"; } >dbonly.yaml &&
	grep -q "^  *host:" dbonly.yaml &&
	"$CLUSTERCTL" import accounting dbonly.yaml >dbonly-imp.yaml 2>err &&
	test_cmp /dev/null err &&
	test_cmp imp.yaml dbonly-imp.yaml
'

test_expect_success 'the import validates and applied to a fresh database gives the same views' '
	compose imp.yaml db.yaml &&
	"$CLUSTERCTL" validate db.yaml &&
	apply_fresh db.yaml db.views &&
	test_cmp src.views db.views
'

# qos_entries: each "  - name:" entry of a qos: section on one line, sorted
qos_entries() {
	awk '/^  - / { if (e != "") print e; e = $0; next } /^    / { e = e " |" $0 }
		END { if (e != "") print e }' | sort
}

# dump_import CFG YAML: a dump with QOS lines (25.05+) imports with exit
# 0; one without names the QoS whose limits it lacks, exit 4
dump_import() {
	if grep -q "^QOS - " "$1"; then
		"$CLUSTERCTL" import accounting --dump "$1" >"$2" 2>err &&
		test_cmp /dev/null err
	else
		test_must_fail --exit=4 "$CLUSTERCTL" import accounting --dump "$1" >"$2" 2>err &&
		grep "^clusterctl: import: QoS .*: the sacctmgr dump holds their names only; " err &&
		test "$(grep -c . err)" = 2
	fi
}

test_expect_success 'the same through a sacctmgr dump file (QoS settings aside)' '
	acct_reset_db gres/gpu >/dev/null && seed_source && restart_views src2.views &&
	acct_on sacctmgr -n dump lab file="$TRASH/src.cfg" >/dev/null 2>&1 &&
	acct_on sacctmgr -P show qos >src-qos.txt &&
	grep -q "^Account - .physics.:" src.cfg &&
	dump_import src.cfg dump.yaml &&
	sed -n "/^qos:/,/^accounts:/p" imp.yaml | sed "\$d" >qos.yaml &&
	{ cat qos.yaml && sed -n "/^accounts:/,\$p" dump.yaml; } >dumpq.yaml &&
	compose dumpq.yaml dump-inv.yaml &&
	"$CLUSTERCTL" validate dump-inv.yaml &&
	apply_fresh dump-inv.yaml dump.views &&
	test_cmp src2.views dump.views
'

test_expect_success 'a dump with --qos (sacctmgr show qos -P) gives the qos: the database import gives' '
	grep -q "^gold|100|" src-qos.txt &&
	"$CLUSTERCTL" import accounting --dump src.cfg --qos src-qos.txt >dumpq2.yaml 2>err &&
	test_cmp /dev/null err &&
	# show qos has no Description column unless format= asks for it (a
	# 25.05+ dump carries them itself): the limits are compared; a dump
	# lists the QoS in the order the associations name them
	sed -n "/^qos:/,/^accounts:/p" dumpq2.yaml | sed "\$d" |
		grep -v "^    description: " | qos_entries >got &&
	grep -v "^    description: " qos.yaml | qos_entries >want &&
	test_cmp want got
'

test_expect_success 'a QoS the associations name that --qos lacks: named, exit 4 (a 25.05+ dump gives it)' '
	grep -v "^gold|" src-qos.txt >lack-qos.txt && ! grep -q "^gold|" lack-qos.txt &&
	if grep -q "^QOS - .gold.:" src.cfg; then
		"$CLUSTERCTL" import accounting --dump src.cfg --qos lack-qos.txt >lack.yaml 2>err &&
		test_cmp /dev/null err
	else
		test_must_fail --exit=4 "$CLUSTERCTL" import accounting --dump src.cfg \
			--qos lack-qos.txt >lack.yaml 2>err && cat err &&
		grep "^clusterctl: import: src.cfg:[0-9]*: QoS .gold. is named here but no QOS line (nor the --qos file) gives it: its limits are unknown" err &&
		test "$(grep -c "is named here" err)" = 1
	fi
'

test_expect_success 'per-account differences and partition associations: imported, exit 0, same views' '
	acct_on sh -e -c "
		S=\"sacctmgr -i\"
		\$S modify user alice where account=chem set fairshare=3 maxjobs=-1 >/dev/null
		\$S add user dave account=ops partition=debug >/dev/null
		\$S add user alice account=physics partition=gpu fairshare=7 maxjobs=2 >/dev/null
		\$S add user bob account=chem partition=debug GrpTRES=cpu=4 >/dev/null
	" &&
	restart_views src3.views &&
	grep -q "^assoc: lab|physics|alice|gpu|" src3.views &&
	"$CLUSTERCTL" import accounting "$INV" >per.yaml 2>err &&
	test_cmp /dev/null err &&
	sed -n "/^  - name: alice\$/,/^  - /p" per.yaml >alice &&
	grep "^      - {account: chem, fairshare: 3, " alice &&
	grep "^      - {account: physics, partition: gpu, fairshare: 7, max_jobs: 2}\$" alice &&
	grep "^    fairshare: 10\$" alice &&
	grep "^      - {account: ops, partition: debug}\$" per.yaml &&
	compose per.yaml per-inv.yaml &&
	"$CLUSTERCTL" validate per-inv.yaml &&
	apply_fresh per-inv.yaml per.views &&
	test_cmp src3.views per.views
'

test_expect_success 'the same per-association settings through a sacctmgr dump file' '
	acct_on sacctmgr -n dump lab file="$TRASH/per.cfg" >/dev/null 2>&1 &&
	grep -q "Partition=.gpu." per.cfg &&
	dump_import per.cfg perd.yaml &&
	{ cat qos.yaml && sed -n "/^accounts:/,\$p" perd.yaml; } >perdq.yaml &&
	compose perdq.yaml perd-inv.yaml &&
	"$CLUSTERCTL" validate perd-inv.yaml &&
	apply_fresh perd-inv.yaml perd.views &&
	test_cmp per.views perd.views
'

test_expect_success 'limits the schema has no key for are named, not dropped' '
	acct_on sacctmgr -i modify qos gold set GrpTRESMins=cpu=1000 >/dev/null &&
	acct_on sacctmgr -i modify account where name=ops set MaxTRESMins=cpu=50 >/dev/null &&
	acct_on sacctmgr -i modify account where name=root set GrpJobs=100 >/dev/null &&
	test_must_fail --exit=4 "$CLUSTERCTL" import accounting "$INV" >mins.yaml 2>err &&
	grep "^clusterctl: import: QoS .gold.: GrpTRESMins .cpu=1000. has no key in the schema: left out\$" err &&
	grep "^clusterctl: import: association of account .ops.: MaxTRESMins .cpu=50. has no key in the schema: left out\$" err &&
	grep "^clusterctl: import: the cluster.s association of account .root.: GrpJobs .100. has no key in the schema: left out\$" err &&
	grep "^#   QoS .gold.: GrpTRESMins" mins.yaml
'

test_done
