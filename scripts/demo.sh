#!/usr/bin/env bash
# demo.sh: the README's first command (make demo). From nothing to a working
# Slurm GPU cluster on this machine: the lab's hosts (sshd in private
# namespaces, no Slurm config anywhere) and MariaDB, then one real
# `clusterctl apply inventories/lab.yaml`, then proof: sinfo, the
# accounting tree, a GPU job. Run it twice: the second apply has nothing to do.
# SLURM_VERSION=24.11 or 26.05 runs the lab's hosts on that Slurm (a Debian 13
# or Debian testing root, made on first use by scripts/lab-root.sh); 22.05
# (Debian 12's) is the default. The inventory applied is inventories/lab.yaml
# as `lab.sh inventory` adapts it to the lab: on 24.11 and 26.05 its
# slurm_version, and the sacctmgr method (the lab's default there).
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
# make demo SITE=skynet|aicloud|lri-spice|gcp-g2: a seed site instead;
# SITE=multi: two clusters on one slurmdbd (scripts/multi-demo.sh);
# SITE=lab-configless: the lab in configless mode (inventories/lab-configless.yaml)
SITE=${SITE:-lab}
case $SITE in
lab|lab-configless) ;;
# two clusters on one slurmdbd (inventories/multi, docs/site.md)
multi) exec bash "$TOP/scripts/multi-demo.sh" ;;
*) exec bash "$TOP/scripts/site-demo.sh" "$SITE" ;;
esac
CLUSTERCTL=${CLUSTERCTL:-$TOP/clusterctl}
export CLUSTERCTL_LAB=${CLUSTERCTL_LAB:-/tmp/clusterctl-lab}
export SLURM_VERSION=${SLURM_VERSION:-22.05}
LAB=$CLUSTERCTL_LAB
INV=$LAB/lab.yaml
lab() { bash "$TOP/scripts/lab.sh" "$@"; }
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
in_ctl() { lab exec ctl "$@"; }

[ "$(id -u)" = 0 ] || { echo "demo: run as root (the lab uses namespaces)" >&2; exit 1; }

HOSTS="ctl gpu01 gpu02 gpu03"
[ "$SITE" = lab-configless ] && HOSTS="$HOSTS login1"	# its login host
step "lab: hosts $HOSTS (Slurm $SLURM_VERSION, sshd each, private /etc), MariaDB"
# lab.yaml's Slurm ports (slurmctld, slurmdbd, the three slurmd): another
# lab holding them is named with the command that stops it
lab ports-free 6817 6819 6831 6832 6833
# shellcheck disable=SC2086
lab hosts-up $HOSTS
lab db-up
lab inventory "$TOP/inventories/$SITE.yaml" >"$INV"
# the Unix accounts of the inventory's Slurm users (a site's LDAP does this)
lab add-unix-user alice 5001 >/dev/null
lab add-unix-user bob 5002 >/dev/null

step "clusterctl validate $INV"
"$CLUSTERCTL" validate "$INV"

step "clusterctl plan (exit 2: changes pending; 0: nothing to do)"
rc=0
"$CLUSTERCTL" plan "$INV" >"$LAB/demo-plan.txt" || rc=$?
case $rc in
0) echo "nothing to change: the lab already matches the inventory" ;;
2) head -n 40 "$LAB/demo-plan.txt"
   echo "... (whole plan in $LAB/demo-plan.txt, $(wc -l <"$LAB/demo-plan.txt") lines)" ;;
*) cat "$LAB/demo-plan.txt"; echo "demo: plan failed with exit $rc" >&2; exit "$rc" ;;
esac

step "clusterctl apply $INV"
"$CLUSTERCTL" apply "$INV"

step "clusterctl plan again: must be empty (exit 0)"
"$CLUSTERCTL" plan "$INV"

step "sinfo (on ctl)"
for _ in $(seq 1 60); do	# slurmd registers a moment after its restart
	[ "$(in_ctl sinfo -h -o %t | sort -u)" = idle ] && break
	sleep 0.5
done
in_ctl sinfo
in_ctl scontrol show node gpu01 | grep -E 'NodeName|Gres|CfgTRES'

step "sacctmgr show assoc tree (on ctl)"
in_ctl sacctmgr -n show assoc tree format=cluster,account,user,qos%30,defaultqos

step "a job asking for one GPU, as alice"
in_ctl mkdir -p /tmp/demo-jobs
in_ctl chmod 1777 /tmp/demo-jobs
job=$(in_ctl su -s /bin/sh alice -c \
	"cd /tmp/demo-jobs && sbatch --parsable --gres=gpu:1 -A hep --qos=gpu2 --wrap 'echo CUDA_VISIBLE_DEVICES=\$CUDA_VISIBLE_DEVICES on \$(hostname)'")
for _ in $(seq 1 60); do
	state=$(in_ctl scontrol -o show job "$job" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
	case $state in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL) break ;; esac
	sleep 1
done
echo "job $job: $state"
node=$(in_ctl scontrol -o show job "$job" | sed -n 's/.* NodeList=\([^ ]*\).*/\1/p')
lab exec "$node" cat "/tmp/demo-jobs/slurm-$job.out" 2>/dev/null || true
[ "$state" = COMPLETED ] || { echo "demo: the GPU job did not complete" >&2; exit 1; }

if [ "$SITE" = lab-configless ]; then
	step "configless: gpu01 holds no Slurm config; its slurmd fetched one from slurmctld"
	echo "gpu01:/etc/slurm: $(lab exec gpu01 ls -A /etc/slurm | tr '\n' ' ')(empty)"
	lab exec gpu01 grep '^SLURMD_OPTIONS=' /etc/default/slurmd
	lab exec gpu01 ls -l /run/slurm/conf/
	if [ "$SLURM_VERSION" != 22.05 ]; then
		step "configless: login1 runs no slurmd; sackd fetched its client commands' slurm.conf"
		echo "login1:/etc/slurm: $(lab exec login1 ls -A /etc/slurm | tr '\n' ' ')(empty)"
		lab exec login1 grep '^SACKD_OPTIONS=' /etc/default/sackd
		lab exec login1 sinfo
	else
		step "configless on 22.05: login1 (no slurmd, no sackd before 23.11) keeps the pushed files"
		lab exec login1 ls /etc/slurm
	fi
fi

cat <<EOT

The lab is up. To use it:
  ssh -F $LAB/ssh/config ctl                      # log into the controller
  bash scripts/lab.sh exec ctl sinfo               # or run one command there
  ssh -F $LAB/ssh/config ctl sacctmgr show qos     # accounting
  $CLUSTERCTL plan $INV                             # edit it, then plan/apply
Stop it:  bash scripts/lab.sh down   (and 'bash scripts/lab.sh wipe' to delete it)
EOT
