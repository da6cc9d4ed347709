#!/usr/bin/env bash
# multi-demo.sh: `make demo SITE=multi`. Two clusters on one slurmdbd from
# nothing (docs/site.md): inventories/multi/site.yaml with its clusters a
# (ctl-a: slurmctld and the site's slurmdbd; gpu-a01, gpu-a02; the login
# host) and b (ctl-b; gpu-b01), every host a lab host (scripts/lab.sh) on
# this machine, MariaDB; one `clusterctl apply site.yaml` brings both up,
# a second plan must be empty; then a GPU job in each cluster under the
# GPU QoS, `sbatch -M b` from cluster a's login host, and `sacct -M all`
# showing the jobs of both. One report line per check (ok / FAIL), as
# scripts/site-demo.sh prints them; exit 0 only when all hold.
# MULTI_SITE_FILE=federation.yaml applies the site as a Slurm federation
# (inventories/multi/federation.yaml): two checks more, each slurmctld
# seeing both members, and a plain sbatch on cluster a's login host placed
# on cluster b by --cluster-constraint.
#
# Knobs: SLURM_VERSION (22.05, 24.11, 26.05), LAB_ACCT_METHOD (database.method:
# sql, sacctmgr or auto; default as `lab.sh inventory` chooses), CLUSTERCTL,
# CLUSTERCTL_LAB (default /tmp/clusterctl-lab-multi), LAB_NET, LAB_DB_PORT and
# LAB_PORT_SHIFT (Slurm's ports + N, a multiple of 100): picked free when
# unset. MULTI_DEMO_DOWN=1 stops the lab at the end.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
CLUSTERCTL=${CLUSTERCTL:-$TOP/clusterctl}
SRC=$TOP/inventories/multi
export CLUSTERCTL_LAB=${CLUSTERCTL_LAB:-/tmp/clusterctl-lab-multi}
LAB=$CLUSTERCTL_LAB
MULTI_SITE_FILE=${MULTI_SITE_FILE:-site.yaml}
SITE=$LAB/multi/$MULTI_SITE_FILE
FEDERATED=0
grep -q '^federation:' "$SRC/$MULTI_SITE_FILE" && FEDERATED=1
HOSTS=(ctl-a gpu-a01 gpu-a02 ctl-b gpu-b01 login)
# Slurm's ports in the site's inventories: both slurmctld, slurmdbd, the slurmd
PORTS="6817 6818 6819 6831 6832 6833"

lab() { bash "$TOP/scripts/lab.sh" "$@"; }
on() { lab exec "$@"; }
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

[ "$(id -u)" = 0 ] || { echo "multi-demo: run as root (the lab uses namespaces)" >&2; exit 1; }

port_busy() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }
net_busy() { ss -Hltn 2>/dev/null | awk '{ print $4 }' | grep -q "^127\.0\.$1\.[0-9]*:22$"; }

# a free spot: addresses, MariaDB's port, a shift of Slurm's ports (a lab
# that exists keeps its own)
pick_spot() {
	local n k p ok
	if [ -s "$LAB/net" ]; then LAB_NET=$(cat "$LAB/net")
	elif [ -z "${LAB_NET:-}" ]; then
		n=20
		while [ "$n" -lt 250 ] && net_busy "$n"; do n=$((n + 10)); done
		LAB_NET=127.0.$n
	fi
	[ -s "$LAB/spot" ] && . "$LAB/spot"
	if [ -z "${LAB_DB_PORT:-}" ]; then
		LAB_DB_PORT=3317
		while port_busy "$LAB_DB_PORT"; do LAB_DB_PORT=$((LAB_DB_PORT + 10)); done
	fi
	if [ -z "${LAB_PORT_SHIFT:-}" ]; then
		k=$(( ${LAB_NET##*.} / 10 ))
		while :; do
			ok=true
			for p in $PORTS; do port_busy $((p + k * 100)) && { ok=false; break; }; done
			$ok && break
			k=$((k + 1))
		done
		LAB_PORT_SHIFT=$((k * 100))
	fi
	export LAB_NET LAB_DB_PORT LAB_PORT_SHIFT
}

# the site's files as this lab runs them: its paths, addresses, database
# port and release (lab.sh inventory), Slurm's ports shifted
site_files() {
	mkdir -p "$LAB/multi"
	for f in "$SRC"/*.yaml; do
		f=$(basename "$f" .yaml)
		lab inventory "$SRC/$f.yaml" |
			SHIFT=$LAB_PORT_SHIFT perl -pe 's/((?:port|slurmd_port|slurmctld_port|slurmdbd_port): *)(68\d\d)\b/$1 . ($2 + $ENV{SHIFT})/ge' \
			>"$LAB/multi/$f.yaml"
	done
	# the one munge key of the site (site.munge_key_source)
	[ -s "$LAB/secrets/munge.key" ] || { umask 077; head -c 1024 /dev/urandom >"$LAB/secrets/munge.key"; }
}

# check DESCRIPTION FUNCTION: one report line
. "$TOP/scripts/demo-check.sh"

# as USER HOST CMD: CMD as USER on HOST in the jobs' directory
as() { on "$2" su -s /bin/sh "$1" -c "cd /tmp/multi-jobs && $3"; }
# state HOST [-M C] JOB: the job's state as sacct knows it there
state() { local h=$1; shift; on "$h" sacct -n -X -P "$@" -o State | head -n 1; }
# done_ok HOST ARGS...: the job ends COMPLETED (60 s)
done_ok() {
	local s i
	for i in $(seq 1 120); do
		s=$(state "$@")
		case $s in COMPLETED) return 0 ;; FAILED|CANCELLED*|TIMEOUT|NODE_FAIL|OUT_OF_ME*) break ;; esac
		sleep 0.5
	done
	echo "job ${*: -1} is '$s', not COMPLETED" >&2
	return 1
}
idle() {
	local i
	for i in $(seq 1 120); do
		[ "$(on "$1" sinfo -h -o %t | sort -u)" = idle ] && return 0
		sleep 0.5
	done
	on "$1" sinfo >&2
	return 1
}

# a GPU job under the GPU QoS in cluster C (on its controller), as alice;
# federated, a job goes to whichever member starts it first: C's own
# feature keeps it on C
gpu_job_in() {
	local id pin=
	if [ "$FEDERATED" = 1 ]; then pin="--cluster-constraint=$([ "$1" = a ] && echo big || echo small)"; fi
	id=$(as alice "ctl-$1" "sbatch --parsable $pin -o /dev/null --gres=gpu:1 -A hep --qos=gpu2 --wrap 'test -n \"\$CUDA_VISIBLE_DEVICES\"'") &&
		echo "$id" >"$LAB/job-$1" && done_ok "ctl-$1" -j "$id"
}
# sbatch -M b on cluster a's login host: the job runs on gpu-b01
sbatch_m_b() {
	local id node
	id=$(as alice login "sbatch --parsable -M b -o /dev/null --gres=gpu:1 -A hep --wrap 'hostname'") &&
		id=${id%%;*} && echo "$id" >"$LAB/job-mb" && done_ok login -M b -j "$id" || return 1
	node=$(on login sacct -n -X -P -M b -j "$id" -o NodeList)
	[ "$node" = gpu-b01 ] || { echo "the -M b job ran on '$node'" >&2; return 1; }
}
# sacct -M all on the login host lists the jobs of both clusters (a job
# sacct -j already shows may take a moment more to be in a listing of all)
sacct_all() {
	local out i
	for i in $(seq 1 20); do
		out=$(on login sacct -n -X -P -M all -a -o Cluster,JobID,User,QOS,State) || return 1
		printf '%s\n' "$out" | grep -q "^a|$(cat "$LAB/job-a")|alice|gpu2|COMPLETED$" &&
		printf '%s\n' "$out" | grep -q "^b|$(cat "$LAB/job-b")|alice|gpu2|COMPLETED$" &&
		printf '%s\n' "$out" | grep -q "^b|$(cat "$LAB/job-mb")|alice|normal|COMPLETED$" &&
			{ printf '%s\n' "$out"; return 0; }
		sleep 0.5
	done
	printf '%s\n' "$out"
	return 1
}
# federation: each slurmctld lists itself and the other member, with the
# site file's features, the other one connected and synced
fed_seen() {
	local c other out
	for c in a b; do
		other=b; [ $c = b ] && other=a
		out=$(on "ctl-$c" scontrol show federation) || return 1
		printf '%s\n' "$out"
		printf '%s\n' "$out" | grep -q "^Federation: multi\$" &&
		printf '%s\n' "$out" | grep -q "^Self: *$c:.* FedState:ACTIVE Features:$(feat $c)\$" &&
		printf '%s\n' "$out" | grep -q "^Sibling: *$other:.* Features:$(feat $other) PersistConnSend/Recv:Yes/Yes Synced:Yes\$" ||
			return 1
	done
}
feat() { [ "$1" = a ] && echo big,gpu || echo gpu,small; }
# a federated job: a plain sbatch on cluster a's login host, which only
# cluster b's features satisfy, runs on gpu-b01 (its id carries the
# origin cluster a's federation id in its top bits)
fed_job() {
	local id node
	id=$(as alice login "sbatch --parsable --cluster-constraint=small -o /dev/null --gres=gpu:1 -A hep --wrap hostname") &&
		echo "$id" >"$LAB/job-fed" && [ "$id" -ge 67108864 ] &&
		done_ok login -M b -j "$id" || return 1
	node=$(on login sacct -n -X -P -M b -j "$id" -o NodeList)
	[ "$node" = gpu-b01 ] || { echo "the federated job ran on '$node'" >&2; return 1; }
}

# both clusters registered with the one slurmdbd
clusters_registered() {
	on ctl-a sacctmgr -n -P show cluster format=Cluster,ControlPort | sort |
		awk -F'|' '$2 > 0 { n++ } END { exit n != 2 }'
}

T0=$(now)
mkdir -p "$LAB"
pick_spot
step "lab $LAB (Slurm ${SLURM_VERSION:-22.05}): ${HOSTS[*]} on $LAB_NET.x, MariaDB on 127.0.0.1:$LAB_DB_PORT, Slurm ports +$LAB_PORT_SHIFT"
lab hosts-up "${HOSTS[@]}"
printf 'LAB_DB_PORT=%s\nLAB_PORT_SHIFT=%s\n' "$LAB_DB_PORT" "$LAB_PORT_SHIFT" >"$LAB/spot"
lab db-up
site_files
lab add-unix-user alice 5001 >/dev/null
lab add-unix-user bob 5002 >/dev/null
lab add-unix-user carol 5003 >/dev/null
for h in "${HOSTS[@]}"; do on "$h" install -d -m 1777 /tmp/multi-jobs; done
echo "lab up in $(since "$T0") s"

step "clusterctl validate $SITE"
"$CLUSTERCTL" validate "$SITE"

step "clusterctl plan $SITE (cold: both clusters)"
rc=0
"$CLUSTERCTL" plan "$SITE" >"$LAB/multi-plan.txt" || rc=$?
grep '^== cluster' "$LAB/multi-plan.txt" || true
echo "plan exit $rc, $(wc -l <"$LAB/multi-plan.txt") lines in $LAB/multi-plan.txt"
[ "$rc" = 0 ] || [ "$rc" = 2 ] || { tail -n 20 "$LAB/multi-plan.txt"; exit "$rc"; }

step "clusterctl apply $SITE"
T1=$(now)
"$CLUSTERCTL" apply "$SITE" >"$LAB/multi-apply.txt" ||
	{ tail -n 30 "$LAB/multi-apply.txt"; echo "multi-demo: apply failed" >&2; exit 1; }
grep '^\(== cluster\|apply:\)' "$LAB/multi-apply.txt"
echo "apply in $(since "$T1") s"

step "clusterctl plan again: must be empty"
"$CLUSTERCTL" plan "$SITE" || { echo "multi-demo: the second plan is not empty" >&2; exit 1; }

step "sinfo on each cluster"
idle ctl-a && idle ctl-b || true
on ctl-a sinfo
on ctl-b sinfo
on ctl-a sacctmgr -n show assoc tree format=cluster,account,user,qos%20,defaultqos

step "the checks"
check "both clusters registered with the one slurmdbd" clusters_registered
check "a GPU job under QoS gpu2 in cluster a" gpu_job_in a
check "a GPU job under QoS gpu2 in cluster b" gpu_job_in b
check "sbatch -M b from cluster a's login host runs on gpu-b01" sbatch_m_b
check "sacct -M all lists the jobs of both clusters" sacct_all
if [ "$FEDERATED" = 1 ]; then
	check "scontrol show federation on each cluster: both members, their features" fed_seen
	check "sbatch --cluster-constraint=small on cluster a's login host runs on cluster b" fed_job
fi

step "sacct -M all on the login host (cluster a's): the jobs of both clusters"
on login sacct -X -M all -a -o Cluster,JobID,User,Account,QOS,AllocTRES%30,NodeList,State || true
echo
echo "multi: $PASS checks hold, $FAIL fail; $(since "$T0") s in all"
if [ "${MULTI_DEMO_DOWN:-0}" = 1 ]; then lab down >/dev/null 2>&1 || true; else
	cat <<EOT
The lab stays up: bash scripts/lab.sh exec ctl-a sinfo; ... exec ctl-b sinfo
  (CLUSTERCTL_LAB=$LAB); $CLUSTERCTL plan $SITE [--cluster b]
Stop it: CLUSTERCTL_LAB=$LAB bash scripts/lab.sh down
EOT
fi
[ "$FAIL" = 0 ]
