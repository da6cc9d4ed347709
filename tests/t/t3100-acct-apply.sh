#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3100-acct-apply: "clusterctl accounting plan|apply" with the sql method on
# the lab (slurmdbd, slurmctld on ctl, slurmd on gpu01/gpu02, MariaDB):
# the first apply seeds, restarts slurmdbd and slurmctld and reads back; a
# second apply changes nothing (plan exits 0, not one row changes); changing
# one QoS limit plans exactly that change and only that row changes; then
# real jobs: over the GPU QoS limit a job pends with QOSMaxGRESPerUser, a
# user without an association is rejected, sacct and sreport work.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

INV=$TRASH/lab.yaml
acct_lab_begin "$INV" ctl gpu01 gpu02

# checksums OUT: CHECKSUM TABLE of every accounting table (any write shows)
checksums() {
	echo 'checksum table acct_table, user_table, qos_table, acct_coord_table, tres_table, cluster_table, txn_table, lab_assoc_table;' |
		acct_sql slurm_acct_db >"$1"
}

# wait_state JID STATE: until squeue shows the job in STATE (30 s)
wait_state() {
	i=0
	while [ $i -lt 60 ]; do
		st=$(acct_on squeue -h -j "$1" -o %T 2>/dev/null)
		[ "$st" = "$2" ] && return 0
		sleep 0.5; i=$((i + 1))
	done
	echo "job $1 is '$st', not $2"
	return 1
}

submit() { acct_on sbatch --parsable -o /dev/null "$@"; }

test_expect_success 'lab: slurmdbd, slurmctld, two slurmd; unix users alice and carol' '
	acct_lab_up "$INV" "$TRASH/render" ctl gpu01 gpu02 &&
	lab add-unix-user alice 5001 >/dev/null &&
	lab add-unix-user carol 5003 >/dev/null
'

test_expect_success 'plan on the fresh database lists the QoS, accounts and users, exits 2' '
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan "$INV" >plan &&
	grep "^  + qos .gpu2.\$" plan &&
	grep "^  + association .alice. in .hep.\$" plan &&
	grep "^  + user .bob.\$" plan
'

test_expect_success 'apply (sql) seeds, restarts the daemons and reads back' '
	"$CLUSTERCTL" accounting apply "$INV" --exec-via "$ACCT_VIA" >out &&
	grep "applied and read back" out &&
	acct_on sacctmgr -n -P show assoc where user=alice format=account,qos >actual &&
	echo "hep|gpu2,normal" >expect &&
	test_cmp expect actual &&
	acct_nested_ok
'

test_expect_success 'a second apply changes nothing: plan exits 0, no table changes' '
	checksums before &&
	"$CLUSTERCTL" accounting plan "$INV" >plan &&
	grep "^  no changes\$" plan &&
	"$CLUSTERCTL" accounting apply "$INV" --exec-via "$ACCT_VIA" >out &&
	grep "nothing to change" out &&
	checksums after &&
	test_cmp before after
'

test_expect_success 'changing one QoS limit plans exactly that change; only that row changes' '
	sed "s/max_tres_per_user: {gres\\/gpu: 2}/max_tres_per_user: {gres\\/gpu: 1}/" "$INV" >one.yaml &&
	! cmp -s "$INV" one.yaml &&
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan one.yaml >plan &&
	sed -n "/^  [~+-] /,\$p" plan >actual &&
	cat >expect <<-\EOF &&
	  ~ qos '"'"'gpu2'"'"'
	      max_tres_per_user: gres/gpu=2 -> gres/gpu=1
	  0 to add, 1 to change, 0 to remove
	EOF
	test_cmp expect actual &&
	acct_rows rows.before &&
	"$CLUSTERCTL" accounting apply one.yaml --exec-via "$ACCT_VIA" >out &&
	acct_rows rows.after &&
	diff rows.before rows.after | grep "^[<>]" >changed;
	test $(wc -l <changed) = 2 &&
	grep "^< qos_table: .*name=gpu2 .*max_tres_pu=gres/gpu=2 " changed &&
	grep "^> qos_table: .*name=gpu2 .*max_tres_pu=gres/gpu=1 " changed &&
	"$CLUSTERCTL" accounting plan one.yaml >plan
'

test_expect_success 'over the GPU QoS limit a job pends with reason QOSMaxGRESPerUser' '
	a=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:1 --wrap "sleep 60") &&
	wait_state "$a" RUNNING &&
	b=$(submit --uid=alice -A hep --qos=gpu2 -p gpu --gres=gpu:1 --wrap "sleep 1") &&
	i=0 &&
	while [ $i -lt 30 ]; do
		r=$(acct_on squeue -h -j "$b" -o %r)
		[ "$r" = QOSMaxGRESPerUser ] && break
		sleep 0.5; i=$((i + 1))
	done &&
	echo QOSMaxGRESPerUser >expect && echo "$r" >actual &&
	test_cmp expect actual &&
	acct_on scancel "$a" "$b" &&
	acct_on sacct -n -X -P -j "$a" -o User,Account,QOS >actual &&
	echo "alice|hep|gpu2" >expect &&
	test_cmp expect actual
'

test_expect_success 'a user without an association is rejected at submit' '
	test_must_fail acct_on sbatch --uid=carol -p gpu -o /dev/null --wrap true 2>err &&
	grep -i "invalid account" err
'

test_expect_success 'sreport answers for the cluster' '
	acct_on sreport -n -P cluster utilization >rep &&
	acct_on sreport -n -P user top >/dev/null
'

test_expect_success 'a new QoS may preempt a QoS that comes after it' '
	sed "/^accounts:/i\\
  - {name: urgent, priority: 100, preempt: [scavenger], preempt_mode: cancel}\\
  - {name: scavenger}" one.yaml >preempt.yaml &&
	"$CLUSTERCTL" accounting apply preempt.yaml --exec-via "$ACCT_VIA" >out &&
	acct_on sacctmgr -n -P show qos urgent format=Preempt,PreemptMode >actual &&
	echo "scavenger|cancel" >expect &&
	test_cmp expect actual &&
	"$CLUSTERCTL" accounting plan preempt.yaml >plan &&
	grep "^  no changes\$" plan
'

test_done
