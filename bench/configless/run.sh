#!/usr/bin/env bash
# bench/configless/run.sh: one slurm.conf change (SlurmdDebug info <-> verbose,
# a key `scontrol reconfigure` takes) reaching N slurmd, in configless mode
# (clusterctl writes the controller's file over SSH, then `scontrol
# reconfigure`: slurmctld pushes the file to every slurmd) against push mode
# (clusterctl writes every host's file over SSH, then the same reconfigure),
# and configless applied with --limit ctl (clusterctl observes and writes the
# controller alone; slurmctld still reaches every slurmd).
#
#   bench/configless/run.sh                    # N = 10 50, 3 runs each mode
#   BENCH_NS="10 50 100" BENCH_RUNS=1 bench/configless/run.sh
#
# The lab (scripts/lab.sh): ctl + c001..cN, each an sshd, munged and slurmd in
# its own namespaces on this machine; no accounting (no MariaDB, no slurmdbd).
# Per run: wall of `clusterctl apply`, wall until every slurmd *runs* the new
# value (from the apply's start to the last slurmd's reload, by the stamps
# slurmd writes in its own log; each reload checked against the value in the
# file that slurmd reads), clusterctl's CPU (user+sys, the admin node's cost) and
# slurmctld's CPU over the run (the controller's cost of the fan-out).
# Results: one line per run on stdout ("mode N run apply_s all_s admin_cpu_s
# ctld_cpu_s"), medians at the end. Knobs: BENCH_NS, BENCH_RUNS, BENCH_LAB,
# LAB_NET (default 127.0.233), SLURM_VERSION (22.05 default), CLUSTERCTL.
set -u
set -o pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
NS=${BENCH_NS:-"10 50"}
RUNS=${BENCH_RUNS:-3}
CLUSTERCTL=${CLUSTERCTL:-$TOP/build/clusterctl}
export CLUSTERCTL_LAB=${BENCH_LAB:-/tmp/clusterctl-bench-configless-lab}
export LAB_NET=${LAB_NET:-127.0.233}	# not a multiple of 10: lib-lab.sh never picks it
export SLURM_VERSION=${SLURM_VERSION:-22.05}
export CLUSTERCTL_ALLOW_PATH="$CLUSTERCTL_LAB:${CLUSTERCTL_ALLOW_PATH:-}"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}/clusterctl-bench-configless-run
mkdir -p "$XDG_RUNTIME_DIR"
W=$(mktemp -d /tmp/clusterctl-bench-configless.XXXXXX)
PORT0=${BENCH_PORT0:-9317}	# slurmctld; slurmd from PORT0 + 14

say() { printf 'bench: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
lab() { bash "$TOP/scripts/lab.sh" "$@"; }
[ "$(id -u)" = 0 ] || die "run as root (the lab uses namespaces)"
[ -x "$CLUSTERCTL" ] || die "no clusterctl at $CLUSTERCTL (make)"

# inventory MODE N DEBUG: lab-configless.yaml for ctl + c[001-N], no accounting
inventory() {
	lab inventory "$TOP/inventories/lab-configless.yaml" | python3 -c '
import re, sys
mode, n, debug, port = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
out, skip = [], False
for line in sys.stdin.read().split("\n"):
    if re.match(r"^(database|qos|accounts|users):", line):
        skip = True
        continue
    if skip and (line.startswith(" ") or not line.strip()):
        continue
    skip = False
    if line.startswith("  accounting_host:") or "names: login1" in line:
        continue
    line = line.replace("config_mode: configless", "config_mode: " + mode)
    line = line.replace("roles: [controller, dbd, login]", "roles: [controller, login]")
    line = line.replace("gpu[01-03]", "c[001-%03d]" % n)
    line = re.sub(r"addresses: \"([0-9.]+)\.\[2-4\]\"",
                  lambda m: "addresses: \"%s.[2-%d]\"" % (m.group(1), n + 1), line)
    line = line.replace("fanout: 16", "fanout: 64")
    line = line.replace(", qos: normal}", "}")
    line = line.replace("slurmd_port: 6831", "slurmd_port: %d" % (port + 14))
    if line == "cluster:":
        line += "\n  slurmctld_port: %d" % port
    if line.startswith("    ReturnToService:"):
        line += "\n    SlurmdDebug: " + debug
    out.append(line)
print("\n".join(out))
' "$1" "$2" "$3" "$PORT0"
}

hosts() { local i; for ((i = 1; i <= $1; i++)); do printf 'c%03d ' "$i"; done; }

# reloads N: per host c001..cN, how often its slurmd (re)read its configuration:
# slurmd logs "CPU frequency setting not configured" each time it loads it, at
# start and on every reconfigure, at any SlurmdDebug (the lab's many slurmd
# share one machine and one SlurmdPort, so `scontrol show slurmd` cannot reach
# them)
reloads() {
	local h
	for h in $(hosts "$1"); do
		printf '%s %s\n' "$h" "$(lab exec "$h" grep -c 'CPU frequency setting not configured' /var/log/slurm/slurmd.log)"
	done
}

# all_run N BEFORE T0: until every slurmd reloaded since BEFORE (reloads'
# output), and runs the new value (the file it reads holds it)
all_run() {
	local n=$1 before=$2 t0=$3 left h c file
	left=$(hosts "$n")
	while [ -n "$left" ]; do
		local still=
		for h in $left; do
			c=$(lab exec "$h" grep -c 'CPU frequency setting not configured' /var/log/slurm/slurmd.log)
			if [ "$c" -gt "$(awk -v h="$h" '$1 == h { print $2 }' "$before")" ]; then
				file=/etc/slurm/slurm.conf
				[ "$cmode" = configless ] && file=/run/slurm/conf/slurm.conf
				lab exec "$h" grep -qx "SlurmdDebug=$debug" "$file" ||
					{ say "$h reloaded without SlurmdDebug=$debug in $file"; return 1; }
			else
				still="$still $h"
			fi
		done
		left=$still
		[ "$(date +%s)" -lt $((t0 + 120)) ] || { say "not every slurmd reloaded after 120 s:$left"; return 1; }
	done
}

# reached N T0: seconds from T0 (epoch, fractional) to the last slurmd's
# reload, by the time each slurmd wrote in its own log (millisecond stamps)
reached() {
	local h last=0 t
	for h in $(hosts "$1"); do
		t=$(lab exec "$h" grep 'CPU frequency setting not configured' /var/log/slurm/slurmd.log |
			tail -n 1 | sed -n 's/^\[\([^]]*\)\].*/\1/p')
		t=$(date -d "$t" +%s.%N) || return 1
		last=$(awk -v a="$last" -v b="$t" 'BEGIN { print (b > a) ? b : a }')
	done
	awk -v a="$2" -v b="$last" 'BEGIN { printf "%.2f", b - a }'
}

ctld_cpu() { # user+sys clock ticks of ctl's slurmctld
	local pid
	pid=$(lab exec ctl lab-service slurmctld status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p')
	[ -n "$pid" ] && awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0
}

wait_idle() {
	local i
	for ((i = 0; i < 240; i++)); do
		[ "$(lab exec ctl sinfo -h -o '%D %t' 2>/dev/null)" = "$1 idle" ] && return 0
		sleep 0.5
	done
	lab exec ctl sinfo >&2
	return 1
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

hz=$(getconf CLK_TCK)
printf '# mode N run apply_s all_s admin_cpu_s ctld_cpu_s (Slurm %s)\n' "$SLURM_VERSION"
for n in $NS; do
	say "N=$n: hosts up"
	lab hosts-up ctl $(hosts "$n") >/dev/null || die "hosts-up failed"
	for mode in configless configless-limit push; do
		# configless-limit: the same cluster, applied with --limit ctl
		cmode=${mode%-limit} limit=()
		[ "$mode" = configless-limit ] && limit=(--limit ctl)
		inventory "$cmode" "$n" info >"$W/inv.yaml"
		"$CLUSTERCTL" apply "$W/inv.yaml" >"$W/setup.log" 2>&1 ||
			{ tail -n 30 "$W/setup.log" >&2; die "$mode setup apply failed (N=$n)"; }
		wait_idle "$n" || die "$mode: nodes not idle (N=$n)"
		debug=info
		for ((r = 1; r <= RUNS; r++)); do
			if [ $debug = info ]; then debug=verbose; else debug=info; fi
			inventory "$cmode" "$n" "$debug" >"$W/inv.yaml"
			reloads "$n" >"$W/before"
			c0=$(ctld_cpu)
			t0=$(date +%s.%N) ts=$(date +%s)
			/usr/bin/time -f '%U %S' -o "$W/time" "$CLUSTERCTL" apply "${limit[@]}" "$W/inv.yaml" >"$W/apply.log" 2>&1 ||
				{ tail -n 20 "$W/apply.log" >&2; die "$mode apply failed (N=$n run $r)"; }
			t1=$(date +%s.%N)
			all_run "$n" "$W/before" "$ts" || die "$mode: the change did not reach every slurmd"
			c1=$(ctld_cpu)
			t2=$(reached "$n" "$t0") || die "cannot read the slurmd logs' times"
			grep -q "restart" <(grep "^apply:" "$W/apply.log" | grep -v " 0 restarts") &&
				say "warning: $mode run restarted a daemon"
			awk -v m="$mode" -v n="$n" -v r="$r" -v a="$t0" -v b="$t1" -v c="$t2" \
				-v u="$(cat "$W/time")" -v c0="$c0" -v c1="$c1" -v hz="$hz" 'BEGIN {
				split(u, x, " ")
				printf "%s %d %d %.2f %.2f %.3f %.3f\n", m, n, r, b - a, c, x[1] + x[2], (c1 - c0) / hz }' |
				tee -a "$W/rows"
		done
	done
done
printf '\n# medians: mode N apply_s all_s admin_cpu_s ctld_cpu_s\n'
for n in $NS; do
	for mode in configless configless-limit push; do
		row="$mode $n"
		for col in 4 5 6 7; do
			row="$row $(awk -v m="$mode" -v n="$n" -v c="$col" '$1 == m && $2 == n { print $c }' "$W/rows" | median)"
		done
		echo "$row"
	done
done
say "lab kept in $CLUSTERCTL_LAB (bash scripts/lab.sh wipe with CLUSTERCTL_LAB set deletes it); rows in $W/rows"
