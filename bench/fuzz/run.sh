#!/bin/sh
# bench/fuzz/run.sh: the libFuzzer target over the whole validate path
# (tests/fuzz/fuzz_validate.c: load, validate, print, render in memory;
# issue 29) for FUZZ_BENCH_SECONDS (default 300) from its seed corpus,
# ASan, UBSan and leak detection on, any input slower than 5 s reported
# as a failure (-timeout=5, the bound of t0285). Prints executions (total
# and per second), coverage (edges, features, corpus) and the slowest
# input, as bench/fuzz/RESULTS.md records them. A crash, leak, timeout
# or sanitizer report fails the run; its input is left in build-fuzz/.
# Not part of `make check`: CI runs every target for 10 s (check-fuzz).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../.." && pwd)
: "${FUZZ_BENCH_SECONDS:=300}"
cd "$TOP"
make -s build-fuzz/fuzz_validate
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
rc=0
build-fuzz/fuzz_validate -max_total_time="$FUZZ_BENCH_SECONDS" -timeout=5 \
	-detect_leaks=1 -print_final_stats=1 -artifact_prefix=build-fuzz/bench-validate- \
	-dict=tests/fuzz/inventory.dict "$work" tests/fuzz/corpus/validate \
	>"$work/log" 2>&1 || rc=$?
stat() { sed -n "s/^stat::$1: *//p" "$work/log" | tail -1; }
last=$(grep -E "^#[0-9]+.*cov: " "$work/log" | tail -1)
cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
echo "| seconds | executions | per second | edges (cov) | features (ft) | corpus | slowest input | peak RSS |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
echo "| $FUZZ_BENCH_SECONDS | $(stat number_of_executed_units) | $(stat average_exec_per_sec) |" \
	"$cov | $ft | $corp | $(stat slowest_unit_time_sec) s | $(stat peak_rss_mb) MB |"
if [ "$rc" != 0 ]; then
	grep -E "ERROR|SUMMARY|timeout|Test unit written" "$work/log" | head -20
	echo "bench: fuzz_validate FAILED (exit $rc)"
	exit 1
fi
