#!/bin/sh
# bench/acct/site.sh [USERS [ACCOUNTS [N]]]: a change to cluster b of a
# two-cluster site (inventories/multi, docs/site.md: cluster a runs the
# site's slurmdbd, b reaches it) costs what it costs on a database of b
# alone, and touches no row of cluster a. USERS users (default 10000) in
# ACCOUNTS accounts (100, bench/acct/gen.py), every other user on a, the
# others on b. Two databases, each seeded by clusterctl from nothing
# (accounting apply; a by sql, b through slurmdbd, its slurmdbd being
# a's host): "b alone" (cluster b only, b's users; a's slurmctld stopped)
# and "a + b" (both clusters, all users). On each,
# N times (default 3), side by side:
#   1. clusterctl add-user SITE NAME --account A --cluster b --apply (the
#      lock, the plan of b against the database, one sacctmgr command on
#      b's controller, the read back): wall time from the shell
#   2. sacctmgr -i add user NAME account=A cluster=b on b's controller
#      (through the lab's exec)
#   3. clusterctl accounting plan SITE --cluster b (it names sacctmgr's
#      users, which the inventory lacks)
# and whether cluster a's association rows (every column, mod_time
# included) are the same before and after all of b's changes. Brings up
# the site in its own lab (scripts/multi-demo.sh) and stops it at the end;
# SLURM_VERSION picks the release. Prints a Markdown table.
USERS=${1:-10000} ACCOUNTS=${2:-100} N=${3:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL

. "$TOP/tests/t/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$HERE/lib-acct.sh"
lab_begin >&2
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR
lab_pick_port_shift 3
export LAB_PORT_SHIFT
ACCT_ON="bash $TOP/scripts/lab.sh exec ctl-a"
ACCT_VIA="bash $TOP/scripts/lab.sh exec"
ACCT_SQL="bash $TOP/scripts/lab.sh db-sql"
cd "$TRASH" || exit 1
bash "$TOP/scripts/multi-demo.sh" >demo.out 2>&1 ||
	{ tail -n 20 demo.out >&2; echo "the site did not come up" >&2; exit 1; }

now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{ printf "%.2f", $2 - $1 }'; }
db() { $ACCT_SQL -N slurm_acct_db; }
svc() { lab_exec "$1" lab-service "$2" "$3" >/dev/null; }

# big DIR WHO: the site with gen.py's accounting, every other user on a,
# the others on b; WHO "b" keeps b's users only
big() {
	mkdir -p "$1"
	cp "$CLUSTERCTL_LAB/multi/a.yaml" "$CLUSTERCTL_LAB/multi/b.yaml" "$1/"
	{ sed '/^qos:/,$d' "$CLUSTERCTL_LAB/multi/site.yaml" | sed 's/^\(  *method:\).*/\1 auto/'
	  python3 "$HERE/gen.py" "$USERS" "$ACCOUNTS" |
		awk -v who="$2" '/^  - {name: u[0-9]+,/ {
				n = substr($3, 2) + 0; c = n % 2 ? "b" : "a"
				if (who == "b" && c == "a") next
				sub(/}$/, ", clusters: [" c "]}") }
			{ print }'; } >"$1/site.yaml"
}

# fresh CLUSTERS: a new database holding these clusters ("a,b" or "b"),
# both slurmctld stopped
fresh() {
	svc ctl-a slurmctld stop; svc ctl-b slurmctld stop
	svc ctl-a slurmdbd stop &&
	echo "drop database if exists slurm_acct_db; create database slurm_acct_db;" | $ACCT_SQL &&
	for c in a b; do
		lab_exec "ctl-$c" sh -c 'rm -f "$(sed -n "s/^StateSaveLocation=//p" /etc/slurm/slurm.conf)/clustername"'
	done &&
	svc ctl-a slurmdbd start && acct_wait_dbd &&
	acct_on sacctmgr -i add cluster $(echo "$1" | tr , ' ') >/dev/null &&
	echo "insert into tres_table (creation_time, type, name) values (unix_timestamp(), 'gres', 'gpu');" | db &&
	svc ctl-a slurmdbd restart && acct_wait_dbd
}

registered() {
	lab_exec "ctl-$1" scontrol ping 2>/dev/null | grep -q "is UP" &&
	[ "$(echo "select control_port from cluster_table where name='$1'" | db)" -gt 0 ] 2>/dev/null
}

# seed DIR CLUSTERS: DIR's site applied to those clusters from a fresh
# database holding them, their slurmctld running
seed() {
	fresh "$2" >seed.log 2>&1 || { cat seed.log >&2; return 1; }
	t0=$(now)
	"$CLUSTERCTL" accounting apply "$1/site.yaml" $(echo "$2" | sed 's/\([a-z]\)/--cluster \1/g; s/,/ /g') \
		--exec-via "$ACCT_VIA" >"$1.seed" 2>&1 || { tail -n 20 "$1.seed" >&2; return 1; }
	echo "# $1: seeded in $(secs "$t0" "$(now)") s" >&2
	svc ctl-a slurmdbd restart && acct_wait_dbd || return 1
	for c in $(echo "$2" | tr , ' '); do
		svc "ctl-$c" slurmctld restart && wait_for 120 registered "$c" || return 1
	done
}

# a checksum of cluster a's association rows, every column; "none" without them
rows_of_a() {
	echo "set session sql_mode='ANSI_QUOTES'; select * from \"a_assoc_table\" order by id_assoc;" |
		$ACCT_SQL slurm_acct_db 2>/dev/null >rows.a || { echo none; return; }
	sha256sum <rows.a | cut -c1-16
}

acct=$(python3 "$HERE/gen.py" 2 "$ACCOUNTS" | sed -n 's/^ *- {name: \(grp[0-9_]*\),.*/\1/p' | head -1)

# measure DIR LABEL TAG: the changes to b on DIR's database, one table row
# each (TAG: a word in the new users' names)
measure() {
	a0=$(rows_of_a)
	i=0
	while [ "$i" -lt "$N" ]; do
		name=$(printf 'new%s%02d' "$3" "$i")
		t0=$(now)
		"$CLUSTERCTL" add-user "$1/site.yaml" "$name" --account "$acct" --cluster b \
			--apply >add.out 2>&1 || { cat add.out >&2; return 1; }
		t1=$(now)
		echo "| $2 | clusterctl add-user --cluster b --apply | $(secs "$t0" "$t1") |"
		t0=$(now)
		lab_exec ctl-b sacctmgr -i add user "sm$name" account="$acct" cluster=b >/dev/null ||
			return 1
		t1=$(now)
		echo "| $2 | sacctmgr -i add user on ctl-b | $(secs "$t0" "$t1") |"
		i=$((i + 1))
	done
	t0=$(now)
	"$CLUSTERCTL" accounting plan "$1/site.yaml" --cluster b >plan.out 2>&1
	rc=$?
	t1=$(now)
	# sacctmgr's own users are not the inventory's: the plan names them
	echo "| $2 | clusterctl accounting plan --cluster b (exit $rc) | $(secs "$t0" "$t1") |"
	a1=$(rows_of_a)
	if [ "$a0" != "$a1" ]; then same="**changed**"; elif [ "$a0" = none ]; then same="(no cluster a)"
	else same=unchanged; fi
	echo "| $2 | cluster a's association rows after b's changes | $same |"
	echo "# $2: a's association rows $a0 -> $a1" >&2
}

big alone b
big both ab
echo "# $USERS users ($ACCOUNTS accounts): b alone holds $(grep -c 'clusters: \[b\]' alone/site.yaml) users, a + b $(grep -c '^  - {name: u' both/site.yaml)" >&2
load0=$(cut -d' ' -f1-3 /proc/loadavg)
echo "| database | change to cluster b | seconds |"
echo "|---|---|---:|"
seed alone b && measure alone "b alone" alone || exit 1
seed both a,b && measure both "a + b" both || exit 1
echo
echo "load average before: $load0; after: $(cut -d' ' -f1-3 /proc/loadavg); Slurm ${SLURM_VERSION:-22.05}"
