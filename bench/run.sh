#!/bin/sh
# bench/run.sh [render|push|acct|reader|adopt|fuzz ...]: runs the benchmarks side by side with
# the tools admins use today, each area in one run, and prints their tables.
# The figures and the commands that produced them are kept in bench/README.md
# and bench/<area>/RESULTS.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || set -- render push acct reader adopt fuzz
rc=0
for area in "$@"; do
	if [ ! -x "$here/$area/run.sh" ] && [ ! -f "$here/$area/run.sh" ]; then
		echo "bench: no benchmark '$area'" >&2
		rc=1
		continue
	fi
	echo "=== bench: $area"
	bash "$here/$area/run.sh" || rc=1
done
exit $rc
