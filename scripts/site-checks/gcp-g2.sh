# gcp-g2: what the GCP cluster's users' guide (seeds/001) describes, on the
# live cluster. Sourced by scripts/site-demo.sh (on, as, submit, job_field,
# wait_job, check). HOSTS are in the order of the lab overlay's addresses.
HOSTS=(mlmini-controller mlmini-login-001 mlmini-nfs mlmini-g2-ghpc-0 mlmini-g2-ghpc-1)
USERS=("asolano_ 6301")
CTL=mlmini-controller
G2_WORKERS="mlmini-g2-ghpc-0 mlmini-g2-ghpc-1"

# runs HOST DAEMON: lab-service says the daemon runs there
g2_runs() { on "$1" lab-service "$2" status >/dev/null 2>&1; }

# controller: slurmctld + slurmdbd; workers: slurmd; login and NFS: none,
# but the login host has the config and munge to reach the controller
g2_roles() {
	local h d
	g2_runs "$CTL" slurmctld && g2_runs "$CTL" slurmdbd || { echo "controller: no slurmctld/slurmdbd" >&2; return 1; }
	for h in $G2_WORKERS; do g2_runs "$h" slurmd || { echo "$h: no slurmd" >&2; return 1; }; done
	for h in mlmini-login-001 mlmini-nfs "$CTL"; do
		g2_runs "$h" slurmd && { echo "$h runs slurmd" >&2; return 1; }
	done
	for d in slurmctld slurmdbd; do
		for h in mlmini-login-001 mlmini-nfs; do
			g2_runs "$h" "$d" && { echo "$h runs $d" >&2; return 1; }
		done
	done
	on mlmini-login-001 test -s /etc/slurm/slurm.conf && g2_runs mlmini-login-001 munge
}

# one partition g2 of the two workers, default, for the research account
g2_partition() {
	local got
	got=$(on "$CTL" scontrol -o show partition g2 | tr ' ' '\n' |
		grep -E '^(Nodes|Default|AllowAccounts)=' | tr '\n' ' ')
	[ "$got" = "AllowAccounts=research Default=YES Nodes=mlmini-g2-ghpc-[0-1] " ] ||
		{ echo "g2: $got" >&2; return 1; }
	[ "$(on "$CTL" sinfo -h -o %P | tr '\n' ' ')" = "g2* " ] || { echo "partitions: $(on "$CTL" sinfo -h -o %P)" >&2; return 1; }
}

# as the guide: from the login node, sbatch --partition g2 --gpus-per-node=1
g2_login_job() {
	local id node
	id=$(SUBMIT_HOST=mlmini-login-001 submit asolano_ --partition g2 --gpus-per-node=1 --wrap "'echo \$CUDA_VISIBLE_DEVICES'") &&
		wait_job "$id" COMPLETED || return 1
	node=$(job_field "$id" NodeList)
	case " $G2_WORKERS " in *" $node "*) ;; *) echo "ran on '$node'" >&2; return 1 ;; esac
	# where Slurm says it came from: 22.05 names the login host, 24.11 the
	# loopback name it resolves the lab's address to; never another host
	case $(job_field "$id" AllocNode:Sid | cut -d: -f1) in
	mlmini-login-001|localhost) ;;
	*) echo "submitted from $(job_field "$id" AllocNode:Sid)" >&2; return 1 ;;
	esac
}

# the shared /home host: its role is rendered (it gets the config and the
# munge key, no Slurm daemon); the export itself is not in the inventory's
# schema and the lab cannot mount NFS, so nothing more is claimed
g2_storage() {
	local out=$LAB/gcp-g2-render
	rm -rf "$out"
	"$CLUSTERCTL" render --overlay "$OVERLAY" --overlay "$RELEASE" "$INV" -o "$out" >/dev/null || return 1
	test -s "$out/mlmini-nfs/etc/slurm/slurm.conf" &&
		! grep -q 'NodeName=.*mlmini-nfs' "$out/mlmini-nfs/etc/slurm/slurm.conf" &&
		on mlmini-nfs test -s /etc/munge/munge.key ||
		{ echo "mlmini-nfs: rendered files or munge key missing, or it is a Slurm node" >&2; return 1; }
}

site_checks() {
	check "roles: slurmctld+slurmdbd on the controller, slurmd on the workers, none on login and NFS" g2_roles
	check "one partition g2 (default) of mlmini-g2-ghpc-[0-1] for account research" g2_partition
	check "a --gpus-per-node=1 job from the login host runs on a worker" g2_login_job
	check "the NFS host is rendered (config, munge key, no Slurm daemon); /home export: render-only" g2_storage
}
