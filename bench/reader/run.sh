#!/bin/sh
# bench/reader/run.sh: issue 21's target "reading a 10,000-node slurm.conf
# under 50 ms": slurmread.h reading gen-10k.sh's slurm.conf (10,000
# NodeName= lines, DEFAULT lines, 40 settings, partitions) and gres.conf,
# best and median of 30 runs in one process (tests/tools/slurmread-bench,
# built by "make tools"), then the whole "clusterctl import nodes" of it.
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=${CLUSTERCTL_TOOLS:-$TOP/build/tools}/slurmread-bench
[ -x "$BENCH" ] || make -C "$TOP" tools >/dev/null
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-reader.XXXXXX")
trap 'rm -rf "$dir"' EXIT
sh "$TOP/bench/reader/gen-10k.sh" "$dir" "${N:-10000}"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$BENCH" -n 30 "$dir/slurm.conf" "$dir/gres.conf"
start=$(date +%s%N)
"${CLUSTERCTL:-$TOP/build/clusterctl}" import nodes "$dir/slurm.conf" "$dir/gres.conf" \
	>"$dir/out.yaml" || test $? = 4
echo "import nodes: $(( ($(date +%s%N) - start) / 1000000 )) ms, $(wc -l <"$dir/out.yaml") lines of YAML"
