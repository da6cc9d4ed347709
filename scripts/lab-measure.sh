#!/usr/bin/env bash
# lab-measure.sh N... - what the lab costs: for each N, a fresh lab of N hosts
# (scripts/lab.sh in a throwaway $CLUSTERCTL_LAB): wall time and CPU of a cold
# hosts-up, of a hosts-up of the same hosts again (all up: only the ssh checks),
# and of hosts-down, then the memory (PSS) and disk of one idle host. CPU is read
# from a cpuacct cgroup, so it includes the hosts' own processes (holder, sshd,
# the sshd side of the login checks), which `time` does not see.
#
#   scripts/lab-measure.sh 8 100
#
# Knobs: LAB_NET (default 127.0.200), CLUSTERCTL_LAB (default /tmp/clusterctl-lab-measure).
set -u
HERE=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
export CLUSTERCTL_LAB=${CLUSTERCTL_LAB:-/tmp/clusterctl-lab-measure}
export LAB_NET=${LAB_NET:-127.0.200}
CG=/sys/fs/cgroup/cpuacct/clusterctl-lab-measure-$$
lab() { bash "$HERE/lab.sh" "$@"; }

[ "$(id -u)" = 0 ] || { echo "lab-measure: needs root" >&2; exit 1; }
mkdir "$CG" 2>/dev/null || { echo "lab-measure: needs cgroup v1 cpuacct at ${CG%/*}" >&2; exit 1; }
trap 'lab wipe >/dev/null 2>&1; sleep 0.3; rmdir "$CG" 2>/dev/null' EXIT

cpu_ns() { cat "$CG/cpuacct.usage"; }

# timed CMD...: runs CMD inside the cgroup; prints "wall-s cpu-s"
timed() {
	local t0 t1 c0 c1
	c0=$(cpu_ns); t0=$EPOCHREALTIME
	(echo "$BASHPID" >"$CG/cgroup.procs" && "$@" >/dev/null 2>&1) || echo "lab-measure: '$*' failed" >&2
	t1=$EPOCHREALTIME; c1=$(cpu_ns)
	awk -v a="$t0" -v b="$t1" -v c="$c0" -v d="$c1" 'BEGIN { printf "%.2f s wall, %.2f s CPU", b - a, (d - c) / 1e9 }'
}

# pss_kb NAME: PSS of every process of one host, in kB
pss_kb() {
	local pid ns p total=0 v
	pid=$(cat "$CLUSTERCTL_LAB/hosts/$1/holder.pid")
	ns=$(readlink "/proc/$pid/ns/mnt")
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/ns/mnt" 2>/dev/null)" = "$ns" ] || continue
		v=$(awk '/^Pss:/ { print $2 }' "$p/smaps_rollup" 2>/dev/null)
		total=$((total + ${v:-0}))
	done
	echo "$total"
}

echo "# $(date -u +%FT%TZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
for n in "$@"; do
	lab wipe >/dev/null 2>&1
	mapfile -t names < <(seq -f 'm%03g' 1 "$n")
	echo "N=$n cold hosts-up:  $(timed lab hosts-up "${names[@]}")"
	echo "N=$n again (no-op):  $(timed lab hosts-up "${names[@]}")"
	echo "N=$n idle host: $(pss_kb m001) kB PSS, $(du -sk "$CLUSTERCTL_LAB/hosts/m001" | cut -f1) kB disk"
	echo "N=$n hosts-down:     $(timed lab hosts-down)"
done
