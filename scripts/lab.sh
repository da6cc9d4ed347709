#!/usr/bin/env bash
# lab.sh - clusterctl's test lab: N "hosts" on this one machine, plus MariaDB.
#
# A host is a process in its own mount + UTS namespace (hostname = its name) with a
# private /etc (an overlay over the machine's /etc without the slurm/munge users and
# with /etc/slurm and /etc/munge empty), private /run, /var/spool, /var/log, /var/lib
# and /root (stock dot files), and its own sshd on 127.0.10.<i>:22. Hosts share the
# network namespace. Everything lives under $LAB; nothing is written to the machine's
# /etc, /var or /run.
#
#   lab.sh hosts-up NAME...      create/start hosts (idempotent; more names add hosts)
#   lab.sh host-stop NAME        kill the host's namespace holder, sshd and daemons
#   lab.sh host-start NAME       bring a stopped host back (same files, same key)
#   lab.sh host-rekey NAME       give the host a new sshd key; known_hosts keeps the
#                                old one (a "changed host key") until host-trust
#   lab.sh host-trust NAME       put the host's current key into known_hosts
#   lab.sh exec NAME CMD...      run CMD inside the host's namespaces
#   lab.sh put NAME SRC DST [MODE [OWNER[:GROUP]]]   copy a file into a host
#   lab.sh add-unix-user NAME UID   add a user (and its group, gid = uid) on every host
#   lab.sh hosts-down            stop every host
#   lab.sh status                hosts and their state (exit 1 if one is down)
#   lab.sh db-up | db-down | db-sql [ARGS...]
#   lab.sh admin-up | admin-down  "the admin's machine": a network of its own
#                                that reaches every lab host's sshd (relayed)
#                                and nothing else, MariaDB included
#                                (scripts/lab-admin.sh); admin-up again after
#                                hosts-up adds hosts
#   lab.sh admin CMD...          run CMD there (e.g. clusterctl through a
#                                database.tunnel)
#   lab.sh ports-free PORT...    exit 1 naming the lab (and the command that
#                                stops it) or process that holds a PORT
#                                (ports this lab holds count as free)
# hosts-up and db-up likewise name whoever holds their addresses or port
# before they start anything.
#   lab.sh env                   exports for tests (eval "$(lab.sh env)")
#   lab.sh inventory FILE        FILE adapted to this lab's Slurm generation
#                                (cluster.slurm_version, database.method), on stdout
#   lab.sh down                  hosts-down + db-down
#   lab.sh wipe                  stop all at once (SIGKILL), then delete $LAB
#   lab.sh gc                    stop hosts and MariaDB of labs whose directory is
#                                gone (tests killed before their trap ran)
#
# Knobs: CLUSTERCTL_LAB (default /tmp/clusterctl-lab), LAB_NET (first three octets of
# the host addresses, default 127.0.10; fixed at the lab's first hosts-up),
# LAB_DB_PORT (3307; fixed at the first db-up), LAB_GENERAL_LOG (1 = MariaDB general query log),
# SLURM_VERSION (22.05, 24.11 or 26.05, default 22.05; fixed at the lab's first
# hosts-up): the Slurm every host runs. 22.05 is the machine's own Debian 12
# packages; 24.11 runs from a Debian 13 root, 26.05 from a Debian testing root
# (scripts/lab-root.sh, made on first use): the hosts see
# that root's /usr (binaries, libraries, Slurm's plugins, sshd) and its
# ld.so.cache, with the same private /etc, /run, /var as with 22.05; the lab's
# MariaDB is that root's too (11.8; 10.11 for 22.05).
# LAB_ACCT_METHOD: database.method that `inventory` writes (default: sql on 22.05;
# sacctmgr on 24.11, the better default there: bench/acct/RESULTS.md, and on
# 26.05, where a handful of changes goes through slurmdbd too; the sql method
# writes 26.05's schema as well, t3000 proves it).
#
# Files: $LAB/ssh/{id_ed25519,known_hosts,config} (client key; each host's key for
# its name and address; Host blocks with strict checking), $LAB/hosts.tsv (name,
# address, holder pid or -), $LAB/hosts/NAME/ (etc = the overlay's upper dir, run,
# var/{spool,log,lib}, root, sshd_config, host key, init.log, holder.pid),
# $LAB/secrets/db.pass, $LAB/slurm-version, $LAB/slurm-root (the root's path, empty
# for 22.05). /tmp is the machine's in every host (the lab lives there).
# exec and put run with a root login's environment, not the caller's. In every
# host /usr/local/sbin/lab-service (scripts/lab-service.sh) drives munged,
# slurmctld, slurmd, slurmdbd and sackd, and /usr/local/sbin/systemctl
# (scripts/lab-systemctl.sh) drives them as systemd's units would ("systemctl
# restart slurmd", "systemctl is-active --quiet munge"; mariadb is the lab's
# MariaDB), so that an inventory with the default service commands works
# unchanged; /etc/hosts lists every lab host.
set -u
set -o pipefail

HERE=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
LAB=${CLUSTERCTL_LAB:-/tmp/clusterctl-lab}
LAB_DB_PORT=${LAB_DB_PORT:-3307}
LAB_GENERAL_LOG=${LAB_GENERAL_LOG:-0}
HOLDER_TAG=clusterctl-lab-host
HOST_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

say() { printf 'lab: %s\n' "$*" >&2; }
die() { printf 'lab: error: %s\n' "$*" >&2; exit 1; }

# ------------------------------------------------------------------ helpers

lab_net() {
	if [ -s "$LAB/net" ]; then cat "$LAB/net"; else echo "${LAB_NET:-127.0.10}"; fi
}

# addr_of INDEX: REPLY = $NET.1 .. $NET.254, then the next /24 (NET = first three
# octets). REPLY-style helpers avoid a fork per host in loops over 100 hosts.
addr_of() {
	local i=$(( $1 - 1 )) a b c
	IFS=. read -r a b c <<<"$NET"
	REPLY="$a.$b.$(( c + i / 254 )).$(( i % 254 + 1 ))"
}

valid_name() { [[ $1 =~ ^[a-z0-9][a-z0-9-]{0,62}$ ]]; }

host_dir() { echo "$LAB/hosts/$1"; }

# host_index NAME: its position in $LAB/hosts.list (1-based), or nothing
host_index() {
	[ -f "$LAB/hosts.list" ] || return 1
	awk -v n="$1" '$1 == n { print NR; found = 1; exit } END { exit !found }' "$LAB/hosts.list"
}

all_hosts() { [ -f "$LAB/hosts.list" ] && cat "$LAB/hosts.list"; return 0; }

# load_index: HOST_INDEX[name] = position in hosts.list (1-based)
declare -A HOST_INDEX
load_index() {
	local name i=0
	HOST_INDEX=()
	while read -r name; do i=$((i + 1)); HOST_INDEX[$name]=$i; done < <(all_hosts)
}

# pid_check PID WANT: PID is alive and its cmdline contains WANT (no forks: this
# runs for every host in loops over 100 hosts)
pid_check() {
	local pid=$1 want=$2 args
	[[ $pid =~ ^[0-9]+$ ]] || return 1
	mapfile -d '' args 2>/dev/null <"/proc/$pid/cmdline" || return 1
	[[ "${args[*]} " == *"$want"* ]]
}

# holder_of NAME: REPLY = the pid of the host's namespace holder, if it runs
holder_of() {
	local f="$LAB/hosts/$1/holder.pid" pid
	REPLY=
	[ -s "$f" ] || return 1
	read -r pid <"$f"
	pid_check "$pid" "$HOLDER_TAG $1 " || return 1
	REPLY=$pid
}

holder_pid() { holder_of "$1" || return 1; echo "$REPLY"; }

# ns_table: "PID MNT-NAMESPACE" for every process, from one find(1)
ns_table() {
	find /proc -mindepth 3 -maxdepth 3 -path '/proc/[0-9]*/ns/mnt' -printf '%p %l\n' 2>/dev/null |
		awk '{ split($1, a, "/"); print a[3], $2 }'
}

# ns_pids PID...: every process that shares the mount namespace of one of the PIDs
ns_pids() {
	local want=() p
	for p; do want+=("$(readlink "/proc/$p/ns/mnt" 2>/dev/null)"); done
	[ ${#want[@]} -gt 0 ] || return 0
	ns_table | awk -v want="${want[*]}" '
		BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) if (w[i] != "") ns[w[i]] = 1 }
		$2 in ns { print $1 }'
}

# ------------------------------------------------------------------ lab-wide files

lab_init() {
	mkdir -p "$LAB/hosts" "$LAB/ssh" "$LAB/secrets" "$LAB/sbin" || die "cannot create $LAB"
	chmod 0755 "$LAB" "$LAB/hosts" "$LAB/sbin"
	chmod 0700 "$LAB/ssh" "$LAB/secrets"
	: >>"$LAB/.clusterctl-lab"
	[ -s "$LAB/net" ] || echo "$NET" >"$LAB/net"
	lab_slurm_root
	[ -f "$LAB/hosts.list" ] || : >"$LAB/hosts.list"
	[ -f "$LAB/unix-users" ] || : >"$LAB/unix-users"
	lab_lock
	if [ ! -s "$LAB/ssh/id_ed25519" ]; then
		ssh-keygen -q -t ed25519 -N '' -C clusterctl-lab -f "$LAB/ssh/id_ed25519" ||
			die "ssh-keygen failed"
	fi
	install -m 0755 "$HERE/lab-service.sh" "$LAB/sbin/lab-service"
	install -m 0755 "$HERE/lab-systemctl.sh" "$LAB/sbin/systemctl"
	printf 'LAB_DIR=%q\nLAB_SCRIPTS=%q\n' "$LAB" "$HERE" >"$LAB/sbin/lab.env"
}

# lab_slurm_version: the lab's Slurm release (fixed at its first hosts-up)
lab_slurm_version() {
	if [ -s "$LAB/slurm-version" ]; then cat "$LAB/slurm-version"; else echo "${SLURM_VERSION:-22.05}"; fi
}

# lab_slurm_root: $LAB/slurm-version and $LAB/slurm-root, the root made when
# missing (shared by all labs; lab-root.sh locks it)
lab_slurm_root() {
	local v root
	v=$(lab_slurm_version)
	if [ -s "$LAB/slurm-version" ] && [ -n "${SLURM_VERSION:-}" ] && [ "$SLURM_VERSION" != "$v" ]; then
		die "this lab runs Slurm $v (SLURM_VERSION=$SLURM_VERSION: wipe it first, or use another CLUSTERCTL_LAB)"
	fi
	root=$(bash "$HERE/lab-root.sh" ensure "$v") || die "no Slurm $v for the lab"
	echo "$v" >"$LAB/slurm-version"
	echo "$root" >"$LAB/slurm-root"
}

# lab_lock: one changing lab.sh per lab at a time (held until this script exits)
lab_lock() {
	[ -n "${LAB_LOCKED:-}" ] && return 0
	exec 9>>"$LAB/.lock"
	flock -w 120 9 || die "another lab.sh holds $LAB/.lock"
	LAB_LOCKED=1
}

# Rewrites ssh config, known_hosts, /etc/hosts for the hosts, and hosts.tsv.
# The hosts file is rewritten in place: it is bind-mounted into every host.
lab_write_client_files() {
	local name i=0 addr key pid
	local cfg="$LAB/ssh/config" kh="$LAB/ssh/known_hosts"
	: >"$cfg.tmp"; : >"$kh.tmp"; : >"$LAB/hosts.tsv.tmp"
	printf '127.0.0.1\tlocalhost\n' >"$LAB/etc-hosts.tmp"
	local ktype kdata
	while read -r name; do
		i=$((i + 1))
		addr_of "$i"; addr=$REPLY
		read -r ktype kdata _ <"$LAB/hosts/$name/trusted_key.pub" 2>/dev/null ||
			read -r ktype kdata _ <"$LAB/hosts/$name/ssh_host_ed25519_key.pub" 2>/dev/null || continue
		key="$ktype $kdata"
		holder_of "$name"; pid=${REPLY:--}
		printf 'Host %s %s\n    HostName %s\n    User root\n    IdentityFile %s\n    IdentitiesOnly yes\n    UserKnownHostsFile %s\n    StrictHostKeyChecking yes\n    BatchMode yes\n\n' \
			"$name" "$addr" "$addr" "$LAB/ssh/id_ed25519" "$LAB/ssh/known_hosts" >&3
		echo "$name,$addr $key" >&4
		printf '%s\t%s\t%s\n' "$name" "$addr" "$pid" >&5
		printf '%s\t%s\n' "$addr" "$name" >&6
	done < <(all_hosts) 3>>"$cfg.tmp" 4>>"$kh.tmp" 5>>"$LAB/hosts.tsv.tmp" 6>>"$LAB/etc-hosts.tmp"
	chmod 0600 "$cfg.tmp" "$kh.tmp"
	mv -f "$cfg.tmp" "$cfg"
	mv -f "$kh.tmp" "$kh"
	mv -f "$LAB/hosts.tsv.tmp" "$LAB/hosts.tsv"
	cat "$LAB/etc-hosts.tmp" >"$LAB/etc-hosts"
	rm -f "$LAB/etc-hosts.tmp"
	chmod 0644 "$LAB/etc-hosts"
}

# ------------------------------------------------------------------ one host

# lab_etc_mode: $LAB/etc-mode = overlay when this kernel and $LAB's filesystem
# take an overlay (one small trial mount), else copy (a 4.7 MB copy of /etc per
# host). LAB_ETC=copy forces the copy.
lab_etc_mode() {
	local d=$LAB/.overlay-probe mode=copy
	if [ "${LAB_ETC:-overlay}" = overlay ]; then
		mkdir -p "$d"/{lower,upper,work,merged}
		unshare --mount --propagation private -- mount -t overlay overlay \
			-o "lowerdir=$d/lower,upperdir=$d/upper,workdir=$d/work" "$d/merged" 2>/dev/null &&
			mode=overlay
		rm -rf "$d"
	fi
	echo "$mode" >"$LAB/etc-mode"
}

# Templates copied into every new host. The overlay's upper dir starts with what
# differs from the machine's /etc: account files without slurm/munge, and
# whiteouts (0/0 char devices) for everything in /etc/slurm and /etc/munge
# (overlay mode; in copy mode these two directories are emptied instead).
lab_templates() {
	local t=$LAB/template f d e
	[ -f "$t/.done" ] && return 0
	lab_etc_mode
	rm -rf "$t"
	mkdir -p "$t/etc" "$t/root/.ssh"
	for f in passwd group shadow gshadow; do
		[ -f "/etc/$f" ] || continue
		grep -Ev '^(slurm|munge):' "/etc/$f" >"$t/etc/$f"
		chmod --reference="/etc/$f" "$t/etc/$f"
		chown --reference="/etc/$f" "$t/etc/$f"
	done
	for d in slurm munge; do
		install -d -m 0755 -o root -g root "$t/etc/$d"
		[ -d "/etc/$d" ] && [ "$(<"$LAB/etc-mode")" = overlay ] || continue
		for e in "/etc/$d"/* "/etc/$d"/.[!.]*; do
			[ -e "$e" ] || [ -L "$e" ] || continue
			mknod "$t/etc/$d/${e##*/}" c 0 0 || die "mknod failed (no overlayfs whiteouts?)"
		done
	done
	cp -a /etc/skel/. "$t/root/"
	install -m 0600 "$LAB/ssh/id_ed25519.pub" "$t/root/.ssh/authorized_keys"
	chown -R root:root "$t/root"
	chmod 0700 "$t/root" "$t/root/.ssh"
	: >"$t/.done"
}

host_write_sshd_config() {
	local h=$1 addr=$2
	cat >"$h/sshd_config" <<EOF
# sshd of lab host $(basename "$h") (written by scripts/lab.sh)
ListenAddress $addr:22
HostKey $h/ssh_host_ed25519_key
PidFile /run/sshd.pid
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
AuthorizedKeysFile .ssh/authorized_keys
MaxStartups 200:30:400
MaxSessions 200
UseDNS no
PrintMotd no
PrintLastLog no
Subsystem sftp internal-sftp
EOF
}

host_prepare() {
	local name=$1 addr=$2 h=$LAB/hosts/$1
	[ -f "$h/.prepared" ] && { host_write_sshd_config "$h" "$addr"; return 0; }
	rm -rf "$h"
	mkdir -p "$h"/{run,var/spool,var/log,var/lib,tmp,.etc-work} || return 1
	chmod 0755 "$h" "$h/run" "$h/var" "$h/var/spool" "$h/var/log" "$h/var/lib"
	chmod 1777 "$h/tmp"
	if [ "$(<"$LAB/etc-mode")" = overlay ]; then
		cp -a "$LAB/template/etc" "$h/" || return 1
	else
		# no whiteouts without an overlay: copy /etc, then empty and patch it
		mkdir "$h/etc" && cp -a /etc/. "$h/etc/" || return 1
		rm -rf "$h/etc/slurm" "$h/etc/munge"
		cp -a "$LAB/template/etc/." "$h/etc/" || return 1
	fi
	cp -a "$LAB/template/root" "$h/" || return 1
	echo "$name" >"$h/etc/hostname"
	ssh-keygen -q -t ed25519 -N '' -C "root@$name" -f "$h/ssh_host_ed25519_key" || return 1
	cp "$h/ssh_host_ed25519_key.pub" "$h/trusted_key.pub"	# what known_hosts says
	host_write_sshd_config "$h" "$addr"
	: >"$h/.prepared"
}

# sshd_alive NAME: the host's sshd (its pid file is in the host's /run)
sshd_alive() {
	local pid
	[ -s "$LAB/hosts/$1/run/sshd.pid" ] || return 1
	pid=$(<"$LAB/hosts/$1/run/sshd.pid")
	pid_check "$pid" "sshd: /usr/sbin/sshd -f $LAB/hosts/$1/sshd_config"
}

host_launch() {
	local name=$1 h=$LAB/hosts/$1
	if holder_of "$name"; then
		sshd_alive "$name" && return 0
		# a running host whose sshd died (killed by a test?): start it again
		nsenter -t "$REPLY" -m -u -- env -i PATH="$HOST_PATH" \
			/usr/sbin/sshd -f "$h/sshd_config" -E /var/log/sshd.log 9>&-
		return 0
	fi
	rm -f "$h/holder.pid"
	# a clean environment: the caller's (SLURM_CONF, ...) must not reach the host;
	# CLUSTERCTL_LAB stays for `lab.sh gc`
	env -i PATH="$HOST_PATH" CLUSTERCTL_LAB="$LAB" LANG=C.UTF-8 \
		setsid unshare --mount --uts --propagation private -- \
		bash "$HERE/lab-host-init.sh" "$LAB" "$name" </dev/null >>"$h/init.log" 2>&1 9>&- &
}

# lab_check_addrs NAME...: no stopped host's address is taken by someone else
lab_check_addrs() {
	local busy name addr
	busy=" $(ss -Hltn 'sport = :22' 2>/dev/null | awk '{ print $4 }' | tr '\n' ' ') "
	for name; do
		holder_of "$name" && continue
		addr_of "${HOST_INDEX[$name]}"; addr=$REPLY
		[[ $busy == *" $addr:22 "* ]] && die "$(held_by "$addr" 22)"
	done
	return 0
}

# lab_of_pid PID: the directory of the lab PID belongs to, if any: a
# MariaDB started from a lab's my.cnf, or a process in a lab host's mount
# namespace (sshd, Slurm's daemons), whose holder carries CLUSTERCTL_LAB
lab_of_pid() {
	local p args lab
	mapfile -d '' args 2>/dev/null <"/proc/$1/cmdline" || return 1
	if [[ ${args[1]:-} == --defaults-file=*/my.cnf ]]; then
		lab=${args[1]#--defaults-file=}; echo "${lab%/my.cnf}"; return 0
	fi
	for p in $(pgrep -f "^$HOLDER_TAG "); do
		[ "/proc/$p/ns/mnt" -ef "/proc/$1/ns/mnt" ] || continue
		tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | sed -n 's/^CLUSTERCTL_LAB=//p'
		return 0
	done
	return 1
}

# held_by ADDR PORT: a message naming what listens on ADDR:PORT (any address
# when ADDR is *), with the command that stops it when that is a lab
held_by() {
	local pid lab what
	pid=$(ss -Hltnp "sport = :$2" 2>/dev/null |
		awk -v a="$1:$2" '$1 == "LISTEN" && ($4 == a || a ~ /^\*:/ || $4 ~ /^(0\.0\.0\.0|\*|\[::\]):/) { print; exit }' |
		sed -n 's/.*pid=\([0-9]*\),.*/\1/p')
	if [ -n "$pid" ] && lab=$(lab_of_pid "$pid") && [ -n "$lab" ] && [ "$lab" != "$LAB" ]; then
		what="the lab $lab holds it ($(tr '\0' ' ' <"/proc/$pid/cmdline" | cut -c1-60)); stop that lab with: CLUSTERCTL_LAB=$lab bash $HERE/lab.sh down"
	elif [ -n "$pid" ]; then
		what="pid $pid holds it ($(tr '\0' ' ' <"/proc/$pid/cmdline" | cut -c1-60)), not a lab of clusterctl"
	else
		what="something holds it"
	fi
	local where="$1:$2"
	[ "$1" != '*' ] || where="port $2"
	echo "$where is in use: $what; or give this lab other addresses and ports (CLUSTERCTL_LAB, LAB_NET, LAB_DB_PORT)"
}

# wait_holder NAME: until its holder.pid names a live holder (10 s)
wait_holder() {
	local i
	for ((i = 0; i < 100; i++)); do
		holder_of "$1" && return 0
		sleep 0.1
	done
	say "host '$1' did not start: $(tail -n 3 "$(host_dir "$1")/init.log" 2>/dev/null)"
	return 1
}

# a real login with the lab's client files (curve25519: OpenSSH's default kex
# costs 8x the CPU); "$1" is the host
SSH_TRUE='ssh -F "$CLUSTERCTL_LAB/ssh/config" -o ConnectTimeout=5 -o KexAlgorithms=curve25519-sha256 "$1" true'
export CLUSTERCTL_LAB=$LAB

# wait_ssh NAME: a real ssh login with strict host key checking (15 s)
wait_ssh() {
	local end=$((SECONDS + 15))
	while ((SECONDS < end)); do
		sh -c "$SSH_TRUE"' </dev/null >/dev/null 2>&1' sh "$1" && return 0
		sleep 0.2
	done
	say "host '$1': ssh login does not work (see $(host_dir "$1")/var/log/sshd.log)"
	return 1
}

# kill_ns PID...: TERM, then KILL after 5 s, every process in the PIDs' mount
# namespaces; KILL at once when LAB_FAST=1 (wipe: nothing of theirs is kept)
kill_ns() {
	local pids i p left sig=TERM
	pids=$(ns_pids "$@")
	[ -n "$pids" ] || return 0
	[ "${LAB_FAST:-0}" = 1 ] && sig=KILL
	kill -$sig $pids 2>/dev/null
	for ((i = 0; i < 50; i++)); do
		left=
		for p in $pids; do [ -d "/proc/$p" ] && left="$left $p"; done
		pids=$left
		[ -n "$pids" ] || return 0
		sleep 0.1
	done
	kill -KILL $pids 2>/dev/null
	sleep 0.2
	return 0
}

# hosts_stop NAME...: stops these hosts (all of their processes) together
hosts_stop() {
	local name pid holders=()
	for name; do
		holder_of "$name" && holders+=("$REPLY")
		rm -f "$LAB/hosts/$name/holder.pid"
	done
	[ ${#holders[@]} -gt 0 ] || return 0
	kill_ns "${holders[@]}"
}

# ------------------------------------------------------------------ commands

cmd_hosts_up() {
	local name rc=0 i
	[ $# -gt 0 ] || die "usage: lab.sh hosts-up NAME..."
	[ "$(id -u)" = 0 ] || die "the lab needs root (mount and UTS namespaces)"
	for name; do valid_name "$name" || die "invalid host name '$name'"; done
	local uniq
	mapfile -t uniq < <(printf '%s\n' "$@" | awk '!seen[$0]++')
	set -- "${uniq[@]}"
	lab_init
	lab_templates
	load_index
	for name; do
		[ -n "${HOST_INDEX[$name]:-}" ] && continue
		echo "$name" >>"$LAB/hosts.list"
		HOST_INDEX[$name]=$(( ${#HOST_INDEX[@]} + 1 ))
	done
	lab_check_addrs "$@"
	local running=0
	for name; do
		addr_of "${HOST_INDEX[$name]}"
		host_prepare "$name" "$REPLY" &
		# four in flight keep both cores busy with ssh-keygen and cp
		running=$((running + 1))
		[ "$running" -ge 4 ] && { wait -n; running=$((running - 1)); }
	done
	wait
	for name; do [ -f "$LAB/hosts/$name/.prepared" ] || die "cannot prepare host '$name'"; done
	lab_write_client_files
	for name; do host_launch "$name"; done
	for name; do wait_holder "$name" || rc=1; done
	lab_sync_unix_users "$@"
	lab_write_client_files
	[ "$rc" = 0 ] || die "some hosts did not start"
	local slow
	slow=$(printf '%s\n' "$@" | xargs -P 16 -n 1 sh -c "$SSH_TRUE"' </dev/null >/dev/null 2>&1 || echo "$1"' sh)
	for name in $slow; do wait_ssh "$name" || rc=1; done
	[ "$rc" = 0 ] || die "ssh to some hosts fails"
	say "$# host(s) up"
}

cmd_host_stop() {
	[ $# = 1 ] || die "usage: lab.sh host-stop NAME"
	host_index "$1" >/dev/null || die "no lab host '$1'"
	lab_lock
	hosts_stop "$1"
	lab_write_client_files
}

cmd_host_start() {
	[ $# = 1 ] || die "usage: lab.sh host-start NAME"
	host_index "$1" >/dev/null || die "no lab host '$1'"
	cmd_hosts_up "$1"
}

cmd_host_rekey() {
	local h
	[ $# = 1 ] || die "usage: lab.sh host-rekey NAME"
	host_index "$1" >/dev/null || die "no lab host '$1'"
	h=$(host_dir "$1")
	lab_lock
	hosts_stop "$1"
	rm -f "$h/ssh_host_ed25519_key" "$h/ssh_host_ed25519_key.pub"
	ssh-keygen -q -t ed25519 -N '' -C "root@$1" -f "$h/ssh_host_ed25519_key" || die "ssh-keygen failed"
	host_launch "$1"
	wait_holder "$1" || die "host '$1' did not restart"
	# known_hosts keeps the trusted (old) key until host-trust
	lab_write_client_files
}

cmd_host_trust() {
	[ $# = 1 ] || die "usage: lab.sh host-trust NAME"
	host_index "$1" >/dev/null || die "no lab host '$1'"
	lab_lock
	cp -f "$LAB/hosts/$1/ssh_host_ed25519_key.pub" "$LAB/hosts/$1/trusted_key.pub"
	lab_write_client_files
}

cmd_exec() {
	local pid
	[ $# -ge 2 ] || die "usage: lab.sh exec NAME CMD..."
	pid=$(holder_pid "$1") || die "lab host '$1' is not running"
	shift
	# the environment of a root login, not the caller's (a SLURM_CONF exported
	# for another Slurm would send the host's clients there)
	exec nsenter -t "$pid" -m -u -- env -i PATH="$HOST_PATH" HOME=/root USER=root \
		LOGNAME=root SHELL=/bin/bash LANG=C.UTF-8 TERM="${TERM:-dumb}" "$@"
}

# put NAME SRC DST [MODE [OWNER[:GROUP]]]: cat keeps it inside the host's namespace
cmd_put() {
	local name=$1 src=$2 dst=$3 mode=${4:-0644} owner=${5:-root:root}
	[ $# -ge 3 ] || die "usage: lab.sh put NAME SRC DST [MODE [OWNER[:GROUP]]]"
	[ -r "$src" ] || die "cannot read '$src'"
	local pid
	pid=$(holder_pid "$name") || die "lab host '$name' is not running"
	nsenter -t "$pid" -m -u -- env -i PATH="$HOST_PATH" sh -c '
		set -e; d=$(dirname "$1"); mkdir -p "$d"
		cat >"$1.lab-put"; chmod "$2" "$1.lab-put"; chown "$3" "$1.lab-put"
		mv -f "$1.lab-put" "$1"' sh "$dst" "$mode" "$owner" <"$src"
}

# add-unix-user NAME UID: like useradd, but on every host (and remembered for
# hosts added later); uid = gid, home /tmp, shell /bin/sh
cmd_add_unix_user() {
	[ $# = 2 ] || die "usage: lab.sh add-unix-user NAME UID"
	valid_name "$1" || die "invalid user name '$1'"
	[[ $2 =~ ^[0-9]+$ ]] || die "invalid uid '$2'"
	lab_init
	awk -v n="$1" '$1 != n' "$LAB/unix-users" >"$LAB/unix-users.tmp"
	echo "$1 $2" >>"$LAB/unix-users.tmp"
	mv -f "$LAB/unix-users.tmp" "$LAB/unix-users"
	local name
	while read -r name; do
		holder_of "$name" || continue
		host_add_unix_user "$name" "$1" "$2" || die "cannot add user '$1' on '$name'"
	done < <(all_hosts)
}

host_add_unix_user() {
	local pid
	pid=$(holder_pid "$1") || return 1
	nsenter -t "$pid" -m -u -- sh -c '
		n=$1 id=$2
		grep -q "^$n:" /etc/group || echo "$n:x:$id:" >>/etc/group
		grep -q "^$n:" /etc/passwd || echo "$n:x:$id:$id::/tmp:/bin/sh" >>/etc/passwd
		if [ -f /etc/shadow ] && ! grep -q "^$n:" /etc/shadow; then echo "$n:*:19000:0:99999:7:::" >>/etc/shadow; fi
		getent passwd "$n" >/dev/null' sh "$2" "$3"
}

lab_sync_unix_users() {
	local name user uid
	[ -s "$LAB/unix-users" ] || return 0
	for name; do
		holder_of "$name" || continue
		while read -r user uid; do
			[ -n "$user" ] || continue
			host_add_unix_user "$name" "$user" "$uid" || say "cannot add user '$user' on '$name'"
		done <"$LAB/unix-users"
	done
}

cmd_hosts_down() {
	[ -f "$LAB/hosts.list" ] || return 0
	lab_lock
	local names
	mapfile -t names < <(all_hosts)
	hosts_stop "${names[@]}"
	lab_write_client_files
}

cmd_status() {
	local name rc=0 pid
	while IFS=$'\t' read -r name addr _; do
		if holder_of "$name"; then
			pid=$REPLY
			printf '%-16s %-15s up (pid %s)\n' "$name" "$addr" "$pid"
		else
			printf '%-16s %-15s down\n' "$name" "$addr"; rc=1
		fi
	done <"$LAB/hosts.tsv" 2>/dev/null
	if pid=$(db_pid); then echo "db: up (pid $pid, port $LAB_DB_PORT)"; else echo "db: down"; fi
	return $rc
}

cmd_env() {
	cat <<EOF
export CLUSTERCTL_LAB=$LAB
export LAB_SSH_CONFIG=$LAB/ssh/config
export LAB_SSH_KEY=$LAB/ssh/id_ed25519
export LAB_KNOWN_HOSTS=$LAB/ssh/known_hosts
export LAB_HOSTS_TSV=$LAB/hosts.tsv
export LAB_DB_PORT=$LAB_DB_PORT
export LAB_DB_SOCKET=$LAB/mysql.sock
export LAB_DB_PASS_FILE=$LAB/secrets/db.pass
export SLURM_VERSION=$(lab_slurm_version)
EOF
}

# inventory FILE: FILE (written for the default lab: inventories/lab.yaml)
# for this lab: its directory, addresses and DB port instead of
# /tmp/clusterctl-lab, 127.0.10.x and 3307, cluster.slurm_version its release,
# database.method LAB_ACCT_METHOD (default per release, see the knobs)
cmd_inventory() {
	local v m
	[ $# = 1 ] && [ -r "$1" ] || die "usage: lab.sh inventory FILE"
	v=$(lab_slurm_version)
	case $v in 22.05) m=${LAB_ACCT_METHOD:-sql} ;; *) m=${LAB_ACCT_METHOD:-sacctmgr} ;; esac
	sed -e "s|/tmp/clusterctl-lab/|$LAB/|g" -e "s|127\.0\.10\.|$NET.|g" \
		-e "s|^\(  *port:  *\)3307 *\$|\1$LAB_DB_PORT|" \
		-e "s|^\(  slurm_version: *\)\"[0-9.]*\"|\1\"$v\"|" \
		-e "s|^\(  method: *\)[a-z]* *\$|\1$m|" "$1"
}

# gc: stops what labs whose directory is gone left running (a test killed with
# SIGKILL cannot run its trap): holders found by their tag, with their
# namespaces, and MariaDB servers started from a lab's my.cnf
cmd_gc() {
	local p lab args holders=() n=0
	for p in /proc/[0-9]*; do
		mapfile -d '' args 2>/dev/null <"$p/cmdline" || continue
		case ${args[0]:-} in
		"$HOLDER_TAG "*)
			lab=$(tr '\0' '\n' <"$p/environ" 2>/dev/null | sed -n 's/^CLUSTERCTL_LAB=//p')
			[ -n "$lab" ] && [ ! -d "$lab" ] && holders+=("${p#/proc/}") ;;
		"$ADMIN_TAG "*)
			# the admin's machine of a lab gone: its relays with it
			lab=${args[0]#"$ADMIN_TAG "}; lab=${lab% anchor}; lab=${lab% }
			[ -n "$lab" ] && [ ! -d "$lab" ] &&
				kill -KILL $(netns_pids "${p#/proc/}") "${p#/proc/}" 2>/dev/null &&
				n=$((n + 1)) ;;
		mariadbd)
			lab=${args[1]:-}
			[[ $lab == --defaults-file=*/my.cnf ]] || continue
			lab=${lab#--defaults-file=}; lab=${lab%/my.cnf}
			[ ! -f "$lab/.clusterctl-lab" ] && [ ! -d "$lab" ] &&
				kill -KILL "${p#/proc/}" 2>/dev/null && n=$((n + 1)) ;;
		esac
	done
	[ ${#holders[@]} -gt 0 ] && LAB_FAST=1 kill_ns "${holders[@]}"
	say "gc: stopped ${#holders[@]} orphaned host(s), $n orphaned MariaDB server(s) and admin processes"
}

# ports-free PORT...: every PORT is free or held by this lab; else the first
# one another holds, and who that is (held_by)
cmd_ports_free() {
	local port pid lab
	for port; do
		pid=$(ss -Hltnp "sport = :$port" 2>/dev/null | sed -n 's/.*pid=\([0-9]*\),.*/\1/p' | head -n 1)
		[ -n "$pid" ] || { ss -Hltn "sport = :$port" 2>/dev/null | grep -q . || continue; }
		[ -n "$pid" ] && lab=$(lab_of_pid "$pid") && [ "$lab" = "$LAB" ] && continue
		die "$(held_by '*' "$port")"
	done
}

cmd_wipe() {
	[ -d "$LAB" ] || return 0
	[ -f "$LAB/.clusterctl-lab" ] || die "refusing to wipe '$LAB': not a lab directory"
	LAB_FAST=1
	admin_down
	cmd_hosts_down
	db_down
	rm -rf -- "$LAB"
}

usage() { sed -n '3,/^set -u/p' "$HERE/lab.sh" | sed -e '/^set -u/d' -e 's/^# \{0,1\}//'; }

# shellcheck source=lab-db.sh
. "$HERE/lab-db.sh"
# shellcheck source=lab-admin.sh
. "$HERE/lab-admin.sh"
db_port_init
NET=$(lab_net)

case "${1:-}" in
hosts-up) shift; cmd_hosts_up "$@" ;;
ports-free) shift; cmd_ports_free "$@" ;;
host-stop) shift; cmd_host_stop "$@" ;;
host-start) shift; cmd_host_start "$@" ;;
host-rekey) shift; cmd_host_rekey "$@" ;;
host-trust) shift; cmd_host_trust "$@" ;;
exec) shift; cmd_exec "$@" ;;
put) shift; cmd_put "$@" ;;
add-unix-user) shift; cmd_add_unix_user "$@" ;;
hosts-down) cmd_hosts_down ;;
gc) cmd_gc ;;
status) cmd_status ;;
db-up) db_up ;;
db-down) db_down ;;
db-sql) shift; db_sql "$@" ;;
admin-up) admin_up ;;
admin-down) admin_down ;;
admin) shift; admin_exec "$@" ;;
env) cmd_env ;;
inventory) shift; cmd_inventory "$@" ;;
down) admin_down; db_down & cmd_hosts_down; wait ;;
wipe) cmd_wipe ;;
help|-h|--help) usage ;;
*) usage >&2; exit 64 ;;
esac
