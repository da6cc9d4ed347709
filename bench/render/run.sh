#!/bin/sh
# bench/render/run.sh: the render benchmark (DESIGN.md §10: 10,000 nodes
# rendered in < 50 ms and < 64 MB; `render -o` writing them all in < 1 s).
#   1. bench/render/gen.sh writes a 10,000-node inventory (3 node types,
#      20 partitions, 10 QoS, 50 accounts, 1,000 users);
#   2. render_bench times render_cluster() in memory (median of 30 runs);
#   3. hyperfine times `clusterctl render big.yaml -o DIR` end to end
#      (load + validate + render + write + manifest), DIR removed before
#      each run; /usr/bin/time -v gives both peak RSS figures.
# Env: NODES (default 10000), CLUSTERCTL (default ./clusterctl), BUILD
# (object dir of a normal build, default build).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../.." && pwd)
NODES=${NODES:-10000}
BUILD=${BUILD:-build}
: "${CLUSTERCTL:=$TOP/clusterctl}"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-bench-render.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM

make -C "$TOP" -s BUILD="$BUILD" "$BUILD/clusterctl" >/dev/null
objs=$(find "$TOP/$BUILD" -path "$TOP/$BUILD/unit" -prune -o -name '*.o' -print | grep -v '/main\.o$')
# shellcheck disable=SC2086
cc -std=c17 -O2 -I"$TOP/src" $(pkg-config --cflags jansson) \
	-o "$scratch/render_bench" "$here/render_bench.c" $objs \
	$(pkg-config --libs yaml-0.1 jansson libssh libmariadb) -lpthread

sh "$here/gen.sh" "$NODES" >"$scratch/big.yaml"
mem=$("$scratch/render_bench" "$scratch/big.yaml" 30)
rss_mem=$(/usr/bin/time -f %M "$scratch/render_bench" "$scratch/big.yaml" 1 2>&1 >/dev/null | tail -1)

# Every run writes a new directory: deleting 40,000 files right before a
# run would make ext4 walk its recently freed inodes (see RESULTS.md).
mkdir "$scratch/runs"
hyperfine --warmup 2 --runs 10 --export-json "$scratch/hf.json" \
	"$CLUSTERCTL render $scratch/big.yaml -o \$(mktemp -d -p $scratch/runs)" \
	>"$scratch/hf.txt"
cli=$(/usr/bin/time -f "%e %U %S %M" "$CLUSTERCTL" render "$scratch/big.yaml" -o "$scratch/out" 2>&1 >/dev/null | tail -1)
rss_cli=${cli##* }
cli_cpu=$(echo "$cli" | awk '{ printf "%.0f", ($2 + $3) * 1000 }')
rerender=$( { /usr/bin/time -f %e "$CLUSTERCTL" render "$scratch/big.yaml" -o "$scratch/out" >/dev/null; } 2>&1 | tail -1)
cli_ms=$(awk '/"mean"/ { gsub(/[^0-9.e-]/, "", $2); printf "%.1f", $2 * 1000; exit }' "$scratch/hf.json")
lines=$(grep -c '^NodeName=' "$scratch/out/ctl1/etc/slurm/slurm.conf")
files=$(find "$scratch/out" -type f | wc -l)

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), scratch on $(df --output=fstype "$scratch" | tail -1)"
get() { printf '%s\n' "$mem" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
printf '%-44s %12s %10s\n' "measure ($NODES nodes)" "value" "target"
printf '%-44s %9s ms %10s\n' "load + validate inventory" "$(get load_ms)" "-"
printf '%-44s %9s ms %10s\n' "render_cluster, in memory (median of 30)" "$(get render_median_ms)" "< 50 ms"
printf '%-44s %9s ms %10s\n' "  the same, CPU time" "$(get render_cpu_median_ms)" "-"
printf '%-44s %9s MB %10s\n' "peak RSS, load + render in memory" "$((rss_mem / 1024))" "< 64 MB"
printf '%-44s %9s ms %10s\n' "clusterctl render -o DIR (hyperfine mean)" "$cli_ms" "< 1000 ms"
printf '%-44s %9s ms %10s\n' "  one run, CPU time (user + sys)" "$cli_cpu" "-"
printf '%-44s %9s MB %10s\n' "peak RSS, clusterctl render -o DIR" "$((rss_cli / 1024))" "< 64 MB"
printf '%-44s %10s s %10s\n' "render -o over a previous render" "$rerender" "-"
printf '%-44s %12s %10s\n' "files written (hard links included)" "$files" "-"
printf '%-44s %12s %10s\n' "hosts / rendered files / distinct blobs" "$(get hosts)/$(get files)/$(get blobs)" "-"
printf '%-44s %12s %10s\n' "NodeName lines in slurm.conf" "$lines" "a handful"
