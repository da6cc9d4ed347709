#!/usr/bin/env bash
# acct-capture-sql.sh - record the SQL slurmdbd runs for each sacctmgr command
# of a fixed list: the ground truth the sql method is written against.
#
#   scripts/acct-capture-sql.sh [ROOT] OUTDIR
#
# ROOT: a Debian root holding slurmdbd, slurmctld, sacctmgr, munged and
# mariadbd of the release to capture (e.g. a Debian 13 root for Slurm 24.11,
# see docs/sql-24.11/README.md); every daemon and client then runs chrooted
# there, with /proc, /sys, /dev and /tmp bind-mounted inside a private mount
# namespace (nothing stays mounted afterwards). Without ROOT the machine's
# own binaries run (Debian 12: Slurm 22.05).
#
# A private stack under a fresh directory in /tmp on free ports: MariaDB with
# the general query log on from its first start, munged, slurmdbd, slurmctld
# (no slurmd: accounting only). Each command runs between two marker queries
# ("SELECT 'CAPMARK name BEGIN|END'") and the log is cut per command by
# scripts/acct-split-general-log.py into OUTDIR/NN-name.sql (the statements of
# slurmdbd's connections), plus OUTDIR/commands.tsv (command, exit status,
# output), OUTDIR/schema.sql (mariadb-dump --no-data --routines) and
# OUTDIR/data-after.sql (the small tables, one INSERT per row).
# The stack is stopped and its directory removed at the end (KEEP=1 keeps it).
set -u
set -o pipefail

HERE=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
die() { printf 'acct-capture-sql: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'acct-capture-sql: %s\n' "$*" >&2; }

if [ $# -eq 2 ]; then ROOT=$(readlink -f "$1"); OUT=$2
elif [ $# -eq 1 ]; then ROOT=; OUT=$1
else die "usage: $0 [ROOT] OUTDIR"; fi
[ -z "$ROOT" ] || [ -x "$ROOT/usr/sbin/slurmdbd" ] || die "no slurmdbd in '$ROOT'"
mkdir -p "$OUT" && OUT=$(readlink -f "$OUT") || die "cannot create '$OUT'"

# Re-exec inside a private mount namespace for the bind mounts of the root.
if [ -n "$ROOT" ] && [ "${CAPTURE_IN_NS:-0}" != 1 ]; then
	exec env CAPTURE_IN_NS=1 unshare --mount --propagation private -- "$0" "$ROOT" "$OUT"
fi
if [ -n "$ROOT" ]; then
	for d in proc sys dev tmp; do
		mount --rbind "/$d" "$ROOT/$d" || die "cannot bind /$d into $ROOT"
	done
	# the machine's name and localhost resolve inside the root as outside
	[ -e "$ROOT/etc/hosts" ] || : >"$ROOT/etc/hosts"
	mount --bind /etc/hosts "$ROOT/etc/hosts" || die "cannot bind /etc/hosts into $ROOT"
fi

# in ROOT (or here): run a program with the stack's environment
in_root() {
	if [ -n "$ROOT" ]; then
		chroot "$ROOT" env SLURM_CONF="$SLURM_CONF" PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"
	else
		env SLURM_CONF="$SLURM_CONF" "$@"
	fi
}

free_port() {
	local p
	while :; do
		p=$((20000 + RANDOM % 20000))
		ss -Hltn "sport = :$p" | grep -q . || { echo "$p"; return; }
	done
}

S=$(mktemp -d /tmp/acct-capture.XXXXXX)
chmod 0755 "$S"
mkdir -p "$S/etc" "$S/log" "$S/run" "$S/munge" "$S/spool" "$S/mysql-tmp"
DB_PORT=$(free_port) DBD_PORT=$(free_port) CTLD_PORT=$(free_port)
export SLURM_CONF=$S/etc/slurm.conf
HOST=$(hostname -s)
GENLOG=$S/log/general.log
PIDS=()

cleanup() {
	local i
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
		kill -TERM "${PIDS[i]}" 2>/dev/null
	done
	sleep 2
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
		kill -KILL "${PIDS[i]}" 2>/dev/null
	done
	[ "${KEEP:-0}" = 1 ] && say "kept $S" || rm -rf "$S"
}
trap cleanup EXIT

cat >"$S/etc/my.cnf" <<EOF
[client]
port = $DB_PORT
socket = $S/mysql.sock
user = root
[mysqld]
user = root
datadir = $S/mysql
socket = $S/mysql.sock
port = $DB_PORT
bind-address = 127.0.0.1
pid-file = $S/run/mysqld.pid
log-error = $S/log/mysqld.err
tmpdir = $S/mysql-tmp
skip-name-resolve
skip-log-bin
innodb_buffer_pool_size = 128M
innodb_lock_wait_timeout = 900
general_log = 1
general_log_file = $GENLOG
EOF
cat >"$S/etc/slurmdbd.conf" <<EOF
AuthType=auth/munge
AuthInfo=socket=$S/munge/munge.socket
DbdHost=$HOST
DbdAddr=127.0.0.1
DbdPort=$DBD_PORT
SlurmUser=root
PidFile=$S/run/slurmdbd.pid
LogFile=$S/log/slurmdbd.log
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$DB_PORT
StorageUser=slurm
StoragePass=capture
StorageLoc=slurm_acct_db
EOF
chmod 0600 "$S/etc/slurmdbd.conf"
cat >"$S/etc/slurm.conf" <<EOF
ClusterName=lab
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$S/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$S/spool
SlurmdSpoolDir=$S/spool/slurmd-%n
SlurmctldPidFile=$S/run/slurmctld.pid
SlurmctldLogFile=$S/log/slurmctld.log
PlugStackConfig=$S/etc/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
SelectType=select/cons_tres
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$DBD_PORT
AccountingStoragePass=$S/munge/munge.socket
AccountingStorageTRES=gres/gpu
AccountingStorageEnforce=associations,limits,qos
GresTypes=gpu
NodeName=n1 NodeHostname=$HOST NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN
PartitionName=debug Nodes=n1 Default=YES State=UP
EOF
: >"$S/etc/plugstack.conf"

MY="in_root mariadb --defaults-file=$S/etc/my.cnf"
wait_for() { # wait_for WHAT CMD...: up to 30 s
	local what=$1 i
	shift
	for ((i = 0; i < 120; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
	die "$what did not come up (logs in $S/log; KEEP=1 to keep them)"
}
pid_of() { cat "$1" 2>/dev/null; }

say "stack in $S: mariadb :$DB_PORT, slurmdbd :$DBD_PORT, slurmctld :$CTLD_PORT"
in_root mariadb-install-db --defaults-file="$S/etc/my.cnf" --user=root \
	--auth-root-authentication-method=socket --skip-test-db >"$S/log/install-db.log" 2>&1 ||
	die "mariadb-install-db failed: $S/log/install-db.log"
in_root setsid mariadbd --defaults-file="$S/etc/my.cnf" </dev/null >>"$S/log/mariadbd.out" 2>&1 &
wait_for mariadb $MY -e 'select 1'
PIDS+=("$(pid_of "$S/run/mysqld.pid")")
$MY -e "CREATE DATABASE slurm_acct_db; CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY 'capture';
	GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';" || die "cannot create the database user"

head -c 1024 /dev/urandom >"$S/munge/munge.key"
chmod 0400 "$S/munge/munge.key"
in_root munged --key-file="$S/munge/munge.key" --socket="$S/munge/munge.socket" \
	--pid-file="$S/run/munged.pid" --log-file="$S/log/munged.log" --seed-file="$S/munge/seed" ||
	die "munged did not start"
PIDS+=("$(pid_of "$S/run/munged.pid")")

mark() { $MY -N -e "SELECT 'CAPMARK $1 $2'" >/dev/null; }
: >"$OUT/commands.tsv"
# step NAME DESCRIPTION CMD...: run CMD between the markers of NAME
step() {
	local name=$1 descr=$2 rc out
	shift 2
	mark "$name" BEGIN
	out=$("$@" 2>&1)
	rc=$?
	sleep 1	# slurmdbd commits and rolls back after sacctmgr returns
	mark "$name" END
	printf '%s\t%s\t%s\t%s\n' "$name" "$descr" "$rc" "$(tr '\n\t' '  ' <<<"$out")" >>"$OUT/commands.tsv"
	say "$name: rc=$rc"
}
sacct() { in_root sacctmgr "$@"; }
start_dbd() {
	in_root slurmdbd
	wait_for slurmdbd in_root sacctmgr -n show cluster
}
start_ctld() {
	in_root slurmctld
	wait_for slurmctld in_root scontrol ping
	sleep 3	# its registration with slurmdbd
}
cmd_step() { # cmd_step NAME sacctmgr ARGS...
	local name=$1
	shift
	step "$name" "sacctmgr $*" sacct "$@"
}

step 00a-slurmdbd-start "slurmdbd first start (schema creation)" start_dbd
PIDS+=("$(pid_of "$S/run/slurmdbd.pid")")
cmd_step 00b-add-cluster-lab -i add cluster lab
step 00c-slurmctld-start "slurmctld start: cluster and TRES (gres/gpu) registration" start_ctld
PIDS+=("$(pid_of "$S/run/slurmctld.pid")")
cmd_step 01-add-cluster-lab2 -i add cluster lab2
cmd_step 02-add-account-physics -i add account physics Cluster=lab "Description=physics dept" Organization=science
cmd_step 03-add-account-hep -i add account hep Parent=physics Cluster=lab Description=hep Organization=science
cmd_step 04-add-user-alice -i add user alice Account=hep Cluster=lab
cmd_step 05-add-qos-gpu4 -i add qos gpu4 MaxTRESPerUser=gres/gpu=4 Priority=10
cmd_step 06a-modify-user-alice-qos -i modify user alice set qos+=gpu4
cmd_step 06b-modify-account-hep-grptres -i modify account hep set GrpTRES=gres/gpu=8
cmd_step 07-add-user-bob -i add user bob Account=physics Cluster=lab AdminLevel=Operator DefaultAccount=physics
cmd_step 08-delete-user-bob -i delete user bob
cmd_step 09-add-account-cs-on-lab-lab2 -i add account cs Cluster=lab,lab2 Description=cs Organization=cs
cmd_step 10-add-user-carol-two-accounts -i add user carol Account=hep,cs Cluster=lab DefaultAccount=cs QOS=normal,gpu4 DefaultQOS=gpu4 GrpTRES=gres/gpu=2
cmd_step 11-add-user-dave-partition -i add user dave Account=cs Cluster=lab Partition=debug
cmd_step 12-add-coordinator-alice-hep -i add coordinator Account=hep Names=alice
cmd_step 13-remove-coordinator-alice-hep -i remove coordinator Account=hep Names=alice
cmd_step 14-modify-user-carol-assoc -i modify user where name=carol account=hep cluster=lab set MaxJobs=4 GrpTRES=gres/gpu=1
cmd_step 15-delete-user-carol-from-hep -i delete user where name=carol account=hep cluster=lab
cmd_step 16-delete-account-hep -i delete account hep
cmd_step 17a-modify-user-carol-defqos -i modify user carol set DefaultQOS=normal
cmd_step 17b-delete-qos-gpu4 -i delete qos gpu4
cmd_step 18-add-account-hep-again -i add account hep Parent=physics Cluster=lab Description=hep Organization=science
# lab2 has no slurmctld: its rpc_version stays 0, and slurmdbd 23.11+ keeps
# maintaining lft/rgt there (the pre-23.11 path)
cmd_step 19-add-user-erin-lab2 -i add user erin Account=cs Cluster=lab2
cmd_step 20-delete-account-cs-lab2 -i delete account where name=cs cluster=lab2
cmd_step 21-show-assoc -n -P show assoc format=Cluster,Account,User,Partition,ParentName,QOS

$MY -e "SET GLOBAL general_log=0" || die "cannot stop the general log"
python3 "$HERE/acct-split-general-log.py" "$GENLOG" "$OUT" "$OUT/commands.tsv" ||
	die "cannot split the general log"
DUMP="in_root mariadb-dump --defaults-file=$S/etc/my.cnf --skip-dump-date"
$DUMP --no-data --routines slurm_acct_db >"$OUT/schema.sql"
$DUMP --no-create-info --skip-extended-insert --complete-insert slurm_acct_db \
	cluster_table acct_table user_table qos_table tres_table acct_coord_table txn_table \
	convert_version_table lab_assoc_table lab2_assoc_table >"$OUT/data-after.sql"
in_root sacctmgr -V >"$OUT/slurm-version.txt"
$MY -N -e 'select version()' >>"$OUT/slurm-version.txt"
say "wrote $OUT"
