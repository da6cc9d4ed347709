# lab-admin.sh - "the admin's machine" for the lab, sourced by lab.sh
# (admin-up, admin-down, admin).
#
# Lab hosts share this machine's network, where the lab's MariaDB listens
# on 127.0.0.1: anything run here reaches it. A real site's MariaDB is
# reached from the cluster's hosts only, not from where an admin runs
# clusterctl. The admin's machine is a network namespace of its own (only
# loopback, up) in which every lab host's SSH address (127.0.N.i:22) is
# relayed to that host's sshd (socat, one nsenter per connection back into
# this machine's network) and nothing else is reachable: no MariaDB, no
# Slurm daemon. `lab.sh admin CMD...` runs CMD there (the caller's
# environment and files; only the network differs).
#
# Processes: an anchor (`clusterctl-lab-admin LAB anchor`, in this
# machine's network: the relays enter its namespace), the namespace's
# holder (`clusterctl-lab-admin LAB`) and one relay per host in it.
# $LAB/admin.pids holds the anchor's and the holder's pids.

ADMIN_TAG=clusterctl-lab-admin

# admin_pids: REPLY_ANCHOR, REPLY_HOLDER of this lab's admin, when both run
admin_pids() {
	local a h
	REPLY_ANCHOR= REPLY_HOLDER=
	[ -s "$LAB/admin.pids" ] || return 1
	read -r a h <"$LAB/admin.pids"
	pid_check "$a" "$ADMIN_TAG $LAB anchor" || return 1
	pid_check "$h" "$ADMIN_TAG $LAB " || return 1
	REPLY_ANCHOR=$a REPLY_HOLDER=$h
}

# netns_pids PID: every process in PID's network namespace; none when that
# is this machine's (never everything)
netns_pids() {
	local p want
	want=$(readlink "/proc/$1/ns/net" 2>/dev/null) || return 0
	[ "$want" != "$(readlink /proc/self/ns/net)" ] || return 0
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/ns/net" 2>/dev/null)" = "$want" ] && echo "${p#/proc/}"
	done
}

admin_down() {
	local pids a h
	if [ -s "$LAB/admin.pids" ]; then
		read -r a h <"$LAB/admin.pids"
		pids=
		pid_check "$h" "$ADMIN_TAG $LAB " && pids=$(netns_pids "$h")
		pid_check "$a" "$ADMIN_TAG $LAB anchor" && pids="$pids $a"
		# shellcheck disable=SC2086 # a list of pids
		[ -n "${pids// /}" ] && kill -KILL $pids 2>/dev/null
	fi
	rm -f "$LAB/admin.pids"
	return 0
}

# admin_relay HOLDER ANCHOR ADDR: ADDR:22 in the admin's network carried to
# ADDR:22 in this machine's
admin_relay() {
	nsenter --net="/proc/$1/ns/net" -- setsid socat \
		"TCP-LISTEN:22,bind=$3,fork,reuseaddr" \
		"SYSTEM:exec nsenter --net=/proc/$2/ns/net -- socat - TCP\\:$3\\:22" \
		</dev/null >>"$LAB/log/admin-relay.log" 2>&1 9>&- &
}

# admin_up: (re)starts the admin's machine with a relay for every lab host
admin_up() {
	local a h i name addr
	command -v socat >/dev/null || die "admin-up needs socat"
	[ -s "$LAB/hosts.tsv" ] || die "admin-up: no lab hosts (hosts-up first)"
	lab_lock
	admin_down
	mkdir -p "$LAB/log"
	setsid bash -c "exec -a '$ADMIN_TAG $LAB anchor' sleep infinity" </dev/null >/dev/null 2>&1 9>&- &
	a=$!
	setsid unshare --net -- bash -c "ip link set lo up && exec -a '$ADMIN_TAG $LAB ' sleep infinity" \
		</dev/null >>"$LAB/log/admin-relay.log" 2>&1 9>&- &
	h=$!
	for ((i = 0; i < 50; i++)); do
		pid_check "$a" "$ADMIN_TAG $LAB anchor" && pid_check "$h" "$ADMIN_TAG $LAB " &&
			[ "$(readlink "/proc/$h/ns/net")" != "$(readlink /proc/self/ns/net)" ] && break
		sleep 0.1
	done
	echo "$a $h" >"$LAB/admin.pids"
	admin_pids || die "the admin's machine did not start"
	while IFS=$'\t' read -r name addr _; do
		admin_relay "$h" "$a" "$addr"
	done <"$LAB/hosts.tsv"
	# until every relay listens
	for ((i = 0; i < 50; i++)); do
		[ "$(nsenter --net="/proc/$h/ns/net" ss -Hltn 'sport = :22' | wc -l)" -ge \
			"$(wc -l <"$LAB/hosts.tsv")" ] && { say "the admin's machine is up"; return 0; }
		sleep 0.1
	done
	die "the admin's machine: relays did not start (see $LAB/log/admin-relay.log)"
}

# admin CMD...: CMD in the admin's machine's network
admin_exec() {
	[ $# -ge 1 ] || die "usage: lab.sh admin CMD..."
	admin_pids || die "the admin's machine is not up (lab.sh admin-up)"
	exec nsenter --net="/proc/$REPLY_HOLDER/ns/net" -- "$@"
}
