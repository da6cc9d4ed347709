# lri-spice: what the LRI admin workshop (seeds/003) sets up, on the live
# cluster. Sourced by scripts/site-demo.sh (on, as, submit, job_field,
# wait_job, check). HOSTS are in the order of the lab overlay's addresses:
# the hosts the lab runs; gpu[04-06] are declared only (managed: false).
HOSTS=(master citronelle gpu01 gpu02 gpu03)
USERS=("diviyan 6101")
CTL=master

# sacctmgr add account test (organization LRI) + add user diviyan account=test
spice_accounts() {
	local got
	got=$(on "$CTL" sacctmgr -nP show assoc cluster=spice user=diviyan format=account,user)
	[ "$got" = "test|diviyan" ] || { echo "diviyan's associations: $got" >&2; return 1; }
	got=$(on "$CTL" sacctmgr -nP show account test format=account,org,descr)
	[ "$got" = "test|lri|test" ] || [ "$got" = "test|LRI|test" ] ||
		{ echo "account test: $got" >&2; return 1; }
}

# --gres=gpu:pascal:1 on citronelle (Gres=gpu:pascal:2, File=/dev/nvidia[0-1])
spice_pascal() {
	local id
	[ "$(on "$CTL" scontrol -o show node citronelle | tr ' ' '\n' | sed -n 's/^Gres=//p')" = gpu:pascal:2 ] ||
		{ echo "citronelle: not Gres=gpu:pascal:2" >&2; return 1; }
	id=$(submit diviyan --gres=gpu:pascal:1 -w citronelle --mem=100 --wrap true) &&
		wait_job "$id" COMPLETED &&
		[ "$(job_field "$id" NodeList)" = citronelle ]
}

# the default partition's QoS (MaxTRESPerUser=gres/gpu=4): 4 run, a 5th waits
spice_qos() {
	local a b c
	a=$(submit diviyan --gres=gpu:2 -w citronelle --mem=100 --wrap "'sleep 300'") &&
		b=$(submit diviyan --gres=gpu:2 -w gpu01 --mem=100 --wrap "'sleep 300'") &&
		wait_job "$a" RUNNING && wait_job "$b" RUNNING || return 1
	c=$(submit diviyan --gres=gpu:1 -w gpu02 --mem=100 --wrap true) &&
		held "$c" QOSMaxGRESPerUser
}

# besteffort (PriorityTier 1, REQUEUE) gives way to debug (tier 10)
spice_preempt() {
	local low high
	low=$(submit diviyan -p besteffort --gres=gpu:2 -w gpu03 --mem=100 --wrap "'sleep 600'") &&
		wait_job "$low" RUNNING || return 1
	high=$(submit diviyan -p debug --gres=gpu:1 -w gpu03 --mem=100 --wrap "'sleep 5'") &&
		wait_job "$high" RUNNING COMPLETED || return 1
	[ "$(job_field "$low" Restarts)" -ge 1 ] ||
		{ echo "besteffort job $low: $(job_field "$low" JobState), Restarts=$(job_field "$low" Restarts)" >&2; return 1; }
}

# the slurm and munge users have the same ids everywhere, one munge key
spice_same_ids() {
	local h ids keys
	for h in "${HOSTS[@]}"; do
		on "$h" sh -c 'getent passwd slurm munge | cut -d: -f1,3,4 | tr "\n" " "; echo'
	done | sort -u >"$LAB/spice-ids"
	ids=$(wc -l <"$LAB/spice-ids")
	[ "$ids" = 1 ] && grep -q '^slurm:64030:64030 munge:64031:64031 $' "$LAB/spice-ids" ||
		{ echo "ids differ: $(tr '\n' ';' <"$LAB/spice-ids")" >&2; return 1; }
	keys=$(for h in "${HOSTS[@]}"; do on "$h" sha256sum /etc/munge/munge.key | cut -d' ' -f1; done | sort -u | wc -l)
	[ "$keys" = 1 ] || { echo "$keys different munge keys" >&2; return 1; }
	# and the key works across hosts: a credential from gpu03 decodes on master
	on gpu03 munge -n | on "$CTL" unmunge >/dev/null
}

# gpu[04-06] (managed: false in the lab overlay): in slurm.conf and the
# debug partition, never contacted, so slurmctld finds them not
# responding; the jobs above ran on the nodes the lab runs
spice_declared() {
	local got
	got=$(on "$CTL" sinfo -h -N -p debug -n 'gpu[04-06]' -o '%N %t' | sort -u)
	[ "$(printf '%s\n' "$got" | grep -cE '^gpu0[4-6] ([a-z]+\*|down.*|unk.*)$')" = 3 ] ||
		{ echo "gpu[04-06] in debug: $(printf '%s' "$got" | tr '\n' ';')" >&2; return 1; }
}

site_checks() {
	check "account test (LRI) holds user diviyan" spice_accounts
	check "--gres=gpu:pascal:1 runs on citronelle (Gres=gpu:pascal:2)" spice_pascal
	check "debug's QoS 'default' (gres/gpu=4 per user): 4 GPUs run, a 5th waits" spice_qos
	check "a besteffort job is preempted and requeued by a debug job" spice_preempt
	check "slurm 64030 and munge 64031 on every host, one munge key that works across hosts" spice_same_ids
	check "gpu[04-06] declared only (managed: false): in partition debug, not responding" spice_declared
}
