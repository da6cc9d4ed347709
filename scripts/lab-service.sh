#!/usr/bin/env bash
# lab-service.sh - start/stop Slurm's and MUNGE's daemons inside a lab host the way
# Debian's packages and systemd units would, without systemd. lab.sh installs it
# into every host as /usr/local/sbin/lab-service.
#
#   lab-service munge|slurmctld|slurmd|slurmdbd|sackd start|stop|restart|reconfigure|status
#
# Config comes from the default places (/etc/slurm/slurm.conf, slurmdbd.conf beside
# it, /etc/munge/munge.key, /run/munge/munge.socket.2). slurmd gets SLURMD_OPTIONS
# from /etc/default/slurmd as Debian's slurmd.service passes them (EnvironmentFile);
# with --conf-server there it fetches its configuration from slurmctld
# (configless) and needs no slurm.conf here: its settings are then read from the
# copy it cached (/run/slurm/conf/slurm.conf) when there is one. Runtime, state and log dirs
# are created owned by the daemon's user (munge when that user exists, else root;
# SlurmUser of slurm.conf/slurmdbd.conf). Daemons run detached (setsid, no tty,
# stdio to a log) with pid files. start waits until the daemon really works and
# fails with the tail of its log otherwise. Exit codes follow LSB: status prints
# "running (pid N)" and exits 0, or exits 3 when stopped.
set -u

SLURM_ETC=/etc/slurm
SLURM_CONF_FILE=$SLURM_ETC/slurm.conf
DBD_CONF_FILE=$SLURM_ETC/slurmdbd.conf
MUNGE_KEY=/etc/munge/munge.key
MUNGE_RUN=/run/munge
unset SLURM_CONF

say() { printf 'lab-service: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

# conf_get FILE KEY DEFAULT: last KEY=value in a Slurm config (keys are
# case-insensitive; a CRLF line's CR is no part of its value, for Slurm either)
conf_get() {
	local v
	v=$(awk -v k="$2" '
		{ sub(/\r$/, ""); sub(/#.*/, "") }
		{
			for (i = 1; i <= NF; i++) {
				eq = index($i, "=")
				if (eq && tolower(substr($i, 1, eq - 1)) == tolower(k)) v = substr($i, eq + 1)
			}
		}
		END { print v }' "$1" 2>/dev/null)
	[ -n "$v" ] && echo "$v" || echo "$3"
}

# node_path PATH: expands Slurm's %n/%h for this host
node_path() { local p=${1//%n/$(hostname)}; echo "${p//%h/$(hostname)}"; }

# pid_alive PIDFILE NAME -> prints the pid. Only the first line counts, as
# with Slurm's own read_pidfile: a 23.11+ daemon re-executed by "scontrol
# reconfigure" rewrites the file it inherited without truncating it, so a
# shorter new pid ("732\n" over "30926\n") leaves the old tail behind
# ("732\n6\n"), which a reader of every digit took for pid 7326: "stopped".
pid_alive() {
	local pid
	[ -s "$1" ] || return 1
	pid=$(head -n 1 "$1" | tr -dc '0-9')
	[ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
	tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2" || return 1
	echo "$pid"
}

# own_dir DIR USER MODE: mkdir -p, then chown/chmod the last component only;
# shared system directories (a log file straight in /var/log) are left alone
own_dir() {
	mkdir -p "$1" || return 1
	case ${1%/} in
	''|/|/etc|/run|/tmp|/var|/var/log|/var/lib|/var/spool|/var/run|/usr|/root) return 0 ;;
	esac
	chown "$2:" "$1" 2>/dev/null || chown "$2" "$1"
	chmod "$3" "$1"
}

user_exists() { getent passwd "$1" >/dev/null; }

wait_until() { # wait_until SECONDS CMD...
	local end=$((SECONDS + $1)); shift
	while ((SECONDS < end)); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.2
	done
	return 1
}

stop_pidfile() { # stop_pidfile PIDFILE NAME
	local pid i
	pid=$(pid_alive "$1" "$2") || { rm -f "$1"; return 0; }
	kill -TERM "$pid"
	for ((i = 0; i < 150; i++)); do
		[ -d "/proc/$pid" ] || { rm -f "$1"; return 0; }
		sleep 0.2
	done
	say "$2 (pid $pid) ignored SIGTERM for 30 s, sending SIGKILL"
	kill -KILL "$pid"
	sleep 0.2
	rm -f "$1"
}

# up_or_gone NAME CHECK...: CHECK succeeds, or no process NAME has run in
# this host at two checks in a row (GONE counts them): it exited, and
# waiting longer would show nothing new
up_or_gone() {
	local name=$1; shift
	"$@" && return 0
	if [ -z "$(this_host_pids "$name")" ]; then GONE=$((GONE + 1)); else GONE=0; fi
	[ "$GONE" -ge 2 ]
}

started_or_fail() { # started_or_fail NAME LOG CHECK...
	local name=$1 log=$2; shift 2
	GONE=0
	wait_until 60 up_or_gone "$name" "$@" && [ "$GONE" -lt 2 ] && return 0
	local why=
	[ "$GONE" -lt 2 ] || why=" (it exited)"
	say "$name did not come up$why; last lines of $log:"
	tail -n 20 "$log" >&2 2>/dev/null
	exit 1
}

# spawn NAME LOG CHECK...: start /usr/sbin/NAME detached (its stdio appended
# to /var/log/NAME.out), then wait until CHECK... succeeds (started_or_fail)
spawn() {
	local name=$1 log=$2
	setsid "/usr/sbin/$name" </dev/null >>"/var/log/$name.out" 2>&1 ||
		{ tail -n 20 "$log" "/var/log/$name.out" >&2 2>/dev/null; fail "$name did not start"; }
	started_or_fail "$@"
}

# listening PIDFILE NAME: the daemon runs and listens on a TCP port
listening() {
	local pid
	pid=$(pid_alive "$1" "$2") || return 1
	ss -Hltnp 2>/dev/null | grep -q "pid=$pid,"
}

# ------------------------------------------------------------------ munge

munge_user() { if user_exists munge; then echo munge; else echo root; fi; }
munge_pidfile() { echo "$MUNGE_RUN/munged.pid"; }
munge_round_trip() { munge -n | unmunge; }

munge_start() {
	local u
	u=$(munge_user)
	[ -s "$MUNGE_KEY" ] || fail "no munge key at $MUNGE_KEY"
	pid_alive "$(munge_pidfile)" munged >/dev/null && return 0
	own_dir "$MUNGE_RUN" "$u" 0755      # munged needs o+x on its socket dir
	own_dir /var/log/munge "$u" 0700
	own_dir /var/lib/munge "$u" 0700
	rm -f "$MUNGE_RUN/munge.socket.2" "$MUNGE_RUN/munge.socket.2.lock"
	setsid runuser -u "$u" -- /usr/sbin/munged </dev/null >>/var/log/munge/munged.out 2>&1 ||
		{ tail -n 5 /var/log/munge/munged.log /var/log/munge/munged.out >&2 2>/dev/null
		  fail "munged did not start"; }
	started_or_fail munged /var/log/munge/munged.log munge_round_trip
}

munge_stop() { stop_pidfile "$(munge_pidfile)" munged; }

# ------------------------------------------------------------------ slurmctld / slurmd

slurm_user() { conf_get "$1" SlurmUser root; }

ctld_pidfile() { conf_get "$SLURM_CONF_FILE" SlurmctldPidFile /run/slurmctld.pid; }
ctld_logfile() { conf_get "$SLURM_CONF_FILE" SlurmctldLogFile /var/log/slurm/slurmctld.log; }
ctld_ping() { scontrol ping | grep -q 'is UP'; }

ctld_start() {
	local u state log
	[ -r "$SLURM_CONF_FILE" ] || fail "no $SLURM_CONF_FILE"
	settled_pid "$(ctld_pidfile)" slurmctld >/dev/null && return 0
	[ -z "$(this_host_pids slurmctld)" ] || ctld_stop	# one the pid file lost
	u=$(slurm_user "$SLURM_CONF_FILE")
	state=$(conf_get "$SLURM_CONF_FILE" StateSaveLocation /var/spool/slurmctld)
	log=$(ctld_logfile)
	own_dir "$state" "$u" 0755
	own_dir "$(dirname "$log")" "$u" 0755
	mkdir -p "$(dirname "$(ctld_pidfile)")"
	spawn slurmctld "$log" ctld_ping
}

# this_host_pids NAME: the live processes called NAME in this host's mount
# namespace (lab hosts share one pid namespace)
this_host_pids() {
	local p st
	# -ef (same device and inode) is a builtin: no process per pid, which a
	# lab of 100 hosts, each asking about 100 slurmd, would pay many times
	for p in $(pgrep -x "$1"); do
		[ "/proc/$p/ns/mnt" -ef /proc/self/ns/mnt ] || continue
		read -r _ _ st _ <"/proc/$p/stat" 2>/dev/null && [ "$st" != Z ] && echo "$p"
	done
}

# settled_pid PIDFILE NAME: pid_alive, once no re-execution is under way.
# From 23.11 "scontrol reconfigure" makes slurmctld and every slurmd start a
# new process of themselves that writes the pid file only once it runs,
# after the old one left: a process of NAME that the pid file does not name
# is such a new one (or the old one leaving). Up to 10 s for the file to
# catch up, so that status never calls a re-executing daemon stopped and
# start never starts a second one beside it (its ports are taken).
settled_pid() {
	local pid i
	for ((i = 0; i < 50; i++)); do
		pid=$(pid_alive "$1" "$2")
		this_host_pids "$2" | grep -qvx "${pid:-0}" || break
		sleep 0.2
	done
	[ -n "$pid" ] && echo "$pid"
}

# A 23.11+ slurmctld re-executed by "scontrol reconfigure" writes the pid file
# only once it runs: any slurmctld of this host goes too, or the next start
# finds its ports taken.
ctld_stop() { stop_this_host slurmctld "$(ctld_pidfile)"; }

# stop_this_host NAME PIDFILE: the daemon of the pid file, then any other NAME
# of this host (one re-executed by a reconfigure and not yet in the pid file)
# (again every second: a re-execution under way may start one after the
# first round)
stop_this_host() {
	local p i
	stop_pidfile "$2" "$1"
	for ((i = 0; i < 150; i++)); do
		[ -z "$(this_host_pids "$1")" ] && return 0
		if ((i % 5 == 0)); then
			for p in $(this_host_pids "$1"); do kill -TERM "$p" 2>/dev/null; done
		fi
		sleep 0.2
	done
	for p in $(this_host_pids "$1"); do kill -KILL "$p" 2>/dev/null; done
	return 0
}

SLURMD_DEFAULTS=/etc/default/slurmd
SLURMD_CACHED_CONF=/run/slurm/conf/slurm.conf

# env_file_value FILE KEY: KEY's value in FILE, read the way systemd reads an
# EnvironmentFile (KEY=value lines, optionally quoted; nothing run)
env_file_value() {
	[ -r "$1" ] || return 0
	sed -n "s/^[[:space:]]*$2=//p" "$1" | tail -n 1 |
		sed -e 's/^"\(.*\)"[[:space:]]*$/\1/' -e "s/^'\(.*\)'[[:space:]]*\$/\1/"
}

slurmd_options() { env_file_value "$SLURMD_DEFAULTS" SLURMD_OPTIONS; }

# slurmd_conf: the slurm.conf slurmd runs from: the local one, else its cache
slurmd_conf() {
	if [ -r "$SLURM_CONF_FILE" ]; then echo "$SLURM_CONF_FILE"; else echo "$SLURMD_CACHED_CONF"; fi
}

slurmd_pidfile() { node_path "$(conf_get "$(slurmd_conf)" SlurmdPidFile /run/slurmd.pid)"; }
slurmd_logfile() { node_path "$(conf_get "$(slurmd_conf)" SlurmdLogFile /var/log/slurm/slurmd.log)"; }

slurmd_start() {
	local spool log opts
	opts=$(slurmd_options)
	case " $opts " in
	*" --conf-server "*|*" --conf-server="*) ;;
	*) [ -r "$SLURM_CONF_FILE" ] || fail "no $SLURM_CONF_FILE" ;;
	esac
	settled_pid "$(slurmd_pidfile)" slurmd >/dev/null && return 0
	[ -z "$(this_host_pids slurmd)" ] || slurmd_stop	# one the pid file lost
	spool=$(node_path "$(conf_get "$(slurmd_conf)" SlurmdSpoolDir /var/spool/slurmd)")
	log=$(slurmd_logfile)
	own_dir "$spool" root 0755
	# what Debian's slurmd package ships: a slurmd that fetches its
	# configuration knows its SlurmdSpoolDir only once it runs
	mkdir -p "$(dirname "$log")" "$(dirname "$(slurmd_pidfile)")" /var/log/slurm \
		/var/lib/slurm/slurmd
	# the node is up when slurmd listens on its port (the pid file and the
	# log may be named only by the configuration it fetches: re-read them)
	# shellcheck disable=SC2086 # SLURMD_OPTIONS is word-split, as by systemd
	setsid /usr/sbin/slurmd $opts </dev/null >>/var/log/slurmd.out 2>&1 ||
		{ tail -n 20 "$log" /var/log/slurmd.out >&2 2>/dev/null; fail "slurmd did not start"; }
	started_or_fail slurmd "$log" slurmd_listening
}

slurmd_listening() { listening "$(slurmd_pidfile)" slurmd; }

# 24.11: a "scontrol reconfigure" just before (configless: slurmctld pushes it
# to every slurmd) leaves a re-executed slurmd that holds the port
slurmd_stop() { stop_this_host slurmd "$(slurmd_pidfile)"; }

# ------------------------------------------------------------------ sackd
# sackd (23.11+) on a login host without slurmd: fetches the configuration
# with --conf-server (SACKD_OPTIONS of /etc/default/sackd, as Debian's
# sackd.service passes them) into /run/slurm/conf, where the client commands
# find it. It writes no pid file, stays in the foreground (setsid and & here,
# as systemd would hold it) and re-executes itself on every reconfigure that
# slurmctld pushes to it, under a new pid: the live sackd of this host is
# whatever this_host_pids finds. It runs as slurm, as Debian's sackd.service
# has it (User=slurm): slurmctld addresses its pushes (25.05+) to SlurmUser,
# and a sackd of another uid cannot read them. slurmctld sends them to the
# port sackd registered, by default SlurmdPort; the lab's hosts share one
# network, where a slurmd already holds that, so each sackd here listens on
# a free port of its own (SACKD_PORT; sackd_port).

SACKD_DEFAULTS=/etc/default/sackd
SACKD_CACHE=/run/slurm/conf

sackd_pid() { this_host_pids sackd | head -n 1; }
sackd_ready() { [ -n "$(sackd_pid)" ] && [ -s "$SACKD_CACHE/slurm.conf" ]; }

# sackd_port: a port no process listens on, from one derived from this
# host's address (so that the lab's login hosts rarely try the same)
sackd_port() {
	local a b c d p
	IFS=. read -r a b c d <<<"$(getent hosts "$(hostname)" | awk '{ print $1; exit }')"
	p=$((40000 + (${c:-0} % 100) * 250 + ${d:-0}))
	while ss -Hltn "sport = :$p" 2>/dev/null | grep -q .; do p=$((p + 1)); done
	echo "$p"
}

sackd_start() {
	local opts user=root
	opts=$(env_file_value "$SACKD_DEFAULTS" SACKD_OPTIONS)
	[ -n "$(sackd_pid)" ] && return 0
	user_exists slurm && user=slurm
	# what the last sackd fetched must not pass for what this one fetched
	rm -rf "$SACKD_CACHE"
	mkdir -p /run/slurm
	chown "$user:" /run/slurm
	# SACKD_PORT: the port 25.05+ registers for pushes (24.11 reads no such thing)
	# shellcheck disable=SC2086 # SACKD_OPTIONS is word-split, as by systemd
	SACKD_PORT=$(sackd_port) setsid setpriv --reuid="$user" --regid="$user" --init-groups \
		/usr/sbin/sackd $opts </dev/null >>/var/log/sackd.out 2>&1 &
	started_or_fail sackd /var/log/sackd.out sackd_ready
}

sackd_stop() { stop_this_host sackd /run/sackd.pid; }

sackd_status() {
	local pid
	pid=$(sackd_pid)
	[ -n "$pid" ] && { echo "sackd running (pid $pid)"; return 0; }
	echo "sackd stopped"
	return 3
}

# ------------------------------------------------------------------ slurmdbd

dbd_pidfile() { conf_get "$DBD_CONF_FILE" PidFile /run/slurmdbd.pid; }
dbd_logfile() { conf_get "$DBD_CONF_FILE" LogFile /var/log/slurm/slurmdbd.log; }

dbd_start() {
	local u log
	[ -r "$DBD_CONF_FILE" ] || fail "no $DBD_CONF_FILE"
	pid_alive "$(dbd_pidfile)" slurmdbd >/dev/null && return 0
	u=$(slurm_user "$DBD_CONF_FILE")
	log=$(dbd_logfile)
	own_dir "$(dirname "$log")" "$u" 0755
	mkdir -p "$(dirname "$(dbd_pidfile)")"
	spawn slurmdbd "$log" listening "$(dbd_pidfile)" slurmdbd
}

dbd_stop() { stop_pidfile "$(dbd_pidfile)" slurmdbd; }

# ------------------------------------------------------------------ dispatch

service_status() { # service_status PIDFILE NAME
	local pid
	if pid=$(settled_pid "$1" "$2"); then echo "$2 running (pid $pid)"; return 0; fi
	echo "$2 stopped"
	return 3
}

run() { # run SERVICE VERB
	local s=$1 verb=$2 pf name
	case $s in
	munge) pf=$(munge_pidfile); name=munged ;;
	slurmctld) pf=$(ctld_pidfile); name=slurmctld ;;
	slurmd) pf=$(slurmd_pidfile); name=slurmd ;;
	slurmdbd) pf=$(dbd_pidfile); name=slurmdbd ;;
	sackd) [ "$verb" = status ] && { sackd_status; return; } ;;
	*) say "unknown service '$s' (munge slurmctld slurmd slurmdbd sackd)"; exit 64 ;;
	esac
	local fn=${s/slurmctld/ctld}; fn=${fn/slurmdbd/dbd}
	case $verb in
	start) "${fn}_start" ;;
	stop) "${fn}_stop" ;;
	restart) "${fn}_stop"; "${fn}_start" ;;
	status) service_status "$pf" "$name" ;;
	reconfigure)
		case $s in
		slurmctld|slurmd) pid_alive "$pf" "$name" >/dev/null || fail "$name is not running"
			scontrol reconfigure || exit
			# 23.11+: done once the new process runs (settled_pid)
			settled_pid "$pf" "$name" >/dev/null ||
				fail "$name is not running after the reconfigure" ;;
		*) "${fn}_stop"; "${fn}_start" ;;
		esac ;;
	*) say "unknown action '$verb' (start stop restart reconfigure status)"; exit 64 ;;
	esac
}

[ $# = 2 ] || { say "usage: lab-service munge|slurmctld|slurmd|slurmdbd|sackd start|stop|restart|reconfigure|status"; exit 64; }
run "$1" "$2"
