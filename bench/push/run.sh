#!/usr/bin/env bash
# bench/push/run.sh: push the same payload (slurm.conf ~20 KB, gres.conf,
# cgroup.conf, a 1 KB munge.key at mode 0400) into /etc/slurm/ of 10, 50 and
# 100 lab hosts (scripts/lab.sh: one sshd per host in its own mount namespace,
# stock /root) with clusterctl's transport, ansible-core, clush --copy, pdcp
# and the OpenSSH handshake floor, side by side in one run. Every run starts
# cold (files removed, leftover ControlPersist masters ended) and is verified
# afterwards (bytes of all 4 files on every host, munge.key mode 0400).
#
# Wall time: median of BENCH_RUNS runs. CPU: cgroup v1 cpuacct (or v2 cpu.stat)
# counters, the tool and everything it spawns ("client") apart from the
# hosts' sshd and everything they spawn ("server").
#
#   bench/push/run.sh                      # all tools, N = 10 50 100, 3 runs
#   BENCH_NS="10" BENCH_RUNS=1 BENCH_TOOLS="clusterctl floor" bench/push/run.sh
#
# Knobs: BENCH_NS, BENCH_RUNS, BENCH_TOOLS (apply apply-noop sshprobe floor
# pdcp clush ansible, and apply-base apply-noop-base), BENCH_LAB (lab dir),
# LAB_NET (address range, default 127.0.243), CLUSTERCTL (the binary;
# default ./clusterctl), CLUSTERCTL_BASE (another build, for the -base rows).
#
# Rows: "apply" is `clusterctl apply --only files,munge` of an inventory made
# from inventories/lab.yaml for the N hosts (its own rendered slurm.conf,
# gres.conf, cgroup.conf, slurmdbd.conf on the controller, and a generated
# munge key, 0400 owned by munge), cold; "apply-noop" the same apply again
# with nothing to change; "sshprobe" is the transport+executor alone pushing
# exactly the fixed payload the other tools push (tests/tools/sshprobe).
set -u
set -o pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
NS=${BENCH_NS:-"10 50 100"}
RUNS=${BENCH_RUNS:-3}
TOOLS=${BENCH_TOOLS:-"apply apply-noop sshprobe floor pdcp clush ansible"}
CLUSTERCTL=${CLUSTERCTL:-$TOP/clusterctl}
export CLUSTERCTL_LAB=${BENCH_LAB:-/tmp/clusterctl-bench-push-lab}
export LAB_NET=${LAB_NET:-127.0.243}   # not a multiple of 10: lib-lab.sh never picks it
L=$CLUSTERCTL_LAB
export CLUSTERCTL_ALLOW_PATH="$L:${CLUSTERCTL_ALLOW_PATH:-}"	# the inventories' keys live there
LABSH=$TOP/scripts/lab.sh
W=$(mktemp -d /tmp/clusterctl-bench-push.XXXXXX)
CG=

say() { printf 'bench: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

# ------------------------------------------------------------ cpu accounting

cg_setup() {
	local base=/sys/fs/cgroup/cpuacct
	if [ -d "$base" ] && mkdir "$base/clusterctl-bench-$$" 2>/dev/null; then
		CG=$base/clusterctl-bench-$$ CGV=1
	elif [ -f /sys/fs/cgroup/cgroup.controllers ] &&
		mkdir "/sys/fs/cgroup/clusterctl-bench-$$" 2>/dev/null; then
		CG=/sys/fs/cgroup/clusterctl-bench-$$ CGV=2
	else
		say "no writable cgroup: CPU columns will be n/a"
		return 0
	fi
	mkdir "$CG/client" "$CG/server" || die "cannot create cgroups under $CG"
}

# cg_usec GROUP: CPU microseconds used so far by everything in the group
cg_usec() {
	if [ "$CGV" = 1 ]; then
		echo $(( $(cat "$CG/$1/cpuacct.usage") / 1000 ))
	else
		awk '$1 == "usage_usec" { print $2 }' "$CG/$1/cpu.stat"
	fi
}

# cg_kill_leftovers: what the tool left behind (ssh ControlPersist masters)
cg_kill_leftovers() {
	local pid
	[ -n "$CG" ] || return 0
	for pid in $(cat "$CG/client/cgroup.procs"); do kill "$pid" 2>/dev/null; done
	sleep 0.2
	for pid in $(cat "$CG/client/cgroup.procs"); do kill -9 "$pid" 2>/dev/null; done
	return 0
}

cg_teardown() {
	local g pid root
	[ -n "$CG" ] || return 0
	root=$(dirname "$CG")
	for g in client server; do
		for pid in $(cat "$CG/$g/cgroup.procs" 2>/dev/null); do
			echo "$pid" >"$root/cgroup.procs" 2>/dev/null
		done
		rmdir "$CG/$g" 2>/dev/null
	done
	rmdir "$CG" 2>/dev/null
}

# Puts every host's sshd listener (and so every session it forks) in "server".
cg_adopt_servers() {
	local name pid
	[ -n "$CG" ] || return 0
	for name in "${HOSTS[@]}"; do
		pid=$(cat "$L/hosts/$name/run/sshd.pid" 2>/dev/null) || die "no sshd pid for '$name'"
		echo "$pid" >"$CG/server/cgroup.procs" || die "cannot move sshd $pid"
	done
}

cleanup() {
	cg_kill_leftovers
	cg_teardown
	bash "$LABSH" wipe >/dev/null 2>&1
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ------------------------------------------------------------ setup

MAXN=0
for n in $NS; do [ "$n" -gt "$MAXN" ] && MAXN=$n; done
HOSTS=()
for ((i = 1; i <= MAXN; i++)); do HOSTS+=("$(printf 'b%03d' "$i")"); done

setup_payload() {
	local p=$W/payload
	mkdir -p "$p"
	# slurm.conf: 20.9 KB of config-looking text (the size of a real one)
	{
		echo "ClusterName=bench"
		for ((i = 1; i <= 260; i++)); do
			printf 'NodeName=gpu%03d CPUs=64 Boards=1 SocketsPerBoard=2 CoresPerSocket=16 Gres=gpu:a100:4\n' "$i"
		done
	} | head -c 20900 >"$p/slurm.conf"
	for ((i = 1; i <= 16; i++)); do
		printf 'NodeName=gpu[001-260] Name=gpu Type=a100 File=/dev/nvidia%d\n' "$i"
	done | head -c 1024 >"$p/gres.conf"
	printf 'CgroupPlugin=cgroup/v1\nConstrainCores=yes\nConstrainDevices=yes\nConstrainRAMSpace=yes\nConstrainSwapSpace=yes\nAllowedRAMSpace=100\nAllowedSwapSpace=0\nMaxRAMPercent=100\n' | head -c 182 >"$p/cgroup.conf"
	head -c 1024 /dev/urandom >"$p/munge.key"
	chmod 0644 "$p/slurm.conf" "$p/gres.conf" "$p/cgroup.conf"
	chmod 0400 "$p/munge.key"
	(cd "$p" && sha256sum slurm.conf gres.conf cgroup.conf munge.key) >"$W/payload.sha256"
}

setup_ansible() {
	mkdir -p "$W/ansible/cp" "$W/ansible/tmp"
	cat >"$W/ansible/ansible.cfg" <<CFG
[defaults]
forks = 50
host_key_checking = True
gathering = explicit
interpreter_python = /usr/bin/python3
local_tmp = $W/ansible/tmp
retry_files_enabled = False
stdout_callback = default
[ssh_connection]
pipelining = True
ssh_args = -F $L/ssh/config -o ControlMaster=auto -o ControlPersist=60s
control_path_dir = $W/ansible/cp
CFG
	cat >"$W/ansible/push.yml" <<YML
- hosts: all
  gather_facts: false
  tasks:
    - copy: {src: $W/payload/slurm.conf, dest: /etc/slurm/slurm.conf, owner: root, group: root, mode: "0644"}
    - copy: {src: $W/payload/gres.conf, dest: /etc/slurm/gres.conf, owner: root, group: root, mode: "0644"}
    - copy: {src: $W/payload/cgroup.conf, dest: /etc/slurm/cgroup.conf, owner: root, group: root, mode: "0644"}
    - copy: {src: $W/payload/munge.key, dest: /etc/slurm/munge.key, owner: root, group: root, mode: "0400"}
YML
	for n in $NS; do
		printf '%s\n' "${HOSTS[@]:0:n}" >"$W/ansible/hosts-$n.ini"
	done
}

# ------------------------------------------------------------ the tools

# inventory N: inventories/lab.yaml turned into b001 (controller, dbd) and
# b[002-N] (compute) of this lab
make_inventories() {
	local n last
	echo benchpass >"$W/db.pass"
	chmod 0600 "$W/db.pass"
	for n in $NS; do
		last=$(printf '%03d' "$n")
		sed -e "s|/tmp/clusterctl-lab/|$L/|g" \
			-e "s/^  name: lab\$/  name: bench/" \
			-e "s/controller: ctl/controller: b001/" \
			-e "s/accounting_host: ctl/accounting_host: b001/" \
			-e "s/{names: ctl, address: 127\.0\.10\.1,/{names: b001, address: $LAB_NET.1,/" \
			-e "s/gpu\[01-03\]/b[002-$last]/g" \
			-e "s/127\.0\.10\.\[2-4\]/$LAB_NET.[2-$n]/" \
			-e "s/fanout: 16/fanout: 64/" \
			-e "s|password_file: .*|password_file: $W/db.pass|" \
			"$TOP/inventories/lab.yaml" >"$W/inv-$n.yaml"
		"$CLUSTERCTL" validate "$W/inv-$n.yaml" >/dev/null 2>&1 ||
			die "the generated inventory for N=$n does not validate"
	done
}

# Each tool_X N pushes the payload to the first N hosts and returns 0 on success.
tool_apply() {
	"$CLUSTERCTL" apply --only files,munge "$W/inv-$1.yaml" >"$W/last.out"
}

tool_apply_noop() {
	"$CLUSTERCTL" apply --only files,munge "$W/inv-$1.yaml" >"$W/last.out" &&
		grep -q "^apply: nothing to do" "$W/last.out"
}

# The same two rows with another build (CLUSTERCTL_BASE), in the same run:
# before and after a change, under the same load.
tool_apply_base() {
	"$CLUSTERCTL_BASE" apply --only files,munge "$W/inv-$1.yaml" >"$W/last.out"
}

tool_apply_noop_base() {
	"$CLUSTERCTL_BASE" apply --only files,munge "$W/inv-$1.yaml" >"$W/last.out" &&
		grep -q "^apply: nothing to do" "$W/last.out"
}

tool_sshprobe() {
	local p=$W/payload
	"$W/sshprobe" -F "$L/ssh/config" -f 64 \
		-p "$p/slurm.conf=/etc/slurm/slurm.conf,0644,0,0" \
		-p "$p/gres.conf=/etc/slurm/gres.conf,0644,0,0" \
		-p "$p/cgroup.conf=/etc/slurm/cgroup.conf,0644,0,0" \
		-p "$p/munge.key=/etc/slurm/munge.key,0400,0,0" \
		"${HOSTS[@]:0:$1}" >"$W/last.out"
}

# The floor: N x "ssh host true" in parallel, curve25519 (no payload pushed).
tool_floor() {
	printf '%s\n' "${HOSTS[@]:0:$1}" | xargs -P "$1" -I{} \
		ssh -F "$L/ssh/config" -o KexAlgorithms=curve25519-sha256 {} true
}

tool_pdcp() {
	local p=$W/payload list
	list=$(IFS=,; echo "${HOSTS[*]:0:$1}")
	PDSH_SSH_ARGS_APPEND="-F $L/ssh/config" pdcp -R ssh -p -w "$list" \
		"$p/slurm.conf" "$p/gres.conf" "$p/cgroup.conf" "$p/munge.key" /etc/slurm/
}

tool_clush() {
	local p=$W/payload list
	list=$(IFS=,; echo "${HOSTS[*]:0:$1}")
	clush -S -f 64 -o "-F $L/ssh/config" -w "$list" --copy \
		"$p/slurm.conf" "$p/gres.conf" "$p/cgroup.conf" "$p/munge.key" -p --dest /etc/slurm/
}

tool_ansible() {
	ANSIBLE_CONFIG=$W/ansible/ansible.cfg ansible-playbook -i "$W/ansible/hosts-$1.ini" \
		"$W/ansible/push.yml" >"$W/last.out"
}

tool_label() {
	case $1 in
	apply) echo "\`clusterctl apply --only files,munge\` (observe: one script per host; plan, stage all, swap all; its own rendered files + generated munge key; libssh, curve25519), cold" ;;
	apply-noop) echo "\`clusterctl apply --only files,munge\` again, nothing to change (observe + plan only)" ;;
	apply-base) echo "the apply row with \$CLUSTERCTL_BASE (the build before the change), same run" ;;
	apply-noop-base) echo "the apply-noop row with \$CLUSTERCTL_BASE, same run" ;;
	sshprobe) echo "clusterctl's transport+exec alone (tests/tools/sshprobe: stage all 4 files verified, then commit all; libssh, curve25519)" ;;
	floor) echo "N x \`ssh -o KexAlgorithms=curve25519-sha256 host true\`, all in parallel" ;;
	pdcp) echo "pdcp -R ssh -p (fanout 32, default kex)" ;;
	clush) echo "clush --copy 4 files -p (fanout 64, default kex)" ;;
	ansible) echo "ansible-core copy, forks=50, pipelining, ControlPersist (gather_facts false)" ;;
	esac
}

# ------------------------------------------------------------ one run

# clear N: removes the payload from the first N hosts (not timed)
clear_hosts() {
	"$W/sshprobe" -F "$L/ssh/config" -r 'rm -f /etc/slurm/* /etc/slurm/.*clusterctl-* /etc/munge/munge.key*' \
		"${HOSTS[@]:0:$1}" >/dev/null || die "cannot clear the hosts"
}

# verify_apply N: the rendered files are on every host, one munge key, 0400
verify_apply() {
	local n=$1 name f bad=0 ref
	for f in slurm/slurm.conf slurm/gres.conf slurm/cgroup.conf munge/munge.key; do
		ref=$(sha256sum <"$L/hosts/b001/etc/$f" 2>/dev/null) || { say "verify: b001 lacks /etc/$f"; return 1; }
		for name in "${HOSTS[@]:0:n}"; do
			[ "$(sha256sum <"$L/hosts/$name/etc/$f" 2>/dev/null)" = "$ref" ] ||
				{ say "verify: '$name' /etc/$f differs"; bad=1; }
		done
	done
	for name in "${HOSTS[@]:0:n}"; do
		f=$(stat -c '%a %u' "$L/hosts/$name/etc/munge/munge.key")
		[ "$f" = "400 64031" ] || { say "verify: '$name' munge.key is $f"; bad=1; }
	done
	return $bad
}

# verify N: every file byte for byte on every host, munge.key 0400
verify_hosts() {
	local n=$1 name bad=0 f
	for name in "${HOSTS[@]:0:n}"; do
		(cd "$L/hosts/$name/etc/slurm" 2>/dev/null && sha256sum -c --quiet "$W/payload.sha256" >/dev/null 2>&1) ||
			{ say "verify: '$name' lacks the payload"; bad=1; continue; }
		f=$(stat -c %a "$L/hosts/$name/etc/slurm/munge.key")
		[ "$f" = 400 ] || { say "verify: '$name' munge.key mode $f"; bad=1; }
	done
	return $bad
}

# run_once TOOL N: prints "wall_s client_cpu_s server_cpu_s"
run_once() {
	local tool=$1 n=$2 c0=0 s0=0 c1=0 s1=0 t0 t1 rc
	case $tool in
	floor) ;;
	apply-noop*) [ -n "${NOOP_READY[$n]:-}" ] || { tool_apply "$n" && NOOP_READY[$n]=1; } ||
		die "the untimed apply before apply-noop failed" ;;
	*) clear_hosts "$n" ;;
	esac
	sync
	if [ -n "$CG" ]; then c0=$(cg_usec client); s0=$(cg_usec server); fi
	t0=$EPOCHREALTIME
	if [ -n "$CG" ]; then
		# a subshell (it sees HOSTS) that moves itself into the client group
		( echo "$BASHPID" >"$CG/client/cgroup.procs" && "tool_${tool//-/_}" "$n" ) 2>"$W/last.err"
		rc=$?
	else
		"tool_${tool//-/_}" "$n" 2>"$W/last.err"; rc=$?
	fi
	t1=$EPOCHREALTIME
	if [ -n "$CG" ]; then c1=$(cg_usec client); s1=$(cg_usec server); fi
	cg_kill_leftovers
	[ "$rc" = 0 ] || { say "$tool N=$n failed (rc $rc): $(tail -n 3 "$W/last.err" "$W/last.out" 2>/dev/null | tr '\n' ' ')"; return 1; }
	case $tool in
	floor) ;;
	apply*) verify_apply "$n" || { say "$tool N=$n: verification failed"; return 1; } ;;
	*) verify_hosts "$n" || { say "$tool N=$n: verification failed"; return 1; } ;;
	esac
	awk -v t0="$t0" -v t1="$t1" -v c="$((c1 - c0))" -v s="$((s1 - s0))" -v cg="${CG:+1}" \
		'BEGIN { if (cg) printf "%.3f %.3f %.3f\n", t1 - t0, c / 1e6, s / 1e6;
			 else printf "%.3f nan nan\n", t1 - t0 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)] }'; }

# ------------------------------------------------------------ main

[ "$(id -u)" = 0 ] || die "needs root (the lab uses namespaces)"
for b in ssh clush pdcp ansible-playbook; do command -v "$b" >/dev/null || say "missing '$b'"; done
say "work dir $W, lab $L on $LAB_NET.x, hosts ${HOSTS[0]}..${HOSTS[MAXN-1]}"
sh "$TOP/tests/tools/build-sshprobe.sh" "$W/sshprobe" || die "cannot build sshprobe"
declare -A NOOP_READY
setup_payload
setup_ansible
case " $TOOLS " in *" apply"*) make_inventories ;; esac
bash "$LABSH" hosts-up "${HOSTS[@]}" >"$W/lab.log" 2>&1 || die "lab hosts-up failed: $(tail -n 3 "$W/lab.log")"
cg_setup
cg_adopt_servers

RESULTS=$W/results.tsv
: >"$RESULTS"
for n in $NS; do
	for tool in $TOOLS; do
		: >"$W/cell"
		for ((r = 1; r <= RUNS; r++)); do
			run_once "$tool" "$n" >>"$W/cell" || continue
		done
		[ -s "$W/cell" ] || { printf '%s\t%s\tfailed\n' "$tool" "$n" >>"$RESULTS"; continue; }
		wall=$(cut -d' ' -f1 "$W/cell" | median)
		cli=$(cut -d' ' -f2 "$W/cell" | median)
		srv=$(cut -d' ' -f3 "$W/cell" | median)
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$n" "$wall" "$cli" "$srv" "$(wc -l <"$W/cell")" >>"$RESULTS"
		say "$tool N=$n: wall $wall s, client $cli s, server $srv s ($(tr '\n' ' ' <"$W/cell"))"
	done
done

# The table: one row per tool, N columns; x ansible and x pdcp at each N.
{
	echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs."
	echo
	echo "| tool | N | wall s (median of $RUNS) | client CPU s | server CPU s | client ms/host | total CPU ms/host | x faster than ansible | x faster than pdcp |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	awk -F'\t' '
		{ key[NR] = $1 "\t" $2; tool[NR] = $1; n[NR] = $2; w[NR] = $3; c[NR] = $4; s[NR] = $5; wall[$1 "\t" $2] = $3 }
		END {
			for (i = 1; i <= NR; i++) {
				if (w[i] == "failed") { printf "| %s | %s | failed | | | | | | |\n", tool[i], n[i]; continue }
				a = wall["ansible\t" n[i]]; p = wall["pdcp\t" n[i]]
				printf "| %s | %s | %.2f | %.2f | %.2f | %.1f | %.1f | %s | %s |\n", tool[i], n[i], w[i], c[i], s[i],
					c[i] * 1000 / n[i], (c[i] + s[i]) * 1000 / n[i],
					(a != "" && a != "failed") ? sprintf("%.1f", a / w[i]) : "-",
					(p != "" && p != "failed") ? sprintf("%.2f", p / w[i]) : "-"
			}
		}' "$RESULTS"
	echo
	for tool in $TOOLS; do echo "- $tool: $(tool_label "$tool")"; done
} | tee "$W/table.md"
[ -n "${BENCH_OUT:-}" ] && cp "$W/table.md" "$BENCH_OUT"
exit 0
