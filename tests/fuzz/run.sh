#!/bin/sh
# run.sh TARGET...: runs each libFuzzer target in build-fuzz/ for
# $FUZZ_SECONDS seconds over its seed corpus (tests/fuzz/corpus/TARGET plus
# the seeds that tests/fuzz/seeds.sh names), leak detection on.
set -eu
cd "$(dirname "$0")/../.."
: "${FUZZ_SECONDS:=10}"
for t in "$@"; do
	work=build-fuzz/corpus-$t
	mkdir -p "$work"
	seeds=tests/fuzz/corpus/$t
	[ -d "$seeds" ] || seeds=
	echo "fuzz: $t for ${FUZZ_SECONDS}s"
	dict=
	[ -f "tests/fuzz/$t.dict" ] && dict=-dict=tests/fuzz/$t.dict
	build-fuzz/fuzz_$t -max_total_time="$FUZZ_SECONDS" -detect_leaks=1 \
		-print_final_stats=0 -artifact_prefix=build-fuzz/crash-$t- \
		$dict "$work" $seeds 2>build-fuzz/fuzz-$t.log || {
		tail -40 build-fuzz/fuzz-$t.log
		echo "fuzz: $t FAILED"
		exit 1
	}
	echo "fuzz: $t ok ($(grep -c . build-fuzz/fuzz-$t.log) log lines)"
done
