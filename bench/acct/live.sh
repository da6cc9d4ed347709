#!/bin/sh
# bench/acct/live.sh [USERS [ACCOUNTS [N]]]: one user added on a live
# cluster holding USERS users (default 10000) in ACCOUNTS accounts (100),
# seeded by clusterctl (ACCT_SEED_METHOD, default sql) and loaded by slurmctld, N times each
# (default 5), side by side:
#   1. clusterctl add-user INV NAME --account A --qos Q --apply (method auto:
#      the cluster lock, the plan against the database, one sacctmgr command
#      through slurmdbd, the read back); wall time from the shell
#   2. sacctmgr -i add user NAME account=A qos=Q on the accounting host, the
#      time sacctmgr itself takes there (and with the lab's exec around it)
# For each: slurmctld's and slurmdbd's pids before and after (a restart
# changes them) and whether slurmctld knows the user at once (scontrol show
# assoc_mgr). Then "clusterctl import accounting" of that database, three
# times (wall). Prints a Markdown table and the load average. Brings up the
# project lab (scripts/lab.sh: ctl, gpu01 + MariaDB) and stops it at the
# end; SLURM_VERSION picks the release. ACCT_HOLD=FILE keeps the lab up
# (its environment printed) until FILE is removed, for profiling by hand.
USERS=${1:-10000} ACCOUNTS=${2:-100} N=${3:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL

. "$TOP/tests/t/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$HERE/lib-acct.sh"
BASE=$TRASH/lab.yaml
acct_bench_lab "$BASE" ctl gpu01
cd "$TRASH" || exit 1

now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{ printf "%.2f", $2 - $1 }'; }
pid_of() { acct_on lab-service "$1" status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p'; }
pids() { echo "$(pid_of slurmctld) $(pid_of slurmdbd)"; }
# known NAME: slurmctld has NAME's association in its cache
known() { acct_on scontrol show assoc_mgr users="$1" flags=assoc | grep -q "UserName=$1("; }

acct_big_inventory "$BASE" "$USERS" "$ACCOUNTS" >big.yaml
# ACCT_SEED_METHOD=sacctmgr seeds through slurmdbd (24.11's slurmdbd takes
# tens of seconds to start on 10,000 users, which the sql method restarts)
seed=${ACCT_SEED_METHOD:-sql}
t0=$(now)
acct_reset_db gres/gpu >/dev/null && acct_seed "$seed" big.yaml >seed.out 2>&1 ||
	{ cat seed.out >&2; exit 1; }
t1=$(now)
echo "# seeded $USERS users with the $seed method in $(secs "$t0" "$t1") s" >&2
acct_svc slurmctld restart && acct_wait_ctld || exit 1
known u00000 || { echo "slurmctld did not load the seed" >&2; exit 1; }
sed "s/^\\(  *method:\\).*/\\1 auto/" "big.yaml.$seed.yaml" >live.yaml
"$CLUSTERCTL" accounting plan live.yaml >plan.out ||
	{ echo "the seeded database is not as the inventory says" >&2; cat plan.out >&2; exit 1; }
acct=$(sed -n 's/^ *- {name: \(grp[0-9_]*\),.*/\1/p' big.yaml | head -1)

if [ -n "${ACCT_HOLD:-}" ]; then
	echo "CLUSTERCTL_LAB=$CLUSTERCTL_LAB XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR INV=$TRASH/live.yaml" >&2
	while [ -e "$ACCT_HOLD" ]; do sleep 2; done
fi

# row LABEL SECS BEFORE AFTER NAME
row() {
	restarts=none
	[ "$3" = "$4" ] || restarts="pids $3 -> $4"
	seen=no
	known "$5" && seen=yes
	echo "| $1 | $2 | $restarts | $seen |"
}

echo "| one user added ($USERS users, $ACCOUNTS accounts) | wall (s) | daemon restarts (slurmctld, slurmdbd pids) | in slurmctld at once |"
echo "|---|---:|---|---|"
i=0
while [ "$i" -lt "$N" ]; do
	name=$(printf 'new%03d' "$i")
	b=$(pids)
	t0=$(now)
	"$CLUSTERCTL" add-user live.yaml "$name" --account "$acct" --qos normal,gpu2 \
		--apply >add.out 2>&1 || { cat add.out >&2; exit 1; }
	t1=$(now)
	row "clusterctl add-user --apply" "$(secs "$t0" "$t1")" "$b" "$(pids)" "$name"
	i=$((i + 1))
done
i=0
while [ "$i" -lt "$N" ]; do
	name=$(printf 'sam%03d' "$i")
	b=$(pids)
	t0=$(now)
	# the time sacctmgr takes on the host, printed there
	inner=$(acct_on sh -c "s=\$(date +%s.%N); sacctmgr -i add user $name account=$acct qos=normal,gpu2 >/dev/null || exit 1
		e=\$(date +%s.%N); echo \"\$s \$e\" | awk '{ printf \"%.2f\", \$2 - \$1 }'") ||
		{ echo "sacctmgr add user failed" >&2; exit 1; }
	t1=$(now)
	row "sacctmgr -i add user (on the host; with the lab's exec: $(secs "$t0" "$t1"))" \
		"$inner" "$b" "$(pids)" "$name"
	i=$((i + 1))
done
echo
# the same database read back into an inventory (target under 2 s)
t=
for i in 1 2 3; do
	t0=$(now)
	"$CLUSTERCTL" import accounting live.yaml >imp.yaml 2>imp.err || { cat imp.err >&2; exit 1; }
	t1=$(now)
	t="$t${t:+ / }$(secs "$t0" "$t1")"
done
echo "import accounting of this database ($(grep -c '^  - {name: \(u[0-9]\|new\|sam\)' imp.yaml) users, $(( $(wc -c <imp.yaml) / 1024 )) KB of YAML), 3 runs: $t s"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); Slurm $(acct_on sacctmgr -V | cut -d' ' -f2)"
test_done >/dev/null
