# aicloud: what the AAU AI Cloud introduction (seeds/002) tells its users,
# on the live cluster. Sourced by scripts/site-demo.sh (on, as, submit,
# job_field, wait_job, check). HOSTS are in the order of the lab overlay's
# addresses.
HOSTS=(ai-slurm ai-pilot nv-ai-01 nv-ai-03)
USERS=("jdoe 6201" "ksmith 6202")
CTL=ai-slurm

# a DGX-2 is one node with 16 GPUs: a job takes all of them (QoS allgpus)
ai_dgx2() {
	local id
	[ "$(on "$CTL" scontrol -o show node nv-ai-01 | tr ' ' '\n' | sed -n 's/^Gres=//p')" = gpu:v100:16 ] ||
		{ echo "nv-ai-01: not Gres=gpu:v100:16" >&2; return 1; }
	id=$(submit jdoe --qos=allgpus --gres=gpu:16 -t 10 --wrap true) && wait_job "$id" COMPLETED &&
		[ "$(job_field "$id" NumNodes)" = 1 ]
}

# accounts and organisations cs, es and es.shj (under es)
ai_accounts() {
	local got
	got=$(on "$CTL" sacctmgr -nP show account format=account,org | grep -E '^(cs|es|es\.shj)\|' |
		LC_ALL=C sort | tr '\n' ' ')
	[ "$got" = "cs|cs es.shj|es es|es " ] || { echo "accounts: $got" >&2; return 1; }
	got=$(on "$CTL" sacctmgr -nP show assoc cluster=aicloud account=es.shj user= format=parentname)
	[ "$got" = es ] || { echo "es.shj's parent: $got" >&2; return 1; }
}

# a job waits with REASON when submitted with ARGS... (or is refused)
ai_held_by() {
	local why=$1 id; shift
	id=$(submit jdoe "$@" --wrap true 2>/dev/null) || return 0
	held "$id" "$why" || { echo "(submitted with $*)" >&2; return 1; }
}

# QoS limits hold: MaxTRESPerUser (1gpulong: 1 GPU) and MaxWall (normal: 1 day)
ai_qos() {
	local ok
	ok=$(submit jdoe --qos=1gpulong --gres=gpu:1 -t 10 --wrap true) && wait_job "$ok" COMPLETED &&
		ai_held_by QOSMaxGRESPerUser --qos=1gpulong --gres=gpu:2 -t 10 &&
		ai_held_by QOSMaxWallDurationPerJobLimit --qos=normal --gres=gpu:1 -t 2-00:00:00 &&
		ai_held_by QOSMaxGRESPerUser --qos=normal --gres=gpu:9 -t 10
}

# multifactor priority: sprio breaks a job waiting for a node down by factor
ai_priority() {
	local busy id got
	got=$(on "$CTL" scontrol show config | sed -n 's/^PriorityType *= *//p')
	[ "$got" = priority/multifactor ] || { echo "PriorityType=$got" >&2; return 1; }
	busy=$(submit jdoe --qos=allgpus --gres=gpu:16 -w nv-ai-01 -t 10 --wrap "'sleep 300'") &&
		wait_job "$busy" RUNNING || return 1
	id=$(submit ksmith --gres=gpu:1 -w nv-ai-01 -t 10 --wrap true) || return 1
	sleep 2
	got=$(on "$CTL" sprio -h -j "$id" -o '%i %Y %F %Q %T')
	[ "$(echo "$got" | awk '{ print $1 }')" = "$id" ] && [ "$(echo "$got" | awk '{ print $2 }')" -gt 0 ] ||
		{ echo "sprio (job, priority, fairshare, qos, tres): '$got'" >&2; return 1; }
}

# GPU use is accounted: sacct shows gres/gpu in a job's TRES (sreport --tres=gres/gpu)
ai_sacct() {
	local id got
	id=$(submit ksmith --gres=gpu:3 -t 10 --wrap true) && wait_job "$id" COMPLETED || return 1
	for _ in $(seq 1 20); do
		got=$(on "$CTL" sacct -X -n -P -j "$id" -o AllocTRES)
		case $got in *gres/gpu=3*) return 0 ;; esac
		sleep 0.5
	done
	echo "sacct AllocTRES: '$got'" >&2
	return 1
}

site_checks() {
	check "a DGX-2 node with 16 GPUs takes a 16-GPU job (QoS allgpus)" ai_dgx2
	check "accounts cs, es and es.shj (under es), organisations cs and es" ai_accounts
	check "QoS limits hold: 1gpulong 1 GPU, normal 8 GPUs and 1 day" ai_qos
	check "multifactor priority: sprio breaks a job waiting for a node down by factor" ai_priority
	check "sacct shows gres/gpu in a job's TRES" ai_sacct
}
