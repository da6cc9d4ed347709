#!/bin/sh
# run.sh [tNNNN-name.sh ...]: runs the shell integration tests (all of
# tests/t/t*.sh by default), each in turn, and prints a closing line
# "N passed, N failed" counting test cases across files.
cd "$(dirname "$0")" || exit 1
[ $# -gt 0 ] || set -- t[0-9]*.sh
passed=0 failed=0 skipped=0 files_failed=
for t in "$@"; do
	[ -f "$t" ] || continue
	echo "*** $t"
	out=$(sh "$t" 2>&1); rc=$?
	printf '%s\n' "$out"
	p=$(printf '%s\n' "$out" | grep -c '^ok ')
	f=$(printf '%s\n' "$out" | grep -c '^not ok ')
	s=$(printf '%s\n' "$out" | grep -c '^1\.\.0 # SKIP')
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
	if [ "$rc" -ne 0 ]; then
		[ "$f" -eq 0 ] && failed=$((failed + 1))
		files_failed="$files_failed $t"
	fi
done
[ -n "$files_failed" ] && echo "failed files:$files_failed"
echo "integration: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
