#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3200-acct-faults: accounting against a database that misbehaves. A wrong
# password, an unreachable database and an unknown schema version each give
# one clear error and change nothing; MariaDB killed in the middle of a large
# sql apply leaves the database exactly as before; names with quotes,
# backslashes or semicolons are refused by validation, and such text in
# descriptions is stored verbatim (as sacctmgr stores it), never executed.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

INV=$TRASH/lab.yaml
acct_lab_begin "$INV" ctl

# checksums FILE: every table the apply writes. slurmctld's own registration
# with a (re)started slurmdbd is Slurm's write, not the apply's, and may land
# at any moment: cluster_table is compared by acct_rows (without the
# registration's columns) and its txn rows (action 1430, "control_host=...")
# are left out here.
checksums() {
	{ echo 'checksum table acct_table, user_table, qos_table, acct_coord_table, tres_table, lab_assoc_table, convert_version_table;' |
		acct_sql slurm_acct_db &&
	  echo "select timestamp, action, name, actor, info from txn_table where not (action = 1430 and info like 'control_host=%') order by timestamp, action, name, info;" |
		acct_sql slurm_acct_db | cksum; } >"$1"
}

test_expect_success 'lab: slurmdbd and slurmctld; the lab inventory seeded' '
	acct_lab_up "$INV" "$TRASH/render" ctl &&
	"$CLUSTERCTL" accounting apply "$INV" --exec-via "$ACCT_VIA" >out &&
	checksums seeded
'

test_expect_success 'wrong password: one clear error, exit 1, password not shown' '
	echo not-the-password >wrong.pass &&
	sed "s|password_file: .*|password_file: $TRASH/wrong.pass|" "$INV" >wrong.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting apply wrong.yaml --exec-via "$ACCT_VIA" >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^clusterctl: accounting: cannot connect to MariaDB at 127.0.0.1:$LAB_DB_PORT as .slurm.: Access denied" err &&
	! grep -q not-the-password err out &&
	checksums now && test_cmp seeded now
'

test_expect_success 'unreachable database: one clear error, exit 1' '
	sed "s/^\\(  *port:  *\\)$LAB_DB_PORT *\$/\\11/" "$INV" >down.yaml &&
	! cmp -s "$INV" down.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan down.yaml >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^clusterctl: accounting: cannot connect to MariaDB at 127.0.0.1:1 as .slurm.: " err
'

test_expect_success 'unknown schema version: refused before anything is stopped or written' '
	v=$(echo "select max(version) from convert_version_table;" | acct_sql -N slurm_acct_db) &&
	echo "update convert_version_table set version=99;" | acct_sql slurm_acct_db &&
	checksums v99 &&
	sed "s/max_tres_per_user: {gres\\/gpu: 2}/max_tres_per_user: {gres\\/gpu: 1}/" "$INV" >one.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting apply one.yaml --exec-via "$ACCT_VIA" >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "schema version 99 (convert_version_table), .*which the sql method does not know" err &&
	grep "use db.method: sacctmgr\$" err &&
	checksums now && test_cmp v99 now &&
	acct_on lab-service slurmdbd status &&
	echo "update convert_version_table set version=$v;" | acct_sql slurm_acct_db
'

# The audit rows go in last, just before COMMIT: a second session holding a
# write lock on txn_table stops the apply there, with every other row of the
# transaction written and not committed; then MariaDB is killed.
test_expect_success 'MariaDB killed in the middle of a large apply: the database is as before' '
	{ sed "/^qos:/,\$d" "$INV" | sed -e "s/, *qos: *[a-z0-9_]*}/}/" &&
	  python3 "$TOP/bench/acct/gen.py" 3000 50; } >big.yaml &&
	checksums before &&
	acct_rows rows.before &&
	{ echo "lock tables txn_table write; select sleep(120);" | acct_sql slurm_acct_db >/dev/null 2>&1 & } &&
	{ "$CLUSTERCTL" accounting apply big.yaml --exec-via "$ACCT_VIA" >big.out 2>big.err & } &&
	i=0 &&
	until echo "select count(*) from information_schema.innodb_trx where trx_rows_modified > 3000" |
		acct_sql -N | grep -qv "^0\$"; do
		i=$((i + 1)); test $i -lt 300 || { echo "no large transaction seen"; return 1; }
		sleep 0.1
	done &&
	kill -9 "$(cat "$CLUSTERCTL_LAB/mysqld.pid")" &&
	wait &&
	test_must_fail grep "applied" big.out &&
	grep -i "database error\|MariaDB\|server" big.err &&
	lab db-up >/dev/null &&
	checksums after &&
	test_cmp before after &&
	acct_rows rows.after &&
	test_cmp rows.before rows.after
'

test_expect_success 'names with quotes, backslashes or semicolons are refused by validation' '
	{ sed "/^accounts:/,\$d" "$INV" &&
	  printf "accounts:\n  - {name: \"a'"'"'b;c\"}\nusers:\n  - {name: \"u\\\\\\\\x\", accounts: [physics]}\n"; } >bad.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" accounting plan bad.yaml 2>err &&
	grep "invalid account name" err &&
	grep "invalid user name" err
'

test_expect_success 'quotes, backslashes and semicolons in descriptions are stored verbatim' '
	sed "s/description: physics department/description: \"It'"'"'s; DROP TABLE acct_table; -- back\\\\\\\\slash\"/" "$INV" >desc.yaml &&
	grep -F "DROP TABLE" desc.yaml &&
	"$CLUSTERCTL" accounting apply desc.yaml --exec-via "$ACCT_VIA" >out &&
	acct_on sacctmgr -n -P show account physics format=descr >actual &&
	printf "%s\n" "it\`s; drop table acct_table; -- back\\slash" >expect &&
	test_cmp expect actual &&
	echo "select count(*) from acct_table where name=\"root\";" | acct_sql -N slurm_acct_db >n &&
	echo 1 >expect && test_cmp expect n
'

# A row changed by someone else between the transaction and the read-back
# (here: right after slurmdbd comes back) is what the read-back is for.
test_expect_success 'a QoS changed behind the apply: the read-back names it, plan shows it' '
	cat >meddle.sh <<-EOF &&
	#!/bin/sh
	$ACCT_VIA "\$@"; rc=\$?
	case "\$4" in *"slurmdbd start"*|*"start slurmdbd"*)
		echo "update qos_table set priority=99 where name=\"gpu2\";" |
			$ACCT_SQL slurm_acct_db ;;
	esac
	exit \$rc
	EOF
	chmod +x meddle.sh &&
	sed "s/max_tres_per_user: {gres\\/gpu: 2}/max_tres_per_user: {gres\\/gpu: 1}/" "$INV" >one.yaml &&
	! cmp -s "$INV" one.yaml &&
	test_must_fail "$CLUSTERCTL" accounting apply one.yaml --exec-via "$TRASH/meddle.sh" >out 2>err &&
	cat err &&
	grep "read back from sacctmgr on .ctl. differs (1): QoS .gpu2. Priority is .99., expected .10." err &&
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan one.yaml >plan.out &&
	grep "priority" plan.out &&
	"$CLUSTERCTL" accounting apply one.yaml --exec-via "$ACCT_VIA" >out &&
	"$CLUSTERCTL" accounting plan one.yaml
'

test_done
