#!/usr/bin/env bash
# site-demo.sh NAME: `make demo SITE=NAME`. One of the four seed sites
# (inventories/NAME.yaml, from the guides in ../shared/seeds/) as a running
# cluster on the lab: its hosts under their own names (scripts/lab.sh),
# MariaDB, then one real `clusterctl apply inventories/NAME.yaml --overlay
# inventories/lab/NAME.overlay.yaml` from nothing, a second plan that must
# be empty, and the site guide's checks (scripts/site-checks/NAME.sh) on
# the live cluster: one line per check, exit 0 only if all hold.
#
# Knobs: SLURM_VERSION (22.05, the default, 24.11 or 26.05: the lab's hosts run
# that release where scripts/lab.sh supports it; the site runs with
# slurm_version and database.method set by a second overlay,
# $LAB/release.overlay.yaml), LAB_ACCT_METHOD (database.method in that
# overlay: sql, sacctmgr or auto; unset, the site's own: auto), CLUSTERCTL (default ./clusterctl), CLUSTERCTL_LAB (default
# /tmp/clusterctl-lab-site-NAME: never the developer's lab), LAB_NET,
# LAB_DB_PORT and LAB_PORT_SHIFT (Slurm's ports + N; a multiple of 100):
# picked free when unset, as tests run side by side. SITE_DEMO_STAGED=1
# applies twice, first without the partitions' QoS (below). SITE_DEMO_DOWN=1 stops
# the lab at the end (tests wipe it themselves).
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
SITE=${1:?usage: site-demo.sh skynet|aicloud|lri-spice|gcp-g2}
CLUSTERCTL=${CLUSTERCTL:-$TOP/clusterctl}
INV=$TOP/inventories/$SITE.yaml
OVERLAY_SRC=$TOP/inventories/lab/$SITE.overlay.yaml
CHECKS=$TOP/scripts/site-checks/$SITE.sh
export CLUSTERCTL_LAB=${CLUSTERCTL_LAB:-/tmp/clusterctl-lab-site-$SITE}
LAB=$CLUSTERCTL_LAB
# the overlay's credential paths (ssh key, known_hosts, db password) live in
# the lab, outside the site inventory's directory (docs/security.md)
export CLUSTERCTL_ALLOW_PATH="$LAB:${CLUSTERCTL_ALLOW_PATH:-}"

lab() { bash "$TOP/scripts/lab.sh" "$@"; }
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

[ "$(id -u)" = 0 ] || { echo "site-demo: run as root (the lab uses namespaces)" >&2; exit 1; }
[ -f "$INV" ] && [ -f "$OVERLAY_SRC" ] && [ -f "$CHECKS" ] ||
	{ echo "site-demo: no site '$SITE' (inventories/$SITE.yaml, inventories/lab/$SITE.overlay.yaml, scripts/site-checks/$SITE.sh)" >&2; exit 64; }

# ---- a free spot for this lab: addresses, MariaDB port, Slurm's ports

port_busy() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }
net_busy() { ss -Hltn 2>/dev/null | awk '{ print $4 }' | grep -q "^127\.0\.$1\.[0-9]*:22$"; }

pick_spot() {
	local n k p ok
	if [ -s "$LAB/net" ]; then
		LAB_NET=$(cat "$LAB/net")	# a lab that exists keeps its addresses
	elif [ -z "${LAB_NET:-}" ]; then
		n=$((20 + ($$ % 22) * 10))
		while [ "$n" -lt 250 ] && net_busy "$n"; do n=$((n + 10)); done
		LAB_NET=127.0.$n
	fi
	if [ -z "${LAB_DB_PORT:-}" ]; then
		if [ -s "$LAB/spot" ]; then
			LAB_DB_PORT=$(sed -n 's/^db //p' "$LAB/spot")
		else
			LAB_DB_PORT=$((3317 + ($$ % 97) * 10))
			while port_busy "$LAB_DB_PORT"; do LAB_DB_PORT=$((LAB_DB_PORT + 10)); done
		fi
	fi
	if [ -z "${LAB_PORT_SHIFT:-}" ]; then
		if [ -s "$LAB/spot" ]; then
			LAB_PORT_SHIFT=$(sed -n 's/^shift //p' "$LAB/spot")
		else
			# from the address block: labs that run side by side have
			# different ones (a multiple of 10, as tests pick them), so
			# they do not race for the same ports before either listens
			k=$(( ${LAB_NET##*.} / 10 ))
			[ "$k" -ge 1 ] || k=1
			while :; do
				ok=true
				for p in 6817 6819 $(seq 6831 6848); do
					port_busy $((p + k * 100)) && { ok=false; break; }
				done
				$ok && break
				k=$((k + 1))
			done
			LAB_PORT_SHIFT=$((k * 100))
		fi
	fi
	export LAB_NET LAB_DB_PORT
}

# the overlay as this lab needs it: its addresses, paths and ports
lab_overlay() {
	sed -e "s|/tmp/clusterctl-lab/|$LAB/|g" \
		-e "s|127\.0\.10\.|$LAB_NET.|g" \
		-e "s|^\(  *port:  *\)3307 *$|\1$LAB_DB_PORT|" "$OVERLAY_SRC" |
		SHIFT=$LAB_PORT_SHIFT perl -pe 's/(port: *)(68\d\d)\b/$1 . ($2 + $ENV{SHIFT})/ge' >"$1"
}

# the Slurm release the lab runs, as a second overlay; the accounting
# method is the site's (auto, as an admin gets it) unless LAB_ACCT_METHOD
release_overlay() {
	local v=${SLURM_VERSION:-22.05}
	printf '# written by scripts/site-demo.sh: the lab runs Slurm %s\ncluster: {slurm_version: "%s"}\n' \
		"$v" "$v" >"$1"
	[ -z "${LAB_ACCT_METHOD:-}" ] || printf 'database: {method: %s}\n' "$LAB_ACCT_METHOD" >>"$1"
}

# ---- what the checks use (scripts/site-checks/NAME.sh)

HOSTS=() USERS=()	# set by the site's checks file
CTL=			# where Slurm's client commands run
on() { lab exec "$@"; }
# as USER HOST CMD: run CMD as USER on HOST from a job directory
as() { on "$2" su -s /bin/sh "$1" -c "cd /tmp/site-jobs && $3"; }
# submit USER ARGS...: sbatch on $CTL as USER; prints the job id, or fails
submit() { local u=$1; shift; as "$u" "${SUBMIT_HOST:-$CTL}" "sbatch --parsable -o /dev/null $*"; }
job_field() { on "$CTL" scontrol -o show job "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# wait_job ID STATE... : until the job is in one of the states (60 s)
wait_job() {
	local id=$1 s i; shift
	for i in $(seq 1 120); do
		s=$(job_field "$id" JobState)
		for w; do [ "$s" = "$w" ] && return 0; done
		sleep 0.5
	done
	echo "job $id is $s, not $*" >&2
	return 1
}
# held ID REASON: the job stays PENDING and the scheduler gives REASON
# (up to 20 s: 24.11's scheduler may leave Reason=None a while after submit)
held() {
	local id=$1 s r i
	for i in $(seq 1 40); do
		s=$(job_field "$id" JobState) r=$(job_field "$id" Reason)
		[ "$s" = PENDING ] || break
		[ "$r" = "$2" ] && return 0
		sleep 0.5
	done
	echo "job $id is $s ($r), not PENDING ($2)" >&2
	return 1
}
cancel_all() { on "$CTL" scancel --quiet --full $(on "$CTL" squeue -h -o %i) 2>/dev/null || true; }

# check DESCRIPTION FUNCTION: one report line; the function's stderr is the
# reason; every check's jobs are cancelled after it
. "$TOP/scripts/demo-check.sh"
check_after() { cancel_all; }

# shellcheck source=/dev/null
. "$CHECKS"
[ ${#HOSTS[@]} -gt 0 ] && [ -n "$CTL" ] || { echo "site-demo: $CHECKS sets no HOSTS/CTL" >&2; exit 1; }

T0=$(now)
mkdir -p "$LAB"
pick_spot
OVERLAY=$LAB/$SITE.overlay.yaml
RELEASE=$LAB/release.overlay.yaml
step "lab $LAB (Slurm ${SLURM_VERSION:-22.05}): ${HOSTS[*]} on $LAB_NET.x, MariaDB on 127.0.0.1:$LAB_DB_PORT, Slurm ports +$LAB_PORT_SHIFT"
lab hosts-up "${HOSTS[@]}"
printf 'db %s\nshift %s\n' "$LAB_DB_PORT" "$LAB_PORT_SHIFT" >"$LAB/spot"
lab db-up
lab_overlay "$OVERLAY"
release_overlay "$RELEASE"
# the site's Unix accounts (its LDAP does this); lab.sh takes host-style
# names only, a name such as GCP's OS Login "asolano_" is written here
add_site_user() {
	local h
	[[ $1 =~ ^[a-z0-9][a-z0-9-]*$ ]] && { lab add-unix-user "$1" "$2" >/dev/null; return; }
	for h in "${HOSTS[@]}"; do
		on "$h" sh -c 'grep -q "^$1:" /etc/group || echo "$1:x:$2:" >>/etc/group
			grep -q "^$1:" /etc/passwd || echo "$1:x:$2:$2::/tmp:/bin/sh" >>/etc/passwd
			grep -q "^$1:" /etc/shadow || echo "$1:*:19000:0:99999:7:::" >>/etc/shadow' sh "$1" "$2"
	done
}
for u in "${USERS[@]}"; do add_site_user ${u% *} ${u#* }; done
for h in "${HOSTS[@]}"; do on "$h" install -d -m 1777 /tmp/site-jobs; done
echo "lab up in $(since "$T0") s"

step "clusterctl validate --overlay $OVERLAY --overlay $RELEASE $INV ($(sed 1d "$RELEASE" | tr "\n" " "))"
"$CLUSTERCTL" validate --overlay "$OVERLAY" --overlay "$RELEASE" "$INV"

step "clusterctl plan (cold)"
T1=$(now) rc=0
"$CLUSTERCTL" plan --overlay "$OVERLAY" --overlay "$RELEASE" "$INV" >"$LAB/site-plan.txt" || rc=$?
echo "plan exit $rc in $(since "$T1") s, $(wc -l <"$LAB/site-plan.txt") lines in $LAB/site-plan.txt"
[ "$rc" = 0 ] || [ "$rc" = 2 ] || { tail -n 20 "$LAB/site-plan.txt"; exit "$rc"; }

# SITE_DEMO_STAGED=1: seeding by sacctmgr from nothing as an admin must:
# slurmctld will not start while a partition's QOS= is missing, and sacctmgr
# cannot add a limit on gres/gpu before slurmctld registered it; so a
# first apply leaves the partitions' QoS out (the daemons start, then
# sacctmgr adds the QoS), and the site's own apply sets them
staged_overlay() {
	python3 - "$INV" "$1" <<'PY'
import sys, yaml
parts = [p['name'] for p in yaml.safe_load(open(sys.argv[1])).get('partitions') or [] if p.get('qos')]
if parts:
    with open(sys.argv[2], 'w') as f:
        f.write('# written by scripts/site-demo.sh: the partitions without their QoS\n'
                'partitions: [%s]\n' % ', '.join('{name: %s, qos: ~}' % n for n in parts))
PY
}
STAGED=$LAB/staged.overlay.yaml
rm -f "$STAGED"
[ "${SITE_DEMO_STAGED:-0}" != 1 ] || staged_overlay "$STAGED"
if [ -f "$STAGED" ]; then
	step "clusterctl apply --overlay $STAGED (first: $(sed 1d "$STAGED"))"
	T1=$(now)
	"$CLUSTERCTL" apply --overlay "$OVERLAY" --overlay "$RELEASE" --overlay "$STAGED" "$INV" \
		>"$LAB/site-apply-staged.txt" ||
		{ tail -n 30 "$LAB/site-apply-staged.txt"; echo "site-demo: apply failed" >&2; exit 1; }
	tail -n 1 "$LAB/site-apply-staged.txt" | sed 's/^apply:/staged apply:/'
	echo "staged apply in $(since "$T1") s"
fi

step "clusterctl apply"
T1=$(now)
"$CLUSTERCTL" apply --overlay "$OVERLAY" --overlay "$RELEASE" "$INV" >"$LAB/site-apply.txt" ||
	{ tail -n 30 "$LAB/site-apply.txt"; echo "site-demo: apply failed" >&2; exit 1; }
tail -n 3 "$LAB/site-apply.txt"
echo "apply in $(since "$T1") s"

step "clusterctl plan again: must be empty"
T1=$(now)
"$CLUSTERCTL" plan --overlay "$OVERLAY" --overlay "$RELEASE" "$INV" || { echo "site-demo: the second plan is not empty" >&2; exit 1; }
echo "second plan in $(since "$T1") s"

step "sinfo (on $CTL)"
# slurmd registers a moment after its start; the nodes the lab does not run
# (managed: false in the overlay) never do
for _ in $(seq 1 120); do
	on "$CTL" sinfo -h -N -o '%N %t' |
		awk -v run=" ${HOSTS[*]} " 'index(run, " " $1 " ") && $2 != "idle" { busy = 1 }
			END { exit !busy }' || break
	sleep 0.5
done
on "$CTL" sinfo

step "the guide's checks ($SITE)"
site_checks
echo
echo "$SITE: $PASS checks hold, $FAIL fail; $(since "$T0") s in all"
if [ "${SITE_DEMO_DOWN:-0}" = 1 ]; then lab down >/dev/null 2>&1 || true; else
	echo "The lab stays up: bash scripts/lab.sh exec $CTL sinfo  (CLUSTERCTL_LAB=$LAB); stop: CLUSTERCTL_LAB=$LAB bash scripts/lab.sh down"
fi
[ "$FAIL" = 0 ]
