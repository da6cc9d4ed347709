# skynet: what the Skynet user guide (seeds/000) says, on the live cluster.
# Sourced by scripts/site-demo.sh, which provides on, as, submit,
# job_field, wait_job and check. HOSTS are in the order of the lab
# overlay's addresses (inventories/lab/skynet.overlay.yaml).
HOSTS=(skyctl sky1 alexa consu megabot megazord nestor spot)
USERS=("cmaclellan3 6001" "abeedu3 6002")
CTL=skyctl

# the node of each GPU type (skynet.yaml's hosts)
declare -A SKY_TYPE_NODES=([a40]="alexa consu" [rtx_6000]="megabot megazord"
	[2080_ti]=nestor [titan_x]=spot)

# runs PARTITION [SBATCH ARGS...]: a job there completes
sky_runs() {
	local p=$1 id; shift
	id=$(submit cmaclellan3 -p "$p" --mem=100 "$@" --wrap true) && wait_job "$id" COMPLETED
}

sky_partitions_run() {
	sky_runs debug && sky_runs short && sky_runs long && sky_runs user-overcap &&
		sky_runs overcap -A overcap
}

# every GPU type as --constraint lands on a node of that type
sky_constraints() {
	local t id node
	for t in "${!SKY_TYPE_NODES[@]}"; do
		id=$(submit cmaclellan3 --constraint="$t" --gres=gpu:1 --mem=100 --wrap true) &&
			wait_job "$id" COMPLETED || return 1
		node=$(job_field "$id" NodeList)
		case " ${SKY_TYPE_NODES[$t]} " in
		*" $node "*) ;;
		*) echo "--constraint=$t ran on $node, not on ${SKY_TYPE_NODES[$t]}" >&2; return 1 ;;
		esac
	done
}

# debug's partition QoS caps a user at 5 GPUs: 5 run, a 6th waits on the QoS
sky_debug_cap() {
	local five six
	five=$(submit cmaclellan3 -p debug --gres=gpu:5 --mem=100 -w alexa --wrap "'sleep 300'") &&
		wait_job "$five" RUNNING || return 1
	six=$(submit cmaclellan3 -p debug --gres=gpu:1 --mem=100 -w consu --wrap true) &&
		held "$six" QOSMaxGRESPerUser
}

# overcap takes only the overcap account: without -A overcap a job is
# refused, or (EnforcePartLimits=NO, Slurm's default) never starts: 22.05
# says why ("account not permitted"), 24.11 only PartitionConfig; moved
# to the overcap account, that very job runs (so the account held it)
sky_overcap_account() {
	local id why i
	id=$(submit cmaclellan3 -p overcap --mem=100 --wrap true 2>/dev/null) ||
		{ sky_runs overcap -A overcap; return; }
	for i in $(seq 1 40); do
		why=$(on "$CTL" squeue -h -j "$id" -o %r)
		case $why in *"account not permitted"*|PartitionConfig) break ;; esac
		sleep 0.5
	done
	case $why in
	*"account not permitted"*|PartitionConfig) ;;
	*) echo "overcap, account tail-lab: $(job_field "$id" JobState) ($why)" >&2; return 1 ;;
	esac
	on "$CTL" scontrol update job "$id" Account=overcap && wait_job "$id" COMPLETED
}

# a debug job (tier 1) takes the GPUs of a running overcap job (tier 0),
# which is requeued (PreemptMode=REQUEUE). The lab overlay drops the
# overcap partitions' GraceTime=300 so the demo need not wait five
# minutes; sky_grace checks the site's own config keeps it.
sky_preempt() {
	local low high
	low=$(submit cmaclellan3 -p overcap -A overcap --gres=gpu:8 --mem=100 -w consu --wrap "'sleep 600'") &&
		wait_job "$low" RUNNING || return 1
	high=$(submit abeedu3 -p debug --gres=gpu:1 --mem=100 -w consu --wrap "'sleep 5'") &&
		wait_job "$high" RUNNING COMPLETED || return 1
	[ "$(job_field "$low" Restarts)" -ge 1 ] ||
		{ echo "overcap job $low: $(job_field "$low" JobState), Restarts=$(job_field "$low" Restarts)" >&2; return 1; }
}

# MaxTime: debug 4 h, short and the overcap ones 2 days, long 1 week
sky_max_time() {
	local p want got
	for p in debug:04:00:00 short:2-00:00:00 long:7-00:00:00 \
		user-overcap:2-00:00:00 overcap:2-00:00:00; do
		want=${p#*:}
		got=$(on "$CTL" scontrol -o show partition "${p%%:*}" | tr ' ' '\n' | sed -n 's/^MaxTime=//p')
		[ "$got" = "$want" ] || { echo "${p%%:*}: MaxTime=$got, not $want" >&2; return 1; }
	done
	# and it holds: 5 hours in debug never starts
	local id
	id=$(submit cmaclellan3 -p debug -t 05:00:00 --mem=100 --wrap true 2>/dev/null) || return 0
	held "$id" PartitionTimeLimit
}

# the site's render (no overlay) keeps the guide's 5 minute grace
sky_grace() {
	local out=$LAB/skynet-site-render
	rm -rf "$out"
	"$CLUSTERCTL" render "$INV" -o "$out" >/dev/null || return 1
	[ "$(grep -c '^PartitionName=.*overcap .*GraceTime=300' "$out/skyctl/etc/slurm/slurm.conf")" = 2 ] &&
		grep -q '^KillWait=300$' "$out/skyctl/etc/slurm/slurm.conf" ||
		{ echo "no GraceTime=300 on both overcap partitions, or no KillWait=300" >&2; return 1; }
}

site_checks() {
	check "jobs run in debug, short, long, user-overcap and overcap (-A overcap)" sky_partitions_run
	check "--constraint=a40|rtx_6000|2080_ti|titan_x lands on a node of that GPU type" sky_constraints
	check "debug: 5 GPUs run, a 6th waits on the partition QoS (QOSMaxGRESPerUser)" sky_debug_cap
	check "overcap takes only -A overcap (another account's job never starts)" sky_overcap_account
	check "an overcap job is preempted and requeued by a debug job" sky_preempt
	check "the site's own slurm.conf: GraceTime=300 on overcap partitions, KillWait=300" sky_grace
	check "MaxTime per partition as the guide says (debug 4 h, short 2 d, long 1 w)" sky_max_time
}
