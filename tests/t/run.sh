#!/bin/sh
# run.sh [tNNNN-name.sh ...]: runs the shell integration tests (all of
# tests/t/t*.sh by default), TEST_JOBS at a time (default 4: the suite mostly
# waits on daemons, so 4 fit 2 cores), and prints each file's output in one
# piece as it ends, under a line with its name and how long it took, then a
# closing line "integration: N passed, N failed, N skipped" counting test
# cases across files. Just above it, each failed file's "not ok" and
# "Bail out!" lines are repeated, so the last lines of a log say what failed.
#
# Files that start Slurm daemons name the releases they run on in a line
# "# slurm-releases: 22.05 24.11 26.05 (why)": run.sh runs them once per
# release that is also in SLURM_VERSIONS (default "22.05 24.11 26.05"; scripts/lab.sh
# SLURM_VERSION), their test lines naming the release. Each job gets a slot
# (TEST_SLOT 0..TEST_JOBS-1) from which tests/t/lib-lab.sh derives
# addresses and ports that no other job of this run picks.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
cd "$(dirname "$0")" || exit 1
[ $# -gt 0 ] || set -- t[0-9]*.sh
jobs=${TEST_JOBS:-4}
releases=${SLURM_VERSIONS:-22.05 24.11 26.05}
out=$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-run.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT

# file_releases FILE: the releases of its "# slurm-releases:" line, if any
file_releases() { sed -n 's/^# slurm-releases:\(\( [0-9][0-9]*\.[0-9][0-9]*\)*\).*/\1/p' "$1"; }

# the job list, daemon files first (they take longest): "file release"
list=()
for t in "$@"; do
	[ -f "$t" ] || continue
	for r in $(file_releases "$t"); do
		case " $releases " in *" $r "*) list+=("$t $r") ;; esac
	done
done
for t in "$@"; do
	[ -f "$t" ] || continue
	grep -q '^# slurm-releases:' "$t" || list+=("$t -")
done

passed=0 failed=0 skipped=0 files_failed=
declare -A slot_of start_of	# job index -> slot, start time ($SECONDS)
free_slots=$(seq 0 $((jobs - 1)))

# report I: print job I's output and add up its counts
report() {
	local i=$1 t r rc p f s o label
	read -r t r <<<"${list[$i]}"
	rc=$(cat "$out/$i.rc" 2>/dev/null || echo 1)
	o=$out/$i.out
	label=$t
	[ "$r" = - ] || label="$t (Slurm $r)"
	echo "*** $label, $((SECONDS - start_of[$i])) s"
	cat "$o"
	p=$(grep '^ok ' "$o" | grep -vc ' # SKIP '); f=$(grep -c '^not ok ' "$o")
	s=$(($(grep -c '^1\.\.0 # SKIP' "$o") + $(grep '^ok ' "$o" | grep -c ' # SKIP ')))
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
	if [ "$rc" -ne 0 ]; then
		[ "$f" -eq 0 ] && failed=$((failed + 1))
		if [ "$r" = - ]; then files_failed="$files_failed $t"; else files_failed="$files_failed $t($r)"; fi
		# kept for the closing lines: a log's tail (CI) then says what failed
		{ echo "$label:"; grep -E '^(not ok |Bail out!)' "$o" || tail -n 5 "$o"; } >>"$out/failures"
	fi
}

declare -A running	# pid -> job index
start() {
	local i=$1 t r slot
	read -r t r <<<"${list[$i]}"
	slot=${free_slots%%$'\n'*}
	free_slots=$(printf '%s\n' "$free_slots" | sed 1d)
	slot_of[$i]=$slot
	start_of[$i]=$SECONDS
	(
		export TEST_SLOT=$slot TEST_SLOTS=$jobs
		if [ "$r" != - ]; then export SLURM_VERSION=$r CLUSTERCTL_TEST_RELEASE=$r; fi
		sh "$t" >"$out/$i.out" 2>&1
		echo $? >"$out/$i.rc"
	) &
	running[$!]=$i
}

# reap: wait for one job to end, report it, free its slot
reap() {
	local pid i
	wait -n
	for pid in "${!running[@]}"; do
		[ -d "/proc/$pid" ] && [ ! -f "$out/${running[$pid]}.rc" ] && continue
		wait "$pid" 2>/dev/null
		i=${running[$pid]}
		unset "running[$pid]"
		report "$i"
		free_slots=$(printf '%s\n%s\n' "$free_slots" "${slot_of[$i]}" | sed '/^$/d')
	done
}

for i in "${!list[@]}"; do
	while [ "${#running[@]}" -ge "$jobs" ]; do reap; done
	start "$i"
done
while [ "${#running[@]}" -gt 0 ]; do reap; done

[ -f "$out/failures" ] && cat "$out/failures"
[ -n "$files_failed" ] && echo "failed files:$files_failed"
echo "integration: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
