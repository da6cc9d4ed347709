#!/bin/sh
# t3010-acct-cli: the accounting commands without any daemon: usage and exit
# codes, export-sacctmgr output for every inventory, and the error for an
# inventory without a database or with an unreachable one.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'accounting --help prints usage and exit codes, exits 0' '
	"$CLUSTERCTL" accounting --help >out &&
	grep "^usage: clusterctl accounting plan INVENTORY" out &&
	grep "^  2   plan, diff: changes pending" out
'

test_expect_success 'accounting without a verb or with extra words is a usage error' '
	test_must_fail --exit=64 "$CLUSTERCTL" accounting 2>err &&
	grep "^usage:" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" accounting frob "$TOP/inventories/lab.yaml" &&
	test_must_fail --exit=64 "$CLUSTERCTL" accounting plan a.yaml b.yaml &&
	test_must_fail --exit=64 "$CLUSTERCTL" export-sacctmgr
'

for name in lab skynet gcp-g2 lri-spice; do
	test_expect_success "export-sacctmgr $name: a load file with every account and user" "
		\"\$CLUSTERCTL\" export-sacctmgr \"\$TOP/inventories/$name.yaml\" >flat &&
		grep -q \"^Cluster - '\" flat &&
		\"\$CLUSTERCTL\" export-sacctmgr --commands \"\$TOP/inventories/$name.yaml\" >cmds &&
		! grep -v '^sacctmgr -i \\|^if sacctmgr ' cmds &&
		n=\$(grep -c \"^Account - \" flat) &&
		test \"\$n\" = \"\$(grep -c '^sacctmgr -i add account ' cmds)\"
	"
done

test_expect_success 'an invalid inventory exits 3' '
	printf "cluster: {name: x}\n" >bad.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" accounting plan bad.yaml 2>err &&
	test_must_fail --exit=3 "$CLUSTERCTL" export-sacctmgr bad.yaml 2>err
'

test_expect_success 'no database section: one clear error, exit 1' '
	sed "/^database:/,/^\$/d" "$TOP/inventories/lab.yaml" >nodb.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan nodb.yaml 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^clusterctl: accounting: the inventory has no database: section" err
'

test_expect_success 'unreachable database: one clear error, exit 1' '
	echo x >pass &&
	sed -e "s/^\\(  *port:  *\\)3307 *\$/\\11/" -e "s|password_file: .*|password_file: $TRASH/pass|" \
		"$TOP/inventories/lab.yaml" >down.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan down.yaml 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^clusterctl: accounting: cannot connect to MariaDB at 127.0.0.1:1 as .slurm.: " err
'

test_done
