#!/bin/sh
# bench/acct/run.sh [USERS [ACCOUNTS [LOOP_SAMPLE]]]: seeding the Slurm
# accounting database with USERS users (default 10000) in ACCOUNTS accounts
# (100) with GPU QoS, side by side on the same lab and database:
#   1. clusterctl accounting apply, method sql (end to end: plan, slurmdbd
#      stop, one transaction, slurmdbd start, slurmctld restart, read back)
#   2. a no-change clusterctl accounting plan against the seeded database,
#      and clusterctl's sacctmgr method from scratch (the QoS by one add and
#      their settings side by side, the users (and on 22.05 the accounts,
#      on 23.11+ added by commands first) by one sacctmgr load, read back)
#   3. sacctmgr -i load of the same flat file (clusterctl export-sacctmgr),
#      after the QoS it cannot carry were added with sacctmgr
#   4. a sacctmgr -i add user loop: LOOP_SAMPLE users (default 200) timed,
#      the rest extrapolated linearly (said so in the output)
# Each seed starts from a fresh database (slurmdbd's schema, the cluster, the
# gres/gpu TRES); with ACCT_REGISTERED=1 slurmctld also registers the cluster
# before every seed, sacctmgr's too (on Slurm 23.11+ new associations keep
# lft = rgt = 0, and the sql method reconfigures slurmctld instead of
# restarting it). Without ACCT_ON/ACCT_VIA/ACCT_SQL in the environment it
# brings up the project lab (scripts/lab.sh: ctl, gpu01-03 + MariaDB) and stops it
# at the end. Prints a Markdown table. CLUSTERCTL_BASE=BIN adds rows for
# that build's sql apply and no-change plan, side by side with CLUSTERCTL's
# (a change's build against the commit before it).
USERS=${1:-10000} ACCOUNTS=${2:-100} SAMPLE=${3:-200}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL
ACCT_LIB=$HERE/lib-acct.sh

if [ -z "${ACCT_ON:-}" ]; then
	# the test library gives the lab its scratch dir and cleanup trap
	. "$TOP/tests/t/test-lib.sh"
	. "$TOP/tests/t/lib-lab.sh"
	OWN_LAB=1
	. "$ACCT_LIB"
	BASE=$TRASH/lab.yaml
	# the compute nodes run slurmd as on a real cluster: a slurmctld whose
	# nodes are all down spends seconds on hung RPCs when it stops
	acct_bench_lab "$BASE" ctl gpu01 gpu02 gpu03
	W=$TRASH
else
	. "$ACCT_LIB"
	W=$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-bench-acct.XXXXXX")
	BASE=${ACCT_BASE:?ACCT_BASE: the lab inventory to build on}
fi
cd "$W" || exit 1

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc; }

acct_big_inventory "$BASE" "$USERS" "$ACCOUNTS" >big.yaml
"$CLUSTERCTL" export-sacctmgr big.yaml >big.cfg || exit 1
sed -n 's/^#   \(sacctmgr -i \)/\1/p' big.cfg >qos.sh
grep -v '^User - ' big.cfg >accounts.cfg
# one "sacctmgr -i add user" per association, from the flat file's Parent/User lines
awk -F"'" '/^Parent - / { parent = $2 }
	/^User - / { qos = $0; sub(/.*:QOS=./, "", qos); sub(/'"'"'.*/, "", qos)
		print "sacctmgr -i add user " $2 " account=" parent " qos=" qos " defaultqos=normal" }' \
	big.cfg | head -n "$SAMPLE" >loop.sh
n_assoc=$(grep -c '^User - ' big.cfg)

echo "# $USERS users ($n_assoc user associations) in $ACCOUNTS accounts" >&2
load0=$(cut -d' ' -f1-3 /proc/loadavg)

# 1. clusterctl sql; every remote command it runs is timed (via.log) so that
# the transaction (between "slurmdbd stop" and "slurmdbd start") and the
# daemons' restarts can be told apart
cat >via.sh <<EOV
#!/bin/sh
s=\$(date +%s.%N)
$ACCT_VIA "\$@"
rc=\$?
echo "\$s \$(date +%s.%N) \$(printf %s "\$4" | tr '\n' ' ' | cut -c1-300)" >>"$W/via.log"
exit \$rc
EOV
chmod +x via.sh
# sql_seed BIN: steps 1 and 2 with clusterctl binary BIN, each from a fresh
# database; sets sql, plan and the phases of the sql apply
sql_seed() {
	acct_reset_db gres/gpu >/dev/null && acct_registered || exit 1
	rm -f via.log
	t0=$(now)
	"$1" accounting apply big.yaml --exec-via "$W/via.sh" >sql.out 2>&1 || { cat sql.out >&2; exit 1; }
	t1=$(now)
	sql=$(secs "$t0" "$t1")
	# phase boundaries from via.log: start end command
	stop_end=$(awk '/slurmdbd stop|stop slurmdbd/ { print $2 }' via.log)
	start_beg=$(awk '/slurmdbd start|start slurmdbd/ { print $1 }' via.log)
	start_end=$(awk '/slurmdbd start|start slurmdbd/ { print $2 }' via.log)
	ctld_beg=$(awk '/slurmctld (restart|reconfigure)|(restart|reload) slurmctld|scontrol reconfigure/ { print $1 }' via.log)
	ctld_end=$(awk '/slurmctld (restart|reconfigure)|(restart|reload) slurmctld|scontrol reconfigure/ { print $2 }' via.log)
	stop_beg=$(awk '/slurmdbd stop|stop slurmdbd/ { print $1 }' via.log)
	plan_s=$(secs "$t0" "$stop_beg")
	dbdstop_s=$(secs "$stop_beg" "$stop_end")
	txn_s=$(secs "$stop_end" "$start_beg")
	dbdstart_s=$(secs "$start_beg" "$ctld_beg")
	ctld_s=$(secs "$ctld_beg" "$ctld_end")
	daemons_s=$(echo "$dbdstop_s + $dbdstart_s + $ctld_s" | bc)
	readback_s=$(secs "$ctld_end" "$t1")
	own_s=$(echo "$plan_s + $txn_s + $readback_s" | bc)

	# 2. no-change plan
	t0=$(now)
	"$1" accounting plan big.yaml >plan.out 2>&1
	rc=$?
	t1=$(now)
	plan=$(secs "$t0" "$t1")
	[ "$rc" = 0 ] || { echo "no-change plan exited $rc" >&2; cat plan.out >&2; }
}

# CLUSTERCTL_BASE: another build (the commit before a change) runs steps 1
# and 2 first, on the same lab, for its rows beside this build's
if [ -n "${CLUSTERCTL_BASE:-}" ]; then
	sql_seed "$CLUSTERCTL_BASE"
	base_sql=$sql base_own=$own_s base_txn=$txn_s base_plan=$plan
fi
sql_seed "$CLUSTERCTL"

# 2b. clusterctl's sacctmgr method (same plan as sacctmgr -i commands)
acct_reset_db gres/gpu >/dev/null && acct_registered || exit 1
sed "s/^\\(  *method:\\).*/\\1 sacctmgr/" big.yaml >big-sacctmgr.yaml
rm -f via.log
t0=$(now)
"$CLUSTERCTL" accounting apply big-sacctmgr.yaml --exec-via "$W/via.sh" >sacctmgr.out 2>&1 ||
	{ tail -3 sacctmgr.out >&2; exit 1; }
t1=$(now)
smethod=$(secs "$t0" "$t1")
# its phases from via.log: the load, and what comes before and after it
sload_beg=$(awk '/sacctmgr -i load/ { print $1 }' via.log)
sload_end=$(awk '/sacctmgr -i load/ { print $2 }' via.log)
sload_s=$(secs "$sload_beg" "$sload_end")
sbefore_s=$(secs "$t0" "$sload_beg")
safter_s=$(secs "$sload_end" "$t1")

# 3. sacctmgr load, and the same with the QoS commands it needs first (what
# the sacctmgr method does too, before its read back)
# the same database state as the clusterctl seeds (registered or not)
acct_reset_db gres/gpu >/dev/null && acct_registered || exit 1
tq=$(now)
acct_on sh -c "$(cat qos.sh)" >/dev/null || exit 1
t0=$(now)
acct_on sacctmgr -i load file="$W/big.cfg" >load.out 2>&1 || { tail -5 load.out >&2; exit 1; }
t1=$(now)
load=$(secs "$t0" "$t1")
qload=$(secs "$tq" "$t1")
acct_check_user_assocs "$n_assoc" "sacctmgr load" || exit 1

# 4. sacctmgr add user loop (sample)
acct_reset_db gres/gpu >/dev/null && acct_registered || exit 1
acct_on sh -c "$(cat qos.sh)" >/dev/null &&
acct_on sacctmgr -i load file="$W/accounts.cfg" >/dev/null || exit 1
t0=$(now)
acct_on sh -c "$(cat loop.sh)" >loop.out 2>&1 || { tail -5 loop.out >&2; exit 1; }
t1=$(now)
sample=$(secs "$t0" "$t1")
loop=$(echo "$sample * $n_assoc / $(wc -l <loop.sh)" | bc)
acct_check_user_assocs "$(wc -l <loop.sh)" "the sacctmgr add user loop" || exit 1

# ratio A B: A / B to two places
ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }
cat <<EOT
| method | what | seconds |
| --- | --- | --- |
| clusterctl accounting apply (sql) | $USERS users, $ACCOUNTS accounts, end to end | $sql |
| - of which: plan (read DB, diff) | | $plan_s |
| - of which: slurmdbd stop | | $dbdstop_s |
| - of which: the one transaction | | $txn_s |
| - of which: slurmdbd start, until sacctmgr gets an answer | | $dbdstart_s |
| - of which: slurmctld restart or reconfigure (it loads the associations) | | $ctld_s |
| - of which: read back (sacctmgr show assoc, qos, user) | | $readback_s |
| clusterctl's own work (plan + transaction + read back) | | $own_s |
| apply's time beyond slurmdbd's and slurmctld's own stop/start (target < 1.5 s) | $(echo "$sql - $daemons_s < 1.5" | bc | sed 's/1/met/;s/0/not met/') | $(echo "$sql - $daemons_s" | bc) |
| clusterctl accounting plan | no change, against the seeded database | $plan |
| clusterctl accounting apply (sacctmgr method) | QoS commands, one sacctmgr load, read back | $smethod |
| - of which: plan, QoS (and on 23.11+ the account commands), sending the file | | $sbefore_s |
| - of which: its sacctmgr -i load | | $sload_s |
| - of which: read back | | $safter_s |
| sacctmgr -i load | the same flat file (export-sacctmgr) | $load |
| QoS commands + sacctmgr -i load | what the sacctmgr method runs, without its plan and read back | $qload |
| sacctmgr -i add user loop | $(wc -l <loop.sh) users timed ($sample s), extrapolated to $n_assoc | ~$loop |
| sacctmgr method / sacctmgr load (ratio; target 1 or less) | | $(ratio "$smethod" "$load") |
| sacctmgr method / (QoS commands + sacctmgr load) (ratio) | | $(ratio "$smethod" "$qload") |
| sacctmgr method / sql method (ratio) | | $(ratio "$smethod" "$sql") |
| sacctmgr load / sql method end to end (ratio) | | $(ratio "$load" "$sql") |
| sacctmgr load / clusterctl's own work (ratio) | | $(ratio "$load" "$own_s") |
EOT
[ -n "${CLUSTERCTL_BASE:-}" ] && cat <<EOT
| base build: clusterctl accounting apply (sql) | the same, CLUSTERCTL_BASE | $base_sql |
| base build: clusterctl's own work (plan + transaction + read back) | | $base_own |
| base build: the one transaction | | $base_txn |
| base build: clusterctl accounting plan | no change | $base_plan |
| this build / base build, own work (ratio; target 1 or less) | | $(ratio "$own_s" "$base_own") |
| this build / base build, no-change plan (ratio; target 1 or less) | | $(ratio "$plan" "$base_plan") |
EOT
cat <<EOT

load average at the start: $load0; at the end: $(cut -d' ' -f1-3 /proc/loadavg); Slurm $(acct_on sacctmgr -V | cut -d' ' -f2)
EOT
# the scratch directory goes (the test library's by test_done, which exits)
[ -n "${OWN_LAB:-}" ] && test_done >/dev/null
cd / && rm -rf "$W"
