#!/bin/sh
# bench/adopt/run.sh: issue 21's target "adoption of the lab cluster end to
# end (import to add-user live): clusterctl's own time under 10 s, no
# daemon restarted". The run is tests/t/t8000-adopt.sh itself (a hand-made
# cluster on two lab hosts, its daemons started by hand, then import
# cluster, import accounting, validate, plan, apply, add-user --apply), so
# the figures come from the same steps the test checks; it writes each
# clusterctl command's wall time to ADOPT_TIMES. Releases: SLURM_VERSIONS
# (default 22.05); lab addresses and ports as tests/t/lib-lab.sh picks
# them, or LAB_NET, LAB_DB_PORT and LAB_PORT_SHIFT when set.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
[ -x "${CLUSTERCTL:-$TOP/build/clusterctl}" ] || make -C "$TOP" -j2 >/dev/null
[ -x "${CLUSTERCTL_TOOLS:-$TOP/build/tools}/slurmmeaning" ] || make -C "$TOP" tools >/dev/null
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-adopt.XXXXXX")
trap 'rm -rf "$dir"' EXIT
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
rc=0
for r in ${SLURM_VERSIONS:-22.05}; do
	ADOPT_TIMES=$dir/times.$r CLUSTERCTL=${CLUSTERCTL:-$TOP/build/clusterctl} \
		CLUSTERCTL_TOOLS=${CLUSTERCTL_TOOLS:-$TOP/build/tools} TEST_JOBS=1 \
		SLURM_VERSIONS=$r sh "$TOP/tests/t/run.sh" t8000-adopt.sh >"$dir/log.$r" 2>&1 || rc=1
	grep -E '^(ok|not ok) ' "$dir/log.$r" | sed "s/^/  /"
	if [ ! -s "$dir/times.$r" ]; then
		echo "Slurm $r: no times recorded (see the test's output above)"
		rc=1
		continue
	fi
	echo "Slurm $r: clusterctl's own time, s (wall includes waiting for daemons)"
	awk '{ printf "  %-18s wall %6.2f  cpu %5.2f\n", $1, $2, $3 + $4; w += $2; c += $3 + $4 }
		END { printf "  %-18s wall %6.2f  cpu %5.2f (target < 10 s)\n", "total", w, c }' "$dir/times.$r"
done
exit $rc
