#!/bin/sh
# bench/acct/threshold.sh [BASE_USERS [ACCOUNTS [K...]]]: where database.method
# auto should switch from sacctmgr (through slurmdbd, nothing restarts) to sql
# (slurmdbd stopped, one transaction, slurmdbd and slurmctld restarted). A
# database seeded with BASE_USERS users (default 1000) in ACCOUNTS accounts
# (20) gets K more users (default 1 10 50 200 1000) with each method, from the
# same seeded state each time; prints the changed rows and both times.
# Environment as bench/acct/run.sh (ACCT_ON, ACCT_VIA, ACCT_SQL, ACCT_BASE), or
# without it the project lab is brought up (ctl, gpu01) and stopped at the end.
BASE_USERS=${1:-1000} ACCOUNTS=${2:-20}
[ $# -gt 2 ] && shift 2 && KS=$* || KS="1 10 50 200 1000"
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL

if [ -z "${ACCT_ON:-}" ]; then
	. "$TOP/tests/t/test-lib.sh"
	. "$TOP/tests/t/lib-lab.sh"
	OWN_LAB=1
	. "$HERE/lib-acct.sh"
	BASE=$TRASH/lab.yaml
	acct_bench_lab "$BASE" ctl gpu01
	W=$TRASH
else
	. "$HERE/lib-acct.sh"
	W=$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-bench-threshold.XXXXXX")
	BASE=${ACCT_BASE:?ACCT_BASE: the lab inventory to build on}
fi
cd "$W" || exit 1

now() { date +%s.%N; }
inv() { acct_big_inventory "$BASE" "$1" "$ACCOUNTS" "$2"; } # inv USERS METHOD
seed() {
	acct_reset_db gres/gpu >/dev/null &&
	inv "$BASE_USERS" sql >base.yaml &&
	"$CLUSTERCTL" accounting apply base.yaml --exec-via "$ACCT_VIA" >seed.out 2>&1 &&
	acct_wait_ctld
}

echo "| users added | changed rows | sacctmgr method (s) | sql method (s) |"
echo "| --- | --- | --- | --- |"
for k in $KS; do
	row=""
	for m in sacctmgr sql; do
		seed || { cat seed.out >&2; exit 1; }
		inv $((BASE_USERS + k)) "$m" >k.yaml
		rows=$("$CLUSTERCTL" accounting plan k.yaml | sed -n 's/^  \([0-9]*\) to add, \([0-9]*\) to change, \([0-9]*\) to remove$/\1 \2 \3/p' |
			awk '{ print $1 + $2 + $3 }')
		t0=$(now)
		"$CLUSTERCTL" accounting apply k.yaml --exec-via "$ACCT_VIA" >apply.out 2>&1 ||
			{ tail -3 apply.out >&2; exit 1; }
		t1=$(now)
		row="$row | $(echo "$t1 - $t0" | bc)"
	done
	echo "| $k | $rows$row |"
done
# the scratch directory goes (the test library's by test_done, which exits)
[ -n "${OWN_LAB:-}" ] && test_done >/dev/null
cd / && rm -rf "$W"
