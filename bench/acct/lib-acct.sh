# lib-acct.sh: seeding and comparing Slurm accounting databases, shared by the
# tests/t/t3*.sh integration tests and bench/acct/run.sh. Source it with:
#   ACCT_ON      command prefix that runs a command on the accounting host
#                (e.g. "bash scripts/lab.sh exec ctl")
#   ACCT_VIA     the same prefix without the host, for clusterctl --exec-via
#                (e.g. "bash scripts/lab.sh exec")
#   ACCT_SQL     a root MariaDB client reading SQL on stdin ("bash scripts/lab.sh db-sql")
#   ACCT_CLUSTER the cluster name the inventories use (lab)
#   CLUSTERCTL   the binary
#   TOP          the source tree
ACCT_DIR=$TOP/bench/acct
: "${ACCT_CLUSTER:=lab}"

acct_on() { $ACCT_ON "$@"; }
acct_svc() { $ACCT_ON lab-service "$1" "$2" >/dev/null; }
acct_sql() { $ACCT_SQL "$@"; }

# acct_wait_dbd: until sacctmgr gets an answer from slurmdbd (30 s)
acct_wait_dbd() {
	i=0
	until acct_on sacctmgr -n show cluster >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -gt 60 ] && { echo "slurmdbd does not answer" >&2; return 1; }
		sleep 0.5
	done
}

# acct_wait_ctld: until slurmctld answers (30 s), then a moment for its registration
acct_wait_ctld() {
	i=0
	until acct_on scontrol ping 2>/dev/null | grep -q "is UP"; do
		i=$((i + 1))
		[ "$i" -gt 60 ] && { echo "slurmctld does not answer" >&2; return 1; }
		sleep 0.5
	done
	sleep 1
}

# acct_tres_of INV: the gres/license TRES an inventory's limits use
acct_tres_of() {
	"$CLUSTERCTL" export-sacctmgr --commands "$1" |
		grep -o '\(gres\|license\)/[A-Za-z0-9:_.-]*=' | tr -d = | sort -u
}

# acct_reset_db TRES...: a fresh database as a new site has it: slurmdbd's
# schema, the cluster added with sacctmgr, and the TRES slurmctld registers
# (written as slurmctld's registration writes them)
acct_reset_db() {
	# the TRES slurmctld registered before (24.11 adds gres/gpumem,
	# gres/gpuutil and typed GRES): written again so that it never creates
	# TRES at its first start on the fresh database (24.11.5 crashed twice
	# in 30 such starts, in assoc_mgr_update_qos and in cluster_tres)
	set -- "$@" $(echo "select concat(type, '/', name) from tres_table where deleted=0 && id>1000;" |
		acct_sql -N slurm_acct_db 2>/dev/null)
	acct_svc slurmctld stop 2>/dev/null
	acct_svc slurmdbd stop || return 1
	echo "drop database if exists slurm_acct_db; create database slurm_acct_db;" | acct_sql || return 1
	# slurmctld 24.11 keeps the cluster's id (random per database) in
	# StateSaveLocation/clustername and refuses to start on another one
	acct_on sh -c 'rm -f "$(sed -n "s/^StateSaveLocation=//p" /etc/slurm/slurm.conf)/clustername"' || return 1
	acct_svc slurmdbd start && acct_wait_dbd || return 1
	acct_on sacctmgr -n -P show cluster format=Cluster | grep -qx "$ACCT_CLUSTER" ||
		acct_on sacctmgr -i add cluster "$ACCT_CLUSTER" >/dev/null || return 1
	for t in $(printf '%s\n' "$@" | sort -u); do
		printf "insert into tres_table (creation_time, type, name) values (unix_timestamp(), '%s', '%s') on duplicate key update deleted=0;\n" \
			"${t%%/*}" "${t#*/}"
	done | acct_sql slurm_acct_db || return 1
	acct_svc slurmdbd restart && acct_wait_dbd
}

# acct_wait_registered: until slurmctld has registered the cluster with
# slurmdbd (cluster_table.rpc_version set; 30 s). From then on slurmdbd 23.11+
# leaves lft/rgt at 0 for the cluster's new associations.
acct_wait_registered() {
	i=0
	until [ "$(echo "select rpc_version from cluster_table where name='$ACCT_CLUSTER'" |
		acct_sql -N slurm_acct_db 2>/dev/null)" -gt 0 ] 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -gt 60 ] && { echo "slurmctld did not register '$ACCT_CLUSTER'" >&2; return 1; }
		sleep 0.5
	done
}

# acct_registered: with ACCT_REGISTERED=1, slurmctld starts and registers
# the cluster (on 23.11+ new associations then keep lft = rgt = 0)
acct_registered() {
	[ "${ACCT_REGISTERED:-0}" = 1 ] || return 0
	acct_svc slurmctld start && acct_wait_ctld && acct_wait_registered
}

# acct_user_assocs: the cluster's live user associations outside the root
# account (sacctmgr add cluster makes root's own)
acct_user_assocs() {
	echo "select count(*) from ${ACCT_CLUSTER}_assoc_table where deleted=0 && user!='' && acct!='root'" |
		acct_sql -N slurm_acct_db
}

# acct_check_user_assocs N WHAT: the database holds N such associations after WHAT
acct_check_user_assocs() {
	_n=$(acct_user_assocs)
	[ "$_n" = "$1" ] || { echo "$2 left $_n user associations, not $1" >&2; return 1; }
}

# acct_big_inventory BASE USERS ACCOUNTS [METHOD]: BASE without its qos:,
# accounts: and users: (and its partitions' QoS), with gen.py's USERS users
# in ACCOUNTS accounts instead; METHOD sets database.method
acct_big_inventory() {
	sed '/^qos:/,$d' "$1" |
		sed -e 's/, *qos: *[a-z0-9_]*}/}/' ${4:+-e "s/^\\(  *method:\\).*/\\1 $4/"}
	python3 "$ACCT_DIR/gen.py" "$2" "$3"
}

# acct_assoc_mgr OUT: slurmctld's associations (scontrol show assoc_mgr), ids,
# tree positions, usage and fair-share figures aside, lines sorted
acct_assoc_mgr() {
	acct_on scontrol -o show assoc_mgr flags=assoc,users,qos |
		sed -e 's/ \(ID\|Lft\|SharesRaw[^=]*\|UsageRaw\|Usage[A-Z][A-Za-z]*\|GrpTRESMins\|GrpTRESRunMins\|MaxTRESMins\|FairShare\|Effective[A-Za-z]*\|LevelFS\)=[^ ]*//g' \
			-e 's/(\([0-9]*\))/()/g' -e 's/\(AccrueJobs\|GrpJobs\|GrpSubmitJobs\|GrpWall\|MaxJobs\|MaxSubmitJobs\)=\([^( ]*\)([^)]*)/\1=\2/g' |
		sort >"$1"
}

# acct_seed METHOD INV: seed with clusterctl's sql or sacctmgr method
acct_seed() {
	sed "s/^\\(  *method:\\).*/\\1 $1/" "$2" >"$2.$1.yaml" &&
	"$CLUSTERCTL" accounting apply "$2.$1.yaml" --exec-via "$ACCT_VIA"
}

# acct_views OUT: every sacctmgr view of the accounting data, ids and row order aside
acct_views() {
	{
		acct_on sacctmgr -n -P show cluster format=Cluster,Share,QOS,DefaultQOS,GrpTRES,MaxTRES | sed 's/^/cluster: /'
		acct_on sacctmgr -n -P show account withcoord format=Account,Descr,Org,Coordinators | sed 's/^/account: /'
		acct_on sacctmgr -n -P show user withcoord format=User,DefaultAccount,AdminLevel,Coordinators | sed 's/^/user: /'
		acct_on sacctmgr -n -P show assoc format=Cluster,Account,User,Partition,ParentName,Share,Priority,GrpJobs,GrpJobsAccrue,GrpSubmit,GrpWall,GrpTRES,GrpTRESMins,GrpTRESRunMins,MaxJobs,MaxJobsAccrue,MaxSubmit,MaxWall,MaxTRES,MaxTRESPerNode,MaxTRESMins,MaxTRESRunMins,QOS,DefaultQOS | sed 's/^/assoc: /'
		acct_on sacctmgr -n -P show assoc tree format=Account,User,ParentName | sed 's/^/tree: /'
		acct_on sacctmgr -n -P show qos format=Name,Priority,GraceTime,Preempt,PreemptExemptTime,PreemptMode,Flags,UsageThreshold,UsageFactor,GrpTRES,GrpTRESMins,GrpTRESRunMins,GrpJobs,GrpSubmit,GrpWall,MaxTRES,MaxTRESPerNode,MaxTRESMins,MaxWall,MaxTRESPU,MaxJobsPU,MaxSubmitPU,MaxTRESPA,MaxJobsPA,MaxSubmitPA,MinTRES,Description | sed 's/^/qos: /'
		acct_on sacctmgr -n -P show tres format=Type,Name | sed 's/^/tres: /'
	} | sort >"$1"
}

# acct_rows OUT: the tables, timestamps/ids/lft/rgt aside, ids as names
acct_rows() { python3 "$ACCT_DIR/dbnorm.py" "$ACCT_CLUSTER" $ACCT_SQL >"$1"; }

# acct_tree_rows OUT: every association row's place in the tree (soft-deleted
# ones too): lft/rgt, or from 25.05 (no such columns) its lineage
acct_tree_rows() {
	if slurm_at_least 25.05; then set -- "$1" lineage "lineage, deleted, acct, user"
	else set -- "$1" "lft, rgt" lft; fi
	echo "set session sql_mode='ANSI_QUOTES'; select acct, user, \`partition\`, $2, deleted from \"${ACCT_CLUSTER}_assoc_table\" order by $3;" |
		acct_sql slurm_acct_db >"$1"
}

# acct_nested_ok: lft/rgt form a valid nested set of the association tree
acct_nested_ok() { python3 "$ACCT_DIR/dbnorm.py" --nested "$ACCT_CLUSTER" $ACCT_SQL; }

# acct_equivalence INV NAME: seed INV once with each method from a fresh
# database; views, rows and slurmctld's associations must be identical, both
# trees valid (nested set; lineage and id_parent on 23.11+). With
# ACCT_REGISTERED=1 slurmctld registers the cluster before the seed (on
# 23.11+ the new rows then keep lft = rgt = 0). Leaves
# NAME.{sql,sacctmgr}.{views,rows,assoc_mgr,tree} for inspection.
acct_equivalence() {
	tres=$(acct_tres_of "$1") || return 1
	for method in sql sacctmgr; do
		acct_reset_db $tres >/dev/null || return 1
		acct_registered || return 1
		acct_seed "$method" "$1" >"$2.$method.out" 2>&1 || { cat "$2.$method.out"; return 1; }
		# the sql method restarts slurmctld, which registers its TRES: do it for both
		acct_svc slurmdbd restart && acct_wait_dbd && acct_svc slurmctld restart &&
			acct_wait_ctld || return 1
		acct_views "$2.$method.views" && acct_rows "$2.$method.rows" &&
		acct_assoc_mgr "$2.$method.assoc_mgr" &&
		acct_nested_ok >"$2.$method.tree" || { cat "$2.$method.tree"; return 1; }
	done
	diff -u "$2.sacctmgr.views" "$2.sql.views" &&
	diff -u "$2.sacctmgr.rows" "$2.sql.rows" &&
	diff -u "$2.sacctmgr.assoc_mgr" "$2.sql.assoc_mgr" &&
	diff -u "$2.sacctmgr.tree" "$2.sql.tree"
}

# ---- the project lab (scripts/lab.sh via tests/t/lib-lab.sh) ----

# acct_lab_env: ACCT_ON/ACCT_VIA/ACCT_SQL for the project lab (dbd host ctl)
acct_lab_env() {
	ACCT_ON="bash $TOP/scripts/lab.sh exec ctl"
	ACCT_VIA="bash $TOP/scripts/lab.sh exec"
	ACCT_SQL="bash $TOP/scripts/lab.sh db-sql"
}

# acct_lab_begin INV HOST...: the lab of an accounting test or bench run
# (tests/t/test-lib.sh and lib-lab.sh sourced): python3 for dbnorm.py (else
# skip), lab_begin, INV a copy of inventories/lab.yaml with this lab's paths,
# addresses and free Slurm ports (lab_slurm_ports), the hosts up, MariaDB up,
# then acct_lab_env. The daemons are acct_lab_up's.
acct_lab_begin() {
	inv=$1
	shift
	command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
	lab_begin
	# the local cluster lock of accounting apply: labs running side by side
	# all name their cluster "lab"
	XDG_RUNTIME_DIR=$TRASH
	export XDG_RUNTIME_DIR
	# the accounting tests are about the sql method, on every release
	LAB_ACCT_METHOD=${LAB_ACCT_METHOD:-sql}
	export LAB_ACCT_METHOD
	lab_inventory "$TOP/inventories/lab.yaml" "$inv"
	lab_slurm_ports "$inv"
	lab_hosts_up "$@"
	lab_db_up
	acct_lab_env
}

# acct_bench_lab INV HOST...: a bench's lab, acct_lab_begin then acct_lab_up
# (rendered into $TRASH/out) on those hosts; exits when the daemons do not start
acct_bench_lab() {
	acct_lab_begin "$@" >&2
	_bench_inv=$1
	shift
	acct_lab_up "$_bench_inv" "$TRASH/out" "$@" ||
		{ echo "cannot start the Slurm daemons in the lab" >&2; exit 1; }
}

# acct_lab_up INV OUTDIR HOST...: render INV, install the rendered files and one
# munge key in the lab hosts (already up), the slurm/munge users, then munged
# everywhere, slurmdbd + "sacctmgr add cluster", slurmctld and the slurmd of
# the compute hosts given (after acct_lab_env).
acct_lab_up() {
	inv=$1 out=$2
	shift 2
	"$CLUSTERCTL" render "$inv" -o "$out" >/dev/null || return 1
	head -c 1024 /dev/urandom >"$out/munge.key"
	for h in "$@"; do
		for who in slurm munge; do
			ids=$(sed -n "s/^ *${who}_user: *{name: *\\([a-z_][a-z0-9_-]*\\), *uid: *\\([0-9]*\\), *gid: *\\([0-9]*\\)}.*/\\1:\\2:\\3/p" "$inv")
			u=${ids%%:*} g=${ids##*:} id=${ids#*:} id=${id%%:*}
			lab_exec "$h" sh -c "getent passwd $u >/dev/null || { echo '$u:x:$g:' >>/etc/group &&
				echo '$u:x:$id:$g::/nonexistent:/usr/sbin/nologin' >>/etc/passwd; }" || return 1
		done
		for f in $(cd "$out/$h" && find . -type f | sed 's|^\.||'); do
			mode=0644 owner=root:root
			case $f in */slurmdbd.conf)
				mode=0600 owner=slurm:slurm
				sed -i "s/@clusterctl:db-password@/$(cat "$CLUSTERCTL_LAB/secrets/db.pass")/" "$out/$h$f" ;;
			esac
			lab put "$h" "$out/$h$f" "$f" "$mode" "$owner" || return 1
		done
		lab put "$h" "$out/munge.key" /etc/munge/munge.key 0400 munge:munge &&
		lab_exec "$h" lab-service munge start >/dev/null || return 1
	done
	acct_svc slurmdbd start && acct_wait_dbd &&
	acct_on sacctmgr -i add cluster "$ACCT_CLUSTER" >/dev/null &&
	acct_svc slurmctld start || return 1
	for h in "$@"; do
		case $h in ctl) ;; *) lab_exec "$h" lab-service slurmd start >/dev/null || return 1 ;; esac
	done
}
