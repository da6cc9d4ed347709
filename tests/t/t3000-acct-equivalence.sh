#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3000-acct-equivalence: for the accounting part of every inventory in
# inventories/ and of a generated one, a fresh database seeded with
# clusterctl's sql method and one seeded with the equivalent sacctmgr
# commands (the sacctmgr method) read back the same: every "sacctmgr show
# cluster|account|user|assoc|qos|tres -P" view and every row of the
# accounting tables (timestamps, ids and sibling order aside) and slurmctld's
# associations (scontrol show assoc_mgr) are identical, and lft/rgt form a
# valid nested set of the account tree; on Slurm 24.11 (SLURM_VERSION) also
# lineage and id_parent, both before a slurmctld registered the cluster
# (slurmdbd keeps lft/rgt then) and after (new rows keep lft = rgt = 0); on
# 26.05 the tree is lineage and id_parent alone (no lft/rgt columns).
# Real slurmdbd, slurmctld and MariaDB in the lab (host ctl).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

INV=$TRASH/lab.yaml
acct_lab_begin "$INV" ctl

test_expect_success 'slurmdbd and slurmctld run in the lab from the rendered files' '
	acct_lab_up "$INV" "$TRASH/render" ctl &&
	acct_on sacctmgr -n -P show cluster format=cluster >actual &&
	echo lab >expect &&
	test_cmp expect actual
'

for name in lab skynet gcp-g2 aicloud lri-spice; do
	test_expect_success "$name: sql seed and sacctmgr seed are the same" "
		sh \"\$TOP/bench/acct/compose.sh\" \"\$INV\" \"\$TOP/inventories/$name.yaml\" >c-$name.yaml &&
		acct_equivalence c-$name.yaml eq-$name
	"
done

test_expect_success 'generated (300 users, 30 accounts, GPU QoS): sql seed and sacctmgr seed are the same' '
	{ sed "/^qos:/,\$d" "$INV" | sed -e "s/, *qos: *[a-z0-9_]*}/}/" &&
	  python3 "$TOP/bench/acct/gen.py" 300 30; } >gen.yaml &&
	acct_equivalence gen.yaml eq-gen &&
	test $(grep -c "^assoc: " eq-gen.sql.views) -gt 330
'

if [ "${SLURM_VERSION:-22.05}" != 22.05 ]; then
	test_expect_success 'registered cluster (lft/rgt stay 0): skynet and generated, sql seed and sacctmgr seed are the same' '
		ACCT_REGISTERED=1 &&
		acct_equivalence c-skynet.yaml reg-skynet &&
		acct_equivalence gen.yaml reg-gen;
		rc=$? && ACCT_REGISTERED=0 && test $rc = 0 &&
		grep "^lineage ok ([0-9]* rows flat)\$" reg-skynet.sql.tree &&
		grep "^lineage ok ([0-9]* rows flat)\$" reg-gen.sacctmgr.tree &&
		if [ "$SLURM_VERSION" = 24.11 ]; then
			grep "^nested set ok\$" eq-skynet.sql.tree
		else
			grep "^lineage ok ([0-9]* rows flat)\$" eq-skynet.sql.tree
		fi &&
		grep -q "^lab_assoc_table: .*lineage=/[^ ]*/0-[^ ]*/ " reg-skynet.sql.rows
	'
fi

test_expect_success 'the seeds are not vacuous: skynet has accounts, users and QoS limits' '
	grep -q "^qos: .*gres/gpu=" eq-skynet.sql.views &&
	test $(grep -c "^user: " eq-skynet.sql.views) -gt 3 &&
	grep -q "^lab_assoc_table: .*is_def=1" eq-skynet.sql.rows
'

test_done
