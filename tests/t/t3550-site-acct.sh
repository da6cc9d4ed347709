#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t3550-site-acct: the accounting of two clusters on one slurmdbd
# (inventories/multi, docs/site.md), proven against sacctmgr. The site
# comes up from nothing (scripts/multi-demo.sh: cluster a runs slurmdbd,
# cluster b reaches it); then, from fresh databases:
# - the site seeded with clusterctl's sql method (cluster a by sql, b through
#   slurmdbd: its slurmdbd is a's host) and with the sacctmgr method read
#   back the same: every sacctmgr view, every row of both clusters' tables,
#   both slurmctld's associations, both trees (nested set or lineage); a GPU
#   job under the GPU QoS runs on each cluster, and over its limit waits;
# - --prune on cluster a (by sql, and by sacctmgr) removes what a alone had,
#   keeps a QoS, an account and a user cluster b uses (the plan says so),
#   and leaves b's "sacctmgr show assoc" byte-identical and b's rows
#   untouched but for the mod_time slurmdbd's own QoS removal sets; both
#   methods end alike and a second plan --prune is empty;
# - the same the other way: --prune on b keeps what a uses, a unchanged;
# - a QoS changed in the site file is marked site-wide in b's plan, and with
#   b's slurmctld running a's sql plan goes through slurmdbd instead.
# Runs about 4 minutes (2 cores).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/bench/acct/lib-acct.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR
# Slurm's ports of the site: 6817-6819 and three slurmd from 6831 (6818, b's
# slurmctld, lies in this block of 100 as much as the others)
lab_pick_port_shift 3
LAB_ACCT_METHOD=${LAB_ACCT_METHOD:-sql}
export LAB_PORT_SHIFT LAB_ACCT_METHOD
ACCT_ON="bash $TOP/scripts/lab.sh exec ctl-a"
ACCT_VIA="bash $TOP/scripts/lab.sh exec"
ACCT_SQL="bash $TOP/scripts/lab.sh db-sql"
MULTI=$CLUSTERCTL_LAB/multi

svc() { lab_exec "$1" lab-service "$2" "$3" >/dev/null; }
db() { $ACCT_SQL -N slurm_acct_db; }

# registered C: cluster C's slurmctld answers and is registered with slurmdbd
registered() {
	lab_exec "ctl-$1" scontrol ping 2>/dev/null | grep -q "is UP" &&
	[ "$(echo "select control_port from cluster_table where name='$1' && deleted=0" | db)" -gt 0 ] 2>/dev/null
}

# settle: slurmdbd, then both slurmctld, restarted (they load what was written)
settle() {
	svc ctl-a slurmdbd restart && acct_wait_dbd &&
	svc ctl-a slurmctld restart && svc ctl-b slurmctld restart &&
	wait_for 60 registered a && wait_for 60 registered b
}

# site_reset: a fresh database as a new site has it: slurmdbd's schema,
# clusters a and b added by sacctmgr, the TRES slurmctld registered;
# both slurmctld stopped
site_reset() {
	_tres=$(echo "select concat(type, '/', name) from tres_table where deleted=0 && id>1000;" | db)
	svc ctl-a slurmctld stop; svc ctl-b slurmctld stop
	svc ctl-a slurmdbd stop &&
	echo "drop database if exists slurm_acct_db; create database slurm_acct_db;" | $ACCT_SQL || return 1
	# the cluster's id (24.11+) and its jobs: a slurmctld records the jobs
	# of its saved state in a fresh database (26.05), under new rows
	for c in a b; do
		lab_exec "ctl-$c" sh -c 'd=$(sed -n "s/^StateSaveLocation=//p" /etc/slurm/slurm.conf) &&
			rm -f "$d/clustername" "$d"/job_state*' || return 1
	done
	svc ctl-a slurmdbd start && acct_wait_dbd &&
	acct_on sacctmgr -i add cluster a b >/dev/null || return 1
	for t in $_tres; do
		printf "insert into tres_table (creation_time, type, name) values (unix_timestamp(), '%s', '%s') on duplicate key update deleted=0;\n" \
			"${t%%/*}" "${t#*/}"
	done | db || return 1
	svc ctl-a slurmdbd restart && acct_wait_dbd
}

# method M DIR: DIR/site.M.yaml, DIR's site with database.method M
method() { sed "s/^\\(  *method:\\).*/\\1 $1/" "$2/site.yaml" >"$2/site.$1.yaml"; }

# seed M DIR OUT: a fresh database, DIR's site applied by method M, daemons settled
seed() {
	method "$1" "$2" && site_reset &&
	"$CLUSTERCTL" accounting apply "$2/site.$1.yaml" --exec-via "$ACCT_VIA" >"$3" 2>&1 &&
	settle || { cat "$3"; return 1; }
}

# snap NAME: every view, both clusters' rows, slurmctld's associations, both trees
snap() {
	acct_views "$1.views" &&
	ACCT_CLUSTER=a acct_rows "$1.rows.a" && ACCT_CLUSTER=b acct_rows "$1.rows.b" &&
	cat "$1.rows.a" "$1.rows.b" >"$1.rows" &&
	ACCT_ON="bash $TOP/scripts/lab.sh exec ctl-a" acct_assoc_mgr "$1.assoc_mgr.a" &&
	ACCT_ON="bash $TOP/scripts/lab.sh exec ctl-b" acct_assoc_mgr "$1.assoc_mgr.b" &&
	{ ACCT_CLUSTER=a acct_nested_ok && ACCT_CLUSTER=b acct_nested_ok; } >"$1.tree" ||
		{ cat "$1.tree"; return 1; }
}

# same A B: two snaps are the same
same() {
	for f in views rows assoc_mgr.a assoc_mgr.b tree; do
		diff -u "$1.$f" "$2.$f" || return 1
	done
}

# cluster_of C OUT: what of cluster C another's removal must leave alone:
# sacctmgr's assoc view as it prints it (and with ids and parents), the
# raw association rows (mod_time aside) and the cluster's row
cluster_of() {
	{
		acct_on sacctmgr show assoc cluster="$1"
		acct_on sacctmgr -n -P show assoc cluster="$1" format=Cluster,Account,User,Partition,ID,ParentID,ParentName,Share,QOS,DefaultQOS,GrpTRES,MaxTRES
		echo "set session sql_mode='ANSI_QUOTES'; select * from \"$1_assoc_table\" order by id_assoc;" |
			$ACCT_SQL slurm_acct_db | cut -f1,3-
		echo "select name, classification, federation, features from cluster_table where name='$1';" | db
	} >"$2"
}

test_expect_success 'the site comes up from nothing: one apply, two clusters on one slurmdbd' '
	bash "$TOP/scripts/multi-demo.sh" >demo.out 2>&1 || { tail -n 30 demo.out; false; }
'
grep '^\(ok   \|FAIL\|multi:\)' demo.out | sed 's/^/# /'

# base: the site plus what cluster a alone has (a QoS, an account, a user);
# prunea: a without those, alice on b only; pruneb: b without its QoS
# 'long', alice on a only
mkdir base prunea pruneb changed
cp "$MULTI/site.yaml" "$MULTI/a.yaml" "$MULTI/b.yaml" base/
cat >>base/a.yaml <<'EOF'

qos:
  - {name: ashort, description: short jobs on a, max_wall: "00:10:00"}
accounts:
  - {name: aonly, description: cluster a only, organization: lab}
users:
  - {name: dave, accounts: [aonly], qos: [normal, ashort], default_qos: normal}
EOF
alice='\(  - {name: alice, accounts: \[hep\], qos: \[normal, gpu2\], default_qos: normal\)}'
sed "s/^$alice\$/\\1, clusters: [b]}/" base/site.yaml >prunea/site.yaml
cp "$MULTI/a.yaml" base/b.yaml prunea/
sed "s/^$alice\$/\\1, clusters: [a]}/" base/site.yaml >pruneb/site.yaml
cp base/a.yaml pruneb/
sed '/^qos:/,$d' base/b.yaml >pruneb/b.yaml
sed 's/max_tres_per_user: {gres\/gpu: 2}/max_tres_per_user: {gres\/gpu: 3}/' base/site.yaml >changed/site.yaml
cp base/a.yaml base/b.yaml changed/

test_expect_success 'the variants are what they say' '
	grep -q "name: alice.*clusters: \[b\]}" prunea/site.yaml &&
	grep -q "name: alice.*clusters: \[a\]}" pruneb/site.yaml &&
	! grep -q "^qos:" pruneb/b.yaml && grep -q "name: long" base/b.yaml &&
	grep -q "gres/gpu: 3" changed/site.yaml &&
	for d in base prunea pruneb changed; do
		"$CLUSTERCTL" validate $d/site.yaml >/dev/null || return 1
	done
'

test_expect_success 'seeded by sql and by sacctmgr, both clusters read back the same' '
	seed sql base eq.sql.out && snap eq.sql &&
	grep -q "^== cluster .b." eq.sql.out &&
	seed sacctmgr base eq.sacctmgr.out && snap eq.sacctmgr &&
	same eq.sacctmgr eq.sql &&
	grep -q "^assoc: b|chem|carol|" eq.sql.views &&
	grep -q "^assoc: a|aonly|dave|" eq.sql.views &&
	! grep -q "^assoc: b|aonly" eq.sql.views &&
	grep -q "^qos: ashort|" eq.sql.views && grep -q "^qos: long|" eq.sql.views
'

# prune_a M: from a fresh sql seed of base, prunea applied to cluster a with
# --prune by method M (sql: b's slurmctld stopped, so sql may write)
prune_a() {
	seed sql base pa.$1.seed && cluster_of b pa.$1.b.before &&
	method "$1" prunea &&
	{ [ "$1" != sql ] || svc ctl-b slurmctld stop; } &&
	{ "$CLUSTERCTL" accounting apply prunea/site.$1.yaml --cluster a --prune \
		--exec-via "$ACCT_VIA" >pa.$1.out 2>&1 || { cat pa.$1.out; false; }; } &&
	cluster_of b pa.$1.b.after && settle && snap pa.$1 &&
	"$CLUSTERCTL" accounting plan prunea/site.$1.yaml --cluster a --prune >pa.$1.plan ||
		{ cat pa.$1.plan; return 1; }
}

test_expect_success '--prune on cluster a (sql, sacctmgr): what b uses stays, b untouched, both methods alike' '
	prune_a sql && prune_a sacctmgr &&
	same pa.sacctmgr pa.sql &&
	for m in sql sacctmgr; do
		test_cmp pa.$m.b.before pa.$m.b.after &&
		grep -q "= user .alice. kept: cluster b uses it" pa.$m.out &&
		grep -q "= qos .long. kept: cluster b uses it" pa.$m.out &&
		grep -q "= account .chem. kept: cluster b uses it" pa.$m.out || return 1
	done &&
	! grep -q "through slurmdbd" pa.sql.out &&
	! grep -q "^assoc: a|hep|alice|" pa.sql.views && grep -q "^assoc: b|hep|alice|" pa.sql.views &&
	grep -q "^user: alice|" pa.sql.views &&
	! grep -q "^user: dave|" pa.sql.views && ! grep -q "^account: aonly|" pa.sql.views &&
	! grep -q "^qos: ashort|" pa.sql.views && grep -q "^qos: long|" pa.sql.views
'

test_expect_success '--prune on cluster b keeps what a uses; a untouched' '
	seed sql base pb.seed && cluster_of a pb.a.before &&
	method sql pruneb &&
	{ "$CLUSTERCTL" accounting apply pruneb/site.sql.yaml --cluster b --prune \
		--exec-via "$ACCT_VIA" >pb.out 2>&1 || { cat pb.out; false; }; } &&
	cluster_of a pb.a.after && test_cmp pb.a.before pb.a.after &&
	grep -q "through slurmdbd (sacctmgr): slurmdbd runs on cluster .a..s host" pb.out &&
	grep -q "= user .alice. kept: cluster a uses it" pb.out &&
	grep -q "= account .aonly. kept: cluster a uses it" pb.out &&
	settle && acct_views pb.views &&
	! grep -q "^assoc: b|hep|alice|" pb.views && grep -q "^assoc: a|hep|alice|" pb.views &&
	! grep -q "^qos: long|" pb.views && grep -q "^qos: ashort|" pb.views &&
	{ "$CLUSTERCTL" accounting plan pruneb/site.sql.yaml --cluster b --prune >pb.plan ||
		{ cat pb.plan; false; }; }
'

test_expect_success 'a QoS changed in the site file is site-wide in b'"'"'s plan; with b running, a'"'"'s goes through slurmdbd' '
	seed sql base ch.seed &&
	method sql changed &&
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan changed/site.sql.yaml --cluster b >ch.b &&
	grep -q "^  ~ qos .gpu2. (site-wide: cluster a has it too)\$" ch.b &&
	test_must_fail --exit=2 "$CLUSTERCTL" accounting plan changed/site.sql.yaml --cluster a >ch.a &&
	grep -q "^  ~ qos .gpu2. (site-wide: cluster b has it too)\$" ch.a &&
	grep -q "through slurmdbd (sacctmgr): the running slurmctld of cluster .b. caches" ch.a &&
	"$CLUSTERCTL" accounting plan changed/site.sql.yaml --cluster a --json >ch.json;
	test $? = 2 &&
	python3 -c "import json,sys; j=json.load(open(\"ch.json\")); c=[x for x in j[\"changes\"] if x[\"name\"]==\"gpu2\"][0]; sys.exit(c[\"site_wide\"]!=[\"b\"])"
'

# gpu_job C ARGS: alice submits a job with ARGS on cluster C's controller
gpu_job() {
	c=$1
	shift
	lab_exec "ctl-$c" su -s /bin/sh alice -c "cd /tmp && sbatch --parsable -o /dev/null $*"
}
done_on() {
	lab_exec "ctl-$1" sacct -n -X -P -j "$2" -o State 2>/dev/null | grep -qx COMPLETED
}
pending_for() {
	lab_exec ctl-a squeue -h -j "$1" -o %r | grep -qx "$2"
}

test_expect_success 'a GPU job under the GPU QoS runs on each cluster; over the QoS limit one waits' '
	settle &&
	ja=$(gpu_job a --gres=gpu:1 -A hep --qos=gpu2 --wrap true) &&
	jb=$(gpu_job b --gres=gpu:1 -A hep --qos=gpu2 --wrap true) &&
	wait_for 60 done_on a "$ja" && wait_for 60 done_on b "$jb" &&
	big=$(gpu_job a --gres=gpu:2 -A hep --qos=gpu2 -w gpu-a01 --wrap "\"sleep 60\"") &&
	more=$(gpu_job a --gres=gpu:1 -A hep --qos=gpu2 -w gpu-a02 --wrap true) &&
	wait_for 30 pending_for "$more" QOSMaxGRESPerUser
'
lab_exec ctl-a scancel --quiet -u alice 2>/dev/null


test_done
