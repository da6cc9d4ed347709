#!/bin/sh
# bench/acct/load-cost.sh [USERS [ACCOUNTS [K]]]: where "sacctmgr load" of
# USERS users (default 10000) in ACCOUNTS accounts (100) spends its time,
# and whether K side-by-side loads (default 2) of the same users, split by
# account, beat one. Each load starts from a fresh database holding the
# QoS and the accounts (loaded first, not timed); the users then go in by
# one "sacctmgr -i load" of all of them, or by K loads side by side. For
# each: wall time, and the CPU seconds mariadbd, slurmdbd and sacctmgr
# spent in it, the user associations in the database after it, and whether
# they form one valid tree (nested set; lineage and id_parent on 23.11+).
# Brings up the project lab (ctl, gpu01-03 + MariaDB);
# SLURM_VERSION picks the release, ACCT_REGISTERED=1 lets slurmctld register
# the cluster first (23.11+: new rows keep lft = rgt = 0). Two rounds.
USERS=${1:-10000} ACCOUNTS=${2:-100} K=${3:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL
. "$TOP/tests/t/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$HERE/lib-acct.sh"
BASE=$TRASH/lab.yaml
acct_bench_lab "$BASE" ctl gpu01 gpu02 gpu03
W=$TRASH
cd "$W" || exit 1
now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{ printf "%.2f", $2 - $1 }'; }
acct_big_inventory "$BASE" "$USERS" "$ACCOUNTS" >big.yaml
"$CLUSTERCTL" export-sacctmgr big.yaml >big.cfg || exit 1
sed -n 's/^#   \(sacctmgr -i \)/\1/p' big.cfg >qos.sh
grep -v '^User - ' big.cfg >accounts.cfg
# users.cfg: the Cluster line and every Parent block with users; usersI.cfg:
# the same blocks dealt round-robin into K files
python3 - "$K" <<'PY'
import sys
k = int(sys.argv[1])
lines = open('big.cfg').read().splitlines()
head = [l for l in lines if l.startswith('Cluster - ')]
blocks, cur = [], None
for l in lines:
    if l.startswith('Parent - '):
        cur = [l, []]
        blocks.append(cur)
    elif l.startswith('User - ') and cur:
        cur[1].append(l)
blocks = [b for b in blocks if b[1]]
def write(name, part):
    with open(name, 'w') as f:
        f.write('\n'.join(head + [l for p, u in part for l in [p] + u]) + '\n')
write('users.cfg', blocks)
for i in range(k):
    write('users%d.cfg' % i, blocks[i::k])
PY
# cpu_of NAME: CPU seconds (user + system) of the lab's NAME so far
cpu_of() {
	case $1 in
	mariadbd) pid=$(pgrep -f "mariadbd --defaults-file=$CLUSTERCTL_LAB/" | head -1)
		awk '{ print ($14 + $15) / 100 }' "/proc/$pid/stat" ;;
	*) acct_on sh -c "pid=\$(lab-service $1 status | sed -n 's/.*pid \\([0-9]*\\).*/\\1/p')
		awk '{ print (\$14 + \$15) / 100 }' /proc/\$pid/stat" ;;
	esac
}
fresh() {
	acct_reset_db gres/gpu >/dev/null && acct_registered &&
	acct_on sh -c "$(cat qos.sh)" >/dev/null &&
	acct_on sacctmgr -i load file="$W/accounts.cfg" >/dev/null
}
# timed WHAT CMD: one row; CMD runs on this machine
timed() {
	what=$1
	shift
	m0=$(cpu_of mariadbd) d0=$(cpu_of slurmdbd) t0=$(now)
	"$@" || { echo "$what failed" >&2; exit 1; }
	t1=$(now) m1=$(cpu_of mariadbd) d1=$(cpu_of slurmdbd)
	n=$(acct_user_assocs)
	# side-by-side transactions must still leave one valid tree
	valid=no
	acct_nested_ok >/dev/null 2>&1 && valid=yes
	echo "| $what | $(secs "$t0" "$t1") | $(secs "$m0" "$m1") | $(secs "$d0" "$d1") | $(cat cpu.sacctmgr) | $n | $valid |"
}
one_load() {
	/usr/bin/time -f "%U %S" -o cpu.raw $ACCT_ON sacctmgr -i load file="$W/users.cfg" >load.out 2>&1
	rc=$?
	awk '{ printf "%.2f", $1 + $2 }' cpu.raw >cpu.sacctmgr
	return $rc
}
k_loads() {
	i=0
	while [ "$i" -lt "$K" ]; do
		/usr/bin/time -f "%U %S" -o "cpu.raw$i" $ACCT_ON sacctmgr -i load file="$W/users$i.cfg" >"load$i.out" 2>&1 &
		i=$((i + 1))
	done
	wait
	cat cpu.raw? | awk '{ s += $1 + $2 } END { printf "%.2f", s }' >cpu.sacctmgr
	! grep -il "error" load?.out
}
echo "| $USERS users in $ACCOUNTS accounts | wall (s) | mariadbd CPU (s) | slurmdbd CPU (s) | sacctmgr CPU (s) | user associations after | tree valid |"
echo "|---|---:|---:|---:|---:|---:|---|"
for round in 1 2; do
	fresh || exit 1
	timed "one sacctmgr -i load (round $round)" one_load
	fresh || exit 1
	timed "$K sacctmgr -i load side by side (round $round)" k_loads
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); Slurm $(acct_on sacctmgr -V | cut -d' ' -f2)"
test_done >/dev/null
