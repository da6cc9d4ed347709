#!/bin/sh
# bench/acct/import.sh [USERS [ACCOUNTS]]: "clusterctl import accounting" of
# a database holding USERS users (default 10000) in ACCOUNTS accounts (100),
# seeded with clusterctl's sql method in the project lab (ctl + MariaDB),
# and of the same data as a sacctmgr flat file (--dump). Each is run three
# times; the table gives every wall time (seconds), the YAML's size and its
# user count, checked against the seed.
USERS=${1:-10000} ACCOUNTS=${2:-100}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL

. "$TOP/tests/t/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$HERE/lib-acct.sh"
BASE=$TRASH/lab.yaml
acct_bench_lab "$BASE" ctl

now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{ printf "%.2f", $2 - $1 }'; }

acct_big_inventory "$BASE" "$USERS" "$ACCOUNTS" >big.yaml
"$CLUSTERCTL" export-sacctmgr big.yaml >big.cfg || exit 1
acct_reset_db gres/gpu >/dev/null && acct_seed sql big.yaml >seed.out 2>&1 ||
	{ cat seed.out >&2; exit 1; }

row() {
	label=$1
	shift
	t=
	for i in 1 2 3; do
		a=$(now)
		"$@" >imp.yaml 2>imp.err || { cat imp.err >&2; exit 1; }
		b=$(now)
		t="$t $(secs "$a" "$b")"
	done
	n=$(grep -c "^  - {name: u[0-9]" imp.yaml)
	[ "$n" = "$USERS" ] || { echo "$label: $n users in the YAML, not $USERS" >&2; exit 1; }
	printf '| %s | %s | %s KB | %s |\n' "$label" "$(echo $t | sed 's/ / \/ /g')" \
		"$(( $(wc -c <imp.yaml) / 1024 ))" "$n"
}

echo "| $USERS users, $ACCOUNTS accounts | wall (s), 3 runs | YAML | users |"
echo "|---|---|---|---|"
row "import accounting (database)" "$CLUSTERCTL" import accounting big.yaml.sql.yaml
row "import accounting --dump" "$CLUSTERCTL" import accounting --dump big.cfg
test_done >/dev/null
