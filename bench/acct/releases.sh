#!/bin/sh
# bench/acct/releases.sh [USERS [ACCOUNTS [LOOP_SAMPLE]]]: the accounting
# bench on every Slurm release of SLURM_VERSIONS (default "22.05 24.11
# 26.05") in one run, one release after the other (one lab at a time: the
# machine is shared), printed as one table with a column per release:
#   1. bench/acct/run.sh USERS ACCOUNTS LOOP_SAMPLE (default 2000 20 20):
#      clusterctl's sql and sacctmgr methods, bare "sacctmgr load", a
#      "sacctmgr add user" loop sample; on 23.11+ with ACCT_REGISTERED=1
#      (slurmctld has registered the cluster, as on a running site)
#   2. bench/acct/live.sh USERS ACCOUNTS ACCT_LIVE (default 3, 0 skips it):
#      add-user --apply against "sacctmgr add user" on the seeded cluster,
#      daemon restarts, and "import accounting" of that database
#   3. with ACCT_THRESHOLD="BASE_USERS ACCOUNTS K...", bench/acct/threshold.sh
#      with those arguments: the sacctmgr and sql methods adding K users
# Each script brings up and wipes its own lab (LAB_NET, LAB_DB_PORT and
# LAB_PORT_SHIFT are passed on). Every script's own output is kept in
# ACCT_OUT (default a new directory under TMPDIR, printed); one whose output
# is already there is not run again (to resume a run, or print it again). At 2,000 users
# a release takes about 3 minutes on the 2-core machine; at 10,000 (run.sh's
# own default) about 8 (24.11's slurmdbd takes ~40 s to start on that many
# associations, and every sacctmgr load ~30 s).
USERS=${1:-2000} ACCOUNTS=${2:-20} SAMPLE=${3:-20}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
: "${SLURM_VERSIONS:=22.05 24.11 26.05}"
LIVE=${ACCT_LIVE:-3}
OUT=${ACCT_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-bench-releases.XXXXXX")}
export CLUSTERCTL
mkdir -p "$OUT" || exit 1
echo "# outputs in $OUT" >&2

# bench V SCRIPT ARGS...: SCRIPT on release V into $OUT/SCRIPT-V.txt; a
# failure leaves "failed" in that release's column and the others run
bench() {
	v=$1 script=$2
	shift 2
	f=$OUT/${script%.sh}-$v.txt
	[ -s "$f" ] && return 0
	echo "# $script $* on Slurm $v ($(cut -d' ' -f1-3 /proc/loadavg))" >&2
	reg=0
	[ "$v" = 22.05 ] || reg=1
	if ! SLURM_VERSION=$v LAB_ACCT_METHOD=sql ACCT_REGISTERED=$reg \
		sh "$HERE/$script" "$@" >"$f" 2>"$f.err"; then
		echo "# $script failed on $v (last lines of $f.err):" >&2
		tail -5 "$f.err" >&2
		echo "| failed | | failed |" >"$f"
	fi
}

# merge COLUMN NAME: the tables of $OUT/NAME-V.txt side by side, one row per
# label (first column), COLUMN the value column; rows in the first file's order
merge() {
	col=$1 name=$2
	set --
	for v in $SLURM_VERSIONS; do set -- "$@" "$OUT/$name-$v.txt"; done
	awk -F' *[|] *' -v col="$col" -v vs="$SLURM_VERSIONS" '
		FNR == 1 { file++ }
		/^[|]/ && $2 !~ /^-* *$/ && $2 != "method" && $2 != "users added" {
			key = $2
			if (col == 0) key = $2 " | " $3
			if (!(key in seen)) { seen[key] = 1; order[++n] = key }
			val[key, file] = col == 0 ? $4 " / " $5 : $col
		}
		END {
			nv = split(vs, v, " ")
			printf "| %s |", col == 0 ? "users added | changed rows" : "seconds"
			for (i = 1; i <= nv; i++) printf " %s |", v[i] (col == 0 ? " sacctmgr / sql" : "")
			printf "\n|---|%s", col == 0 ? "---|" : ""
			for (i = 1; i <= nv; i++) printf "---:|"
			printf "\n"
			for (r = 1; r <= n; r++) {
				printf "| %s |", order[r]
				for (i = 1; i <= nv; i++) {
					x = val[order[r], i]
					if (x ~ /^~?[-0-9.]+$/ && x !~ /^~/) x = sprintf("%.2f", x)
					if (x ~ /^[0-9.]+ \/ [0-9.]+$/) { split(x, a, " / "); x = sprintf("%.2f / %.2f", a[1], a[2]) }
					printf " %s |", x == "" ? "-" : x
				}
				printf "\n"
			}
		}' "$@"
}

# live_rows: live.sh's runs per release as min-max rows
live_rows() {
	for v in $SLURM_VERSIONS; do
		f=$OUT/live-$v.txt
		awk -F' *[|] *' -v v="$v" '
			function span(lo, hi) { return lo == "" ? "failed" : sprintf(lo == hi ? "%.2f" : "%.2f-%.2f", lo, hi) }
			function add(k, x) { if (!(k in lo) || x < lo[k]) lo[k] = x; if (!(k in hi) || x > hi[k]) hi[k] = x }
			/^[|] clusterctl add-user/ { add("a", $3 + 0); if ($4 != "none") r = r " " $4; if ($5 != "yes") late++ }
			/^[|] sacctmgr -i add user/ { add("s", $3 + 0); if ($4 != "none") r = r " " $4; if ($5 != "yes") late++ }
			/^import accounting/ { imp = $0; sub(/.*3 runs: /, "", imp); sub(/ s$/, "", imp) }
			END {
				printf "%s\t%s\t%s\t%s\t%s\n", v, span(lo["a"], hi["a"]), span(lo["s"], hi["s"]),
					(r == "" ? "none" : r) (late ? ", " late " not in slurmctld at once" : ""), imp == "" ? "-" : imp
			}' "$f"
	done | awk -F'\t' '
		{ v[NR] = $1; a[NR] = $2; s[NR] = $3; r[NR] = $4; i[NR] = $5 }
		END {
			printf "| one user added |"; for (k = 1; k <= NR; k++) printf " %s |", v[k]
			printf "\n|---|"; for (k = 1; k <= NR; k++) printf "---|"
			printf "\n| clusterctl add-user --apply, wall (s) |"; for (k = 1; k <= NR; k++) printf " %s |", a[k]
			printf "\n| sacctmgr -i add user on the host (s) |"; for (k = 1; k <= NR; k++) printf " %s |", s[k]
			printf "\n| daemon restarts |"; for (k = 1; k <= NR; k++) printf " %s |", r[k]
			printf "\n| import accounting of the database, 3 runs (s) |"; for (k = 1; k <= NR; k++) printf " %s |", i[k]
			printf "\n"
		}'
}

load0=$(cut -d' ' -f1-3 /proc/loadavg)
t0=$(date +%s)
for v in $SLURM_VERSIONS; do
	bench "$v" run.sh "$USERS" "$ACCOUNTS" "$SAMPLE"
	[ "$LIVE" -gt 0 ] && bench "$v" live.sh "$USERS" "$ACCOUNTS" "$LIVE"
	[ -n "${ACCT_THRESHOLD:-}" ] && bench "$v" threshold.sh $ACCT_THRESHOLD
done

echo "$USERS users in $ACCOUNTS accounts, Slurm $(for v in $SLURM_VERSIONS; do
	sed -n 's/.*; Slurm \([0-9.]*\)$/\1/p' "$OUT/run-$v.txt"; done | tr '\n' ' ')"
echo
merge 4 run
echo
[ "$LIVE" -gt 0 ] && live_rows && echo
[ -n "${ACCT_THRESHOLD:-}" ] && echo "threshold.sh $ACCT_THRESHOLD:" && merge 0 threshold && echo
for v in $SLURM_VERSIONS; do
	printf '%s: %s\n' "$v" "$(sed -n 's/^\(load average at the start.*\); Slurm.*/\1/p' "$OUT/run-$v.txt")"
done
echo "load average at the start: $load0; at the end: $(cut -d' ' -f1-3 /proc/loadavg); $(($(date +%s) - t0)) s in all"
