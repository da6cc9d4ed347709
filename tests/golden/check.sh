#!/bin/sh
# check.sh: golden-file test of `clusterctl render`. Renders every
# inventories/*.yaml into a scratch directory and compares it, byte for byte
# and file for file (diff -r), with tests/golden/<inventory name>/. Prints
# the diff of every mismatch and "golden: N passed, N failed".
# Regenerate the expected files with tests/golden/update.sh after an
# intended change, and review the diff in git before committing.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-golden.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT INT TERM
pass=0
fail=0
cd "$TOP" || exit 1
for inv in inventories/*.yaml; do
	name=$(basename "$inv" .yaml)
	out=$scratch/$name
	if ! "$CLUSTERCTL" render "$inv" -o "$out" >/dev/null 2>"$scratch/$name.err"; then
		echo "golden: $name: render failed:"
		cat "$scratch/$name.err"
		fail=$((fail + 1))
	elif [ ! -d "tests/golden/$name" ]; then
		echo "golden: $name: no tests/golden/$name (run tests/golden/update.sh)"
		fail=$((fail + 1))
	elif diff -r "tests/golden/$name" "$out" >"$scratch/$name.diff" 2>&1; then
		pass=$((pass + 1))
	else
		echo "golden: $name: rendered output differs from tests/golden/$name:"
		cat "$scratch/$name.diff"
		fail=$((fail + 1))
	fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
