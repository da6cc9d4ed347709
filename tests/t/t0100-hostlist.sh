#!/bin/sh
# t0100-hostlist: "clusterctl hostlist" against the real Slurm. Several
# hundred generated expressions (random prefixes, widths, ranges, one to
# three bracket groups, several per list) must expand exactly as
# "scontrol show hostnames" expands them; compress must round-trip
# (expand(compress(x)) == sorted unique x) and agree with
# "scontrol show hostlist" fed the same names in our order.
# scontrol needs no daemon, only a slurm.conf naming a cluster.
# HOSTLIST_SEED and HOSTLIST_CASES vary the generated set.
. "$(dirname "$0")/test-lib.sh"

command -v scontrol >/dev/null 2>&1 || test_skip_or_die 'scontrol not installed'
printf 'ClusterName=t0100\nSlurmctldHost=localhost\n' >slurm.conf
SLURM_CONF=$TRASH/slurm.conf
export SLURM_CONF
scontrol show hostnames 'n[1-2]' >/dev/null 2>&1 ||
	test_skip_or_die 'scontrol show hostnames does not run'

seed=${HOSTLIST_SEED:-100}
cases=${HOSTLIST_CASES:-300}

# One expression per line: 1-3 comma-separated tokens, each a prefix with
# 0-3 bracket groups of 1-3 ranges or singles, zero padding at random.
gen_exprs() {
	awk -v seed="$1" -v n="$2" '
	function num(w,   v) { v = int(rand() * 30); return sprintf("%0" w "d", v) }
	function range(   w, lo, hi) {
		w = (rand() < 0.4) ? 1 + int(rand() * 3) : 1
		lo = int(rand() * 25)
		if (rand() < 0.3) return sprintf("%0" w "d", lo)
		hi = lo + int(rand() * 12)
		return sprintf("%0" w "d-%0" w "d", lo, hi)
	}
	function group(   k, i, s) {
		k = 1 + int(rand() * 3); s = range()
		for (i = 1; i < k; i++) s = s "," range()
		return "[" s "]"
	}
	function token(   g, i, s) {
		s = pre[1 + int(rand() * npre)]
		g = int(rand() * 4)
		if (g == 0) return s num(1 + int(rand() * 2))
		for (i = 0; i < g; i++) {
			if (i) s = s sep[1 + int(rand() * nsep)]
			s = s group()
		}
		return s
	}
	BEGIN {
		srand(seed)
		npre = split("n gpu node- rack1-n a1b x-y- c.d ib", pre, " ")
		nsep = split("- x n -ib- _", sep, " ")
		for (c = 0; c < n; c++) {
			t = 1 + int(rand() * 3); e = token()
			for (j = 1; j < t; j++) e = e "," token()
			print e
		}
	}'
}

gen_exprs "$seed" "$cases" >exprs

test_expect_success 'generated expressions are many and varied' '
	test "$(wc -l <exprs)" -eq "$cases" &&
	grep -q "\]-\[\|\]x\[\|\]n\[\|\]_\[" exprs &&
	grep -q "\[0[0-9]" exprs
'

test_expect_success 'expand matches scontrol show hostnames' '
	fails=0
	while IFS= read -r e; do
		"$CLUSTERCTL" hostlist expand "$e" >ours || { echo "failed: $e"; fails=$((fails + 1)); continue; }
		scontrol show hostnames "$e" >theirs
		cmp -s ours theirs || { echo "differs: $e"; diff ours theirs | head -5; fails=$((fails + 1)); }
	done <exprs
	test "$fails" -eq 0
'

test_expect_success 'compress round-trips and agrees with scontrol show hostlist' '
	fails=0
	while IFS= read -r e; do
		"$CLUSTERCTL" hostlist expand "$e" | sort -u >want
		folded=$("$CLUSTERCTL" hostlist compress <want) || { echo "failed: $e"; fails=$((fails + 1)); continue; }
		"$CLUSTERCTL" hostlist expand "$folded" >back
		sort -u back >back.sorted
		cmp -s want back.sorted || { echo "round trip: $e -> $folded"; fails=$((fails + 1)); }
		# no name twice: the folded list is already unique
		test "$(wc -l <back)" -eq "$(wc -l <want)" || { echo "duplicates: $folded"; fails=$((fails + 1)); }
		slurm=$(scontrol show hostlist "$(paste -sd, back)")
		test "$slurm" = "$folded" || { echo "scontrol: $slurm ours: $folded"; fails=$((fails + 1)); }
	done <exprs
	test "$fails" -eq 0
'

test_expect_success 'compress reads names from stdin, blank or comma separated' '
	printf "gpu003 gpu001\ngpu002,login1\n" | "$CLUSTERCTL" hostlist compress >out &&
	echo "gpu[001-003],login1" >expect &&
	test_cmp expect out
'

test_expect_success 'compress accepts expressions and names as arguments' '
	"$CLUSTERCTL" hostlist compress "n[1-3]" n4 "n[08-09]" >out &&
	echo "n[1-4,08-09]" >expect &&
	test_cmp expect out &&
	scontrol show hostnames "$(cat out)" >theirs &&
	printf "n1\nn2\nn3\nn4\nn08\nn09\n" >expect &&
	test_cmp expect theirs
'

test_expect_success '10,000 shuffled names fold to one range per prefix' '
	{ seq -f "gpu%05g" 1 10000; seq -f "cpu%g" 1 2000; } | shuf >names &&
	"$CLUSTERCTL" hostlist compress <names >out &&
	echo "cpu[1-2000],gpu[00001-10000]" >expect &&
	test_cmp expect out
'

test_expect_success 'bad expressions exit 1 with the reason' '
	test_must_fail --exit=1 "$CLUSTERCTL" hostlist expand "n[3-1]" 2>err &&
	grep -q "^clusterctl: error: bad hostlist .n\[3-1\].: range .3-1. ends before it starts$" err &&
	test_must_fail --exit=1 "$CLUSTERCTL" hostlist expand "n[1-" 2>err &&
	grep -q "never closed" err &&
	test_must_fail --exit=1 "$CLUSTERCTL" hostlist expand "n[0-70000]" 2>err &&
	grep -q "more than 65536 hosts" err &&
	test_must_fail --exit=1 "$CLUSTERCTL" hostlist compress "a" "b[" 2>err &&
	grep -q "never closed" err
'

test_expect_success 'scontrol rejects the same ranges we reject' '
	for e in "n[3-1]" "n[]" "n[0-70000]" "n[1,]"; do
		scontrol show hostnames "$e" 2>&1 | grep -q -i "invalid" || return 1
	done
'

test_expect_success 'usage errors exit 64, --help exits 0' '
	test_must_fail --exit=64 "$CLUSTERCTL" hostlist 2>err &&
	grep -q "^usage: clusterctl hostlist expand" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" hostlist expand 2>err &&
	test_must_fail --exit=64 "$CLUSTERCTL" hostlist frobnicate 2>err &&
	"$CLUSTERCTL" hostlist --help >out &&
	grep -q "^usage: clusterctl hostlist expand EXPR" out
'

test_done
