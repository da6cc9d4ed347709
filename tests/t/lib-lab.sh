# lib-lab.sh: the test lab (scripts/lab.sh) for integration tests. Source it after
# test-lib.sh, then:
#
#   lab_begin                 pick a private lab dir and a free address range, and
#                             install a trap that stops everything the lab started
#                             (hosts, daemons in them, MariaDB) however the test ends
#   lab_hosts_up NAME...      hosts-up, or test_skip_or_die when it cannot
#   lab_db_up                 db-up, or test_skip_or_die
#   lab_admin_up              admin-up (the admin's machine), or test_skip_or_die;
#   lab_admin CMD...          CMD there: a network that reaches only the
#                             hosts' sshd (database.tunnel's tests)
#   lab CMD...                scripts/lab.sh CMD... for this lab
#   lab_exec NAME CMD...      run CMD inside a host (nsenter)
#   lab_ssh NAME CMD...       ssh with the lab's client config (strict host keys)
#   lab_pid_moved H SVC PID   SVC on H runs with another pid than PID
#   lab_inventory IN OUT      copy an inventory with the default lab's paths and
#                             addresses (/tmp/clusterctl-lab, 127.0.10.x, DB port
#                             3307) replaced by this lab's, and its Slurm release
#                             (SLURM_VERSION) and accounting method (lab.sh inventory)
#   lab_slurm_ports INV [N]   moves Slurm's ports (6817 slurmctld, 6819 slurmdbd,
#                             lab.yaml's slurmd ports 6831.., N of them, default
#                             3) in the inventory INV by the first free multiple
#                             of 100 and sets LAB_PORT_SHIFT to it: from 0 in CI
#                             (CLUSTERCTL_TEST_DAEMONS=true), else from a
#                             pid-derived shift, as tests may run side by side
#                             (run.sh's jobs: from their TEST_SLOT, see lab_begin);
#                             from LAB_PORT_SHIFT when the caller sets it (0:
#                             Slurm's own ports when free)
#   lab_state HOST...         file checksums and daemon pids, to compare
#   lab_end                   what the trap runs: wipe the lab (SIGKILL, fast), or
#                             when the test failed stop it cleanly and keep it
#                             (its path is printed)
#
# Every lab lives in /tmp/clusterctl-lab-<test>-<pid> (not in $TRASH: test_done
# removes $TRASH before the EXIT trap runs, and the trap needs the pid files).
# LAB_NET and LAB_DB_PORT may be set by the caller; otherwise 127.0.10 and 3307
# when free, else a free 127.0.N and port derived from the test's pid, so a
# developer's running lab and concurrently running tests do not collide.

LAB_SH="$TOP/scripts/lab.sh"

lab() { bash "$LAB_SH" "$@"; }
lab_exec() { lab exec "$@"; }
# lab_job_done JID: until ctl's sacct shows job JID COMPLETED (30 s)
lab_job_done() {
	i=0
	while [ $i -lt 60 ]; do
		s=$(lab_exec ctl sacct -n -X -P -j "$1" -o State 2>/dev/null)
		[ "$s" = COMPLETED ] && return 0
		sleep 0.5; i=$((i + 1))
	done
	echo "job $1 is '$s', not COMPLETED"
	return 1
}
# lab_idle N: until ctl's sinfo shows N nodes of partition gpu idle (30 s)
lab_idle() {
	i=0
	while [ $i -lt 60 ]; do
		lab_exec ctl sinfo -h -p gpu -o "%D %t" >sinfo 2>&1
		grep -q "^$1 idle\$" sinfo && return 0
		sleep 0.5; i=$((i + 1))
	done
	cat sinfo
	return 1
}
# lab_pid_moved HOST SERVICE PID: lab-service runs SERVICE on HOST with
# another pid than PID (23.11+ re-executes slurmctld/slurmd on reconfigure)
lab_pid_moved() {
	_p=$(lab exec "$1" lab-service "$2" status 2>/dev/null | sed -n 's/.*(pid \([0-9]*\))$/\1/p')
	test -n "$_p" && test "$_p" != "$3"
}
lab_ssh() { ssh -F "$CLUSTERCTL_LAB/ssh/config" -o KexAlgorithms=curve25519-sha256 "$@"; }

# lab_require: root and the binaries the lab needs, else skip (or die in CI)
lab_require() {
	[ "$(id -u)" = 0 ] || test_skip_or_die "the lab needs root"
	for b in unshare nsenter /usr/sbin/sshd ssh ssh-keygen mariadbd mariadb-install-db \
		munged slurmctld slurmd slurmdbd sacctmgr; do
		command -v "$b" >/dev/null 2>&1 || test_skip_or_die "the lab needs '$b'"
	done
	grep -qw overlay /proc/filesystems || test_skip_or_die "the lab needs overlayfs"
}

# _lab_busy N: something listens on 127.0.N.*:22
_lab_busy() { ss -Hltn 2>/dev/null | awk '{ print $4 }' | grep -q "^127\.0\.$1\.[0-9]*:22$"; }

_lab_port_busy() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }

lab_begin() {
	lab_require
	CLUSTERCTL_LAB=/tmp/clusterctl-lab-$test_name-$$
	# the defaults when free (CI), else a spot derived from the pid, so that
	# tests running side by side on a developer's machine rarely collide
	# run.sh's jobs: slot S of N starts at the S-th spot and steps by N
	# spots, so that no two jobs of one run pick the same; outside CI past
	# the defaults, which single tests and a developer's lab try first
	_lb_slot=${TEST_SLOT:-} _lb_step=1
	if [ -n "$_lb_slot" ]; then
		_lb_step=${TEST_SLOTS:-1}
		[ "${CLUSTERCTL_TEST_DAEMONS:-}" = true ] || _lb_slot=$((_lb_slot + _lb_step))
	fi
	if [ -z "${LAB_NET:-}" ]; then
		n=10
		if [ -n "$_lb_slot" ]; then n=$((10 + _lb_slot * 10))
		elif _lab_busy "$n"; then n=$((20 + ($$ % 22) * 10)); fi
		while [ "$n" -lt 250 ] && _lab_busy "$n"; do n=$((n + _lb_step * 10)); done
		LAB_NET=127.0.$n
	fi
	if [ -z "${LAB_DB_PORT:-}" ]; then
		LAB_DB_PORT=3307
		if [ -n "$_lb_slot" ]; then LAB_DB_PORT=$((3307 + _lb_slot * 10))
		elif _lab_port_busy "$LAB_DB_PORT"; then LAB_DB_PORT=$((3317 + ($$ % 97) * 10)); fi
		while _lab_port_busy "$LAB_DB_PORT"; do LAB_DB_PORT=$((LAB_DB_PORT + _lb_step * 10)); done
	fi
	export CLUSTERCTL_LAB LAB_NET LAB_DB_PORT
	trap 'lab_end' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	say "# lab $CLUSTERCTL_LAB on $LAB_NET.x, db port $LAB_DB_PORT"
}

lab_hosts_up() {
	lab hosts-up "$@" >"$TRASH/.lab-hosts-up" 2>&1 ||
		test_skip_or_die "cannot start lab hosts: $(tail -n 3 "$TRASH/.lab-hosts-up" | tr '\n' ' ')"
}

lab_db_up() {
	lab db-up >"$TRASH/.lab-db-up" 2>&1 ||
		test_skip_or_die "cannot start the lab's MariaDB: $(tail -n 3 "$TRASH/.lab-db-up" | tr '\n' ' ')"
}

# lab_admin_up: "the admin's machine" (lab.sh admin-up: a network that
# reaches the hosts' sshd only), or test_skip_or_die; lab_admin CMD... runs
# CMD there
lab_admin_up() {
	command -v socat >/dev/null 2>&1 || test_skip_or_die "the admin's machine needs socat"
	lab admin-up >"$TRASH/.lab-admin-up" 2>&1 ||
		test_skip_or_die "cannot start the admin's machine: $(tail -n 3 "$TRASH/.lab-admin-up" | tr '\n' ' ')"
}
lab_admin() { lab admin "$@"; }

lab_inventory() { lab inventory "$1" >"$2"; }

# lab_pick_port_shift [N]: sets LAB_PORT_SHIFT (a multiple of 100) where Slurm's
# ports and N slurmd ports (default 3) are free, the same way for every test
# (sites included), so that run.sh's jobs never pick the same block
lab_pick_port_shift() {
	# CI runs one test at a time: lab.yaml's own ports. A developer's machine
	# runs tests side by side: start from a pid-derived shift there, so that
	# concurrent test files do not race for the same ports.
	_lp_step=1
	if [ -n "${LAB_PORT_SHIFT:-}" ]; then
		k=$((LAB_PORT_SHIFT / 100))
	elif [ -n "${TEST_SLOT:-}" ]; then
		# run.sh's jobs (see lab_begin): slot 0 gets Slurm's own ports in CI
		_lp_step=${TEST_SLOTS:-1}
		k=$TEST_SLOT
		[ "${CLUSTERCTL_TEST_DAEMONS:-}" = true ] || k=$((k + _lp_step))
	elif [ "${CLUSTERCTL_TEST_DAEMONS:-}" = true ]; then
		k=0
	else
		k=$((1 + $$ % 20))
	fi
	LAB_PORT_SHIFT=0
	while [ "$k" -lt 40 ]; do
		ok=true
		for p in 6817 6819; do _lab_port_busy $((p + k * 100)) && ok=false; done
		i=0
		while [ "$i" -lt "${1:-3}" ]; do
			_lab_port_busy $((6831 + i + k * 100)) && ok=false
			i=$((i + 1))
		done
		$ok && break
		# defaults busy: go on from a pid-derived shift (concurrent tests)
		if [ -n "${TEST_SLOT:-}" ]; then k=$((k + _lp_step))
		elif [ "$k" = 0 ]; then k=$((1 + $$ % 20)); else k=$((k + 1)); fi
	done
	LAB_PORT_SHIFT=$((k * 100))
}

lab_slurm_ports() {
	lab_pick_port_shift "${2:-3}"
	k=$((LAB_PORT_SHIFT / 100))
	[ "$k" = 0 ] && return 0
	LAB_PORT_SHIFT=$((k * 100))
	sed -i -e "s/^cluster:\$/cluster:\\n  slurmctld_port: $((6817 + k * 100))\\n  slurmdbd_port: $((6819 + k * 100))/" \
		-e "s/slurmd_port: 6831/slurmd_port: $((6831 + k * 100))/" "$1"
	say "# Slurm ports moved by $LAB_PORT_SHIFT"
}

# lab_pid_of HOST DAEMON: the daemon's pid as lab-service reports it, or nothing
lab_pid_of() {
	lab_exec "$1" lab-service "$2" status 2>/dev/null | sed -n 's/.*pid \([0-9]*\).*/\1/p'
}

# lab_state HOST...: every file in each host's /etc/slurm and its munge
# key (sha256sum), and the pid of each daemon lab-service drives there, one
# line each: what "nothing changed" compares
lab_state() {
	for _h in "$@"; do
		lab_exec $_h sh -c 'cd /etc && sha256sum slurm/* munge/munge.key 2>/dev/null' | sed "s|^|$_h |" || return 1
		for _d in munge slurmctld slurmdbd slurmd; do
			echo "$_h $_d $(lab_pid_of $_h $_d)"
		done
	done
}

# lab_two_hosts INV: lab.yaml cut to ctl and gpu01 with this lab's Slurm
# ports, written to INV; skips (or dies) when that cannot be done
lab_two_hosts() {
	lab_inventory "$TOP/inventories/lab.yaml" "$1"
	sed -i -e 's/gpu\[01-03\]/gpu01/g' -e "s/\"\\($LAB_NET\\.\\)\\[2-4\\]\"/\\12/" "$1"
	lab_slurm_ports "$1" 1
	grep -q "names: \"gpu01\", addresses: $LAB_NET.2," "$1" ||
		test_skip_or_die "cannot derive a 2-host inventory from lab.yaml"
	"$CLUSTERCTL" validate "$1" >/dev/null 2>&1 ||
		test_skip_or_die "the 2-host inventory does not validate"
}

# lab_begin_two INV: lab_begin, apply's local lock in $TRASH (other tests'
# clusters named "lab" stay apart) and lab_two_hosts INV
lab_begin_two() {
	lab_begin
	XDG_RUNTIME_DIR=$TRASH
	export XDG_RUNTIME_DIR
	lab_two_hosts "$1"
}

lab_end() {
	rc=$?
	trap - EXIT INT TERM
	[ -n "${CLUSTERCTL_LAB:-}" ] && [ -d "$CLUSTERCTL_LAB" ] || exit "$rc"
	if [ "$rc" = 0 ] && [ "${test_failed:-0}" = 0 ]; then
		lab wipe >/dev/null 2>&1		# SIGKILL: nothing is kept anyway
	else
		lab down >/dev/null 2>&1		# daemons shut down cleanly, logs kept
		say "# lab kept in $CLUSTERCTL_LAB (all stopped)"
	fi
	exit "$rc"
}
