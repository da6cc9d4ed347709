#!/usr/bin/env bash
# lab-systemctl.sh - systemctl for lab hosts, which have no systemd. lab.sh
# installs it into every host as /usr/local/sbin/systemctl (before /usr/bin
# in root's PATH), so that what a real host's admin or clusterctl's default
# service commands run ("systemctl restart slurmd", "systemctl is-active
# --quiet slurmdbd") drives the lab's daemons:
#
#   systemctl start|stop|restart|try-restart|reload|reload-or-restart UNIT...
#   systemctl is-active [--quiet] UNIT...     active / inactive, exit 0 / 3
#   systemctl status UNIT...                  exit 0 running, 3 stopped, 4 unknown
#   systemctl daemon-reload|enable|disable|is-enabled ...   (no units to load)
#
# UNIT: munge, slurmctld, slurmd, slurmdbd, sackd (lab-service drives them
# the way Debian's units would) and mariadb (the lab's MariaDB, which runs
# outside the hosts: scripts/lab.sh db-up), with or without ".service".
# reload is what Debian's Slurm units do (ExecReload: SIGHUP to the
# daemon); munge and mariadb have none, as there. Exit codes and the words
# is-active prints are systemctl's.
set -u

say() { printf '%s\n' "$*" >&2; }

# lab.env (written by lab.sh beside this file): LAB_DIR, LAB_SCRIPTS
HERE=$(dirname "$(readlink -f "$0")")
# shellcheck source=/dev/null
[ -r "$HERE/lab.env" ] && . "$HERE/lab.env"

unit_name() {
	local u=${1%.service}
	case $u in
	munge|slurmctld|slurmd|slurmdbd|sackd|mariadb) echo "$u" ;;
	mysql) echo mariadb ;;
	*) return 1 ;;
	esac
}

# mariadb_pid: the lab's MariaDB server, when it runs
mariadb_pid() {
	local pid
	[ -n "${LAB_DIR:-}" ] && [ -s "$LAB_DIR/mysqld.pid" ] || return 1
	pid=$(head -n 1 "$LAB_DIR/mysqld.pid" | tr -dc '0-9')
	[ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q mariadbd || return 1
	echo "$pid"
}

# main_pid UNIT: the pid the unit runs as, or nothing (exit 3)
main_pid() {
	local out
	if [ "$1" = mariadb ]; then mariadb_pid; return; fi
	out=$(lab-service "$1" status 2>/dev/null) || return 3
	echo "$out" | sed -n 's/.*(pid \([0-9]*\)).*/\1/p'
}

mariadb_do() { # mariadb_do db-up|db-down
	[ -n "${LAB_SCRIPTS:-}" ] || { say "no lab.env beside $0: cannot drive mariadb"; return 1; }
	CLUSTERCTL_LAB=$LAB_DIR bash "$LAB_SCRIPTS/lab.sh" "$1" >/dev/null
}

# reload UNIT: SIGHUP, as Debian's slurm units' ExecReload; from 23.11 the
# daemon re-executes itself: done once status sees the new one
reload() {
	local pid
	case $1 in
	munge|mariadb)
		say "Failed to reload $1.service: Job type reload is not applicable for unit $1.service."
		return 1 ;;
	esac
	pid=$(main_pid "$1") && [ -n "$pid" ] || { say "$1.service is not active, cannot reload."; return 1; }
	kill -HUP "$pid" || return 1
	sleep 0.2
	lab-service "$1" status >/dev/null
}

act() { # act VERB UNIT
	local verb=$1 u=$2
	case $verb in
	start|stop|restart)
		if [ "$u" = mariadb ]; then
			case $verb in
			start) mariadb_do db-up ;;
			stop) mariadb_do db-down ;;
			restart) mariadb_do db-down && mariadb_do db-up ;;
			esac
		else
			lab-service "$u" "$verb" >/dev/null
		fi ;;
	try-restart) main_pid "$u" >/dev/null || return 0; act restart "$u" ;;
	reload) reload "$u" ;;
	reload-or-restart)
		if main_pid "$u" >/dev/null && [ "$u" != munge ] && [ "$u" != mariadb ]; then
			reload "$u"
		else
			act restart "$u"
		fi ;;
	esac
}

status() { # status UNIT: systemctl status's first lines
	local pid
	if pid=$(main_pid "$1") && [ -n "$pid" ]; then
		printf '* %s.service - %s (lab host)\n     Active: active (running)\n   Main PID: %s (%s)\n' \
			"$1" "$1" "$pid" "$(tr -d '\0' <"/proc/$pid/comm" 2>/dev/null)"
		return 0
	fi
	printf '* %s.service - %s (lab host)\n     Active: inactive (dead)\n' "$1" "$1"
	return 3
}

quiet=false
args=()
for a; do
	case $a in
	-q|--quiet) quiet=true ;;
	--no-pager|--no-block|--full|-l|--no-legend) ;;
	-*) say "lab systemctl: option '$a' is not supported here"; exit 1 ;;
	*) args+=("$a") ;;
	esac
done
set -- "${args[@]}"
[ $# -ge 1 ] || { say "usage: systemctl VERB [UNIT...] (lab host: scripts/lab-systemctl.sh)"; exit 1; }
verb=$1; shift

case $verb in
daemon-reload|enable|disable|mask|unmask|reset-failed) exit 0 ;;
is-enabled) for u; do $quiet || echo enabled; done; exit 0 ;;
start|stop|restart|try-restart|reload|reload-or-restart|is-active|status) ;;
*) say "lab systemctl: '$verb' is not supported here"; exit 1 ;;
esac
[ $# -ge 1 ] || { say "Too few arguments."; exit 1; }

rc=0
for unit; do
	if ! u=$(unit_name "$unit"); then
		case $verb in
		is-active) $quiet || echo inactive; rc=3 ;;
		status) say "Unit ${unit%.service}.service could not be found."; rc=4 ;;
		*) say "Failed to $verb ${unit%.service}.service: Unit ${unit%.service}.service not found."
		   rc=5 ;;
		esac
		continue
	fi
	case $verb in
	is-active)
		if main_pid "$u" >/dev/null; then $quiet || echo active
		else $quiet || echo inactive; rc=3; fi ;;
	status) status "$u" || rc=3 ;;
	*)
		if ! act "$verb" "$u"; then
			say "Job for $u.service failed (lab-service $u: see its log in the host's /var/log)."
			rc=1
		fi ;;
	esac
done
exit $rc
