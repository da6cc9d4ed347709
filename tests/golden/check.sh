#!/bin/sh
# check.sh: golden-file test of `clusterctl render`. Renders every
# inventories/*.yaml into a scratch directory and compares it, byte for byte
# and file for file (diff -r), with tests/golden/<inventory name>/. Prints
# the diff of every mismatch and "golden: N passed, N failed". Then checks
# how `render -o` treats its directory (replacing a previous render, hard
# links, secrets never written, refusing foreign directories, exit codes).
# Regenerate the expected files with tests/golden/update.sh after an
# intended change, and review the diff in git before committing.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
# the examples render as README shows: no allowed directory (docs/security.md)
unset CLUSTERCTL_ALLOW_PATH
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

# How `render -o` treats its directory, on the golden inventories.
check() { # check DESCRIPTION COMMAND...
	if (eval "$2") >"$scratch/check.out" 2>&1; then
		pass=$((pass + 1))
	else
		echo "golden: $1: failed:"
		cat "$scratch/check.out"
		fail=$((fail + 1))
	fi
}
re=$scratch/re
check "render over another render equals a fresh one" '
	"$CLUSTERCTL" render inventories/lab.yaml -o "$re" &&
	"$CLUSTERCTL" render inventories/skynet.yaml -o "$re" &&
	diff -r "$re" tests/golden/skynet &&
	"$CLUSTERCTL" render inventories/lab.yaml -o "$re" &&
	diff -r "$re" tests/golden/lab'
check "identical files are hard links, the munge key is never written" '
	test "$(stat -c %i "$re/gpu01/etc/slurm/slurm.conf")" = \
	     "$(stat -c %i "$re/gpu03/etc/slurm/slurm.conf")" &&
	test ! -e "$re/ctl/etc/munge/munge.key" &&
	grep -q "\"path\": \"/etc/munge/munge.key\".*\"secret\": true" "$re/manifest.json" &&
	test "$(stat -c %a "$re/ctl/etc/slurm/slurmdbd.conf")" = 600'
check "a file edited in a render is restored, unrelated files are kept" '
	echo edited >>"$re/gpu02/etc/slurm/gres.conf" &&
	echo mine >"$re/gpu02/notes" &&
	"$CLUSTERCTL" render inventories/lab.yaml -o "$re" &&
	test "$(cat "$re/gpu02/notes")" = mine && rm "$re/gpu02/notes" &&
	diff -r "$re" tests/golden/lab'
check "a non-empty directory without a manifest is refused untouched" '
	mkdir "$scratch/mine" && echo x >"$scratch/mine/file" &&
	! "$CLUSTERCTL" render inventories/lab.yaml -o "$scratch/mine" &&
	test "$(ls "$scratch/mine")" = file'
check "an invalid inventory exits 3, bad usage 64" '
	printf "cluster: {name: x\n" >"$scratch/bad.yaml";
	"$CLUSTERCTL" render "$scratch/bad.yaml" -o "$scratch/never"; test $? -eq 3 &&
	test ! -e "$scratch/never" &&
	{ "$CLUSTERCTL" render inventories/lab.yaml; test $? -eq 64; }'
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
